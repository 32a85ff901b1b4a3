"""The hand's history as the game keeps it: the calls of the auction, the cards passed, the dixes
exchanged, the meld shown or laid, and each trick with its draws, as typed values of cards and seats.

The phases (:mod:`engine.phases`) add to it as the hand is played (:class:`engine.phases.state.HandState`),
a seat sees it through :func:`engine.observation.observe`, and only :mod:`engine.hand_record` writes it into a
hand record (docs/records.md) and :mod:`engine.record` reads it back: nothing else knows the record's shapes.

>>> from engine.cards import parse_card, parse_cards
>>> trick = TrickPlayed(0, ((0, parse_card("AS")), (1, parse_card("TS"))), 0, 21)
>>> [str(c) for c in trick.cards], trick.winner
(['AS', 'TS'], 0)
>>> Call(1, PassCall.PASS).passed, Call(2, 250).passed
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from engine.cards import Card
from engine.deal import Deal
from engine.events import DeclaredOut, HandCount, HandScored
from engine.meld import Meld, shown_cards
from engine.record_shape import ActionValue
from engine.rules import Rules, Variant, preset_name


class PassCall(StrEnum):
    """A call that is no bid (its text is the record's)."""

    PASS = "pass"
    WITH_HELP = "pass with help"  # shows the partner help (``pass_with_help``)


class Call(NamedTuple):
    """One call of the auction: a seat's bid in points, or its pass."""

    seat: int
    bid: int | PassCall

    @property
    def passed(self) -> bool:
        return not isinstance(self.bid, int)


class PassedCards(NamedTuple):
    """Cards passed between partners (or, with ``pass_cards`` three-handed and double-deck, to the declarer)."""

    giver: int
    receiver: int
    cards: tuple[Card, ...]


class DixExchange(NamedTuple):
    """A dix exchanged for the turned-up trump card: who, the nine given, the card taken."""

    seat: int
    dix: Card
    taken: Card


class Draw(NamedTuple):
    """A card drawn from the stock (two-handed). In a seat's observation a card it did not see drawn is ``None``."""

    seat: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class TrickPlayed:
    """A finished trick: who led, the cards in the order played, who won, what it counted (the last trick's
    bonus with it); two-handed, the draws from the stock after it, the winner's first."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int
    draws: tuple[Draw, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The trick's cards, in the order played."""
        return tuple(c for _s, c in self.plays)


@dataclass(frozen=True, slots=True)
class MeldShown:
    """A seat's meld shown before the play (``trick`` is ``None``), or one meld laid after a trick won
    (two-handed: ``trick`` tricks had been played). Each meld has its name, its points as it scored here, its
    cards and its class (:class:`engine.meld.MeldKind`); ``points`` is what the seat scored (a shown meld: with
    the dix credits of four-handed turn-up, where the dix went to the dealer)."""

    seat: int
    points: int
    melds: tuple[Meld, ...]
    trick: int | None = None

    @property
    def laid(self) -> bool:
        """Laid during the play (two-handed), not shown before it."""
        return self.trick is not None

    def cards_shown(self) -> list[Card]:
        """The cards the seat lays on the table for these melds (:func:`engine.meld.shown_cards`)."""
        return shown_cards(self.melds)


class Claimed(NamedTuple):
    """A claim of the remaining tricks: the seat that claimed, and the hand's action the claim began at."""

    seat: int
    action: int


@dataclass(frozen=True)
class HandHistory:
    """One finished hand from its deal to its score, typed: what a hand record holds (docs/records.md).

    The game makes one as each hand ends (:mod:`engine.hand_record`, which writes it as the record), and
    :func:`engine.record.read_hand` reads one back from a checked record, also one another program wrote, which
    may lack what the game always writes (the players' names, the actions, the score: ``()`` and ``None``)."""

    rules: Rules
    game_id: str
    hand_number: int
    deal: Deal                               # the cards as dealt, its dealer and deal number
    stacked: bool                            # dealt card by card: it replays from its cards, not its deal number
    players: tuple[str, ...]                 # the seats' names, when the record has them
    calls: tuple[Call, ...]                  # the auction, in turn
    declarer: int | None
    bid: int | None
    trump: int | None
    dix_exchanges: tuple[DixExchange, ...]
    passes: tuple[PassedCards, ...]
    buried: tuple[Card, ...]
    melds: tuple[MeldShown, ...]
    tricks: tuple[TrickPlayed, ...]
    scored: HandScored | None                # how it counted (a claim's counts are the game's alone: ``()`` read back)
    actions: tuple[ActionValue, ...]         # as written: :meth:`engine.game.Game.action_from_json` reads each back
    reasons: Mapping[int, str]               # a computer's reason for an action, by its index in ``actions``
    humans: tuple[int, ...]                  # the seats a person played, when the game knew
    claim: Claimed | None = None

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def deal_number(self) -> int:
        return self.deal.deal_number

    @property
    def variant(self) -> Variant:
        """The preset its rules are closest to, as records name it (:func:`engine.rules.preset_name`)."""
        return preset_name(self.rules)

    @property
    def seats(self) -> int:
        return self.rules.players

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.rules.teams

    def names(self) -> list[str]:
        """The seats' names: the players', or "Seat 1", "Seat 2" ... in a record that names none."""
        return seat_names(self.players, self.seats)

    def side_names(self) -> list[str]:
        """Each side's seats' names, as "South & North"."""
        return side_names(self.names(), self.teams)

    @property
    def score_delta(self) -> tuple[int, ...]:
        """What the hand changed each side's score by (nothing, in a record that does not say)."""
        return self.scored.score_delta if self.scored is not None else (0,) * len(self.teams)

    @property
    def count(self) -> HandCount | None:
        """How a hand that ran its course counted (``None``: a seat declared out, or the record does not say)."""
        return self.scored.ended if self.scored is not None and isinstance(self.scored.ended, HandCount) else None

    @property
    def declared_out(self) -> DeclaredOut | None:
        """The claim of the game that ended the hand, if a seat declared out."""
        return self.scored.ended if self.scored is not None and isinstance(self.scored.ended, DeclaredOut) else None


def seat_names(players: Sequence[str], seats: int) -> list[str]:
    """The seats' names: ``players``, or "Seat 1", "Seat 2" ... when none are given."""
    return list(players) if players else [f"Seat {seat + 1}" for seat in range(seats)]


def side_names(names: Sequence[str], teams: Sequence[Sequence[int]]) -> list[str]:
    """Each side's seats' ``names``, as "South & North" (a side of one seat: its name)."""
    return [" & ".join(names[s] for s in team) for team in teams]


__all__ = ["Call", "Claimed", "DixExchange", "Draw", "HandHistory", "MeldShown", "PassCall", "PassedCards",
           "TrickPlayed", "seat_names", "side_names"]
