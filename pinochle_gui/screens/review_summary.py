"""The hand's summary in the review: the points lost to the analysed player's decisions (and, for
reference, to the partner's and the opponents'), the three costliest (a click goes there), and "the cards":
the hand as it went beside the same deal played with the hard computer in the player's seat.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

import pygame

from engine.review import seat_names
from pinochle_gui.fonts import sized_by_layout
from pinochle_gui.screens.review_analysis import ReviewAnalysis
from pinochle_gui.table.scorepad import side_names
from pinochle_gui.table.summary import draw_table, summary_lines
from pinochle_gui.theme import Theme, draw_panel
from pinochle_gui.widgets import MenuButton, blit_text
from pinochle_gui.widgets.core import Focusable
from pinochle_gui.widgets.text import wrap


class Host(Protocol):
    """What the summary needs of the review screen it is shown on."""

    @property
    def theme(self) -> Theme: ...

    def px(self, value: float) -> int: ...

    def px_fixed(self, value: float) -> int: ...

    def button(self, rect: pygame.Rect, text: str, on_click: Callable[[], object], hotkey: int | None = None,
               tooltip: str = "") -> MenuButton: ...

    def set_focus(self, widget: Focusable | None) -> None: ...

    def go_action(self, action_index: int) -> None: ...

    def toggle_summary(self) -> None: ...

#: The columns of a hand's table: the side, its meld, its trick points and its score change.
COLUMNS = 4


def seat_roles(record: dict[str, Any], seat: int) -> list[tuple[int, str]]:
    """Every seat with who it is to ``seat``: the seat itself first, then its partner, then the others."""
    names = seat_names(record)
    me = "You" if seat in (record.get("humans") or []) else names[seat]
    team = next((t for t in record["teams"] if seat in t), [seat])
    roles = [(seat, me)]
    roles += [(s, f"{names[s]}, partner") for s in team if s != seat]
    roles += [(s, f"{names[s]}, opponent") for s in range(record["seats"]) if s not in team]
    return roles


def lost_lines(analysis: ReviewAnalysis) -> list[tuple[str, str]]:
    """(who, points lost to their decisions) for every seat, the analysed seat first."""
    return [(who, analysis.points(analysis.lost(seat), signed=False))
            for seat, who in seat_roles(analysis.record, analysis.seat)]


def cards_verdict(analysis: ReviewAnalysis) -> str:
    """How the seat's side did, and how it did with the hard computer in the seat."""
    record, hard = analysis.record, analysis.hard_record
    if hard is None or "score_delta" not in record:
        return ""
    side = next(i for i, team in enumerate(record["teams"]) if analysis.seat in team)
    first, again = record["score_delta"][side], hard["score_delta"][side]
    who = "your" if analysis.seat in (record.get("humans") or []) else f"{seat_names(record)[analysis.seat]}'s"
    if first == again:
        return f"The cards: {who} side scored {first:+d}, as with the hard computer in the seat"
    more = f"{abs(again - first)} {'more' if again > first else 'less'}"
    return f"The cards: {who} side scored {first:+d}; with the hard computer in the seat {again:+d} ({more})"


def hand_table(record: dict[str, Any]) -> tuple[str, list[list[str]]]:
    head, rows = summary_lines(record, side_names(record["teams"], seat_names(record)), seat_names(record))
    return head, [row[:COLUMNS] for row in rows]


class SummaryView:
    """The summary laid over the table's place in the review."""

    def __init__(self, analysis: ReviewAnalysis) -> None:
        self.analysis = analysis
        analysis.start_hard()
        self.area = pygame.Rect(0, 0, 0, 0)
        self.left = self.right = self.area
        self.rows_top = 0

    def build(self, screen: Host, area: pygame.Rect) -> None:
        """Lay the summary out in ``area`` and add its buttons to ``screen``: the costliest decisions, Close."""
        self.area = area
        gap = screen.px(16)
        if area.w >= area.h:
            half = (area.w - gap) // 2
            self.left = pygame.Rect(area.x, area.y, half, area.h)
            self.right = pygame.Rect(area.x + half + gap, area.y, area.w - half - gap, area.h)
        else:
            half = (area.h - gap) * 9 // 20
            self.left = pygame.Rect(area.x, area.y, area.w, half)
            self.right = pygame.Rect(area.x, area.y + half + gap, area.w, area.h - half - gap)
        pad = screen.px(14)
        line = round(screen.px(16) * 1.5)
        bh = screen.px(38)
        self.rows_top = self.left.y + pad + screen.px(30) + line * len(lost_lines(self.analysis)) + screen.px(40)
        y = self.rows_top
        for review in self.analysis.costliest(self.analysis.seat):
            text = f"{review.title}: {review.chosen.action}, about {self.analysis.points(review.cost, signed=False)}"
            rect = pygame.Rect(self.left.x + pad, y, self.left.w - 2 * pad, bh)
            if rect.bottom > self.left.bottom - pad:
                break
            screen.button(rect, text, partial(screen.go_action, review.action_index),
                          tooltip="Go to this decision in the hand")
            y += bh + screen.px(8)
        close = pygame.Rect(0, 0, screen.px(220), bh)
        close.bottomright = (self.left.right - pad, self.left.bottom - pad)
        screen.set_focus(screen.button(close, "Back to the hand", screen.toggle_summary,
                                       tooltip="The table again (S)"))

    def draw(self, surface: pygame.Surface, screen: Host) -> None:
        t, a = screen.theme, self.analysis
        pad = screen.px(14)
        size = screen.px(16)
        line = round(size * 1.5)
        draw_panel(surface, self.left, t)
        x, y = self.left.x + pad, self.left.y + pad
        blit_text(surface, "Points lost to decisions", screen.px(19), t.accent, (x, y), "bold", "topleft",
                  self.left.w - 2 * pad)
        blit_text(surface, a.progress_text(), screen.px_fixed(13), t.text_dim,
                  (self.left.right - pad, y + screen.px(4)), "italic", "topright", self.left.w // 2)
        y += screen.px(30)
        for who, lost in lost_lines(a):
            blit_text(surface, who, size, t.text, (x, y), "regular", "topleft", self.left.w // 2)
            blit_text(surface, lost, size, t.text, (x + self.left.w // 2, y), "bold")
            y += line
        costliest = a.costliest(a.seat)
        heading = "The costliest decisions" if costliest else (
            "No costly decision" if a.analysed else "No costly decision found yet")
        blit_text(surface, heading, screen.px(17), t.accent, (x, self.rows_top - screen.px(30)), "bold", "topleft",
                  self.left.w - 2 * pad)
        verdict = cards_verdict(a)
        if verdict:
            lines = wrap(verdict, size, self.left.w - 2 * pad)
            y = self.left.bottom - pad - screen.px(38) - screen.px(12) - len(lines) * line
            for text in lines:
                blit_text(surface, text, size, t.text, (x, y))
                y += line
        self.draw_cards(surface, screen)

    def draw_cards(self, surface: pygame.Surface, screen: Host) -> None:
        """"The cards": what happened, and the same deal with the hard computer in the seat."""
        t, a, box = screen.theme, self.analysis, self.right
        gap = screen.px(10)
        title_h = screen.px(30)
        blit_text(surface, "The cards: how the hand went, and with the hard computer in the seat", screen.px(17),
                  t.accent, (box.centerx, box.y), "bold", "midtop", box.w)
        tall = (box.h - title_h - gap) // 2
        first = pygame.Rect(box.x, box.y + title_h, box.w, tall)
        second = pygame.Rect(box.x, first.bottom + gap, box.w, tall)
        head, rows = hand_table(a.record)
        with sized_by_layout():  # the two tables fill their boxes at their own size
            draw_table(surface, first, t, f"As played: {head}", rows, "", None)
            if a.hard_record is not None:
                head, rows = hand_table(a.hard_record)
                draw_table(surface, second, t, f"Hard in the seat: {head}", rows, "", None)
        if a.hard_record is None:
            draw_panel(surface, second, t)
            waiting = a.failed or "The hard computer is playing the deal…"
            blit_text(surface, waiting, screen.px(15), t.text_dim, second.center, "italic", "center", second.w - 20)


__all__ = ["SummaryView", "lost_lines", "seat_roles"]
