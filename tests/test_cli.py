"""The command line, and the app run headless from source: demo hands, records, screenshots."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import engine  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from pinochle_gui import __version__  # noqa: E402
from pinochle_gui.cli import DEFAULT_SIZE, LEVELS, Options, parse_args  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HEADLESS = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run_module(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pinochle_gui", *args], capture_output=True, text=True,
                          cwd=ROOT, env=HEADLESS, timeout=timeout)


def check_records(path: Path, variant: str, count: int, seed: int | None = None) -> list[dict[str, object]]:
    """``path`` holds ``count`` JSON lines, each a hand record of ``variant`` (RECORD.md)."""
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
                              level="easy", first_frame_exit=True)


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
def test_demo_from_source_writes_records_and_screenshot(tmp_path: Path) -> None:
    records, shot = tmp_path / "hands.jsonl", tmp_path / "out" / "last.png"
    args = ["--demo", "--hands", "2", "--fast", "--seed", "5", "--records", str(records), "--screenshot", str(shot),
            "--size", "800x600"]
    result = run_module(*args)
    assert result.returncode == 0, result.stderr
    check_records(records, "partnership_auction", 2, seed=5)
    check_png(shot, (800, 600))
    # Records are appended, never overwritten; the same seed plays the same hands.
    assert run_module(*args).returncode == 0
    first, second = records.read_text(encoding="utf-8").splitlines()[:2], records.read_text().splitlines()[2:]
    assert first == second


@pytest.mark.parametrize("variant", list(PRESETS))
def test_one_demo_hand_of_every_variant(variant: str, tmp_path: Path) -> None:
    from pinochle_gui.app import run

    records, shot = tmp_path / "hand.jsonl", tmp_path / "shot.png"
    options = Options(variant=variant, demo=True, hands=1, fast=True, seed=11, records=records, screenshot=shot,
                      size=(960, 640), level="random")
    assert run(options) == 0
    check_records(records, variant, 1, seed=11)
    check_png(shot, (960, 640))


def test_first_frame_exit_prints_the_time() -> None:
    result = run_module("--first-frame-exit", "--seed", "3")
    assert result.returncode == 0, result.stderr
    seconds = float(result.stdout.split("first frame after ")[1].split()[0])
    assert 0 < seconds < 30


@pytest.mark.parametrize("variant", ["partnership_auction", "two_hand"])
def test_demo_with_thinking_computers(variant: str, tmp_path: Path) -> None:
    """Computers above `random` think in a worker thread while the loop keeps drawing frames."""
    from pinochle_gui.app import run

    records = tmp_path / "hand.jsonl"
    options = parse_args(["--demo", "--hands", "1", "--fast", "--seed", "4", "--level", "easy", "--variant", variant,
                          "--records", str(records)])
    assert options.level == "easy"
    assert run(options) == 0
    check_records(records, variant, 1, seed=4)


def test_the_player_chooses_with_keys_and_the_computers_answer() -> None:
    import pygame

    from pinochle_gui.app import HUMAN_SEAT, Table

    table = Table(parse_args(["--seed", "9", "--level", "random"]), seed=9)
    try:
        assert table.game.to_act == HUMAN_SEAT and not table.computer_turn()  # left of the dealer bids first
        actions = table.legal_actions()
        assert len(actions) > 1
        table.on_key(pygame.K_DOWN)
        assert table.choice == 1
        table.on_key(pygame.K_UP)
        table.on_key(pygame.K_UP)
        assert table.choice == len(actions) - 1  # wraps around
        table.on_key(pygame.K_RETURN)
        assert table.game.log == [actions[-1]]
        assert table.computer_turn()
        table.update(0.1)  # the computers wait a moment after the player's decision
        assert len(table.game.log) == 1
        for _ in range(50):
            table.update(1.0)
            if not table.computer_turn():
                break
        assert len(table.game.log) > 1 and table.game.to_act in (HUMAN_SEAT, None)
    finally:
        table.close()


def test_demo_uses_random_computers_unless_told() -> None:
    assert parse_args(["--demo"]).level == "random"
    assert parse_args(["--demo", "--level", "hard"]).level == "hard"
    assert parse_args([]).level == "hard"


def test_events_read_as_plain_english() -> None:
    from engine.cards import parse_card, parse_cards
    from engine.events import Event
    from pinochle_gui.app import SEAT_NAMES, describe

    names = SEAT_NAMES[4]
    assert describe(Event("bid", 0, {"amount": 250}), names) == "You bid 250"
    assert describe(Event("bid", 1, {"amount": 260}), names) == "West bids 260"
    assert describe(Event("pass", 2, {"help": True}), names) == "Partner passes with help"
    assert describe(Event("pass", 0, {"help": False}), names) == "You pass"
    assert describe(Event("trump", 3, {"suit": 1}), names) == "trump: hearts (named by East)"
    assert describe(Event("play", 1, {"card": parse_card("TH"), "from_table": False}), names) == "West plays TH"
    assert describe(Event("trick", None, {"winner": 2, "points": 30}), names) == "Partner takes the trick (30)"
    passed = Event("pass_cards", 2, {"to": 0, "cards": tuple(parse_cards("AS AH TH KH"))}, private_to=(0, 2))
    assert describe(passed, names) == "Partner passes AS AH TH KH to You"
    assert describe(Event("hand_scored", None, {"score_delta": [310, -250]}), names) == "hand scored: 310 / -250"
    assert describe(Event("deal", None, {"dealer": 3, "hand_number": 1}), names) == "East deals hand 1"
    # Missing details never break the log: the event's kind is shown instead.
    assert describe(Event("bid", 1, {}), names) == "West bid"


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
