"""The cost of a hand and its review share their work (pinochle_gui/shared_analysis.py): the player's decisions
reviewed from the player's view are one computation (engine.ai.analysis.hand.SeatView), valued once by whichever job
comes first. The choices are valued by a quick stand-in here (the same for both jobs, seeded as the real one), so
that each test takes a moment; tests/test_analysis.py checks the real valuation's seat view against the review."""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from conftest import wait_until

from engine.actions import Action, DeclareOut
from engine.ai.analysis import advice
from engine.ai.analysis import hand as analysis
from engine.ai.analysis.accuracy import accuracy
from engine.ai.analysis.advice import APP_SEED
from engine.ai.analysis.hand import DecisionReview, decisions_in, review_views
from engine.ai.analysis.valuation import Valuation
from engine.ai.analysis.worker import Analyst
from engine.ai.players.levels import Level
from engine.game import Game, new_game
from engine.rules import preset
from engine.sim import play_game
from pinochle_gui.screens import review_analysis
from pinochle_gui.screens.review_analysis import ReviewAnalysis
from pinochle_gui.shared_analysis import SharedAnalysis, view_key
from pinochle_gui.table.cost_job import CostedHand, HandCoster

pytestmark = pytest.mark.cost_job  # the cost job works here (tests/conftest.py)


def quick_valuation(game: Game, seat: int, level: Level, rng: random.Random, chosen: Action | None = None) -> Valuation:
    """A few choices (and the one made), each worth four numbers drawn from ``rng``: as the real valuation, the
    same seed gives the same values."""
    legal = [a for a in game.legal_actions() if not isinstance(a, DeclareOut)][:5]
    if chosen is not None and chosen not in legal:
        legal.append(chosen)
    return Valuation({a: tuple(round(rng.uniform(-50, 50), 1) for _ in range(4)) for a in legal})


@cache
def three_handed() -> dict[str, Any]:
    game = new_game(preset("three_hand"), seed=3)
    game.humans = (0,)
    return play_game(game, ["random", "easy", "easy"], 3, 1).hand_records[0]


class Counted:
    """The seat views valued (by action), wherever they were asked for."""

    def __init__(self) -> None:
        self.actions: list[int] = []
        self.hold: threading.Event | None = None  # while set up, the first seat view waits for it

    def __call__(self, game: Game, action: Action, action_index: int, *args: Any, **kwargs: Any) -> analysis.SeatView:
        self.actions.append(action_index)
        if self.hold is not None and len(self.actions) == 1:
            assert self.hold.wait(30)
        return SEAT_VIEW_AT(game, action, action_index, *args, **kwargs)


SEAT_VIEW_AT = analysis.seat_view_at


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    monkeypatch.setattr(advice, "valuation", quick_valuation)
    monkeypatch.setattr(analysis, "valuation", quick_valuation)
    monkeypatch.setattr(review_analysis, "FINISHED", OrderedDict())
    count = Counted()
    monkeypatch.setattr(analysis, "seat_view_at", count)
    yield count


def mine() -> list[int]:
    return [i for i, seat in decisions_in(three_handed()) if seat == 0]


def cost(coster: HandCoster) -> CostedHand:
    hands: list[CostedHand] = []
    wait_until(lambda: hands, "the hand's cost", step=lambda: hands.extend(coster.poll(idle=True)), seconds=60)
    return hands[0]


def reviewed(review: ReviewAnalysis) -> dict[int, DecisionReview]:
    wait_until(lambda: review.analysed, "the hand's review", step=lambda: review.poll(1.0), seconds=60)
    return review.decisions


def unshared() -> dict[int, DecisionReview]:
    """The review of the hand as made alone."""
    review = ReviewAnalysis(three_handed(), 0, processes=False)
    try:
        return dict(reviewed(review))
    finally:
        review.close()
        review_analysis.FINISHED.clear()


def seat_view_only(review: DecisionReview) -> DecisionReview:
    return review_views(three_handed(), review.action_index, APP_SEED, every_card=False, viewer=0)[0]


def test_the_cost_jobs_seat_views_are_the_reviews_and_the_review_adds_the_view_with_every_card(
        counted: Counted) -> None:
    record = three_handed()
    alone = unshared()
    assert sorted(counted.actions) == [i for i, _s in decisions_in(record)]  # every decision valued once
    shared = SharedAnalysis()
    coster = HandCoster(processes=False, shared=shared)
    counted.actions.clear()
    try:
        coster.add(record, 0, "g", "easy")
        hand = cost(coster)
    finally:
        coster.close()
    assert counted.actions == mine() and coster.valued == len(mine())
    views = shared.views(view_key(record, 0, 0, "hard"))
    assert sorted(views) == mine() and hand.reviews == tuple(views[i].review for i in mine())
    assert hand.cost.decisions == len(mine()) and shared.hand_accuracy(record) == {0: accuracy(hand.reviews, 0)}
    counted.actions.clear()
    review = ReviewAnalysis(record, 0, processes=False, shared=shared)
    try:
        found = reviewed(review)
    finally:
        review.close()
    assert sorted(counted.actions) == [i for i, s in decisions_in(record) if s != 0]  # the others' only
    assert found == alone  # the same review: the same seed, level and view
    for index in mine():
        full, seat_view = found[index], views[index].review
        assert full.seen_cost is not None or full.chosen.seen_value is not None
        assert (seat_view.grade, seat_view.cost, seat_view.error, seat_view.choices, seat_view.advised) == \
            (full.grade, full.cost, full.error, full.choices, full.advised)
    assert set(shared.hand_accuracy(record)) == {0, 1, 2}


def test_the_cost_job_leaves_a_hand_under_review_to_it_and_takes_its_seat_views(counted: Counted) -> None:
    record = three_handed()
    shared = SharedAnalysis()
    coster = HandCoster(processes=False, shared=shared)
    review = ReviewAnalysis(record, 0, processes=False, shared=shared)
    try:
        coster.add(record, 0, "g", "easy")
        for _ in range(3):
            assert coster.poll(idle=True) == []  # the review works on the hand: the cost job waits for it
        reviewed(review)
        hand = cost(coster)
    finally:
        review.close()
        coster.close()
    assert coster.valued == 0 and sorted(counted.actions) == [i for i, _s in decisions_in(record)]
    assert hand.reviews == tuple(seat_view_only(review.decisions[i]) for i in mine())


def test_a_review_closed_early_leaves_the_rest_to_the_cost_job(counted: Counted) -> None:
    record = three_handed()
    shared = SharedAnalysis()
    key = view_key(record, 0, 0, "hard")
    review = ReviewAnalysis(record, 0, processes=False, shared=shared)
    wait_until(lambda: len(review.decisions) >= 2, "two of the player's decisions", step=lambda: review.poll(1.0),
               seconds=60)
    review.close()
    done = sorted(shared.views(key))
    assert done and not shared.reviewing(key)
    coster = HandCoster(processes=False, shared=shared)
    try:
        coster.add(record, 0, "g", "easy")
        hand = cost(coster)
    finally:
        coster.close()
    assert coster.valued == len(mine()) - len(done) and hand.cost.decisions == len(mine())


def test_the_decision_the_cost_job_works_on_comes_last_and_is_taken_from_it(counted: Counted) -> None:
    """The cost job is valuing one of the player's decisions when the review opens: the review puts it after the
    player's others, and once the cost job has it, takes its seat view instead of valuing it again."""
    record = three_handed()
    shared = SharedAnalysis()
    key = view_key(record, 0, 0, "hard")
    working = mine()[1]
    shared.working_on(key, working)
    counted.hold = threading.Event()  # the review's first decision waits until the cost job's is in
    review = ReviewAnalysis(record, 0, processes=False, shared=shared)
    try:
        assert review._analyst is not None
        order = [i for i, s in review._analyst.order if s == 0]
        assert order == [i for i in mine() if i != working] + [working]
        wait_until(lambda: counted.actions, "the review's first decision begun", seconds=60)
        view = review_views(record, working, APP_SEED, every_card=False, viewer=0)[1]  # the cost job's, found
        shared.add(key, {working: view})
        shared.working_on(key, None)
        review.poll(1.0)  # takes it
        counted.hold.set()
        found = reviewed(review)
    finally:
        counted.hold.set()
        review.close()
    assert counted.actions.count(working) == 1  # the cost job's only (above), not the review's
    assert found == unshared()


def test_the_analyst_spares_a_decision_whose_seat_view_comes_while_it_waits(counted: Counted) -> None:
    record = three_handed()
    later = mine()[-1]
    counted.hold = threading.Event()
    analyst = Analyst(processes=False, level="easy")
    try:
        analyst.start(record, 0, APP_SEED, viewer=0, later=(later,))
        wait_until(lambda: counted.actions, "the first decision begun", seconds=60)
        view = review_views(record, later, APP_SEED, every_card=False, viewer=0)[1]
        assert analyst.reuse({later: view}) == 1 and analyst.reuse({later: view}) == 0
        counted.hold.set()
        result = analyst.wait(timeout=60)
    finally:
        counted.hold.set()
        analyst.close()
    assert counted.actions.count(later) == 1 and len(result.decisions) == len(decisions_in(record))
    assert analyst.order[:2] == [(mine()[0], 0), (later, 0)]  # after the one under way, started again first


def test_each_seat_has_its_accuracy_in_the_game_over_the_hands_analysed(counted: Counted) -> None:
    """The summary's game column: each seat's hands added up, those reviewed (every seat) and those the cost job
    found (the player's), the hand shown as found so far; a deal played again is not one of the game's hands."""
    from pinochle_gui.screens.review_summary import accuracy_lines

    game = new_game(preset("three_hand"), seed=4)
    game.humans = (0,)
    first, second, third = play_game(game, ["random", "easy", "easy"], 4, 3).hand_records[:3]
    again = {**first, "actions": first["actions"][:-1]}  # as a deal played again: another hand, the same number
    shared = SharedAnalysis()
    coster = HandCoster(processes=False, shared=shared)
    try:
        coster.add(second, 0, "g", "easy")  # the player's decisions of the second hand only
        cost(coster)
    finally:
        coster.close()
    review = ReviewAnalysis(first, 0, processes=False, shared=shared)
    try:
        hand_one = reviewed(review)
    finally:
        review.close()
    review = ReviewAnalysis(third, 0, processes=False, shared=shared, game=[again, first, second, third])
    try:
        hand_three = reviewed(review)
        for seat in (0, 1, 2):
            hands = [hand_one, hand_three] + ([shared.views(view_key(second, 0, 0, "hard"))] if seat == 0 else [])
            reviews = [r if isinstance(r, DecisionReview) else r.review for h in hands for r in h.values()]
            assert review.game_accuracy(seat) == (accuracy(reviews, seat), len(hands))
        lines = accuracy_lines(review)
        assert [line[3] for line in lines] == \
            [f"{review.game_accuracy(s)[0].percent} ({review.game_accuracy(s)[1]} hands)" for s in (0, 1, 2)]
    finally:
        review.close()


def test_the_analysis_works_below_the_tables_computers() -> None:
    """The review's analysis workers run at a lower priority than the table's computers (a Thinker's pool, 5 steps
    down), the cost job's lower still (capped at 19, the lowest)."""
    import inspect
    import os

    from engine.ai.analysis.worker import ANALYSIS_NICENESS, background_pool
    from pinochle_gui.table.cost_job import LAST

    analyst = Analyst(processes=True, workers=1)
    try:
        found = analyst._pool().submit(os.nice, 0).result(timeout=60)
    finally:
        analyst.close()
    assert found == min(19, os.nice(0) + ANALYSIS_NICENESS)
    assert inspect.signature(background_pool).parameters["niceness"].default == 5 < ANALYSIS_NICENESS < LAST
