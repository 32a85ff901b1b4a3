"""What every screen shares: a themed full-window screen or an overlay, and form rows driven by mouse and keys.

A :class:`Screen` lays out its widgets in :meth:`Screen.build` for the window size it is given (and
again on every resize), draws the table felt behind a heading, and moves a keyboard focus among the
widgets that take it: Up/Down/Tab move, Left/Right change a value, Enter or Space activate, Escape
goes back. An :class:`Overlay` dims the scene below and draws one centred panel instead.

The form rows (:class:`ChoiceRow`, :class:`ToggleRow`, :class:`NumberRow`, :class:`TextRow`,
:class:`SliderRow`) show a label, an optional one-line help under it, and the control at the right;
a :class:`ScrollList` holds more rows than fit and scrolls with the wheel and the focus.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from pinochle_gui.fonts import get_font
from pinochle_gui.scene import Scene
from pinochle_gui.theme import Color, Theme, draw_panel, felt_surface, get_theme
from pinochle_gui.widgets import Button, Tooltip, Widget, fit_text
from pinochle_gui.words import label_text

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

T = TypeVar("T")

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: Keys that still move the focus or close the screen while a text field has it.
NAVIGATION_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)


# -- text ---------------------------------------------------------------------------------------------------


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


def scale_of(size: tuple[int, int]) -> float:
    """How much bigger than a 1280x800 window (or an 800x1280 one, standing) this one is: text and
    spacing scale with it."""
    return max(0.62, min(max(size) / 1280, min(size) / 800, 1.8))


# -- focusable widgets ------------------------------------------------------------------------------------


class Focusable(Widget):
    """A widget that the keyboard can reach."""

    focused = False
    help = ""

    def activate(self) -> None:
        """Enter or Space on the widget."""

    def adjust(self, step: int) -> None:
        """Left (-1) or Right (+1) on the widget."""

    def takes_text(self) -> bool:
        """True while the widget wants typed characters (arrows and Enter still reach the screen)."""
        return False


class MenuButton(Button, Focusable):
    """A themed button that the keyboard can focus (shown by an accent ring)."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str,
        on_click: Callable[[], None] | None = None,
        theme: Theme | str = "green",
        hotkey: int | None = None,
        tooltip: str = "",
    ) -> None:
        Button.__init__(self, rect, text, on_click, theme, hotkey, tooltip)

    def activate(self) -> None:
        self.click()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        Button.draw(self, surface)
        if self.focused and self.enabled:
            ring = self.rect.inflate(6, 6)
            pygame.draw.rect(surface, self.theme.accent, ring, width=2, border_radius=max(4, ring.h // 4))


class Row(Focusable):
    """A form row: label (and help under it) at the left, the control at the right."""

    def __init__(self, label: str, help: str = "", theme: Theme | str = "green") -> None:
        super().__init__((0, 0, 10, 10), theme)
        self.label = label
        self.help = help
        self.text_size = 18

    compact = False  # no label: the control fills the row (its value says what it is)

    def control_rect(self) -> pygame.Rect:
        if self.compact:
            h = min(self.rect.h - 8, round(self.text_size * 2.0))
            return pygame.Rect(self.rect.x, self.rect.centery - h // 2, self.rect.w, h)
        w = min(max(150, round(self.rect.w * 0.42)), self.rect.w - 80)
        h = min(self.rect.h - 8, round(self.text_size * 2.0))
        return pygame.Rect(self.rect.right - w - 6, self.rect.centery - h // 2, w, h)

    def draw_label(self, surface: pygame.Surface) -> None:
        t = self.theme
        if self.focused:
            back = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(back, (*t.accent, 38), back.get_rect(), border_radius=8)
            pygame.draw.rect(back, (*t.accent, 150), back.get_rect(), width=1, border_radius=8)
            surface.blit(back, self.rect)
        if self.compact:
            return
        room = self.control_rect().x - self.rect.x - 24
        color = t.text if self.enabled else t.disabled
        if self.help:
            blit_text(
                surface,
                self.label,
                self.text_size,
                color,
                (self.rect.x + 12, self.rect.centery + 1),
                "bold",
                "bottomleft",
                room,
            )
            blit_text(
                surface,
                self.help,
                max(11, round(self.text_size * 0.74)),
                t.text_dim,
                (self.rect.x + 12, self.rect.centery + 2),
                "regular",
                "topleft",
                room,
                shrink=False,
            )
        else:
            blit_text(
                surface,
                self.label,
                self.text_size,
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
            self.text_size,
            t.text if self.enabled else t.disabled,
            c.center,
            "regular",
            "center",
            c.w - 2 * c.h - 4,
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
        if self.focused and self.blink < 0.55:
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


class ScrollList(Widget):
    """Rows of one height in a rect, scrolled by the wheel (and by the focus moving out of view)."""

    def __init__(self, rect: pygame.Rect, rows: Sequence[Row], row_height: int, theme: Theme | str = "green") -> None:
        super().__init__(rect, theme)
        self.rows = list(rows)
        self.row_height = row_height
        self.offset = 0
        self.place()

    @property
    def max_offset(self) -> int:
        return max(0, len(self.rows) * self.row_height - self.rect.h)

    def place(self) -> None:
        self.offset = min(self.max_offset, max(0, self.offset))
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(
                self.rect.x, self.rect.y + i * self.row_height - self.offset, self.rect.w - 12, self.row_height - 4
            )
            row.visible = row.rect.top >= self.rect.top - 1 and row.rect.bottom <= self.rect.bottom + 1

    def scroll(self, pixels: int) -> None:
        self.offset += pixels
        self.place()

    def show(self, row: Row) -> None:
        """Scroll so that ``row`` is in view."""
        if row not in self.rows:
            return
        top = self.rows.index(row) * self.row_height
        if top < self.offset:
            self.offset = top
        elif top + self.row_height > self.offset + self.rect.h:
            self.offset = top + self.row_height - self.rect.h
        self.place()

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:  # the screen sends the wheel to the list under the mouse
            self.scroll(-event.y * self.row_height // 2)
            return True
        for row in self.rows:
            if row.visible and row.process_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        for row in self.rows:
            row.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for row in self.rows:
            if row.visible:
                row.draw(surface)
        if self.max_offset:
            track = pygame.Rect(self.rect.right - 6, self.rect.y, 5, self.rect.h)
            pygame.draw.rect(surface, (*self.theme.disabled,), track, border_radius=3)
            share = self.rect.h / (self.rect.h + self.max_offset)
            thumb_h = max(20, round(track.h * share))
            y = track.y + round((track.h - thumb_h) * self.offset / self.max_offset)
            pygame.draw.rect(surface, self.theme.accent, (track.x, y, track.w, thumb_h), border_radius=3)


# -- screens ----------------------------------------------------------------------------------------------


class Screen(Scene):
    """A full-window screen on the table felt, with a heading and keyboard focus among its widgets."""

    heading = ""

    def __init__(self, app: App) -> None:
        super().__init__()
        self.app = app
        self.size = app.stack.size if app.stack is not None else (1280, 800)
        self.widgets: list[Widget] = []
        self.focus: Focusable | None = None
        self.scale = scale_of(self.size)
        self._tooltip = Tooltip("", self.theme)
        self._mouse = (0, 0)
        self._layer: tuple[object, pygame.Surface] | None = None

    # -- layout ---------------------------------------------------------------------------------------
    @property
    def theme(self) -> Theme:
        try:
            return get_theme(self.app.settings.table_theme)
        except KeyError:
            return get_theme("green")

    def px(self, value: float) -> int:
        """``value`` pixels of a 1280x800 window, in this window."""
        return max(1, round(value * self.scale))

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = scale_of(size)
        focus_index = self.focusables().index(self.focus) if self.focus in self.focusables() else None
        self.widgets = []
        self.focus = None
        self.build()
        focusables = self.focusables()
        if focus_index is not None and focus_index < len(focusables):
            self.set_focus(focusables[focus_index])

    def rebuild(self) -> None:
        """Lay the screen out again (after a change that alters its widgets)."""
        self.resize(self.size)

    def build(self) -> None:
        """Create the widgets for ``self.size``."""

    def add(self, widget: Widget) -> Widget:
        widget.set_theme(self.theme)
        self.widgets.append(widget)
        return widget

    def button(
        self, rect: pygame.Rect, text: str, on_click: Callable[[], object], hotkey: int | None = None, tooltip: str = ""
    ) -> MenuButton:
        b = MenuButton(rect, text, self._clicked(on_click), self.theme, hotkey, tooltip)
        self.add(b)
        return b

    def _clicked(self, action: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            self.app.sound.play("click")
            action()

        return run

    # -- focus ----------------------------------------------------------------------------------------
    def focusables(self) -> list[Focusable]:
        found: list[Focusable] = []
        for widget in self.widgets:
            if isinstance(widget, ScrollList):
                found.extend(r for r in widget.rows if r.enabled)
            elif isinstance(widget, Focusable) and widget.visible and widget.enabled:
                found.append(widget)
        return found

    def set_focus(self, widget: Focusable | None) -> None:
        if self.focus is not None:
            self.focus.focused = False
        self.focus = widget
        if widget is not None:
            widget.focused = True
            for w in self.widgets:
                if isinstance(w, ScrollList) and isinstance(widget, Row):
                    w.show(widget)

    def move_focus(self, step: int) -> None:
        items = self.focusables()
        if not items:
            return
        if self.focus not in items:
            self.set_focus(items[0] if step > 0 else items[-1])
        else:
            assert self.focus is not None
            self.set_focus(items[(items.index(self.focus) + step) % len(items)])

    # -- events ---------------------------------------------------------------------------------------
    def back(self) -> None:
        """Escape: close this screen."""
        if self.stack is not None and self in self.stack.scenes:
            self.stack.pop("fade")

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            lists = [w for w in self.widgets if isinstance(w, ScrollList)]
            under = [w for w in lists if w.rect.collidepoint(self._mouse)]
            targets = under or lists
            return targets[0].process_event(event) if targets else self.wheel(event.y)
        focus = self.focus
        if focus is not None and focus.takes_text():
            if focus.process_event(event):
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.move_focus(1)  # Enter finishes the field
                return True
            if event.type == pygame.KEYDOWN and event.key < 128 and event.key not in NAVIGATION_KEYS:
                return True  # a letter typed into the field is no shortcut

        if event.type == pygame.KEYDOWN:
            if self.key(event):
                return True
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in (pygame.K_DOWN, pygame.K_TAB) and not (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            ):
                self.move_focus(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_TAB):
                self.move_focus(-1)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focus is not None:
                focus.adjust(-1 if event.key == pygame.K_LEFT else 1)
                return True
            if event.key in CONFIRM_KEYS and focus is not None:
                focus.activate()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for item in self.focusables():
                if item.visible and item.rect.collidepoint(event.pos):
                    if item is not self.focus:
                        self.set_focus(item)
                    break
            else:
                if self.focus is not None and self.focus.takes_text():
                    self.set_focus(None)
        for widget in reversed(list(self.widgets)):
            if widget.process_event(event) and event.type != pygame.MOUSEMOTION:
                return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def wheel(self, steps: int) -> bool:
        """The mouse wheel on a screen without a list (``steps`` > 0: up)."""
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """A key the screen handles itself before the focus keys (shortcuts); return True if used."""
        return False

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)

    # -- drawing --------------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(felt_surface(self.theme.name, *self.size), (0, 0))

    def draw_heading(self, surface: pygame.Surface, text: str | None = None) -> int:
        """The screen's heading at the top; returns where the content below it starts."""
        heading = self.heading if text is None else text
        y = self.px(26)
        if heading:
            blit_text(surface, heading, self.px(40), (0, 0, 0), (self.size[0] // 2 + 2, y + 2), "bold", "midtop")
            blit_text(surface, heading, self.px(40), self.theme.accent, (self.size[0] // 2, y), "bold", "midtop")
        return y + self.px(64)

    def draw_content(self, surface: pygame.Surface) -> None:
        """What the screen draws between the heading and its widgets."""

    def content_state(self) -> object:
        """What :meth:`draw_content` shows besides the size, theme and focus: the still picture of the
        screen (background, heading, content) is drawn once and drawn again only when this changes."""
        return None

    def new_layer(self) -> pygame.Surface:
        layer = pygame.Surface(self.size)
        return layer.convert() if pygame.display.get_surface() is not None else layer

    def layer(self) -> pygame.Surface:
        """The still picture of the screen, kept until its size, theme, focus or content state change."""
        key = (self.size, self.theme.name, id(self.focus), self.content_state())
        if self._layer is None or self._layer[0] != key:
            layer = self.new_layer()
            self.draw_background(layer)
            self.draw_heading(layer)
            self.draw_content(layer)
            self._layer = (key, layer)
        return self._layer[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.layer(), (0, 0))
        for widget in self.widgets:
            widget.draw(surface)
        self.draw_tooltip(surface)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if isinstance(widget, Button) and widget.show_tooltip:
                self._tooltip.set_theme(self.theme)
                self._tooltip.text = widget.tooltip
                self._tooltip.place(self._mouse, surface.get_rect())
                self._tooltip.draw(surface)


class Overlay(Screen):
    """A screen shown over the one below (the table, a menu): the rest is dimmed, one panel in the middle."""

    opaque = False
    panel_size = (520, 420)  # at 1280x800

    def panel_rect(self) -> pygame.Rect:
        w = min(self.size[0] - 20, self.px(self.panel_size[0]))
        h = min(self.size[1] - 20, self.px(self.panel_size[1]))
        return pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)

    def new_layer(self) -> pygame.Surface:
        layer = pygame.Surface(self.size, pygame.SRCALPHA)
        return layer.convert_alpha() if pygame.display.get_surface() is not None else layer

    def draw(self, surface: pygame.Surface) -> None:
        # The veil darkens the scene below in place; only the panel's part of the layer is blended.
        surface.fill((112, 112, 112), special_flags=pygame.BLEND_RGB_MULT)
        area = self.panel_rect().inflate(self.px(8), self.px(20)).clip(pygame.Rect((0, 0), self.size))
        surface.blit(self.layer(), area.topleft, area)
        for widget in self.widgets:
            widget.draw(surface)
        self.draw_tooltip(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        panel = self.panel_rect()
        shadow = panel.move(0, self.px(6))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=self.px(14))
        opaque_theme = self.theme
        pygame.draw.rect(surface, opaque_theme.panel[:3], panel, border_radius=self.px(14))
        draw_panel(surface, panel, opaque_theme, radius=self.px(14))

    def draw_heading(self, surface: pygame.Surface, text: str | None = None) -> int:
        heading = self.heading if text is None else text
        panel = self.panel_rect()
        y = panel.y + self.px(18)
        if heading:
            blit_text(
                surface,
                heading,
                self.px(28),
                self.theme.accent,
                (panel.centerx, y),
                "bold",
                "midtop",
                panel.w - self.px(24),
            )
        return y + self.px(46)

    def process_event(self, event: pygame.event.Event) -> bool:
        super().process_event(event)
        return True  # nothing reaches the scene below
