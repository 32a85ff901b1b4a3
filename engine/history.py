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

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from engine.cards import Card
from engine.meld import Meld, shown_cards


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


__all__ = ["Call", "DixExchange", "Draw", "MeldShown", "PassCall", "PassedCards", "TrickPlayed"]
