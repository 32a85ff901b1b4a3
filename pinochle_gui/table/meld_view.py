"""Meld laid out per player: the cards each seat shows, and each meld named and scored.

The items come from the engine's meld events (name, points, cards); this module only lays them out
in the seat's meld area of the table layout.
"""

from __future__ import annotations

import functools
import heapq
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pygame

from engine.cards import Card
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import get_font, scaled
from pinochle_gui.layout import CARD_RATIO, FONT_HEIGHT, MIN_VISIBLE, ROW_STEP, TableLayout, spread
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
    """``words`` on lines no wider than ``width`` at ``size``, joined by dots (a word too wide on its own line)."""
    return list(_wrapped(tuple(words), size, width, scaled(100)))


@functools.lru_cache(maxsize=2048)
def _wrapped(words: tuple[str, ...], size: int, width: int, _scale: int, joint: str = " · ") -> tuple[str, ...]:
    font = get_font(size, "regular")
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line}{joint}{word}" if line else word
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return tuple(lines)


@functools.lru_cache(maxsize=2048)
def _width(text: str, size: int, face: str, _scale: int) -> int:
    """:func:`text_width`, kept: the places of the melds try many widths of the same lines."""
    return text_width(text, size, face)


CARD_SCALES = (1.0, 0.85, 0.72, 0.6, 0.5, 0.42)  # a meld's cards at these parts of a small card, when they must
SMALLEST_CARD = 36  # pixels wide: a meld's cards no smaller (else none, the melds named)
SIDE_ORDER = ("bottom", "top", "left", "right")  # the panels placed first keep their places best
PREFER = ("small", "short")  # the panels placed first leave the others room: smaller ones, or lower ones


@dataclass(frozen=True)
class MeldPanel:
    """One seat's meld as drawn: its panel, each card where it lies, its heading and its lines of melds."""

    seat: int
    rect: pygame.Rect
    cards: tuple[tuple[Card, pygame.Rect], ...]
    card_w: int
    heading: str
    lines: tuple[str, ...]
    size: int  # of the lines (the heading one larger), asked at the player's text size


@dataclass(frozen=True)
class _Shape:
    """A panel's size at one width and card size: its cards in ``rows`` and its lines of melds."""

    w: int
    h: int
    card_w: int
    rows: int  # rows of cards (0: no cards)
    lines: tuple[str, ...]
    size: int


def _shape(heading: str, items: list[str], count: int, width: int, card_w: int, size: int,
           strict: bool = True) -> _Shape | None:
    """The panel of ``count`` cards ``card_w`` wide (0: no cards) and the melds ``items`` at ``width``; ``None``
    when the heading or a meld would not fit whole (unless not ``strict``), or a card not at all."""
    inner = width - 16
    lines = _wrap(items, size, inner)
    while len(lines) > 3 and size > 11:  # many melds: a smaller size first, then as many lines as it takes
        size -= 1
        lines = _wrap(items, size, inner)
    scale = scaled(100)
    if strict and (_width(heading, size + 1, "bold", scale) > inner or any(_width(line, size, "regular", scale) > inner
                                                                            for line in lines)):
        return None
    text_h = scaled(size * 1.25) * (len(lines) + 1) + 6
    if not count or not card_w:
        return _Shape(width, text_h + 8, 0, 0, tuple(lines), size)
    if card_w > inner:
        return None
    rows = 1
    while rows < count and card_w + (math.ceil(count / rows) - 1) * card_w * MIN_VISIBLE > inner:
        rows += 1
    card_h = round(card_w * CARD_RATIO)
    return _Shape(width, 10 + card_h + math.ceil((rows - 1) * card_h * ROW_STEP) + text_h, card_w, rows,
                  tuple(lines), size)


def _card_rects(rect: pygame.Rect, shape: _Shape, count: int) -> list[pygame.Rect]:
    """Where the ``count`` cards of a panel at ``rect`` of ``shape`` lie: rows overlapped by half a card."""
    if not shape.rows:
        return []
    card_h = round(shape.card_w * CARD_RATIO)
    per_row = math.ceil(count / shape.rows)
    rects: list[pygame.Rect] = []
    for r in range(shape.rows):
        line = pygame.Rect(rect.x + 8, rect.y + 6 + round(r * card_h * ROW_STEP), rect.w - 16, card_h)
        rects += spread(line, min(per_row, count - r * per_row), shape.card_w, card_h)
    return rects


def _preferred(side: str, area: pygame.Rect, w: int, h: int) -> pygame.Rect:
    """A panel ``w`` x ``h`` where the seat's meld area puts it: against the area's edge on the seat's side."""
    rect = pygame.Rect(0, 0, w, h)
    anchor = {"bottom": "midbottom", "top": "midtop", "left": "midleft", "right": "midright"}[side]
    setattr(rect, anchor, getattr(area, anchor))
    return rect


def _overlap(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    """How many pixels of ``rect`` lie under ``others`` (counted once for each)."""
    total = 0
    for other in others:
        inter = rect.clip(other)
        total += inter.w * inter.h
    return total


_PLACED: dict[tuple[object, ...], list[MeldPanel]] = {}


def meld_panels(lay: TableLayout, melds: dict[int, MeldShown], names: list[str],
                avoid: Sequence[pygame.Rect] = ()) -> list[MeldPanel]:
    """Where each seat's meld goes (:func:`draw_melds`), worked out once per table, melds and ``avoid``."""
    key = (lay.width, lay.height, lay.small_w, lay.margin, lay.bar_bottom, lay.hand_area.y, scaled(100),
           tuple((tuple(a.meld), tuple(a.plate), tuple(a.avatar), a.side) for a in lay.seats),
           tuple(tuple(b) for b in (*lay.buttons, lay.score_pad, lay.menu_button, lay.status, lay.tools, *avoid)),
           tuple((seat, shown.points, tuple(shown.items), tuple(shown.cards), names[seat])
                 for seat, shown in melds.items() if seat < len(lay.seats)))
    placed = _PLACED.get(key)
    if placed is None:
        placed = _place_melds(lay, melds, names, avoid)
        if len(_PLACED) > 32:
            _PLACED.clear()
        _PLACED[key] = placed
    return placed


def _place_melds(lay: TableLayout, melds: dict[int, MeldShown], names: list[str],
                 avoid: Sequence[pygame.Rect]) -> list[MeldPanel]:
    """Every seat's meld panel clear of the others, of every name plate and avatar, of the buttons and the top
    bar and of ``avoid``, as near its meld area as it can be and over the other seats' cards as little as it
    can; its cards a little smaller for all of them when they do not fit so, at last no cards but the names
    of the melds. Placed one by one: the player's first, then the seat across, the left and the right."""
    gap = max(4, lay.margin // 2)
    region = pygame.Rect(gap, lay.bar_bottom + gap, lay.width - 2 * gap, lay.hand_area.y - lay.bar_bottom - 2 * gap)
    keep_clear = [r.inflate(gap, gap) for area in lay.seats for r in (area.plate, area.avatar)]
    keep_clear += [r.inflate(gap, gap) for r in (*lay.buttons, lay.score_pad, lay.menu_button, lay.status, lay.tools,
                                                 *avoid)]
    keep_clear = [r for r in keep_clear if r.colliderect(region)]  # the rest cannot be in the way
    rather_not = [area.hand for area in lay.seats[1:]]  # the other seats' backs
    size = max(11, min(18, lay.small_h // 6))
    wanted = []
    for seat in sorted((s for s in melds if s < len(lay.seats)), key=lambda s: SIDE_ORDER.index(lay.seats[s].side)):
        shown = melds[seat]
        verb = "meld" if names[seat] == "You" else "melds"
        items = [f"{meld_name(n)} {p}" for n, p, _c in shown.items] or ["no meld"]
        wanted.append((seat, f"{names[seat]} {verb} {shown.points}", items, in_suits(shown.cards)))
    widths = sorted({round(lay.small_w * f) for f in CARD_SCALES if round(lay.small_w * f) >= SMALLEST_CARD}
                    | {lay.small_w}, reverse=True) + [0]
    chosen: tuple[float, list[MeldPanel]] | None = None
    for card_w in widths:
        # Smaller cards cost as much as moving a panel three times the height they lose; no cards, a lot more.
        shrunk = sum(((lay.small_w - card_w) * CARD_RATIO * 3 if card_w else region.h)
                     for _s, _h, _i, cards in wanted if cards)
        for prefer in PREFER:
            if chosen is not None and shrunk >= chosen[0]:
                break
            total = shrunk
            panels: list[MeldPanel] = []
            for seat, heading, items, cards in wanted:
                placed = _best_place(lay, seat, heading, items, cards, card_w, size, region,
                                     keep_clear + [p.rect.inflate(gap, gap) for p in panels], rather_not, prefer,
                                     not card_w and chosen is None and prefer == PREFER[-1])
                if placed is None:
                    break
                cost, panel = placed
                total += cost
                panels.append(panel)
            else:
                if chosen is None or total < chosen[0]:
                    chosen = (total, panels)
    assert chosen is not None, "without cards every panel is placed, clear or not"
    return chosen[1]


def _best_place(lay: TableLayout, seat: int, heading: str, items: list[str], cards: list[Card], card_w: int,
                size: int, region: pygame.Rect, keep_clear: list[pygame.Rect], rather_not: list[pygame.Rect],
                prefer: str, last: bool) -> tuple[float, MeldPanel] | None:
    """The seat's panel at the width and place that keep it clear and nearest its meld area, and how far it is
    from there (and over the other seats' cards); ``None`` when no place is clear of ``keep_clear`` (the
    ``last`` try: then the place that covers least of it)."""
    found = _search(lay, seat, heading, items, len(cards), card_w, size, region, keep_clear, rather_not, prefer,
                    False)
    if found is None and last:
        found = _search(lay, seat, heading, items, len(cards), card_w, size, region, keep_clear, rather_not, prefer,
                        True)
    if found is None:
        return None
    cost, rect, shape = found
    rects = _card_rects(rect, shape, len(cards))
    return cost, MeldPanel(seat, rect, tuple(zip(cards, rects, strict=False)) if rects else (), shape.card_w, heading,
                           shape.lines, shape.size)


def _search(lay: TableLayout, seat: int, heading: str, items: list[str], count: int, card_w: int, size: int,
            region: pygame.Rect, keep_clear: list[pygame.Rect], rather_not: list[pygame.Rect], prefer: str,
            anyhow: bool) -> tuple[float, pygame.Rect, _Shape] | None:
    """:func:`_best_place`'s search: each width from the narrowest that holds the heading and every meld whole
    to the whole table's, each place beside what is to be kept clear; the nearest to the meld area, a smaller
    panel (``prefer`` "small") or a lower one ("short") first when as near, to leave the panels placed after
    it more room. ``anyhow``: places over what is to be kept clear too, each pixel over it costing much (and
    the whole table's width at worst). Returns the place's cost without the preference, the place and the
    panel's shape."""
    area = lay.seats[seat].meld
    side = lay.seats[seat].side
    scale = scaled(100)
    narrowest = max(_width(heading, size + 1, "bold", scale), *(_width(i, size, "regular", scale) for i in items),
                    card_w) + 16
    one_row = round(card_w * (1 + (count - 1) * 0.5)) + 16 if count and card_w else narrowest
    widths = {narrowest, area.w, one_row, region.w} | {round(region.w * f) for f in (0.3, 0.4, 0.5, 0.65, 0.8)}
    best: tuple[float, float, pygame.Rect, _Shape] | None = None
    for width in sorted(w for w in widths if narrowest <= w <= region.w or anyhow and w == region.w):
        shape = _shape(heading, items, count, width, card_w, size, not anyhow)
        if shape is None or shape.h > region.h and not anyhow:
            continue
        want = _preferred(side, area, shape.w, shape.h).clamp(region)
        bias = shape.w * shape.h / (4 * region.w) if prefer == "small" else shape.h / 2
        xs = {want.x, region.x, region.right - shape.w} | {r.right for r in keep_clear} | \
            {r.x - shape.w for r in keep_clear}
        ys = {want.y, region.y, region.bottom - shape.h} | {r.bottom for r in keep_clear} | \
            {r.y - shape.h for r in keep_clear}
        xs = {x for x in xs if region.x <= x <= region.right - shape.w}
        ys = {y for y in ys if region.y <= y <= region.bottom - shape.h}
        places = _nearest_first(xs, ys, want)
        if anyhow and not (xs and ys):  # larger than the table: where it belongs, whatever it covers
            places = iter([(0, want.x, want.y)])
        for distance, x, y in places:
            if best is not None and distance + bias >= best[0] and not anyhow:
                break  # the places come nearest first
            rect = pygame.Rect(x, y, shape.w, shape.h)
            if not anyhow and rect.collidelist(keep_clear) >= 0:
                continue
            cost = distance + _overlap(rect, rather_not) / shape.h
            if anyhow:
                cost += _overlap(rect, keep_clear) * 1000
            if best is None or cost + bias < best[0]:
                best = (cost + bias, cost, rect, shape)
    return best[1:] if best is not None else None


def _nearest_first(xs: set[int], ys: set[int], want: pygame.Rect) -> Iterator[tuple[int, int, int]]:
    """Every place (x, y) of ``xs`` and ``ys`` with its distance from ``want``'s corner, nearest first, found one
    by one (the search mostly stops at the first few)."""
    across = sorted((abs(x - want.x), x) for x in xs)
    down = sorted((abs(y - want.y), y) for y in ys)
    if not across or not down:
        return
    heap = [(dx + down[0][0], i, 0) for i, (dx, _x) in enumerate(across)]
    heapq.heapify(heap)
    while heap:
        distance, i, j = heapq.heappop(heap)
        yield distance, across[i][1], down[j][1]
        if j + 1 < len(down):
            heapq.heappush(heap, (across[i][0] + down[j + 1][0], i, j + 1))


def draw_melds(surface: pygame.Surface, lay: TableLayout, art: CardArt, theme: Theme,
               melds: dict[int, MeldShown], names: list[str], avoid: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Each seat's shown meld near its meld area (:func:`meld_panels`): the cards, the seat's total, and each meld
    named and scored, no panel over another or over a name plate, an avatar, a button or ``avoid``; returns
    the panels drawn (for the notes to keep clear of)."""
    panels = meld_panels(lay, melds, names, avoid)
    for panel in panels:
        rect = panel.rect
        draw_cached_panel(surface, rect, theme, f"the meld of {names[panel.seat]}")
        for c, where in panel.cards:
            surface.blit(art.face(c, panel.card_w), where)
        line_h = scaled(panel.size * 1.25)
        y = rect.bottom - line_h * (len(panel.lines) + 1) - 8
        blit_text(surface, panel.heading, panel.size + 1, theme.accent, (rect.centerx, y), "bold", "midtop",
                  rect.w - 10)
        y += line_h + 2
        for line in panel.lines:
            blit_text(surface, line, panel.size, theme.text, (rect.centerx, y), "regular", "midtop", rect.w - 10)
            y += line_h
    return [pygame.Rect(panel.rect) for panel in panels]  # copies: the worked-out places stay as they are


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


def draw_laid_labels(surface: pygame.Surface, lay: TableLayout, theme: Theme,
                     labels: dict[int, str]) -> list[pygame.Rect]:
    """Two-handed: each seat's line (:func:`laid_labels`) by its meld area, where its laid cards lie, wrapped
    after a meld onto as many lines as the area keeps room for (:meth:`TableLayout.laid_label_lines`); returns
    where the lines went (for the hint and the notes to keep clear of)."""
    drawn = []
    size = lay.laid_label_size  # never under the smallest print
    step = math.ceil(size * FONT_HEIGHT)
    for seat, text in labels.items():
        if seat >= len(lay.seats):
            continue
        area = lay.seats[seat].meld
        pieces = text.split(", ")
        lines = list(_wrapped(tuple(p + "," for p in pieces[:-1]) + (pieces[-1],), size, area.w, scaled(100), " "))
        room = lay.laid_label_lines(seat)
        if len(lines) > room:  # more than the area keeps room for: the last line cut to fit
            lines[room - 1:] = [" ".join(lines[room - 1:])]
        for i, line in enumerate(lines):
            if seat == 0:  # upwards from the area's bottom, the first line highest
                drawn.append(blit_text(surface, line, size, theme.text_dim,
                                       (area.centerx, area.bottom - (len(lines) - 1 - i) * step), "regular",
                                       "midbottom", area.w))
            else:
                drawn.append(blit_text(surface, line, size, theme.text_dim, (area.centerx, area.y + i * step),
                                       "regular", "midtop", area.w))
    return drawn


__all__ = ["MeldPanel", "draw_laid_labels", "draw_melds", "in_suits", "laid_items", "laid_labels", "meld_name",
           "meld_panels"]
