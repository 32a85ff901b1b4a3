"""Light widgets of our own, drawn with the theme: labels, buttons, panels and tooltips.

Each widget has a ``rect``, ``process_event(event) -> bool``, ``update(dt)`` and ``draw(surface)``,
and caches what it renders (text, button faces) until its text, size or state changes. Buttons fire
on release inside after a press inside, or on their hotkey; a button that keeps the mouse over it
for a moment shows its tooltip. Forms that need text entry, drop-downs or sliders use pygame_gui
with ``assets/theme.json`` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from pinochle_gui.fonts import get_font
from pinochle_gui.theme import Color, Theme, draw_panel, get_theme

TOOLTIP_DELAY = 0.6  # seconds of hovering before a tooltip shows


def _lighten(color: Color, amount: float) -> Color:
    return (
        round(color[0] + (255 - color[0]) * amount),
        round(color[1] + (255 - color[1]) * amount),
        round(color[2] + (255 - color[2]) * amount),
    )


def _darken(color: Color, amount: float) -> Color:
    return (round(color[0] * (1 - amount)), round(color[1] * (1 - amount)), round(color[2] * (1 - amount)))


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


class Widget:
    """A rectangle on screen that may take input."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], theme: Theme | str = "green") -> None:
        self.rect = pygame.Rect(rect)
        self.theme = get_theme(theme) if isinstance(theme, str) else theme
        self.visible = True
        self.enabled = True

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme

    def process_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        """Nothing moves by default."""

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing to draw by default."""


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
        key = (self._text, size, self.rect.w, color, self.face, self.shadow)
        if self._cache is None or self._cache[0] != key:
            text, font_size = fit_text(self._text, size, self.rect.w, self.face)
            font = get_font(font_size, self.face)
            front = font.render(text, True, color)
            if self.shadow:
                picture = pygame.Surface((front.get_width() + 2, front.get_height() + 2), pygame.SRCALPHA)
                picture.blit(font.render(text, True, (0, 0, 0)), (2, 2))
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


class Button(Widget):
    """A rounded button with a soft gradient, a hover glow and a pressed state; calls ``on_click``."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str,
        on_click: Callable[[], None] | None = None,
        theme: Theme | str = "green",
        hotkey: int | None = None,
        tooltip: str = "",
        face: str = "bold",
        icon: pygame.Surface | None = None,
    ) -> None:
        super().__init__(rect, theme)
        self.text = text
        self.on_click = on_click
        self.hotkey = hotkey
        self.tooltip = tooltip
        self.face = face
        self.icon = icon  # drawn before the text (a suit symbol on a "name trump" button, say)
        self.hovered = False
        self.pressed = False
        self.selected = False  # a toggled choice (e.g. the bid now chosen)
        self.hover_time = 0.0
        self._faces: dict[tuple[object, ...], pygame.Surface] = {}

    @property
    def state(self) -> str:
        if not self.enabled:
            return "disabled"
        if self.pressed and self.hovered:
            return "pressed"
        if self.selected:
            return "selected"
        return "hover" if self.hovered else "normal"

    @property
    def show_tooltip(self) -> bool:
        return bool(self.tooltip) and self.hovered and self.hover_time >= TOOLTIP_DELAY

    def click(self) -> None:
        if self.enabled and self.visible and self.on_click is not None:
            self.on_click()

    def process_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            inside = self.rect.collidepoint(event.pos)
            if inside != self.hovered:
                self.hover_time = 0.0
            self.hovered = inside
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            self.hovered = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.click()
                return True
            return False
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self.click()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.hovered:
            self.hover_time += dt

    def picture(self) -> pygame.Surface:
        """The button's face in its current state (cached per text, size, state and theme)."""
        state = self.state
        key = (self.text, self.rect.size, state, self.theme.name, self.face, id(self.icon))
        cached = self._faces.get(key)
        if cached is not None:
            return cached
        t = self.theme
        base = {
            "normal": t.button,
            "hover": t.button_hover,
            "pressed": t.button_pressed,
            "selected": t.button_hover,
            "disabled": t.disabled,
        }[state]
        w, h = self.rect.size
        radius = max(4, h // 4)
        face = pygame.Surface((w, h), pygame.SRCALPHA)
        # A vertical gradient: light at the top, darker below, for a gently domed look.
        top, bottom = _lighten(base, 0.18), _darken(base, 0.18)
        if state == "pressed":
            top, bottom = bottom, top
        gradient = pygame.Surface((1, 2), pygame.SRCALPHA)
        gradient.set_at((0, 0), top)
        gradient.set_at((0, 1), bottom)
        fill = pygame.transform.smoothscale(gradient, (w, h))
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        face.blit(fill, (0, 0))
        edge = t.accent if state in ("hover", "selected") else _darken(base, 0.45)
        pygame.draw.rect(
            face, edge, face.get_rect(), width=max(1, h // 18 + (state == "selected")), border_radius=radius
        )
        color = t.button_text if state != "disabled" else _lighten(t.disabled, 0.35)
        sink = 1 if state == "pressed" else 0
        icon_w = 0
        if self.icon is not None:
            icon_h = round(h * 0.58)
            icon = pygame.transform.smoothscale(
                self.icon, (max(1, round(self.icon.get_width() * icon_h / self.icon.get_height())), icon_h)
            )
            if state == "disabled":
                icon.set_alpha(110)
            icon_w = icon.get_width() + (radius // 2 if self.text else 0)
        text, size = fit_text(self.text, max(10, round(h * 0.42)), w - 2 * radius - icon_w, self.face)
        label = get_font(size, self.face).render(text, True, color) if text else pygame.Surface((0, 0))
        left = (w - icon_w - label.get_width()) // 2
        if self.icon is not None:
            face.blit(icon, icon.get_rect(midleft=(left, h // 2 + sink)))
        face.blit(label, label.get_rect(midleft=(left + icon_w, h // 2 + sink)))
        if len(self._faces) > 16:
            self._faces.clear()
        self._faces[key] = face
        return face

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.state != "pressed":
            shadow = pygame.Rect(self.rect).move(0, max(1, self.rect.h // 14))
            pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=max(4, self.rect.h // 4))
        surface.blit(self.picture(), self.rect)


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

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text:
            return
        draw_panel(surface, self.rect, self.theme, radius=max(3, self.rect.h // 4))
        label = get_font(self.size).render(self.text, True, self.theme.text)
        surface.blit(label, label.get_rect(center=self.rect.center))


class Panel(Widget):
    """A themed panel holding other widgets: events go to the children, top one first."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: Theme | str = "green",
        children: Iterable[Widget] = (),
        title: str = "",
    ) -> None:
        super().__init__(rect, theme)
        self.children = list(children)
        self.title = title
        self._tooltip = Tooltip("", theme)
        self._mouse = (0, 0)

    def add(self, widget: Widget) -> Widget:
        self.children.append(widget)
        return widget

    def set_theme(self, theme: Theme) -> None:
        super().set_theme(theme)
        self._tooltip.set_theme(theme)
        for child in self.children:
            child.set_theme(theme)

    def process_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        used = False
        for child in reversed(self.children):
            if child.process_event(event) and event.type != pygame.MOUSEMOTION:
                used = True
                break
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            used = True  # a click on the panel does not fall through to the table
        return used

    def update(self, dt: float) -> None:
        for child in self.children:
            child.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        draw_panel(surface, self.rect, self.theme, radius=max(6, min(self.rect.h, self.rect.w) // 12))
        if self.title:
            size = max(12, min(28, self.rect.h // 8))
            label = get_font(size, "bold").render(self.title, True, self.theme.accent)
            surface.blit(label, label.get_rect(midtop=(self.rect.centerx, self.rect.y + size // 2)))
        for child in self.children:
            child.draw(surface)
        for child in self.children:
            if isinstance(child, Button) and child.show_tooltip:
                self._tooltip.text = child.tooltip
                self._tooltip.place(self._mouse, surface.get_rect())
                self._tooltip.draw(surface)


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
        text, size = fit_text(self.text, max(10, round(body.h * 0.5)), body.w - 2 * radius, "bold")
        label = get_font(size, "bold").render(text, True, ink)
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
