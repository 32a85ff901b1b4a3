"""A graph of the hand in the review: the expected result for the analysed seat's side after each decision.

Each analysed decision is a mark along the hand, at the value of the choice made, in points of the hand
net (the side's score less the opponents'), turned to the analysed seat's side: from what the deciding
seat could see (every decision), and with every card seen (the analysed seat's own decisions, where the
analysis has that view). The line starts from the value before the first decision (the best choice there
was), so a first decision that cost shows its drop; it joins the decisions of the analysed seat's side only
(the opponents' values come from what they saw, another view: their marks stand apart, unjoined). The
analysed seat's decisions are marked brighter, its costly ones red, its inaccuracies in the theme's marking colour;
a line across shows the hand's result, net. A click on a mark goes to that step of the hand
(:meth:`GraphView.mark_at`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from engine.ai.analysis.hand import Grade, decision_name
from engine.game import Phase
from engine.history import HandHistory
from engine.record import read_hand
from pinochle_gui.fonts import least_size
from pinochle_gui.net_result import net
from pinochle_gui.screens.review_analysis import ReviewAnalysis
from pinochle_gui.seat_words import capital, who, whose
from pinochle_gui.theme import Theme, draw_panel
from pinochle_gui.widgets import blit_text
from pinochle_gui.widgets.text import text_width

#: The axis' words for the decisions before the tricks, by the analysis' kind.
STAGES = {Phase.BIDDING: "Auction", Phase.TRUMP: "Trump", Phase.PASSING: "Passing", Phase.RETURN: "Passing",
          Phase.BURY: "Bury", Phase.DIX: "Dix", Phase.THROW_IN: "Throw-in", Phase.REDEAL: "Deal", Phase.MELD: "Meld",
          Phase.DRAW_CHOICE: "Draw"}


@dataclass(frozen=True)
class GraphPoint:
    """One decision on the graph, its values turned to the analysed seat's side."""

    action_index: int | None  # None: the start, before the first decision
    own: bool                 # a decision of the analysed seat
    costly: bool              # marked costly (the analysed seat's only)
    value: float              # from what the deciding seat saw
    seen_value: float | None  # with every card seen (None where the analysis has not that view)
    stage: str                # where in the hand: "Auction", "Trick 3", "Meld", ... (the axis' words)
    ours: bool = True         # a decision of the analysed seat's side (joined by its line)
    inaccuracy: bool = False  # marked an inaccuracy (the analysed seat's only)


def same_side(hand: HandHistory, seat: int, other: int, kind: Phase) -> bool:
    """Whether a value for ``other``'s side is one for ``seat``'s side: partners, or three-handed the two
    defenders once the auction is over (the analysis values them as one side against the declarer)."""
    rules, declarer = hand.rules, hand.declarer
    if rules.team_of(other) == rules.team_of(seat):
        return True
    return rules.players == 3 and kind != Phase.BIDDING and declarer is not None and declarer not in (seat, other)


def grid_values(low: float, high: float, lines: int = 5) -> list[float]:
    """About ``lines`` values in round steps (1, 2, 2.5 or 5 times a power of ten, at least 1 point) from
    ``low`` or below to ``high`` or above.

    >>> grid_values(-194, 530), grid_values(0, 0), grid_values(-3.2, 1.5)
    ([-200.0, 0.0, 200.0, 400.0, 600.0], [0.0, 1.0], [-4.0, -2.0, 0.0, 2.0])
    """
    span = max(high - low, 1.0)
    power = 10 ** math.floor(math.log10(span / max(1, lines - 1)))
    step = max(1.0, next(k * power for k in (1, 2, 2.5, 5, 10) if span / (k * power) <= lines - 1))
    first = math.floor(low / step) * step
    count = max(1, math.ceil(high / step - first / step))
    return [float(round(first + step * i, 6)) for i in range(count + 1)]


def graph_points(analysis: ReviewAnalysis) -> list[GraphPoint]:
    """The start (the value before the first decision: the best choice there was, turned to the analysed
    seat's side), then the analysed decisions in the order of the hand, turned to the analysed seat's side."""
    hand, seat = read_hand(analysis.record), analysis.seat
    points: list[GraphPoint] = []
    for _index, review in sorted(analysis.decisions.items()):
        ours = same_side(hand, seat, review.seat, review.kind)
        sign = 1.0 if ours else -1.0
        if not points:
            best = max([review.chosen.value, *(b.value for b in review.best)])
            seen_best = [review.chosen.seen_value, *(b.seen_value for b in review.best)]
            seen_start = max(v for v in seen_best if v is not None) if review.chosen.seen_value is not None else None
            points.append(GraphPoint(None, False, False, sign * best, None if seen_start is None else sign * seen_start,
                                     "Start", True))
        seen = review.chosen.seen_value
        stage = f"Trick {review.trick}" if review.trick is not None else \
            STAGES.get(review.kind, decision_name(review.kind).capitalize())
        own = review.seat == seat
        points.append(GraphPoint(review.action_index, own, review.costly and own, sign * review.chosen.value,
                                 None if seen is None else sign * seen, stage, ours,
                                 own and review.grade == Grade.INACCURACY))
    return points


class GraphView:
    """The graph laid over the table's place in the review; :meth:`mark_at` finds the decision under a click."""

    def __init__(self, analysis: ReviewAnalysis) -> None:
        self.analysis = analysis
        self.area = pygame.Rect(0, 0, 0, 0)
        self.plot = self.area
        self.marks: list[tuple[int, int, int]] = []  # (x, y, action index) of each mark, as last drawn

    def build(self, area: pygame.Rect, px: int) -> None:
        """Lay the graph out in ``area`` (``px``: the screen's 16 px of text)."""
        self.area = area
        pad = px
        left = round(px * 3.6)  # room for the values' labels
        top = round(px * 4.4)   # the title and the legend
        bottom = round(px * 3.2)  # the axis' words
        self.plot = pygame.Rect(area.x + left, area.y + top, area.w - left - pad * 2, area.h - top - bottom)

    def scale(self, points: Sequence[GraphPoint]) -> list[float]:
        """The values of the grid's lines, evenly spaced in round numbers from below the lowest value to above
        the highest (every value, the hand's result and zero)."""
        values = [p.value for p in points] + [p.seen_value for p in points if p.seen_value is not None]
        if "score_delta" in self.analysis.record:
            values.append(float(net(self.analysis.record, self.analysis.seat)))
        return grid_values(min([0.0, *values]), max([0.0, *values]))

    def draw(self, surface: pygame.Surface, theme: Theme, px: int, at_index: int | None) -> None:
        """The graph, the mark of the step shown (``at_index``, its action) ringed."""
        a, plot = self.analysis, self.plot
        draw_panel(surface, self.area, theme)
        pad = px
        owner = whose(a.record, a.seat)
        blit_text(surface, f"Expected result for {owner} side after each decision, net", round(px * 1.2),
                  theme.accent, (self.area.x + pad, self.area.y + pad), "bold", "topleft", self.area.w - 2 * pad)
        points = graph_points(a)
        self.marks = []
        if not points:
            waiting = "No decision analysed yet…" if not a.analysed else "No decision to show in this hand"
            blit_text(surface, waiting, px, theme.text_dim, plot.center, "italic", "center", plot.w)
            return
        grid = self.scale(points)
        low, high = grid[0], grid[-1]

        def y_of(value: float) -> int:
            return plot.bottom - round(plot.h * (value - low) / (high - low))

        n = len(points)

        def x_of(i: int) -> int:
            return plot.x + (round(plot.w * i / (n - 1)) if n > 1 else plot.w // 2)

        small = max(least_size(), round(px * 0.8))
        for value in grid:
            y = y_of(value)
            pygame.draw.line(surface, theme.text_dim if value == 0 else theme.disabled, (plot.x, y), (plot.right, y),
                             2 if value == 0 else 1)
            blit_text(surface, a.points(value, signed=value != 0), small, theme.text_dim, (plot.x - px // 3, y),
                      "regular", "midright")
        legend_y = self.area.y + pad + round(px * 1.8)
        legend = [(f"from what {who(a.record, a.seat)} saw", theme.text), ("every card seen", theme.accent),
                  ("costly", theme.bad), ("inaccuracy", theme.marked)]
        if "score_delta" in a.record:
            result = net(a.record, a.seat)
            y = y_of(result)
            for x in range(plot.x, plot.right, px):  # the hand's result, dashed
                pygame.draw.line(surface, theme.good, (x, y), (min(x + px // 2, plot.right), y), 2)
            legend.append((f"the result, {result:+d}", theme.good))
        x = self.area.x + pad
        for words, color in legend:
            pygame.draw.line(surface, color, (x, legend_y + small // 2), (x + px, legend_y + small // 2), 3)
            rect = blit_text(surface, words, small, theme.text_dim, (x + round(px * 1.4), legend_y), "regular")
            x = rect.right + px
        spots = [(x_of(i), y_of(p.value)) for i, p in enumerate(points)]
        line = [spot for p, spot in zip(points, spots, strict=True) if p.ours]  # one line: the side's own view
        if len(line) > 1:
            pygame.draw.lines(surface, theme.text_dim, False, line, 2)
        seen = [(x_of(i), y_of(p.seen_value)) for i, p in enumerate(points) if p.seen_value is not None]
        if len(seen) > 1:
            pygame.draw.lines(surface, theme.accent, False, seen, 2)
        for spot in seen:
            pygame.draw.circle(surface, theme.accent, spot, max(2, px // 5))
        for point, spot in zip(points, spots, strict=True):
            if point.action_index is None:  # the start: a small square, no decision to go to
                side = max(3, px // 4)
                pygame.draw.rect(surface, theme.text_dim, (spot[0] - side, spot[1] - side, 2 * side, 2 * side))
                continue
            radius = max(3, px // 3) + (2 if point.costly or point.inaccuracy else 0) if point.own else max(2, px // 5)
            color = mark_colour(point, theme)
            if point.ours or point.own:
                pygame.draw.circle(surface, color, spot, radius)
            else:  # another view's value: an open mark, off the line
                pygame.draw.circle(surface, color, spot, radius, 2)
            pygame.draw.circle(surface, (20, 20, 20), spot, radius, 1)
            if point.action_index == at_index:
                pygame.draw.circle(surface, theme.highlight, spot, max(3, px // 3) + 6, 2)
            self.marks.append((spot[0], spot[1], point.action_index))
        starts = [(x_of(i), p.stage) for i, p in enumerate(points) if not i or p.stage != points[i - 1].stage]
        for x, stage in axis_labels(starts, lambda words: text_width(words, small), px, self.area.x + pad):
            blit_text(surface, stage, small, theme.text_dim, (x, plot.bottom + px // 3), "regular", "midtop")
            pygame.draw.line(surface, theme.text_dim, (x, plot.bottom), (x, plot.bottom + px // 4), 1)
        words = (f"{capital(owner)} decisions bright; the opponents' open, valued from what they saw; "
                 "a click on a mark goes there")
        blit_text(surface, words, small, theme.text_dim, (plot.centerx, plot.bottom + round(px * 1.5)), "italic",
                  "midtop", self.area.w - 2 * pad)

    def mark_at(self, pos: tuple[int, int], reach: int) -> int | None:
        """The action index of the mark nearest ``pos`` within ``reach`` pixels, else None."""
        near = [((x - pos[0]) ** 2 + (y - pos[1]) ** 2, index) for x, y, index in self.marks]
        best = min(near, default=None)
        return best[1] if best is not None and best[0] <= reach * reach else None


def mark_colour(point: GraphPoint, theme: Theme) -> tuple[int, int, int]:
    """The colour of a decision's mark: red for a costly one, the theme's marking colour for an inaccuracy
    (the analysed seat's), bright for the analysed seat's others, dim for the rest."""
    if point.costly:
        return theme.bad
    if point.inaccuracy:
        return theme.marked
    return theme.text if point.own else theme.text_dim


def axis_labels(starts: Sequence[tuple[int, str]], width: Callable[[str], int], gap: int,
                left: int) -> list[tuple[int, str]]:
    """The axis' words that fit, centred where each stage of the hand starts (``starts``: x, words), ``gap``
    apart and none left of ``left``: the tricks' first (the notes name a card by its trick), then the
    decisions before them where room is left; in the order of the hand."""
    spans: list[tuple[int, int]] = []
    kept: set[int] = set()
    for tricks in (True, False):
        for i, (x, words) in enumerate(starts):
            half = width(words) // 2
            if words.startswith("Trick") != tricks or x - half < left:
                continue
            if all(x + half + gap <= a or b + gap <= x - half for a, b in spans):
                spans.append((x - half, x + half))
                kept.add(i)
    return [start for i, start in enumerate(starts) if i in kept]


__all__ = ["GraphPoint", "GraphView", "axis_labels", "graph_points", "grid_values", "mark_colour", "same_side"]
