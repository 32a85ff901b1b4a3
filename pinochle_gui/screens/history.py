"""The hand history of the game in progress: each finished hand (from the engine's hand records), its
bidding, meld, tricks and score change; and an export of the records as JSON Lines (docs/records.md).

Up/Down (or a click) choose a hand; V reviews it step by step; A plays its deal again; E exports; Escape goes
back.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine.cards import SUIT_NAMES, cards_label
from engine.history import HandHistory
from engine.record import HandRecord, write_records
from engine.scoring import NO_MARRIAGE, NOT_ON_BOARD, PLAYED, THROWN_IN
from pinochle_gui.fonts import scaled, text_scale
from pinochle_gui.screens.dialogs import message
from pinochle_gui.screens.review import open_review
from pinochle_gui.screens.screen import Screen
from pinochle_gui.widgets import blit_text, wrap

if TYPE_CHECKING:
    from engine.game import Game
    from pinochle_gui.app_protocol import App

def side_names(hand: HandHistory) -> list[str]:
    players = hand.players or tuple(f"Seat {i}" for i in range(hand.seats))
    return [" & ".join(players[s] for s in team) for team in hand.teams]


#: How a hand ended without being played out, in words a player follows.
HOW_WORDS = {
    NOT_ON_BOARD: "before play, too little meld",
    NO_MARRIAGE: "no marriage in trumps",
}


def result_text(hand: HandHistory) -> str:
    """One line: who declared what and how it went (or the trump of a hand without bidding)."""
    players = hand.players
    trump = SUIT_NAMES[hand.trump] if hand.trump is not None else "no trump"
    declarer = hand.declarer
    if declarer is None or hand.bid is None:
        return f"Trump {trump}"
    who = players[declarer] if 0 <= declarer < len(players) else f"Seat {declarer}"
    count = hand.count
    if count is not None and count.how == THROWN_IN:
        outcome = "thrown in"
    elif count is not None and count.went_set:
        outcome = "set"
    else:
        outcome = "made"
    if count is not None and count.how not in (PLAYED, THROWN_IN):
        outcome += f" ({HOW_WORDS.get(count.how, count.how.replace('_', ' '))})"
    return f"{who} {hand.bid} in {trump}: {outcome}"


def delta_text(hand: HandHistory) -> str:
    return "  ".join(f"{d:+d}" for d in (hand.scored.score_delta if hand.scored is not None else ()))


def detail_lines(hand: HandHistory) -> list[tuple[str, str]]:
    """The hand told in lines of (style, text): style ``head``, ``text`` or ``dim``."""
    players = hand.players

    def name(seat: int) -> str:
        return players[seat] if 0 <= seat < len(players) else f"Seat {seat}"

    lines: list[tuple[str, str]] = []
    lines.append(("dim", f"Deal {hand.deal_number}, dealt by {name(hand.dealer)}"))
    if hand.calls:
        bids = ", ".join(f"{name(call.seat)} {call.bid}" for call in hand.calls)
        lines += [("head", "Bidding"), ("text", bids)]
    if hand.deal.turnup is not None:
        lines.append(("text", f"Turned up: {cards_label([hand.deal.turnup])}"))
    lines.append(("text", result_text(hand)))
    for seat, dix, taken in hand.dix_exchanges:
        lines.append(("dim", f"{name(seat)} exchanged the dix {cards_label([dix])} for {cards_label([taken])}"))
    for passed in hand.passes:
        lines.append(("dim", f"{name(passed.giver)} passed {cards_label(passed.cards)} to {name(passed.receiver)}"))
    if hand.buried:
        lines.append(("dim", f"Widow {cards_label(hand.deal.widow)}; buried {cards_label(hand.buried)}"))
    lines.append(("head", "Meld"))
    for shown in hand.melds:
        items = ", ".join(f"{m.name} {m.points}" for m in shown.melds) or "no meld"
        when = f" (after trick {shown.trick})" if shown.trick is not None else ""
        lines.append(("text", f"{name(shown.seat)}: {shown.points}{when} — {items}"))
    lines.append(("head", "Score"))
    sides = side_names(hand)
    count, scored = hand.count, hand.scored
    for i, side in enumerate(sides):
        parts = []
        if count is not None:
            parts.append(f"meld {count.meld[i]}" + ("" if count.meld_counted[i] else " (not counted)"))
            parts.append(f"tricks {count.trick_points[i]}")
        if scored is not None:
            parts.append(f"change {scored.score_delta[i]:+d}")
            parts.append(f"score {scored.scores_after[i]}")
        lines.append(("text", f"{side}: " + ", ".join(parts)))
    if scored is not None and scored.game_over and scored.winner is not None and 0 <= scored.winner < len(sides):
        lines.append(("head", f"{sides[scored.winner]} won the game"))
    return lines


def export_path(folder: Path, game_id: str, now: float | None = None) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    safe = "".join(ch for ch in game_id if ch.isalnum() or ch in "-_")[:40] or "game"
    return folder / f"pinochle-{safe}-{stamp}.jsonl"


class HistoryScene(Screen):
    heading = "Hand history"

    def content_state(self) -> object:
        return (self.selected, self.first, len(self.records))

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.records: list[HandRecord] = list(game.hand_records)  # to export, review and play again
        self.hands: list[HandHistory] = list(game.hands_played)  # the same hands, to tell
        self.selected = len(self.records) - 1
        self.first = 0  # the first hand shown in the list
        self.exported: Path | None = None  # the file of the last export

    def build(self) -> None:
        w, h = self.size
        m = self.px(24)
        top = self.px(92)
        bottom = h - self.px(84)
        if w >= h * 1.2:
            list_w = round((w - 3 * m) * min(0.5, 0.42 * text_scale() ** 0.5))  # wider for larger text
            self.list_rect = pygame.Rect(m, top, list_w, bottom - top)
            self.detail_rect = pygame.Rect(2 * m + list_w, top, w - 3 * m - list_w, bottom - top)
        else:
            half = round((bottom - top) * 0.4)
            self.list_rect = pygame.Rect(m, top, w - 2 * m, half)
            self.detail_rect = pygame.Rect(m, top + half + self.px(12), w - 2 * m, bottom - top - half - self.px(12))
        self.item_h = self.px_text(58)
        bw, bh = self.px_text(190), self.px(50)
        y = h - bh - self.px(20)
        back = self.button(pygame.Rect(w - m - bw, y, bw, bh), "Back", self.back)
        export = self.button(
            pygame.Rect(m, y, bw, bh),
            "Export records",
            self.export,
            pygame.K_e,
            "Save these hands as hand records (JSON Lines)",
        )
        export.enabled = bool(self.records)
        review = self.button(
            pygame.Rect(w // 2 - bw - self.px(6), y, bw, bh),
            "Review",
            lambda: open_review(self.app, self.records, self.selected),
            pygame.K_v,
            "The chosen hand again, step by step, every hand face up",
        )
        review.enabled = bool(self.records)
        again = self.button(
            pygame.Rect(w // 2 + self.px(6), y, bw, bh),
            "Play again",
            lambda: self.app.replay_deal(self.records[self.selected]),
            pygame.K_a,
            "Play the chosen hand's deal again: the same cards and seats, the computers at the same levels",
        )
        again.enabled = bool(self.records)
        self.set_focus(back)
        self.keep_in_view()

    @property
    def visible_count(self) -> int:
        return max(1, self.list_rect.h // self.item_h)

    def keep_in_view(self) -> None:
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.visible_count:
            self.first = self.selected - self.visible_count + 1
        self.first = max(0, min(self.first, max(0, len(self.records) - self.visible_count)))

    def select(self, index: int) -> None:
        if self.records:
            self.selected = max(0, min(len(self.records) - 1, index))
            self.keep_in_view()

    def item_rect(self, index: int) -> pygame.Rect:
        row = index - self.first
        return pygame.Rect(self.list_rect.x, self.list_rect.y + row * self.item_h, self.list_rect.w, self.item_h - 6)

    def export(self) -> None:
        folder = self.app.storage.paths.data_dir / "exports"
        path = export_path(folder, str(self.game.game_id))
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_records(path, self.records, append=False)
        except OSError as exc:
            message(self.app, "Export failed", f"The hand records could not be written: {exc.strerror or exc}")
            return
        count = len(self.records)
        message(self.app, "Hand records saved", f"{count} hand{'s' if count != 1 else ''} written to {path}")
        self.exported = path

    def key(self, event: pygame.event.Event) -> bool:
        moves = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -self.visible_count,
            pygame.K_PAGEDOWN: self.visible_count,
            pygame.K_HOME: -len(self.records),
            pygame.K_END: len(self.records),
        }
        if event.key in moves:
            self.select(self.selected + moves[event.key])
            return True
        return False

    def wheel(self, steps: int) -> bool:
        self.first = max(0, min(self.first - steps, max(0, len(self.records) - self.visible_count)))
        return True

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.list_rect.collidepoint(event.pos):
            for index in range(self.first, min(len(self.records), self.first + self.visible_count)):
                if self.item_rect(index).collidepoint(event.pos):
                    self.select(index)
                    return True
        return super().process_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        if not self.records:
            blit_text(
                surface,
                "No hand has been finished yet in this game.",
                self.px(20),
                t.text_dim,
                (self.size[0] // 2, self.size[1] // 2),
                "italic",
                "center",
                self.size[0] - 20,
            )
            return
        for index in range(self.first, min(len(self.records), self.first + self.visible_count)):
            hand = self.hands[index]
            r = self.item_rect(index)
            chosen = index == self.selected
            back = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(back, (*t.accent, 60) if chosen else t.panel, back.get_rect(), border_radius=self.px(8))
            if chosen:
                pygame.draw.rect(back, t.accent, back.get_rect(), 2, border_radius=self.px(8))
            surface.blit(back, r)
            pad = self.px(12)
            size = self.px(17)
            blit_text(
                surface,
                f"Hand {hand.hand_number}",
                size,
                t.accent,
                (r.x + pad, r.y + self.px(5)),
                "bold",
            )
            blit_text(surface, delta_text(hand), size, t.text, (r.right - pad, r.y + self.px(5)), "bold", "topright")
            blit_text(
                surface,
                result_text(hand),
                self.px(15),
                t.text_dim,
                (r.x + pad, r.bottom - self.px(5)),
                "regular",
                "bottomleft",
                r.w - 2 * pad,
            )
        if len(self.records) > self.visible_count:
            blit_text(
                surface,
                f"{self.first + 1}–{min(len(self.records), self.first + self.visible_count)} of {len(self.records)}",
                self.px(13),
                t.text_dim,
                (self.list_rect.right, self.list_rect.bottom),
                "regular",
                "topright",
            )
        self.draw_detail(surface, self.hands[self.selected])

    def draw_detail(self, surface: pygame.Surface, hand: HandHistory) -> None:
        t = self.theme
        area = self.detail_rect
        back = pygame.Surface(area.size, pygame.SRCALPHA)
        pygame.draw.rect(back, t.panel, back.get_rect(), border_radius=self.px(10))
        surface.blit(back, area)
        pad = self.px(16)
        y = area.y + pad
        blit_text(surface, f"Hand {hand.hand_number}", self.px(24), t.accent, (area.x + pad, y), "bold")
        y += self.px_text(36)
        styles = {
            "head": (self.px(18), t.accent, "bold"),
            "text": (self.px(16), t.text, "regular"),
            "dim": (self.px(15), t.text_dim, "italic"),
        }
        for style, text in detail_lines(hand):
            size, color, face = styles[style]
            if style == "head":
                y += self.px(6)
            for line in wrap(text, size, area.w - 2 * pad, face):
                if y + size > area.bottom - pad:
                    blit_text(surface, "…", size, t.text_dim, (area.x + pad, y - self.px(4)))
                    return
                blit_text(surface, line, size, color, (area.x + pad, y), face)
                y += scaled(size * 1.4)
