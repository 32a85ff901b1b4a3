"""Two copies of the game on one data folder: the first holds the folder's lock and owns the files; the
second opens read-only (it reads the save, the statistics and the settings and writes none of them) and
its title screen says so. The lock is the operating system's, so a killed copy leaves none behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.rules import PRESETS  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.storage import ALREADY_OPEN, GameStat, HandStat, Storage  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LEVELS = (None, "easy")


def game(game_id: str) -> GameStat:
    return GameStat(game_id, "two_hand", 0, LEVELS, ((0,), (1,)), (1000, 400), 0, hands=1)


def test_the_second_copy_reads_everything_and_writes_nothing(tmp_path: Path) -> None:
    first = Storage.open(tmp_path)
    assert not first.read_only and first.messages == []
    first.update_settings(volume=0.25)
    assert first.saves.save({"move": 1}) == []
    first.stats.record_game(game("g1"), hands=[HandStat("g1", "two_hand", 0, LEVELS, 1, meld=40)])
    second = Storage.open(tmp_path)
    try:
        assert second.read_only and second.messages[0].text == ALREADY_OPEN
        assert second.settings.volume == 0.25  # what the first copy saved is read
        saved, _ = second.saves.load()
        assert saved is not None and saved.game == {"move": 1}
        assert second.stats.summary().games == 1
        files = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file() and "statistics" not in p.name}
        second.update_settings(volume=0.9)
        assert second.saves.save({"move": 2}) == [] and second.saves.clear() == []
        assert second.stats.record_game(game("g2")) == []
        assert "another copy of the game is open" in second.stats.reset()[0].text
        assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file() and "statistics" not in p.name} == files
        assert first.stats.summary().games == 1 and first.saves.load()[0].game == {"move": 1}  # type: ignore[union-attr]
    finally:
        second.close()
        first.close()
    third = Storage.open(tmp_path)  # the first copy closed: the next one owns the files again
    try:
        assert not third.read_only and third.messages == [] and third.settings.volume == 0.25
    finally:
        third.close()


def test_the_second_copy_leaves_a_bad_save_where_it_is(tmp_path: Path) -> None:
    first = Storage.open(tmp_path)
    try:
        first.paths.save_file.write_text("{ cut short", encoding="utf-8")
        second = Storage.open(tmp_path)
        saved, messages = second.saves.load()
        second.close()
        assert saved is None and "it is left as it is" in messages[0].text
        assert first.paths.save_file.read_text(encoding="utf-8") == "{ cut short"
        assert not list(first.paths.data_dir.glob("*.bad-*"))
    finally:
        first.close()


HOLDER = """
import sys
from pinochle_gui.storage import Storage
storage = Storage.open(sys.argv[1])
print("read-only" if storage.read_only else "owner", flush=True)
sys.stdin.read()  # hold the files until told (or killed)
"""


def start_holder(home: Path) -> tuple[subprocess.Popen[str], str]:
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(home)], cwd=ROOT, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdout is not None
    return child, child.stdout.readline().strip()  # waits for the child to have opened its storage


def test_two_processes_and_a_killed_one_leaves_no_lock(tmp_path: Path) -> None:
    child, role = start_holder(tmp_path)
    try:
        assert role == "owner"
        here = Storage.open(tmp_path)
        assert here.read_only
        here.close()
    finally:
        child.kill()  # no clean exit: the system drops the lock with the process
        child.wait()
    here = Storage.open(tmp_path)
    try:
        assert not here.read_only
        other, role = start_holder(tmp_path)
        other.communicate("")
        assert role == "read-only" and other.returncode == 0
    finally:
        here.close()


@pytest.mark.timeout(120)
def test_the_second_app_says_so_on_its_title_screen_and_saves_no_game(tmp_path: Path) -> None:
    from pinochle_gui.screens.dialogs import MessageDialog
    from pinochle_gui.shell import App, first_scene

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1024, 640))
    options = parse_args(["--fast", "--seed", "3", "--size", "1024x640", "--level", "easy"])
    first = App(options, screen, Storage.open(tmp_path))
    first.update_settings(toured=tuple(PRESETS))  # the player knows the game: the table starts at once
    second = App(options, screen, Storage.open(tmp_path))
    try:
        first_scene(second)
        dialog = second.stack.top
        assert isinstance(dialog, MessageDialog) and (("warning", ALREADY_OPEN) in dialog.lines)
        table = second.default_game()
        for _ in range(200):
            second.tick(1 / 60)
            if table.human_turn and table.director.idle:
                table.submit(table.game.legal_actions()[0])
        assert table.game.log  # it plays
        second.after_action(table)
        second.saver.flush(10)
        assert not second.storage.paths.save_file.exists()  # and saves nothing
    finally:
        second.close()
        first.close()
        pygame.quit()


@pytest.mark.timeout(120)
def test_a_demo_beside_a_running_copy_plays_says_so_and_saves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from pinochle_gui.shell import run

    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    running = Storage.open(tmp_path)
    try:
        assert run(parse_args(["--demo", "--hands", "1", "--fast", "--seed", "4", "--level", "easy"])) == 0
        assert f"pinochle: {ALREADY_OPEN}" in capsys.readouterr().err
        assert not running.paths.save_file.exists()  # alone, a demo saves its game (test_shell.py)
    finally:
        running.close()
