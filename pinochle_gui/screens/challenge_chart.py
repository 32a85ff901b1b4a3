"""The statistics screen's chart of duplicate challenges: each finished challenge's difference (the player's
total less the hard computer's on the same deals) as a bar, oldest first, the running average as a line, and
the best and the average of them all above it (the bars: the last 30)."""

from __future__ import annotations

import pygame

from pinochle_gui.fonts import least_size, scaled
from pinochle_gui.storage.challenges import FinishedChallenge
from pinochle_gui.theme import Theme
from pinochle_gui.widgets import blit_text
from pinochle_gui.words import count_of


def best_and_average_words(best_and_average: tuple[int, float, int] | None) -> str:
    if best_and_average is None:
        return ""
    best, average, count = best_and_average
    return f"Best {best:+d}, average {average:+.0f} over {count_of(count, 'challenge')}"


def draw_challenge_chart(surface: pygame.Surface, plot: pygame.Rect, theme: Theme, text_size: int,
                         challenges: list[FinishedChallenge], best_and_average: tuple[int, float, int] | None) -> None:
    """The bars and the running average in ``plot``; a line of words when there is no challenge yet."""
    if not challenges:
        blit_text(surface, "Finish a duplicate challenge to see it here.", text_size, theme.text_dim, plot.center,
                  "italic", "center", plot.w)
        return
    blit_text(surface, best_and_average_words(best_and_average), text_size, theme.text,
              (plot.x, plot.y), "bold", "topleft", plot.w)
    area = pygame.Rect(plot.x, plot.y + scaled(text_size * 1.8), plot.w, plot.h - scaled(text_size * 1.8))
    values = [c.difference for c in challenges]
    high = max(10, *values)
    low = min(-10, *values)
    span = high - low

    def y_of(value: float) -> int:
        return area.bottom - round(area.h * (value - low) / span)

    zero = y_of(0)
    pygame.draw.line(surface, theme.text_dim, (area.x, zero), (area.right, zero), 1)
    slot = area.w / len(values)
    bar = max(2, round(slot * 0.6))
    averages: list[tuple[int, int]] = []
    total = 0
    for i, value in enumerate(values):
        x = area.x + round(slot * i + slot / 2)
        top = y_of(value)
        rect = pygame.Rect(x - bar // 2, min(top, zero), bar, max(1, abs(zero - top)))
        pygame.draw.rect(surface, theme.good if value >= 0 else theme.bad, rect)
        total += value
        averages.append((x, y_of(total / (i + 1))))
    if len(averages) > 1:
        pygame.draw.lines(surface, theme.accent, False, averages, 2)
    small = max(least_size(), text_size - 3)
    blit_text(surface, f"{high:+d}", small, theme.text_dim, (area.x - 6, area.y), "regular", "topright")
    blit_text(surface, f"{low:+d}", small, theme.text_dim, (area.x - 6, area.bottom), "regular", "bottomright")
    blit_text(surface, "bars: you less the computer; line: the running average", small, theme.text_dim,
              (area.right, area.bottom + 4), "italic", "topright", area.w)
