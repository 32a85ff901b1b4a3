"""The base classes of every widget: :class:`Widget` (a rectangle on screen that may take input) and
:class:`Focusable` (one the keyboard can reach).

Each widget has a ``rect``, ``process_event(event) -> bool``, ``update(dt)`` and ``draw(surface)``, and
reads its colours from a :class:`~pinochle_gui.theme.Theme`.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from pinochle_gui.scene import soonest
from pinochle_gui.theme import Theme, get_theme


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

    def wake_in(self) -> float | None:
        """Seconds until the widget looks different by itself (a tooltip's delay, a blinking cursor);
        ``None``: only input changes it."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing to draw by default."""

def soonest_wake(widgets: Iterable[Widget]) -> float | None:
    """The soonest :meth:`Widget.wake_in` of ``widgets`` (``None`` when none of them changes by itself)."""
    return soonest(w.wake_in() for w in widgets if w.visible)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, radius: int | None = None) -> None:
    """The keyboard focus around ``rect``: a thick ring in the theme's accent between two thin dark ones, so
    it shows on any felt, panel or button colour."""
    ring = rect.inflate(8, 8)
    r = radius if radius is not None else max(4, ring.h // 4)
    pygame.draw.rect(surface, (0, 0, 0), ring.inflate(4, 4), width=1, border_radius=r + 2)
    pygame.draw.rect(surface, theme.accent, ring.inflate(2, 2), width=3, border_radius=r + 1)
    pygame.draw.rect(surface, (0, 0, 0), ring.inflate(-4, -4), width=1, border_radius=max(2, r - 2))


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

    def wants_key(self, event: pygame.event.Event) -> bool:
        """True for a key the widget handles itself while it has the focus, before the screen's keys (a card
        picker's arrows, Space and Enter)."""
        return False
