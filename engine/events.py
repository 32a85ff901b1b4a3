"""What happened: the state machine answers every action with a list of events.

The GUI turns events into animations and text; hand records and statistics are built from the
same facts. Each kind of event is a frozen dataclass of its own, and :data:`Event` is their union:
a reader dispatches on the class (``match`` or ``isinstance``). Each class's ``kind`` names it in
words (:class:`EventKind`), as the review's steps and the tests say it.

A pass, a bury or a two-handed draw is private to the seats in its ``private_to``;
:func:`visible_to` gives the form another seat may see: the same event with the cards hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Literal

from engine.cards import Card


class EventKind(StrEnum):
    """The kinds of event, in the order they happen in a hand."""

    DEAL = "deal"
    REDEAL = "redeal"
    BID = "bid"
    PASS = "pass"
    AUCTION_WON = "auction_won"
    WIDOW = "widow"
    TRUMP = "trump"
    NO_MARRIAGE = "no_marriage"
    DIX_EXCHANGE = "dix_exchange"
    PASS_CARDS = "pass_cards"
    BURY = "bury"
    MELD = "meld"
    NOT_ON_BOARD = "not_on_board"
    THROW_IN = "throw_in"
    PLAY_ON = "play_on"
    PLAY = "play"
    TRICK = "trick"
    DRAW = "draw"
    LAY_MELD = "lay_meld"
    MELDS_RETURN = "melds_return"
    CLAIM = "claim"
    DECLARE_OUT = "declare_out"
    HAND_SCORED = "hand_scored"
    GAME_OVER = "game_over"


Cards = tuple[Card, ...]
#: Why a hand is dealt again: a seat called it holding too many nines, or everybody passed.
RedealReason = Literal["nines", "all passed"]


@dataclass(frozen=True, slots=True)
class Dealt:
    """A hand dealt: by ``seat`` (the dealer); ``turnup`` the card turned up, in the variants that turn one."""

    kind: ClassVar[EventKind] = EventKind.DEAL
    seat: int
    hand_number: int
    deal_number: int
    turnup: Card | None


@dataclass(frozen=True, slots=True)
class Redealt:
    """The hand is dealt again: ``seat`` called it (``None`` when everybody passed)."""

    kind: ClassVar[EventKind] = EventKind.REDEAL
    seat: int | None
    reason: RedealReason


@dataclass(frozen=True, slots=True)
class BidMade:
    """A bid; ``stuck``: the dealer took it at the minimum after everybody else passed."""

    kind: ClassVar[EventKind] = EventKind.BID
    seat: int
    amount: int
    stuck: bool = False


@dataclass(frozen=True, slots=True)
class Passed:
    """A pass in the auction; ``help``: a pass that shows help for partner."""

    kind: ClassVar[EventKind] = EventKind.PASS
    seat: int
    help: bool = False


@dataclass(frozen=True, slots=True)
class AuctionWon:
    kind: ClassVar[EventKind] = EventKind.AUCTION_WON
    seat: int
    bid: int


@dataclass(frozen=True, slots=True)
class WidowTaken:
    """The declarer takes the widow, shown to all."""

    kind: ClassVar[EventKind] = EventKind.WIDOW
    seat: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    """Trump is fixed: named by ``seat``, or (``turnup`` given) by the card the dealer ``seat`` turned up."""

    kind: ClassVar[EventKind] = EventKind.TRUMP
    seat: int
    suit: int
    turnup: Card | None = None


@dataclass(frozen=True, slots=True)
class NoMarriage:
    """The declarer holds no marriage in any suit: the hand is lost."""

    kind: ClassVar[EventKind] = EventKind.NO_MARRIAGE
    seat: int


@dataclass(frozen=True, slots=True)
class DixExchanged:
    """``seat`` gives the nine of trumps (``dix``) for the turned-up ``card``."""

    kind: ClassVar[EventKind] = EventKind.DIX_EXCHANGE
    seat: int
    dix: Card
    card: Card


@dataclass(frozen=True, slots=True)
class CardsPassed:
    """``seat`` passes ``cards`` to its partner ``to``: seen by the two of them only."""

    kind: ClassVar[EventKind] = EventKind.PASS_CARDS
    seat: int
    to: int
    cards: Cards

    @property
    def private_to(self) -> tuple[int, ...]:
        return (self.seat, self.to)


@dataclass(frozen=True, slots=True)
class CardsPassedUnseen:
    """A pass of ``count`` cards as the other seats see it."""

    kind: ClassVar[EventKind] = EventKind.PASS_CARDS
    seat: int
    to: int
    count: int


@dataclass(frozen=True, slots=True)
class Buried:
    """The declarer buries ``cards``: seen by the declarer only."""

    kind: ClassVar[EventKind] = EventKind.BURY
    seat: int
    cards: Cards

    @property
    def private_to(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True)
class BuriedUnseen:
    """A bury of ``count`` cards as the other seats see it."""

    kind: ClassVar[EventKind] = EventKind.BURY
    seat: int
    count: int


#: One meld of a seat's meld, as shown and recorded: its name, points and cards (in card notation).
MeldItem = tuple[str, int, str]


@dataclass(frozen=True, slots=True)
class Melded:
    """``seat`` shows its meld: ``points`` in all (with dix credits), the melds, the cards laid down."""

    kind: ClassVar[EventKind] = EventKind.MELD
    seat: int
    points: int
    melds: tuple[MeldItem, ...]
    cards: Cards


@dataclass(frozen=True, slots=True)
class NotOnBoard:
    """The declaring side's ``meld`` and all the tricks cannot reach the ``bid``: set without play."""

    kind: ClassVar[EventKind] = EventKind.NOT_ON_BOARD
    seat: int
    meld: int
    bid: int


@dataclass(frozen=True, slots=True)
class ThrownIn:
    kind: ClassVar[EventKind] = EventKind.THROW_IN
    seat: int


@dataclass(frozen=True, slots=True)
class PlayedOn:
    """The declarer, who might throw the hand in, plays it."""

    kind: ClassVar[EventKind] = EventKind.PLAY_ON
    seat: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` plays ``card`` to the trick; ``from_table``: from its meld on the table (two-handed)."""

    kind: ClassVar[EventKind] = EventKind.PLAY
    seat: int
    card: Card
    from_table: bool = False


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """``seat`` wins the trick of ``cards`` (``(seat, card)`` in play order), worth ``points``;
    ``last``: the hand's last trick, its bonus in the points."""

    kind: ClassVar[EventKind] = EventKind.TRICK
    seat: int
    cards: tuple[tuple[int, Card], ...]
    points: int
    last: bool


@dataclass(frozen=True, slots=True)
class Drawn:
    """Two-handed: ``seat`` draws ``card`` from the stock; ``face_up``: the turned-up trump, seen by both."""

    kind: ClassVar[EventKind] = EventKind.DRAW
    seat: int
    card: Card
    face_up: bool = False

    @property
    def private_to(self) -> tuple[int, ...] | None:
        return None if self.face_up else (self.seat,)


@dataclass(frozen=True, slots=True)
class DrawnUnseen:
    """A face-down draw as the other player sees it."""

    kind: ClassVar[EventKind] = EventKind.DRAW
    seat: int


@dataclass(frozen=True, slots=True)
class MeldLaid:
    """Two-handed: ``seat`` lays the meld ``name`` for ``points``; ``from_table``: the slots of the cards
    already lying on its table that the meld uses again (the meld's first cards)."""

    kind: ClassVar[EventKind] = EventKind.LAY_MELD
    seat: int
    name: str
    points: int
    cards: Cards
    from_table: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class MeldsReturned:
    """Two-handed: the stock is gone, the melds on the table go back to the hands."""

    kind: ClassVar[EventKind] = EventKind.MELDS_RETURN
    seat: ClassVar[None] = None  # nobody's doing


@dataclass(frozen=True, slots=True)
class TricksClaimed:
    """``seat`` claims every remaining trick and lays its hand, ``cards``, face up for all to check."""

    kind: ClassVar[EventKind] = EventKind.CLAIM
    seat: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class ClaimCount:
    """What a side counts when a seat declares out, part by part: its ``score`` before this hand's meld and
    tricks, its points in ``tricks`` so far and the ``meld`` of the hand that counts toward the claim."""

    score: int
    tricks: int
    meld: int

    @property
    def total(self) -> int:
        return self.score + self.tricks + self.meld


@dataclass(frozen=True, slots=True)
class DeclaredOut:
    """``seat`` claims the game for its ``side`` with ``total``; ``right``: the claim wins it; ``counts``: what
    each side counted then (:class:`ClaimCount`, the claimant's adding up to ``total``)."""

    kind: ClassVar[EventKind] = EventKind.DECLARE_OUT
    seat: int
    side: int
    total: int
    right: bool
    counts: tuple[ClaimCount, ...] = ()


@dataclass(frozen=True, slots=True)
class HandCount:
    """How a hand that ran its course counted, per side in the order of ``rules.teams``."""

    how: str                         # engine.scoring: played, thrown in, not on board, no marriage
    trick_points: tuple[int, ...]
    meld: tuple[int, ...]
    meld_counted: tuple[bool, ...]
    went_set: bool
    made: bool | None                # None when there is no contract
    bid: int | None


@dataclass(frozen=True, slots=True)
class HandScored:
    """The hand is over and counted into the scores: ``ended`` says how (counted, or a claim decided it)."""

    kind: ClassVar[EventKind] = EventKind.HAND_SCORED
    seat: int | None                 # the declarer, if any
    ended: HandCount | DeclaredOut
    score_delta: tuple[int, ...]
    scores_after: tuple[int, ...]
    game_over: bool
    winner: int | None
    target: int                      # the score the hand was played to


@dataclass(frozen=True, slots=True)
class GameOver:
    """``winner``: the side that won (``None``: nobody alone, when the rules allow it)."""

    kind: ClassVar[EventKind] = EventKind.GAME_OVER
    seat: ClassVar[None] = None  # nobody's doing
    winner: int | None
    scores: tuple[int, ...]


Event = (Dealt | Redealt | BidMade | Passed | AuctionWon | WidowTaken | TrumpNamed | NoMarriage | DixExchanged
         | CardsPassed | CardsPassedUnseen | Buried | BuriedUnseen | Melded | NotOnBoard | ThrownIn | PlayedOn
         | CardPlayed | TrickTaken | Drawn | DrawnUnseen | MeldLaid | MeldsReturned | TricksClaimed | DeclaredOut
         | HandScored | GameOver)


def visible_to(event: Event, seat: int) -> Event:
    """The event as ``seat`` may see it: a private event's cards hidden from the seats it is not for."""
    match event:
        case CardsPassed() if seat not in event.private_to:
            return CardsPassedUnseen(event.seat, event.to, len(event.cards))
        case Buried() if seat not in event.private_to:
            return BuriedUnseen(event.seat, len(event.cards))
        case Drawn(face_up=False) if seat != event.seat:
            return DrawnUnseen(event.seat)
    return event
