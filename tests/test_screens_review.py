"""The hand review screen: stepped through a whole hand of every variant by keys and clicks, opened from
the hand history, the title screen's record files, a typed path, and refusing bad files with a message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from conftest import fast_where
from test_review import played
from test_screens_app import SIZES, FakeApp, _display, app, click, click_button, key, render, type_text
from test_screens_pause import played as played_game

from engine.record import write_records
from engine.rules import PRESETS
from pinochle_gui.screens import history_scene, open_record_file, open_review, title_scene
from pinochle_gui.screens.dialogs import MessageDialog
from pinochle_gui.screens.hand_steps import Nav
from pinochle_gui.screens.open_record import FileRow, OpenRecordScene
from pinochle_gui.screens.review import ReviewScene

__all__ = ["_display", "app"]

DEALT = {"two_hand": 12, "three_hand": 15, "partnership_turnup": 12, "partnership_auction": 12,
         "partnership_auction_div10": 12, "double_deck": 20}


@pytest.fixture(autouse=True)
def _no_analysis(request: pytest.FixtureRequest) -> None:
    """These tests step through the hands; the analysis beside them is tested in test_screens_review_analysis."""
    if "app" in request.fixturenames:
        request.getfixturevalue("app").update_settings(analyse_hands=False)


def review(app: FakeApp, records: list[dict[str, Any]], index: int = 0) -> ReviewScene:
    assert open_review(app, records, index)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    app.stack.update(1.0)
    return scene


def held(scene: ReviewScene) -> list[int]:
    return [len(h) + len(t) for h, t in zip(scene.step.hands, scene.step.laid, strict=True)]


@pytest.mark.parametrize("variant", fast_where(sorted(PRESETS), ["partnership_auction", "three_hand"]))
def test_step_through_a_whole_hand_by_keys(app: FakeApp, variant: str) -> None:
    record = played(variant)
    scene = review(app, [record])
    assert [len(h) for h in scene.step.hands] == [DEALT[variant]] * record["seats"]
    render(app)
    plays = 0
    while scene.at < len(scene.steps) - 1:
        before = held(scene)
        key(app, pygame.K_RIGHT)
        if scene.step.kind == "play":
            plays += 1
            seat = scene.step.seat
            assert seat is not None and held(scene)[seat] == before[seat] - 1
        if scene.step.kind in ("play", "trick", "meld", "lay_meld", "hand_scored"):
            render(app)
    assert plays == sum(len(t["plays"]) for t in record["tricks"])
    assert list(scene.step.points) == record["trick_points"]
    last = scene.at
    key(app, pygame.K_LEFT)
    assert scene.at == last - 1
    key(app, pygame.K_HOME)
    assert scene.at == 0 and [len(h) for h in scene.step.hands] == [DEALT[variant]] * record["seats"]
    key(app, pygame.K_LEFT)
    assert scene.at == 0  # nothing before the deal
    key(app, pygame.K_END)
    assert scene.at == last and list(scene.step.points) == record["trick_points"]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is None or not isinstance(app.stack.top, ReviewScene)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_step_through_a_whole_hand_by_clicks(app: FakeApp, variant: str) -> None:
    record = played(variant)
    scene = review(app, [record])
    trick_points: list[list[int]] = []
    for _ in range(len(scene.steps) - 1):
        click_button(app, "Next")
        if scene.step.kind == "trick":
            trick_points.append(list(scene.step.points))
    assert scene.at == len(scene.steps) - 1 and not scene.nav[Nav.NEXT].enabled
    assert len(trick_points) == len(record["tricks"])
    assert [sum(p) for p in trick_points] == sorted(sum(p) for p in trick_points)  # the points only grow
    assert list(scene.step.points) == record["trick_points"]
    click_button(app, "Previous")
    assert scene.at == len(scene.steps) - 2
    click_button(app, "First")
    assert scene.at == 0 and not scene.nav[Nav.PREVIOUS].enabled
    click_button(app, "Last")
    assert scene.at == len(scene.steps) - 1
    click_button(app, "Close")
    assert not isinstance(app.stack.top, ReviewScene)


def test_a_file_of_many_hands_offers_each(app: FakeApp, tmp_path: Path) -> None:
    records = played_game("partnership_auction", 3).hand_records
    path = tmp_path / "hands.jsonl"
    write_records(path, records, append=False)
    assert open_record_file(app, path)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and len(scene.records) == 3 and scene.index == 0
    key(app, pygame.K_END)
    key(app, pygame.K_PAGEDOWN)
    assert scene.index == 1 and scene.at == 0 and scene.step.text.startswith("Hand 2,")
    click_button(app, "Next hand")
    assert scene.index == 2 and not scene.nav[Nav.NEXT_HAND].enabled
    click_button(app, "Previous hand")
    assert scene.index == 1
    render(app)


@pytest.mark.parametrize(("text", "title"), [
    ("this is not json\n", "Not a hand record"),
    ('{"format": 1, "variant": "partnership_auction"}\n', "Not a hand record"),
    ("", "No hands in the file"),
])
def test_a_bad_file_gives_a_message(app: FakeApp, tmp_path: Path, text: str, title: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    assert not open_record_file(app, path)
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog) and dialog.heading == title
    render(app)


def test_a_tampered_record_and_a_missing_file_give_a_message(app: FakeApp, tmp_path: Path) -> None:
    record = dict(played("partnership_auction"))
    record["trick_points"] = [record["trick_points"][1] + 10, record["trick_points"][0]]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    assert not open_record_file(app, path)
    assert isinstance(app.stack.top, MessageDialog) and "trick_points" in app.stack.top.lines[0][1]
    assert not open_record_file(app, tmp_path / "missing.jsonl")
    assert isinstance(app.stack.top, MessageDialog) and app.stack.top.heading == "The file cannot be read"
    assert not open_review(app, [record])
    assert isinstance(app.stack.top, MessageDialog) and app.stack.top.heading == "This hand cannot be reviewed"


def test_history_review_opens_the_chosen_hand(app: FakeApp) -> None:
    game = played_game("three_hand", 3)
    scene = app.stack.push(history_scene(app, game))
    key(app, pygame.K_HOME)
    click_button(app, "Review")
    review_scene = app.stack.top
    assert isinstance(review_scene, ReviewScene)
    assert review_scene.index == 0 and review_scene.records == game.hand_records
    key(app, pygame.K_ESCAPE)
    app.stack.update(1.0)
    assert app.stack.top is scene


def test_title_lists_exported_files_and_opens_a_typed_path(app: FakeApp, tmp_path: Path) -> None:
    records = played_game("two_hand", 2).hand_records
    exports = app.storage.paths.data_dir / "exports"
    exports.mkdir(parents=True)
    write_records(exports / "game.jsonl", records, append=False)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    write_records(elsewhere / "other.jsonl", records[:1], append=False)
    app.stack.push(title_scene(app))
    click_button(app, "Open a hand record")
    chooser = app.stack.top
    assert isinstance(chooser, OpenRecordScene) and chooser.files == [exports / "game.jsonl"]
    render(app)
    row = next(w for w in chooser.focusables() if isinstance(w, FileRow))
    click(app, row.rect.center)
    opened = app.stack.top
    assert isinstance(opened, ReviewScene) and len(opened.records) == 2
    key(app, pygame.K_ESCAPE)
    app.stack.update(1.0)
    assert app.stack.top is chooser
    click(app, chooser.path_row.rect.center)
    type_text(app, str(elsewhere / "other.jsonl"))
    click_button(app, "Open")
    opened = app.stack.top
    assert isinstance(opened, ReviewScene) and len(opened.records) == 1
    # the folder of the file last opened is listed from now on
    again = OpenRecordScene(app)
    again.resize(app.stack.size)
    assert sorted(again.files) == sorted([exports / "game.jsonl", elsewhere / "other.jsonl"])


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_review_fits_every_window(tmp_path: Path, size: str) -> None:
    app = FakeApp(tmp_path, SIZES[size])
    app.update_settings(analyse_hands=False)
    scene = review(app, [played("double_deck")])
    for at in (0, 12, len(scene.steps) // 2, len(scene.steps) - 1):
        scene.go(at)
        render(app)
    assert all(b.rect.right <= SIZES[size][0] and b.rect.bottom <= SIZES[size][1] for b in scene.nav.values())
    app.storage.close()
