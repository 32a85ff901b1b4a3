"""Card faces drawn by our own code, at any size, in several deck designs, cached per size.

A face is drawn on a canvas several times larger than asked (see :func:`supersample_for`) and
smooth-scaled down, so pips and letters are crisp and anti-aliased at any size. :class:`CardArt`
keeps the finished surfaces per (design, card, width, state) and drops them all when the size
changes, so a frame only blits.

>>> art = CardArt("classic")                      # doctest: +SKIP
>>> art.face(parse_card("AS"), 100)              # a 100 x 140 surface      # doctest: +SKIP
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pygame

from engine.cards import ACE, CARDS, JACK, KING, NINE, QUEEN, TEN, Card
from pinochle_gui.art._draw import (
    CARD_RATIO,
    Color,
    canvas,
    card_height,
    mix,
    rounded_rect,
    shrink,
    star,
    supersample_for,
    text_block,
)
from pinochle_gui.art.backs import BACKS, render_back
from pinochle_gui.art.suits import draw_suit

__all__ = ["CARD_RATIO", "DESIGNS", "STATES", "CardArt", "DeckDesign", "card_height", "render_face"]

PAPER: Color = (252, 250, 244)
EDGE: Color = (128, 128, 124)
GOLD: Color = (214, 168, 52)
GOLD_DARK: Color = (120, 84, 20)
SLATE: Color = (52, 82, 140)

RANK_LABELS = {NINE: "9", JACK: "J", QUEEN: "Q", KING: "K", TEN: "10", ACE: "A"}

STATES = ("normal", "selected", "dimmed", "marked", "hover")


@dataclass(frozen=True)
class DeckDesign:
    """How a deck looks: ink per suit and the size of the corner index."""

    name: str
    label: str
    suit_colors: tuple[Color, Color, Color, Color]  # spades, hearts, diamonds, clubs
    large_index: bool = False


_BLACK: Color = (22, 22, 28)
_RED: Color = (200, 24, 36)
_BLUE: Color = (24, 78, 196)
_GREEN: Color = (22, 128, 52)

DESIGNS: dict[str, DeckDesign] = {
    d.name: d
    for d in (
        DeckDesign("classic", "Classic", (_BLACK, _RED, _RED, _BLACK)),
        DeckDesign("four_color", "Four colours", (_BLACK, _RED, _BLUE, _GREEN)),
        DeckDesign("large_index", "Large index", (_BLACK, _RED, _RED, _BLACK), large_index=True),
        DeckDesign("large_four_color", "Large index, four colours", (_BLACK, _RED, _BLUE, _GREEN), large_index=True),
    )
}

# Pip centres as fractions of the pip area (column, row); pips below the middle are drawn upside down.
_PIPS = {
    NINE: [(0, 0), (0, 1 / 3), (0, 2 / 3), (0, 1), (1, 0), (1, 1 / 3), (1, 2 / 3), (1, 1), (0.5, 0.5)],
    TEN: [(0, 0), (0, 1 / 3), (0, 2 / 3), (0, 1), (1, 0), (1, 1 / 3), (1, 2 / 3), (1, 1), (0.5, 1 / 6), (0.5, 5 / 6)],
}


def render_face(card: int, width: int, design: str | DeckDesign = "classic") -> pygame.Surface:
    """The face of ``card`` ``width`` pixels wide (height ``width * 1.4``), anti-aliased, corners clear."""
    d = DESIGNS[design] if isinstance(design, str) else design
    c = CARDS[card]
    ss = supersample_for(width)
    w, h = width * ss, card_height(width) * ss
    big = canvas(w, h, PAPER)
    radius = round(w * 0.07)
    rounded_rect(big, (*PAPER, 255), big.get_rect(), radius)
    rounded_rect(big, (*EDGE, 255), big.get_rect(), radius, width=max(1, round(w * 0.008)))
    ink = d.suit_colors[c.suit]
    if d.large_index:
        _large_index_face(big, c, ink)
    else:
        _corner_index(big, c, ink, grow=min(1.7, max(1.0, 72 / width)))
        if c.rank in (KING, QUEEN, JACK):
            _court(big, c, ink, pygame.Rect(round(w * 0.18), round(h * 0.085), round(w * 0.64), round(h * 0.83)))
        elif c.rank == ACE:
            _ace(big, c, ink)
        else:
            _pips(big, c, ink)
    return shrink(big, (width, card_height(width)))


def _corner_index(big: pygame.Surface, c: Card, ink: Color, grow: float = 1.0) -> None:
    """Rank over suit in the top-left corner and, turned, in the bottom-right. Small cards (``grow`` > 1)
    get a taller index, condensed to stay in its column, so it stays readable."""
    w, h = big.get_size()
    label = text_block(RANK_LABELS[c.rank], w * 0.125 * grow, ink, condense=0.78 if c.rank == TEN else 1.0)
    if label.get_width() > w * 0.165:
        label = pygame.transform.smoothscale(label, (round(w * 0.165), label.get_height()))
    pip = round(min(w * 0.105 * grow, w * 0.15))
    cx = round(w * 0.098)
    top = round(w * 0.06)
    half = big.subsurface(pygame.Rect(0, 0, w, h // 2)).copy()
    half.fill((0, 0, 0, 0))
    half.blit(label, (cx - label.get_width() // 2, top))
    draw_suit(half, c.suit, (cx - pip / 2, top + label.get_height() + w * 0.03, pip, pip), ink)
    big.blit(half, (0, 0))
    big.blit(pygame.transform.rotate(half, 180), (w - half.get_width(), h - half.get_height()))


def _pips(big: pygame.Surface, c: Card, ink: Color) -> None:
    w, h = big.get_size()
    area = pygame.Rect(round(w * 0.31), round(h * 0.17), round(w * 0.38), round(h * 0.66))
    size = w * 0.2
    for col, row in _PIPS[c.rank]:
        x = area.x + col * area.w - size / 2
        y = area.y + row * area.h - size / 2
        draw_suit(big, c.suit, (x, y, size, size), ink, upside_down=row > 0.5)


def _ace(big: pygame.Surface, c: Card, ink: Color) -> None:
    w, h = big.get_size()
    cx, cy = w / 2, h / 2
    ring = pygame.Rect(0, 0, round(w * 0.62), round(w * 0.62))
    ring.center = (round(cx), round(cy))
    pygame.draw.ellipse(big, mix(ink, PAPER, 0.86), ring)
    pygame.draw.ellipse(big, mix(ink, PAPER, 0.35), ring, max(1, round(w * 0.008)))
    inner = ring.inflate(-round(w * 0.04), -round(w * 0.04))
    pygame.draw.ellipse(big, mix(ink, PAPER, 0.55), inner, max(1, round(w * 0.004)))
    size = w * 0.4
    draw_suit(big, c.suit, (cx - size / 2, cy - size / 2, size, size), ink)


def _court(big: pygame.Surface, c: Card, ink: Color, frame: pygame.Rect) -> None:
    """A double-headed court: framed panel, crown and monogram in the top half, mirrored below."""
    w = big.get_width()
    line = max(1, round(w * 0.008))
    # Black suits get a slate-blue robe, so their courts are not grey.
    tint = ink if sum(ink) > 160 else SLATE
    pygame.draw.rect(big, mix(tint, PAPER, 0.9), frame)
    half = canvas(frame.w, frame.h // 2, PAPER)
    hw, hh = half.get_size()
    # A soft band of the suit's colour behind the crown, and a gold ribbon at the waist.
    pygame.draw.rect(half, (*mix(tint, PAPER, 0.78), 255), pygame.Rect(0, 0, hw, round(hh * 0.5)))
    for i in range(6):
        x = round(hw * (i + 0.5) / 6)
        pygame.draw.line(half, (*mix(tint, PAPER, 0.66), 255), (x, 0), (x, round(hh * 0.5)), max(1, line // 2))
    _crown(half, c.rank, pygame.Rect(round(hw * 0.2), round(hh * 0.08), round(hw * 0.6), round(hh * 0.36)), ink)
    letter = text_block(RANK_LABELS[c.rank], hh * 0.4, ink)
    half.blit(letter, (round(hw * 0.36) - letter.get_width() // 2, round(hh * 0.54)))
    pip = hw * 0.26
    draw_suit(half, c.suit, (hw * 0.68 - pip / 2, hh * 0.54 + hh * 0.2 - pip / 2, pip, pip), ink)
    big.blit(half, frame.topleft)
    big.blit(pygame.transform.rotate(half, 180), (frame.x, frame.bottom - hh))
    mid = frame.y + frame.h // 2
    pygame.draw.line(big, GOLD, (frame.x, mid), (frame.right - 1, mid), line * 2)
    pygame.draw.rect(big, ink, frame, line * 2)
    pygame.draw.rect(big, GOLD, frame.inflate(-line * 6, -line * 6), line)


def _crown(surface: pygame.Surface, rank: int, box: pygame.Rect, ink: Color) -> None:
    """The headgear of a court: a five-point crown (king), a tiara (queen) or a plumed cap (jack)."""
    x, y, w, h = box
    outline = max(1, round(w * 0.025))
    band = pygame.Rect(x, y + round(h * 0.72), w, round(h * 0.28))
    if rank == KING:
        pts: list[tuple[float, float]] = [(x, band.y), (x, y + h * 0.25)]
        for i in range(5):
            px = x + w * i / 4
            pts += (
                [(px, y + h * 0.05)]
                if i in (0, 4)
                else [(px - w * 0.06, y + h * 0.5), (px, y), (px + w * 0.06, y + h * 0.5)]
            )
        pts += [(x + w, y + h * 0.25), (x + w, band.y)]
        pygame.draw.polygon(surface, GOLD, pts)
        pygame.draw.polygon(surface, GOLD_DARK, pts, outline)
        for i in range(1, 4):
            pygame.draw.circle(surface, ink, (x + w * i / 4, y), w * 0.05)
    elif rank == QUEEN:
        arch: list[tuple[float, float]] = [(x, band.y)]
        for i in range(3):
            ax = x + w * (i + 0.5) / 3
            arch += [
                (ax - w / 6, band.y - h * 0.05),
                (ax - w * 0.1, y + h * 0.3),
                (ax, y + h * 0.12),
                (ax + w * 0.1, y + h * 0.3),
            ]
        arch += [(x + w, band.y - h * 0.05), (x + w, band.y)]
        pygame.draw.polygon(surface, GOLD, arch)
        pygame.draw.polygon(surface, GOLD_DARK, arch, outline)
        for i in range(3):
            pygame.draw.circle(surface, ink, (x + w * (i + 0.5) / 3, y + h * 0.12), w * 0.055)
        pygame.draw.polygon(surface, ink, star(x + w / 2, y + h * 0.5, w * 0.07, w * 0.03))
    else:
        cap = pygame.Rect(x + round(w * 0.05), y + round(h * 0.3), round(w * 0.9), round(h * 0.75))
        pygame.draw.ellipse(surface, ink, cap)
        pygame.draw.ellipse(surface, GOLD_DARK, cap, outline)
        feather = [
            (x + w * 0.62, y + h * 0.45),
            (x + w * 0.78, y - h * 0.02),
            (x + w * 0.98, y + h * 0.05),
            (x + w * 0.85, y + h * 0.25),
            (x + w * 0.7, y + h * 0.5),
        ]
        pygame.draw.polygon(surface, GOLD, feather)
        pygame.draw.polygon(surface, GOLD_DARK, feather, outline)
    pygame.draw.rect(surface, GOLD, band)
    pygame.draw.rect(surface, GOLD_DARK, band, outline)
    for i in range(4):
        pygame.draw.circle(
            surface, (250, 250, 250) if i % 2 else ink, (x + w * (i + 0.5) / 4, band.centery), band.h * 0.26
        )


def _large_index_face(big: pygame.Surface, c: Card, ink: Color) -> None:
    """A huge rank over a large suit in the left column (readable in a tightly overlapped hand), a crown
    or pip to their right; the top half is mirrored below like any double-ended card."""
    w, h = big.get_size()
    half = canvas(w, h // 2, PAPER)
    column = w * 0.2
    label = text_block(RANK_LABELS[c.rank], w * 0.3, ink, condense=0.72 if c.rank == TEN else 1.0)
    half.blit(label, (round(max(w * 0.04, column - label.get_width() / 2)), round(w * 0.06)))
    pip = w * 0.26
    draw_suit(half, c.suit, (column - pip / 2, w * 0.42, pip, pip), ink)
    if c.rank in (KING, QUEEN, JACK):
        _crown(half, c.rank, pygame.Rect(round(w * 0.46), round(w * 0.1), round(w * 0.46), round(w * 0.3)), ink)
    else:
        size = w * (0.36 if c.rank == ACE else 0.26)
        draw_suit(half, c.suit, (w * 0.69 - size / 2, w * 0.27 - size / 2, size, size), ink)
    big.blit(half, (0, 0))
    big.blit(pygame.transform.rotate(half, 180), (0, h - half.get_height()))
    y = h // 2
    pygame.draw.line(big, mix(ink, PAPER, 0.7), (round(w * 0.42), y), (round(w * 0.58), y), max(1, round(w * 0.01)))


#: Faces drawn in this run, by card, width and design, for every :class:`CardArt` (a new table, the review,
#: the settings' preview): drawing one takes milliseconds, so a new game would otherwise spend its first
#: frames drawing the deck again. The oldest go first beyond :data:`KEEP_DRAWN` (a few sizes of one deck).
_DRAWN: OrderedDict[tuple[int, int, str], pygame.Surface] = OrderedDict()
KEEP_DRAWN = 24 * 12


def drawn_face(card: int, width: int, design: str) -> pygame.Surface:
    """:func:`render_face`, drawn once a run (never modify the surface)."""
    key = (card, width, design)
    surface = _DRAWN.get(key)
    if surface is None:
        surface = _DRAWN[key] = render_face(card, width, design)
        while len(_DRAWN) > KEEP_DRAWN:
            _DRAWN.popitem(last=False)
    else:
        _DRAWN.move_to_end(key)
    return surface


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format when there is a display (blits are then fastest)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


class CardArt:
    """Every card face and back of one design at the sizes in use, drawn once and kept.

    ``face`` and ``back`` return cached surfaces (never modify them). Call :meth:`resize` or simply
    ask for another width: surfaces of widths no longer used are dropped when the cache grows.
    """

    def __init__(
        self,
        design: str = "classic",
        back: str = "blue",
        theme_highlight: Color = (255, 214, 64),
        theme_marked: Color = (64, 170, 255),
    ) -> None:
        if design not in DESIGNS:
            raise KeyError(f"no deck design {design!r}; choose one of {', '.join(DESIGNS)}")
        if back not in BACKS:
            raise KeyError(f"no card back {back!r}; choose one of {', '.join(BACKS)}")
        self.design = design
        self.back_name = back
        self.highlight = theme_highlight
        self.marked_color = theme_marked
        self._faces: dict[tuple[int, int, str], pygame.Surface] = {}
        self._backs: dict[tuple[int, str], pygame.Surface] = {}
        self._shadows: dict[int, pygame.Surface] = {}
        self.widths: set[int] = set()

    def face(self, card: int, width: int, state: str = "normal") -> pygame.Surface:
        """The face of ``card`` at ``width`` in ``state`` (one of :data:`STATES`)."""
        key = (card, width, state)
        surface = self._faces.get(key)
        if surface is None:
            self._note_width(width)
            if state == "normal":
                surface = _for_display(drawn_face(card, width, self.design))
            else:
                surface = _for_display(self._decorate(self.face(card, width), state))
            self._faces[key] = surface
        return surface

    def back(self, width: int, state: str = "normal") -> pygame.Surface:
        key = (width, state)
        surface = self._backs.get(key)
        if surface is None:
            self._note_width(width)
            base = render_back(self.back_name, width)
            surface = _for_display(base if state == "normal" else self._decorate(base, state))
            self._backs[key] = surface
        return surface

    def shadow(self, width: int) -> pygame.Surface:
        """A soft shadow a little larger than a card (blit it offset down-right, under the card)."""
        surface = self._shadows.get(width)
        if surface is None:
            h = card_height(width)
            pad = max(2, width // 14)
            small = canvas(max(4, (width + 2 * pad) // 4), max(4, (h + 2 * pad) // 4), (0, 0, 0))
            inner = small.get_rect().inflate(-max(1, pad // 2), -max(1, pad // 2))
            rounded_rect(small, (0, 0, 0, 60), inner, max(1, width // 40))
            rounded_rect(small, (0, 0, 0, 90), inner.inflate(-2, -2), max(1, width // 40))
            surface = _for_display(pygame.transform.smoothscale(small, (width + 2 * pad, h + 2 * pad)))
            self._shadows[width] = surface
        return surface

    def build(self, width: int, cards: list[int] | None = None) -> None:
        """Draw every face (or ``cards``) and the back at ``width`` now, e.g. after a resize."""
        for c in cards if cards is not None else range(len(CARDS)):
            self.face(c, width)
        self.back(width)
        self.shadow(width)

    def resize(self, widths: set[int]) -> None:
        """Keep only the surfaces of ``widths`` (the sizes the new layout uses)."""
        self._faces = {k: v for k, v in self._faces.items() if k[1] in widths}
        self._backs = {k: v for k, v in self._backs.items() if k[0] in widths}
        self._shadows = {k: v for k, v in self._shadows.items() if k in widths}
        self.widths = set(widths)

    def _note_width(self, width: int) -> None:
        self.widths.add(width)
        if len(self.widths) > 8:  # a window being dragged: forget the old sizes
            self.resize({width})

    def _decorate(self, base: pygame.Surface, state: str) -> pygame.Surface:
        if state not in STATES:
            raise KeyError(f"no card state {state!r}; choose one of {', '.join(STATES)}")
        surface = base.copy()
        w, h = surface.get_size()
        radius = round(w * 0.07)
        line = max(2, round(w * 0.045))
        if state == "dimmed":
            veil = canvas(w, h, (40, 40, 48))
            rounded_rect(veil, (40, 40, 48, 120), veil.get_rect(), radius)
            surface.blit(veil, (0, 0))
        elif state in ("selected", "hover"):
            ring = canvas(w, h, self.highlight)
            rounded_rect(
                ring, (*self.highlight, 255 if state == "selected" else 150), ring.get_rect(), radius, width=line
            )
            surface.blit(ring, (0, 0))
        elif state == "marked":
            ring = canvas(w, h, self.marked_color)
            rounded_rect(ring, (*self.marked_color, 255), ring.get_rect(), radius, width=max(2, line * 2 // 3))
            r = max(3, round(w * 0.07))
            pygame.draw.circle(ring, (*self.marked_color, 255), (w // 2, line + r + 1), r)
            pygame.draw.circle(ring, (255, 255, 255, 255), (w // 2, line + r + 1), max(1, r // 2))
            surface.blit(ring, (0, 0))
        return surface
