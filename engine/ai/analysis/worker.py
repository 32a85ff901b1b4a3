"""Deciding in another process, so the table keeps drawing while a computer seat thinks.

A decision is a pure function of the saved game, the seat, the level and the seed, so it can be
made anywhere: :func:`decide` rebuilds the game from :func:`engine.save.game_to_dict` and answers
with the action as JSON (:func:`engine.actions.action_to_json`), which the caller turns back into
an action against its own game with :meth:`engine.game.Game.action_from_json`.

The GUI uses a :class:`Thinker`: start a decision, poll it each frame, apply the answer when it is
there. Nothing blocks, and a decision that is no longer wanted (the player left the table, undid a
move) is dropped. It decides where it is told (:data:`WHERE`): in a worker process, on a thread of
this process, or at once on the caller's thread (the answer is there when ``start`` returns).

>>> from engine.game import new_game
>>> from engine.rules import preset
>>> game = new_game(preset("two_hand"), seed=2)
>>> thinker = Thinker("thread")
>>> thinker.start(game, game.to_act, "easy", seed=1)
>>> action, reason = thinker.wait(game, timeout=30)
>>> game.is_legal(action)
True
>>> thinker.close()

An :class:`Analyst` reviews a whole hand the same way, decision by decision (:mod:`engine.ai.analysis.hand`),
the player's decisions first, on one or two worker processes:

>>> from engine.sim import play_game
>>> record = play_game(new_game(preset("partnership_auction"), seed=3), ["easy"] * 4, 3, 1).hand_records[0]
>>> analyst = Analyst(processes=False, level="medium", every_card=False)
>>> analyst.start(record, seat=0, seed=1)
>>> analysis = analyst.wait(timeout=120)
>>> analyst.progress == (len(analysis.decisions),) * 2, analysis.decisions[0].action_index
(True, 0)
>>> analyst.close()
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import queue
import threading
import time
from collections.abc import Callable, Collection, Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any, Literal, ParamSpec, TypeVar

from engine.actions import action_to_json
from engine.ai.analysis.hand import (
    ANALYSIS_LEVELS,
    THE_PLAYER,
    DecisionReview,
    HandAnalysis,
    SeatView,
    player_seat,
    review_views,
    work_order,
)
from engine.ai.analysis.hint import hint
from engine.ai.players.computer import ComputerPlayer
from engine.ai.players.levels import LEVELS
from engine.game import Game
from engine.players import Choice, RandomPlayer
from engine.record import HandRecord
from engine.save import SavedGameDict, game_from_dict, game_to_dict

#: A decision's work in a game: the action (as JSON) and its reason in words.
Job = Callable[..., tuple[Any, str]]


def decide(game_dict: SavedGameDict, seat: int, level: str, seed: int) -> Any:
    """The action (as JSON) that the computer of ``level`` with ``seed`` takes for ``seat`` in the saved game."""
    return decide_with_reason(game_dict, seat, level, seed)[0]


def decide_with_reason(game_dict: SavedGameDict, seat: int, level: str, seed: int) -> tuple[Any, str]:
    """:func:`decide`, with the decision's reason in words (none for the ``random`` player)."""
    return in_saved(decide_in, game_dict, seat, level, seed)


def in_saved(job: Job, game_dict: SavedGameDict, seat: int, *args: object) -> tuple[Any, str]:
    """``job`` (:func:`decide_in`, :func:`hint_in`) in the game rebuilt from its save: what a worker process
    gets, where the game itself cannot go."""
    return job(game_from_dict(game_dict), seat, *args)


def decide_in(game: Game, seat: int, level: str, seed: int) -> tuple[Any, str]:
    """:func:`decide_with_reason` in ``game`` itself, the decider's own copy (in the app's own process there
    is no need to rebuild the game from its save, which replays every hand of it)."""
    if level == RandomPlayer.name:
        return action_to_json(RandomPlayer(seed).choose(game, seat)), ""
    try:
        chosen = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}") from None
    action, reason = ComputerPlayer(chosen, seed).choose_with_reason(game, seat)
    return action_to_json(action), reason


def hint_in(game: Game, seat: int, seed: int) -> tuple[Any, str]:
    """The hint (:func:`engine.ai.analysis.hint.hint`: the advice the hand review grades against) for ``seat`` in
    ``game`` itself, the hint's own copy, as JSON, with its reason in words (a worker process gets it through
    :func:`in_saved`)."""
    action, reason = hint(game, seat, seed)
    return action_to_json(action), reason


def lower_priority(steps: int = 5) -> None:
    """In a worker process: work ``steps`` lower in priority, so that drawing the table (and, further
    down, the table's own computers) comes first when the cores are busy (no-op without ``os.nice``)."""
    try:
        os.nice(steps)
    except (AttributeError, OSError):
        pass


def background_pool(name: str, processes: bool = True, workers: int = 1, niceness: int = 5,
                    thread_fallback: bool = True) -> Executor | None:
    """A pool for work off the main thread: ``workers`` spawned processes ``niceness`` steps lower in
    priority; where processes are not wanted or cannot start, one daemon thread named ``name``
    (:class:`DaemonThread`; None without ``thread_fallback``: work that must never run in the app's own
    process). Stop it with :func:`stop_pool`."""
    if processes:
        try:
            return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=lower_priority, initargs=(niceness,))
        except (OSError, ValueError, NotImplementedError):
            pass
    return DaemonThread(name) if thread_fallback else None


#: Seconds :func:`stop_pool` gives terminated workers to end before it kills them.
STOP_GRACE = 0.5


def stop_pool(pool: Executor | None, grace: float = STOP_GRACE) -> None:
    """Stop ``pool`` now, its work dropped: jobs not started are cancelled and, in a process pool, the
    workers are terminated (SIGTERM), joined for at most ``grace`` seconds, and those still there killed.

    ``shutdown(wait=False)`` alone lets a running job finish, and at the interpreter's exit
    :mod:`concurrent.futures` waits for it: a hand's analysis kept a closed game's process alive for
    tens of seconds. A :class:`DaemonThread`'s running job cannot be stopped from outside; it is left to
    finish unseen, and its thread never holds up the exit.

    A worker stopped half way through sending its result (one over 16 KiB goes in two writes: its length, then the
    rest) leaves the pool's own thread reading the rest for ever, and the interpreter's exit waits for that thread:
    once the workers are gone, the pool's end of the results' pipe that writes is closed too, so that it reads the
    end of the pipe instead.
    """
    if pool is None:
        return
    workers = list((pool._processes or {}).values()) if isinstance(pool, ProcessPoolExecutor) else []
    results = pool._result_queue if isinstance(pool, ProcessPoolExecutor) else None
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    end = time.monotonic() + grace
    for worker in workers:
        worker.join(max(0.0, end - time.monotonic()))
    for worker in workers:
        if worker.is_alive():
            worker.kill()
            worker.join(grace)
    if results is not None and workers:
        with contextlib.suppress(OSError, AttributeError):
            results._writer.close()  # type: ignore[attr-defined]


_P = ParamSpec("_P")
_T = TypeVar("_T")


class AtOnce(Executor):
    """Runs each job as it is submitted, on the caller's thread; its future is done on return."""

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - handed back through the future, as a worker would
            future.set_exception(error)
        return future


class DaemonThread(Executor):
    """Runs its jobs one after another on one daemon thread named ``name`` (started with the first job).

    The fallback of :func:`background_pool` where worker processes cannot be used (and the tests' way).
    A :class:`~concurrent.futures.ThreadPoolExecutor`'s threads are joined when the interpreter exits, so a
    search still running would keep a closed game alive until it ends; a thread cannot be stopped from
    outside, and the jobs (a decision, its review, a hand played on) are long searches without a place to
    stop. They are also pure: they write nothing and hold nothing the app's close needs, and their answer
    is wanted only by the running app. So the thread is a daemon: the process ends without waiting for it.

    >>> pool = DaemonThread("pinochle-example")
    >>> pool.submit(sum, [1, 2, 3]).result(timeout=30)
    6
    >>> pool.shutdown()
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._shut = False

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        future: Future[_T] = Future()
        with self._lock:
            if self._shut:
                raise RuntimeError("cannot schedule new futures after shutdown")
            self._jobs.put((future, functools.partial(fn, *args, **kwargs)))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
        return future

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, call = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = call()
            except BaseException as error:  # noqa: BLE001 - handed back through the future, as a worker would
                future.set_exception(error)
            else:
                future.set_result(result)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more jobs; those not started are cancelled with ``cancel_futures``; ``wait``: until the thread ends."""
        with self._lock:
            self._shut = True
            if cancel_futures:
                while True:
                    try:
                        job = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if job is not None:
                        job[0].cancel()
            self._jobs.put(None)
            thread = self._thread
        if wait and thread is not None:
            thread.join()


#: Where a :class:`Thinker` decides: in a worker process (a thread where processes cannot start), on a
#: thread of this process, or at once on the caller's thread.
Where = Literal["process", "thread", "at_once"]
WHERE: tuple[Where, ...] = ("process", "thread", "at_once")


class Thinker:
    """Runs one decision at a time, ``where`` it is told (a worker process by default).

    The pool is made on first use and kept for the next decisions; a worker that dies is replaced,
    and if processes cannot be started at all the thinker falls back to a thread.
    """

    def __init__(self, where: Where = "process") -> None:
        if where not in WHERE:
            raise ValueError(f"a thinker decides in one of {', '.join(WHERE)}, not {where!r}")
        self.where = where
        self._executor: Executor | None = None
        self._future: Future[tuple[Any, str]] | None = None
        self._key: tuple[int, int] | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.where == "at_once":
                self._executor = AtOnce()
            else:
                self._executor = background_pool("pinochle-ai", self.where == "process")
                assert self._executor is not None
                if not isinstance(self._executor, ProcessPoolExecutor):
                    self.where = "thread"
        return self._executor

    def start(self, game: Game, seat: int, level: str, seed: int) -> None:
        """Start deciding for ``seat`` (dropping any decision still under way)."""
        self._submit(game, seat, decide_in, level, seed)

    def start_hint(self, game: Game, seat: int, seed: int = 0) -> None:
        """Start working out the hint for ``seat`` (:func:`hint_in`), dropping any decision under way."""
        self._submit(game, seat, hint_in, seed)

    def _submit(self, game: Game, seat: int, job: Job, *args: object) -> None:
        self.cancel()
        self._key = (len(game.log), seat)
        try:
            self._future = self._job(game, seat, job, *args)
        except RuntimeError:  # a broken pool (its worker died): start afresh once
            self.close()
            self._future = self._job(game, seat, job, *args)

    def _job(self, game: Game, seat: int, job: Job, *args: object) -> Future[tuple[Any, str]]:
        """A worker process gets the saved game; a thread, or the caller's own thread, a copy of the game."""
        pool = self._pool()
        if isinstance(pool, ProcessPoolExecutor):
            return pool.submit(in_saved, job, game_to_dict(game), seat, *args)
        return pool.submit(job, game.clone(), seat, *args)

    @property
    def busy(self) -> bool:
        """A decision has been started and not yet collected."""
        return self._future is not None

    def ready(self) -> bool:
        return self._future is not None and self._future.done()

    def result(self, game: Game) -> Choice | None:
        """The decision once made (read against ``game``, which must be where it was started), else None.

        A decision that failed in the worker raises its error here.
        """
        if self._future is None or not self._future.done():
            return None
        return self._collect(game)

    def wait(self, game: Game, timeout: float | None = None) -> Choice:
        """Block until the decision is made (for tests and scripts)."""
        if self._future is None:
            raise RuntimeError("no decision was started")
        try:
            self._future.result(timeout)
        except FutureTimeout:
            raise TimeoutError("the decision took too long") from None
        except Exception:  # noqa: S110 - raised again by _collect with its own message
            pass
        return self._collect(game)

    def _collect(self, game: Game) -> Choice:
        future, key = self._future, self._key
        self._future = self._key = None
        assert future is not None and key is not None
        if key != (len(game.log), game.to_act):
            raise RuntimeError("the game moved on since this decision was started")
        value, reason = future.result()
        return game.action_from_json(value), reason

    def cancel(self) -> None:
        """Forget the decision under way (its answer, when it comes, is dropped)."""
        if self._future is not None:
            self._future.cancel()
        self._future = self._key = None

    def close(self) -> None:
        """Stop the worker (it is started again on the next :meth:`start`)."""
        self.cancel()
        stop_pool(self._executor)
        self._executor = None


def _review(record: HandRecord, action_index: int, seed: int, level: str, every_card: bool,
            viewer: int | None, known: SeatView | None = None) -> tuple[DecisionReview, float, SeatView]:
    """In the worker: one decision of the record reviewed (see :func:`engine.ai.analysis.hand.review_views`; from its
    seat view ``known`` where that was found before), the processor time it took, and its seat view."""
    started = time.process_time()
    review, view = review_views(record, action_index, seed, ANALYSIS_LEVELS[level], every_card, viewer, known)
    return review, time.process_time() - started, view


def _ready() -> bool:
    return True


#: How many steps lower in priority a hand's analysis works: below the table's own computers (a :class:`Thinker`,
#: 5), so that a review opened while they think never slows them, above the duplicate challenge's computer (15) and
#: the app's cost of a hand (19).
ANALYSIS_NICENESS = 10

#: A decision's review in a worker: the review, the processor seconds it took, its seat view.
Reviewed = tuple[DecisionReview, float, SeatView]


@dataclass
class _Job:
    index: int                    # the record's action
    seat: int                     # whose decision
    future: Future[Reviewed]


class Analyst:
    """Analyses one hand record off the main thread (worker processes unless ``processes`` is false);
    the results come in decision by decision, the player's first.

    ``level`` names the seat's view (:data:`engine.ai.analysis.hand.ANALYSIS_LEVELS`, the ``hard`` search
    by default); ``every_card`` adds, for the player's decisions, the view with every card visible (the
    other seats' decisions are valued from their own view only). A decision that fails in the
    worker is counted as done and left out of the result (its error kept in :attr:`errors`).

    The workers run :data:`ANALYSIS_NICENESS` steps lower in priority (``niceness``).

    The player's decisions already reviewed from the seat's view with the same seed, level and viewer (the app's
    cost of the hand: :class:`~engine.ai.analysis.hand.SeatView`) are not valued again: given to :meth:`start` or, while
    their decisions wait, to :meth:`reuse`, only the view with every card is added to them. The seat views of the
    player's decisions the analyst found itself are kept (:attr:`seat_views`) for the others to use.
    """

    def __init__(self, processes: bool = True, workers: int = 2, level: str = "hard", every_card: bool = True,
                 niceness: int = ANALYSIS_NICENESS) -> None:
        self.processes = processes
        self.niceness = niceness
        self.workers = max(1, workers)
        self.level = level
        self.every_card = every_card
        self.errors: list[str] = []
        self._executor: Executor | None = None
        self._jobs: list[_Job] = []
        self._collected: list[DecisionReview] = []
        self._pending: list[_Job] = []
        self.cpu_seconds = 0.0  # processor time the decisions collected took in the workers (for benchmarks)
        self.seat_views: dict[int, SeatView] = {}  # the player's decisions from their own view, by action
        self._record: HandRecord | None = None
        self._seed = 0
        self._viewer: int | None = None
        self._seat = 0
        self._total = 0
        self._done = 0
        self._started = False
        self.order: list[tuple[int, int]] = []  # (action index, seat) of the decisions, in the order of the work

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = background_pool("pinochle-analysis", self.processes, self.workers, self.niceness)
            assert self._executor is not None
            self.processes = isinstance(self._executor, ProcessPoolExecutor)
        return self._executor

    def warm_up(self) -> None:
        """Start the workers now and wait until each has loaded the engine (else the first analysis does it)."""
        pool = self._pool()
        for future in [pool.submit(_ready) for _ in range(self.workers if self.processes else 1)]:
            future.result()

    def start(self, record: HandRecord, seat: int, seed: int = 0, viewer: int | None = THE_PLAYER,
              known: Mapping[int, SeatView] | None = None, later: Collection[int] = ()) -> None:
        """Start analysing the decisions of ``seat`` in ``record`` (dropping any analysis under way), told to
        the player in ``viewer`` (by default the record's player, :func:`~engine.ai.analysis.hand.player_seat`;
        None: every seat by its name, as for a challenge's hard computer); a record that cannot be
        replayed raises :class:`~engine.record.RecordError` here.

        ``known``: seat views of ``seat``'s decisions found before with the same seed, level and viewer (those told
        to another viewer are not used); they come first, only the view with every card to add. ``later``: the
        decisions of ``seat`` to value after its others (their seat views may come meanwhile: :meth:`reuse`)."""
        self.cancel()
        if viewer == THE_PLAYER:
            viewer = player_seat(record)
        self._record, self._seed, self._viewer, self._seat = record, seed, viewer, seat
        found = work_order(record, seat)
        given = {i: v for i, v in (known or {}).items() if v.viewer == viewer and v.review.seat == seat}
        mine = [d for d in found if d[1] == seat]
        order = [d for d in mine if d[0] in given] + [d for d in mine if d[0] not in given and d[0] not in later] \
            + [d for d in mine if d[0] not in given and d[0] in later] + [d for d in found if d[1] != seat]
        self.order = order
        self._total = len(order)
        self.seat_views = {i: v for i, v in given.items() if any(i == d[0] for d in mine)}
        try:
            self._jobs = [self._submit(index, s) for index, s in order]
        except RuntimeError:  # a broken pool (a worker died): start afresh once
            self._shutdown()
            self._jobs = [self._submit(index, s) for index, s in order]
        self._pending = list(self._jobs)
        self._started = True

    def _submit(self, index: int, seat: int) -> _Job:
        assert self._record is not None
        known = self.seat_views.get(index) if seat == self._seat else None
        future = self._pool().submit(_review, self._record, index, self._seed, self.level,
                                     self.every_card and seat == self._seat, self._viewer, known)
        return _Job(index, seat, future)

    def reuse(self, views: Mapping[int, SeatView]) -> int:
        """Use the seat views ``views`` (found meanwhile, as :meth:`start`'s ``known``) for the player's decisions not
        yet begun: the work waiting is dropped and given again, those decisions first, only the view with every card
        to add to them, the others behind them in their order. How many decisions are spared their seat view."""
        fresh = {i: v for i, v in views.items() if i not in self.seat_views and v.viewer == self._viewer
                 and v.review.seat == self._seat}

        def spared(job: _Job) -> bool:
            return job.seat == self._seat and job.index in fresh

        if not any(spared(job) and not job.future.running() and not job.future.done() for job in self._pending):
            return 0
        dropped = [job for job in self._pending if job.future.cancel()]
        self.seat_views.update(fresh)
        again = [job for job in dropped if spared(job)] + [job for job in dropped if not spared(job)]
        given = {id(job): self._submit(job.index, job.seat) for job in again}
        self._jobs = [job for job in self._jobs if id(job) not in given] + [given[id(job)] for job in again]
        self._pending = [job for job in self._pending if id(job) not in given] + [given[id(job)] for job in again]
        self.order = [(job.index, job.seat) for job in self._jobs]
        return sum(1 for job in again if spared(job))

    def poll(self) -> list[DecisionReview]:
        """The decisions finished since the last poll."""
        fresh = []
        still = []
        for job in self._pending:
            if not job.future.done():
                still.append(job)
                continue
            self._done += 1
            try:
                review, seconds, view = job.future.result()
            except Exception as err:  # noqa: BLE001 - a bad decision must not stop the others
                self.errors.append(f"{type(err).__name__}: {err}")
                continue
            fresh.append(review)
            self.cpu_seconds += seconds
            if job.seat == self._seat:
                self.seat_views[job.index] = view
        self._pending = still
        self._collected += fresh
        return fresh

    @property
    def progress(self) -> tuple[int, int]:
        """(decisions done, decisions in all)."""
        return self._done, self._total

    def done(self) -> bool:
        """Every decision of the analysis started is in (a hand without any decision at once)."""
        return self._started and not self._pending

    def result(self) -> HandAnalysis | None:
        """The whole analysis once every decision is in (poll first), else None."""
        if not self.done():
            return None
        return HandAnalysis(self._seat, tuple(sorted(self._collected, key=lambda r: r.action_index)))

    def wait(self, timeout: float | None = None) -> HandAnalysis:
        """Block until every decision is in (for tests and scripts)."""
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            self.poll()
            analysis = self.result()
            if analysis is not None:
                return analysis
            if end is not None and time.monotonic() > end:
                raise TimeoutError("the analysis took too long")
            time.sleep(0.02)

    def cancel(self) -> None:
        """Drop the analysis under way (decisions already running finish unseen)."""
        for job in self._jobs:
            job.future.cancel()
        self._jobs, self._pending, self._collected = [], [], []
        self.seat_views = {}
        self._total = self._done = 0
        self._started = False
        self.cpu_seconds = 0.0
        self.errors = []

    def _shutdown(self) -> None:
        stop_pool(self._executor)
        self._executor = None

    def close(self) -> None:
        """Stop the workers (started again on the next :meth:`start`)."""
        self.cancel()
        self._shutdown()


__all__ = ["ANALYSIS_NICENESS", "STOP_GRACE", "WHERE", "Analyst", "AtOnce", "DaemonThread", "Thinker", "Where",
           "background_pool", "decide", "decide_with_reason", "hint_in", "stop_pool"]
