"""Meld laid out per player: the cards each seat shows, and each meld named and scored.

The items come from the engine's meld events (name, points, cards); this module only lays them out
in the seat's meld area of the table layout.
"""

from __future__ import annotations

from collections import Counter

import pygame

from engine.cards import Card, parse_cards
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import get_font
from pinochle_gui.layout import TableLayout, cards_in
from pinochle_gui.table.director import MeldShown
from pinochle_gui.theme import Theme, draw_panel
from pinochle_gui.widgets import fit_text


def meld_name(name: str) -> str:
    """``"royal_marriage"`` -> ``"Royal marriage"``."""
    return name.replace("_", " ").capitalize()


def shown_cards(items: list[tuple[str, int, str]]) -> list[Card]:
    """The cards a seat shows for its melds: each card as many times as one meld needs it."""
    need: Counter[Card] = Counter()
    for _name, _points, text in items:
        for c, k in Counter(parse_cards(text)).items():
            need[c] = max(need[c], k)
    return sorted(need.elements(), key=lambda c: (c // 6, -(c % 6)))


def draw_melds(surface: pygame.Surface, lay: TableLayout, art: CardArt, theme: Theme,
               melds: dict[int, MeldShown], names: list[str]) -> None:
    """Each seat's shown meld in its meld area: the cards, then one line per meld and the total."""
    for seat, shown in melds.items():
        if seat >= len(lay.seats):
            continue
        area = lay.seats[seat].meld
        line_h = max(12, min(22, lay.small_h // 5))
        lines = [f"{meld_name(n)} {p}" for n, p, _c in shown.items] or ["No meld"]
        caption = f"{names[seat]}: {shown.points}   " + " · ".join(lines)
        box = area.inflate(-lay.margin, -lay.margin // 2)
        card_room = pygame.Rect(box.x, box.y, box.w, max(lay.small_h // 2, box.h - line_h - 6))
        cards = shown_cards(shown.items)
        rects = cards_in(card_room, len(cards), lay.small_w, lay.small_h)
        if rects:
            panel = rects[0].unionall(rects).inflate(12, line_h + 18)
            panel.y = rects[0].unionall(rects).y - 6
        else:
            panel = pygame.Rect(0, 0, min(box.w, 260), line_h + 14)
            panel.center = box.center
        panel = panel.clamp(area)
        draw_panel(surface, panel, theme)
        for c, rect in zip(cards, rects, strict=False):
            surface.blit(art.face(c, lay.small_w), rect)
        text, size = fit_text(caption, line_h, max(60, panel.w - 8), "bold")
        image = get_font(size, "bold").render(text, True, theme.accent)
        surface.blit(image, image.get_rect(midbottom=(panel.centerx, panel.bottom - 3)))


def draw_laid_labels(surface: pygame.Surface, lay: TableLayout, theme: Theme,
                     laid: list[tuple[int, str, int]]) -> None:
    """Two-handed: the melds each seat has laid this hand, as a short line by its meld area."""
    for seat in {s for s, _n, _p in laid}:
        if seat >= len(lay.seats):
            continue
        mine = [(n, p) for s, n, p in laid if s == seat]
        total = sum(p for _n, p in mine)
        text = f"Laid {total}: " + ", ".join(f"{meld_name(n)} {p}" for n, p in mine[-4:])
        area = lay.seats[seat].meld
        size = max(11, min(18, lay.small_h // 6))
        text, size = fit_text(text, size, area.w, "regular")
        image = get_font(size, "regular").render(text, True, theme.text_dim)
        where = image.get_rect(midbottom=(area.centerx, area.bottom)) if seat == 0 else image.get_rect(
            midtop=(area.centerx, area.y))
        surface.blit(image, where)


__all__ = ["draw_laid_labels", "draw_melds", "meld_name", "shown_cards"]
