"""The player's rating: Elo against computers whose levels have fixed ratings.

A game is a contest between sides (partnerships, or players alone). A side's rating is the mean of
its members' ratings: the player's own rating, and the fixed rating of each computer's level. The
expected score of the player's side is its share of ``10 ** (rating / 400)`` among all sides (the
usual Elo formula for two sides, its Bradley-Terry form for three), and after each game the
rating moves by ``K * (result - expected)``.

>>> round(expected_score(1500, [1500]), 2), round(expected_score(1500, [1500, 1500]), 3)
(0.5, 0.333)
>>> update_rating(1500, side=[], opponents=[["medium"]], won=True)
1516.0
"""

from __future__ import annotations

from collections.abc import Sequence

COMPUTER_LEVELS = ("easy", "medium", "hard")  # the levels of engine.ai.players.levels that play against people
MEDIUM_RATING = 1500
LEVEL_RATINGS: dict[str, int] = {"easy": 1200, "medium": MEDIUM_RATING, "hard": 1800}
#: A level this version does not know (a record from another version) counts as "medium".
UNKNOWN_LEVEL_RATING = MEDIUM_RATING
INITIAL_RATING = 1500.0
K_FACTOR = 32.0
RATING_FLOOR = 100.0


def level_rating(level: str | None) -> int:
    return LEVEL_RATINGS.get(level or "", UNKNOWN_LEVEL_RATING)


def expected_score(rating: float, opponent_ratings: Sequence[float]) -> float:
    """The chance the side rated ``rating`` wins against the other sides."""
    strength = 10 ** (rating / 400)
    return strength / (strength + sum(10 ** (r / 400) for r in opponent_ratings))


def side_rating(player_rating: float | None, levels: Sequence[str | None]) -> float:
    """The mean rating of a side: the player (if on it) and the computers' levels."""
    ratings = [float(level_rating(level)) for level in levels]
    if player_rating is not None:
        ratings.append(player_rating)
    if not ratings:
        raise ValueError("a side needs at least one member")
    return sum(ratings) / len(ratings)


def update_rating(
    rating: float,
    side: Sequence[str | None],
    opponents: Sequence[Sequence[str | None]],
    won: bool,
    k: float = K_FACTOR,
) -> float:
    """The player's rating after a game.

    ``side`` lists the levels of the player's partners (empty when the player is alone),
    ``opponents`` the levels of each other side's members.
    """
    if not opponents:
        raise ValueError("a game needs opponents")
    own = side_rating(rating, side)
    expected = expected_score(own, [side_rating(None, members) for members in opponents])
    # The whole side's change is the player's: with a partner the player's rating counts for half
    # of the side, so it moves the full K and not half of it.
    return max(RATING_FLOOR, rating + k * ((1.0 if won else 0.0) - expected))
