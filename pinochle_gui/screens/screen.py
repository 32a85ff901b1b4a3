"""The scenes of the menus: a themed full-window :class:`Screen` and an :class:`Overlay` over the scene below.

A :class:`Screen` lays out its widgets in :meth:`Screen.build` for the window size it is given (and
again on every resize), draws the table felt behind a heading, and moves a keyboard focus among the
widgets that take it: Up/Down/Tab move, Left/Right change a value, Enter or Space activate, Escape
goes back. An :class:`Overlay` dims the scene below and draws one centred panel instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from pinochle_gui.fonts import scaled, text_scale
from pinochle_gui.scene import Scene
from pinochle_gui.theme import Theme, draw_panel, felt_surface, get_theme
from pinochle_gui.widgets import (
    Button,
    Focusable,
    MenuButton,
    NoteButton,
    Row,
    ScrollList,
    Tooltip,
    Widget,
    blit_text,
    wrap,
)
from pinochle_gui.widgets.core import soonest_wake

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: Keys that still move the focus or close the screen while a text field has it.
NAVIGATION_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)


def scale_of(size: tuple[int, int]) -> float:
    """How much bigger than a 1280x800 window (or an 800x1280 one, standing) this one is: text and
    spacing scale with it."""
    return max(0.62, min(max(size) / 1280, min(size) / 800, 1.8))

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

    def px_fixed(self, value: float) -> int:
        """:meth:`px` of text that keeps its size at every text size: a heading (large already), a one-line
        note with no room to grow."""
        return self.px(value / text_scale())

    def px_text(self, value: float) -> int:
        """:meth:`px` of something as wide as its words (a button): it grows with the player's text size."""
        return self.px(value * text_scale())

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

    def note_button(self, rect: pygame.Rect, text: str, size: int, on_click: Callable[[], object],
                    tooltip: str = "") -> NoteButton:
        """A button holding a sentence or two, wrapped at ``size`` (a :class:`~pinochle_gui.widgets.NoteButton`)."""
        b = NoteButton(rect, text, size, self._clicked(on_click), self.theme, tooltip)
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
            if focus is not None and focus.wants_key(event) and focus.process_event(event):
                return True
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
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(focus, Row):
                focus.adjust(-1 if event.key == pygame.K_LEFT else 1)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):  # among buttons the arrows move as Tab does
                self.move_focus(-1 if event.key == pygame.K_LEFT else 1)
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

    def wake_in(self) -> float | None:
        """A screen stands still between inputs, but for its widgets' timers (tooltips, the cursor)."""
        return soonest_wake(self.widgets)

    # -- drawing --------------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(felt_surface(self.theme.name, *self.size), (0, 0))

    def draw_heading(self, surface: pygame.Surface, text: str | None = None) -> int:
        """The screen's heading at the top; returns where the content below it starts."""
        heading = self.heading if text is None else text
        y = self.px(26)
        size = self.px_fixed(40)
        if heading:
            blit_text(surface, heading, size, (0, 0, 0), (self.size[0] // 2 + 2, y + 2), "bold", "midtop")
            blit_text(surface, heading, size, self.theme.accent, (self.size[0] // 2, y), "bold", "midtop")
        return y + self.px(64)

    def draw_content(self, surface: pygame.Surface) -> None:
        """What the screen draws between the heading and its widgets."""

    def wrapped(self, surface: pygame.Surface | None, text: str, size: int, color: tuple[int, int, int],
                midtop: tuple[int, int], face: str, width: int) -> int:
        """``text`` centred under ``midtop`` in lines no wider than ``width`` (drawn unless ``surface`` is
        None); the y under its last line."""
        x, y = midtop
        for line in wrap(text, size, width, face):
            if surface is not None:
                blit_text(surface, line, size, color, (x, y), face, "midtop", width)
            y += scaled(size * 1.3)
        return y

    def content_state(self) -> object:
        """What :meth:`draw_content` shows besides the size, theme and focus: the still picture of the
        screen (background, heading, content) is drawn once and drawn again only when this changes."""
        return None

    def new_layer(self) -> pygame.Surface:
        layer = pygame.Surface(self.size)
        return layer.convert() if pygame.display.get_surface() is not None else layer

    def follow_theme(self) -> None:
        """Widgets take a theme changed while the screen is open (the settings over the pause menu)."""
        theme = self.theme
        for widget in self.widgets:
            if widget.theme.name != theme.name:
                widget.set_theme(theme)

    def layer(self) -> pygame.Surface:
        """The still picture of the screen, kept until its size, theme, focus or content state change."""
        key = (self.size, self.theme.name, text_scale(), id(self.focus), self.content_state())
        if self._layer is None or self._layer[0] != key:
            layer = self.new_layer()
            self.draw_background(layer)
            self.draw_heading(layer)
            self.draw_content(layer)
            self._layer = (key, layer)
        return self._layer[1]

    def draw(self, surface: pygame.Surface) -> None:
        self.follow_theme()
        surface.blit(self.layer(), (0, 0))
        for widget in self.widgets:
            widget.draw(surface)
        self.draw_tooltip(surface)

    def row_to_explain(self) -> Row | None:
        """The row whose help is too long for it and is shown whole: the one under the pointer, else the one
        with the focus."""
        under = [r for w in self.widgets if isinstance(w, ScrollList) for r in w.rows
                 if r.visible and r.rect.collidepoint(self._mouse)]
        under += [w for w in self.widgets if isinstance(w, Row) and w.visible and w.rect.collidepoint(self._mouse)]
        for row in [*under, self.focus]:
            if isinstance(row, Row) and row.visible and row.help and row.help_is_cut():
                return row
        return None

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        row = self.row_to_explain()
        if row is not None:
            self.draw_whole_help(surface, row)
        for widget in self.widgets:
            if isinstance(widget, Button) and widget.show_tooltip:
                self._tooltip.set_theme(self.theme)
                self._tooltip.text = widget.tooltip
                self._tooltip.place(self._mouse, surface.get_rect())
                self._tooltip.draw(surface)

    def draw_whole_help(self, surface: pygame.Surface, row: Row) -> None:
        """The focused row's help, too long for the row, in full in a panel under it (over it near the bottom)."""
        size = row.help_size() + 1
        pad = self.px(10)
        lines = wrap(row.help, size, row.rect.w - 2 * pad)
        line_h = scaled(size * 1.3)
        box = pygame.Rect(row.rect.x, row.rect.bottom, row.rect.w, len(lines) * line_h + 2 * pad)
        if box.bottom > surface.get_height():
            box.bottom = row.rect.top
        draw_panel(surface, box, self.theme, radius=self.px(8))
        for i, line in enumerate(lines):
            blit_text(surface, line, size, self.theme.text, (box.x + pad, box.y + pad + i * line_h))


class Overlay(Screen):
    """A screen shown over the one below (the table, a menu): the rest is dimmed, one panel in the middle."""

    opaque = False
    panel_size = (520, 420)  # at 1280x800
    # In a window taller than wide, the panel takes the whole width and up to this height (None: as landscape).
    standing_height: int | None = None

    @property
    def standing(self) -> bool:
        """A window taller than wide."""
        return self.size[0] < self.size[1]

    def panel_rect(self) -> pygame.Rect:
        if self.standing and self.standing_height is not None:
            w, h = self.size[0] - 20, min(self.size[1] - 20, self.px(self.standing_height))
            return pygame.Rect(10, (self.size[1] - h) // 2, w, h)
        w = min(self.size[0] - 20, self.px(self.panel_size[0]))
        h = min(self.size[1] - 20, self.px(self.panel_size[1]))
        return pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)

    def new_layer(self) -> pygame.Surface:
        layer = pygame.Surface(self.size, pygame.SRCALPHA)
        return layer.convert_alpha() if pygame.display.get_surface() is not None else layer

    def draw(self, surface: pygame.Surface) -> None:
        # The veil darkens the scene below in place; only the panel's part of the layer is blended.
        surface.fill((112, 112, 112), special_flags=pygame.BLEND_RGB_MULT)
        self.follow_theme()
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
                self.px_fixed(28),
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
