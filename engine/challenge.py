"""The duplicate challenge: a set of deals from one challenge number, and how a side's result on each is scored.

A challenge is ``deals`` single hands of one rule set, each dealt from its own deal number by its own
dealer; both come from the challenge number alone (:func:`challenge_deals`), so the same number deals
the same set on any machine, whatever the variant (the dealer is a seat of the variant's table). Each
hand is a game of its own from 0-0 (:func:`deal_game`). Like duplicate bridge, a side's result on a deal
is its score change less the opponents' (three-handed, less the average of the other two players):
:func:`duplicate_score`.

>>> from engine.rules import preset
>>> rules = preset("two_hand")
>>> deals = challenge_deals(4711, rules, 3)
>>> deals == challenge_deals(4711, rules, 3), len(deals), challenge_deals(4711, rules, 2) == deals[:2]
(True, 3, True)
>>> game = deal_game(rules, deals[0])
>>> game.scores, game.hand.deal.deal_number == deals[0].deal_number
([0, 0], True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from engine.game import Game
from engine.record import HandRecord, record_score_change
from engine.rules import Rules, RulesDict, RulesError, rules_from_dict

#: How many deals a challenge has unless the player chooses, and the choices.
DEFAULT_DEALS = 8
MIN_DEALS = 2
MAX_DEALS = 16
#: Challenge numbers are whole numbers from 1 to this (nine digits, easy to read out and type).
MAX_NUMBER = 999_999_999


class ChallengeError(ValueError):
    """A challenge (as written in a save) that is not one."""


class ChallengeDict(TypedDict):
    """A challenge as written (:meth:`Challenge.to_dict`)."""

    number: int
    rules: RulesDict
    deals: int
    levels: list[str | None]


@dataclass(frozen=True)
class ChallengeDeal:
    """One deal of a challenge: who deals, and the deal number the cards come from."""

    dealer: int
    deal_number: int


@dataclass(frozen=True)
class Challenge:
    """What makes a challenge: its number, rules, number of deals and the computers' level at each seat
    (``None`` at seat 0, the player's)."""

    number: int
    rules: Rules
    deals: int
    levels: tuple[str | None, ...]

    def __post_init__(self) -> None:
        if not _whole(self.number) or not 1 <= self.number <= MAX_NUMBER:
            raise ChallengeError(f"a challenge number is a whole number from 1 to {MAX_NUMBER:,}")
        if not _whole(self.deals) or not MIN_DEALS <= self.deals <= MAX_DEALS:
            raise ChallengeError(f"a challenge has {MIN_DEALS} to {MAX_DEALS} deals")
        if len(self.levels) != self.rules.players or self.levels[0] is not None \
                or not all(isinstance(level, str) and level for level in self.levels[1:]):
            raise ChallengeError(f"a level for each computer of the {self.rules.players} seats")

    def deal_list(self) -> list[ChallengeDeal]:
        return challenge_deals(self.number, self.rules, self.deals)

    def to_dict(self) -> ChallengeDict:
        return {"number": self.number, "rules": self.rules.to_dict(), "deals": self.deals,
                "levels": list(self.levels)}


def challenge_from_dict(data: object) -> Challenge:
    """Read :meth:`Challenge.to_dict`; :class:`ChallengeError` for anything else."""
    if not isinstance(data, Mapping):
        raise ChallengeError("a challenge is written as an object")
    try:
        rules = rules_from_dict(data.get("rules"))
    except RulesError as err:
        raise ChallengeError(f"bad rules: {err}") from None
    levels = data.get("levels")
    if not isinstance(levels, list):
        raise ChallengeError("the levels are a list")
    return Challenge(data.get("number"), rules, data.get("deals"), tuple(levels))  # type: ignore[arg-type]


def random_number(rng: random.Random | None = None) -> int:
    """A new challenge number."""
    return (rng or random.SystemRandom()).randint(1, MAX_NUMBER)


def challenge_deals(number: int, rules: Rules, deals: int) -> list[ChallengeDeal]:
    """The deals of challenge ``number``: each one's deal number and dealer come from the number and the
    deal's place alone (a string seed, which Python hashes the same way everywhere), so a longer challenge
    of the same number begins with the same deals."""
    found = []
    for place in range(deals):
        rng = random.Random(f"pinochle duplicate challenge {number} deal {place + 1}")
        deal_number = rng.randrange(1, 2**31)
        found.append(ChallengeDeal(dealer=rng.randrange(rules.players), deal_number=deal_number))
    return found


def deal_game(rules: Rules, deal: ChallengeDeal) -> Game:
    """The game of one challenge deal: its cards and dealer, the score at 0-0. The game's seed is the deal
    number, from which the table seeds its computers."""
    return Game.for_hand(rules, dealer=deal.dealer, deal_number=deal.deal_number)


def side_of(teams: Sequence[Sequence[int]], seat: int) -> int:
    return next(i for i, team in enumerate(teams) if seat in team)


def duplicate_score(record: HandRecord, seat: int = 0) -> int:
    """The result of ``seat``'s side on a hand, from its record (:func:`side_less_others`)."""
    teams, delta = record_score_change(record)
    return side_less_others(delta, side_of(teams, seat))


def side_less_others(score_delta: Sequence[int], side: int) -> int:
    """The duplicate result of ``side`` on a hand that changed the scores by ``score_delta``: its score change
    less the opponents' (less the average of the others' when there are more than one, rounded half up)."""
    others = [d for i, d in enumerate(score_delta) if i != side]
    return score_delta[side] - (sum(others) * 2 + len(others)) // (2 * len(others))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["DEFAULT_DEALS", "MAX_DEALS", "MAX_NUMBER", "MIN_DEALS", "Challenge", "ChallengeDeal", "ChallengeError",
           "challenge_deals", "challenge_from_dict", "deal_game", "duplicate_score", "random_number",
           "side_less_others", "side_of"]
