"""The hand's summary in the review: the headline, net (the side's score less the opponents'), as played and
with the hard computer in the seat on the same cards, and what the seat's marked decisions cost; the points
lost to each seat's decisions; the three costliest (a click goes there); and "the cards": the hand as it went
beside the same deal played with the hard computer in the seat, which opens in the review step by step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from engine.record import HandRecord
from engine.review import seat_names
from pinochle_gui.fonts import sized_by_layout
from pinochle_gui.net_result import difference_words, net, net_words
from pinochle_gui.screens.review_analysis import ReviewAnalysis
from pinochle_gui.seat_words import capital, who, whose
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

    def open_hard(self) -> None: ...

    def toggle_summary(self) -> None: ...

#: The columns of a hand's table: the side, its meld, its trick points and its score change.
COLUMNS = 4


def seat_roles(record: HandRecord, seat: int) -> list[tuple[int, str]]:
    """Every seat with who it is to ``seat``: the seat itself first, then its partner, then the others."""
    team = next((t for t in record["teams"] if seat in t), [seat])
    roles = [(seat, capital(who(record, seat)))]
    roles += [(s, f"{capital(who(record, s))}, partner") for s in team if s != seat]
    roles += [(s, f"{capital(who(record, s))}, opponent") for s in range(record["seats"]) if s not in team]
    return roles


def lost_lines(analysis: ReviewAnalysis) -> list[tuple[str, str]]:
    """(who, points lost to their decisions) for every seat, the analysed seat first."""
    return [(who, analysis.points(analysis.lost(seat), signed=False))
            for seat, who in seat_roles(analysis.record, analysis.seat)]


def net_lines(analysis: ReviewAnalysis) -> list[str]:
    """The hand's headline, net (a side's score less the opponents'): how the seat's side did, how it did
    with the hard computer in the seat on the same cards, and what the seat's marked decisions cost."""
    record, seat, hard = analysis.record, analysis.seat, analysis.hard_record
    owner = whose(record, seat)
    lines = []
    if "score_delta" in record:
        lines.append(f"As played: {net_words(record, seat)}")
        if hard is not None:
            mine, theirs = net(record, seat), net(hard, seat)
            lines.append(f"The hard computer in {owner} seat: {theirs:+d}, {difference_words(mine, theirs)}"
                         + (" than as played" if mine != theirs else " as played"))
        else:
            lines.append(f"The hard computer in {owner} seat: {analysis.failed or 'playing the deal…'}")
    costly = analysis.points(analysis.costly_cost(seat), signed=False)
    every = analysis.points(analysis.lost(seat), signed=False)
    slips = analysis.points(analysis.lost(seat) - analysis.costly_cost(seat), signed=False)
    so_far = "" if analysis.analysed else " so far"
    lines.append(f"{capital(owner)} marked decisions cost about {every}{so_far}: {costly} in mistakes and "
                 f"blunders, {slips} in inaccuracies")
    return lines


def hand_table(record: HandRecord) -> tuple[str, list[list[str]]]:
    """The hand's headline and its table (meld, tricks, score change per side). A hand without a contract
    (two-handed) is headed by its score changes, so that two hands side by side say how each went."""
    names = seat_names(record)
    head, rows = summary_lines(record, side_names(record["teams"], names), names)
    if record.get("bid") is None and record.get("score_delta"):
        head = ", ".join(f"{capital(who(record, team[0])) if len(team) == 1 else side} {delta:+d}"
                         for team, side, delta in zip(record["teams"], side_names(record["teams"], names),
                                                      record["score_delta"], strict=False))
    return head, [row[:COLUMNS] for row in rows]


class SummaryView:
    """The summary laid over the table's place in the review."""

    def __init__(self, analysis: ReviewAnalysis) -> None:
        self.analysis = analysis
        analysis.start_hard()
        self.area = pygame.Rect(0, 0, 0, 0)
        self.left = self.right = self.area
        self.headline: list[str] = []  # the net lines, wrapped to the panel
        self.lost_top = self.rows_top = 0

    def build(self, screen: Host, area: pygame.Rect) -> None:
        """Lay the summary out in ``area`` and add its buttons to ``screen``: the costliest decisions, the hard
        computer's play, Back."""
        self.area = area
        gap = screen.px(16)
        if area.w >= area.h:
            half = (area.w - gap) // 2
            self.left = pygame.Rect(area.x, area.y, half, area.h)
            self.right = pygame.Rect(area.x + half + gap, area.y, area.w - half - gap, area.h)
        else:
            half = (area.h - gap) * 11 // 20
            self.left = pygame.Rect(area.x, area.y, area.w, half)
            self.right = pygame.Rect(area.x, area.y + half + gap, area.w, area.h - half - gap)
        pad = screen.px(14)
        line = round(screen.px(16) * 1.4)
        bh = screen.px(38)
        width = self.left.w - 2 * pad
        self.headline = [text for said in net_lines(self.analysis) for text in wrap(said, screen.px(16), width)]
        self.lost_top = self.left.y + pad + screen.px(30) + line * len(self.headline) + screen.px(12)
        self.rows_top = self.lost_top + screen.px(28) + line * len(lost_lines(self.analysis)) + screen.px(36)
        foot = self.left.bottom - pad - bh
        y = self.rows_top
        for review in self.analysis.costliest(self.analysis.seat):
            text = f"{review.title}: {review.chosen.action}, about {self.analysis.points(review.cost, signed=False)}"
            rect = pygame.Rect(self.left.x + pad, y, width, bh)
            if rect.bottom > foot - screen.px(30):
                break
            screen.button(rect, text, partial(screen.go_action, review.action_index),
                          tooltip="Go to this decision in the hand")
            y += bh + screen.px(8)
        half = (width - pad) // 2
        hard = screen.button(pygame.Rect(self.left.x + pad, foot, half, bh), "The hard computer's play",
                             screen.open_hard, tooltip="The same deal with the hard computer in the seat, step by step")
        hard.enabled = self.analysis.hard_record is not None
        close = pygame.Rect(self.left.right - pad - half, foot, half, bh)
        screen.set_focus(screen.button(close, "Back to the hand", screen.toggle_summary,
                                       tooltip="The table again (S)"))

    def draw(self, surface: pygame.Surface, screen: Host) -> None:
        t, a = screen.theme, self.analysis
        pad = screen.px(14)
        size = screen.px(16)
        line = round(size * 1.4)
        width = self.left.w - 2 * pad
        draw_panel(surface, self.left, t)
        x, y = self.left.x + pad, self.left.y + pad
        blit_text(surface, "The hand, net: a side's score less the opponents'", screen.px(19), t.accent, (x, y),
                  "bold", "topleft", width)
        y += screen.px(30)
        for text in self.headline:
            blit_text(surface, text, size, t.text, (x, y))
            y += line
        y = self.lost_top
        blit_text(surface, "Points lost to decisions", screen.px(17), t.accent, (x, y), "bold", "topleft", width)
        y += screen.px(28)
        for seat_role, lost in lost_lines(a):
            blit_text(surface, seat_role, size, t.text, (x, y), "regular", "topleft", self.left.w // 2)
            blit_text(surface, lost, size, t.text, (x + self.left.w // 2, y), "bold")
            y += line
        costliest = a.costliest(a.seat)
        heading = "The costliest decisions" if costliest else (
            "No decision marked" if a.analysed else "No decision marked yet")
        blit_text(surface, heading, screen.px(17), t.accent, (x, self.rows_top - screen.px(30)), "bold", "topleft",
                  width)
        foot = self.left.bottom - pad - screen.px(38)
        blit_text(surface, a.progress_text(), screen.px(13), t.text_dim, (x, foot - screen.px(8)), "italic",
                  "bottomleft", width)
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
