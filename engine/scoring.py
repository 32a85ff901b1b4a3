"""What a hand is worth to each side: making the bid, going set, saving meld.

One pure function, :func:`score_hand`, turns the facts of a finished hand into score changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules import MeldNeeds, Rules, TrumpBy

PLAYED = "played"
THROWN_IN = "thrown_in"
NOT_ON_BOARD = "not_on_board"
NO_MARRIAGE = "no_marriage"


@dataclass(frozen=True)
class HandFacts:
    """Per side, in the order of ``rules.teams``."""

    how: str                      # PLAYED, THROWN_IN, NOT_ON_BOARD or NO_MARRIAGE
    declaring_side: int | None    # None when there is no auction
    bid: int
    meld: list[int]               # meld shown (two-handed: laid during play, already scored)
    dix_meld: list[int]           # the part of it that is nines of trump
    trick_points: list[int]
    tricks_won: list[int]


@dataclass(frozen=True)
class HandScore:
    meld_counted: list[bool]
    score_delta: list[int]
    went_set: bool
    made: bool | None             # None when there is no contract


def meld_needs(rules: Rules, facts: HandFacts, side: int) -> MeldNeeds:
    """What the side must take in tricks for its meld to count: the declaring side has a rule of its own."""
    return rules.declarer_meld_needs if side == facts.declaring_side else rules.meld_needs


def meld_saved(rules: Rules, facts: HandFacts, side: int) -> bool:
    """Did the side take what it needs for its meld to count?"""
    needs = meld_needs(rules, facts, side)
    if needs == MeldNeeds.TRICK:
        return facts.tricks_won[side] > 0
    if needs == MeldNeeds.POINTS:
        return facts.trick_points[side] > 0
    return True


def _counted_meld(rules: Rules, facts: HandFacts, side: int) -> tuple[int, bool]:
    if meld_saved(rules, facts, side):
        return facts.meld[side], True
    # "A dix saves itself" (My Family's Pinochle) only when the side's whole meld is one or both dixes.
    only_dix = facts.meld[side] == facts.dix_meld[side]
    return (facts.meld[side] if rules.dix_saves_itself and only_dix else 0), False


def score_hand(rules: Rules, facts: HandFacts) -> HandScore:
    sides = len(facts.meld)
    if facts.how != PLAYED:
        return _score_unplayed(rules, facts)
    counted = [_counted_meld(rules, facts, s) for s in range(sides)]
    gained = [counted[s][0] + facts.trick_points[s] for s in range(sides)]
    meld_counted = [counted[s][1] for s in range(sides)]
    if rules.trump_by == TrumpBy.STOCK:
        # Two-handed: meld was scored when laid; the hand adds the tricks to it.
        return HandScore([True] * sides, [facts.meld[s] + facts.trick_points[s] for s in range(sides)], False, None)
    if facts.declaring_side is None:
        return HandScore(meld_counted, gained, False, None)
    d = facts.declaring_side
    made = gained[d] >= facts.bid
    delta = list(gained)
    if not made:
        delta[d] = 0 if rules.set_gives_bid else -facts.bid
        if rules.set_gives_bid:
            for s in range(sides):
                if s != d:
                    delta[s] += facts.bid
    return HandScore(meld_counted, delta, not made, made)


def _score_unplayed(rules: Rules, facts: HandFacts) -> HandScore:
    """Thrown in, not on the board, or no marriage in trumps: the declaring side loses its bid."""
    sides = len(facts.meld)
    d = facts.declaring_side
    assert d is not None
    delta = [0] * sides
    counted = [False] * sides
    for s in range(sides):
        if s == d:
            delta[s] = 0 if rules.set_gives_bid else -facts.bid
        else:
            if facts.how != NO_MARRIAGE:  # with no marriage in trumps nobody counts meld
                delta[s] = facts.meld[s]
                counted[s] = True
            if rules.set_gives_bid:
                delta[s] += facts.bid
    return HandScore(counted, delta, True, False)


