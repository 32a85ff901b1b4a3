"""The seats at the table: who decides for each one, and how a decision reaches the engine.

A seat is a controller. The human seat is fed by clicks and keys (the table scene hands it the
chosen action); a computer seat asks a computer player, off the main thread, and hands back the
same kind of action. The table asks a seat for a decision only when nothing is moving on the table,
and applies what it answers through the engine like any other action.

The computer players live in :mod:`engine.ai` and decide through one :class:`engine.ai.analysis.worker.Thinker`
per table (in a worker process); for a level this version does not know (an old save), the random
player sits in.

With ``PINOCHLE_THINK_AT_ONCE=1`` in the environment (the tests set it) every computer and every hint
decides at once, on the event loop's own thread, when asked: its answer is there on the very next frame
however busy the machine is, so a run depends on its seed and its input alone, never on the clock.
"""

from __future__ import annotations

import os
import random
import time
from typing import TYPE_CHECKING

from engine.actions import Action, DeclareOut
from engine.ai.analysis.duplicate import decision_seed
from engine.ai.players.levels import LEVELS
from engine.game import Game

if TYPE_CHECKING:
    from engine.ai.analysis.worker import Thinker

# The least time a computer seems to think, in seconds at normal speed (so a human can follow).
MIN_THINK = 0.45


def thinking_at_once() -> bool:
    """Whether the computers decide at once on the caller's thread (``PINOCHLE_THINK_AT_ONCE=1``)."""
    return os.environ.get("PINOCHLE_THINK_AT_ONCE", "") not in ("", "0")


def make_thinker(processes: bool = True) -> Thinker:
    """A thinker for the table: in a worker process (on a thread without ``processes``), or at once on the
    event loop's thread when :func:`thinking_at_once`."""
    from engine.ai.analysis.worker import Thinker  # late: the worker's process machinery waits for the first table

    if thinking_at_once():
        return Thinker("at_once")
    return Thinker("process" if processes else "thread")


class HumanSeat:
    """The player's seat: decisions come from the table's panels, cards and keys."""

    human = True

    def __init__(self, name: str) -> None:
        self.name = name
        self.level: str | None = None


class ComputerSeat:
    """A seat played by the computer of ``level``; the thinker decides off the event loop."""

    human = False

    def __init__(self, name: str, level: str, seed: int, thinker: Thinker) -> None:
        self.name = name
        self.level = level
        self.kind = level
        if self.kind != "random" and not real_level(self.kind):
            self.kind = "random"
        self.seed = seed
        self.fallback = random.Random(seed)
        self.thinker = thinker
        self.thinking = False
        self.started = 0.0
        self.decisions = 0
        self.failures = 0  # decisions that failed or came back illegal, each replaced by a random legal one
        self.last_reason = ""

    def start(self, game: Game, seat: int) -> None:
        """Begin deciding for ``seat``; poll :meth:`result` each frame."""
        self.thinking = True
        self.started = time.perf_counter()
        self.decisions += 1
        self.thinker.start(game, seat, self.kind, decision_seed(self.seed, len(game.log)))

    def result(self, game: Game, min_wait: float) -> Action | None:
        """The action decided, once ready and ``min_wait`` seconds after it was asked; else ``None``.

        A decision that failed, or is no longer legal, is replaced by a random legal one."""
        if not self.thinking:
            return None
        if time.perf_counter() - self.started < min_wait:
            return None
        action: Action | None = None
        try:
            found = self.thinker.result(game)
            if found is None:
                return None
            action, self.last_reason = found
        except Exception:  # noqa: BLE001 - a failing computer player must not stop the game
            pass
        self.thinking = False
        if action is None or not game.is_legal(action):
            self.failures += 1
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


def hint_thinker() -> Thinker:
    """A thinker for hints (the hard level in the player's seat), beside the one of the computer seats."""
    return make_thinker()


__all__ = ["ComputerSeat", "HumanSeat", "MIN_THINK", "hint_thinker", "make_thinker", "real_level", "thinking_at_once"]
