"""Text drawn by our own widgets and screens: fitted to a width, wrapped, cut with an ellipsis, cached.

:func:`fit_text` shrinks a line (to 70%) and then cuts it to fit; :func:`blit_text` draws one line at an
anchor point, from pictures kept per (text, size, colour, face); :func:`wrap` breaks text into lines.
"""

from __future__ import annotations

import functools

import pygame

from pinochle_gui.fonts import get_font
from pinochle_gui.theme import Color


def fit_text(text: str, size: int, max_width: int, face: str = "regular") -> tuple[str, int]:
    """The text and font size to draw ``text`` within ``max_width``: shrink to 70%, then cut with an ellipsis."""
    font_size = size
    while font_size > max(8, size * 0.7) and get_font(font_size, face).size(text)[0] > max_width:
        font_size -= 1
    font = get_font(font_size, face)
    if font.size(text)[0] <= max_width:
        return text, font_size
    while text and font.size(text + "…")[0] > max_width:
        text = text[:-1]
    return text + "…", font_size

@functools.lru_cache(maxsize=768)
def render(text: str, size: int, color: Color, face: str = "regular") -> pygame.Surface:
    """``text`` drawn once per (text, size, colour, face) and kept."""
    return get_font(max(8, size), face).render(text, True, color)


def wrap(text: str, size: int, width: int, face: str = "regular") -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size`` (its own line breaks kept)."""
    font = get_font(max(8, size), face)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@functools.lru_cache(maxsize=1024)
def ellipsize(text: str, size: int, width: int, face: str = "regular") -> str:
    """``text`` cut with an ellipsis to fit ``width`` at ``size``."""
    font = get_font(max(8, size), face)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


@functools.lru_cache(maxsize=1024)
def _fit(text: str, size: int, width: int, face: str) -> tuple[str, int]:
    return fit_text(text, size, width, face)


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: Color,
    pos: tuple[int, int],
    face: str = "regular",
    anchor: str = "topleft",
    max_width: int | None = None,
    shrink: bool = True,
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` point at ``pos``; shrunk (or, with ``shrink`` false,
    only cut) to ``max_width``."""
    if max_width is not None and shrink:
        text, size = _fit(text, size, max_width, face)
    elif max_width is not None:
        text = ellipsize(text, size, max_width, face)
    picture = render(text, size, color, face)
    rect = picture.get_rect(**{anchor: pos})
    surface.blit(picture, rect)
    return rect
