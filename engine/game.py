"""A game of pinochle as a state machine: whose turn it is, what they may do, what happens.

>>> import random
>>> from engine.rules import preset
>>> game = new_game(preset("partnership_auction"), seed=7)
>>> game.phase, game.to_act
(<Phase.BIDDING: 'bidding'>, 0)
>>> rng = random.Random(1)
>>> while not game.is_over and game.hand_number == 1:
...     _ = game.apply(rng.choice(game.legal_actions()))
>>> len(game.hand_records), game.hand_records[0]["seed"]
(1, 7)

Every decision belongs to one seat (:attr:`Game.to_act`) and :meth:`Game.legal_actions` lists
exactly what that seat may do; :meth:`Game.apply` refuses anything else with :class:`IllegalAction`
and leaves the game as it was. Legal means exactly one of the listed actions: the same class with
fields of the same types (``Bid(250.0)``, ``NameTrump(True)`` or ``Play(12)`` with a plain ``int``
in place of a card are refused; passed or buried cards may come in any order) and, when ``apply``
is told the seat, that seat's turn. Should a step fail half way all the same, the game
is put back as it was before the action and the error goes on to the caller.

Steps that need no decision (the deal, showing meld, counting) happen by themselves, and every step
is reported as an :class:`~engine.events.Event`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields, is_dataclass
from typing import Any, TypeGuard, get_args

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
from engine.cards import Card, CardError, check_code, shown_value
from engine.deal import SEED_LIMIT, Deal, check_deal, is_seed
from engine.events import Event
from engine.meld import MeldKind
from engine.phases.auction import Auction
from engine.phases.dealing import Dealing
from engine.phases.exchanges import Exchanges
from engine.phases.hand_end import HandEnd
from engine.phases.melding import Melding
from engine.phases.state import GameState, HandState, Phase
from engine.phases.tricks import TrickPlay
from engine.play import card_values, last_trick_bonus, legal_codes, play_mode
from engine.rules import Rules, TrumpBy

DEFAULT_NAMES = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}


ACTIONS = frozenset(get_args(Action))


class IllegalAction(ValueError):
    """The action is not one of the legal actions now; the game is unchanged."""


class Game(Dealing, Auction, Exchanges, Melding, TrickPlay, HandEnd, GameState):
    """A whole game: hands dealt one after another until a side wins.

    This class is the game's public face (reading the state, the legal actions, applying one);
    the steps of each phase are inherited from its module in :mod:`engine.phases`, and
    :data:`PHASE_HANDLERS` names the step that takes the decision of each phase.
    """

    def __init__(self, rules: Rules, seed: int = 1, first_deal: int | None = None, dealer: int | None = None,
                 hand_number: int = 1, scores: list[int] | None = None, target: int | None = None,
                 deal: Deal | None = None) -> None:
        _check_start(rules, seed, first_deal, dealer, hand_number, scores, target, deal)
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
        self.first_scores = tuple(self.scores)  # how the game began: for _rewind and saves
        self.first_target = self.target
        self.hand_number = hand_number
        self.dealer = self.first_dealer
        self.winner = None
        self.log = []
        self.hand_start = 0
        self.hand_records = []
        self.hands_played = []
        self.reasons = {}
        self.humans = ()
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
        record of that first hand says ``"stacked": true`` and replays from its own cards. ``ValueError``
        unless ``deal`` is a deal of the variant (:func:`engine.deal.check_deal`: the dealer a seat,
        every hand full, the whole deck once, the widow, stock and turn-up where the variant puts them)."""
        return cls(rules, seed=seed, dealer=deal.dealer, hand_number=hand_number, scores=scores, target=target,
                   deal=deal)

    @property
    def stacked_deal(self) -> Deal | None:
        """The first hand's deal when it was given card by card (:meth:`for_deal`), else ``None``."""
        return self._stacked

    # -- reading the state ------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return Phase.GAME_OVER if self.winner is not None else self.hand.phase

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

        With ``declare_out`` (Bicycle: "any player may claim the game at any time"), every decision
        of every seat may also be :class:`~engine.actions.DeclareOut`.
        """
        if self.winner is not None:
            return []
        actions = self._phase_actions()
        if self.rules.declare_out:
            actions.append(DeclareOut())
        return actions

    def has_choice(self) -> bool:
        """Whether the seat to act has a real choice: more than one legal action besides declaring out
        (a forced card or bid is no decision of its own)."""
        return sum(1 for a in self.legal_actions() if not isinstance(a, DeclareOut)) > 1

    def _phase_actions(self) -> list[Action]:
        """What the seat to act may do in the phase in force (declaring out apart)."""
        h = self.hand
        seat = h.to_act
        phase = h.phase
        if phase == Phase.PLAY:
            return list(self._legal_play_actions(seat))
        if phase == Phase.BIDDING:
            if self._opening_forced():
                return [bid(self.rules.min_bid)]
            current = h.high_bid
            bids: list[Action] = [bid(a) for a in self.rules.next_bids(current)]
            passes: list[Action] = [Pass()]
            if self.rules.pass_with_help and self.rules.partnerships:
                passes.append(Pass(help=True))
            return passes + bids
        if phase == Phase.TRUMP:
            return [NameTrump(s) for s in self._trump_choices(seat)]
        if phase in (Phase.PASSING, Phase.RETURN):
            return [PassCards(c) for c in _distinct_combinations(h.hands[seat], self.rules.pass_cards)]
        if phase == Phase.BURY:
            return [Bury(c) for c in _distinct_combinations(self._buriable(), self.rules.bury_count)]
        if phase == Phase.THROW_IN:
            return [PlayOn(), ThrowIn()]
        if phase == Phase.DIX:
            return [ExchangeDix(True), ExchangeDix(False)]
        if phase == Phase.REDEAL:
            return [CallRedeal(True), CallRedeal(False)]
        if phase == Phase.MELD:
            assert h.trump is not None
            options = h.tables[seat].options(h.hands[seat], h.trump, self.rules)
            if not self._dix_meldable(seat):
                options = [o for o in options if o.meld.kind != MeldKind.DIX]
            melds: list[Action] = [NoMeld()]
            melds += [LayMeld(o) for o in options]
            return melds
        if phase == Phase.DRAW_CHOICE:
            return [DrawChoice(False), DrawChoice(True)]
        raise AssertionError(f"no actions for phase {phase}")

    def _legal_play_actions(self, seat: int) -> list[Play]:
        h = self.hand
        assert h.trump is not None
        hand = h.hands[seat]
        trick = [c for _, c in h.trick]
        if self.rules.trump_by == TrumpBy.STOCK and h.tables:
            # Two-handed, stock not yet gone: lead or answer with any card, from hand or table.
            plays = [PLAYS[c] for c in dict.fromkeys(hand)]
            plays += [PLAYS_FROM_TABLE[c] for c in dict.fromkeys(h.tables[seat].cards())]
            return plays
        return [PLAYS[c] for c in legal_codes(hand, trick, h.trump, self._mode)] if hand else []

    def is_legal(self, action: object, seat: int | None = None) -> bool:
        """Whether ``action`` is exactly one of :meth:`legal_actions` (passed or buried cards in any
        order) and, given ``seat``, it is that seat's turn."""
        return self._accepted(action, seat) is not None

    def _accepted(self, action: object, seat: int | None) -> Action | None:
        """The legal action that ``action`` is exactly, or ``None``."""
        if self.winner is not None or (seat is not None and not self._turn_of(seat)):
            return None
        h = self.hand
        if h.phase == Phase.PLAY and type(action) is Play:
            ok = type(action.card) is Card and type(action.from_table) is bool
            return action if ok and action in self._legal_play_actions(h.to_act) else None
        if h.phase in (Phase.PASSING, Phase.RETURN) and type(action) is PassCards:
            ok = _cards(action.cards, self.rules.pass_cards) and _holds(h.hands[h.to_act], action.cards)
            return action if ok else None
        if h.phase == Phase.BURY and type(action) is Bury:
            ok = _cards(action.cards, self.rules.bury_count) and _holds(self._buriable(), action.cards)
            return action if ok else None
        # The listed action itself goes on, so fields that equality does not compare come from the game.
        return next((legal for legal in self.legal_actions() if legal == action and _exactly(legal, action)), None)

    def _turn_of(self, seat: object) -> bool:
        return type(seat) is int and seat == self.to_act

    # -- changing the state ---------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None, reason: str = "") -> list[Event]:
        """Take ``action`` for the seat to act (``seat``, when given, must be that seat); return what happened.
        ``reason``: why a computer chose it, in words, kept in :attr:`reasons` for the hand's record.

        Anything but exactly one of :meth:`legal_actions` (passed or buried cards in any order)
        raises :class:`IllegalAction` and changes nothing. Should a step fail half way all the same
        (a bug), the game is put back as it was before the action and the error is raised again.
        """
        accepted = self._accepted(action, seat)
        if accepted is None:
            raise IllegalAction(self._why_illegal(action, seat))
        out: list[Event] = []
        handler = Game._on_declare_out if type(accepted) is DeclareOut else PHASE_HANDLERS[self.hand.phase]
        if reason:  # copied on change: clones share the dict
            self.reasons = {**self.reasons, len(self.log): reason}
        self.log.append(accepted)
        try:
            handler(self, accepted, out)
        except Exception:
            self._rewind()
            raise
        return out

    def _rewind(self) -> None:
        """Back to the state before the last action of the log, whatever a failed step left: the
        game dealt again as it began and every earlier action replayed."""
        again = Game(self.rules, seed=self.seed, first_deal=self.first_deal, dealer=self.first_dealer,
                     hand_number=self.first_hand, scores=list(self.first_scores), target=self.first_target,
                     deal=self._stacked)
        again.game_id, again.players, again.humans = self.game_id, self.players, self.humans
        again.reasons = {i: r for i, r in self.reasons.items() if i < len(self.log) - 1}
        for action in self.log[:-1]:
            again.apply(action)
        self.__dict__.update(again.__dict__)

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

    def _why_illegal(self, action: object, seat: int | None) -> str:
        if self.winner is not None:
            return "the game is over"
        h = self.hand
        if seat is not None and not self._turn_of(seat):
            return f"it is not the turn of seat {shown_value(seat)}: seat {h.to_act} is to act in the {h.phase} phase"
        if type(action) not in ACTIONS:
            return f"not an action: {shown_value(action)}"
        impossible = _impossible_card(action)
        if impossible is not None:
            return impossible
        return f"{_words(action)} is not allowed now: seat {h.to_act} is to act in the {h.phase} phase"

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


#: The step that takes a decision, by the phase the decision is made in (declaring out, which may come in
#: any phase, apart): what :meth:`Game.apply` calls, after checking that the action is legal now. Each
#: step narrows the action to the kinds its phase allows.
PHASE_HANDLERS: dict[Phase, Callable[[Game, Action, list[Event]], None]] = {
    Phase.REDEAL: Game._on_redeal,
    Phase.BIDDING: Game._on_bidding,
    Phase.TRUMP: Game._on_trump,
    Phase.DIX: Game._on_dix,
    Phase.PASSING: Game._on_passing,
    Phase.RETURN: Game._on_return,
    Phase.BURY: Game._on_bury,
    Phase.THROW_IN: Game._on_throw_in,
    Phase.PLAY: Game._on_play,
    Phase.MELD: Game._on_meld,
    Phase.DRAW_CHOICE: Game._on_draw_choice,
}


def new_game(rules: Rules, seed: int = 1, first_deal: int | None = None, dealer: int | None = None) -> Game:
    """A new game under ``rules``; every deal follows from ``seed`` (the first deal is ``first_deal``
    when given, dealt by ``dealer`` when given, so a deal can be replayed or shared with its cards in the
    same seats). Both numbers are whole numbers from 0 (below 2**63, what a save can hold); anything else
    raises ``ValueError``, as do the other starting values of :class:`Game` (a dealer who is no seat ...)."""
    return Game(rules, seed=seed, first_deal=first_deal, dealer=dealer)


def _check_start(rules: object, seed: object, first_deal: object, dealer: object, hand_number: object,
                 scores: object, target: object, deal: object) -> None:
    """Raise ``ValueError`` naming what is wrong unless a game can begin from these."""
    if not isinstance(rules, Rules):
        raise ValueError(f"the rules are not a rule set but {shown_value(rules)}")
    if not is_seed(seed):
        raise ValueError(f"the seed is a whole number from 0 to {SEED_LIMIT - 1}, not {shown_value(seed)}")
    if first_deal is not None and not is_seed(first_deal):
        raise ValueError(f"the first deal number is a whole number from 0 to {SEED_LIMIT - 1}, "
                         f"not {shown_value(first_deal)}")
    if dealer is not None and not (_whole(dealer) and 0 <= dealer < rules.players):
        raise ValueError(f"the dealer is a seat from 0 to {rules.players - 1}, not {shown_value(dealer)}")
    if not (_whole(hand_number) and hand_number >= 1):
        raise ValueError(f"the hand number is a whole number from 1, not {shown_value(hand_number)}")
    sides = len(rules.teams)
    if scores is not None and not (isinstance(scores, list) and len(scores) == sides and all(map(_whole, scores))):
        raise ValueError(f"the scores are {sides} whole numbers, one per side, not {shown_value(scores)}")
    if target is not None and not (_whole(target) and target >= 0):
        raise ValueError(f"the target is a whole number from 0, not {shown_value(target)}")
    if deal is not None:
        if not isinstance(deal, Deal):
            raise ValueError(f"the deal is not a deal but {shown_value(deal)}")
        check_deal(rules, deal)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _holds(hand: Iterable[int], cards: Iterable[int]) -> bool:
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= k for c, k in need.items())


def _cards(cards: object, size: int) -> bool:
    """``cards`` is a tuple of ``size`` cards (in any order: :meth:`Game.legal_actions` lists each set once, sorted)."""
    return type(cards) is tuple and len(cards) == size and all(type(c) is Card for c in cards)


def _exactly(a: object, b: object) -> bool:
    """``a == b`` down to the type of every field: ``Bid(250) == Bid(250.0)``, but not exactly."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(map(_exactly, a, b))
    if is_dataclass(a):
        return all(_exactly(getattr(a, f.name), getattr(b, f.name)) for f in fields(a) if f.compare)
    return a == b


def _impossible_card(action: object) -> str | None:
    """Why a card the action names is no card (a :class:`Card` built from a code outside the deck), or None."""
    cards = (action.card,) if isinstance(action, Play) else getattr(action, "cards", ())
    for c in cards if isinstance(cards, tuple) else ():
        try:
            check_code(c)
        except CardError as error:
            return str(error)
    return None


def _words(action: object) -> str:
    """The text of an action; its ``repr`` when its fields are of types its text cannot show."""
    try:
        return str(action)
    except (TypeError, IndexError, ValueError):
        return repr(action)


def _distinct_combinations(hand: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    """Every different set of ``size`` cards from ``hand`` (identical cards make one choice)."""
    if size == 0:
        return []
    return sorted(set(itertools.combinations(sorted(hand), size)))


__all__ = [
    "DEFAULT_NAMES", "PHASE_HANDLERS", "Game", "GameState", "HandState", "IllegalAction", "Phase", "new_game",
]
