"""A deal played again, beside the first time: both hands' bid and result, meld, trick points and score change.

The panel opens over the table of the deal played again once its hand is scored. "Review original" and
"Review replay" open either hand step by step; "Back" (or Escape) closes the panel and that table, back
to where the deal was chosen (the hand summary, the review or the hand history).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.record import HandRecord, read_hand
from pinochle_gui.fonts import sized_by_layout
from pinochle_gui.net_result import net
from pinochle_gui.screens.review import open_review
from pinochle_gui.screens.screen import Overlay
from pinochle_gui.seat_words import capital, player_seat, whose
from pinochle_gui.table.summary import draw_table, summary_lines
from pinochle_gui.widgets import blit_text

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

#: The columns of each hand's table: the side, its meld, its trick points and its score change.
COLUMNS = 4


def hand_table(record: HandRecord) -> tuple[str, list[list[str]]]:
    """The headline ("North bid 250 and made it") and the rows of a scored hand, from its record."""
    hand = read_hand(record)
    head, rows = summary_lines(hand.scored, hand.side_names(), hand.names())
    return head, [row[:COLUMNS] for row in rows]


def verdict(original: HandRecord, replay: HandRecord, seat: int) -> str:
    """How ``seat``'s side did the second time against the first, net (its score less the opponents')."""
    first, again = net(original, seat), net(replay, seat)
    said = f"{capital(whose(original, seat))} side's net (its score less the opponents'):"
    if again == first:
        return f"{said} {again:+d} both times"
    return f"{said} {first:+d}, then {again:+d}, {abs(again - first)} {'better' if again > first else 'worse'}"


class ReplayResultScene(Overlay):
    heading = "The deal played again"
    panel_size = (1000, 480)
    standing_height = 860  # standing: the two hands one above the other

    def __init__(self, app: App, original: HandRecord, replay: HandRecord) -> None:
        super().__init__(app)
        self.original = original
        self.replay = replay
        seat = player_seat(original)
        self.seat = 0 if seat is None else seat

    def content_state(self) -> object:
        return (id(self.original), id(self.replay))

    def build(self) -> None:
        panel = self.panel_rect()
        m = self.px(16)
        bh = self.px(48)
        y = panel.bottom - bh - self.px(18)
        buttons = [("Review original", lambda: self.review(0), pygame.K_o, "The first time, step by step"),
                   ("Review replay", lambda: self.review(1), pygame.K_r, "This time, step by step"),
                   ("Back", self.back, None, "Back to where the deal was chosen (Esc)")]
        bw = min(self.px(220), (panel.w - m * (len(buttons) + 1)) // len(buttons))
        x = panel.centerx - (len(buttons) * bw + (len(buttons) - 1) * m) // 2
        for text, action, hotkey, tip in buttons:
            back = self.button(pygame.Rect(x, y, bw, bh), text, action, hotkey, tip)
            x += bw + m
        self.set_focus(back)
        self.tables = pygame.Rect(panel.x + m, panel.y + self.px(100), panel.w - 2 * m, y - panel.y - self.px(150))

    def review(self, which: int) -> None:
        open_review(self.app, [self.original, self.replay], which)

    def back(self) -> None:
        """Close the panel and the table of the deal played again under it."""
        stack = self.stack
        super().back()
        if stack is not None and stack.scenes:
            stack.pop("fade")

    def draw_content(self, surface: pygame.Surface) -> None:
        panel, t = self.panel_rect(), self.theme
        gap = self.px(16)
        label_h = self.px(30)
        for i, (label, record) in enumerate((("First time", self.original), ("Played again", self.replay))):
            if self.standing:
                tall = (self.tables.h - gap - label_h) // 2
                box = pygame.Rect(self.tables.x, self.tables.y + i * (tall + gap + label_h), self.tables.w, tall)
            else:
                half = (self.tables.w - gap) // 2
                box = pygame.Rect(self.tables.x + i * (half + gap), self.tables.y, half, self.tables.h)
            blit_text(surface, label, self.px(20), t.accent, (box.centerx, box.y - self.px(6)), "bold", "midbottom",
                      box.w)
            head, rows = hand_table(record)
            with sized_by_layout():  # the two tables fill their halves at their own size, as at the table
                draw_table(surface, box, t, head, rows, "", None)
        blit_text(surface, verdict(self.original, self.replay, self.seat), self.px(18), t.text,
                  (panel.centerx, self.tables.bottom + self.px(12)), "regular", "midtop", panel.w - 2 * gap)
