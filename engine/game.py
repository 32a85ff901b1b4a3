"""A game of pinochle as a state machine: whose turn it is, what they may do, what happens.

>>> import random
>>> from engine.rules import preset
>>> game = new_game(preset("partnership_auction"), seed=7)
>>> game.phase, game.to_act
('bidding', 0)
>>> rng = random.Random(1)
>>> while not game.is_over and game.hand_number == 1:
...     _ = game.apply(rng.choice(game.legal_actions()))
>>> len(game.hand_records), game.hand_records[0]["seed"]
(1, 7)

Every decision belongs to one seat (:attr:`Game.to_act`) and :meth:`Game.legal_actions` lists
exactly what that seat may do; :meth:`Game.apply` refuses anything else with :class:`IllegalAction`
and leaves the game as it was. Steps that need no decision (the deal, showing meld, counting) happen
by themselves, and every step is reported as an :class:`~engine.events.Event`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from engine.actions import (
    PLAYS,
    PLAYS_FROM_TABLE,
    Action,
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
    action_to_json,
    bid,
)
from engine.cards import Card
from engine.deal import Deal
from engine.events import Event
from engine.phases.auction import Auction
from engine.phases.dealing import Dealing
from engine.phases.exchanges import Exchanges
from engine.phases.hand_end import HandEnd
from engine.phases.melding import Melding
from engine.phases.state import (
    BIDDING,
    BURY,
    DIX,
    DRAW_CHOICE,
    GAME_OVER,
    MELD,
    PASSING,
    PLAY,
    REDEAL,
    RETURN,
    THROW_IN,
    TRUMP,
    GameState,
    HandState,
)
from engine.phases.tricks import TrickPlay
from engine.play import card_values, last_trick_bonus, legal_codes, play_mode
from engine.rules import Rules

DEFAULT_NAMES = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}


class IllegalAction(ValueError):
    """The action is not one of the legal actions now; the game is unchanged."""


class Game(Dealing, Auction, Exchanges, Melding, TrickPlay, HandEnd, GameState):
    """A whole game: hands dealt one after another until a side wins.

    This class is the game's public face (reading the state, the legal actions, applying one);
    the steps of each phase are inherited from its module in :mod:`engine.phases`.
    """

    def __init__(self, rules: Rules, seed: int = 1, first_deal: int | None = None, dealer: int | None = None,
                 hand_number: int = 1, scores: list[int] | None = None, target: int | None = None,
                 deal: Deal | None = None) -> None:
        self.rules = rules
        self._stacked = deal  # a first deal given card by card (tests, puzzles) instead of by deal number
        self.seed = seed
        self.first_deal = first_deal
        self.first_dealer = rules.players - 1 if dealer is None else dealer
        self.first_hand = hand_number
        self.game_id = str(seed)
        self.players = list(DEFAULT_NAMES[rules.players])
        self.sides = len(rules.teams)
        self.scores = list(scores) if scores else [0] * self.sides
        self.target = rules.game_target if target is None else target
        self.hand_number = hand_number
        self.dealer = self.first_dealer
        self.winner = None
        self.log = []
        self.hand_start = 0
        self.hand_records = []
        self._redeals = 0
        self._values = card_values(rules)
        self._last_bonus = last_trick_bonus(rules)
        self._mode = play_mode(rules)
        self.hand = self._new_hand()
        self._opening_events = self._start_hand()

    @classmethod
    def for_hand(cls, rules: Rules, dealer: int, deal_number: int, hand_number: int = 1,
                 scores: list[int] | None = None, target: int | None = None) -> Game:
        """A game that starts at a given hand and deal: for replaying a hand record."""
        return cls(rules, seed=deal_number, first_deal=deal_number, dealer=dealer, hand_number=hand_number,
                   scores=scores, target=target)

    @classmethod
    def for_deal(cls, rules: Rules, deal: Deal, seed: int = 1, scores: list[int] | None = None,
                 target: int | None = None, hand_number: int = 1) -> Game:
        """A game whose first hand is ``deal`` exactly (later hands follow from ``seed``); the hand
        record of that first hand says ``"stacked": true`` and replays from its own cards."""
        return cls(rules, seed=seed, dealer=deal.dealer, hand_number=hand_number, scores=scores, target=target,
                   deal=deal)

    @property
    def stacked_deal(self) -> Deal | None:
        """The first hand's deal when it was given card by card (:meth:`for_deal`), else ``None``."""
        return self._stacked

    # -- reading the state ------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return GAME_OVER if self.winner is not None else self.hand.phase

    @property
    def to_act(self) -> int | None:
        return None if self.winner is not None else self.hand.to_act

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def trump(self) -> int | None:
        return self.hand.trump

    @property
    def deal_number(self) -> int:
        return self.hand.deal.deal_number

    def opening_events(self) -> list[Event]:
        """The events of the first deal (before any action was applied)."""
        return list(self._opening_events)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (empty once the game is over).

        With ``declare_out`` (seed 000: "any player may claim the game at any time"), every decision
        of every seat may also be :class:`~engine.actions.DeclareOut`.
        """
        if self.winner is not None:
            return []
        actions = self._phase_actions()
        if self.rules.declare_out:
            actions.append(DeclareOut())
        return actions

    def _phase_actions(self) -> list[Action]:
        """What the seat to act may do in the phase in force (declaring out apart)."""
        h = self.hand
        seat = h.to_act
        phase = h.phase
        if phase == PLAY:
            return list(self._legal_play_actions(seat))
        if phase == BIDDING:
            current = h.high_bid
            bids: list[Action] = [bid(a) for a in self.rules.next_bids(current)]
            passes: list[Action] = [Pass()]
            if self.rules.pass_with_help and self.rules.partnerships:
                passes.append(Pass(help=True))
            return passes + bids
        if phase == TRUMP:
            return [NameTrump(s) for s in self._trump_choices(seat)]
        if phase in (PASSING, RETURN):
            return [PassCards(c) for c in _distinct_combinations(h.hands[seat], self.rules.pass_cards)]
        if phase == BURY:
            return [Bury(c) for c in _distinct_combinations(self._buriable(), 3)]
        if phase == THROW_IN:
            return [PlayOn(), ThrowIn()]
        if phase == DIX:
            return [ExchangeDix(True), ExchangeDix(False)]
        if phase == REDEAL:
            return [CallRedeal(True), CallRedeal(False)]
        if phase == MELD:
            assert h.trump is not None
            options = h.tables[seat].options(h.hands[seat], h.trump, self.rules)
            if h.may_meld_again:
                options = [o for o in options if o.meld.kind != "dix"]
            melds: list[Action] = [NoMeld()]
            melds += [LayMeld(o) for o in options]
            return melds
        if phase == DRAW_CHOICE:
            return [DrawChoice(False), DrawChoice(True)]
        raise AssertionError(f"no actions for phase {phase}")

    def _legal_play_actions(self, seat: int) -> list[Play]:
        h = self.hand
        assert h.trump is not None
        hand = h.hands[seat]
        trick = [c for _, c in h.trick]
        if self.rules.trump_by == "stock" and h.tables:
            # Two-handed, stock not yet gone: lead or answer with any card, from hand or table.
            plays = [PLAYS[c] for c in dict.fromkeys(hand)]
            plays += [PLAYS_FROM_TABLE[c] for c in dict.fromkeys(h.tables[seat].cards())]
            return plays
        return [PLAYS[c] for c in legal_codes(hand, trick, h.trump, self._mode)] if hand else []

    def is_legal(self, action: Action) -> bool:
        if self.winner is not None:
            return False
        h = self.hand
        if h.phase == PLAY and isinstance(action, Play):
            return action in self._legal_play_actions(h.to_act)
        if h.phase in (PASSING, RETURN) and isinstance(action, PassCards):
            return len(action.cards) == self.rules.pass_cards and _holds(h.hands[h.to_act], action.cards)
        if h.phase == BURY and isinstance(action, Bury):
            return len(action.cards) == 3 and _holds(self._buriable(), action.cards)
        return action in self.legal_actions()

    # -- changing the state ---------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Take ``action`` for the seat to act; return what happened. Illegal: raise, change nothing."""
        if not self.is_legal(action):
            raise IllegalAction(self._why_illegal(action))
        out: list[Event] = []
        handler = self._on_declare_out if isinstance(action, DeclareOut) else getattr(self, "_on_" + self.hand.phase)
        self.log.append(action)
        handler(action, out)
        return out

    def action_from_json(self, value: Any) -> Action:
        """An action written by :func:`engine.actions.action_to_json`, read back against this state."""
        if isinstance(value, dict):
            for action in self.legal_actions():
                if isinstance(action, LayMeld) and action_to_json(action) == value:
                    return action
            raise IllegalAction(f"no such meld to lay now: {value!r}")
        if not isinstance(value, str):
            raise IllegalAction(f"not an action: {value!r}")
        return action_from_text(value)

    def _why_illegal(self, action: Action) -> str:
        if self.winner is not None:
            return "the game is over"
        h = self.hand
        return f"{action} is not allowed now: seat {h.to_act} is to act in the {h.phase} phase"

    # -- copies ------------------------------------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy (for search); its log and records are shared prefixes, copied."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        other.log = list(self.log)
        other.hand_records = list(self.hand_records)
        other.hand = self.hand.copy()
        return other


def new_game(rules: Rules, seed: int = 1, first_deal: int | None = None) -> Game:
    """A new game under ``rules``; every deal follows from ``seed`` (the first deal is ``first_deal``
    when given, so a deal number can be replayed or shared)."""
    return Game(rules, seed=seed, first_deal=first_deal)


def _holds(hand: Iterable[int], cards: Iterable[int]) -> bool:
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= k for c, k in need.items())


def _distinct_combinations(hand: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    """Every different set of ``size`` cards from ``hand`` (identical cards make one choice)."""
    if size == 0:
        return []
    return sorted(set(itertools.combinations(sorted(hand), size)))


__all__ = [
    "BIDDING", "BURY", "DEFAULT_NAMES", "DIX", "DRAW_CHOICE", "GAME_OVER", "MELD", "PASSING", "PLAY", "REDEAL",
    "RETURN", "THROW_IN", "TRUMP", "Game", "GameState", "HandState", "IllegalAction", "new_game",
]
