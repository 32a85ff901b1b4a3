"""The command line, and the app run headless from source: demo hands, records, screenshots."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import fast_where

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import engine  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from pinochle_gui import __version__  # noqa: E402
from pinochle_gui.cli import DEFAULT_SIZE, Options, parse_args  # noqa: E402
from pinochle_gui.words import LEVELS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HEADLESS = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run_module(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pinochle_gui", *args], capture_output=True, text=True,
                          cwd=ROOT, env=HEADLESS, timeout=timeout)


def check_records(path: Path, variant: str, count: int, seed: int | None = None) -> list[dict[str, object]]:
    """``path`` holds ``count`` JSON lines, each a hand record of ``variant`` (docs/records.md)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == count
    rules = PRESETS[variant]
    records = [json.loads(line) for line in lines]
    assert engine.read_records(path) == records  # the engine's reader checks each record by replaying it
    for number, record in enumerate(records, start=1):
        assert record["format"] == 1
        assert record["variant"] == variant
        assert record["seats"] == rules.players
        assert [tuple(team) for team in record["teams"]] == list(rules.teams)
        assert len(record["deal"]) == rules.players
        deck = 80 if rules.double_deck else 48
        dealt = sum(len(hand.split()) for hand in record["deal"]) + len(str(record.get("widow") or "").split())
        dealt += len(str(record.get("stock") or "").split())
        assert dealt == deck
        sides = len(rules.teams)
        assert len(record["scores_after"]) == sides
        if "declared_out" not in record:  # a declare-out ends the game without scoring the hand
            assert len(record["score_delta"]) == sides
        if seed is not None and number == 1:
            assert record["seed"] == seed
    return records


def check_png(path: Path, size: tuple[int, int]) -> None:
    import pygame

    assert path.read_bytes()[:8] == PNG_SIGNATURE
    assert pygame.image.load(str(path)).get_size() == size


# -- parsing ------------------------------------------------------------------------------------------
def test_defaults() -> None:
    options = parse_args([])
    assert options == Options()
    assert options.variant == "partnership_auction" and not options.demo and options.hands is None
    assert options.size == DEFAULT_SIZE and options.level in LEVELS


def test_every_flag_parses_into_the_dataclass(tmp_path: Path) -> None:
    options = parse_args(["--demo", "--variant", "double_deck", "--hands", "3", "--fast", "--seed", "42",
                          "--records", str(tmp_path / "r.jsonl"), "--screenshot", str(tmp_path / "s.png"),
                          "--size", "1024x768", "--level", "easy", "--first-frame-exit"])
    assert options == Options(variant="double_deck", demo=True, hands=3, fast=True, seed=42,
                              records=tmp_path / "r.jsonl", screenshot=tmp_path / "s.png", size=(1024, 768),
                              level="easy", first_frame_exit=True, named=True)


@pytest.mark.parametrize("variant", list(PRESETS))
def test_every_preset_is_a_variant(variant: str) -> None:
    assert parse_args(["--variant", variant]).variant == variant


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "skat"], "unknown variant 'skat'; choose one of: two_hand, three_hand"),
        (["--hands", "0"], "expected 1 or more"),
        (["--hands", "many"], "expected a whole number"),
        (["--seed", "-1"], "a seed is 0 or more"),
        (["--size", "big"], "size must look like 1280x800"),
        (["--size", "100x100"], "outside 640x400"),
        (["--level", "godlike"], "invalid choice: 'godlike'"),
        (["--screenshot", "shot.jpg"], "saves a PNG file"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_bad_options_are_refused_clearly(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse_args(args)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_records_must_not_be_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--records", str(tmp_path)])
    assert "is a folder" in capsys.readouterr().err


def test_environment_variable_asks_for_first_frame_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PINOCHLE_FIRST_FRAME_EXIT", "1")
    assert parse_args([]).first_frame_exit
    monkeypatch.setenv("PINOCHLE_FIRST_FRAME_EXIT", "0")
    assert not parse_args([]).first_frame_exit


# -- python -m pinochle_gui ---------------------------------------------------------------------------
def test_module_version() -> None:
    result = run_module("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"pinochle {__version__}"


def test_module_help_lists_every_variant_and_option() -> None:
    result = run_module("--help")
    assert result.returncode == 0
    for word in [*PRESETS, "--demo", "--hands", "--fast", "--seed", "--records", "--screenshot", "--size",
                 "--level", "--version"]:
        assert word in result.stdout


def test_module_rejects_unknown_variant() -> None:
    result = run_module("--variant", "bezique")
    assert result.returncode == 2
    assert "unknown variant 'bezique'" in result.stderr and "partnership_auction" in result.stderr


# -- the app, headless ---------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings, saves and statistics of every run here go to a temporary folder, never the user's."""
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path / "home"))
    HEADLESS["PINOCHLE_HOME"] = str(tmp_path / "home")
    return tmp_path / "home"


@pytest.mark.slow
def test_demo_from_source_writes_records_and_screenshot(tmp_path: Path) -> None:
    records, shot = tmp_path / "hands.jsonl", tmp_path / "out" / "last.png"
    args = ["--demo", "--hands", "2", "--fast", "--seed", "5", "--records", str(records), "--screenshot", str(shot),
            "--size", "800x600"]
    result = run_module(*args)
    assert result.returncode == 0, result.stderr
    check_records(records, "partnership_auction", 2, seed=5)
    check_png(shot, (800, 600))
    # Records are appended, never overwritten; the same seed deals the same cards.
    assert run_module(*args).returncode == 0
    again = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert len(again) == 4
    assert [r["deal"] for r in again[:2]] == [r["deal"] for r in again[2:]]


@pytest.mark.parametrize("variant", fast_where([v for v in PRESETS if v != "partnership_auction"],
                                               ["three_hand", "two_hand"]))
def test_one_demo_hand_of_every_variant(variant: str, tmp_path: Path) -> None:
    from pinochle_gui.cli import main

    records, shot = tmp_path / "hand.jsonl", tmp_path / "shot.png"
    args = ["--demo", "--variant", variant, "--hands", "1", "--fast", "--seed", "11", "--records", str(records),
            "--screenshot", str(shot), "--size", "960x640"]
    assert main(args) == 0
    check_records(records, variant, 1, seed=11)
    check_png(shot, (960, 640))


def test_first_frame_exit_prints_the_time() -> None:
    result = run_module("--first-frame-exit", "--seed", "3")
    assert result.returncode == 0, result.stderr
    seconds = float(result.stdout.split("first frame after ")[1].split()[0])
    assert 0 < seconds < 30


def test_demo_uses_random_computers_unless_told() -> None:
    assert parse_args(["--demo"]).level == "random"
    assert parse_args(["--demo", "--level", "hard"]).level == "hard"
    assert parse_args([]).level == "medium"


def test_an_unwritable_records_file_is_refused_before_play(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = run_module("--demo", "--hands", "1", "--fast", "--records", str(blocker / "hands.jsonl"))
    assert result.returncode == 1
    assert result.stderr.startswith("pinochle: ") and "hands.jsonl" in result.stderr


def test_console_script_is_installed() -> None:
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution("pinochle")
    except PackageNotFoundError:
        pytest.skip("the project is not installed (run through `make test`)")
    if ROOT in Path(str(dist.locate_file(""))).resolve().parents or not dist.files:
        pytest.skip("only build metadata in the source tree, not an install")
    assert dist.version == __version__
    (script,) = dist.entry_points.select(group="console_scripts", name="pinochle")
    assert script.value == "pinochle_gui.cli:main"
    exe = Path(sys.executable).parent / ("pinochle.exe" if os.name == "nt" else "pinochle")
    result = subprocess.run([str(exe), "--version"], capture_output=True, text=True, env=HEADLESS, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == f"pinochle {__version__}"


def test_a_variant_named_starts_that_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from pinochle_gui.shell import App, first_scene
    from pinochle_gui.storage import Storage
    from pinochle_gui.table.scene import TableScene

    pygame.display.init()
    screen = pygame.display.set_mode((1280, 800))
    for argv, variant, level in ((["--variant", "two_hand"], "two_hand", "medium"),
                                 (["--variant", "three_hand", "--level", "easy"], "three_hand", "easy"),
                                 (["--variant", "double_deck", "--level", "hard"], "double_deck", "hard")):
        app = App(parse_args([*argv, "--fast"]), screen, Storage.open(tmp_path / "-".join(argv)))  # a fresh home
        try:
            table = first_scene(app)
            assert isinstance(table, TableScene)
            assert table.rules.variant == variant
            assert table.config.levels == [None] + [level] * (table.rules.players - 1)
        finally:
            app.close()
    app = App(parse_args(["--fast", "--level", "easy"]), screen, Storage.open(tmp_path / "plain"))
    try:
        assert not isinstance(first_scene(app), TableScene)  # nothing named: the title screen (and its tour)
        assert app.settings.computer_level == parse_args([]).level == "medium"  # the New game screen agrees
        assert app.default_level == "easy"
    finally:
        app.close()
