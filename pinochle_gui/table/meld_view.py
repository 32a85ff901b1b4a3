"""Meld laid out per player: the cards each seat shows, and each meld named and scored.

The items come from the engine's meld events (name, points, cards); this module only lays them out
in the seat's meld area of the table layout.
"""

from __future__ import annotations

from collections import Counter

import pygame

from engine.cards import Card
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import get_font, scaled
from pinochle_gui.layout import TableLayout, cards_in
from pinochle_gui.table.director import LaidMeld, MeldShown
from pinochle_gui.table.hud import draw_cached_panel
from pinochle_gui.table.zones import TableCard
from pinochle_gui.theme import Theme
from pinochle_gui.widgets import blit_text, text_width


def meld_name(name: str) -> str:
    """``"royal_marriage"`` -> ``"Royal marriage"``."""
    return name.replace("_", " ").capitalize()


def in_suits(cards: list[Card]) -> list[Card]:
    """Cards as a meld lies on the table: suit by suit, the high cards first."""
    return sorted(cards, key=lambda c: (c // 6, -(c % 6)))


def _wrap(words: list[str], size: int, width: int) -> list[str]:
    font = get_font(size, "regular")
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} · {word}" if line else word
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def draw_melds(surface: pygame.Surface, lay: TableLayout, art: CardArt, theme: Theme,
               melds: dict[int, MeldShown], names: list[str]) -> list[pygame.Rect]:
    """Each seat's shown meld in its meld area: the cards, the seat's total, and each meld named and scored;
    returns the panels drawn (for the notes to keep clear of)."""
    panels: list[pygame.Rect] = []
    for seat, shown in melds.items():
        if seat >= len(lay.seats):
            continue
        area = lay.seats[seat].meld
        size = max(11, min(18, lay.small_h // 6))
        box = area.inflate(-lay.margin, -lay.margin // 2)
        items = [f"{meld_name(n)} {p}" for n, p, _c in shown.items] or ["no meld"]
        lines = _wrap(items, size, max(60, box.w - 16))
        while len(lines) > 3 and size > 11:  # many melds: a smaller size first, then as many lines as it takes
            size -= 1
            lines = _wrap(items, size, max(60, box.w - 16))
        line_h = scaled(size * 1.25)
        verb = "meld" if names[seat] == "You" else "melds"
        heading = f"{names[seat]} {verb} {shown.points}"
        widest = max([text_width(line, size) for line in lines] + [text_width(heading, size + 1, "bold")]) + 4
        text_h = line_h * (len(lines) + 1) + 6
        cards = in_suits(shown.cards)
        # The cards shrink a little when the names of many melds leave them less height than a small card,
        # never below three quarters of it (the panel then grows beyond the seat's meld area).
        card_w = max(round(lay.small_w * 0.75), min(lay.small_w, int((box.h - text_h) / 1.4)))
        card_h = round(card_w * 1.4)
        card_room = pygame.Rect(box.x, box.y, box.w, max(card_h, box.h - text_h))
        rects = cards_in(card_room, len(cards), card_w, card_h)
        table = pygame.Rect(0, lay.bar_bottom + lay.margin, lay.width,
                            lay.hand_area.y - lay.bar_bottom - 2 * lay.margin)
        # As wide as the seat's meld box, or wider where the heading needs it (a narrow side box in large print).
        room = min(table.w, max(box.w, text_width(heading, size + 1, "bold") + 16))
        if rects:
            spread_box = rects[0].unionall(rects)
            width = max(spread_box.w, widest) + 16
            panel = pygame.Rect(0, spread_box.y - 6, min(room, width), spread_box.h + text_h + 10)
            panel.centerx = spread_box.centerx
        else:
            width = widest + 24
            panel = pygame.Rect(0, 0, min(room, width), text_h + 8)
            panel.center = box.center
        if not area.contains(panel):
            shift = panel.clamp(table).move(0, 0)
            dx, dy = shift.x - panel.x, shift.y - panel.y
            panel = shift
            rects = [r.move(dx, dy) for r in rects]
        draw_cached_panel(surface, panel, theme, f"the meld of {names[seat]}")
        panels.append(panel)
        for c, rect in zip(cards, rects, strict=False):
            surface.blit(art.face(c, card_w), rect)
        y = panel.bottom - text_h - 2
        blit_text(surface, heading, size + 1, theme.accent, (panel.centerx, y), "bold", "midtop", panel.w - 10)
        y += line_h + 2
        for line in lines:
            blit_text(surface, line, size, theme.text, (panel.centerx, y), "regular", "midtop", panel.w - 10)
            y += line_h
    return panels


def laid_labels(laid: list[LaidMeld], tables: list[list[TableCard]]) -> dict[int, str]:
    """Two-handed: the line by each seat's laid cards, only while some lie on its table: the seat's meld
    this hand and every meld it counts (a dix exchanged or scored, a meld whose cards were played since),
    the same meld laid again named once with how many times ("Marriage 20 ×2")."""
    labels: dict[int, str] = {}
    for seat, table in enumerate(tables):
        mine = [m for m in laid if m.seat == seat]
        if any(s in table for m in mine for s in m.sprites):
            labels[seat] = f"Meld {sum(m.points for m in mine)}: " + ", ".join(laid_items(mine))
    return labels


def laid_items(melds: list[LaidMeld]) -> list[str]:
    """Each meld of ``melds`` named and scored in the order first laid, a repeated one with its count."""
    counts = Counter((m.name, m.points) for m in melds)
    return [f"{meld_name(name)} {points}" + (f" ×{n}" if n > 1 else "") for (name, points), n in counts.items()]


def draw_laid_labels(surface: pygame.Surface, lay: TableLayout, theme: Theme, labels: dict[int, str]) -> None:
    """Two-handed: each seat's line (:func:`laid_labels`) by its meld area, where its laid cards lie."""
    for seat, text in labels.items():
        if seat >= len(lay.seats):
            continue
        area = lay.seats[seat].meld
        size = max(11, min(18, lay.small_h // 6))
        if seat == 0:
            blit_text(surface, text, size, theme.text_dim, (area.centerx, area.bottom), "regular", "midbottom", area.w)
        else:
            blit_text(surface, text, size, theme.text_dim, (area.centerx, area.y), "regular", "midtop", area.w)


__all__ = ["draw_laid_labels", "draw_melds", "in_suits", "laid_items", "laid_labels", "meld_name"]
