"""The cost of the player's decisions per hand and their accuracy (the share graded best or good): found in the
background after each hand (one decision at a time, only while no computer thinks), stored in the statistics' own
table, charted per game with each game's accuracy."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from conftest import wait_until
from test_screens_app import FakeApp, _display, app, click, render, row_named

from engine.ai.analysis.accuracy import SOUND, Accuracy, accuracy, game_accuracy
from engine.ai.analysis.hand import decisions_in, review_decision
from engine.game import new_game
from engine.rules import preset
from engine.sim import play_game
from pinochle_gui.screens import statistics_scene
from pinochle_gui.screens.cost_chart import EMPTY, TITLE, accuracy_words
from pinochle_gui.screens.review import ReviewScene
from pinochle_gui.screens.statistics import StatisticsScene
from pinochle_gui.storage.hand_costs import TABLE, HandCost
from pinochle_gui.storage.stats import StatsStore
from pinochle_gui.table.cost_job import CostedHand, HandCoster
from pinochle_gui.widgets.text import watch_text

__all__ = ["_display", "app"]

pytestmark = [pytest.mark.timeout(300), pytest.mark.cost_job]


def costs(store: StatsStore, *items: tuple[str, int, float]) -> None:
    for game_id, hand, cost in items:
        assert store.record_hand_cost(HandCost(game_id, hand, "two_hand", "hard", cost, 20)) == []


def test_the_store_keeps_each_hand_once_and_averages_per_game(tmp_path: Path) -> None:
    store, _ = StatsStore.open(tmp_path / "s.sqlite3")
    costs(store, ("g1", 1, 30.0), ("g1", 2, 10.0), ("g1", 2, 99.0), ("g2", 1, 5.0))
    series = store.cost_series()
    assert [(p.game_id, p.hands, p.average) for p in series] == [("g1", 2, 20.0), ("g2", 1, 5.0)]
    assert store.cost_series(variant="partnership_auction") == [] and len(store.cost_series(level="hard")) == 2
    bad = store.record_hand_cost(HandCost("g3", 1, "two_hand", "hard", float("nan"), 1))
    assert bad and bad[0].level == "error"
    assert store.reset() == [] and store.cost_series() == []
    store.close()


def test_the_table_is_made_when_missing(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store, _ = StatsStore.open(path)
    store.close()
    with sqlite3.connect(path) as db:  # a file written before the table existed
        db.execute("DROP TABLE hand_costs")
    store, messages = StatsStore.open(path)
    assert messages == []
    costs(store, ("g", 1, 12.0))
    assert store.cost_series()[0].average == 12.0
    store.close()


def test_each_game_has_the_accuracy_of_its_hands_added_up(tmp_path: Path) -> None:
    """The decisions graded best or good are kept with each hand's cost; a game's accuracy is its hands' added up,
    those stored before it was counted left out."""
    store, _ = StatsStore.open(tmp_path / "s.sqlite3")
    hands = {("g1", 1): Accuracy(12, 9, 30.0), ("g1", 2): Accuracy(10, 10, 0.0), ("g2", 1): Accuracy(8, 2, 95.5)}
    for (game_id, hand), found in hands.items():
        assert store.record_hand_cost(HandCost.of(game_id, hand, "two_hand", "hard", found)) == []
    costs(store, ("g2", 2, 40.0))  # no accuracy counted
    series = store.cost_series()
    assert [p.accuracy for p in series] == [game_accuracy([hands["g1", 1], hands["g1", 2]]), hands["g2", 1]]
    assert series[0].accuracy == Accuracy(22, 19, 30.0) and series[0].accuracy.percent == "86%"
    assert [(p.hands, p.average) for p in series] == [(2, 15.0), (2, (95.5 + 40.0) / 2)]
    bad = store.record_hand_cost(HandCost("g3", 1, "two_hand", "hard", 1.0, 2, sound=3))
    assert bad and bad[0].level == "error"
    store.close()


def test_a_table_made_before_the_accuracy_is_given_its_column(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store, _ = StatsStore.open(path)
    store.close()
    with sqlite3.connect(path) as db:  # the table as an older version made it, with one hand in it
        db.execute("DROP TABLE hand_costs")
        db.execute(TABLE.replace("    sound INTEGER CHECK (sound IS NULL OR sound BETWEEN 0 AND decisions),\n", ""))
        db.execute("INSERT INTO hand_costs (game_id, hand_number, variant, level, cost, decisions, recorded_at) "
                   "VALUES ('old', 1, 'two_hand', 'hard', 20.0, 5, 1.0)")
    store, messages = StatsStore.open(path)
    assert messages == []
    assert store.record_hand_cost(HandCost.of("old", 2, "two_hand", "hard", Accuracy(5, 4, 10.0))) == []
    assert [(p.hands, p.average, p.accuracy) for p in store.cost_series()] == [(2, 15.0, Accuracy(5, 4, 10.0))]
    store.close()


@pytest.mark.slow
def test_the_coster_adds_up_the_players_decisions_only_while_the_table_is_idle() -> None:
    game = new_game(preset("three_hand"), seed=3)  # three-handed: two-handed's analysis plays out the stock's orders
    game.humans = (0,)
    record = play_game(game, ["random", "easy", "easy"], 3, 1).hand_records[0]
    mine = [i for i, seat in decisions_in(record) if seat == 0]
    assert len(mine) > 5, mine  # the player bid and played the hand out
    coster = HandCoster(processes=False)
    try:
        coster.add(record, 0, "g", "easy")
        for _ in range(5):
            assert coster.poll(idle=False) == []  # a computer thinks: nothing is started
        hands: list[CostedHand] = []
        wait_until(lambda: hands, "the hand's cost, found while the table is idle",
                   step=lambda: hands.extend(coster.poll(idle=True)))
        found = [hand.cost for hand in hands]
        reviews = [review_decision(record, i, every_card=False, viewer=0) for i in mine]  # as the review grades
        assert found == [HandCost.of("g", 1, "three_hand", "easy", accuracy(reviews, 0))] and not coster.busy
        assert found[0].decisions == len(mine) and found[0].sound == sum(r.grade in SOUND for r in reviews)
        assert hands[0].reviews == tuple(reviews) and hands[0].record == record  # the costly ones are drills
    finally:
        coster.close()


def test_the_statistics_chart_the_cost_per_hand_per_game(app: FakeApp) -> None:
    scene = app.stack.push(statistics_scene(app))
    assert isinstance(scene, StatisticsScene)
    chart = row_named(scene, "Chart")
    while scene.chart != "cost":
        click(app, chart.arrows()[1].center)
    with watch_text() as seen:
        render(app)
    assert EMPTY in [t.text for t in seen]
    costs(app.storage.stats, ("a", 1, 40.0), ("a", 2, 20.0))
    hands = [Accuracy(12, 9, 12.0), Accuracy(6, 5, 0.0)]  # the last game's, as the coster finds them
    for hand, found in enumerate(hands, 1):
        app.storage.stats.record_hand_cost(HandCost.of("b", hand, "two_hand", "hard", found))
    scene.load()
    with watch_text() as seen:
        picture = render(app)
    texts = [t.text for t in seen]
    assert TITLE in texts and "2 games, 4 hands analysed" in " ".join(texts)
    assert [p.average for p in scene.costs] == [30.0, 6.0]
    game = game_accuracy(hands)  # the game's accuracy, shown over its point and said under the chart
    assert game.percent in texts and accuracy_words(scene.costs) in " ".join(texts)
    assert accuracy_words(scene.costs) == "Last game: 78% of your decisions best or good (14 of 18), 12 points lost"
    plot = scene.chart_rect
    reds = sum(picture.get_at((x, y))[:3] == scene.theme.bad
               for x in range(plot.x, plot.right, 2) for y in range(plot.y, plot.bottom, 2))
    assert reds > 20  # the line and its points


@pytest.mark.slow
def test_a_hand_played_at_the_table_goes_into_the_chart_with_its_reasons_in_the_record(tmp_path: Path) -> None:
    import random

    from tests.test_replay import frame, to_summary
    from tests.test_table_play import make_table

    app, table, screen = make_table(tmp_path, "three_hand", seed=4, level="easy")
    try:
        to_summary(app, table, screen, random.Random(2))
        record = table.game.hand_records[-1]
        computer = {seat for index, seat in decisions_in(record)} - {0}
        assert record["humans"] == [0] and record["reasons"] and computer == {1, 2}
        assert not {i for i, _text in record["reasons"]} & {i for i, seat in decisions_in(record) if seat == 0}
        wait_until(lambda: not app.coster.busy, "the hand's cost, found in the background",
                   step=lambda: frame(app, screen))
        series = app.storage.stats.cost_series()
        assert [(p.game_id, p.hands) for p in series] == [(table.config.game_key, 1)]
        table.review_last_hand()  # the review of the hand: "the cards" with the table's computers
        review = app.stack.top
        assert isinstance(review, ReviewScene) and review.analysis is not None
        assert review.analysis.seat == 0 and review.analysis.levels == [None, "easy", "easy"]
    finally:
        app.close()
