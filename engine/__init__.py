"""The pinochle rules engine: every variant of docs/rules.md, pure Python.

>>> import engine
>>> rules = engine.preset("partnership_auction", min_bid=300)
>>> hand = engine.parse_cards("AH TH KH QH JH QS JD")
>>> str(hand[0])
'AH'
>>> engine.score_meld(hand, trump="H", rules=rules).total
190
>>> engine.format_cards(engine.legal_plays(hand, trick=engine.parse_cards("KS"), trump="H", rules=rules))
'QS'
>>> game = engine.new_game(rules, seed=7)
>>> game.phase, game.to_act, len(game.legal_actions()) > 1
(<Phase.BIDDING: 'bidding'>, 0, True)
>>> game.is_legal(engine.Bid(300)), game.is_legal(engine.Bid(300.0)), game.is_legal(engine.Bid(300), seat=1)
(True, False, False)
>>> game.apply(engine.Bid(300.0))
Traceback (most recent call last):
...
engine.game.IllegalAction: bid 300.0 is not allowed now: seat 0 is to act in the bidding phase
>>> game.apply(engine.Bid(300), seat=0)
[BidMade(seat=0, amount=300, stuck=False)]

:meth:`Game.apply` takes only exactly one of ``legal_actions()`` (the same class, fields of the same
types), for the seat to act (``seat=``, when given, must be that seat); it refuses anything else with
:class:`IllegalAction` and leaves the game as it was. ``new_game`` and ``Game.for_deal`` refuse a
seed that is not a whole number from 0 and a deal that is not the variant's deck with ``ValueError``.

The pieces: :mod:`engine.cards` (cards and notation), :mod:`engine.rules` (rule sets as data),
:mod:`engine.meld` and :mod:`engine.table_meld` (meld), :mod:`engine.play` (who may play what,
counting), :mod:`engine.game` (the state machine, its phases in :mod:`engine.phases`),
:mod:`engine.observation` (one seat's view), :mod:`engine.hand_record` and :mod:`engine.record` (hand
records), :mod:`engine.save` (saved games), :mod:`engine.rules_help` (the rules text of a rule set),
:mod:`engine.sim` and :mod:`engine.bench` (command lines); the computer players are :mod:`engine.ai`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.actions import (
    Action,
    Bid,
    Bury,
    CallRedeal,
    DeclareOut,
    DrawChoice,
    ExchangeDix,
    LayMeld,
    NameTrump,
    NoMeld,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ThrowIn,
    action_from_text,
)
from engine.cards import Card, CardError, format_cards, parse_card, parse_cards, parse_suit, sort_hand
from engine.events import Event, EventKind
from engine.game import Game, IllegalAction, Phase, new_game
from engine.meld import Meld, MeldScore, meld_by_trump, meld_total
from engine.meld import score_meld as _score_meld
from engine.observation import Observation, observe
from engine.play import legal_plays as _legal_plays
from engine.play import trick_winner
from engine.record import RecordError, check_record, read_records, write_records
from engine.rules import OPTIONS, PRESET_HELP, PRESETS, Rules, RulesError, TrumpBy, preset, preset_help
from engine.rules_help import rules_help
from engine.save import SaveError, game_from_dict, game_to_dict

__version__ = "0.1.0"


def _suit(trump: int | str) -> int:
    return parse_suit(trump) if isinstance(trump, str) else trump


def score_meld(hand: Iterable[int], trump: int | str, rules: Rules | None = None) -> MeldScore:
    """The best meld of ``hand`` with ``trump`` (a suit letter or number) under ``rules``."""
    return _score_meld(hand, _suit(trump), rules or preset())


def legal_plays(hand: Sequence[int], trick: Sequence[int] = (), trump: int | str = 0, rules: Rules | None = None,
                free: bool = False) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, leader first)."""
    return _legal_plays(hand, trick, _suit(trump), rules or preset(), free)


__all__ = [
    "Action", "Bid", "Bury", "CallRedeal", "Card", "CardError", "DeclareOut", "DrawChoice", "Event", "EventKind",
    "ExchangeDix", "Game", "IllegalAction", "LayMeld", "Meld", "MeldScore", "NameTrump", "NoMeld", "OPTIONS",
    "Observation", "PRESETS", "Phase", "PRESET_HELP", "Pass", "PassCards", "Play", "PlayOn", "RecordError", "Rules",
    "RulesError", "SaveError", "ThrowIn", "TrumpBy", "action_from_text", "check_record", "format_cards",
    "game_from_dict", "game_to_dict", "legal_plays", "meld_by_trump", "meld_total", "new_game", "observe",
    "parse_card", "parse_cards", "parse_suit", "preset", "preset_help", "read_records", "rules_help", "score_meld",
    "sort_hand", "trick_winner", "write_records",
]
