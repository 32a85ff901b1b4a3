"""What a game holds while its hands are played: the phases, the hand's state and the game's own.

Every phase's steps read and change a :class:`GameState`: the game's fields and the steps that lead
from one phase into another (:class:`PhaseSteps`). Each such step is written in the phase it starts,
so the phases need not import each other, and only declared here, in a protocol: mypy checks each
call of a step against its declaration and each phase's step against it, and takes a step written
nowhere for abstract, so that :class:`engine.game.Game`, which inherits every phase, could not be
made (``Game(...)`` a type error).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from engine.actions import Action
from engine.cards import Card
from engine.deal import Deal
from engine.events import Event, HandScored, RedealReason
from engine.history import Call, Claimed, DixExchange, HandHistory, MeldShown, PassedCards, TrickPlayed
from engine.meld import Meld, MeldScore
from engine.rules import Rules
from engine.scoring import PLAYED
from engine.table_meld import MeldTable

if TYPE_CHECKING:
    from engine.record_shape import HandRecord

class Phase(StrEnum):
    """Whose decision the game waits for, and of what kind."""

    REDEAL = "redeal"
    BIDDING = "bidding"
    TRUMP = "trump"
    DIX = "dix"
    PASSING = "passing"
    RETURN = "return"
    BURY = "bury"
    THROW_IN = "throw_in"
    PLAY = "play"
    MELD = "meld"
    DRAW_CHOICE = "draw_choice"
    GAME_OVER = "game_over"


@dataclass
class HandState:
    """Everything about the hand being played; its history (:mod:`engine.history`) in ``bids``,
    ``dix_exchanges``, ``passes``, ``melds`` and ``tricks``."""

    deal: Deal
    hands: list[list[Card]]
    phase: Phase = Phase.BIDDING
    to_act: int = 0
    # auction
    bids: list[Call] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    high_bid: int | None = None
    high_bidder: int | None = None
    redeal_seats: list[int] = field(default_factory=list)
    declarer: int | None = None
    bid: int = 0
    trump: int | None = None
    # exchanges
    dix_seats: list[int] = field(default_factory=list)
    dix_exchanges: list[DixExchange] = field(default_factory=list)
    passes: list[PassedCards] = field(default_factory=list)
    pending_pass: tuple[Card, ...] | None = None
    buried: tuple[Card, ...] = ()
    # meld
    meld: list[MeldScore | None] = field(default_factory=list)
    meld_points: list[int] = field(default_factory=list)    # per seat, after dix credits
    dix_points: list[int] = field(default_factory=list)     # per seat
    melds: list[MeldShown] = field(default_factory=list)  # shown, or laid during the play (two-handed)
    meld_shown: bool = False
    how: str = PLAYED
    # play
    leader: int = 0
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[TrickPlayed] = field(default_factory=list)
    trick_points: list[int] = field(default_factory=list)   # per side
    tricks_won: list[int] = field(default_factory=list)     # per side
    # two-handed
    stock: list[Card] = field(default_factory=list)
    tables: list[MeldTable] = field(default_factory=list)
    dix_melded: bool = False
    may_meld_again: bool = False
    turnup_scored: bool = False  # the card at the foot of the stock is a nine of trumps that has scored
    scored_nines: list[int] = field(default_factory=list)  # per seat: nines of trumps in hand that have scored
    # claiming the remaining tricks (engine.claim_tricks): the claimer and the hand's action it began at
    claim: Claimed | None = None

    def copy(self) -> HandState:
        other = HandState.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        for name in ("bids", "out", "redeal_seats", "dix_seats", "dix_exchanges", "passes", "meld", "meld_points",
                     "dix_points", "melds", "trick", "tricks", "trick_points", "tricks_won", "stock",
                     "scored_nines"):
            setattr(other, name, list(getattr(self, name)))
        other.tables = [t.copy() for t in self.tables]
        return other


class PhaseSteps(Protocol):
    """The steps that lead from one phase into another: declared here, each written in the module of its
    phase. Being declared in a protocol, none has a body here; mypy takes them for abstract, so a class
    that leaves one unwritten cannot be made (``Game(...)`` would be a type error)."""

    # engine.phases.dealing
    def _redeal(self, seat: int | None, reason: RedealReason, out: list[Event]) -> None: ...
    def _next_hand(self, out: list[Event]) -> None: ...
    # engine.phases.auction
    def _begin_auction(self, out: list[Event]) -> None: ...
    # engine.phases.exchanges
    def _trump_choices(self, seat: int) -> list[int]: ...
    def _after_auction(self, out: list[Event]) -> None: ...
    def _next_dix_seat(self, out: list[Event]) -> None: ...
    # engine.phases.melding
    def _show_meld(self, out: list[Event]) -> None: ...
    def _after_exchanges(self, out: list[Event]) -> None: ...
    # engine.phases.tricks
    def _begin_play(self, leader: int, out: list[Event]) -> None: ...
    def _score_laid(self, seat: int, meld: Meld, points: int, out: list[Event],
                    from_table: Sequence[int] = ()) -> None: ...
    # engine.phases.hand_end
    def _end_hand(self, out: list[Event]) -> None: ...
    def _record_hand(self, scored: HandScored) -> None: ...


class GameState(PhaseSteps):
    """The fields of a game (set by :class:`engine.game.Game`) and the steps between its phases
    (:class:`PhaseSteps`), which every phase reads, changes and calls."""

    rules: Rules
    seed: int
    first_deal: int | None
    first_dealer: int
    first_hand: int
    game_id: str
    players: list[str]
    sides: int
    scores: list[int]
    target: int
    hand_number: int
    dealer: int
    winner: int | None
    log: list[Action]
    hand_start: int  # where the current hand's actions begin in the log
    hand_stacked: bool  # the current hand was dealt card by card (the game's first deal, given)
    hand_records: list[HandRecord]  # each finished hand's record (docs/records.md)
    hands_played: list[HandHistory]  # the same hands, typed (shared by clones: replaced, never changed)
    reasons: dict[int, str]  # a computer's reason for its decision, by index in the log (shared: copy to change)
    humans: tuple[int, ...]  # the seats a person plays, when the game knows (the app says; records tell)
    hand: HandState
    _stacked: Deal | None
    _redeals: int
    _values: tuple[int, ...]
    _last_bonus: int
    _mode: int
    _opening_events: list[Event]

    def side_of(self, seat: int) -> int:
        return self.rules.team_of(seat)


def seats_from(first: int, players: int) -> list[int]:
    """Every seat once, in turn from ``first``."""
    return [(first + i) % players for i in range(players)]
