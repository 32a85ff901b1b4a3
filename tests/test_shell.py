"""The app loop through its command line: demo hands, records, screenshots, first-frame timing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import engine  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.shell import run  # noqa: E402

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.slow
def test_demo_plays_the_hands_asked_then_quits_with_records_and_a_screenshot(tmp_path: Path) -> None:
    records = tmp_path / "hands.jsonl"
    shot = tmp_path / "shots" / "table.png"
    options = parse_args(["--demo", "--variant", "three_hand", "--hands", "2", "--fast", "--seed", "11",
                          "--level", "easy", "--records", str(records), "--screenshot", str(shot),
                          "--size", "900x600"])
    assert run(options) == 0
    written = engine.read_records(records)
    assert [r["hand_number"] for r in written] == [1, 2]
    assert all(r["variant"] == "three_hand" for r in written) and written[0]["seed"] == 11
    for record in written:
        engine.check_record(record)  # each one replays to itself
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (900, 600)


@pytest.mark.slow
def test_records_are_appended_not_overwritten(tmp_path: Path) -> None:
    records = tmp_path / "hands.jsonl"
    for seed in (1, 2):
        options = parse_args(["--demo", "--variant", "two_hand", "--hands", "1", "--fast", "--seed", str(seed),
                              "--level", "easy", "--records", str(records)])
        assert run(options) == 0
    assert [r["seed"] for r in engine.read_records(records)] == [1, 2]  # the first hand of each game


def test_first_frame_exit_prints_the_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(parse_args(["--demo", "--first-frame-exit", "--fast", "--seed", "3"])) == 0
    out = capsys.readouterr().out
    assert out.startswith("first frame after ") and out.strip().endswith(" s")


@pytest.mark.slow
def test_a_demo_game_is_saved_and_kept_out_of_statistics(home: Path) -> None:
    assert run(parse_args(["--demo", "--hands", "1", "--fast", "--seed", "4", "--level", "easy"])) == 0
    from pinochle_gui.storage import Storage

    storage = Storage.open(home)
    try:
        saved, messages = storage.saves.load(restore=engine.game_from_dict)
        assert messages == [] and saved is not None and saved.demo
        assert saved.restored.hand_number == 2  # saved after the first hand was scored
        assert storage.stats.summary().hands == 0
    finally:
        storage.close()


def test_what_storage_says_during_play_is_shown_to_the_player(tmp_path: Path) -> None:
    from pinochle_gui.screens.dialogs import MessageDialog
    from pinochle_gui.shell import App
    from pinochle_gui.storage import Storage, StorageMessage

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1024, 640))
    storage = Storage.open(tmp_path / "h")
    storage.update_settings(toured=tuple(PRESETS))
    app = App(parse_args(["--fast", "--seed", "3", "--size", "1024x640"]), screen, storage)
    try:
        app.default_game()
        for _ in range(600):  # let the deal settle
            app.tick(1 / 60)
            if app.table is not None and app.table.director.idle:
                break
        app.messages.append(StorageMessage("error", "The disk is full: the game could not be saved."))
        app.tick(1 / 60)
        assert isinstance(app.stack.top, MessageDialog)
        assert app.messages == []
    finally:
        app.close()
