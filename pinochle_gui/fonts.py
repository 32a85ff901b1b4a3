"""Fonts that ship inside our dependencies, cached by size.

We never copy font files into the repository: the rank letters and the text of the table come from
the Noto Sans fonts bundled with pygame_gui when it is installed, else from pygame-ce's own default
font (freesansbold). Every font is cached per (face, pixel size).

The player's text size (100, 125 or 150 percent, :func:`set_text_scale`) applies to every text font:
a caller asks for the size of the usual print and gets it larger. The rank letters on the cards are
art and keep their size (the large-card layout makes the cards themselves bigger). The table sizes its
text by its layout's rects, which grow with the text size (:func:`sized_by_layout`).
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
from collections.abc import Iterator

import pygame

FACES = ("regular", "bold", "italic")

_NOTO_FILES = {"regular": "NotoSans-Regular.ttf", "bold": "NotoSans-Bold.ttf", "italic": "NotoSans-Italic.ttf"}


@functools.cache
def font_path(face: str = "regular") -> str | None:
    """The file of ``face`` inside pygame_gui's data, or ``None`` for pygame's default font."""
    if face not in FACES:
        raise ValueError(f"unknown font face {face!r}; choose one of {', '.join(FACES)}")
    try:
        import pygame_gui.data as data
    except ImportError:  # pragma: no cover - pygame_gui is a dependency, but the table can do without it
        return None
    path = os.path.join(os.path.dirname(data.__file__), _NOTO_FILES[face])
    return path if os.path.exists(path) else None


_player_scale = 1.0  # the player's text size
_text_scale = 1.0  # the scale text is drawn at now (the player's, but where a layout already grew with it)


def set_text_scale(percent: int) -> None:
    """Every text from now on at ``percent`` of its usual size."""
    global _player_scale, _text_scale
    _player_scale = _text_scale = max(50, min(300, percent)) / 100


def text_scale() -> float:
    """How much larger than usual text is drawn now (1.0, 1.25 or 1.5)."""
    return _text_scale


@contextlib.contextmanager
def sized_by_layout() -> Iterator[None]:
    """Inside the ``with`` block text is drawn at the size asked: for the parts of a scene (the table) whose
    text sizes come from a layout that already grew with the player's text size."""
    with _drawn_at(1.0):
        yield


@contextlib.contextmanager
def sized_for_player() -> Iterator[None]:
    """Inside the ``with`` block text grows with the player's text size again (inside :func:`sized_by_layout`:
    a panel of the table whose size does not come from the layout)."""
    with _drawn_at(_player_scale):
        yield


@contextlib.contextmanager
def _drawn_at(scale: float) -> Iterator[None]:
    global _text_scale
    kept, _text_scale = _text_scale, scale
    try:
        yield
    finally:
        _text_scale = kept


SMALLEST_PRINT = 11  # pixels at 100%: the smallest text the app draws (a row's help, a chart's axis)


def least_size() -> int:
    """The smallest text size to ask for now: :data:`SMALLEST_PRINT` at the player's text size, in the size
    text is asked at here (inside :func:`sized_by_layout` already in pixels)."""
    return math.ceil(SMALLEST_PRINT * _player_scale / _text_scale - 1e-9)


def scaled(size: float) -> int:
    """The pixel size of text asked for at ``size``, at the player's text size."""
    return round(size * _text_scale)


_FONTS: dict[tuple[str | None, int, bool], pygame.font.Font] = {}


def _font(path: str | None, size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font; fonts made before a ``pygame.quit()`` are dead, so the cache starts again then."""
    if not pygame.font.get_init():
        pygame.font.init()
    key = (path, max(6, int(size)), bold)
    font = _FONTS.get(key)
    if font is not None:
        try:
            font.get_height()
            return font
        except pygame.error:
            _FONTS.clear()
    font = pygame.font.Font(path, key[1])
    if bold:
        font.set_bold(True)
    _FONTS[key] = font
    return font


def get_font(size: int, face: str = "regular") -> pygame.font.Font:
    """A font for text asked at ``size`` pixels (at least 6, times the player's text size) of ``face``:
    ``"regular"``, ``"bold"`` or ``"italic"``."""
    path = font_path(face)
    return _font(path, scaled(size), bold=path is None and face == "bold")


def card_font(size: int) -> pygame.font.Font:
    """The font of the rank letters on card faces: pygame-ce's own freesansbold (always present)."""
    return _font(None, size)


