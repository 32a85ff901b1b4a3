"""Each seat's accuracy in a hand and a game, and the hand's key moments (engine/ai/analysis/accuracy.py): counted from
the analysis' grades and costs, the moments said in the deciding seat's own words."""

from __future__ import annotations

import pytest

from engine.ai.analysis.accuracy import Accuracy, accuracy, game_accuracy, key_moments, moment_words, shown_cost
from engine.ai.analysis.advice import ANALYSIS_LEVELS
from engine.ai.analysis.hand import Alternative, DecisionReview, Grade, decisions_in, review_decision
from engine.game import Phase, new_game
from engine.rules import preset
from engine.sim import play_game

FOUR = ["You", "West", "North", "East"]
PAIRS = [[0, 2], [1, 3]]


def review(index: int, seat: int, grade: Grade, cost: float, kind: Phase = Phase.PLAY, title: str = "",
           chosen: str = "K♠", better: str = "A♠") -> DecisionReview:
    return DecisionReview(index, seat, kind, title or f"Decision {index}", None, Alternative(chosen, 100.0, None),
                          (Alternative(better, 100.0 + cost, None),), cost, None, grade in (Grade.MISTAKE,
                                                                                            Grade.BLUNDER),
                          "", grade, advised=better if cost else chosen)


HAND = [review(0, 0, Grade.GOOD, 4.4), review(1, 1, Grade.BLUNDER, 95.2), review(2, 0, Grade.INACCURACY, 12.6),
        review(3, 2, Grade.MISTAKE, 35.5), review(4, 0, Grade.BEST, 0.0), review(5, 3, Grade.INACCURACY, 35.5),
        review(6, 0, Grade.MISTAKE, 40.0)]


def test_accuracy_is_the_share_best_or_good_and_the_costs_the_steps_show() -> None:
    assert accuracy(HAND, 0) == Accuracy(4, 2, 13.0 + 40.0)  # the good decision's 4.4 is no cost shown
    assert accuracy(HAND, 0, tenths=True).lost == pytest.approx(52.6)
    assert accuracy(HAND, 0).percent == "50%" and accuracy(HAND, 1).percent == "0%"
    assert Accuracy().share is None and Accuracy().percent == "–"
    hands = [accuracy(HAND, 0), accuracy(HAND[:3], 0)]
    assert game_accuracy(hands) == Accuracy(6, 3, 53.0 + 13.0)
    assert game_accuracy(hands).percent == "50%"
    assert shown_cost(12.5, False) == 12.0 and shown_cost(12.45, True) == pytest.approx(12.4)


def test_the_key_moments_are_the_three_costliest_marked_decisions_of_any_seat() -> None:
    moments = key_moments(HAND)
    assert [m.action_index for m in moments] == [1, 6, 3]  # 95.2, 40, then the earlier of two 35.5s
    assert key_moments(HAND[:1]) == []  # a good decision is no key moment, whatever its cost in the deals


def test_a_key_moment_is_told_in_the_seats_own_words() -> None:
    mine = review(9, 0, Grade.MISTAKE, 39.0, title="Trick 3, your lead")
    assert moment_words(mine, FOUR, PAIRS, 0) == \
        "Trick 3, your lead: you led the K♠; the A♠ was worth about 39 more to your side"
    west = review(2, 1, Grade.BLUNDER, 80.0, Phase.BIDDING, "West's bid", "Bid 350", "Pass")
    assert moment_words(west, FOUR, PAIRS, 0) == \
        "West's bid: West bid 350; Pass was worth about 80 more to West and East"
    north = review(4, 2, Grade.INACCURACY, 12.0, Phase.PASSING, "North's pass to West", "Pass 9♣ J♣ Q♦ 10♦", "Pass A♠")
    assert moment_words(north, FOUR, PAIRS, 0).endswith("North passed 9♣ J♣ Q♦ 10♦; Pass A♠ was worth about 12 "
                                                        "more to you and North")
    alone = review(5, 1, Grade.MISTAKE, 3.25, Phase.TRUMP, "West's trump", "Hearts", "Spades")
    assert moment_words(alone, FOUR[:3], [[0], [1], [2]], 0, tenths=True) == \
        "West's trump: West named hearts trump; Spades was worth about 3.2 more to West"  # no side three-handed
    told = moment_words(mine, FOUR, PAIRS, None)  # a hand of computers: the seat named "You" is the hard computer
    assert "the hard computer led the K♠" in told and told.endswith("to the hard computer and North")


@pytest.mark.timeout(300)
def test_an_analysed_hand_counts_every_decision_once() -> None:
    rules = preset("three_hand")
    record = play_game(new_game(rules, seed=4), ["easy"] * 3, 4, 1).hand_records[0]
    reviews = [review_decision(record, i, level=ANALYSIS_LEVELS["medium"], every_card=False, viewer=0)
               for i, _seat in decisions_in(record)]
    seats = [accuracy(reviews, s) for s in range(rules.players)]
    assert sum(a.decisions for a in seats) == len(reviews)
    for seat, found in enumerate(seats):
        own = [r for r in reviews if r.seat == seat]
        assert found.sound == sum(r.grade in (Grade.BEST, Grade.GOOD) for r in own)
        assert found.lost == sum(round(r.cost) for r in own if r.grade not in (Grade.BEST, Grade.GOOD))
    moments = key_moments(reviews)
    assert len(moments) <= 3 and all(m.cost >= r.cost for m in moments for r in reviews if r not in moments
                                     and r.grade not in (Grade.BEST, Grade.GOOD))
