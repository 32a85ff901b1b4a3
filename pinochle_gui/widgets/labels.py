"""Widgets that show text: a :class:`Label`, a :class:`Tooltip` and a seat's :class:`SpeechBubble`.

Each caches what it renders until its text, size or theme changes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from pinochle_gui.fonts import get_font, least_size, text_scale
from pinochle_gui.theme import Color, Theme, draw_panel
from pinochle_gui.widgets.core import Widget
from pinochle_gui.widgets.text import fit_text, render, saw_box, text_width


class Label(Widget):
    """One line of text, aligned in its rect (``"left"``, ``"center"`` or ``"right"``), shrunk to fit."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str,
        theme: Theme | str = "green",
        size: int | None = None,
        align: str = "left",
        face: str = "regular",
        color: Color | None = None,
        shadow: bool = False,
    ) -> None:
        super().__init__(rect, theme)
        self.size = size
        self.align = align
        self.face = face
        self.color = color
        self.shadow = shadow
        self._text = text
        self._cache: tuple[tuple[object, ...], pygame.Surface] | None = None

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value

    def rendered(self) -> pygame.Surface:
        color = self.color or (self.theme.text if self.enabled else self.theme.disabled)
        size = self.size or max(10, round(self.rect.h * 0.62))
        key = (self._text, size, self.rect.w, color, self.face, self.shadow, text_scale())
        if self._cache is None or self._cache[0] != key:
            text, font_size = fit_text(self._text, size, self.rect.w, self.face)
            front = render(text, font_size, color, self.face)
            if self.shadow:
                picture = pygame.Surface((front.get_width() + 2, front.get_height() + 2), pygame.SRCALPHA)
                picture.blit(render(text, font_size, (0, 0, 0), self.face), (2, 2))
                picture.blit(front, (0, 0))
                front = picture
            self._cache = (key, front)
        return self._cache[1]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self._text:
            return
        picture = self.rendered()
        r = picture.get_rect(centery=self.rect.centery)
        if self.align == "center":
            r.centerx = self.rect.centerx
        elif self.align == "right":
            r.right = self.rect.right
        else:
            r.x = self.rect.x
        surface.blit(picture, r)

class Tooltip(Widget):
    """A small panel of text near a point, kept inside the window."""

    def __init__(self, text: str, theme: Theme | str = "green", size: int = 16) -> None:
        super().__init__((0, 0, 0, 0), theme)
        self.text = text
        self.size = size

    def place(self, anchor: tuple[int, int], bounds: pygame.Rect) -> None:
        font = get_font(self.size)
        w, h = font.size(self.text)
        pad = max(4, self.size // 3)
        self.rect = pygame.Rect(anchor[0] + 12, anchor[1] + 18, w + 2 * pad, h + 2 * pad)
        self.rect.clamp_ip(bounds)

    def place_by(self, target: pygame.Rect, bounds: pygame.Rect, avoid: Sequence[pygame.Rect] = (),
                 rather_not: Sequence[pygame.Rect] = ()) -> None:
        """Over ``target`` (a button), under it, or beside it (left, then right), inside ``bounds``: never over
        the button, where it covers none of ``avoid`` (the other buttons) and, if a place allows, none of
        ``rather_not`` either (the status line, the score box)."""
        font = get_font(self.size)
        w, h = font.size(self.text)
        pad = max(4, self.size // 3)
        places = []
        for side in ("midbottom", "midtop", "midright", "midleft"):
            rect = pygame.Rect(0, 0, w + 2 * pad, h + 2 * pad)
            anchor = {"midbottom": (target.centerx, target.top - pad), "midtop": (target.centerx, target.bottom + pad),
                      "midright": (target.left - pad, target.centery),
                      "midleft": (target.right + pad, target.centery)}[side]
            setattr(rect, side, anchor)
            places.append(rect.clamp(bounds))
        under = pygame.Rect(places[1])  # under the button and under whatever beside it should stay uncovered
        for rect in sorted(rather_not, key=lambda r: r.top):
            if under.colliderect(rect):
                under.top = rect.bottom + pad
        places.append(under.clamp(bounds))
        clear = [r for r in places if not r.colliderect(target) and r.collidelist(list(avoid)) < 0]
        clearest = [r for r in clear if r.collidelist(list(rather_not)) < 0]
        self.rect = (clearest or clear or places)[0]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text:
            return
        draw_panel(surface, self.rect, self.theme, radius=max(3, self.rect.h // 4))
        label = render(self.text, self.size, self.theme.text)
        surface.blit(label, label.get_rect(center=self.rect.center))
        saw_box(self.rect, f"the tooltip {self.text!r}", "words")

class SpeechBubble(Widget):
    """What a seat says (a bid, "pass", a meld total): a paper-white bubble with a tail pointing at the
    seat's avatar. ``side`` is the seat's side of the table; ``alpha`` can be tweened to fade it."""

    def __init__(
        self, rect: pygame.Rect | tuple[int, int, int, int], text: str, side: str, theme: Theme | str = "green"
    ) -> None:
        super().__init__(rect, theme)
        if side not in ("bottom", "left", "top", "right"):
            raise ValueError(f"a bubble's side is bottom, left, top or right, not {side!r}")
        self.text = text
        self.side = side
        self.alpha = 255.0
        self._cache: tuple[tuple[object, ...], pygame.Surface] | None = None

    @staticmethod
    def width_for(text: str, height: int, side: str) -> int:
        """How wide a bubble ``height`` high with its tail on ``side`` is to hold ``text`` whole at its size."""
        tail = max(6, height // 4)
        body_h = height - tail if side in ("bottom", "top") else height
        radius = max(4, body_h // 3)
        size = max(least_size(), round(body_h * 0.5))
        return text_width(text, size, "bold") + 2 * radius + 4 + (tail if side in ("left", "right") else 0)

    def picture(self) -> pygame.Surface:
        key = (self.text, self.rect.size, self.side, self.theme.name)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        w, h = self.rect.size
        tail = max(6, h // 4)
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        body = pygame.Rect(0, 0, w, h)
        # The body leaves room for the tail on the side of the avatar.
        if self.side == "bottom":
            body.h -= tail
            tip = [(w // 2 - tail, body.bottom - 1), (w // 2 + tail, body.bottom - 1), (w // 2, h - 1)]
        elif self.side == "top":
            body.y += tail
            body.h -= tail
            tip = [(w // 2 - tail, body.y), (w // 2 + tail, body.y), (w // 2, 0)]
        elif self.side == "left":
            body.x += tail
            body.w -= tail
            tip = [(body.x, h // 2 - tail), (body.x, h // 2 + tail), (0, h // 2)]
        else:
            body.w -= tail
            tip = [(body.right - 1, h // 2 - tail), (body.right - 1, h // 2 + tail), (w - 1, h // 2)]
        paper, ink = (252, 250, 242), (28, 28, 34)
        radius = max(4, body.h // 3)
        pygame.draw.rect(surface, self.theme.panel_border, body, border_radius=radius)
        pygame.draw.polygon(surface, self.theme.panel_border, tip)
        pygame.draw.rect(surface, paper, body.inflate(-4, -4), border_radius=max(2, radius - 2))
        inner_tip = [(x + (body.centerx - x) * 0.12, y + (body.centery - y) * 0.12) for x, y in tip]
        pygame.draw.polygon(surface, paper, inner_tip)
        text, size = fit_text(self.text, max(least_size(), round(body.h * 0.5)), body.w - 2 * radius, "bold")
        label = render(text, size, ink, "bold")
        surface.blit(label, label.get_rect(center=body.center))
        self._cache = (key, surface)
        return surface

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text or self.alpha <= 0:
            return
        picture = self.picture()
        if self.alpha < 255:
            picture = picture.copy()
            picture.set_alpha(round(self.alpha))
        surface.blit(picture, self.rect)
        saw_box(self.rect, f"the bubble {self.text!r}", "words")
