"""What the review marks, and what its summary and graph add up, read from an analysis made up here (the
app keeps finished analyses by hand, ``review_analysis.FINISHED``, so the review opens with it at once):
inaccuracies on the step bar and under C as well as the costly decisions, the summary's sums the sums of the
costs the steps show, each seat's accuracy and the key moments the analysis record's, what the hint advised at
every step, all of it whole at every text size, the graph's line starting before the first decision and joining
the side's own view."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from conftest import each_once_fast, param_id, players_hand
from test_screen_walk import problems, text_overlaps
from test_screens_app import FakeApp, _display, app, click, key, render

from engine.ai.analysis.accuracy import accuracy, key_moments, moment_words
from engine.ai.analysis.hand import (
    Alternative,
    DecisionReview,
    Grade,
    HandAnalysis,
    action_words,
    decisions_in,
    game_before,
)
from engine.game import Phase
from engine.record import HandRecord
from pinochle_gui.fonts import SMALLEST_PRINT, set_text_scale
from pinochle_gui.screens import open_review, review_analysis
from pinochle_gui.screens import try_again as try_again_screen
from pinochle_gui.screens.review import ReviewScene
from pinochle_gui.screens.review_graph import graph_points
from pinochle_gui.screens.review_summary import MOMENTS, seat_roles
from pinochle_gui.screens.try_again import TryAgainScene
from pinochle_gui.widgets import NoteButton
from pinochle_gui.widgets.text import watch_text

__all__ = ["_display", "app"]

#: The grade and cost given to the player's decisions in turn (a cost under the threshold is no cost shown).
GIVEN = [(Grade.GOOD, 4.4), (Grade.INACCURACY, 12.6), (Grade.MISTAKE, 35.5), (Grade.GOOD, 0.0),
         (Grade.BLUNDER, 95.2), (Grade.INACCURACY, 18.4)]


def made_up(record: HandRecord) -> HandAnalysis:
    """An analysis of every decision of ``record``: the player's (seat 0) graded in turn as :data:`GIVEN`, the
    others good; each valued 100 from its seat's view, the best other its cost more (and the hint's advice)."""
    reviews = []
    mine = 0
    for index, seat in decisions_in(record):
        grade, cost = GIVEN[mine % len(GIVEN)] if seat == 0 else (Grade.GOOD, 0.0)
        mine += seat == 0
        game, made = game_before(record, index)
        other = next(a for a in game.legal_actions() if a != made)
        advised = action_words(other if cost else made, game)
        reviews.append(DecisionReview(index, seat, Phase.PLAY, f"Decision {index}", None,
                                      Alternative(action_words(made, game), 100.0, None),
                                      (Alternative(action_words(other, game), 100.0 + cost, None),), cost, None,
                                      grade in (Grade.MISTAKE, Grade.BLUNDER), "a reason" if cost > 10 else "",
                                      grade, advised=advised))
    return HandAnalysis(0, tuple(reviews))


@pytest.fixture
def review(app: FakeApp, monkeypatch: pytest.MonkeyPatch) -> Iterator[ReviewScene]:
    monkeypatch.setattr(review_analysis, "play_seat_again", lambda record, _seat, _levels: record)
    record = players_hand("partnership_auction", 5)
    review_analysis.FINISHED[review_analysis.hand_key(record, 0)] = made_up(record)
    assert open_review(app, [record])
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.analysis is not None and scene.analysis.analysed
    yield scene
    review_analysis.FINISHED.pop(review_analysis.hand_key(record, 0), None)


def texts(app: FakeApp) -> list[str]:
    with watch_text() as seen:
        render(app)
    return [t.text for t in seen]


def test_c_goes_to_every_marked_decision_inaccuracies_too(app: FakeApp, review: ReviewScene) -> None:
    analysis = review.analysis
    assert analysis is not None
    marked = [i for i, s in enumerate(review.steps) if s.action_index in analysis.decisions
              and analysis.decisions[s.action_index].grade in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)]
    assert any(analysis.decisions[review.steps[i].action_index or 0].grade == Grade.INACCURACY for i in marked)
    assert review.marked_steps() == marked
    visited = []
    for _ in marked:
        key(app, pygame.K_c)
        visited.append(review.at)
    assert visited == marked
    render(app)
    for i in marked:  # each on the step bar, in its colour
        x = review.bar.x + 6 + round((review.bar.w - 12) * i / (len(review.steps) - 1))
        colour = review.layer().get_at((x, review.bar.y - 2))[:3]
        grade = analysis.decisions[review.steps[i].action_index or 0].grade
        assert colour == (review.theme.marked if grade == Grade.INACCURACY else review.theme.bad)[:3], (i, grade)


def test_the_summarys_sums_are_the_costs_the_steps_show(app: FakeApp, review: ReviewScene) -> None:
    """The cost each step shows ("... here cost about 13"), added up, is what the summary says the player's
    decisions cost; a cost no step shows (within the threshold) is not in it."""
    shown: list[float] = []
    key(app, pygame.K_HOME)
    for _ in range(len(review.steps)):
        if review.step.seat == 0:
            shown += [float(m) for t in texts(app) for m in re.findall(r"here cost about (\d+(?:\.\d)?)", t)]
        key(app, pygame.K_RIGHT)
    assert shown and 4.0 not in shown  # the good decision's 4.4 shows no cost
    key(app, pygame.K_s)
    said = " ".join(texts(app))
    total = re.search(r"Your marked decisions cost about (\d+): (\d+) in mistakes and blunders, (\d+) in "
                      r"inaccuracies", said)
    assert total is not None, said
    costly = [c for c in shown if c >= 30]
    assert [int(n) for n in total.groups()] == [sum(shown), sum(costly), sum(shown) - sum(costly)]
    analysis = review.analysis
    assert analysis is not None and analysis.points(analysis.lost(0), signed=False) == f"{sum(shown):.0f}"
    assert f" {sum(shown):.0f} " in f" {said} "  # "Points lost to decisions": yours, the same


def test_the_graph_starts_before_the_first_decision_and_joins_the_sides_own(review: ReviewScene) -> None:
    analysis = review.analysis
    assert analysis is not None
    start, *points = graph_points(analysis)
    first = analysis.decisions[min(analysis.decisions)]
    sign = 1 if first.seat in (0, 2) else -1
    assert start.action_index is None and start.value == sign * max(a.value for a in (first.chosen, *first.best))
    assert [p.ours for p in points] == [analysis.decisions[p.action_index or 0].seat in (0, 2) for p in points]
    assert [p.inaccuracy for p in points] == [analysis.decisions[p.action_index or 0].grade == Grade.INACCURACY
                                              and analysis.decisions[p.action_index or 0].seat == 0 for p in points]


def test_try_again_lists_the_best_first_plays_with_the_tables_computers_and_says_why(
        app: FakeApp, review: ReviewScene, monkeypatch: pytest.MonkeyPatch) -> None:
    """The choices the analysis valued first, best first, with their values; the line and the choice made played
    on by the table's computers (medium here, the hard one in the player's seat), said so; the verdict with its
    reason."""
    record = review.records[0]
    calls: list[object] = []

    def worse_by_40(played: HandRecord, index: int, choice: object, *args: object) -> HandRecord:
        calls.append((played, index, choice, *args))
        if choice == played["actions"][index]:  # the choice made, played on: the hand as played
            return record
        return {**record, "score_delta": [record["score_delta"][0] - 40, *record["score_delta"][1:]]}

    monkeypatch.setattr(try_again_screen, "play_on", worse_by_40)
    analysis = review.analysis
    assert analysis is not None
    marked = analysis.marked(0)[0]
    review.go(next(i for i, s in enumerate(review.steps) if s.action_index == marked.action_index))
    key(app, pygame.K_t)
    chooser = app.stack.top
    assert isinstance(chooser, TryAgainScene)
    assert [words for words, _ in chooser.choices[:2]] == [marked.best[0].action, marked.chosen.action]
    assert chooser.levels == [None, "medium", "medium", "medium"]
    said = " ".join(texts(app))
    assert "(medium in the other seats, as at the table; hard in your seat)." in said
    assert f"{marked.best[0].action}  {analysis.points(marked.best[0].value)}" in said
    chooser.choose(chooser.choices[0])
    for _ in range(200):
        app.stack.update(0.1)
        if chooser.line is not None and chooser.control is not None:
            break
        time.sleep(0.005)
    assert chooser.line is not None and len(calls) == 2 and all(c[-1] == chooser.levels for c in calls)
    said = " ".join(texts(app))
    assert "40 less than as played" in said and f"Why {marked.chosen.action} did better:" in said


def test_each_step_says_what_the_hint_advised(app: FakeApp, review: ReviewScene) -> None:
    """The player's decisions say what the hint advised there ("The hint advised K♣"), the others' what it would
    have advised, in the analysis' words; where the choice made was the advice, that it was."""
    analysis = review.analysis
    assert analysis is not None
    key(app, pygame.K_HOME)
    said = 0
    for _ in range(len(review.steps)):
        found = analysis.decisions.get(review.step.action_index) if review.step.action_index is not None else None
        if found is not None:
            shown = " ".join(texts(app))  # a line wrapped in the notes' panel joined again
            verb = "advised" if found.seat == 0 else "would have advised"
            same = ", the choice made" if found.advised == found.chosen.action else ""
            assert f"The hint {verb} {found.advised}{same} " in shown, (review.at, shown)
            said += 1
        key(app, pygame.K_RIGHT)
    assert said == len(analysis.decisions)


def test_the_summary_shows_each_seats_accuracy_and_the_key_moments_as_the_analysis_has_them(
        app: FakeApp, review: ReviewScene) -> None:
    """Each seat's share of decisions best or good and its points lost, and the hand's three costliest decisions
    of any seat in the seat's words, are the analysis record's (worked out here again from the record alone);
    a key moment goes to its step."""
    analysis = review.analysis
    assert analysis is not None
    record = review.records[0]
    kept = review_analysis.FINISHED[review_analysis.hand_key(record, 0)]
    key(app, pygame.K_s)
    shown = texts(app)
    assert "Accuracy and points lost to decisions" in shown and MOMENTS in shown
    for seat, role in seat_roles(record, 0):
        found = accuracy(kept.decisions, seat)
        row = shown.index(role)
        assert shown[row + 1: row + 3] == [f"{found.percent} ({found.sound} of {found.decisions})",
                                           f"{found.lost:.0f}"], (role, shown[row: row + 3])
    mine = accuracy(kept.decisions, 0)
    given = [GIVEN[i % len(GIVEN)][0] for i in range(mine.decisions)]  # the player's grades, in turn
    assert mine.sound == sum(g in (Grade.BEST, Grade.GOOD) for g in given) and mine.lost == analysis.lost(0)
    buttons = [w for w in review.widgets if isinstance(w, NoteButton)]
    moments = key_moments(kept.decisions)
    assert [b.text for b in buttons] == [moment_words(m, record["players"], record["teams"], 0) for m in moments]
    assert [m.cost for m in moments] == [95.2, 35.5, 35.5] and buttons[0].text.startswith(moments[0].title)
    click(app, buttons[0].rect.center)
    assert review.summary is None and review.step.action_index == moments[0].action_index


@pytest.mark.parametrize(("text_size", "size"),
                         each_once_fast([100, 125, 150], [(720, 1280), (1280, 720), (1920, 1080)]),
                         ids=param_id)
def test_the_summary_and_the_advice_read_whole_at_every_text_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text_size: int, size: tuple[int, int]) -> None:
    """The summary (every key moment, or a heading that says how many fit) and a step with its advice: no text
    cut, under the smallest print at the player's size, or over another."""
    monkeypatch.setattr(review_analysis, "play_seat_again", lambda record, _seat, _levels: record)
    record = players_hand("partnership_auction", 5)
    review_analysis.FINISHED[review_analysis.hand_key(record, 0)] = made_up(record)
    fake = FakeApp(tmp_path, size)
    set_text_scale(text_size)
    try:
        assert open_review(fake, [record])
        scene = fake.stack.top
        assert isinstance(scene, ReviewScene)
        scene.go(next(i for i, s in enumerate(scene.steps) if s.action_index is not None and s.seat == 0 and i > 8))
        for summary in (False, True):
            if summary:
                key(fake, pygame.K_s)
            with watch_text() as seen:
                render(fake)
            found = problems(seen, SMALLEST_PRINT * text_size // 100) + text_overlaps(seen)
            assert not found, "\n".join(found)
        shown = [t.text for t in seen]
        assert MOMENTS in shown or any(t.startswith("Key moments: ") and t.endswith(" of 3 fit here") for t in shown)
    finally:
        set_text_scale(100)
        fake.close()
        review_analysis.FINISHED.pop(review_analysis.hand_key(record, 0), None)
