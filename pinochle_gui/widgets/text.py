"""Text drawn by our own widgets and screens: fitted to a width, wrapped, cut with an ellipsis, cached.

:func:`fit_text` shrinks a line (to 70%) and then cuts it to fit; :func:`blit_text` draws one line at an
anchor point, from pictures kept per (text, size, colour, face); :func:`wrap` breaks text into lines.

Every text the app draws goes through :func:`render`; a suit symbol in it (``♠♥♦♣``, as the engine's
:func:`engine.cards.card_label` writes cards) is drawn with the game's own vector suit art in its suit's
colour, as no font carries all four. :func:`watch_text` lets a test see every text drawn: its words,
where it went (when drawn with :func:`blit_text`) and whether it was cut to fit; asked for, also the boxes
drawn among them (:func:`saw_box`: panels, cards, buttons), in the order drawn, to find a text covered.
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from engine.cards import DIAMONDS, HEARTS, SUIT_SYMBOLS
from pinochle_gui.art.suits import render_suit
from pinochle_gui.fonts import get_font, least_size, scaled, text_scale
from pinochle_gui.theme import Color

RED_SUIT_INK: Color = (232, 72, 72)  # hearts and diamonds in text: the cards' red, lighter for dark panels


@dataclass(frozen=True)
class TextSeen:
    """One text drawn: its words (as given, before any cut), where, and whether it was cut to fit."""

    text: str
    rect: pygame.Rect | None = None
    cut: bool = False
    px: int = 0  # the font's size in pixels, as drawn (0: not known)
    elsewhere: bool = False  # drawn cut here, the caller showing it whole another way (not counted as cut)
    box: str = ""  # not a text but a box drawn (``text`` names it): one of :data:`BOX_KINDS`


#: What a box drawn is (:func:`saw_box`): ``"box"`` hides what lies under it (a panel, a card; its own words
#: are recorded as texts), ``"words"`` is such a box with words of its own not recorded apart (a button, a
#: speech bubble, a tooltip), ``"cover"`` lies over the table on purpose (the hand's summary, the open score
#: pad, the last trick, a toast over the status line): what it hides needs no reading.
BOX_KINDS = ("box", "words", "cover")

_watchers: list[list[TextSeen]] = []
_box_watchers: list[list[TextSeen]] = []


@contextlib.contextmanager
def watch_text(boxes: bool = False) -> Iterator[list[TextSeen]]:
    """Collect every text drawn inside the ``with`` block (a test's way to read the screen); with ``boxes``,
    the boxes drawn too (:func:`saw_box`), each in its place among the texts."""
    seen: list[TextSeen] = []
    _watchers.append(seen)
    if boxes:
        _box_watchers.append(seen)
    try:
        yield seen
    finally:  # by identity: two watchers that saw nothing yet are equal lists
        _watchers[:] = [w for w in _watchers if w is not seen]
        _box_watchers[:] = [w for w in _box_watchers if w is not seen]


def saw_box(rect: pygame.Rect, what: str, kind: str = "box") -> None:
    """Tell the watchers that asked for boxes (:func:`watch_text`) that a box of ``kind`` (:data:`BOX_KINDS`)
    named ``what`` was drawn at ``rect``."""
    if not _box_watchers:
        return
    if kind not in BOX_KINDS:
        raise ValueError(f"a box drawn is one of {', '.join(BOX_KINDS)}, not {kind!r}")
    for seen in _box_watchers:
        seen.append(TextSeen(what, pygame.Rect(rect), box=kind))


def _saw(text: str, rect: pygame.Rect | None = None, cut: bool = False, size: int = 0,
         elsewhere: bool = False) -> None:
    if not _watchers:
        return
    px = _drawn_px(size) if size else 0
    for seen in _watchers:
        seen.append(TextSeen(text, rect, cut, px, elsewhere))


def _drawn_px(size: int) -> int:
    """The pixel size of text asked at ``size`` now (what :func:`_font_at` gives)."""
    return scaled(max(size, math.ceil(8 / text_scale())))


def _font_at(size: int, face: str) -> pygame.font.Font:
    """The font of text asked at ``size``: never under 8 real pixels, whatever the text size."""
    return get_font(max(size, math.ceil(8 / text_scale())), face)


def fit_text(text: str, size: int, max_width: int, face: str = "regular") -> tuple[str, int]:
    """The text and font size to draw ``text`` within ``max_width``: shrink to 70% (never under the smallest
    print at the player's text size), then cut with an ellipsis."""
    fitted = _fit(text, size, max_width, face, text_scale())
    if fitted[0] != text:
        _saw(text, cut=True)
    return fitted


def _fit(text: str, size: int, max_width: int, face: str, scale: float) -> tuple[str, int]:
    return _fit_from(text, size, max_width, face, scale, min(size, least_size()))


@functools.lru_cache(maxsize=1024)
def _fit_from(text: str, size: int, max_width: int, face: str, _scale: float, least: int) -> tuple[str, int]:
    font_size = size
    while font_size > max(least, size * 0.7) and text_width(text, font_size, face) > max_width:
        font_size -= 1
    if text_width(text, font_size, face) <= max_width:
        return text, font_size
    while text and text_width(text + "…", font_size, face) > max_width:
        text = text[:-1]
    return text + "…", font_size


def render(text: str, size: int, color: Color, face: str = "regular") -> pygame.Surface:
    """``text`` drawn once per (text, size, colour, face) and kept; suit symbols drawn as pictures."""
    _saw(text, size=size)
    return _render(text, size, color, face, text_scale())


@functools.lru_cache(maxsize=768)
def _render(text: str, size: int, color: Color, face: str, _scale: float) -> pygame.Surface:
    font = _font_at(size, face)
    if not any(symbol in text for symbol in SUIT_SYMBOLS):
        return font.render(text, True, color)
    mark = round(font.get_ascent() * 0.78)
    pieces: list[tuple[pygame.Surface, int]] = []  # each piece with its top: words at 0, symbols on the baseline
    words = ""
    for ch in text:
        suit = SUIT_SYMBOLS.find(ch)
        if suit < 0:
            words += ch
            continue
        if words:
            pieces.append((font.render(words, True, color), 0))
            words = ""
        ink = RED_SUIT_INK if suit in (HEARTS, DIAMONDS) else color[:3]
        pieces.append((render_suit(suit, mark, ink), font.get_ascent() - mark))
    if words:
        pieces.append((font.render(words, True, color), 0))
    picture = pygame.Surface((sum(p.get_width() + 1 for p, _top in pieces), font.get_height()), pygame.SRCALPHA)
    x = 0
    for piece, top in pieces:
        picture.blit(piece, (x, top))
        x += piece.get_width() + 1
    return picture


def text_width(text: str, size: int, face: str = "regular") -> int:
    """How wide :func:`render` draws ``text``: measured by the font, or drawn once when it holds suit symbols."""
    if any(symbol in text for symbol in SUIT_SYMBOLS):
        return _render(text, size, (0, 0, 0), face, text_scale()).get_width()
    return _font_at(size, face).size(text)[0]


def wrap(text: str, size: int, width: int, face: str = "regular") -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size`` (its own line breaks kept); a word
    wider than a line (a file's path) is broken after its slashes, else anywhere."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            for i, piece in enumerate(_pieces(word, size, width, face)):
                trial = (line + (" " if i == 0 else "") + piece) if line else piece  # a word's pieces join whole
                if text_width(trial, size, face) <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = piece
        lines.append(line)
    return lines


def _pieces(word: str, size: int, width: int, face: str) -> list[str]:
    """``word`` as it may be wrapped: whole when it fits a line, else in pieces that do, each ending at a
    slash where it can (the pieces of a path go on one line when they fit)."""
    if text_width(word, size, face) <= width:
        return [word]
    pieces: list[str] = []
    rest = word
    while rest and text_width(rest, size, face) > width:
        cut = len(rest)
        while cut > 1 and text_width(rest[:cut], size, face) > width:
            cut -= 1
        slash = max(rest.rfind("/", 0, cut), rest.rfind("\\", 0, cut))
        if slash > 0:
            cut = slash + 1
        pieces.append(rest[:cut])
        rest = rest[cut:]
    return [*pieces, rest] if rest else pieces


def ellipsize(text: str, size: int, width: int, face: str = "regular") -> str:
    """``text`` cut with an ellipsis to fit ``width`` at ``size``."""
    cut = _ellipsize(text, size, width, face, text_scale())
    if cut != text:
        _saw(text, cut=True)
    return cut


@functools.lru_cache(maxsize=1024)
def _ellipsize(text: str, size: int, width: int, face: str, _scale: float) -> str:
    if text_width(text, size, face) <= width:
        return text
    while text and text_width(text + "…", size, face) > width:
        text = text[:-1]
    return text.rstrip() + "…"


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
    whole_elsewhere: bool = False,
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` point at ``pos``; shrunk (or, with ``shrink`` false,
    only cut) to ``max_width``. ``whole_elsewhere``: the caller shows the whole text another way (a row's
    help when the row has the focus), so a cut here is no loss."""
    drawn = text
    if max_width is not None and shrink:
        drawn, size = _fit(text, size, max_width, face, text_scale())
    elif max_width is not None:
        drawn = _ellipsize(text, size, max_width, face, text_scale())
    picture = _render(drawn, size, color, face, text_scale())
    rect = picture.get_rect(**{anchor: pos})
    surface.blit(picture, rect)
    _saw(text, rect, cut=drawn != text and not whole_elsewhere, size=size, elsewhere=drawn != text and whole_elsewhere)
    return rect
