"""The Elo-like rating against computer levels."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_gui.storage.rating import (
    COMPUTER_LEVELS,
    K_FACTOR,
    LEVEL_RATINGS,
    RATING_FLOOR,
    expected_score,
    level_rating,
    side_rating,
    update_rating,
)

ratings = st.floats(min_value=100, max_value=3000)


def test_levels_are_ordered_and_unknown_counts_as_normal() -> None:
    values = [LEVEL_RATINGS[level] for level in COMPUTER_LEVELS]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert level_rating("grandmaster") == level_rating(None) == LEVEL_RATINGS["medium"]


@given(ratings, ratings)
def test_two_sides_are_classic_elo(a: float, b: float) -> None:
    assert expected_score(a, [b]) + expected_score(b, [a]) == pytest.approx(1)
    assert expected_score(a, [b]) == pytest.approx(1 / (1 + 10 ** ((b - a) / 400)))


@given(ratings, ratings, ratings)
def test_three_sides_share_one_win(a: float, b: float, c: float) -> None:
    total = expected_score(a, [b, c]) + expected_score(b, [a, c]) + expected_score(c, [a, b])
    assert total == pytest.approx(1)


def test_a_win_against_equals_gains_half_k() -> None:
    assert update_rating(1500, [], [["medium"]], won=True) == 1500 + K_FACTOR / 2
    assert update_rating(1500, [], [["medium"]], won=False) == 1500 - K_FACTOR / 2
    # Cutthroat: an even player wins a third of the time, so a win gains two thirds of K.
    assert update_rating(1500, [], [["medium"], ["medium"]], won=True) == pytest.approx(
        1500 + K_FACTOR * 2 / 3, abs=0.1
    )


def test_partner_strength_counts() -> None:
    weak_partner = update_rating(1500, ["easy"], [["medium", "medium"]], won=True)
    strong_partner = update_rating(1500, ["hard"], [["medium", "medium"]], won=True)
    assert weak_partner > strong_partner > 1500
    assert side_rating(1500, ["hard"]) == (1500 + LEVEL_RATINGS["hard"]) / 2


@given(ratings, st.lists(st.sampled_from(COMPUTER_LEVELS), min_size=1, max_size=3), st.booleans())
def test_rating_moves_the_right_way_by_at_most_k(rating: float, opponents: list[str], won: bool) -> None:
    after = update_rating(rating, [], [[level] for level in opponents], won)
    assert (after >= rating) if won else (after <= rating or after == RATING_FLOOR)
    assert abs(after - rating) <= K_FACTOR + 0.1 or after == RATING_FLOOR


def test_needs_opponents() -> None:
    with pytest.raises(ValueError):
        update_rating(1500, [], [], won=True)
