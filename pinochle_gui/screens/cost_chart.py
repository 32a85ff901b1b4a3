"""The statistics' chart of the cost of the player's decisions: per game, the average points per hand the
player's decisions cost (found in the background after each hand, :mod:`pinochle_gui.table.cost_job`),
oldest game first, so that a falling line shows the player improving; over each game's point its accuracy, the
share of the player's decisions graded best or good, and under the chart the last game's in full. A cost is in
the one yardstick of every comparison the game shows, net: points of the side's score less the opponents'."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pygame

from engine.ai.analysis.accuracy import in_tenths
from engine.rules import preset
from pinochle_gui.fonts import least_size, scaled
from pinochle_gui.screens.chart_axis import draw_value_axis, round_ticks, y_of
from pinochle_gui.storage.hand_costs import CostPoint
from pinochle_gui.theme import Theme
from pinochle_gui.widgets import blit_text, text_width, wrap
from pinochle_gui.words import count_of

TITLE = "Net points your decisions cost per hand (lower is better)"
EMPTY = "Play a hand with “Analyse my hands” on to see it here."


#: The lines of words under the plot the statistics screen leaves room for; the plot gives up room for more.
FOOT_LINES = 1


def draw_costs(surface: pygame.Surface, plot: pygame.Rect, theme: Theme, points: Sequence[CostPoint],
               px: int, hint: str = "") -> list[tuple[int, int]]:
    """The average cost per hand of each game in ``points`` as a line over ``plot`` (``px``: 16 px text), each
    game's accuracy over its point where there is room, the last game's accuracy and the note under it ending with
    ``hint`` (the plot shortened where they take more than :data:`FOOT_LINES`); where each game's point was drawn,
    in order (to click on)."""
    if not points:
        blit_text(surface, EMPTY, px + 1, theme.text_dim, plot.center, "italic", "center", plot.w)
        return []
    small = max(least_size(), px * 3 // 4)
    n = len(points)
    hands = sum(p.hands for p in points)
    first = time.strftime("%d %b", time.localtime(points[0].recorded_at)) if points[0].recorded_at else ""
    note = f"{count_of(n, 'game')}, {count_of(hands, 'hand')} analysed" + (f" since {first}" if first else "")
    if hint:
        note = f"{note} · {hint}"
    said = accuracy_words(points)
    lines = (wrap(said, small, plot.w) if said else []) + wrap(note, small, plot.w)  # two lines where narrow
    step = scaled(small * 1.25)
    plot = pygame.Rect(plot.x, plot.y, plot.w, plot.h - max(0, len(lines) - FOOT_LINES) * step)
    values = [p.average for p in points]
    ticks = round_ticks(0, max(values))
    draw_value_axis(surface, plot, theme, ticks, small)
    spots = [(plot.x + (round(plot.w * i / (n - 1)) if n > 1 else plot.w // 2), y_of(v, plot, ticks))
             for i, v in enumerate(values)]
    if n > 1:
        pygame.draw.lines(surface, theme.bad, False, spots, max(2, px // 5))
    labelled = n == 1 or plot.w / (n - 1) >= text_width("100%", small, "bold") + px  # room over each point
    for spot, point in zip(spots, points, strict=True):
        pygame.draw.circle(surface, theme.bad, spot, max(3, px // 3))
        pygame.draw.circle(surface, (20, 20, 20), spot, max(3, px // 3), 1)
        if labelled and point.accuracy is not None:  # over the point, within the plot (clear of the axis' labels)
            half = text_width(point.accuracy.percent, small, "bold") // 2 + 1
            x = min(max(spot[0], plot.x + half), plot.right - half)
            blit_text(surface, point.accuracy.percent, small, theme.text, (x, spot[1] - px // 2), "bold", "midbottom")
    for i, line in enumerate(lines):
        blit_text(surface, line, small, theme.text_dim, (plot.right, plot.bottom + px // 3 + i * step),
                  "regular", "topright", plot.w)
    return spots


def accuracy_words(points: Sequence[CostPoint]) -> str:
    """The last game's accuracy in words, "" when it has none counted: "Last game: 86% of your decisions best or
    good (37 of 43), 12 points lost"."""
    last = points[-1].accuracy if points else None
    if last is None or not last.decisions:
        return ""
    try:
        tenths = in_tenths(preset(points[-1].variant))
    except ValueError:  # a variant this version does not know: whole points
        tenths = False
    lost = f"{last.lost:.1f}" if tenths and last.lost != round(last.lost) else f"{last.lost:.0f}"
    return f"Last game: {last.percent} of your decisions best or good ({last.sound} of {last.decisions}), " \
           f"{lost} points lost"


__all__ = ["EMPTY", "FOOT_LINES", "TITLE", "accuracy_words", "draw_costs"]
