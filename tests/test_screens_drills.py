"""Practise your mistakes, on screen (:mod:`pinochle_gui.screens.drills`), driven by posted events: from the
statistics and from the review's summary, a costly decision of the player's is set up as they saw it, a choice is
graded with the review's numbers, counted in the statistics, and the hand is played on from it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from conftest import wait_until
from test_drills import costly_card
from test_screen_walk import problems
from test_screens_app import FakeApp, _display, app, button_named, click, click_button, key, render

from engine.actions import Bury
from engine.ai.analysis.advice import ANALYSIS_LEVELS, APP_SEED
from engine.ai.analysis.drills import Drill, grade_choice, verdict_words
from engine.ai.analysis.hand import (
    DecisionReview,
    HandAnalysis,
    action_words,
    decisions_in,
    game_before,
    review_at,
    review_decision,
    review_views,
)
from engine.game import new_game
from engine.record import HandRecord
from engine.rules import preset
from engine.sim import play_game
from pinochle_gui.screens import drills as drills_screen
from pinochle_gui.screens import drills_scene, open_review, review_analysis
from pinochle_gui.screens.drills import NO_DRILLS, DrillScene
from pinochle_gui.screens.review import ReviewScene
from pinochle_gui.screens.statistics import StatisticsScene
from pinochle_gui.storage import DrillKey, StoredDrill
from pinochle_gui.widgets.text import watch_text

__all__ = ["_display", "app"]


@pytest.fixture(autouse=True)
def _quick_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand is played on by easy computers: what is tried here is the screen, not the play."""
    monkeypatch.setattr(drills_screen, "LEVEL", "easy")


def kept_drill(app: FakeApp) -> HandRecord:
    """The player's three-handed hand, kept as the app keeps it after the hand, with its costly card a drill."""
    record, review = costly_card()
    assert app.storage.record_hand(record, 0, [None, "easy", "easy"], game_id="g1") == []
    assert app.storage.stats.keep_hand_record("g1", record) == []
    assert app.storage.drills.keep("g1", record, "easy", 0, [review]) == []
    return record


def texts(app: FakeApp) -> list[str]:
    with watch_text() as seen:
        render(app)
    assert problems(seen) == [], problems(seen)  # whole texts, cards by suit symbols, no identifiers
    return [t.text for t in seen]


def test_a_drill_from_the_statistics_is_graded_counted_and_played_on(app: FakeApp) -> None:
    record = kept_drill(app)
    _record, review = costly_card()
    stats = app.stack.push(StatisticsScene(app))
    assert "Drills: 0 of 1 solved" in texts(app)
    click_button(app, "Practise your mistakes")
    scene = app.stack.top
    assert isinstance(scene, DrillScene) and scene.entry is not None
    shown = texts(app)
    assert review.title in shown and "The hand so far" in shown and "Drill 1 of 1" in " ".join(shown)
    assert any(f"you {review.chosen.action}" in line or review.chosen.action in line for line in shown)
    best = scene.entry.drill.best
    click_button(app, best.words)  # the review's best: found, solved
    said = " ".join(texts(app))
    expected = verdict_words(grade_choice(scene.entry.drill, best.words))
    assert expected.startswith("You found the best") and expected.split(" in the hand")[0] in said
    assert f"about {review.cost:.0f} more" in expected  # the review's very cost
    assert scene.entry.attempts == 1 and scene.entry.solved
    wait_until(lambda: (scene.line is not None and scene.control is not None) or scene.failed,
               "the hand played on from the choice and from the choice made", step=lambda: app.stack.update(0.1))
    assert scene.failed == "" and scene.line is not None
    assert scene.line["actions"][review.action_index] == best.action
    assert "Your choice played on" in " ".join(texts(app))
    assert button_named(scene, "Step through it").enabled
    click_button(app, "Choose again")
    click_button(app, review.chosen.action)  # the choice made in the hand again: not solved, still counted
    assert "Still not the best" in " ".join(texts(app))
    [kept] = app.storage.drills.drills()
    assert (kept.key, kept.attempts, kept.solved) == (DrillKey("g1", 1, review.action_index), 2, True)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is stats and "Drills: 1 of 1 solved" in texts(app)
    assert record["hand_number"] == 1


def test_a_card_of_the_hand_is_chosen_by_a_click(app: FakeApp) -> None:
    kept_drill(app)
    scene = app.stack.push(drills_scene(app))
    assert isinstance(scene, DrillScene) and scene.entry is not None
    texts(app)  # drawn: the cards lie where they are shown
    best = scene.entry.drill.best
    spot = next(rect for rect, words in scene.card_spots if words == best.words)
    click(app, spot.center)
    assert scene.chosen == best and scene.verdict is not None and scene.verdict.found_best
    scene.leave()


def test_without_drills_the_screen_says_where_they_come_from(app: FakeApp) -> None:
    app.stack.push(drills_scene(app))
    assert " ".join(NO_DRILLS.split()[:6]) in " ".join(texts(app))
    assert not button_named(app.stack.top, "Next drill").enabled


def analysed(monkeypatch: pytest.MonkeyPatch) -> tuple[HandRecord, DecisionReview]:
    """The player's hand, its analysis finished (its costly card; the review finds it at once), and "the cards"
    played with the hard computer in the seat at once (the same hand: not what is tried here)."""
    record, review = costly_card()
    monkeypatch.setitem(review_analysis.FINISHED, review_analysis.hand_key(record, 0), HandAnalysis(0, (review,)))
    monkeypatch.setattr(review_analysis, "play_seat_again", lambda record, seat, levels: record)
    return record, review


def test_the_reviews_summary_practises_this_hands_mistakes_first(app: FakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    kept_drill(app)
    record, review = analysed(monkeypatch)
    assert open_review(app, [record])
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    key(app, pygame.K_s)  # the summary
    click_button(app, "Practise your mistakes")
    drills = app.stack.top
    assert isinstance(drills, DrillScene) and drills.entry is not None
    assert drills.entry.key == DrillKey("g1", 1, review.action_index)  # the kept drill, with its progress
    assert "This hand's costly decisions first (1)" in " ".join(texts(app))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_a_hand_not_kept_is_practised_without_keeping_progress(app: FakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand opened from a file (or one whose analysis for the statistics is not done): its drills are practised,
    and nothing goes into the statistics."""
    record, review = analysed(monkeypatch)
    assert open_review(app, [record])
    key(app, pygame.K_p)  # P: practise your mistakes, from any step of the review
    drills = app.stack.top
    assert isinstance(drills, DrillScene) and drills.entry is not None and drills.entry.key is None
    click_button(app, drills.entry.drill.best.words)
    assert drills.entry.attempts == 1 and drills.entry.solved
    assert app.storage.drills.drills() == [] and app.storage.drills.progress().total == 0
    drills.leave()


@pytest.mark.cost_job  # the app's own cost job, after a hand
def test_the_cost_job_after_a_hand_keeps_its_costly_decisions_as_drills(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The app after a hand the player played: the cost job reviews the player's decisions (here with the medium
    search, to be quick), and the costly ones are drills of that hand, in the statistics."""
    from test_table_play import make_table

    from pinochle_gui.table import cost_job

    monkeypatch.setattr(cost_job, "decision_graded", lambda record, index, seat: review_views(
        record, index, APP_SEED, ANALYSIS_LEVELS["medium"], every_card=False, viewer=seat)[1])
    record, review = costly_card()
    app, table, screen = make_table(tmp_path, "three_hand")
    try:
        app.hands_finished(table, [record])
        wait_until(lambda: not app.coster.busy, "the hand's decisions costed", step=lambda: app.tick(0.05))
        app.tick(0.05)
        found = app.storage.drills.drills()
        assert review.action_index in [d.key.action_index for d in found if d.key is not None]
        assert all(d.key == DrillKey(table.config.game_key, 1, d.drill.action_index) and d.drill.review.costly
                   and d.drill.record == record for d in found)
        assert [d.levels for d in found][0] == (None, "random", "random")  # the table's computers
    finally:
        app.close()


def test_a_bury_is_picked_on_the_hand_and_cards_not_valued_are_valued_as_the_review_would(
        app: FakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bury (three-handed, the player declaring): the cards are picked on the hand as at the table; a set the
    analysis did not value is valued first, as the review would have reviewed it, then graded like the others."""
    monkeypatch.setattr(drills_screen, "VALUE_LEVEL", "easy")
    game = new_game(preset("three_hand"), seed=6)
    game.humans, game.players = (0,), ["You", "West", "North"]
    record = play_game(game, ["easy"] * 3, 6, 1).hand_records[0]
    index = next(i for i, seat in decisions_in(record) if seat == 0 and game_before(record, i)[0].phase == "bury")
    review = review_decision(record, index, APP_SEED, ANALYSIS_LEVELS["easy"], every_card=False, viewer=0)
    scene = app.stack.push(DrillScene(app, [StoredDrill(None, Drill(record, review), "three_hand",
                                                        (None, "easy", "easy"))]))
    assert isinstance(scene, DrillScene) and scene.picker is not None and scene.picker in scene.widgets
    assert "Choose 3 cards to bury" in texts(app)
    before, _made = game_before(record, index)
    fresh = next(a for a in before.legal_actions() if isinstance(a, Bury)
                 and scene.entry is not None and scene.entry.drill.choice(action_words(a, before)) is None)
    for card in fresh.cards:  # picked on the hand, by clicks
        place = next(i for i, c in enumerate(scene.picker.cards) if c == card and i not in scene.picker.chosen)
        rect = scene.picker.card_rects()[place]
        click(app, (rect.x + 3, rect.centery))  # its left edge: the card after it lies over the rest
    assert len(scene.picker.chosen) == 3, (scene.picker.chosen, scene.picker.status())
    assert button_named(scene, "Choose the cards picked").enabled
    click_button(app, "Choose the cards picked")
    wait_until(lambda: scene.chosen is not None or scene.failed, "the cards picked, valued",
               step=lambda: app.stack.update(0.1))
    assert scene.failed == "" and scene.verdict is not None and scene.entry is not None
    as_made = review_at(before, fresh, index, APP_SEED, ANALYSIS_LEVELS["easy"], every_card=False, viewer=0)
    assert (scene.verdict.grade, scene.verdict.choice.cost) == (as_made.grade, as_made.cost)
    assert len(scene.entry.drill.review.choices) == len(review.choices) + 1 and scene.entry.attempts == 1
    wait_until(lambda: (scene.line is not None and scene.control is not None) or scene.failed,
               "both lines played on", step=lambda: app.stack.update(0.1))
    said = " ".join(texts(app))
    assert "Your choice played on" in said and ("As played" in said or "The choice made, played on" in said)
    scene.leave()
