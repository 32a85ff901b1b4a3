"""Buttons: the themed :class:`Button` of the table and the menus, and the :class:`MenuButton` the
keyboard can focus.

A button fires on release inside after a press inside, or on its hotkey; one that keeps the mouse
over it for :data:`TOOLTIP_DELAY` seconds shows its tooltip. Its faces are cached per text, size,
state and theme.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from pinochle_gui.fonts import least_size, scaled, text_scale
from pinochle_gui.theme import Color, Theme
from pinochle_gui.widgets.core import Focusable, Widget, draw_focus_ring
from pinochle_gui.widgets.text import fit_text, render, saw_box, text_width, wrap

TOOLTIP_DELAY = 0.6  # seconds of hovering before a tooltip shows


def _lighten(color: Color, amount: float) -> Color:
    return (
        round(color[0] + (255 - color[0]) * amount),
        round(color[1] + (255 - color[1]) * amount),
        round(color[2] + (255 - color[2]) * amount),
    )


def _darken(color: Color, amount: float) -> Color:
    return (round(color[0] * (1 - amount)), round(color[1] * (1 - amount)), round(color[2] * (1 - amount)))

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
        self.text_size: int | None = None  # the text's size when one is set for a row (see same_text_size)
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

    def wake_in(self) -> float | None:
        if self.tooltip and self.hovered and self.hover_time < TOOLTIP_DELAY:
            return TOOLTIP_DELAY - self.hover_time
        return None

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

    @property
    def natural_size(self) -> int:
        """The text's size by the button's height: it grows with the player's text size as far as the
        button's height holds it."""
        h = self.rect.h
        return max(10, min(round(h * 0.42), round(h * 0.52 / text_scale())))

    def icon_width(self) -> int:
        """The width the icon takes before the text (with its gap), 0 without one."""
        if self.icon is None:
            return 0
        h = self.rect.h
        icon_h = round(h * 0.58)
        return max(1, round(self.icon.get_width() * icon_h / self.icon.get_height())) + \
            (max(4, h // 4) // 2 if self.text else 0)

    @property
    def text_room(self) -> int:
        """The width the text may take: the button's, less the rounded ends and the icon."""
        return self.rect.w - 2 * max(4, self.rect.h // 4) - self.icon_width()

    def picture(self) -> pygame.Surface:
        """The button's face in its current state (cached per text, size, state and theme)."""
        state = self.state
        key = (self.text, self.rect.size, state, self.theme.name, self.face, id(self.icon), self.text_size,
               text_scale())
        cached = self._faces.get(key)
        if cached is not None:
            return cached
        face, color, sink = self._blank_face(state)
        self._label(face, color, sink)
        if len(self._faces) > 16:
            self._faces.clear()
        self._faces[key] = face
        return face

    def _blank_face(self, state: str) -> tuple[pygame.Surface, Color, int]:
        """The button's face in ``state`` without its text, the text's colour, and how far a press sinks it."""
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
        return face, color, 1 if state == "pressed" else 0

    def _label(self, face: pygame.Surface, color: Color, sink: int) -> None:
        """The icon and the text on the face, centred."""
        w, h = face.get_size()
        icon_w = self.icon_width()
        if self.icon is not None:
            icon_h = round(h * 0.58)
            icon = pygame.transform.smoothscale(
                self.icon, (max(1, round(self.icon.get_width() * icon_h / self.icon.get_height())), icon_h)
            )
            if not self.enabled:
                icon.set_alpha(110)
        text, size = fit_text(self.text, self.text_size or self.natural_size, self.text_room, self.face)
        label = render(text, size, color, self.face) if text else pygame.Surface((0, 0))
        left = (w - icon_w - label.get_width()) // 2
        if self.icon is not None:
            face.blit(icon, icon.get_rect(midleft=(left, h // 2 + sink)))
        face.blit(label, label.get_rect(midleft=(left + icon_w, h // 2 + sink)))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.state != "pressed":
            shadow = pygame.Rect(self.rect).move(0, max(1, self.rect.h // 14))
            pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=max(4, self.rect.h // 4))
        surface.blit(self.picture(), self.rect)
        saw_box(self.rect, f"the button {self.text!r}", "words")

def same_text_size(buttons: list[Button]) -> None:
    """One text size for a row of buttons: the largest at which every label fits whole."""
    if not buttons:
        return
    size = min(b.natural_size for b in buttons)
    while size > least_size() and any(text_width(b.text, size, b.face) > b.text_room for b in buttons):
        size -= 1
    for button in buttons:
        button.text_size = size


KEY_WORDS = {"escape": "Esc", "return": "Enter", "page up": "Page Up", "page down": "Page Down"}


def key_label(key: int) -> str:
    """A key as the player reads it on a keyboard: "N", "F5", "Esc"."""
    name = pygame.key.name(key)
    return KEY_WORDS.get(name, name.upper() if len(name) <= 3 else name.title())


def with_key(tooltip: str, key: int | None) -> str:
    """``tooltip`` that names ``key`` too: "The hands of this game (H)", "Back to the table (Esc or R)", or
    "Press N" for a button with no tooltip."""
    if key is None:
        return tooltip
    name = key_label(key)
    if f"({name})" in tooltip or f" or {name})" in tooltip:
        return tooltip
    if tooltip.endswith(")") and "(" in tooltip and len(tooltip) - tooltip.rindex("(") <= 10:  # one key named
        return f"{tooltip[:-1]} or {name})"
    return f"{tooltip} ({name})" if tooltip else f"Press {name}"


class MenuButton(Button, Focusable):
    """A themed button that the keyboard can focus (shown by the focus ring); its tooltip names its key."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str,
        on_click: Callable[[], None] | None = None,
        theme: Theme | str = "green",
        hotkey: int | None = None,
        tooltip: str = "",
    ) -> None:
        Button.__init__(self, rect, text, on_click, theme, hotkey, with_key(tooltip, hotkey))

    def activate(self) -> None:
        self.click()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        Button.draw(self, surface)
        if self.focused and self.enabled:
            draw_focus_ring(surface, self.rect, self.theme)


class NoteButton(MenuButton):
    """A focusable button that holds a sentence or two (a key moment of a hand, to go to): its text wraps over
    the lines it needs, left-aligned, at the size given (``text_size``); :func:`note_height` is the height
    that holds them."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: str, size: int,
                 on_click: Callable[[], None] | None = None, theme: Theme | str = "green", tooltip: str = "") -> None:
        MenuButton.__init__(self, rect, text, on_click, theme, None, tooltip)
        self.face = "regular"
        self.text_size = size

    @property
    def text_room(self) -> int:
        return self.rect.w - 2 * note_pad(self.text_size or self.natural_size)

    def lines(self) -> list[str]:
        """The text as the button breaks it into lines."""
        return wrap(self.text, self.text_size or self.natural_size, self.text_room, self.face)

    def _label(self, face: pygame.Surface, color: Color, sink: int) -> None:
        size = self.text_size or self.natural_size
        lines = self.lines()
        step = scaled(size * 1.3)
        top = (face.get_height() - step * len(lines)) // 2 + sink
        for i, line in enumerate(lines):
            face.blit(render(line, size, color, self.face), (note_pad(size), top + i * step))


def note_pad(size: int) -> int:
    """The room a :class:`NoteButton` leaves round its text at ``size``."""
    return max(6, scaled(size * 0.6))


def note_height(text: str, size: int, width: int, face: str = "regular") -> int:
    """The height of a :class:`NoteButton` ``width`` wide that holds ``text`` at ``size``."""
    pad = note_pad(size)
    return len(wrap(text, size, width - 2 * pad, face)) * scaled(size * 1.3) + pad
