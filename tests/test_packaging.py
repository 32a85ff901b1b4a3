"""The standalone executable: the icon files, the build, and the built program run headless; the
computers' search compiled for it, which must play exactly as the source does.

The build (PyInstaller, the same ``build/build.py`` that ``make dist`` runs) is slow: it happens once
per session, into a temporary folder so that runs in a shared working tree never collide in dist/.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

import engine
from pinochle_gui import APP_NAME, __version__

ROOT = Path(__file__).resolve().parent.parent


def load_script(name: str) -> ModuleType:
    """A module of build/ by its path (``build`` is also the name of a PyPA package)."""
    spec = importlib.util.spec_from_file_location(f"pinochle_build_{name}", ROOT / "build" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# Every test here runs on the same xdist worker (`--dist loadgroup`): the build happens once.
pytestmark = pytest.mark.xdist_group("executable")

build_script = load_script("build")
icons = load_script("icons")
compile_search = load_script("compile_search")

HEADLESS = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ICON = ROOT / "assets" / "icon.png"


# -- quick checks -------------------------------------------------------------------------------------
def test_icon_is_a_square_png() -> None:
    assert icons.png_size(ICON.read_bytes()) == (256, 256)


def test_ico_holds_the_png() -> None:
    png = ICON.read_bytes()
    ico = icons.ico_from_png(png)
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, 1)
    width, height, _, _, planes, bits, size, offset = struct.unpack("<BBBBHHII", ico[6:22])
    assert (width, height, planes, bits) == (0, 0, 1, 32)  # 0 means 256
    assert ico[offset:offset + size] == png


def test_icns_holds_the_png() -> None:
    png = ICON.read_bytes()
    icns = icons.icns_from_png(png)
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert icns[8:12] == b"ic08" and struct.unpack(">I", icns[12:16])[0] == 8 + len(png)
    assert icns[16:] == png


def test_icon_formats_refuse_what_they_cannot_hold() -> None:
    with pytest.raises(ValueError, match="not a PNG"):
        icons.png_size(b"GIF89a" + bytes(30))
    big = PNG_SIGNATURE + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 300, 300) + bytes(9)
    with pytest.raises(ValueError, match="at most 256x256"):
        icons.ico_from_png(big)
    with pytest.raises(ValueError, match="square"):
        icons.icns_from_png(big)


@pytest.mark.parametrize(("text", "numbers"), [("0.1.0", (0, 1, 0, 0)), ("1.2.3.4", (1, 2, 3, 4)),
                                                ("2.0rc1", (2, 1, 0, 0)), ("3", (3, 0, 0, 0))])
def test_windows_version_numbers(text: str, numbers: tuple[int, int, int, int]) -> None:
    assert build_script.version_tuple(text) == numbers


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here (a Windows runner)")
def test_make_dist_runs_the_build_script() -> None:
    """`make dist` and `make dist-onefile` run build/build.py, the script the slow tests below run."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    for target, expected in (("dist", "build/build.py"), ("dist-onefile", "build/build.py --onefile")):
        result = subprocess.run(["make", "--no-print-directory", "-n", target], cwd=ROOT, capture_output=True,
                                text=True, check=True, env=env)
        assert result.stdout.splitlines()[-1].rstrip().endswith(expected)


def test_make_the_workflow_and_the_build_extra_agree() -> None:
    """`make` and the release workflow install the test and build extras; the build extra pins the
    executable's tools (PyInstaller, and mypy for mypyc), which the test extra no longer lists."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    pinned = {line.split("==")[0]: line for line in extras["build"] if "==" in line}
    assert set(pinned) == {"pyinstaller", "mypy"}
    assert not any(line.startswith(("pyinstaller", "mypy")) for line in extras["test"])
    install = '-e ".[test,build]"'
    assert install in (ROOT / "Makefile").read_text(encoding="utf-8")
    assert install in (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")


def test_the_build_stops_when_the_search_does_not_compile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    def pyinstaller(*args: object, **kwargs: object) -> None:
        raise AssertionError("PyInstaller ran after a failed compile")

    monkeypatch.setattr(build_script, "compile_search", lambda dest, quiet: "mypyc failed: error: no such type")
    monkeypatch.setattr(build_script.subprocess, "run", pyinstaller)
    with pytest.raises(build_script.BuildError, match="search was not compiled: mypyc failed: error: no such type"):
        build_script.build(distpath=tmp_path / "dist", workpath=tmp_path / "work", quiet=True)
    assert build_script.main(["--distpath", str(tmp_path / "dist"), "--workpath", str(tmp_path / "work")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("build failed: the computers' search was not compiled: mypyc failed")
    assert "--interpreted" in error


def test_the_interpreted_build_asks_for_no_compile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--interpreted``: no compile, and PyInstaller is given no compiled engine (the spec packs the source)."""
    ran: list[dict[str, str]] = []

    def no_compile(dest: Path, quiet: bool) -> str | None:
        raise AssertionError("the interpreted build compiled the search")

    def pyinstaller(command: list[str], env: dict[str, str], **kwargs: object) -> None:
        assert command[1:3] == ["-m", "PyInstaller"]
        ran.append(env)

    monkeypatch.setattr(build_script, "compile_search", no_compile)
    monkeypatch.setattr(build_script.subprocess, "run", pyinstaller)
    with pytest.raises(build_script.BuildError, match="PyInstaller finished but .* is missing"):
        build_script.build(distpath=tmp_path / "dist", workpath=tmp_path / "work", quiet=True, compiled=False)
    assert len(ran) == 1 and "PINOCHLE_ENGINE" not in ran[0]


def test_compile_search_exits_with_the_reason_it_cannot_compile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(compile_search, "cannot_compile", lambda: "no C compiler (cc) on the PATH")
    assert compile_search.main([str(tmp_path / "compiled")]) == 1
    assert capsys.readouterr().err == "the search was not compiled: no C compiler (cc) on the PATH\n"
    assert (tmp_path / "compiled" / "engine" / "ai" / "search" / "solver.py").is_file()
    assert compile_search.compiled_modules(tmp_path / "compiled") == []


def test_assets_are_found_from_source_and_in_a_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pinochle_gui

    assert pinochle_gui.assets_dir() == ROOT / "assets"
    assert pinochle_gui.asset("icon.png") == ICON
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "icon.png").write_bytes(ICON.read_bytes())
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)  # what PyInstaller's boot loader sets
    assert pinochle_gui.asset("icon.png") == tmp_path / "assets" / "icon.png"
    with pytest.raises(FileNotFoundError, match="'nothing.png' not found"):
        pinochle_gui.asset("nothing.png")


# -- the executable -----------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def build_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The executable built as `make dist` builds it: its search compiled, unless this machine has no
    means to compile it (then the tests of the compiled search skip, saying why)."""
    folder = tmp_path_factory.mktemp("pyinstaller")
    can_compile = compile_search.cannot_compile() is None
    build_script.build(distpath=folder / "dist", workpath=folder / "work", quiet=True, compiled=can_compile)
    return folder


@pytest.fixture(scope="session")
def executable(build_folder: Path) -> Path:
    return build_script.executable_path(build_folder / "dist", onefile=False)


@pytest.fixture(scope="session")
def compiled_engine(build_folder: Path) -> Path:
    """The copy of engine/ the executable packs, its search compiled (skipped where that cannot be done)."""
    reason = compile_search.cannot_compile()
    if reason is not None:
        pytest.skip(f"the search cannot be compiled on this machine: {reason}")
    return build_folder / "work" / "compiled"


def run_exe(exe: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # Settings, saves and statistics go next to the executable's temporary folder, never the user's.
    env = dict(HEADLESS, PINOCHLE_HOME=str(exe.parent.parent / "home"))
    return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_bundle_layout(executable: Path) -> None:
    assert executable.name.startswith(APP_NAME) and os.access(executable, os.X_OK)
    bundle = executable.parent
    files = {p.relative_to(bundle).as_posix() for p in bundle.rglob("*")}
    assert any(f.endswith("assets/icon.png") for f in files)
    unwanted = [f for f in files if "NotoSansJP" in f or "NotoSansKR" in f or "NotoSansSC" in f
                or "tkinter" in f or "/tests/" in f or f.startswith("pytest")]
    assert unwanted == []
    assert build_script.folder_size(bundle) < 120_000_000


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_executable_version_and_help(executable: Path) -> None:
    version = run_exe(executable, "--version")
    assert version.returncode == 0 and version.stdout.strip() == f"pinochle {__version__}"
    help_text = run_exe(executable, "--help")
    assert help_text.returncode == 0
    assert "--demo" in help_text.stdout and "double_deck" in help_text.stdout


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_executable_plays_a_demo_hand(executable: Path, tmp_path: Path) -> None:
    records, shot = tmp_path / "x.jsonl", tmp_path / "y.png"
    result = run_exe(executable, "--demo", "--hands", "1", "--fast", "--seed", "1", "--records", str(records),
                     "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["format"] == 1 and record["seed"] == 1 and record["variant"] == "partnership_auction"
    assert engine.read_records(records) == [record]  # valid: the engine replays it
    assert shot.read_bytes()[:8] == PNG_SIGNATURE


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_executable_refuses_a_bad_variant(executable: Path) -> None:
    result = run_exe(executable, "--variant", "euchre")
    assert result.returncode == 2 and "unknown variant 'euchre'" in result.stderr


# -- the compiled search --------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.timeout(900)
def test_bundle_packs_the_compiled_search(executable: Path, compiled_engine: Path) -> None:
    compiled = compile_search.compiled_modules(compiled_engine)
    assert {m.name.split(".")[0] for m in compiled} == {Path(m).stem for m in compile_search.COMPILED}
    packed = {p.name for p in executable.parent.rglob("*") if p.suffix in compile_search.EXTENSIONS}
    assert {m.name for m in compiled} <= packed
    runtime = compile_search.runtime_modules(compiled_engine)
    assert runtime and all(any(name.startswith(r + ".") for name in packed) for r in runtime)


COMPILED_KIND = "pyd" if sys.platform == "win32" else "so"


def python_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Python run in ``folder``, so that ``engine`` is the one found there (the source in ROOT, the
    compiled copy in the build's folder) and ROOT's other packages (``tests``) after it; pytest's and
    xdist's variables left out."""
    env = {k: v for k, v in HEADLESS.items() if not k.startswith("PYTEST_")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, *args], cwd=folder, capture_output=True, text=True, env=env, timeout=600)


def engine_kind(folder: Path) -> str:
    """How the search is built where :func:`python_in` runs: ``py`` (source) or ``so``/``pyd`` (compiled)."""
    return python_in(folder, "-c",
                     "import engine.ai.search.solver as s; print(s.__file__.rsplit('.', 1)[-1])").stdout.strip()


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_compiled_search_passes_the_computers_tests(compiled_engine: Path) -> None:
    """The tests of the modules compiled (build/compile_search.py) and of the players and playouts that use them,
    on the compiled search (the ones that patch a compiled module's globals left out)."""
    assert engine_kind(compiled_engine) == COMPILED_KIND
    names = ("trickplay", "ai_worlds", "ai_cardplay", "ai_players", "playouts")
    tests = [str(ROOT / "tests" / f"test_{name}.py") for name in names]
    result = python_in(compiled_engine, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                       "-m", "not slow and not interpreted", *tests)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and " failed" not in result.stdout


# One hand of each game with every seat a computer of a level that searches, without a clock (the analysis'
# levels: node budgets alone decide): the record of the hand (docs/records.md), printed whole. (Two-handed at
# medium: hard plays out the stock's orders at each card, uncompiled work; its exact endgame is in test_playouts.)
SAME_HANDS = """
import json
from engine.ai.analysis.hand import ANALYSIS_LEVELS
from engine.ai.players.computer import ComputerPlayer
from engine.game import new_game
from engine.rules import preset
for variant, levels in (("partnership_auction", ("hard", "medium")), ("two_hand", ("medium", "medium")),
                        ("three_hand", ("medium", "hard", "medium"))):
    game = new_game(preset(variant), seed=7)
    players = [ComputerPlayer(ANALYSIS_LEVELS[levels[s % len(levels)]], seed=s) for s in range(game.rules.players)]
    while not game.hand_records:
        seat = game.to_act
        game.apply(players[seat].choose(game, seat))
    print(json.dumps(game.hand_records[0], sort_keys=True))
"""


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_compiled_search_plays_the_same_cards(compiled_engine: Path) -> None:
    source = python_in(ROOT, "-c", SAME_HANDS)
    compiled = python_in(compiled_engine, "-c", SAME_HANDS)
    assert source.returncode == 0 and compiled.returncode == 0, source.stderr + compiled.stderr
    assert (engine_kind(ROOT), engine_kind(compiled_engine)) == ("py", COMPILED_KIND)
    hands = source.stdout.splitlines()
    assert len(hands) == 3 and compiled.stdout.splitlines() == hands
