"""score_hand: made and set arithmetic with worked numbers, saving meld, throw-in, not on the board."""

from __future__ import annotations

import pytest

from engine.rules import preset
from engine.scoring import NO_MARRIAGE, NOT_ON_BOARD, PLAYED, THROWN_IN, HandFacts, meld_saved, score_hand


def facts(how: str = PLAYED, declaring: int | None = 0, bid: int = 300, meld: tuple[int, ...] = (200, 120),
          dix: tuple[int, ...] = (0, 0), points: tuple[int, ...] = (150, 100),
          tricks: tuple[int, ...] = (7, 5)) -> HandFacts:
    return HandFacts(how, declaring, bid, list(meld), list(dix), list(points), list(tricks))


def test_declaring_side_makes_the_bid_and_adds_meld_and_tricks() -> None:
    # Bid 300, meld 200 + tricks 150 = 350: made; the other side 120 + 100.
    result = score_hand(preset("partnership_auction"), facts())
    assert result.made and not result.went_set
    assert result.score_delta == [350, 220] and result.meld_counted == [True, True]


def test_exactly_the_bid_is_made() -> None:
    result = score_hand(preset("partnership_auction"), facts(bid=350))
    assert result.made and result.score_delta == [350, 220]


def test_declaring_side_set_loses_the_bid_opponents_keep_theirs() -> None:
    # Bid 360 against 200 + 150 = 350: set by 10, the side loses 360.
    result = score_hand(preset("partnership_auction"), facts(bid=360))
    assert result.went_set and result.made is False
    assert result.score_delta == [-360, 220]


def test_declaring_side_can_be_the_second_side() -> None:
    result = score_hand(preset("partnership_auction"), facts(declaring=1, bid=250))
    assert result.score_delta == [350, -250]


def test_pacific_northwest_set_gives_the_bid_to_the_opponents() -> None:
    result = score_hand(preset("partnership_auction", set_gives_bid=True), facts(bid=360))
    assert result.score_delta == [0, 220 + 360] and result.went_set
    made = score_hand(preset("partnership_auction", set_gives_bid=True), facts(bid=300))
    assert made.score_delta == [350, 220]


@pytest.mark.parametrize(("needs", "points", "tricks", "counted"), [
    ("points", (250, 0), (11, 1), [True, False]),     # a trick of nothing but nines and jacks saves nothing
    ("trick", (250, 0), (11, 1), [True, True]),
    ("none", (250, 0), (12, 0), [True, True]),
    ("points", (240, 10), (11, 1), [True, True]),     # the last trick alone (10) saves it
])
def test_meld_needs(needs: str, points: tuple[int, int], tricks: tuple[int, int], counted: list[bool]) -> None:
    rules = preset("partnership_auction", meld_needs=needs, dix_saves_itself=False)
    f = facts(points=points, tricks=tricks)
    result = score_hand(rules, f)
    assert result.meld_counted == counted
    assert [meld_saved(rules, f, s) for s in (0, 1)] == counted
    assert result.score_delta[1] == (120 if counted[1] else 0) + points[1]


def test_dix_saves_itself_only_when_the_sides_whole_meld_is_dixes() -> None:
    # My Family's Pinochle: "if their only meld was one or both deeces, the points are scored". The other side
    # melded two dixes (20) and took nothing: the 20 count.
    only_dixes = facts(meld=(200, 20), dix=(0, 20), points=(250, 0), tricks=(12, 0))
    result = score_hand(preset("partnership_auction"), only_dixes)
    assert result.score_delta == [450, 20] and result.meld_counted == [True, False]
    off = preset("partnership_auction", dix_saves_itself=False)
    assert score_hand(off, only_dixes).score_delta == [450, 0]
    # A marriage (20) beside a dix (10) and no counter taken: nothing counts, not even the dix.
    marriage_and_dix = facts(meld=(200, 30), dix=(0, 10), points=(250, 0), tricks=(12, 0))
    assert score_hand(preset("partnership_auction"), marriage_and_dix).score_delta == [450, 0]


def test_declaring_side_meld_counts_without_trick_points_seed_002() -> None:
    # My Family's Pinochle: only the non-declaring side must save its meld. Bid 250, meld 300, the declaring
    # side takes one trick worth nothing: made, +300.
    f = facts(declaring=0, bid=250, meld=(300, 100), points=(0, 250), tricks=(1, 11))
    result = score_hand(preset("partnership_auction"), f)
    assert result.made and result.score_delta == [300, 350] and result.meld_counted == [True, True]
    # Even with no trick at all the declaring side's meld counts toward the bid.
    none = facts(declaring=0, bid=250, meld=(300, 100), points=(0, 250), tricks=(0, 12))
    assert score_hand(preset("partnership_auction"), none).score_delta == [300, 350]


def test_seed_001_declaring_side_needs_a_trick() -> None:
    # The divided-by-ten rules: bid 25, meld 30, one trick worth 0: made, +30. With no trick at all
    # the bidding team "cannot receive any positive points": its meld is void and it is set.
    rules = preset("partnership_auction_div10")
    one_trick = facts(declaring=0, bid=25, meld=(30, 10), points=(0, 25), tricks=(1, 11))
    assert score_hand(rules, one_trick).score_delta == [30, 35]
    no_trick = facts(declaring=0, bid=25, meld=(30, 10), points=(0, 25), tricks=(0, 12))
    result = score_hand(rules, no_trick)
    assert result.went_set and result.score_delta == [-25, 35] and result.meld_counted == [False, True]


def test_declarer_meld_needs_option() -> None:
    f = facts(declaring=0, bid=250, meld=(300, 100), points=(0, 250), tricks=(1, 11))
    points = preset("partnership_auction", declarer_meld_needs="points")
    assert score_hand(points, f).score_delta == [-250, 350]
    trick = preset("partnership_auction", declarer_meld_needs="trick")
    assert score_hand(trick, f).score_delta == [300, 350]


def test_thrown_in_loses_the_bid_opponents_score_meld_without_a_trick() -> None:
    result = score_hand(preset("partnership_auction"), facts(how=THROWN_IN, points=(0, 0), tricks=(0, 0)))
    assert result.score_delta == [-300, 120] and result.meld_counted == [False, True]
    assert result.went_set and result.made is False
    nw = score_hand(preset("partnership_auction", set_gives_bid=True), facts(how=THROWN_IN))
    assert nw.score_delta == [0, 420]


def test_not_on_board_scores_like_a_throw_in() -> None:
    result = score_hand(preset("partnership_auction"), facts(how=NOT_ON_BOARD, bid=500, meld=(240, 80)))
    assert result.score_delta == [-500, 80]


def test_no_marriage_nobody_counts_meld() -> None:
    result = score_hand(preset("double_deck"), facts(how=NO_MARRIAGE, bid=50, meld=(0, 0)))
    assert result.score_delta == [-50, 0] and result.meld_counted == [False, False]


def test_three_handed_both_opponents_score() -> None:
    rules = preset("three_hand")
    f = HandFacts(PLAYED, 1, 300, [50, 200, 80], [0, 0, 0], [60, 150, 40], [2, 8, 0])
    result = score_hand(rules, f)
    assert result.made and result.score_delta == [110, 350, 40]
    assert result.meld_counted == [True, True, False]
    set_ = score_hand(rules, HandFacts(PLAYED, 1, 400, [50, 200, 80], [0, 0, 0], [60, 150, 40], [2, 8, 1]))
    assert set_.score_delta == [110, -400, 120]


def test_no_auction_each_side_scores_what_it_saved() -> None:
    rules = preset("partnership_turnup")
    f = HandFacts(PLAYED, None, 0, [90, 60], [10, 10], [250, 0], [12, 0])
    result = score_hand(rules, f)
    assert result.made is None and not result.went_set
    assert result.score_delta == [340, 0] and result.meld_counted == [True, False]


def test_two_handed_hand_adds_meld_already_laid_and_tricks() -> None:
    rules = preset("two_hand")
    result = score_hand(rules, HandFacts(PLAYED, None, 0, [190, 40], [10, 0], [130, 120], [13, 11]))
    assert result.score_delta == [320, 160] and result.meld_counted == [True, True]


def test_double_deck_both_sides_add_when_made_and_opponents_keep_theirs_when_set() -> None:
    rules = preset("double_deck")
    made = score_hand(rules, HandFacts(PLAYED, 0, 60, [40, 25], [0, 0], [30, 20], [12, 8]))
    assert made.score_delta == [70, 45]
    set_ = score_hand(rules, HandFacts(PLAYED, 0, 75, [40, 25], [0, 0], [30, 20], [12, 8]))
    assert set_.score_delta == [-75, 45]
    no_tricks = score_hand(rules, HandFacts(PLAYED, 0, 60, [40, 25], [0, 0], [50, 0], [20, 0]))
    assert no_tricks.score_delta == [90, 25], "meld_needs 'none': meld counts without a trick"
