"""The shape of a hand record (docs/records.md) as types: what each field holds, for the code that
writes a record (:mod:`engine.hand_record`) and every reader of a checked one (:mod:`engine.record`
checks a record from outside against these shapes before anyone reads it).

It imports nothing of the game, so the game's own modules may name these types.
"""

from __future__ import annotations

from typing import NotRequired, TypeAlias, TypedDict

from engine.rules import RulesDict, Variant

#: ``[seat, card]``: a card a seat played or drew.
SeatCard: TypeAlias = list[int | str]
#: ``[seat, bid]``: a bid in points, or ``"pass"``.
SeatBid: TypeAlias = list[int | str]
#: ``[name, points, cards]``: one meld of a meld entry.
MeldItemValue: TypeAlias = list[str | int]


class MeldEntry(TypedDict):
    """One seat's meld of the hand: shown before play, or laid after a trick (two-handed, with ``trick``)."""

    seat: int
    points: int
    items: list[MeldItemValue]
    trick: NotRequired[int]  # laid after this many tricks


class TrickRecord(TypedDict):
    """One finished trick: who led, the cards in the order played, who won; two-handed, the draws after it."""

    leader: int
    plays: list[SeatCard]
    winner: int
    draws: NotRequired[list[SeatCard]]  # the winner's draw first


#: One pass of cards between partners (``from`` is a Python word, hence this spelling).
CardPass = TypedDict("CardPass", {"from": int, "to": int, "cards": str})


class DeclaredOut(TypedDict):
    """A seat claimed the game in the middle of the hand: its side's total then, and whether it was right."""

    seat: int
    total: int
    right: bool


class LaidMeldValue(TypedDict):
    """A two-handed meld action as written: the meld's name, the cards from the hand, the table's slots."""

    meld: str
    hand: str
    table: list[int]


#: An action as written: its text, or a two-handed meld.
ActionValue: TypeAlias = str | LaidMeldValue


class HandResult(TypedDict, total=False):
    """What the end of a hand adds to its record: how it was scored, per side in the order of ``teams``.
    A hand that ended when a seat declared out has only ``declared_out`` and the scores."""

    trick_points: list[int]
    meld: list[int]
    meld_counted: list[bool]
    score_delta: list[int]
    scores_after: list[int]
    went_set: bool
    made: bool | None  # None: no contract
    thrown_in: bool
    how: str
    declarer: int | None
    bid: int | None
    game_over: bool
    winner: int | None
    target: int
    declared_out: DeclaredOut


class HandFields(HandResult, total=False):
    """The fields of a hand record that some variants or programs write and others not."""

    game_id: str
    players: list[str]
    widow: str
    stock: str
    turnup: str
    stacked: bool  # dealt card by card: the deal replays from the record, not from the seed
    bids: list[SeatBid]
    trump: str | None  # a suit letter
    dix_exchanges: list[list[int | str]]  # [seat, the dix, the card taken for it]
    passes: list[CardPass]
    buried: str
    actions: list[ActionValue]
    reasons: list[list[int | str]]  # [action index, a computer's reason in words]
    humans: list[int]  # the seats a person played
    claim: ClaimNote  # a seat claimed the remaining tricks: the plays from that action on finished the hand


class ClaimNote(TypedDict):
    """A claim of the remaining tricks: who claimed, and the hand's first action the claim played."""

    seat: int
    action: int


class HandRecord(HandFields):
    """One finished hand as written: one line of a JSON Lines file (see docs/records.md)."""

    format: int
    variant: Variant
    rules: RulesDict
    hand_number: int
    seed: int
    seats: int
    teams: list[list[int]]
    dealer: int
    deal: list[str]
    melds: list[MeldEntry]
    tricks: list[TrickRecord]


class Seating(TypedDict):
    """The fields of a hand record that name its seats."""

    seats: int
    players: NotRequired[list[str]]
