"""A themed :class:`Panel` holding other widgets (events to the children, top one first), with the
tooltip of the button under the mouse."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from pinochle_gui.theme import Theme, draw_panel
from pinochle_gui.widgets.buttons import Button
from pinochle_gui.widgets.core import Widget, soonest_wake
from pinochle_gui.widgets.labels import Tooltip
from pinochle_gui.widgets.text import render


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

    def wake_in(self) -> float | None:
        return soonest_wake(self.children)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        draw_panel(surface, self.rect, self.theme, radius=max(6, min(self.rect.h, self.rect.w) // 12))
        if self.title:
            size = max(12, min(28, self.rect.h // 8))
            label = render(self.title, size, self.theme.accent, "bold")
            surface.blit(label, label.get_rect(midtop=(self.rect.centerx, self.rect.y + size // 2)))
        for child in self.children:
            child.draw(surface)
        for child in self.children:
            if isinstance(child, Button) and child.show_tooltip:
                self._tooltip.text = child.tooltip
                self._tooltip.place(self._mouse, surface.get_rect())
                self._tooltip.draw(surface)
