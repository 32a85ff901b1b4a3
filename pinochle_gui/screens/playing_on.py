"""The two hands that try again and the drills play on in the background from a decision: the choice made,
played on by the computers (the control), and the new choice, played on the same way (the line).

:class:`PlayingOn` holds each as a future until it comes; :meth:`PlayingOn.came` hands over those done, each once,
the control's first, for the screen to take its result or tell its error.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import NamedTuple

from engine.record import HandRecord


class Came(NamedTuple):
    """A hand played on that is done: the control's (``control``) or the line's, its result or its error."""

    control: bool
    future: Future[HandRecord]


@dataclass
class PlayingOn:
    """The control and the line, each a future while it is played on (``None``: not asked, or taken)."""

    control: Future[HandRecord] | None = None
    line: Future[HandRecord] | None = None

    @property
    def busy(self) -> bool:
        """One of the two is still being played on (or done and not yet taken)."""
        return self.control is not None or self.line is not None

    def came(self) -> list[Came]:
        """The futures done, the control's first, each no longer held here."""
        done: list[Came] = []
        if self.control is not None and self.control.done():
            done.append(Came(True, self.control))
            self.control = None
        if self.line is not None and self.line.done():
            done.append(Came(False, self.line))
            self.line = None
        return done

    def drop_line(self) -> None:
        """The line is no longer wanted (cancelled if it has not started)."""
        if self.line is not None:
            self.line.cancel()
            self.line = None

    def drop_control(self) -> None:
        """The control is no longer wanted (cancelled if it has not started)."""
        if self.control is not None:
            self.control.cancel()
            self.control = None


__all__ = ["Came", "PlayingOn"]
