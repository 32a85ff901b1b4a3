"""A contact sheet of the art: every card of each deck design, the backs, avatars, markers, and a
mock-up of a themed table laid out by :mod:`pinochle_gui.layout`. Run it to look at the art::

    python -m pinochle_gui.art.sheet docs/screenshots/cards.png
"""

from __future__ import annotations

import os
import sys

import pygame

from engine.cards import CARDS, parse_cards, sort_hand
from pinochle_gui.art._draw import card_height
from pinochle_gui.art.avatars import AVATAR_COUNT, MARKERS, render_avatar, render_marker
from pinochle_gui.art.backs import BACKS
from pinochle_gui.art.cards import DESIGNS, CardArt
from pinochle_gui.fonts import get_font
from pinochle_gui.layout import table_layout
from pinochle_gui.theme import THEMES, Theme, draw_panel, felt_surface, get_theme
from pinochle_gui.widgets import Button, Label, Panel, SpeechBubble

HAND = "AS TS KS QS JS QS JD AH AD KD QD 9D TC KC QC JC 9C AC TD JH TH 9H KH QH"
TRICK = ("TH", "AH", "9H", "KH")


def table_mockup(
    width: int,
    height: int,
    theme: Theme,
    design: str = "classic",
    back: str = "blue",
    seats: int = 4,
    hand_size: int = 12,
) -> pygame.Surface:
    """A table in the middle of a hand, drawn with the real layout, art and widgets."""
    surface = pygame.Surface((width, height))
    surface.blit(felt_surface(theme.name, width, height), (0, 0))
    hand = sort_hand(parse_cards(HAND)[:hand_size], trump=None)
    lay = table_layout(width, height, seats, hand_size, buttons=2)
    art = CardArt(design, back, theme.highlight, theme.marked)
    for i, (card, rect) in enumerate(zip(hand, lay.hand, strict=True)):
        state = "selected" if i == 4 else "dimmed" if card.suit != 1 and i > 8 else "normal"
        r = rect.move(0, -lay.raise_px if state == "selected" else 0)
        surface.blit(art.shadow(lay.card_w), r.move(-lay.card_w // 14 + 2, -lay.card_w // 14 + 4))
        surface.blit(art.face(card, lay.card_w, state), r)
    names = ("You", "Ada", "Bert", "Cleo")
    for seat in lay.seats:
        surface.blit(render_avatar(seat.seat + 3, seat.avatar.w), seat.avatar)
        if seat.seat == 1:
            surface.blit(render_marker("turn", seat.avatar.w + 8, theme.accent), seat.avatar.inflate(8, 8))
        draw_panel(surface, seat.plate, theme)
        Label(
            seat.plate.inflate(-8, -4),
            names[seat.seat] + ("  bid 300" if seat.seat == 2 else ""),
            theme,
            align="center",
        ).draw(surface)
        if seat.seat:
            for r in seat.backs(hand_size - 1, lay.small_w, lay.small_h):
                surface.blit(art.back(lay.small_w), r)
    surface.blit(render_marker("dealer", lay.seats[-1].marker.w), lay.seats[-1].marker)
    surface.blit(render_marker("declarer", lay.seats[1].marker.w, theme.accent), lay.seats[1].marker)
    for seat, text in zip(lay.seats, TRICK, strict=False):
        if seat.seat:
            surface.blit(art.face(parse_cards(text)[0], lay.trick_w), seat.trick)
    talker = lay.seats[len(lay.seats) // 2]
    SpeechBubble(talker.bubble, "Bid 300", talker.side, theme).draw(surface)
    draw_panel(surface, lay.status, theme)
    Label(lay.status.inflate(-16, -4), "Ada to play - hearts led, spades are trump", theme, align="center").draw(
        surface
    )
    pad = Panel(lay.score_pad, theme)
    half = lay.score_pad.h // 2
    pad.add(Label(pygame.Rect(lay.score_pad.x + 10, lay.score_pad.y, lay.score_pad.w - 20, half), "Us  620", theme))
    pad.add(
        Label(
            pygame.Rect(lay.score_pad.x + 10, lay.score_pad.y + half, lay.score_pad.w - 20, half),
            "Them  480",
            theme,
            color=theme.text_dim,
        )
    )
    pad.draw(surface)
    Button(lay.menu_button, "Menu", theme=theme).draw(surface)
    for rect, text in zip(lay.buttons, ("Play", "Hint"), strict=True):
        Button(rect, text, theme=theme).draw(surface)
    return surface


def contact_sheet(card_w: int = 86) -> pygame.Surface:
    """Every card of three designs, the backs, the avatars, the markers and two table mock-ups."""
    card_h = card_height(card_w)
    gap = max(4, card_w // 12)
    designs = ("classic", "four_color", "large_index")
    mock_w, mock_h = 12 * (card_w + gap) - gap, round((12 * (card_w + gap) - gap) * 9 / 16)
    title = max(14, card_w // 5)
    width = 2 * gap + 12 * (card_w + gap) - gap + 2 * gap + card_w
    height = (
        2 * gap
        + 2 * len(designs) * (card_h + gap)
        + len(designs) * (title + gap)
        + card_w
        + 2 * gap
        + 2 * (mock_h + gap + title + gap)
    )
    sheet = pygame.Surface((width, height))
    sheet.blit(felt_surface("green", width, height), (0, 0))
    text = get_theme("green").text
    y = gap
    for design in designs:
        sheet.blit(get_font(title, "bold").render(DESIGNS[design].label, True, text), (gap, y))
        y += title + gap
        art = CardArt(design)
        for i, card in enumerate(CARDS):
            row, col = divmod(i, 12)
            sheet.blit(art.face(card, card_w), (gap + col * (card_w + gap), y + row * (card_h + gap)))
        y += 2 * (card_h + gap)
    for i, name in enumerate(BACKS):
        sheet.blit(
            CardArt("classic", name).back(card_w), (width - gap - card_w, gap + title + gap + i * (card_h + gap))
        )
    avatar = card_w - gap
    for i in range(min(AVATAR_COUNT, 12)):
        sheet.blit(render_avatar(i, avatar), (gap + i * (card_w + gap), y))
    for i, kind in enumerate(MARKERS):
        sheet.blit(
            render_marker(kind, avatar // 2),
            (width - gap - card_w + (i % 2) * (avatar // 2 + 2), y + (i // 2) * (avatar // 2 + 2)),
        )
    y += card_w + gap
    for name, design, back in (("green", "classic", "blue"), ("wood", "four_color", "pattern")):
        sheet.blit(
            get_font(title, "bold").render(f"{THEMES[name].label}, {DESIGNS[design].label.lower()} deck", True, text),
            (gap, y),
        )
        y += title + gap
        mock = table_mockup(1280, 720, THEMES[name], design, back)
        sheet.blit(pygame.transform.smoothscale(mock, (mock_w, mock_h)), (gap, y))
        y += mock_h + gap
    return sheet


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = args[0] if args else "cards.png"
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    pygame.image.save(contact_sheet(), out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
