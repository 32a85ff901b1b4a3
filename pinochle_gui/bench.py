"""Frame times of the table: ``python -m pinochle_gui.bench [--frames N] [--sizes 1280x720,1920x1080]``;
the share of a core the app takes while nothing moves: ``python -m pinochle_gui.bench --idle``;
pictures of the table: ``python -m pinochle_gui.bench --screenshots docs/screenshots``.

For each window size it measures three tables, each frame being what the app loop does (advance the
scenes, draw them, flip the display):

- ``idle``: the player's turn, nothing moving, every card picture of the size drawn;
- ``dealing``: the first seconds of a hand, every card flying from the dealer;
- ``thinking``: a hard computer deciding (in its worker process) while the table draws.

It prints the median, the 99th percentile and the worst frame in milliseconds, and the median and
99th percentile of the loop's own CPU time in a frame (what the frame costs when a core is free: on a
busy machine the frame also waits for one); a frame under 16.7 ms keeps 60 frames a second.

With ``--idle`` it runs the app's own loop (:func:`pinochle_gui.shell.turn`) for ``--seconds`` on the
title screen, the settings screen, the new-game screen (its name field's cursor blinking) and a table
waiting for the player, and prints the process's CPU time over that time as a share of one core, and
the frames presented.

It runs on the display of ``DISPLAY`` when there is one (an X server, Xvfb too), else on SDL's dummy
driver, which never presents a frame; the first line names the driver.

With ``--beside review`` a hand's analysis runs all the while as the review runs it (an
:class:`~engine.ai.analysis.worker.Analyst`: two worker processes at its priority, the hard search, started again on the
same hand each time it ends), polled every frame; with ``--beside costs`` the app's own cost job works (the
player's decisions of a hand, one worker at the lowest priority, a decision started only while no computer
thinks, the hand given again each time it is costed). Each table's line then says how many decisions were
analysed beside it and the processor time that took.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from engine.ai.analysis.advice import APP_SEED  # noqa: E402
from engine.ai.analysis.worker import Analyst  # noqa: E402
from engine.game import Phase, new_game  # noqa: E402
from engine.rules import PRESETS, preset  # noqa: E402
from engine.sim import play_game  # noqa: E402
from pinochle_gui import screens  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.frames import FrameClock, prefer_plain_frame_buffer  # noqa: E402
from pinochle_gui.scene import Scene  # noqa: E402
from pinochle_gui.screens.screen import Screen  # noqa: E402
from pinochle_gui.shell import App, turn  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.table.seats import ComputerSeat  # noqa: E402
from pinochle_gui.widgets import TextRow  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))


def _table(home: Path, size: tuple[int, int], levels: list[str | None], seed: int) -> tuple[App, TableScene]:
    screen = pygame.display.set_mode(size)
    options = parse_args(["--size", f"{size[0]}x{size[1]}", "--seed", str(seed)])
    app = App(options, screen, Storage.open(home))
    app.update_settings(sound_on=False, animation_speed="normal", toured=tuple(PRESETS))
    rules = app.settings.rules_for("partnership_auction")
    names = [app.settings.seat_name(s, 4) for s in range(4)]
    table = app.new_table(rules, levels, names)
    if BESIDE:
        _beside.append(Beside(BESIDE, app))
    gc.collect()
    gc.freeze()  # as the app does once it has started
    return app, table


def _screen() -> pygame.Surface:
    screen = pygame.display.get_surface()
    assert screen is not None, "the window is open"
    return screen


Frame = tuple[float, float]  # seconds of one frame: on the clock, and of the loop's thread's own CPU time


class Beside:
    """Analysis beside the table (``review`` or ``costs``, see the module's doc) on one four-handed hand."""

    def __init__(self, kind: str, app: App) -> None:
        self.kind = kind
        self.app = app
        self.record = play_game(new_game(preset("partnership_auction"), seed=7), ["medium"] * 4, 7, 1).hand_records[0]
        self.analyst: Analyst | None = None
        self.decisions = 0
        self.cpu = 0.0
        if kind == "review":
            self.analyst = Analyst(processes=True, workers=2)
            self.analyst.warm_up()
            self.analyst.start(self.record, 0, APP_SEED)

    def step(self) -> None:
        """What the app does each frame beside the table (the cost job is polled by the app's own tick)."""
        if self.analyst is not None:
            self.decisions += len(self.analyst.poll())
            if self.analyst.done():
                self.cpu += self.analyst.cpu_seconds
                self.analyst.start(self.record, 0, APP_SEED)
        elif not self.app.coster.busy:
            self.app.shared_analysis.clear()  # valued again, not taken from the last time
            self.app.coster.add(self.record, 0, "bench", "medium")

    def close(self) -> str:
        if self.analyst is not None:
            self.analyst.poll()
            self.cpu += self.analyst.cpu_seconds
            self.analyst.close()
            return f"beside it the review's analysis: {self.decisions} decisions, {self.cpu:.1f} s of processor time"
        return f"beside it the cost job: {self.app.coster.valued} decisions started"


#: The analysis beside the tables measured (``--beside``), and that of the table under way.
BESIDE = ""
_beside: list[Beside] = []


def _frame(app: App, screen: pygame.Surface, dt: float) -> Frame:
    start, cpu = time.perf_counter(), time.thread_time()
    for load in _beside:
        load.step()
    app.tick(dt)
    app.stack.draw(screen)
    pygame.display.flip()
    return time.perf_counter() - start, time.thread_time() - cpu


def _measure(app: App, frames: int, keep: Callable[[], bool]) -> list[Frame]:
    """Frame times while ``keep()`` holds (at most ``frames``), paced at 60 frames a second."""
    screen = _screen()
    times: list[Frame] = []
    last = time.perf_counter()
    while len(times) < frames and keep():
        now = time.perf_counter()
        times.append(_frame(app, screen, min(0.1, now - last)))
        last = now
        spare = 1 / 60 - (time.perf_counter() - now)
        if spare > 0:
            time.sleep(spare)
    return times


def idle(home: Path, size: tuple[int, int], frames: int) -> list[Frame]:
    app, table = _table(home, size, [None, "easy", "easy", "easy"], seed=3)
    try:
        _to_players_turn(app, table)
        return _measure(app, frames, lambda: True)
    finally:
        app.close()


def _to_players_turn(app: App, table: TableScene) -> None:
    """Play on to the player's first turn, and until the card pictures of this size are all drawn."""
    screen = _screen()
    deadline = time.perf_counter() + 60
    while time.perf_counter() < deadline:  # to the player's first turn, passing in the auction
        _frame(app, screen, 1 / 60)
        if table.human_turn and table.idle:
            break
    settle = time.perf_counter() + 30.0  # the card pictures of this size are drawn ahead in the first seconds
    while time.perf_counter() < settle and not table.art_ready:
        _frame(app, screen, 1 / 60)


def dealing(home: Path, size: tuple[int, int], frames: int) -> list[Frame]:
    app, table = _table(home, size, [None, "easy", "easy", "easy"], seed=4)
    try:
        _frame(app, _screen(), 0.0)  # the table's first frame (the felt and the avatars drawn): start-up, not dealing
        return _measure(app, frames, lambda: not table.idle)
    finally:
        app.close()


def thinking(home: Path, size: tuple[int, int], frames: int) -> list[Frame]:
    app, table = _table(home, size, ["hard", "hard", "hard", "hard"], seed=5)
    try:
        screen = _screen()
        deadline = time.perf_counter() + 120
        times: list[Frame] = []
        while len(times) < frames and time.perf_counter() < deadline:
            frame = _frame(app, screen, 1 / 60)
            if any(isinstance(s, ComputerSeat) and s.thinking for s in table.seats) and table.idle:
                times.append(frame)
            time.sleep(max(0.0, 1 / 60 - frame[0]))
        return times
    finally:
        app.close()


def _still(app: App, seconds: float) -> tuple[float, int]:
    """Run the app's loop for ``seconds``: the process's CPU time over that time (a share of one core)
    and the frames presented."""
    frames = FrameClock(app.stack)
    screen = _screen()
    for _ in range(30):  # the first frames: the scene's pictures are drawn, a transition ends
        screen = turn(app, frames, screen)
    presents = frames.presents
    cpu, start = time.process_time(), time.perf_counter()
    while time.perf_counter() - start < seconds:
        screen = turn(app, frames, screen)
    return (time.process_time() - cpu) / (time.perf_counter() - start), frames.presents - presents


def idle_shares(home: Path, size: tuple[int, int], seconds: float) -> list[tuple[str, float, int]]:
    """The app standing still: (what is shown, share of one core, frames presented) for the title screen,
    two menu screens and a table waiting for the player."""
    app, table = _table(home, size, [None, "easy", "easy", "easy"], seed=3)
    results = []
    try:
        _to_players_turn(app, table)
        results.append(("table, the player's turn", *_still(app, seconds)))
        menus: list[tuple[str, Callable[[App], Scene]]] = [
            ("title screen", screens.title_scene), ("settings", screens.settings_scene),
            ("new game (typing cursor)", screens.new_game_scene)]
        for name, scene in menus:
            app.stack.clear()
            app.stack.running = True
            app.stack.push(scene(app))
            if name.startswith("new game"):
                _focus_text(app.stack.top)
            results.append((name, *_still(app, seconds)))
    finally:
        app.close()
    return results


def _focus_text(scene: Scene | None) -> None:
    """Put the focus on the first text field of a screen, as a player about to type a name would."""
    if isinstance(scene, Screen):
        rows = [w for w in scene.focusables() if isinstance(w, TextRow)]
        scene.set_focus(rows[0] if rows else None)


def screenshots(folder: Path, variants: list[str], sizes: list[tuple[int, int]], tricks: int = 3) -> list[Path]:
    """Pictures of a demo table of each variant at each size, taken in the play of the first hand (after
    ``tricks`` tricks, a trick under way); the files are ``table-<variant>-<w>x<h>.png``."""
    saved = []
    with tempfile.TemporaryDirectory() as home:
        for variant in variants:
            for w, h in sizes:
                screen = pygame.display.set_mode((w, h))
                options = parse_args(["--demo", "--variant", variant, "--seed", "7", "--size", f"{w}x{h}",
                                      "--level", "easy"])
                app = App(options, screen, Storage.open(Path(home) / f"{variant}{w}"))
                app.update_settings(sound_on=False, animation_speed="instant")
                table = app.default_game()
                try:
                    deadline = time.perf_counter() + 120
                    while time.perf_counter() < deadline:
                        _frame(app, screen, 1 / 30)
                        game = table.game
                        hand = game.hand
                        under_way = min(2, game.rules.players - 1)  # cards of the trick under way
                        if (game.phase == Phase.PLAY and len(hand.tricks) >= tricks and len(hand.trick) >= under_way
                                and table.idle):
                            break
                    for _ in range(10):
                        _frame(app, screen, 1 / 30)
                        if not table.idle:
                            break
                    path = folder / f"table-{variant}-{w}x{h}.png"
                    folder.mkdir(parents=True, exist_ok=True)
                    pygame.image.save(screen, str(path))
                    saved.append(path)
                finally:
                    app.close()
    return saved


def summary(times: list[Frame]) -> str:
    if not times:
        return "no frames"
    ms = sorted(wall * 1000 for wall, _ in times)
    cpu = sorted(own * 1000 for _, own in times)
    p99 = min(len(ms) - 1, round(0.99 * (len(ms) - 1)))
    return (f"{len(ms):5d} frames  median {statistics.median(ms):6.2f} ms  p99 {ms[p99]:6.2f} ms  "
            f"worst {ms[-1]:6.2f} ms  (own CPU: median {statistics.median(cpu):5.2f} ms  p99 {cpu[p99]:5.2f} ms)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pinochle_gui.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300, help="frames measured per table (default 300)")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES),
                        help="window sizes, comma-separated (default 1280x720,1920x1080)")
    parser.add_argument("--screenshots", type=Path, metavar="FOLDER",
                        help="instead of timing: save a picture of a demo table of every variant at each size")
    parser.add_argument("--variants", default=",".join(PRESETS), help="variants of --screenshots")
    parser.add_argument("--idle", action="store_true",
                        help="instead of frame times: the share of a core the app takes while nothing moves")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds measured per screen of --idle")
    parser.add_argument("--beside", choices=("review", "costs"),
                        help="a hand's analysis running all the while: the review's, or the app's cost job")
    args = parser.parse_args(argv)
    global BESIDE
    BESIDE = args.beside or ""
    sizes = [(int(s.split("x")[0]), int(s.split("x")[1])) for s in args.sizes.split(",")]
    prefer_plain_frame_buffer()
    pygame.display.init()
    pygame.font.init()
    if args.screenshots is not None:
        for path in screenshots(args.screenshots, args.variants.split(","), sizes):
            print(path)
        pygame.quit()
        return 0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"pinochle_gui.bench: {platform.python_implementation()} {platform.python_version()}, "
          f"pygame-ce {pygame.version.ver}, SDL video driver {pygame.display.get_driver()}, "
          f"{os.cpu_count()} CPUs, {platform.machine()}, load average {load:.1f}")
    with tempfile.TemporaryDirectory() as home:
        for size in sizes:
            w, h = size
            if args.idle:
                for name, share, presents in idle_shares(Path(home) / f"still{w}", size, args.seconds):
                    print(f"{w}x{h}  {name:<26} {share * 100:5.1f}% of one core over {args.seconds:g} s, "
                          f"{presents} frames presented", flush=True)
                continue
            for name, bench in (("idle", idle), ("dealing", dealing), ("thinking", thinking)):
                times = bench(Path(home) / f"{name}{w}", (w, h), args.frames)
                beside = f"; {_beside.pop().close()}" if _beside else ""
                print(f"{w}x{h}  {name:<9}{summary(times)}{beside}", flush=True)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
