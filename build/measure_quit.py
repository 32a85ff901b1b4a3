"""Time from closing the game (the window, or SIGTERM) to the process and all its workers being gone.

    python build/measure_quit.py [--runs 3] [--variant two_hand] [--seed 7] [--fast]

Each run starts the real game from source (``python -m pinochle_gui`` with ``--variant``, ``--seed`` and,
with ``--fast``, ``--fast``), in a fresh folder of its own (PINOCHLE_HOME), through a small launcher
(this file with ``--launch``) that, once the first table is open, opens the review of a finished hand of
that variant over it (as dropping a hand record file on the window does: the analysis starts on two
worker processes) and hands that hand to the hands' costs (one more worker process). When the workers
have been running for ``--busy`` seconds the script closes the game, either

- **window**: the launcher posts ``pygame.QUIT``, the event a click on the window's close button makes; or
- **SIGTERM**: ``kill -TERM`` to the game's process;

and prints the seconds from then until the game's process has exited and until every process it started
(the workers, multiprocessing's resource tracker) is gone, with the game's exit status and whether the
save file then loads. Linux only (it reads /proc to find the game's child processes); set
SDL_VIDEODRIVER=dummy and SDL_AUDIODRIVER=dummy to run it without a display or a sound card. Nothing here
is a test: it only prints numbers (docs/measurements/quit-time.md).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WAYS = ("window", "SIGTERM")
GIVE_UP = 180.0  # seconds after the close when a run is abandoned (and the game killed)
sys.path.insert(0, str(ROOT))  # this checkout's game, not another one installed in the environment


def _parents() -> dict[int, int]:
    """Every process's parent, by process id (from /proc)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        parents[int(entry)] = int(stat[stat.rindex(")") + 2:].split()[1])
    return parents


def descendants(pid: int) -> set[int]:
    """The processes started by ``pid``, and theirs."""
    parents = _parents()
    found: set[int] = set()
    fresh = {pid}
    while fresh:
        fresh = {child for child, parent in parents.items() if parent in fresh} - found
        found |= fresh
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` is still running (a zombie waiting for its parent counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def hand_record_file(folder: Path, variant: str, seed: int) -> Path:
    """A file with one finished hand of ``variant`` (played by the easy computers) to review."""
    from engine.game import new_game
    from engine.record import write_records
    from engine.rules import preset
    from engine.sim import play_game

    players = preset(variant).players
    record = play_game(new_game(preset(variant), seed=seed), ["easy"] * players, seed, 1).hand_records[0]
    path = folder / "hand.jsonl"
    write_records(path, [record], append=False)
    return path


def close_once(variant: str, seed: int, fast: bool, way: str, busy: float) -> dict[str, object]:
    """Start the game with an analysis running, close it ``way``; the seconds to its exit and its workers' end."""
    home = Path(tempfile.mkdtemp(prefix="pinochle-quit-"))
    record = hand_record_file(home, variant, seed)
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", PINOCHLE_HOME=str(home))
    env.pop("PINOCHLE_THINK_AT_ONCE", None)  # the workers are what is measured
    command = [sys.executable, str(Path(__file__).resolve()), "--launch", str(record), "--",
               "--variant", variant, "--seed", str(seed), *(["--fast"] if fast else [])]
    game = subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    assert game.stdin is not None and game.stdout is not None
    output: list[str] = []
    reader = threading.Thread(target=lambda: output.extend(game.stdout or []), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 120
        workers: set[int] = set()
        while len(workers) < 4:  # the analysis's two, the hard replay's, the hands' costs' (and a resource tracker)
            if game.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the game did not start its workers:\n{''.join(output)}")
            time.sleep(0.1)
            workers = descendants(game.pid)
        time.sleep(busy)  # the workers load the engine and are deep in their analysis
        workers = descendants(game.pid)
        closed = time.perf_counter()
        if way == "SIGTERM":
            game.send_signal(signal.SIGTERM)
        else:
            game.stdin.write("close\n")
            game.stdin.flush()
        try:
            status = game.wait(GIVE_UP)
        except subprocess.TimeoutExpired:
            status = None
        exited = time.perf_counter() - closed
        while any(alive(pid) for pid in workers) and time.perf_counter() - closed < GIVE_UP:
            time.sleep(0.02)
        gone = time.perf_counter() - closed
        left = sorted(pid for pid in workers if alive(pid))
    finally:
        if game.poll() is None:
            game.kill()
        game.wait()
        for pid in descendants(game.pid) | workers:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    reader.join(5)
    return {"way": way, "exit": exited, "all gone": gone, "status": status, "workers": len(workers),
            "left": left, "save loads": _save_loads(home), "output": "".join(output).strip()}


def _save_loads(home: Path) -> bool:
    """Whether the game's save file is there and restores (through the app's own reading of it)."""
    env = dict(os.environ, PINOCHLE_HOME=str(home))
    check = ("import engine; from pinochle_gui.storage import Storage; s = Storage.open(); "
             "saved, _ = s.saves.load(restore=engine.game_from_dict); s.close(); "
             "print(saved is not None and isinstance(saved.restored, engine.Game))")
    result = subprocess.run([sys.executable, "-c", check], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    return result.stdout.strip() == "True"


def launch(record: Path, game_args: list[str]) -> int:
    """The game as ``python -m pinochle_gui game_args`` runs it, with the review of ``record`` opened over the
    first table and its hand costed; a line ``close`` on stdin closes the window (a ``pygame.QUIT`` event)."""
    import pygame

    from engine.record import read_records
    from pinochle_gui import cli, shell
    from pinochle_gui.screens import open_record_file
    from pinochle_gui.screens.review import ReviewScene

    first = shell.first_scene

    def first_scene(app: shell.App) -> object:
        scene = first(app)
        open_record_file(app, record)
        review = app.stack.top
        if isinstance(review, ReviewScene) and review.analysis is not None:
            review.analysis.start_hard()  # "the cards": the deal played again by the hard computer
        app.coster.add(read_records(record)[0], 0, "measure-quit", "hard")
        print("review open", flush=True)
        return scene

    def close_on_request() -> None:
        for line in sys.stdin:
            if line.strip() == "close":
                pygame.event.post(pygame.event.Event(pygame.QUIT))

    shell.first_scene = first_scene  # type: ignore[assignment]
    threading.Thread(target=close_on_request, daemon=True).start()
    return cli.main(game_args)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--launch"]:
        return launch(Path(argv[1]), argv[3:])
    parser = argparse.ArgumentParser(description="Seconds from closing the game to the process and its workers "
                                     "being gone.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--variant", default="two_hand")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--fast", action="store_true", help="start the game with --fast")
    parser.add_argument("--busy", type=float, default=3.0, help="seconds the workers run before the close")
    parser.add_argument("--way", choices=WAYS, action="append", help="how to close (default: both)")
    args = parser.parse_args(argv)
    if not Path("/proc/self/stat").exists():
        print("measure_quit.py finds the game's worker processes in /proc: Linux only; nothing measured")
        return 0
    print(f"closing {sys.executable} -m pinochle_gui --variant {args.variant} --seed {args.seed}"
          f"{' --fast' if args.fast else ''} with a hand's review and its cost being analysed "
          f"(workers busy {args.busy:g} s; SDL_VIDEODRIVER={os.environ.get('SDL_VIDEODRIVER', '')})")
    for way in args.way or WAYS:
        exits, gones = [], []
        for run in range(args.runs):
            result = close_once(args.variant, args.seed + run, args.fast, way, args.busy)
            exits.append(float(result["exit"]))  # type: ignore[arg-type]
            gones.append(float(result["all gone"]))  # type: ignore[arg-type]
            print(f"  {way:<8} run {run + 1}: process exited after {result['exit']:6.2f} s (status "
                  f"{result['status']}), it and its {result['workers']} child processes all gone after "
                  f"{result['all gone']:6.2f} s; save loads: {result['save loads']}"
                  + (f"; still running: {result['left']}" if result["left"] else ""), flush=True)
            if result["status"] not in (0, -signal.SIGTERM):
                print(json.dumps(result["output"])[:2000])
        print(f"  {way:<8} median of {args.runs}: exited {statistics.median(exits):6.2f} s, all gone "
              f"{statistics.median(gones):6.2f} s (longest {max(gones):.2f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
