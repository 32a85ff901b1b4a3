"""What the command line can ask of the app: :class:`Options`, made by :mod:`pinochle_gui.cli` and
read by :mod:`pinochle_gui.shell` (which therefore need not import the command line)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pinochle_gui.words import DEFAULT_LEVEL

DEFAULT_VARIANT = "partnership_auction"
DEFAULT_SIZE = (1280, 800)


@dataclass(frozen=True)
class Options:
    """Everything the command line can ask of the app."""

    variant: str = DEFAULT_VARIANT
    demo: bool = False  # every seat is a computer
    hands: int | None = None  # play this many hands, then quit (None: until the window is closed)
    fast: bool = False  # fast animations
    seed: int | None = None  # None: a fresh seed for every run
    records: Path | None = None  # append each finished hand's record here (JSON Lines)
    screenshot: Path | None = None  # save the last frame here (PNG) on exit
    size: tuple[int, int] = DEFAULT_SIZE  # the window's size in pixels
    level: str = DEFAULT_LEVEL  # how strong the computer seats play
    first_frame_exit: bool = False  # print the time to the first frame and quit (start-up timing)
    named: bool = False  # --variant was given: that game starts at once


__all__ = ["DEFAULT_SIZE", "DEFAULT_VARIANT", "Options"]
