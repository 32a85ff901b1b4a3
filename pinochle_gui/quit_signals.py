"""Being told to stop from outside (SIGTERM: a logout, a shutdown, ``kill``) taken as the player closing the window.

While :class:`QuitSignals` is installed, SIGTERM (and SIGHUP: the terminal the game was started from is
closed) only notes that a signal came (:attr:`QuitSignals.received`); the app loop reads it every turn and
quits the way the window's close button does (:meth:`pinochle_gui.shell.App.quit`): the game in progress is
saved, the save written to its end (atomically, :mod:`pinochle_gui.storage.safe_file`), then the workers
are stopped and the process exits with status 0. Without it, SIGTERM would end the process wherever it
was (or, once SDL has set its own handler, become a quit event only after the window is open).

A second signal while that close is under way ends the process at once, as the signal would by itself:
a save interrupted then leaves the previous one whole. A signal someone chose to ignore (``nohup``) stays
ignored; handlers are only set on the main thread, and :meth:`QuitSignals.restore` puts back the ones
found.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

#: The signals taken as the player closing the window (those this platform has).
QUIT_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))

Handler = Callable[[int, FrameType | None], Any] | int | None


class QuitSignals:
    """SIGTERM and SIGHUP noted for the app loop instead of ending the process (see the module)."""

    def __init__(self) -> None:
        self.received: int | None = None  # the first signal that came, if any
        self._previous: dict[signal.Signals, Handler] = {}

    def install(self) -> None:
        """Catch the quit signals whose handling is the default (a no-op off the main thread)."""
        if threading.current_thread() is not threading.main_thread():
            return
        for number in QUIT_SIGNALS:
            if signal.getsignal(number) is signal.SIG_DFL:
                self._previous[number] = signal.signal(number, self._note)

    def _note(self, number: int, frame: FrameType | None) -> None:
        if self.received is None:
            self.received = number
            for caught in self._previous:  # a second signal ends the process at once
                signal.signal(caught, signal.SIG_DFL)

    def restore(self) -> None:
        """Put back the handlers found by :meth:`install`."""
        for number, previous in self._previous.items():
            signal.signal(number, previous)
        self._previous = {}


__all__ = ["QUIT_SIGNALS", "QuitSignals"]
