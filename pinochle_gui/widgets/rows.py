"""Form rows driven by mouse and keys: a label (and a one-line help under it) at the left, the control
at the right.

:class:`ChoiceRow` steps through a list, :class:`NumberRow` through whole numbers, :class:`ToggleRow`
is a switch, :class:`TextRow` takes typed text, :class:`SliderRow` a number from 0 to 1; Left/Right
change a value, Enter or Space activate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from pinochle_gui.fonts import least_size, scaled
from pinochle_gui.theme import Color, Theme
from pinochle_gui.widgets.core import Focusable, draw_focus_ring
from pinochle_gui.widgets.text import blit_text, fit_text, text_width, wrap
from pinochle_gui.words import label_text

T = TypeVar("T")
CURSOR_ON = 0.55  # of each second, the typing cursor is shown this long


class Row(Focusable):
    """A form row: label (and help under it) at the left, the control at the right."""

    def __init__(self, label: str, help: str = "", theme: Theme | str = "green") -> None:
        super().__init__((0, 0, 10, 10), theme)
        self.label = label
        self.help = help
        self.text_size = 18
        self.label_size: int | None = None  # the label's size when one is set for a list (see even_text)
        self.value_size: int | None = None  # the value's size when one is set for a list

    compact = False  # no label: the control fills the row (its value says what it is)

    def control_rect(self) -> pygame.Rect:
        if self.compact:
            h = min(self.rect.h - 8, scaled(self.text_size * 2.0))
            return pygame.Rect(self.rect.x, self.rect.centery - h // 2, self.rect.w, h)
        w = min(max(150, round(self.rect.w * 0.42)), self.rect.w - 80)
        h = min(self.rect.h - 8, scaled(self.text_size * 2.0))
        return pygame.Rect(self.rect.right - w - 6, self.rect.centery - h // 2, w, h)

    def help_size(self) -> int:
        return max(11, round(self.text_size * 0.74))

    def help_lines(self, width: int) -> list[str]:
        """The help in at most two lines of ``width``; the second ends in an ellipsis if it goes on."""
        lines = wrap(self.help, self.help_size(), width)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return lines

    def help_is_cut(self) -> bool:
        return len(wrap(self.help, self.help_size(), self.label_room())) > 2

    def label_room(self) -> int:
        """The width the label and its help may take, left of the control."""
        return self.control_rect().x - self.rect.x - 24

    def value_texts(self) -> list[str]:
        """Every text the control may show (one size fits them all)."""
        return []

    def value_room(self) -> int:
        return self.control_rect().w

    def draw_label(self, surface: pygame.Surface) -> None:
        t = self.theme
        if self.focused:
            back = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(back, (*t.accent, 38), back.get_rect(), border_radius=8)
            surface.blit(back, self.rect)
            draw_focus_ring(surface, self.rect.inflate(-8, -8), t, radius=8)
        if self.compact:
            return
        room = self.label_room()
        label_size = self.label_size or self.text_size
        color = t.text if self.enabled else t.disabled
        if self.help:
            size = self.help_size()
            lines = self.help_lines(room)
            top = self.rect.centery + 2 - (scaled(size * 0.6) if len(lines) > 1 else 0)
            blit_text(surface, self.label, label_size, color, (self.rect.x + 12, top - 1), "bold", "bottomleft",
                      room)
            for i, line in enumerate(lines):
                # A help longer than two lines is cut here; the focused row shows it whole (Screen.draw_tooltip).
                blit_text(surface, line, size, t.text_dim, (self.rect.x + 12, top + i * scaled(size * 1.2)),
                          "regular", "topleft", room, shrink=False, whole_elsewhere=True)
        else:
            blit_text(
                surface,
                self.label,
                label_size,
                color,
                (self.rect.x + 12, self.rect.centery),
                "bold",
                "midleft",
                room,
            )

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            self.draw_label(surface)
            self.draw_control(surface)

    def draw_control(self, surface: pygame.Surface) -> None:
        """The control at the right."""


def even_text(rows: Sequence[Row]) -> None:
    """One size for the labels of a list of rows and one for their values: the largest at which every label
    (every value the rows may show) fits whole, so no text shrinks alone and the list reads evenly."""
    least = least_size()
    labelled = [r for r in rows if not r.compact]
    if labelled:
        size = min(r.text_size for r in labelled)
        while size > least and any(text_width(r.label, size, "bold") > r.label_room() for r in labelled):
            size -= 1
        for row in labelled:
            row.label_size = size
    valued = [r for r in rows if r.value_texts()]
    if valued:
        size = min(r.text_size for r in valued)
        while size > least and any(text_width(v, size) > r.value_room() for r in valued for v in r.value_texts()):
            size -= 1
        for row in valued:
            row.value_size = size


def _box(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, fill: Color | None = None) -> None:
    color = fill or (min(255, theme.panel[0] + 22), min(255, theme.panel[1] + 22), min(255, theme.panel[2] + 22))
    pygame.draw.rect(surface, color, rect, border_radius=max(4, rect.h // 4))
    pygame.draw.rect(surface, theme.panel_border, rect, width=1, border_radius=max(4, rect.h // 4))


def _arrow(surface: pygame.Surface, rect: pygame.Rect, left: bool, color: Color) -> None:
    cx, cy, s = rect.centerx, rect.centery, max(4, rect.h // 5)
    if left:
        points = [(cx + s // 2, cy - s), (cx + s // 2, cy + s), (cx - s, cy)]
    else:
        points = [(cx - s // 2, cy - s), (cx - s // 2, cy + s), (cx + s, cy)]
    pygame.draw.polygon(surface, color, points)


class StepperRow(Row):
    """A row whose value goes down and up with ◀ ▶ arrows (or Left/Right); subclasses say how."""

    def value_text(self) -> str:
        return ""

    def can_step(self, step: int) -> bool:
        return True

    def value_texts(self) -> list[str]:
        return [self.value_text()]

    def value_room(self) -> int:
        c = self.control_rect()
        return c.w - 2 * c.h - 4

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        c = self.control_rect()
        return pygame.Rect(c.x, c.y, c.h, c.h), pygame.Rect(c.right - c.h, c.y, c.h, c.h)

    def process_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            left, right = self.arrows()
            if left.collidepoint(event.pos):
                self.adjust(-1)
                return True
            if right.collidepoint(event.pos) or self.control_rect().collidepoint(event.pos):
                self.adjust(1)
                return True
        return False

    def draw_control(self, surface: pygame.Surface) -> None:
        t = self.theme
        c = self.control_rect()
        _box(surface, c, t)
        left, right = self.arrows()
        for rect, step in ((left, -1), (right, 1)):
            on = self.enabled and self.can_step(step)
            _arrow(surface, rect, step < 0, t.accent if on else t.disabled)
        blit_text(
            surface,
            self.value_text(),
            self.value_size or self.text_size,
            t.text if self.enabled else t.disabled,
            c.center,
            "regular",
            "center",
            self.value_room(),
        )


class ChoiceRow(StepperRow, Generic[T]):
    """One value of a list, stepped through (wrapping round)."""

    def __init__(
        self,
        label: str,
        values: Sequence[T],
        value: T,
        on_change: Callable[[T], None] | None = None,
        help: str = "",
        fmt: Callable[[T], str] = label_text,
        theme: Theme | str = "green",
    ) -> None:
        super().__init__(label, help, theme)
        if not values:
            raise ValueError(f"{label}: no values to choose from")
        self.values = list(values)
        self.value = value if value in self.values else self.values[0]
        self.on_change = on_change
        self.fmt = fmt

    def value_text(self) -> str:
        return self.fmt(self.value)

    def value_texts(self) -> list[str]:
        return [self.fmt(v) for v in self.values]

    def adjust(self, step: int) -> None:
        i = (self.values.index(self.value) + step) % len(self.values)
        self.set(self.values[i])

    def activate(self) -> None:
        self.adjust(1)

    def set(self, value: T) -> None:
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)


class NumberRow(StepperRow):
    """A whole number from ``low`` to ``high`` in steps of ``step``."""

    def __init__(
        self,
        label: str,
        value: int,
        low: int,
        high: int,
        step: int = 1,
        on_change: Callable[[int], None] | None = None,
        help: str = "",
        theme: Theme | str = "green",
    ) -> None:
        super().__init__(label, help, theme)
        self.low, self.high, self.step = low, high, max(1, step)
        self.value = min(high, max(low, value))
        self.on_change = on_change

    def value_text(self) -> str:
        return str(self.value)

    def value_texts(self) -> list[str]:
        return [str(self.low), str(self.high)]

    def can_step(self, step: int) -> bool:
        return self.value > self.low if step < 0 else self.value < self.high

    def adjust(self, step: int) -> None:
        value = self.value + step * self.step
        if step > 0 and value % self.step:
            value -= value % self.step  # back onto the grid of steps
        elif step < 0 and self.value % self.step:
            value = self.value - self.value % self.step
        value = min(self.high, max(self.low, value))
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.visible and self.enabled:
            left, right = self.arrows()
            if left.collidepoint(event.pos) or right.collidepoint(event.pos):
                return super().process_event(event)
            return self.control_rect().collidepoint(event.pos)  # the number itself: nothing to do
        return super().process_event(event)


class ToggleRow(Row):
    """On or off, shown as a switch."""

    def __init__(
        self,
        label: str,
        value: bool,
        on_change: Callable[[bool], None] | None = None,
        help: str = "",
        theme: Theme | str = "green",
    ) -> None:
        super().__init__(label, help, theme)
        self.value = value
        self.on_change = on_change

    def switch_rect(self) -> pygame.Rect:
        c = self.control_rect()
        h = max(18, round(c.h * 0.8))
        return pygame.Rect(c.right - round(h * 1.9), c.centery - h // 2, round(h * 1.9), h)

    def activate(self) -> None:
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def adjust(self, step: int) -> None:
        if (step > 0) != self.value:
            self.activate()

    def process_event(self, event: pygame.event.Event) -> bool:
        if (
            self.visible
            and self.enabled
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.control_rect().union(self.switch_rect()).collidepoint(event.pos)
        ):
            self.activate()
            return True
        return False

    def draw_control(self, surface: pygame.Surface) -> None:
        t = self.theme
        s = self.switch_rect()
        track = t.good if self.value else t.disabled
        if not self.enabled:
            track = t.disabled
        pygame.draw.rect(surface, track, s, border_radius=s.h // 2)
        pygame.draw.rect(surface, t.panel_border, s, width=1, border_radius=s.h // 2)
        r = s.h // 2 - 3
        knob = (s.right - s.h // 2, s.centery) if self.value else (s.x + s.h // 2, s.centery)
        pygame.draw.circle(surface, (250, 248, 240), knob, r)
        blit_text(
            surface, "On" if self.value else "Off", self.text_size, t.text, (s.x - 10, s.centery), "regular", "midright"
        )


class TextRow(Row):
    """A line of text typed by the player (a name, a deal number)."""

    def __init__(
        self,
        label: str,
        text: str,
        on_change: Callable[[str], None] | None = None,
        help: str = "",
        max_length: int = 20,
        allowed: Callable[[str], bool] = str.isprintable,
        placeholder: str = "",
        theme: Theme | str = "green",
    ) -> None:
        super().__init__(label, help, theme)
        self.text = text
        self.on_change = on_change
        self.max_length = max_length
        self.allowed = allowed
        self.placeholder = placeholder
        self.blink = 0.0

    def takes_text(self) -> bool:
        return self.focused

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def type_text(self, text: str) -> None:
        added = "".join(ch for ch in text if self.allowed(ch))
        added = added[: max(0, self.max_length - len(self.text))]
        if added:
            self.text += added
            self._changed()

    def process_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return bool(self.control_rect().collidepoint(event.pos))  # the screen moves the focus here
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                if self.text:
                    self.text = self.text[:-1]
                    self._changed()
                return True
            if event.key == pygame.K_DELETE:
                if self.text:
                    self.text = ""
                    self._changed()
                return True
        return False

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0 if self.focused else 0.0

    def wake_in(self) -> float | None:
        if not self.focused:
            return None
        return (CURSOR_ON - self.blink) if self.blink < CURSOR_ON else (1.0 - self.blink)

    def draw_control(self, surface: pygame.Surface) -> None:
        t = self.theme
        c = self.control_rect()
        _box(surface, c, t, fill=(248, 244, 234))
        if self.focused:
            pygame.draw.rect(surface, t.accent, c.inflate(4, 4), width=2, border_radius=max(4, c.h // 4))
        ink, pad = (28, 28, 34), 10
        if self.text:
            text, size = fit_text(self.text, self.text_size, c.w - 2 * pad, "regular")
            r = blit_text(surface, text, size, ink, (c.x + pad, c.centery), "regular", "midleft")
            end = r.right
        else:
            blit_text(
                surface,
                self.placeholder,
                self.text_size,
                (140, 136, 128),
                (c.x + pad, c.centery),
                "italic",
                "midleft",
                c.w - 2 * pad,
            )
            end = c.x + pad
        if self.focused and self.blink < CURSOR_ON:
            pygame.draw.line(surface, ink, (end + 2, c.y + 6), (end + 2, c.bottom - 6), 2)


class SliderRow(Row):
    """A number from 0 to 1 (the volume): drag or click the bar; Left/Right move it by a tenth."""

    def __init__(
        self,
        label: str,
        value: float,
        on_change: Callable[[float], None] | None = None,
        help: str = "",
        theme: Theme | str = "green",
    ) -> None:
        super().__init__(label, help, theme)
        self.value = min(1.0, max(0.0, value))
        self.on_change = on_change
        self.dragging = False

    def bar(self) -> pygame.Rect:
        c = self.control_rect()
        return pygame.Rect(c.x + 12, c.centery - 4, c.w - 70, 8)

    def set(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)), 2)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def adjust(self, step: int) -> None:
        self.set(round(self.value * 10 + step) / 10)

    def _from_x(self, x: int) -> None:
        b = self.bar()
        self.set((x - b.x) / max(1, b.w))

    def process_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.control_rect().collidepoint(event.pos):
            self.dragging = True
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def draw_control(self, surface: pygame.Surface) -> None:
        t = self.theme
        b = self.bar()
        pygame.draw.rect(surface, t.disabled, b, border_radius=4)
        filled = pygame.Rect(b.x, b.y, round(b.w * self.value), b.h)
        pygame.draw.rect(surface, t.accent if self.enabled else t.disabled, filled, border_radius=4)
        knob = (b.x + round(b.w * self.value), b.centery)
        pygame.draw.circle(surface, (250, 248, 240), knob, 10)
        pygame.draw.circle(surface, t.panel_border, knob, 10, 1)
        blit_text(
            surface,
            f"{round(self.value * 100)}%",
            self.text_size,
            t.text,
            (self.control_rect().right - 4, b.centery),
            "regular",
            "midright",
        )
