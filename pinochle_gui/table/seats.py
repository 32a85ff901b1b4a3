"""The seats at the table: who decides for each one, and how a decision reaches the engine.

A seat is a controller. The human seat is fed by clicks and keys (the table scene hands it the
chosen action); a computer seat asks a computer player, off the main thread, and hands back the
same kind of action. The table asks a seat for a decision only when nothing is moving on the table,
and applies what it answers through the engine like any other action.

The computer players live in :mod:`engine.ai` (``make_player(level, seed)``); for a level this
version does not know (an old save), :class:`engine.players.RandomPlayer` sits in.

With ``PINOCHLE_THINK_AT_ONCE=1`` in the environment (the tests set it) every computer and every hint
decides at once, on the event loop's own thread, when asked: its answer is there on the very next frame
however busy the machine is, so a run depends on its seed and its input alone, never on the clock.
"""

from __future__ import annotations

import concurrent.futures
import os
import random
import time
from collections.abc import Callable
from typing import Any

from engine.actions import Action, DeclareOut
from engine.ai.duplicate import decision_seed
from engine.ai.levels import LEVELS
from engine.ai.players import make_player
from engine.game import Game
from engine.players import Player, RandomPlayer

# The least time a computer seems to think, in seconds at normal speed (so a human can follow).
MIN_THINK = 0.45


def make_computer(level: str, seed: int) -> Player:
    """The computer player of ``level``; :class:`RandomPlayer` when the level is unknown."""
    try:
        return make_player(level, seed)
    except ValueError:
        return RandomPlayer(seed)


def thinking_at_once() -> bool:
    """Whether the computers decide at once on the caller's thread (``PINOCHLE_THINK_AT_ONCE=1``)."""
    return os.environ.get("PINOCHLE_THINK_AT_ONCE", "") not in ("", "0")


class AtOnce(concurrent.futures.Executor):
    """Runs each job as it is submitted, on the caller's thread; its future is done on return."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - handed back through the future, as a thread would
            future.set_exception(error)
        return future


class LocalThinker:
    """Decides on one background thread with the players of this process: the stand-in for
    :class:`engine.ai.worker.Thinker` (same ``start``/``result``/``cancel``/``close``) when that is missing.
    ``at_once``: decide in :meth:`start` itself, on the caller's thread (see :func:`thinking_at_once`)."""

    def __init__(self, at_once: bool = False) -> None:
        self._pool: concurrent.futures.Executor
        if at_once:
            self._pool = AtOnce()
        else:
            self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="pinochle-ai")
        self._future: concurrent.futures.Future[tuple[Action, str]] | None = None
        self._key: tuple[int, int] | None = None

    def start(self, game: Game, seat: int, level: str, seed: int) -> None:
        self.cancel()
        snapshot = game.clone()
        player = make_computer(level, seed)
        self._key = (len(game.log), seat)
        self._future = self._pool.submit(choose, player, snapshot, seat)

    def result(self, game: Game) -> tuple[Action, str] | None:
        if self._future is None or not self._future.done():
            return None
        future, key = self._future, self._key
        self._future = self._key = None
        if key != (len(game.log), game.to_act):
            raise RuntimeError("the game moved on since this decision was started")
        return future.result()

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = self._key = None

    def close(self) -> None:
        self.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)


def make_thinker(processes: bool = True) -> Any:
    """A thinker for the table: :class:`engine.ai.worker.Thinker` (a worker process), or a
    :class:`LocalThinker` that decides at once when :func:`thinking_at_once`."""
    if thinking_at_once():
        return LocalThinker(at_once=True)
    from engine.ai.worker import Thinker  # late: the worker's process machinery waits for the first table

    return Thinker(processes=processes)


class HumanSeat:
    """The player's seat: decisions come from the table's panels, cards and keys."""

    human = True

    def __init__(self, name: str) -> None:
        self.name = name
        self.level: str | None = None


class ComputerSeat:
    """A seat played by the computer of ``level``; the thinker decides off the event loop."""

    human = False

    def __init__(self, name: str, level: str, seed: int, thinker: Any) -> None:
        self.name = name
        self.level = level
        self.kind = level
        if self.kind != "random" and not real_level(self.kind):
            self.kind = "random"
        self.seed = seed
        self.fallback = random.Random(seed)
        self.thinker = thinker if self.kind != "random" else LocalThinker(at_once=thinking_at_once())
        self.thinking = False
        self.started = 0.0
        self.decisions = 0
        self.last_reason = ""

    def start(self, game: Game, seat: int) -> None:
        """Begin deciding for ``seat``; poll :meth:`result` each frame."""
        self.thinking = True
        self.started = time.perf_counter()
        self.decisions += 1
        seed = decision_seed(self.seed, len(game.log))
        if self.kind == "random":
            self.thinker.start(game, seat, "random", seed)
        else:
            self.thinker.start(game, seat, self.kind, seed)

    def result(self, game: Game, min_wait: float) -> Action | None:
        """The action decided, once ready and ``min_wait`` seconds after it was asked; else ``None``.

        A decision that failed, or is no longer legal, is replaced by a random legal one."""
        if not self.thinking:
            return None
        if time.perf_counter() - self.started < min_wait:
            return None
        try:
            found = self.thinker.result(game)
        except Exception:  # noqa: BLE001 - a failing computer player must not stop the game
            found = (None, "")
        if found is None:
            return None
        self.thinking = False
        action, self.last_reason = found
        if action is None or not game.is_legal(action):
            self.last_reason = ""
            options = [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]
            action = self.fallback.choice(options)
        return action

    def cancel(self) -> None:
        if self.thinking:
            self.thinker.cancel()
        self.thinking = False


def real_level(kind: str) -> bool:
    """Whether the computer players of this version play ``kind``."""
    return kind in LEVELS


def choose(player: Player, game: Game, seat: int) -> tuple[Action, str]:
    """Ask ``player`` for ``seat``'s decision; its reason when it gives one."""
    explain = getattr(player, "choose_with_reason", None)
    if callable(explain):
        found: Any = explain(game, seat)
        if isinstance(found, tuple) and len(found) == 2:
            return found[0], str(found[1])
    return player.choose(game, seat), ""


def hint_thinker() -> Any:
    """A thinker for hints (the hard level in the player's seat), beside the one of the computer seats."""
    return make_thinker()


__all__ = ["AtOnce", "ComputerSeat", "HumanSeat", "LocalThinker", "MIN_THINK", "choose", "hint_thinker",
           "make_computer", "make_thinker", "real_level", "thinking_at_once"]
