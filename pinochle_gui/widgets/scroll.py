"""A :class:`ScrollList`: more form rows than fit, scrolled by the wheel and by the focus moving out of view."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from pinochle_gui.fonts import scaled
from pinochle_gui.theme import Theme
from pinochle_gui.widgets.core import Widget, soonest_wake
from pinochle_gui.widgets.rows import Row, even_text


class ScrollList(Widget):
    """Rows of one height in a rect, scrolled by the wheel (and by the focus moving out of view); the rows
    grow with the player's text size."""

    def __init__(self, rect: pygame.Rect, rows: Sequence[Row], row_height: int, theme: Theme | str = "green") -> None:
        super().__init__(rect, theme)
        self.rows = list(rows)
        self.row_height = scaled(row_height)
        self.offset = 0
        self.place()
        even_text(self.rows)

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

    def keep_at(self, row: Row, y: int) -> None:
        """Scroll so that ``row`` starts at ``y`` on the screen as far as the list goes, and is in view."""
        if row not in self.rows:
            return
        self.offset = self.rows.index(row) * self.row_height - (y - self.rect.y)
        self.place()
        self.show(row)

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

    def set_theme(self, theme: Theme) -> None:
        super().set_theme(theme)
        for row in self.rows:
            row.set_theme(theme)

    def wake_in(self) -> float | None:
        return soonest_wake(self.rows)

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
