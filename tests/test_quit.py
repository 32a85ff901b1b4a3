"""Quit means quit: a stopped pool's workers are terminated in the middle of their job, a thread pool never
holds up the exit, the app's close stops every pool it owns, and SIGTERM closes the real game the way its
window's close button does (the game saved and loadable, every worker gone).

No verdict here depends on the machine's speed: the jobs run ten minutes (:data:`tests.quit_jobs.LONG`),
the tests wait at most a fraction of that for what must happen, and check what happened (a worker ended by
a signal, not finished), not how fast.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import engine  # noqa: E402
from engine.ai.analysis.worker import DaemonThread, background_pool, stop_pool  # noqa: E402
from engine.challenge import Challenge  # noqa: E402
from engine.game import new_game  # noqa: E402
from engine.review import review_steps  # noqa: E402
from engine.rules import PRESETS, preset  # noqa: E402
from engine.sim import play_game  # noqa: E402
from pinochle_gui import shell  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.quit_signals import QuitSignals  # noqa: E402
from pinochle_gui.screens import open_review  # noqa: E402
from pinochle_gui.screens.review import ReviewScene  # noqa: E402
from pinochle_gui.screens.try_again import TryAgainScene  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from tests import quit_jobs  # noqa: E402
from tests.conftest import wait_until  # noqa: E402
from tests.test_packaging import load_script  # noqa: E402

pytestmark = pytest.mark.timeout(300)
ROOT = Path(__file__).resolve().parent.parent
GENEROUS = 60.0  # seconds to wait for what must happen (a tenth of a long job)
TERMINATED = (-signal.SIGTERM, -signal.SIGKILL)  # a worker's exit code once ended by a signal


def test_a_stopped_process_pool_terminates_its_worker_in_the_middle_of_a_long_job(tmp_path: Path) -> None:
    started = tmp_path / "started"
    pool = background_pool("pinochle-test", processes=True)
    assert isinstance(pool, ProcessPoolExecutor)
    running = pool.submit(quit_jobs.work_for, quit_jobs.LONG, str(started))
    waiting = pool.submit(quit_jobs.work_for, quit_jobs.LONG)
    wait_until(started.exists, "the long job starting", seconds=GENEROUS)
    workers = list((pool._processes or {}).values())
    manager = pool._executor_manager_thread  # the thread the interpreter joins at its exit
    assert workers and manager is not None

    stop_pool(pool)

    for worker in workers:
        worker.join(GENEROUS)
        # The pool's own thread may reap the worker at the same moment: the loser of the two waits reads no exit
        # code until the winner has set it (multiprocessing's poll answers None on ECHILD).
        wait_until(lambda w=worker: w.exitcode is not None, "the worker's exit code", seconds=GENEROUS)
        assert worker.exitcode in TERMINATED, "the worker was terminated, not left to finish its job"
    manager.join(GENEROUS)
    assert not manager.is_alive(), "nothing is left for the interpreter's exit to wait for"
    wait_until(running.done, "the running job's future being settled", seconds=GENEROUS)
    assert isinstance(running.exception(), BrokenProcessPool)
    assert waiting.cancelled() or isinstance(waiting.exception(), BrokenProcessPool)
    with pytest.raises(RuntimeError):
        pool.submit(quit_jobs.work_for, 0.0)


def test_the_thread_fallback_runs_jobs_in_order_and_cancels_the_waiting_ones() -> None:
    pool = background_pool("pinochle-test-thread", processes=False)
    assert isinstance(pool, DaemonThread)
    gate = threading.Event()
    first = pool.submit(gate.wait, GENEROUS)
    second = pool.submit(sum, [1, 2])
    threads = [t for t in threading.enumerate() if t.name == "pinochle-test-thread"]
    assert len(threads) == 1 and threads[0].daemon, "the thread never holds up the exit"
    stop_pool(pool)
    assert second.cancelled()
    with pytest.raises(RuntimeError):
        pool.submit(sum, [1])
    gate.set()
    assert first.result(GENEROUS) is True  # the job running went on to its end, unseen by anyone
    threads[0].join(GENEROUS)
    assert not threads[0].is_alive()
    again = DaemonThread("pinochle-test-thread-2")
    assert [again.submit(sum, [n, n]).result(GENEROUS) for n in range(3)] == [0, 2, 4]
    again.shutdown(wait=True)


def test_a_process_exits_at_once_after_stopping_pools_busy_with_long_jobs(tmp_path: Path) -> None:
    """Both kinds of pool, each in the middle of a ten-minute job, stopped: the process ends well before."""
    script = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        sys.path.insert(0, {str(ROOT)!r})
        from engine.ai.analysis.worker import background_pool, stop_pool
        from tests.quit_jobs import LONG, work_for
        if __name__ == "__main__":
            pools = []
            for name, processes in (("process", True), ("thread", False)):
                started = Path({str(tmp_path)!r}) / name
                pool = background_pool("pinochle-test-" + name, processes)
                pool.submit(work_for, LONG, str(started))
                while not started.exists():
                    time.sleep(0.05)
                pools.append(pool)
            for pool in pools:
                stop_pool(pool)
            print("stopped", flush=True)
    """)
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                            timeout=quit_jobs.LONG / 2)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "stopped"


def test_a_process_exits_at_once_after_stopping_a_worker_half_way_through_sending_its_result(tmp_path: Path) -> None:
    """A result over 16 KiB (a bid's review with every bid valued) goes to the pool in two writes; a worker stopped
    between them left the pool's own thread waiting for the rest, and the process's exit waiting for that thread."""
    script = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        sys.path.insert(0, {str(ROOT)!r})
        from engine.ai.analysis.worker import background_pool, stop_pool
        from tests.quit_jobs import half_sent
        if __name__ == "__main__":
            started = Path({str(tmp_path)!r}) / "started"
            pool = background_pool("pinochle-test-half-sent", True)
            pool.submit(half_sent, str(started))
            while not started.exists():
                time.sleep(0.05)
            time.sleep(0.2)  # the pool's thread has read the length and waits for the rest
            stop_pool(pool)
            print("stopped", flush=True)
    """)
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "stopped"


@pytest.fixture
def busy_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[shell.App]:
    """The real app with worker processes (not the tests' decisions at once) in which every background job
    works ten minutes (:func:`tests.quit_jobs.endless`)."""
    monkeypatch.delenv("PINOCHLE_THINK_AT_ONCE", raising=False)
    for module, name in (("engine.ai.analysis.worker", "in_saved"),  # what a worker process runs: decisions and hints
                         ("engine.ai.analysis.worker", "_review"),
                         ("engine.ai.analysis.duplicate", "computer_hand_from_dict"),
                         ("pinochle_gui.table.cost_job", "decision_graded"),
                         ("pinochle_gui.screens.review_analysis", "play_seat_again"),
                         ("pinochle_gui.screens.try_again", "play_on")):
        monkeypatch.setattr(f"{module}.{name}", quit_jobs.endless)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    storage = Storage.open(tmp_path)
    storage.update_settings(toured=tuple(PRESETS))
    app = shell.App(parse_args(["--fast", "--seed", "5"]), screen, storage)
    try:
        yield app
    finally:
        app.close()  # a second close does no harm


def closed_and_terminated(app: shell.App, workers: list[multiprocessing.Process]) -> None:
    """Close ``app``: each of ``workers`` is terminated, none left to finish its job, and no worker is left."""
    app.close()
    for worker in workers:
        worker.join(GENEROUS)
        assert worker.exitcode in TERMINATED, f"{worker.name} was terminated, not left to finish its job"
    assert multiprocessing.active_children() == []


@pytest.mark.cost_job  # the app's own cost job, after a hand
def test_closing_the_app_terminates_the_workers_of_every_pool_it_owns(busy_app: shell.App) -> None:
    app = busy_app
    app.start_challenge(Challenge(5, preset("two_hand"), 2, (None, "easy")), ["You", "North"])  # its computer
    table = app.table
    assert table is not None
    seat = table.game.to_act
    assert seat is not None
    table.thinker.start(table.game, seat, "hard", 1)  # the table's computers
    table.hints.start_hint(table.game, seat, 2)  # a hint
    record = play_game(new_game(preset("two_hand"), seed=3), ["easy", "easy"], 3, 1).hand_records[0]
    app.coster.add(record, 0, "a game", "hard")  # the hand's cost
    app.coster.poll(idle=True)
    assert open_review(app, [record], 0)  # the review's analysis
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.analysis is not None
    review.analysis.start_hard()  # the deal played again by the hard computer
    step = next(s for s in review_steps(record) if s.action_index is not None and s.seat == 0)
    again = TryAgainScene(app, record, step, review.analysis, lambda *records: None)
    app.stack.push(again)
    again.choose(next(c for c in again.choices if c[1] != again.played))  # played on, and from the choice made
    workers = multiprocessing.active_children()
    # the challenge's 1, the table's 1, the hints' 1, the hand's cost 1, the analysis's 2, the replay's 1, try again 2
    assert len(workers) == 9, workers

    closed_and_terminated(app, workers)


@pytest.mark.cost_job  # the app's own cost job, on a hand kept in an earlier run
def test_closing_the_app_terminates_the_cost_jobs_worker_on_an_earlier_hand(busy_app: shell.App) -> None:
    app = busy_app
    record = play_game(new_game(preset("two_hand"), seed=3), ["easy", "easy"], 3, 1).hand_records[0]
    assert app.storage.record_hand(record, 0, [None, "easy"], game_id="earlier") == []
    assert app.storage.stats.keep_hand_record("earlier", record) == []  # its cost never found
    app.tick(0.01)
    app.tick(0.01)
    assert app.coster.busy and app.coster.hands[0].earlier and app.coster.valued == 1
    workers = multiprocessing.active_children()
    assert len(workers) == 1, workers

    closed_and_terminated(app, workers)


def test_quit_signals_are_noted_then_a_second_one_is_left_to_end_the_process() -> None:
    previous = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signals = QuitSignals()
    try:
        signals.install()
        assert signal.getsignal(signal.SIGTERM) == signals._note
        os.kill(os.getpid(), signal.SIGTERM)  # Python runs the handler before the next line
        assert signals.received == signal.SIGTERM
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # a second SIGTERM ends the process at once
        signals.restore()
    finally:
        signal.signal(signal.SIGTERM, previous)
    ignored = QuitSignals()
    previous = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        ignored.install()
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN, "a signal someone chose to ignore stays ignored"
    finally:
        ignored.restore()
        signal.signal(signal.SIGTERM, previous)


#: The game's processes as build/measure_quit.py finds them in /proc: its descendants, and whether one runs.
PROCESSES = load_script("measure_quit")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the game's workers in /proc (Linux)")
def test_sigterm_closes_the_real_game_as_its_window_does(tmp_path: Path) -> None:
    """A demo at the hard level (its computers always thinking in a worker process) told to stop with SIGTERM:
    it exits with status 0 (the orderly close, not the signal's default), its workers are gone, and its save
    is whole and restores."""
    env = dict(os.environ, PINOCHLE_HOME=str(tmp_path), PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PINOCHLE_THINK_AT_ONCE", None)
    game = subprocess.Popen([sys.executable, "-m", "pinochle_gui", "--demo", "--variant", "two_hand", "--seed", "3",
                             "--level", "hard"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        save = tmp_path / "data" / "current_game.json"
        wait_until(lambda: save.exists() and PROCESSES.descendants(game.pid) or game.poll() is not None,
                   "the game saving and starting its computers' worker", seconds=quit_jobs.LONG / 4)
        assert game.poll() is None, game.communicate()
        workers = PROCESSES.descendants(game.pid)
        game.send_signal(signal.SIGTERM)
        _, errors = game.communicate(timeout=quit_jobs.LONG / 4)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 0, errors
    wait_until(lambda: not any(PROCESSES.alive(pid) for pid in workers), "every worker ending", seconds=GENEROUS)
    assert list(save.parent.glob(f".{save.name}.*.tmp")) == [], "no save was cut off half-way"
    storage = Storage.open(tmp_path)
    try:
        saved, messages = storage.saves.load(restore=engine.game_from_dict)
        assert messages == [] and saved is not None and isinstance(saved.restored, engine.Game)
    finally:
        storage.close()
