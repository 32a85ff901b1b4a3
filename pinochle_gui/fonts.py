"""Fonts that ship inside our dependencies, cached by size.

We never copy font files into the repository: the rank letters and the text of the table come from
the Noto Sans fonts bundled with pygame_gui when it is installed, else from pygame-ce's own default
font (freesansbold). Every font is cached per (face, pixel size).
"""

from __future__ import annotations

import functools
import os

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


@functools.cache
def get_font(size: int, face: str = "regular") -> pygame.font.Font:
    """A font ``size`` pixels high (at least 6) of ``face``: ``"regular"``, ``"bold"`` or ``"italic"``."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(face)
    font = pygame.font.Font(path, max(6, int(size)))
    if path is None and face == "bold":
        font.set_bold(True)
    return font


@functools.cache
def card_font(size: int) -> pygame.font.Font:
    """The font of the rank letters on card faces: pygame-ce's own freesansbold (always present)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, max(6, int(size)))


def render_text(text: str, size: int, color: tuple[int, int, int], face: str = "regular") -> pygame.Surface:
    """Anti-aliased text on a transparent surface."""
    return get_font(size, face).render(text, True, color)


def clear_cache() -> None:
    """Forget every cached font (call after ``pygame.quit()``)."""
    get_font.cache_clear()
    card_font.cache_clear()
