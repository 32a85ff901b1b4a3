"""The statistics' chart of the cost of the player's decisions: per game, the average points per hand the
player's decisions cost (found in the background after each hand, :mod:`pinochle_gui.table.hand_costs`),
oldest game first, so that a falling line shows the player improving. A cost is in the one yardstick of
every comparison the game shows, net: points of the side's score less the opponents'."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pygame

from pinochle_gui.fonts import least_size, scaled
from pinochle_gui.screens.chart_axis import draw_value_axis, round_ticks, y_of
from pinochle_gui.storage.hand_costs import CostPoint
from pinochle_gui.theme import Theme
from pinochle_gui.widgets import blit_text, wrap
from pinochle_gui.words import count_of

TITLE = "Net points your decisions cost per hand (lower is better)"
EMPTY = "Play a hand with “Analyse my hands” on to see it here."


def draw_costs(surface: pygame.Surface, plot: pygame.Rect, theme: Theme, points: Sequence[CostPoint],
               px: int, hint: str = "") -> list[tuple[int, int]]:
    """The average cost per hand of each game in ``points`` as a line over ``plot`` (``px``: 16 px text),
    the note under it ending with ``hint``; where each game's point was drawn, in order (to click on)."""
    if not points:
        blit_text(surface, EMPTY, px + 1, theme.text_dim, plot.center, "italic", "center", plot.w)
        return []
    values = [p.average for p in points]
    ticks = round_ticks(0, max(values))
    small = max(least_size(), px * 3 // 4)
    draw_value_axis(surface, plot, theme, ticks, small)
    n = len(values)
    spots = [(plot.x + (round(plot.w * i / (n - 1)) if n > 1 else plot.w // 2), y_of(v, plot, ticks))
             for i, v in enumerate(values)]
    if n > 1:
        pygame.draw.lines(surface, theme.bad, False, spots, max(2, px // 5))
    for spot in spots:
        pygame.draw.circle(surface, theme.bad, spot, max(3, px // 3))
        pygame.draw.circle(surface, (20, 20, 20), spot, max(3, px // 3), 1)
    hands = sum(p.hands for p in points)
    first = time.strftime("%d %b", time.localtime(points[0].recorded_at)) if points[0].recorded_at else ""
    note = f"{count_of(n, 'game')}, {count_of(hands, 'hand')} analysed" + (f" since {first}" if first else "")
    if hint:
        note = f"{note} · {hint}"
    for i, line in enumerate(wrap(note, small, plot.w)):  # two lines where the plot is narrow
        blit_text(surface, line, small, theme.text_dim, (plot.right, plot.bottom + px // 3 + i * scaled(small * 1.25)),
                  "regular", "topright", plot.w)
    return spots


__all__ = ["EMPTY", "TITLE", "draw_costs"]
