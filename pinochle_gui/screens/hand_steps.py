"""A hand told step by step from its hand record alone, every hand face up: the screen under the hand review
(:mod:`pinochle_gui.screens.review`) and watching a line of try again (:mod:`pinochle_gui.screens.watch`).

:class:`HandStepsScreen` holds the steps of :func:`engine.review.review_steps` (the deal, each bid, the widow,
trump, the dix exchanges, the passes both ways, the bury, every meld, then each card of each trick with the
cards in hand shrinking, who won each trick and the running trick points per side) and draws the step shown:
its headline, the status line, the bar of the steps, the notes beside the table (the computer's reason for
the step's decision, and the analysis when there is one) and the table itself. It lays out the buttons the
screen names (:meth:`HandStepsScreen.nav_buttons`) under the table; Right and Left go one step on and back,
Home and End to the first and last, Page Up and Page Down to the previous and next hand of the records.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

import pygame

from engine.cards import SUIT_NAMES, Card
from engine.events import EventKind
from engine.history import HandHistory
from engine.record import HandRecord, RecordError, read_hand
from engine.review import Step, review_steps, seat_names, side_names
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import scaled, text_scale
from pinochle_gui.screens.dialogs import message
from pinochle_gui.screens.review_analysis import ReviewAnalysis
from pinochle_gui.screens.review_notes import draw_notes, draw_step_bar, step_at
from pinochle_gui.screens.screen import Screen
from pinochle_gui.seat_words import who, whose
from pinochle_gui.widgets import MenuButton, blit_text
from pinochle_gui.widgets.text import wrap
from pinochle_gui.words import variant_name

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

#: Where each seat sits on the screen, by the number of seats (seat 0 at the bottom, clockwise).
PLACES = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}
#: More cards than this in a hand at the left or right are laid in two rows.
SIDE_ROW = 10
#: The steps of the auction, listed together while it lasts.
AUCTION = (EventKind.BID, EventKind.PASS, EventKind.AUCTION_WON)
#: The way from the middle of the table towards each place.
TOWARDS = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}


class Nav(StrEnum):
    """The buttons of a hand's steps (the review's and watching a line's), by the words they show (the play
    toggle shows "Play" or "Pause", try again "Try again from here")."""

    FIRST = "First"
    PREVIOUS = "Previous"
    NEXT = "Next"
    LAST = "Last"
    CLOSE = "Close"
    PREVIOUS_HAND = "Previous hand"
    NEXT_HAND = "Next hand"
    PLAY_AGAIN = "Play again"
    PREVIOUS_MARK = "Previous mark"
    NEXT_MARK = "Next mark"
    SUMMARY = "Summary"
    TRY_AGAIN = "Try again"
    GRAPH = "Graph"
    PLAY_OR_PAUSE = "Play or pause"
    OTHER_LINE = "Other line"


class NavButton(NamedTuple):
    """A button under the table: which, what a click does, its tooltip, and its words ("": the name's)."""

    name: Nav
    action: Callable[[], object]
    tooltip: str
    text: str = ""


class HandStepsScreen(Screen):
    """``records[index]`` told step by step (the others a page away); a record that does not replay raises
    :class:`~engine.record.RecordError`."""

    first_focus = Nav.NEXT  # the button with the keyboard's focus when the screen is laid out
    in_a_file = True  # the records are the hands of a file (the status says which is shown), not lines of one

    def __init__(self, app: App, records: Sequence[HandRecord], index: int = 0) -> None:
        super().__init__(app)
        if not records:
            raise RecordError("the file holds no hand")
        self.records = list(records)
        self.index = 0
        self.steps: list[Step] = []
        self.at = 0
        self.nav: dict[Nav, MenuButton] = {}
        self.analysis: ReviewAnalysis | None = None  # what the notes and the bar show of the hand's analysis
        self.show_hand(index)  # raises RecordError for a record that does not replay
        self.art = CardArt(app.settings.deck_design, app.settings.card_back)

    # -- moving through the hand ----------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.at]

    def show_hand(self, index: int) -> None:
        index = max(0, min(len(self.records) - 1, index))
        self.steps = review_steps(self.records[index])
        self.hand: HandHistory = read_hand(self.records[index])  # the hand shown, typed
        self.index = index
        self.at = 0

    def go(self, at: int) -> None:
        self.at = max(0, min(len(self.steps) - 1, at))
        self.refresh_buttons()

    def change_hand(self, step: int) -> None:
        try:
            self.show_hand(self.index + step)
        except RecordError as err:
            message(self.app, "This hand cannot be reviewed", str(err))
        self.rebuild()

    def key(self, event: pygame.event.Event) -> bool:
        moves = {pygame.K_RIGHT: self.at + 1, pygame.K_LEFT: self.at - 1,
                 pygame.K_HOME: 0, pygame.K_END: len(self.steps) - 1}
        if event.key in moves:
            self.go(moves[event.key])
            return True
        hands = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
        if event.key in hands and len(self.records) > 1:
            self.change_hand(hands[event.key])
            return True
        return False

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.bar.inflate(0, self.px(16)).collidepoint(
                event.pos):
            self.go(step_at(self.bar, event.pos[0], len(self.steps)))
            return True
        return super().process_event(event)

    # -- layout ---------------------------------------------------------------------------------------
    def nav_buttons(self) -> list[NavButton]:
        """The buttons under the table; :meth:`refresh_buttons` finds them in :attr:`nav` by their names."""
        return [NavButton(Nav.FIRST, lambda: self.go(0), "The hands as dealt (Home)"),
                NavButton(Nav.PREVIOUS, lambda: self.go(self.at - 1), "One step back (Left)"),
                NavButton(Nav.NEXT, lambda: self.go(self.at + 1), "One step on (Right)"),
                NavButton(Nav.LAST, lambda: self.go(len(self.steps) - 1), "The hand's score (End)"),
                NavButton(Nav.CLOSE, self.back, "Back (Escape)")]

    def build(self) -> None:
        """The buttons under the table, the bar of the steps over them, the table and the notes beside it (under
        it in a standing window); :attr:`middle` is the room of the table and the notes together, and
        :attr:`notes_rows` (padding, the two rows' tops, a button's width and height) where buttons go in
        the notes."""
        w, h = self.size
        m = self.px(16)
        bh = self.px(46)
        y = h - bh - self.px(14)
        buttons = self.nav_buttons()
        bw = min(self.px(150), (w - m * (len(buttons) + 1)) // len(buttons))
        x = (w - len(buttons) * bw - (len(buttons) - 1) * m) // 2
        self.nav = {}
        for name, action, tip, text in buttons:
            self.nav[name] = self.button(pygame.Rect(x, y, bw, bh), text or name.value, action, tooltip=tip)
            x += bw + m
        self.bar = pygame.Rect(m + self.px(6), y - self.px(30), w - 2 * m - self.px(12), self.px(12))
        top = max(self.px(150), self.px(120) + 2 * scaled(self.px(16) * 1.3))  # under a status of two lines
        bottom = self.bar.y - self.px(16)
        self.middle = pygame.Rect(m, top, w - 2 * m, bottom - top)
        if w >= h * 1.15:  # the notes beside the table
            nw = max(self.px_text(300), round(w * 0.3 * min(1.25, text_scale() ** 0.5)))  # wider for larger text
            self.notes = pygame.Rect(w - m - nw, top, nw, bottom - top)
            self.table = pygame.Rect(m, top, w - 3 * m - nw, bottom - top)
        else:  # under it
            nh = round((bottom - top) * 0.36)
            self.notes = pygame.Rect(m, bottom - nh, w - 2 * m, nh)
            self.table = pygame.Rect(m, top, w - 2 * m, bottom - nh - m - top)
        pad, sh = self.px(12), self.px(38)
        row = self.notes.bottom - pad - sh
        sw = (self.notes.w - 4 * pad) // 3
        again_row = row - sh - self.px(8)
        self.notes_rows = (pad, row, again_row, sw, sh)
        self.progress_at = (self.notes.x + pad, again_row - self.px(28))
        self.notes_text = pygame.Rect(self.notes.x, self.notes.y, self.notes.w, self.progress_at[1] - self.notes.y)
        self.set_focus(self.nav[self.first_focus])
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Buttons enabled where they lead somewhere."""
        if not self.nav:
            return
        first, last = self.at == 0, self.at == len(self.steps) - 1
        for name, enabled in ((Nav.FIRST, not first), (Nav.PREVIOUS, not first), (Nav.NEXT, not last),
                              (Nav.LAST, not last), (Nav.PREVIOUS_HAND, self.index > 0),
                              (Nav.NEXT_HAND, self.index < len(self.records) - 1)):
            if name in self.nav:
                self.nav[name].enabled = enabled
        if self.focus is not None and not self.focus.enabled:
            self.set_focus(self.nav[Nav.CLOSE] if first and last else self.nav[Nav.PREVIOUS if last else Nav.NEXT])

    def content_state(self) -> object:
        return (self.index, self.at)

    # -- drawing --------------------------------------------------------------------------------------
    def card_width(self) -> int:
        return min(self.px(58), self.table.h // 6)

    def draw_head(self, surface: pygame.Surface) -> None:
        """The step's headline, the status line and the bar of the steps."""
        record, step, t = self.records[self.index], self.step, self.theme
        w = self.size[0]
        headline = self.px_fixed(24)  # the step's headline: as large at every text size, over the status line
        blit_text(surface, step.text, headline, t.text, (w // 2, self.px(82)), "bold", "midtop", w - self.px(40))
        self.wrapped(surface, self.status(record, step), self.px(16), t.text_dim, (w // 2, self.px(116)), "regular",
                     w - self.px(40))  # a long status (a file of many hands, the tricks) on two lines
        draw_step_bar(surface, self.bar, t, self.steps, self.at, self.analysis)

    def draw_content(self, surface: pygame.Surface) -> None:
        """The headline, the status and the bar, the notes and the table."""
        self.draw_head(surface)
        record, step, t = self.records[self.index], self.step, self.theme
        draw_notes(surface, self.notes_text, t, step, whose(record, step.seat) if step.seat is not None else "",
                   self.analysis, self.px(16))
        self.draw_table(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        """Every hand face up at its place, and the trick, the cards shown or the auction in the middle."""
        record, step = self.records[self.index], self.step
        names = seat_names(record)
        places = PLACES[len(step.hands)]
        for seat, place in enumerate(places):
            self.draw_seat(surface, place, names[seat], step.hands[seat], step.laid[seat],
                           seat == self.hand.dealer, step.contract is not None and seat == step.contract[0])
        if step.trick:
            self.draw_trick(surface, step, places)
        elif step.shown:
            self.draw_shown(surface, step)
        elif step.kind in AUCTION:
            self.draw_auction(surface)

    def status(self, record: HandRecord, step: Step) -> str:
        parts = [variant_name(self.hand.variant), f"hand {self.hand.hand_number}"]
        if len(self.records) > 1 and self.in_a_file:
            parts.append(f"{self.index + 1} of {len(self.records)} in the file")
        parts.append(f"step {self.at + 1} of {len(self.steps)}")
        if step.trump is not None:
            parts.append(f"trump {SUIT_NAMES[step.trump]}")
        if step.contract is not None:
            parts.append(f"bid {step.contract[1]} by {who(record, step.contract[0])}")
        if step.tricks_done:
            points = ", ".join(f"{side} {p}" for side, p in zip(side_names(record), step.points, strict=True))
            parts.append(f"tricks {step.tricks_done}: {points}")
        return "  ·  ".join(parts)

    def row_of_cards(self, surface: pygame.Surface, cards: Sequence[Card], center: tuple[int, int], room: int,
                     marked: Card | None = None) -> pygame.Rect:
        """``cards`` overlapped in a row no wider than ``room``, centred on ``center``; returns their rect."""
        cw = self.card_width()
        ch = round(cw * 1.4)
        if not cards:
            return pygame.Rect(center[0], center[1] - ch // 2, 0, ch)
        step = min(cw + self.px(4), (room - cw) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        width = cw + step * (len(cards) - 1)
        x, y = center[0] - width // 2, center[1] - ch // 2
        for i, c in enumerate(cards):
            surface.blit(self.art.face(c, cw, "marked" if c == marked else "normal"), (x + i * step, y))
        return pygame.Rect(x, y, width, ch)

    def place_center(self, place: str, inward: int = 0) -> tuple[int, int]:
        r = self.table
        ch = round(self.card_width() * 1.4)
        dx, dy = TOWARDS[place]
        x = r.centerx + dx * (r.w // 2 - round(r.w * 0.16)) - dx * inward
        y = r.centery + dy * (r.h // 2 - ch // 2 - self.px(18)) - dy * inward
        return x, y

    def draw_seat(self, surface: pygame.Surface, place: str, name: str, hand: Sequence[Card], laid: Sequence[Card],
                  dealer: bool, declarer: bool) -> None:
        t = self.theme
        room = round(self.table.w * (0.3 if place in ("left", "right") else 0.56))
        center = self.place_center(place)
        if place in ("left", "right") and len(hand) > SIDE_ROW:
            # a long hand at the side in two rows, the upper row's indexes showing above the lower
            half = (len(hand) + 1) // 2
            lift = round(self.card_width() * 1.4 * 0.3)
            rect = self.row_of_cards(surface, hand[:half], (center[0], center[1] - lift), room)
            rect = rect.union(self.row_of_cards(surface, hand[half:], (center[0], center[1] + lift), room))
        else:
            rect = self.row_of_cards(surface, hand, center, room)
        roles = [role for role, held in (("dealer", dealer), ("declarer", declarer)) if held]
        counts = [f"{len(hand)} card{'s' * (len(hand) != 1)}"] + ([f"{len(laid)} on the table"] if laid else [])
        label = " · ".join([name, *roles, *counts])
        lines = wrap(label, self.px(15), room, "bold")  # on two lines in large print, never cut
        step = scaled(self.px(15) * 1.25)
        for i, line in enumerate(lines):
            anchor, pos = ("midbottom", (rect.centerx, rect.y - self.px(2) - (len(lines) - 1 - i) * step)) \
                if place != "top" else ("midtop", (rect.centerx, rect.bottom + self.px(2) + i * step))
            blit_text(surface, line, self.px(15), t.accent if declarer else t.text, pos, "bold", anchor, room)
        if laid:
            inward = round(self.card_width() * 1.4) + self.px(24)
            self.row_of_cards(surface, laid, self.place_center(place, inward), room)

    def draw_trick(self, surface: pygame.Surface, step: Step, places: Sequence[str]) -> None:
        cw = self.card_width()
        ch = round(cw * 1.4)
        cx, cy = self.table.center
        won = step.kind == EventKind.TRICK
        for seat, c in step.trick:
            dx, dy = TOWARDS[places[seat]]
            if len(places) == 2:  # side by side: the meld laid on the table takes the room above and below
                dx, dy = dy, 0
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (cx + dx * round(cw * 1.1), cy + dy * round(ch * 0.6))
            surface.blit(self.art.face(c, cw), rect)
            if won and seat == step.seat:
                pygame.draw.rect(surface, self.theme.highlight, rect.inflate(6, 6), 3, border_radius=self.px(6))

    def draw_auction(self, surface: pygame.Surface) -> None:
        """The bids so far in the middle of the table, each with the computer's reason under it; the latest
        that fit."""
        t = self.theme
        size, small = self.px(15), self.px(13)
        width = round(self.table.w * (0.8 if len(self.step.hands) == 2 else 0.36))
        blocks: list[list[tuple[str, int, tuple[int, int, int], str]]] = []
        for s in self.steps[: self.at + 1]:
            if s.kind in AUCTION:
                block = [(line, size, t.text, "bold") for line in wrap(s.text, size, width, "bold")]
                block += [(line, small, t.text_dim, "italic") for line in wrap(s.reason, small, width, "italic")
                          if s.reason]
                blocks.append(block)
        room = self.table.h - 2 * (round(self.card_width() * 1.4) + self.px(44))
        shown: list[tuple[str, int, tuple[int, int, int], str]] = []
        for block in reversed(blocks):
            height = sum(round(line[1] * 1.3) for line in block + shown) + self.px(6) * (len(shown) > 0)
            if shown and height > room:
                break
            shown = block + [("", self.px(6), t.text, "regular")] * bool(shown) + shown
        y = self.table.centery - sum(round(line[1] * 1.3) for line in shown) // 2
        for text, line_size, color, face in shown:
            if text:
                blit_text(surface, text, line_size, color, (self.table.centerx, y), face, "midtop")
            y += scaled(line_size * 1.3)

    def draw_shown(self, surface: pygame.Surface, step: Step) -> None:
        rect = self.row_of_cards(surface, step.shown, self.table.center, round(self.table.w * 0.34))
        blit_text(surface, step.shown_label, self.px(16), self.theme.text_dim, (rect.centerx, rect.y - self.px(4)),
                  "italic", "midbottom")


__all__ = ["AUCTION", "PLACES", "SIDE_ROW", "TOWARDS", "HandStepsScreen"]
