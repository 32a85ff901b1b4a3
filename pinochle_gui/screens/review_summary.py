"""The hand's summary in the review: the headline, net (the side's score less the opponents'), as played and
with the hard computer in the seat on the same cards, and what the seat's marked decisions cost; each seat's
accuracy (the share of its decisions graded best or good) and the points its decisions lost; the hand's three
key moments, any seat's costliest decisions, each told in its seat's words with what was better (a click goes
there); and "the cards": the hand as it went beside the same deal played with the hard computer in the seat,
which opens in the review step by step.

Every figure is worked out once from the analysis when the summary is laid out (:meth:`SummaryView.build`, again
as the analysis fills in), by :mod:`engine.ai.analysis.accuracy`, and drawn as worked out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from engine.ai.analysis.hand import DecisionReview
from engine.record import HandRecord, read_hand, record_rules
from pinochle_gui.fonts import SMALLEST_PRINT, sized_by_layout, text_scale
from pinochle_gui.net_result import difference_words, net, net_words
from pinochle_gui.screens.review_analysis import ReviewAnalysis
from pinochle_gui.seat_words import capital, player_seat, who, whose
from pinochle_gui.table.summary import draw_table, summary_lines
from pinochle_gui.theme import Theme, draw_panel
from pinochle_gui.widgets import MenuButton, NoteButton, blit_text, note_height, same_text_size
from pinochle_gui.widgets.core import Focusable
from pinochle_gui.widgets.text import wrap


class Host(Protocol):
    """What the summary needs of the review screen it is shown on."""

    @property
    def theme(self) -> Theme: ...

    def px(self, value: float) -> int: ...

    def px_fixed(self, value: float) -> int: ...

    def px_text(self, value: float) -> int: ...

    def button(self, rect: pygame.Rect, text: str, on_click: Callable[[], object], hotkey: int | None = None,
               tooltip: str = "") -> MenuButton: ...

    def note_button(self, rect: pygame.Rect, text: str, size: int, on_click: Callable[[], object],
                    tooltip: str = "") -> NoteButton: ...

    def set_focus(self, widget: Focusable | None) -> None: ...

    def go_action(self, action_index: int) -> None: ...

    def open_hard(self) -> None: ...

    def practise(self) -> None: ...

    def toggle_summary(self) -> None: ...

#: The columns of a hand's table: the side, its meld, its trick points and its score change.
COLUMNS = 4


def seat_roles(record: HandRecord, seat: int) -> list[tuple[int, str]]:
    """Every seat with who it is to ``seat``: the seat itself first, then its partner, then the others."""
    rules = record_rules(record)
    team = rules.teams[rules.team_of(seat)]
    roles = [(seat, capital(who(record, seat)))]
    roles += [(s, f"{capital(who(record, s))}, partner") for s in team if s != seat]
    roles += [(s, f"{capital(who(record, s))}, opponent") for s in range(rules.players) if s not in team]
    return roles


def accuracy_lines(analysis: ReviewAnalysis) -> list[tuple[str, str, str, str]]:
    """(who, accuracy, points lost to their decisions, the game's accuracy) for every seat, the analysed seat first:
    "83% (10 of 12)" of its decisions best or good in the hand; in the game, over its hands analysed, "86% (3 hands)"
    (:meth:`ReviewAnalysis.game_accuracy`)."""
    lines = []
    for seat, role in seat_roles(analysis.record, analysis.seat):
        found = analysis.accuracy(seat)
        share = f"{found.percent} ({found.sound} of {found.decisions})" if found.decisions else "–"
        game, hands = analysis.game_accuracy(seat)
        overall = f"{game.percent} ({hands} hand{'s' if hands != 1 else ''})" if game.decisions else "–"
        lines.append((role, share, analysis.points(found.lost, signed=False), overall))
    return lines


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
    hand = read_hand(record)
    head, rows = summary_lines(hand.scored, hand.side_names(), hand.names())
    if hand.bid is None and hand.scored is not None:
        head = ", ".join(f"{capital(who(record, team[0])) if len(team) == 1 else side} {delta:+d}"
                         for team, side, delta in zip(hand.teams, hand.side_names(), hand.scored.score_delta,
                                                      strict=False))
    return head, [row[:COLUMNS] for row in rows]


#: The text sizes a table of "the cards" holds in its height (pinochle_gui.table.summary.draw_table's print).
TABLE_ROWS = 9


def least_print() -> int:
    """The smallest print in pixels at the player's text size (a table of "the cards" is sized by its box)."""
    return math.floor(SMALLEST_PRINT * text_scale() + 1e-9)


#: What the summary says of "the cards" where they do not fit beside the key moments.
CARDS_ELSEWHERE = "The cards as played and with the hard computer in the seat: a larger window shows them " \
                  "here, and “The hard computer's play” step by step."

#: The heads of the accuracy's columns: the hand's decisions best or good, the points they lost, the game's.
ACCURACY_HEADS = ("Best or good", "Lost", "The game")
#: The key moments' heading.
MOMENTS = "Key moments: the costliest decisions"


class SummaryView:
    """The summary laid over the table's place in the review: the hand's figures on the left (on top in a
    standing window), its key moments and "the cards" beside them."""

    def __init__(self, analysis: ReviewAnalysis) -> None:
        self.analysis = analysis
        analysis.start_hard()
        self.area = pygame.Rect(0, 0, 0, 0)
        self.left = self.right = self.cards = self.moments_at = self.area
        self.headline: list[str] = []  # the net lines, wrapped to the panel
        self.accuracy: list[tuple[str, str, str, str]] = []  # each seat's accuracy, points lost, game, as shown
        self.moments: list[tuple[DecisionReview, str]] = []  # the key moments shown, each in words
        self.moments_heading = MOMENTS
        self.lost_top = 0
        self.buttons_top = 0  # where the summary's buttons begin, under its figures and the analysis' progress

    def build(self, screen: Host, area: pygame.Rect) -> None:
        """Lay the summary out in ``area`` and add its buttons to ``screen``: the key moments, the hard computer's
        play, Back. Its figures are worked out here, once, from the analysis."""
        self.area = area
        gap = screen.px(16)
        pad = screen.px(14)
        line = screen.px_text(16 * 1.35)
        bh = screen.px(38)
        standing = area.w < area.h
        width = (area.w if standing else (area.w - gap) // 2) - 2 * pad
        self.headline = [text for said in net_lines(self.analysis) for text in wrap(said, screen.px(16), width)]
        self.accuracy = accuracy_lines(self.analysis)
        figures = screen.px_text(19 * 1.5) + line * len(self.headline) + screen.px(10)  # the headline, to the table
        table = screen.px_text(17 * 1.45) + screen.px_text(14 * 1.4) + line * len(self.accuracy)
        # the player's own hand: practise your mistakes (standing, over the other two buttons; lying, under the
        # key moments and the cards, which give it room)
        practise = (bh + screen.px(8)) * (player_seat(self.analysis.record) == self.analysis.seat)
        if standing:  # the figures on top, as tall as they need (the key moments and the cards under them)
            half = min((area.h - gap) * 11 // 20, 2 * pad + figures + table + screen.px_text(13 * 1.6) + bh
                       + screen.px(24) + practise)
            self.left = pygame.Rect(area.x, area.y, area.w, half)
            self.right = pygame.Rect(area.x, area.y + half + gap, area.w, area.h - half - gap)
        else:
            half = (area.w - gap) // 2
            self.left = pygame.Rect(area.x, area.y, half, area.h)
            self.right = pygame.Rect(area.x + half + gap, area.y, area.w - half - gap, area.h - practise)
        self.lost_top = self.left.y + pad + figures
        foot = self.left.bottom - pad - bh
        self.buttons_top = foot - practise if standing else foot
        if practise:
            at = pygame.Rect(self.left.x + pad, self.buttons_top, width, bh) if standing else \
                pygame.Rect(self.right.x, self.right.bottom + screen.px(8), self.right.w, bh)
            screen.button(at, "Practise your mistakes", screen.practise,
                          tooltip="Choose again at your costly decisions: this hand's first, then every hand played "
                                  "(P)")
        half = (width - pad) // 2
        hard = screen.button(pygame.Rect(self.left.x + pad, foot, half, bh), "The hard computer's play",
                             screen.open_hard, tooltip="The same deal with the hard computer in the seat, step by step")
        hard.enabled = self.analysis.hard_record is not None
        close = pygame.Rect(self.left.right - pad - half, foot, half, bh)
        back = screen.button(close, "Back to the hand", screen.toggle_summary, tooltip="The table again (S)")
        same_text_size([hard, back])
        screen.set_focus(back)
        foot = self.buttons_top
        # the key moments under the figures where they all fit there, else over "the cards" (which give way to them
        # where the window is short, see draw_cards)
        size = screen.px(15)
        heading = screen.px_text(17 * 1.6)
        found = self.analysis.key_moments()
        under = self.lost_top + table + screen.px(12)
        room = foot - screen.px_text(13 * 1.6) - under - heading
        inside = self.left.inflate(-2 * pad, 0)
        if not standing and found and sum(note_height(w, size, inside.w) + screen.px(6) for _r, w in found) <= room:
            self.moments_at = pygame.Rect(inside.x, under, inside.w, room + heading)
            self.cards = self.right
        else:
            self.moments_at = pygame.Rect(self.right.x, self.right.y, self.right.w,
                                          self.right.h - 2 * screen.px_text(15 * 1.4) - screen.px(8))
        y = self.moments_at.y + heading
        self.moments = []
        for review, words in found:
            tall = note_height(words, size, self.moments_at.w)
            if y + tall > self.moments_at.bottom:
                break
            screen.note_button(pygame.Rect(self.moments_at.x, y, self.moments_at.w, tall), words, size,
                               partial(screen.go_action, review.action_index),
                               tooltip="Go to this decision in the hand")
            self.moments.append((review, words))
            y += tall + screen.px(6)
        self.moments_heading = MOMENTS if len(self.moments) == len(found) else \
            f"Key moments: {len(self.moments)} of {len(found)} fit here"
        if self.moments_at.x == self.right.x:
            self.cards = pygame.Rect(self.right.x, y + screen.px(8), self.right.w, self.right.bottom - y - screen.px(8))

    def draw(self, surface: pygame.Surface, screen: Host) -> None:
        t, a = screen.theme, self.analysis
        pad = screen.px(14)
        size = screen.px(16)
        line = screen.px_text(16 * 1.35)
        width = self.left.w - 2 * pad
        draw_panel(surface, self.left, t)
        x, y = self.left.x + pad, self.left.y + pad
        blit_text(surface, "The hand, net: a side's score less the opponents'", screen.px(19), t.accent, (x, y),
                  "bold", "topleft", width)
        y += screen.px_text(19 * 1.5)
        for text in self.headline:
            blit_text(surface, text, size, t.text, (x, y))
            y += line
        y = self.lost_top
        blit_text(surface, "Accuracy and points lost to decisions", screen.px(17), t.accent, (x, y), "bold",
                  "topleft", width)
        y += screen.px_text(17 * 1.45)
        columns = (x, x + round(width * 0.34), x + round(width * 0.70), self.left.right - pad)
        for head, column, anchor in zip(ACCURACY_HEADS, columns[1:], ("topleft", "topright", "topright"),
                                        strict=True):
            blit_text(surface, head, screen.px(14), t.text_dim, (column, y), "italic", anchor)
        y += screen.px_text(14 * 1.4)
        for seat_role, share, lost, game in self.accuracy:
            blit_text(surface, seat_role, size, t.text, (x, y), "regular", "topleft", columns[1] - x - pad // 2)
            blit_text(surface, share, size, t.text, (columns[1], y), "bold", "topleft",
                      columns[2] - columns[1] - screen.px_text(40))
            blit_text(surface, lost, size, t.text, (columns[2], y), "bold", "topright")
            blit_text(surface, game, size, t.text, (columns[3], y), "regular", "topright",
                      columns[3] - columns[2] - screen.px_text(10))
            y += line
        foot = self.buttons_top
        blit_text(surface, a.progress_text(), screen.px(13), t.text_dim, (x, foot - screen.px(8)), "italic",
                  "bottomleft", width)
        heading = self.moments_heading if self.moments else (
            "No decision marked" if a.analysed else "No decision marked yet")
        blit_text(surface, heading, screen.px(17), t.accent, self.moments_at.topleft, "bold", "topleft",
                  self.moments_at.w)
        self.draw_cards(surface, screen)

    def draw_cards(self, surface: pygame.Surface, screen: Host) -> None:
        """"The cards": what happened, and the same deal with the hard computer in the seat; where the key moments
        leave no room for their two tables in readable print, a note saying where to see them."""
        t, a, box = screen.theme, self.analysis, self.cards
        gap = screen.px(10)
        title_h = screen.px_text(17 * 1.6)
        if box.h < title_h + gap + 2 * TABLE_ROWS * least_print():
            y = box.y
            for text in wrap(CARDS_ELSEWHERE, screen.px(15), box.w, "italic"):
                blit_text(surface, text, screen.px(15), t.text_dim, (box.x, y), "italic")
                y += screen.px_text(15 * 1.4)
            return
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


__all__ = ["ACCURACY_HEADS", "MOMENTS", "SummaryView", "accuracy_lines", "seat_roles"]
