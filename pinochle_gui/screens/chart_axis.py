"""The value axis of the statistics' charts: round ticks (0, 50, 100...; 0, 2.5, 5...) covering the values,
with a line and a label at each.

>>> round_ticks(0, 306)
[0.0, 100.0, 200.0, 300.0, 400.0]
>>> round_ticks(0, 1)
[0.0, 0.25, 0.5, 0.75, 1.0]
>>> round_ticks(0, 0, least_step=1)
[0.0, 1.0]
"""

from __future__ import annotations

import math

import pygame

from pinochle_gui.theme import Theme
from pinochle_gui.widgets import blit_text

STEPS = (1.0, 2.0, 2.5, 5.0, 10.0)  # a tick step is one of these times a power of ten


def round_ticks(low: float, high: float, most: int = 5, least_step: float = 0.0) -> list[float]:
    """Evenly spaced round values from at or below ``low`` to at or above ``high``, at most ``most`` of them
    and ``least_step`` apart or more (whole points: 1); an empty range gets a step of its own."""
    if high <= low:
        high = low + max(1.0, abs(low), least_step)
    span = (high - low) / max(1, most - 1)
    power = 10.0 ** math.floor(math.log10(span))
    for step in (s * power * scale for scale in (1.0, 10.0, 100.0) for s in STEPS):
        if step < span * (1 - 1e-9) or step < least_step:
            continue
        first = math.floor(low / step + 1e-9) * step
        ticks = [first]
        while ticks[-1] < high - 1e-9:
            ticks.append(first + step * len(ticks))
        if len(ticks) <= most:
            return [round(t, 10) + 0.0 for t in ticks]
    raise AssertionError("a step of a hundred times the span always fits")  # pragma: no cover


def tick_label(value: float) -> str:
    """A tick's value as the axis writes it: 1,500; 2.5; 0.25."""
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def draw_value_axis(surface: pygame.Surface, plot: pygame.Rect, theme: Theme, ticks: list[float],
                    size: int) -> None:
    """A line across ``plot`` at each tick (the first at the bottom, the last at the top), labelled at the
    left of the plot."""
    low, high = ticks[0], ticks[-1]
    for value in ticks:
        y = plot.bottom - round(plot.h * (value - low) / (high - low))
        pygame.draw.line(surface, theme.disabled, (plot.x, y), (plot.right, y), 1)
        blit_text(surface, tick_label(value), size, theme.text_dim, (plot.x - max(4, size // 2), y),
                  "regular", "midright")


def y_of(value: float, plot: pygame.Rect, ticks: list[float]) -> int:
    """Where ``value`` lies on the axis of ``ticks`` over ``plot``."""
    low, high = ticks[0], ticks[-1]
    return plot.bottom - round(plot.h * (value - low) / (high - low))


__all__ = ["draw_value_axis", "round_ticks", "tick_label", "y_of"]
