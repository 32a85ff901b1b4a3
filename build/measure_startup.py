"""Time from start to the first frame, from source and from the built executables (``make bench``).

    python build/measure_startup.py [--runs 7] [--exe dist/pinochle/pinochle ...]

Each run starts the game with ``--first-frame-exit``: the app draws its first frame, prints the
seconds since its own code started, and exits. The script reports, per program, the median over the
runs of the wall time from launching the process to its exit (the whole start-up, interpreter and
unpacking included) and of the time the app reported. Set SDL_VIDEODRIVER=dummy to measure without
a display (``make bench`` does). Settings and saves go to a temporary folder (PINOCHLE_HOME), so
every run but the first starts as a returning player would, at the title screen.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE_SUFFIX = ".exe" if sys.platform.startswith("win") else ""
DEFAULT_EXES = [
    ROOT / "dist" / "pinochle" / f"pinochle{EXE_SUFFIX}",
    ROOT / "dist" / "onefile" / f"pinochle{EXE_SUFFIX}",
]


def time_start(command: list[str], runs: int) -> tuple[float, float]:
    """Median wall seconds to exit, and median seconds the app reported to its first frame."""
    walls, reported = [], []
    home = tempfile.mkdtemp(prefix="pinochle-startup-")  # the player's own settings and saves stay untouched
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", PINOCHLE_HOME=home)
    for _ in range(runs):
        started = time.perf_counter()
        result = subprocess.run([*command, "--first-frame-exit"], capture_output=True, text=True, env=env,
                                cwd=ROOT, timeout=120)
        walls.append(time.perf_counter() - started)
        if result.returncode != 0 or "first frame after" not in result.stdout:
            raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
        reported.append(float(result.stdout.split("first frame after ")[1].split()[0]))
    return statistics.median(walls), statistics.median(reported)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time from start to the first frame.")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--exe", type=Path, action="append", help="an executable to time (default: those in dist/)")
    args = parser.parse_args(argv)
    programs: list[tuple[str, list[str]]] = [("from source", [sys.executable, "-m", "pinochle_gui"])]
    for exe in args.exe or [e for e in DEFAULT_EXES if e.is_file()]:
        programs.append((str(exe.relative_to(ROOT) if exe.is_relative_to(ROOT) else exe), [str(exe)]))
    print(f"first frame, median of {args.runs} runs (SDL_VIDEODRIVER={os.environ.get('SDL_VIDEODRIVER', '')})")
    for name, command in programs:
        time_start(command, 1)  # warm the file cache
        wall, reported = time_start(command, args.runs)
        print(f"  {name:<34} process start to exit {wall:6.3f} s   app start to first frame {reported:6.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
