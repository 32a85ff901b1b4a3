"""The statistics screen: numbers from the store, filters, the chart, and a reset with confirmation."""

from __future__ import annotations

import pygame
import pytest
from test_screens_app import SIZES, FakeApp, _display, app, button_named, click, click_button, key, render, row_named

from pinochle_gui.screens import statistics_scene
from pinochle_gui.screens.dialogs import ConfirmDialog
from pinochle_gui.screens.statistics import StatisticsScene, tiles
from pinochle_gui.storage import GameStat

__all__ = ["_display", "app"]


def record(app: FakeApp, game_id: str, won: bool, variant: str = "partnership_auction", level: str = "hard") -> None:
    players = 2 if variant == "two_hand" else 4
    teams = ((0,), (1,)) if players == 2 else ((0, 2), (1, 3))
    levels = (None, *([level] * (players - 1)))
    game = GameStat(
        game_id=game_id,
        variant=variant,
        player_seat=0,
        levels=levels,
        teams=teams,
        final_scores=(1510, 1200) if won else (900, 1520),
        winner_side=0 if won else 1,
        hands=5,
    )
    assert app.storage.stats.record_game(game) == []


def open_stats(app: FakeApp) -> StatisticsScene:
    scene = app.stack.push(statistics_scene(app))
    assert isinstance(scene, StatisticsScene)
    render(app)
    return scene


def shown(scene: StatisticsScene) -> dict[str, str]:
    return {label: value for label, value, _ in tiles(scene.summary)}


def test_numbers_come_from_the_store(app: FakeApp) -> None:
    for i, won in enumerate((True, True, False, True)):
        record(app, f"g{i}", won)
    scene = open_stats(app)
    numbers = shown(scene)
    assert numbers["Games"] == "4" and numbers["Win rate"] == "75%" and numbers["Longest streak"] == "2"
    assert numbers["Rating"] == f"{app.storage.stats.rating():.0f}" != "1500"
    assert [p.won for p in scene.points] == [True, True, False, True]
    assert scene.chart_series() == app.storage.stats.rating_series()


def test_filters_by_variant_and_level(app: FakeApp) -> None:
    record(app, "a", True, "two_hand", "easy")
    record(app, "b", False, "partnership_auction", "hard")
    record(app, "c", False, "partnership_auction", "easy")
    scene = open_stats(app)
    variant = row_named(scene, "Variant")
    click(app, variant.arrows()[1].center)  # the first variant: two-handed
    assert scene.variant == "two_hand" and shown(scene)["Games"] == "1" and shown(scene)["Win rate"] == "100%"
    click(app, variant.arrows()[0].center)
    level = row_named(scene, "Computers")
    scene.set_focus(level)
    while scene.level != "easy":
        key(app, pygame.K_RIGHT)
    assert shown(scene)["Games"] == "2"
    render(app)


def test_chart_switches_to_final_scores(app: FakeApp) -> None:
    record(app, "a", True)
    record(app, "b", False)
    scene = open_stats(app)
    chart = row_named(scene, "Chart")
    click(app, chart.arrows()[1].center)
    assert scene.chart == "scores" and scene.chart_series() == [1510.0, 900.0]
    picture = render(app)
    assert picture.get_at(scene.chart_rect.center) != picture.get_at((1, 1))


def test_reset_asks_first_and_keeps_them_on_no(app: FakeApp) -> None:
    record(app, "a", True)
    scene = open_stats(app)
    click_button(app, "Reset…")
    assert isinstance(app.stack.top, ConfirmDialog)
    render(app)
    click_button(app, "Keep them")
    assert app.stack.top is scene and shown(scene)["Games"] == "1"
    click_button(app, "Reset…")
    click_button(app, "Reset")
    assert app.stack.top is scene and shown(scene)["Games"] == "0"
    assert app.storage.stats.summary().games == 0


def test_an_empty_store_and_a_store_that_is_off(app: FakeApp) -> None:
    scene = open_stats(app)
    assert shown(scene)["Games"] == "0" and scene.points == []
    app.storage.stats.close()
    scene.load()
    scene.rebuild()
    assert not scene.available and not button_named(scene, "Reset…").enabled
    render(app)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_statistics_fit_every_window(app: FakeApp, size: tuple[int, int]) -> None:
    for i in range(12):
        record(app, f"g{i}", i % 3 != 0)
    app.stack.resize(size)
    scene = open_stats(app)
    window = pygame.Rect(0, 0, *size)
    assert window.contains(scene.chart_rect) and window.contains(scene.tiles_rect)
    assert not scene.chart_rect.colliderect(scene.tiles_rect)
    for widget in scene.widgets:
        assert window.contains(widget.rect)
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_breakdown_chart_per_variant_and_level(app: FakeApp) -> None:
    record(app, "a", True, "two_hand", "easy")
    record(app, "b", False, "two_hand", "easy")
    record(app, "c", True, "partnership_auction", "hard")
    scene = open_stats(app)
    chart = row_named(scene, "Chart")
    scene.set_focus(chart)
    key(app, pygame.K_LEFT)  # rating -> by variant (the list wraps round)
    assert scene.chart == "breakdown"
    assert scene.breakdown_rows() == [("Partnership auction · Hard", 1, 1, 0), ("Two-handed · Easy", 2, 1, 0)]
    variant = row_named(scene, "Variant")
    click(app, variant.arrows()[1].center)  # two-handed only
    assert scene.breakdown_rows() == [("Two-handed · Easy", 2, 1, 0)]
    render(app)


def test_round_ticks_cover_the_values_in_round_steps() -> None:
    from pinochle_gui.screens.chart_axis import round_ticks, tick_label

    assert round_ticks(0, 306) == [0, 100, 200, 300, 400]
    assert round_ticks(0, 0, least_step=1) == [0, 1]
    assert round_ticks(900, 1520, least_step=1) == [800, 1000, 1200, 1400, 1600]
    assert [tick_label(v) for v in round_ticks(0, 1)] == ["0", "0.25", "0.5", "0.75", "1"]
    for low, high in ((-250, 130), (0, 5.3), (1480, 1530), (-600, 1520), (0, 0.4)):
        ticks = round_ticks(low, high)
        assert ticks[0] <= low and ticks[-1] >= high and 2 <= len(ticks) <= 5


def test_the_scores_chart_of_one_game_has_round_labels_and_its_bars(app: FakeApp) -> None:
    from pinochle_gui.widgets.text import watch_text

    record(app, "one", won=True)
    scene = open_stats(app)
    picker = row_named(scene, "Chart")
    picker.adjust(1)
    assert scene.chart == "scores"
    with watch_text() as seen:
        surface = render(app)
    words = [t.text for t in seen]
    # the axis in round steps, each score over its bar
    for label in ("0", "500", "1,000", "1,500", "2,000", "1,510", "1,200"):
        assert label in words, " ".join(w for w in words if w[:1].isdigit())
    assert not [t.text for t in seen if t.cut]
    plot = scene.chart_rect
    reds = sum(1 for x in range(plot.x, plot.right, 2) for y in range(plot.y, plot.bottom, 2)
               if surface.get_at((x, y))[:3] == scene.theme.bad)
    assert reds > 20  # the opponent's bar is drawn


def test_a_click_on_the_cost_chart_opens_the_costliest_hand_of_that_game(app: FakeApp) -> None:
    from pinochle_gui.screens.review import ReviewScene
    from pinochle_gui.storage.hand_costs import HandCost
    from tests.test_analysis import record_of

    stats = app.storage.stats
    cheap, dear = record_of("two_hand", 7), record_of("two_hand", 21)
    dear = {**dear, "hand_number": 2}
    for record, cost in ((cheap, 4.0), (dear, 31.0)):
        assert stats.keep_hand_record("g1", record) == []
        assert stats.record_hand_cost(HandCost("g1", record["hand_number"], "two_hand", "hard", cost, 9)) == []
    assert [c for _r, c in stats.costed_hands("g1")] == [4.0, 31.0]
    scene = open_stats(app)
    picker = row_named(scene, "Chart")
    while scene.chart != "cost":
        picker.adjust(1)
    render(app)
    assert len(scene.cost_spots) == 1
    click(app, scene.cost_spots[0])
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.index == 1  # the hand whose decisions cost the most


def test_the_kept_hands_leave_with_a_reset(app: FakeApp) -> None:
    from pinochle_gui.storage.hand_costs import HandCost
    from tests.test_analysis import record_of

    stats = app.storage.stats
    record = record_of("two_hand", 7)
    stats.keep_hand_record("g2", record)
    stats.record_hand_cost(HandCost("g2", record["hand_number"], "two_hand", "hard", 5.0, 3))
    stats.reset()
    assert not stats.costed_hands("g2")
