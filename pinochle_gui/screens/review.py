"""The hand review: a finished hand told again from its hand record alone, every hand face up.

The steps come from :func:`engine.review.review_steps`: the deal, each bid, the widow, trump, the dix
exchanges, the passes both ways, the bury, every meld, then each card of each trick with the cards in
hand shrinking, who won each trick and the running trick points per side.

Right (or Next) one step on, Left (or Previous) one back, Home and End the first and last step,
Page Up and Page Down the previous and next hand of a record file with many; A plays the deal again
(``app.replay_deal``); Escape closes.
:func:`open_review` is the door for the hand summary, the hand history and the record files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from engine.cards import SUIT_NAMES, Card
from engine.record import RecordError
from engine.review import Step, review_steps, seat_names, side_names
from pinochle_gui.art import CardArt
from pinochle_gui.screens.dialogs import message
from pinochle_gui.screens.screen import Screen
from pinochle_gui.widgets import MenuButton, blit_text
from pinochle_gui.words import variant_name

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

#: Where each seat sits on the screen, by the number of seats (seat 0 at the bottom, clockwise).
PLACES = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}
#: More cards than this in a hand at the left or right are laid in two rows.
SIDE_ROW = 10
#: The steps of the auction, listed together while it lasts.
AUCTION = ("bid", "pass", "auction_won")
#: The way from the middle of the table towards each place.
TOWARDS = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}


def open_review(app: App, records: Sequence[dict[str, Any]], index: int = 0) -> bool:
    """Show the review of ``records[index]`` (the others a page away); a record that cannot be
    replayed gives a message instead. True when the review is shown."""
    try:
        scene = ReviewScene(app, records, index)
    except RecordError as err:
        message(app, "This hand cannot be reviewed", str(err))
        return False
    app.stack.push(scene, "fade")
    return True


class ReviewScene(Screen):
    heading = "Hand review"

    def __init__(self, app: App, records: Sequence[dict[str, Any]], index: int = 0) -> None:
        super().__init__(app)
        if not records:
            raise RecordError("the file holds no hand")
        self.records = list(records)
        self.index = 0
        self.steps: list[Step] = []
        self.at = 0
        self.nav: dict[str, MenuButton] = {}
        self.show_hand(index)  # raises RecordError for a record that does not replay
        self.art = CardArt(app.settings.deck_design, app.settings.card_back)

    # -- moving through the hand ----------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.steps[self.at]

    def show_hand(self, index: int) -> None:
        index = max(0, min(len(self.records) - 1, index))
        self.steps = review_steps(self.records[index])
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
        if event.key == pygame.K_a:
            self.app.replay_deal(self.records[self.index])
            return True
        hands = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
        if event.key in hands and len(self.records) > 1:
            self.change_hand(hands[event.key])
            return True
        return False

    # -- layout ---------------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(16)
        bh = self.px(46)
        y = h - bh - self.px(14)
        buttons: list[tuple[str, Callable[[], object], str]] = [
            ("First", lambda: self.go(0), "The hands as dealt (Home)"),
            ("Previous", lambda: self.go(self.at - 1), "One step back (Left)"),
            ("Next", lambda: self.go(self.at + 1), "One step on (Right)"),
            ("Last", lambda: self.go(len(self.steps) - 1), "The hand's score (End)")]
        if len(self.records) > 1:
            buttons += [("Previous hand", lambda: self.change_hand(-1), "The hand before (Page Up)"),
                        ("Next hand", lambda: self.change_hand(1), "The hand after (Page Down)")]
        buttons.append(("Play again", lambda: self.app.replay_deal(self.records[self.index]),
                        "Play this deal again: the same cards and seats (A)"))
        buttons.append(("Close", self.back, "Back (Escape)"))
        bw = min(self.px(150), (w - m * (len(buttons) + 1)) // len(buttons))
        x = (w - len(buttons) * bw - (len(buttons) - 1) * m) // 2
        self.nav = {}
        for text, action, tip in buttons:
            self.nav[text] = self.button(pygame.Rect(x, y, bw, bh), text, action, tooltip=tip)
            x += bw + m
        self.table = pygame.Rect(m, self.px(150), w - 2 * m, y - self.px(160))
        self.set_focus(self.nav["Next"])
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        if not self.nav:
            return
        first, last = self.at == 0, self.at == len(self.steps) - 1
        self.nav["First"].enabled = self.nav["Previous"].enabled = not first
        self.nav["Next"].enabled = self.nav["Last"].enabled = not last
        if "Next hand" in self.nav:
            self.nav["Previous hand"].enabled = self.index > 0
            self.nav["Next hand"].enabled = self.index < len(self.records) - 1
        if self.focus is not None and not self.focus.enabled:
            self.set_focus(self.nav["Close"] if first and last else self.nav["Previous" if last else "Next"])

    def content_state(self) -> object:
        return (self.index, self.at)

    # -- drawing --------------------------------------------------------------------------------------
    def card_width(self) -> int:
        return min(self.px(58), self.table.h // 6)

    def draw_content(self, surface: pygame.Surface) -> None:
        record, step, t = self.records[self.index], self.step, self.theme
        w = self.size[0]
        blit_text(surface, step.text, self.px(24), t.text, (w // 2, self.px(82)), "bold", "midtop", w - self.px(40))
        blit_text(surface, self.status(record, step), self.px(16), t.text_dim, (w // 2, self.px(116)), "regular",
                  "midtop", w - self.px(40))
        places = PLACES[len(step.hands)]
        names = seat_names(record)
        for seat, place in enumerate(places):
            self.draw_seat(surface, place, names[seat], step.hands[seat], step.laid[seat],
                           seat == record.get("dealer"), step.contract is not None and seat == step.contract[0])
        if step.trick:
            self.draw_trick(surface, step, places)
        elif step.shown:
            self.draw_shown(surface, step)
        elif step.kind in AUCTION:
            self.draw_auction(surface)

    def status(self, record: dict[str, Any], step: Step) -> str:
        parts = [variant_name(record["variant"]), f"hand {record['hand_number']}"]
        if len(self.records) > 1:
            parts.append(f"{self.index + 1} of {len(self.records)} in the file")
        parts.append(f"step {self.at + 1} of {len(self.steps)}")
        if step.trump is not None:
            parts.append(f"trump {SUIT_NAMES[step.trump]}")
        if step.contract is not None:
            parts.append(f"bid {step.contract[1]} by {seat_names(record)[step.contract[0]]}")
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
        anchor, pos = ("midbottom", (rect.centerx, rect.y - self.px(2))) if place != "top" else (
            "midtop", (rect.centerx, rect.bottom + self.px(2)))
        blit_text(surface, label, self.px(15), t.accent if declarer else t.text, pos, "bold", anchor, room)
        if laid:
            inward = round(self.card_width() * 1.4) + self.px(24)
            self.row_of_cards(surface, laid, self.place_center(place, inward), room)

    def draw_trick(self, surface: pygame.Surface, step: Step, places: Sequence[str]) -> None:
        cw = self.card_width()
        ch = round(cw * 1.4)
        cx, cy = self.table.center
        won = step.kind == "trick"
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
        """The bids so far, one a line, in the middle of the table."""
        said = [s.text for s in self.steps[: self.at + 1] if s.kind in AUCTION]
        size = self.px(16)
        lines = said[-max(1, self.table.h // round(size * 1.4) - 6):]
        y = self.table.centery - len(lines) * round(size * 1.4) // 2
        for line in lines:
            blit_text(surface, line, size, self.theme.text, (self.table.centerx, y), "regular", "midtop")
            y += round(size * 1.4)

    def draw_shown(self, surface: pygame.Surface, step: Step) -> None:
        rect = self.row_of_cards(surface, step.shown, self.table.center, round(self.table.w * 0.34))
        blit_text(surface, step.shown_label, self.px(16), self.theme.text_dim, (rect.centerx, rect.y - self.px(4)),
                  "italic", "midbottom")
