"""Where everything goes on the table: a pure function of the window size and the deal's shape.

:func:`table_layout` takes the window size, the number of seats, how many cards the human holds
and a few extras of the phase, and returns a :class:`TableLayout` of rectangles. Nothing here draws
or keeps state, so it is computed again on every resize and tested at many sizes.

Seats are numbered from the human's point of view: 0 is the human at the bottom, then clockwise
(play goes to the left): with four players 1 is on the left, 2 across, 3 on the right; with three,
1 on the left and 2 on the right; with two, 1 across.

>>> lay = table_layout(1280, 720, seats=4, hand_size=12)
>>> len(lay.hand), lay.seats[2].side
(12, 'top')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from pygame import Rect

from pinochle_gui.fonts import SMALLEST_PRINT

CARD_RATIO = 1.4
MIN_VISIBLE = 0.3  # the least part of a card's width that shows when cards overlap in the hand
ROW_STEP = 0.56  # a second row of the hand starts this far (in card heights) below the first
RAISE = 0.18  # a selected card rises this part of its height

TOOLS = 4  # the table's tool buttons: hint, undo, last trick, score pad


class Side(StrEnum):
    """Where a seat sits at the table (the player's at the bottom)."""

    BOTTOM = "bottom"
    LEFT = "left"
    TOP = "top"
    RIGHT = "right"


SIDES = {2: (Side.BOTTOM, Side.TOP), 3: (Side.BOTTOM, Side.LEFT, Side.RIGHT),
         4: (Side.BOTTOM, Side.LEFT, Side.TOP, Side.RIGHT)}


@dataclass(frozen=True)
class SeatArea:
    """One seat's part of the table."""

    seat: int
    side: Side
    avatar: Rect
    plate: Rect  # the name plate (name, bid, tricks)
    marker: Rect  # where the dealer/declarer chip goes, beside the avatar
    hand: Rect  # the cards of the seat: the human's hand, or the backs of a computer seat
    meld: Rect  # where the seat's meld is shown
    trick: Rect  # where the card the seat plays to a trick lands
    bubble: Rect  # a speech bubble for the seat's bid or pass, beside the avatar towards the centre

    @property
    def bubble_tail(self) -> Side:
        """Where the bubble's tail points: towards the seat's side, or to the right when the top seat's
        bubble sits left of its avatar (clear of the seat's card on the trick)."""
        return Side.RIGHT if self.side == Side.TOP and self.bubble.right <= self.avatar.x else self.side

    def backs(self, count: int, card_w: int, card_h: int) -> list[Rect]:
        """Rects of ``count`` backs of a computer seat, overlapped inside :attr:`hand`."""
        vertical = self.side in (Side.LEFT, Side.RIGHT)
        return spread(self.hand, count, card_w, card_h, vertical=vertical, max_step=0.22)


@dataclass(frozen=True)
class TableLayout:
    """Every rectangle of the table for one window size and one deal shape."""

    width: int
    height: int
    margin: int
    card_w: int  # the human's cards
    card_h: int
    small_w: int  # backs of the other seats, melds, the widow and the stock
    small_h: int
    trick_w: int  # cards in the trick
    trick_h: int
    rows: int  # rows of the human's hand (1, or 2 on narrow windows)
    raise_px: int  # how far a selected card rises
    hand: tuple[Rect, ...]  # the human's cards, left to right (first row first)
    hand_band: Rect  # where the rows of the human's hand lie (raised cards rise above it)
    hand_per_row: int
    seats: tuple[SeatArea, ...]
    trick_area: Rect
    stock: Rect  # the stock and turn-up (two-handed), or the widow, or the turn-up before play
    widow: tuple[Rect, ...]
    bid_panel: Rect
    buttons: tuple[Rect, ...]  # action buttons (meld, pass, play...) left to right
    status: Rect
    tools: Rect  # the table's tool buttons, left to right
    score_pad: Rect
    menu_button: Rect
    text: float = 1.0  # how much larger than usual the player's text is (the rects above grew with it)

    @property
    def bar_bottom(self) -> int:
        """The bottom of the top bar: the status line and the tools under it in a narrow window."""
        return max(self.status.bottom, self.tools.bottom)

    @property
    def hand_area(self) -> Rect:
        """Everything the human's hand may cover, raised cards included."""
        band = self.hand_band
        return Rect(band.x, band.y - self.raise_px, band.w, band.h + self.raise_px)

    def hand_slots(self, count: int) -> list[Rect]:
        """Where ``count`` cards of the human's hand go at this layout's card size (as the hand shrinks
        during play, or grows with a pass or the widow): centred, never off the hand's band."""
        return place_hand(self.hand_band, count, self.hand_per_row, self.card_w, self.card_h)

    @property
    def laid_label_size(self) -> int:
        """Two-handed: the pixel size of the lines naming a seat's laid meld (the smallest print or larger)."""
        return max(_least_print(self.text), min(18, self.small_h // 6))

    def laid_label_lines(self, seat: int) -> int:
        """Two-handed: how many lines naming the seat's laid meld its meld area keeps room for beside its cards
        (one to four: a narrow area's line of many melds takes four)."""
        line = math.ceil(self.laid_label_size * FONT_HEIGHT)
        return max(1, min(4, (self.seats[seat].meld.h - self.small_h) // line))

    def laid_cards_area(self, seat: int) -> Rect:
        """Two-handed: where the seat's laid meld lies, its meld area but for the lines naming it (at the area's
        bottom for the player, at its top for the seat across)."""
        area = self.seats[seat].meld
        band = min(max(0, area.h - self.small_h),
                   self.laid_label_lines(seat) * math.ceil(self.laid_label_size * FONT_HEIGHT))
        top = area.y if self.seats[seat].side == Side.BOTTOM else area.y + band
        return Rect(area.x, top, area.w, area.h - band)

    @property
    def card_widths(self) -> set[int]:
        """Every card width in use (to build and keep the art for these only)."""
        return {self.card_w, self.small_w, self.trick_w}


def _clamp(value: float, low: float, high: float) -> int:
    return round(max(low, min(high, value)))


def spread(
    area: Rect, count: int, card_w: int, card_h: int, vertical: bool = False, max_step: float = 1.06
) -> list[Rect]:
    """``count`` cards overlapped in one line centred in ``area``, the step never over ``max_step`` cards."""
    if count <= 0:
        return []
    if vertical:
        room = area.h - card_h
        step = min(card_h * max_step, room / (count - 1)) if count > 1 else 0.0
        total = card_h + step * (count - 1)
        top = area.centery - total / 2
        return [Rect(area.centerx - card_w // 2, round(top + i * step), card_w, card_h) for i in range(count)]
    room = area.w - card_w
    step = min(card_w * max_step, room / (count - 1)) if count > 1 else 0.0
    total = card_w + step * (count - 1)
    left = area.centerx - total / 2
    return [Rect(round(left + i * step), area.centery - card_h // 2, card_w, card_h) for i in range(count)]


def cards_in(area: Rect, count: int, card_w: int, card_h: int) -> list[Rect]:
    """``count`` cards laid out in ``area`` in as few overlapped rows as keep each card's index readable.

    Used for melds: rows stack downwards, each overlapping the one above by half a card.
    """
    if count <= 0:
        return []
    rows = 1
    while (
        rows < count
        and card_w + (math.ceil(count / rows) - 1) * card_w * MIN_VISIBLE > area.w
        and card_h * (1 + ROW_STEP * rows) <= area.h
    ):
        rows += 1
    per_row = math.ceil(count / rows)
    out: list[Rect] = []
    total_h = card_h + (rows - 1) * card_h * ROW_STEP
    top = area.centery - total_h / 2
    for r in range(rows):
        n = min(per_row, count - r * per_row)
        line = Rect(area.x, round(top + r * card_h * ROW_STEP), area.w, card_h)
        out.extend(spread(line, n, card_w, card_h))
    return out


HAND_SHARE = 0.27  # of the window's height (landscape), the most the human's hand takes
LARGE_HAND_SHARE = 0.33  # the same with large cards
LARGE_CARDS_FROM = 600  # a window less high keeps the usual cards: the rest of the table needs the room


def _hand_shape(width: int, height: int, margin: int, count: int, large: bool = False) -> tuple[int, int]:
    """Card width and rows of the human's hand: as large as fits the bottom part of the window (a larger
    part with ``large`` cards)."""
    avail_w = width - 2 * margin
    share = LARGE_HAND_SHARE if large else HAND_SHARE
    budget = height * (share if height < width else share + 0.02)
    best_w, best_rows = 0, 1
    for rows in (1, 2):
        per_row = math.ceil(max(1, count) / rows)
        by_width = avail_w / (1 + (per_row - 1) * MIN_VISIBLE)
        by_height = budget / (1 + ROW_STEP * (rows - 1) + RAISE) / CARD_RATIO
        w = min(by_width, by_height, avail_w / 2.2)
        if rows == 1 and w > best_w or rows == 2 and w > best_w * 1.18:
            best_w, best_rows = int(w), rows
    return best_w, best_rows


def place_hand(band: Rect, count: int, per_row: int, card_w: int, card_h: int) -> list[Rect]:
    """``count`` cards of the human's hand in ``band``, in rows of at most ``per_row`` (the last rows of
    the band first, so a hand that shrinks stays at the bottom), centred; rows share one step so their
    cards line up in columns."""
    if count <= 0:
        return []
    band_rows = max(1, round((band.h - card_h) / (card_h * ROW_STEP)) + 1)
    rows = min(band_rows, math.ceil(count / per_row))
    first = band_rows - rows
    room = band.w - card_w
    widest = min(per_row, count)
    step = min(card_w * 1.04, room / (widest - 1)) if widest > 1 else 0.0
    rects: list[Rect] = []
    for r in range(rows):
        n = min(per_row, count - r * per_row)
        y = band.y + round((first + r) * card_h * ROW_STEP)
        left = band.centerx - (card_w + step * (widest - 1)) / 2
        rects.extend(Rect(round(left + i * step), y, card_w, card_h) for i in range(n))
    return rects


# The score box's texts at their longest, in widths of their text size (Noto Sans measures 22.5, 13.8 and 7.8):
# the foot "Hand 12 · game of 10 hands · deal 8589934591" (a deal's number is under 2**31 times the seats)
# whole, and its first part alone; a side's line, its name, score and points in tricks ("North 1234 +120"),
# as wide as the deal's line alone, and the box's room around them in pixels.
FOOT_WIDTH, FOOT_FIRST_WIDTH, ROW_WIDTH, ROW_ROOM = 23.0, 14.5, 8.5, 36
LINE_STEP = 1.2  # the score box's foot's lines are this many text sizes apart
ROW_SHARE = 0.7  # the score box's lines of the sides are at most this part of their height
FONT_HEIGHT = 1.4  # a line of text is this many text sizes high (Noto Sans: 1.36)


def _least_print(text: float) -> int:
    """The smallest print in pixels at the player's ``text`` size (:func:`pinochle_gui.fonts.least_size`)."""
    return math.ceil(SMALLEST_PRINT * text - 1e-9)


def score_box_height(width: int, sides: int, text: float = 1.0) -> int:
    """The least height of a score box ``width`` wide: a line for each of the ``sides`` and the foot under them
    (on one line, or the deal on a line of its own and the rest on as many as it takes in a narrow box), no
    text under the smallest print at the player's ``text`` size (:func:`pinochle_gui.table.scorepad.draw_pad`)."""
    least = _least_print(text)
    inner = width - 20
    lines = 1 if FOOT_WIDTH * least <= inner else 1 + math.ceil(FOOT_FIRST_WIDTH * least / inner)
    foot = (lines - 1) * round(least * LINE_STEP) + math.ceil(least * FONT_HEIGHT)
    return 8 + sides * math.ceil(least / ROW_SHARE) + foot + 2


class _SeatRects(NamedTuple):
    """An other seat's rects, laid out before the centre's."""

    avatar: Rect
    plate: Rect
    marker: Rect
    hand: Rect


def _top_bubble(bubble: Rect, trick: Rect, areas: dict[Side, _SeatRects], me_avatar: Rect,
                me_plate: Rect, centre: Rect, width: int, m: int) -> Rect:
    """The top seat's bubble clear of the card the seat plays to the trick (a meld called in the play covered
    it): under the name plate, else moved aside from the card, else left of the avatar; as it was when none
    of these is clear of the seats."""
    av, pl = areas[Side.TOP].avatar, areas[Side.TOP].plate
    keep_clear = [trick, me_avatar, me_plate]
    for side_av, side_pl, _mk, side_hand in areas.values():
        keep_clear += [side_av, side_pl] + ([side_hand] if side_av is not av else [])
    left_of, right_of, beside = Rect(bubble), Rect(bubble), Rect(bubble)
    left_of.right = trick.x - m
    left_of.x = max(left_of.x, centre.x)
    right_of.x = trick.right + m
    right_of.right = min(right_of.right, centre.right)
    beside.midright = (min(av.x, pl.x) - m, pl.centery)
    for candidate in (bubble, left_of, right_of):
        if centre.x <= candidate.x and candidate.right <= centre.right and candidate.collidelist(keep_clear) < 0:
            return candidate
    if m <= beside.x and beside.right <= width - m and beside.collidelist(keep_clear) < 0:
        return beside
    return bubble


def _bubble(side: Side, avatar: Rect, plate: Rect, hand: Rect, centre: Rect, m: int) -> Rect:
    """A speech bubble beside the seat's name plate, on the side facing the centre of the table.

    The human's and the top seat's bubbles stay within the centre's width, clear of the side columns."""
    bubble = Rect(0, 0, _clamp(avatar.w * 2.4, 84, 320), _clamp(avatar.h * 0.62, 26, 90))
    if side == Side.BOTTOM:
        bubble.midbottom = (plate.centerx, min(avatar.y, plate.y) - m)
    elif side == Side.TOP:
        bubble.midtop = (plate.centerx, max(avatar.bottom, plate.bottom, hand.bottom) + m)
    elif side == Side.LEFT:  # level with the name plate, below the top seat's bubble
        bubble.midleft = (max(avatar.right, plate.right) + m, plate.centery)
    else:
        bubble.midright = (min(avatar.x, plate.x) - m, plate.centery)
    if side in (Side.BOTTOM, Side.TOP):
        bubble.w = min(bubble.w, centre.w)
        bubble.x = max(centre.x, min(bubble.x, centre.right - bubble.w))
    return bubble


PANEL_LEAST = (280, 120)  # the bid panel's least width and height: its title, a line and a row of buttons


def _clear_of_bubbles(panel: Rect, centre: Rect, bubbles: list[Rect], m: int) -> Rect:
    """The bid panel in the middle of ``centre``, clear of the other seats' ``bubbles`` (their bids show while the
    player bids): below a bubble over its top and above one under its bottom, shorter if it must, then
    narrower between the bubbles beside it; never under :data:`PANEL_LEAST` (a small window: a bubble may
    show over it then)."""
    panel.center = centre.center
    top, bottom = centre.y, centre.bottom
    for bubble in (b for b in bubbles if b.colliderect(panel)):
        if bubble.centery < panel.y + panel.h // 4:
            top = max(top, bubble.bottom + m)
        elif bubble.centery > panel.bottom - panel.h // 4:
            bottom = min(bottom, bubble.y - m)
    panel.h = max(min(panel.h, bottom - top), min(panel.h, PANEL_LEAST[1]))
    panel.centery = max(top + panel.h // 2, min(centre.centery, bottom - (panel.h + 1) // 2))
    left, right = centre.x, centre.right
    for bubble in (b for b in bubbles if b.colliderect(panel)):
        if bubble.centerx < panel.centerx:
            left = max(left, bubble.right + m)
        else:
            right = min(right, bubble.x - m)
    panel.w = max(min(panel.w, right - left), min(panel.w, PANEL_LEAST[0]))
    panel.centerx = max(left + panel.w // 2, min(centre.centerx, right - (panel.w + 1) // 2))
    return panel


def table_layout(
    width: int,
    height: int,
    seats: int,
    hand_size: int,
    *,
    received: int = 0,
    widow: int = 0,
    buttons: int = 3,
    opponent_cards: int | None = None,
    text: float = 1.0,
    large_cards: bool = False,
    score_lines: int | None = None,
) -> TableLayout:
    """The table for a ``width`` x ``height`` window.

    ``seats``: 2, 3 or 4 players; ``hand_size``: cards dealt to each; ``received``: extra cards the
    human may hold for a while (a pass received, a widow taken); ``widow``: cards in the widow (or
    the stock and turn-up when 0 and two seats); ``buttons``: action buttons in the row above the
    hand; ``opponent_cards``: the most backs a computer seat may show (default: the hand size plus
    ``received``); ``text``: how much larger than usual the player's text is (the top bar, name plates
    and buttons grow with it, and the table's text with them); ``large_cards``: the human's hand takes
    more of the window (from :data:`LARGE_CARDS_FROM` pixels high); ``score_lines``: the sides in the score box (the
    partnerships, or each player; default: three with three seats, else two): the box grows to hold them and
    its foot at the smallest print, where the seats keep their room below it (else it keeps its usual height).
    """
    lines = score_lines if score_lines is not None else 3 if seats == 3 else 2
    args = (width, height, seats, hand_size, received, widow, buttons, opponent_cards, text, large_cards)
    lay, cramped = _table_layout(*args, lines, True)
    return _table_layout(*args, lines, False)[0] if cramped else lay


def _table_layout(width: int, height: int, seats: int, hand_size: int, received: int, widow: int, buttons: int,
                  opponent_cards: int | None, text: float, large_cards: bool, score_lines: int,
                  roomy_pad: bool) -> tuple[TableLayout, bool]:
    """:func:`table_layout`, the score box as high as its ``score_lines`` need (``roomy_pad``) or as usual; and
    whether the seats at the sides are cramped (their cards below the room left for them) when it is roomy.
    """
    if seats not in SIDES:
        raise ValueError(f"the table seats 2, 3 or 4 players, not {seats}")
    width, height = max(320, int(width)), max(320, int(height))
    short = min(width, height)
    m = _clamp(short * 0.012, 4, 24)
    count = hand_size + received
    opp = opponent_cards if opponent_cards is not None else count

    # -- the top bar: menu, status line, score pad ------------------------------------------------
    grow = max(1.0, text)  # the table's text is sized by these rects: they grow with the player's text
    bar_h = _clamp(short * 0.055 * grow, 26, 72 * grow)
    menu = Rect(m, m, round(bar_h * 2.4), bar_h)
    pad_w = _clamp(width * 0.2, max(150, ROW_WIDTH * _least_print(text) + ROW_ROOM), 520)  # a side's line whole
    pad_h = round(bar_h * 2.1)
    roomy = roomy_pad and score_box_height(pad_w, score_lines, text) > pad_h
    score_pad = Rect(width - m - pad_w, m, pad_w, score_box_height(pad_w, score_lines, text) if roomy else pad_h)
    status = Rect(menu.right + m, m, max(10, score_pad.x - menu.right - 2 * m), bar_h)
    # The table's tools (hint, undo, last trick, score pad): at the bar's right end when the status line
    # keeps most of its room, else in a row of their own under the status line.
    tool_gap = max(4, m // 2)
    tool_w = _clamp(bar_h * 1.9, 44, 110)
    tools_w = TOOLS * (tool_w + tool_gap) - tool_gap
    if status.w - tools_w - tool_gap > status.w * 0.45:
        tools = Rect(status.right - tools_w, status.y + 2, tools_w, bar_h - 4)
        status = Rect(status.x, status.y, tools.x - tool_gap - status.x, bar_h)
    else:
        tools = Rect(status.x, status.bottom + tool_gap, status.w, _clamp(bar_h * 0.85, 26, bar_h))

    # -- the human's hand and the row above it ------------------------------------------------------
    card_w, rows = _hand_shape(width, height, m, count, large_cards and height >= LARGE_CARDS_FROM)
    card_h = round(card_w * CARD_RATIO)
    per_row = math.ceil(max(1, count) / rows)
    band_h = card_h + round((rows - 1) * card_h * ROW_STEP)
    hand_band = Rect(m, height - m - band_h, width - 2 * m, band_h)
    hand = place_hand(hand_band, count, per_row, card_w, card_h)
    raise_px = round(card_h * RAISE)
    hand_top = hand_band.y - raise_px
    avatar = _clamp(short * 0.085, 34, 150)
    btn_h = _clamp(short * 0.06 * grow, 30, 84 * grow)
    row_h = max(avatar, btn_h)
    row_y = hand_top - m - row_h
    me_avatar = Rect(m, row_y + (row_h - avatar) // 2, avatar, avatar)
    plate_w = _clamp(width * 0.13 * grow, 84, 340 * grow)
    plate_h = _clamp(avatar * 0.62 * grow, 24, 96 * grow)
    me_plate = Rect(me_avatar.right + m // 2, me_avatar.centery - plate_h // 2, plate_w, plate_h)
    chip = _clamp(avatar * 0.42, 16, 64)
    me_marker = Rect(me_avatar.right - chip + chip // 4, me_avatar.y - chip // 4, chip, chip)
    btn_room = Rect(me_plate.right + m, row_y, width - m - me_plate.right - m, row_h)
    btn_w = min(_clamp(btn_h * 3.4, 90, 300), (btn_room.w - (buttons - 1) * m) // max(1, buttons))
    total = buttons * btn_w + (buttons - 1) * m
    bx = btn_room.x + (btn_room.w - total) // 2
    button_rects = tuple(Rect(bx + i * (btn_w + m), row_y + (row_h - btn_h) // 2, btn_w, btn_h) for i in range(buttons))

    # -- the other seats ----------------------------------------------------------------------------
    sides = SIDES[seats]
    top_y = max(menu.bottom, tools.bottom) + m
    centre_bottom = row_y - m
    small_w = _clamp(card_w * 0.62, 24, 150)
    small_w = min(small_w, max(24, round((centre_bottom - top_y) * 0.22 / CARD_RATIO)))
    small_h = round(small_w * CARD_RATIO)
    side_w = max(round(avatar * 1.9), small_w + 2 * m)
    areas: dict[Side, _SeatRects] = {}
    left_edge, right_edge = m, width - m
    top_band = top_y
    if Side.TOP in sides:
        zone_h = max(avatar, small_h)
        backs_w = min(round(small_w + (opp - 1) * small_w * 0.22), round(width * 0.36))
        block = avatar + m // 2 + plate_w + m + backs_w
        x0 = max(m, width // 2 - block // 2)
        y0 = top_y if x0 + block <= score_pad.x - m else score_pad.bottom + m
        av = Rect(x0, y0 + (zone_h - avatar) // 2, avatar, avatar)
        pl = Rect(av.right + m // 2, av.centery - plate_h // 2, plate_w, plate_h)
        hand_rect = Rect(pl.right + m, y0 + (zone_h - small_h) // 2, min(backs_w, width - m - pl.right - m), small_h)
        mk = Rect(av.right - chip + chip // 4, av.y - chip // 4 + chip // 2, chip, chip)
        areas[Side.TOP] = _SeatRects(av, pl, mk, hand_rect)
        top_band = y0 + zone_h + m
    for side in sides[1:]:
        if side == Side.TOP:
            continue
        x = m if side == Side.LEFT else width - m - side_w
        y0 = top_band if Side.TOP in sides else top_y if side == Side.LEFT else max(top_y, score_pad.bottom + m)
        av = Rect(x + (side_w - avatar) // 2, y0, avatar, avatar)
        pl = Rect(x, av.bottom + m // 2, side_w, plate_h)
        mk = Rect(av.right - chip // 2, av.y, chip, chip)
        hand_rect = Rect(x, pl.bottom + m, side_w, max(small_h, centre_bottom - pl.bottom - m))
        areas[side] = _SeatRects(av, pl, mk, hand_rect)
        if side == Side.LEFT:
            left_edge = x + side_w + m
        else:
            right_edge = x - m
    if seats == 3:
        top_band = max(top_y, min(areas[Side.LEFT].avatar.y, areas[Side.RIGHT].avatar.y))

    # -- the centre: the trick in the middle, each seat's meld towards the seat ------------------------
    # Melds are shown between the deal and the first trick, so they may share room with the trick;
    # with two seats the melds stay out during play and get bands of their own.
    centre = Rect(left_edge, top_band, right_edge - left_edge, centre_bottom - top_band)
    meld_h = min(round(small_h * (1.08 if seats == 2 else 1.25)), centre.h // 3)
    meld_bottom = Rect(centre.x, centre.bottom - meld_h, centre.w, meld_h)
    meld_top = Rect(centre.x, centre.y, centre.w, meld_h)
    side_meld_w = _clamp(centre.w * 0.3, min(centre.w * 0.3, small_w * 1.6), small_w * 4)
    meld_left = Rect(centre.x, meld_top.bottom, side_meld_w, meld_bottom.y - meld_top.bottom)
    meld_right = Rect(centre.right - side_meld_w, meld_top.bottom, side_meld_w, meld_bottom.y - meld_top.bottom)
    if seats == 2:
        # The stock on the left, the trick in the middle of the table, and the two melds (which stay
        # out during the play of phase one) to its right: the opponent's above, the human's below.
        stock_col = round(small_w * 2.2) + m
        trick_col = max(round(centre.w * 0.26), round(small_w * 2))
        trick_room = Rect(0, centre.y, trick_col, centre.h)
        trick_room.centerx = max(width // 2, centre.x + stock_col + trick_col // 2)
        meld_x = trick_room.right + m
        half = (centre.h - m) // 2
        meld_top = Rect(meld_x, centre.y, centre.right - meld_x, half)
        meld_bottom = Rect(meld_x, centre.bottom - half, centre.right - meld_x, half)
    elif seats == 3:
        meld_left = Rect(centre.x, centre.y, side_meld_w, meld_bottom.y - centre.y)
        meld_right = Rect(centre.right - side_meld_w, centre.y, side_meld_w, meld_bottom.y - centre.y)
        trick_room = centre.inflate(-2 * m, -2 * m)
    else:
        trick_room = centre.inflate(-2 * m, -2 * m)
    # Where each seat's card lies, in card sizes from the centre of the trick.
    offsets = {
        4: {Side.BOTTOM: (0, 0.3), Side.LEFT: (-0.34, 0), Side.TOP: (0, -0.3), Side.RIGHT: (0.34, 0)},
        3: {Side.BOTTOM: (0, 0.24), Side.LEFT: (-0.4, -0.12), Side.RIGHT: (0.4, -0.12)},
        2: {Side.BOTTOM: (0.14, 0.2), Side.TOP: (-0.14, -0.2)},
    }[seats]
    spread_x = 1 + 4 * max(abs(o[0]) for o in offsets.values())
    spread_y = 1 + 2 * max(o[1] for o in offsets.values()) - 2 * min(o[1] for o in offsets.values())
    trick_w = min(round(card_w * 0.8), int(trick_room.w / spread_x), int(trick_room.h / spread_y / CARD_RATIO))
    trick_w = max(20, trick_w)
    trick_h = round(trick_w * CARD_RATIO)
    cx, cy = trick_room.center
    trick_rects: dict[Side, Rect] = {}
    for side, (ox, oy) in offsets.items():
        r = Rect(0, 0, trick_w, trick_h)
        r.center = (round(cx + ox * trick_w * 2), round(cy + oy * trick_h * 2))
        trick_rects[side] = r
    trick_area = Rect(trick_rects[Side.BOTTOM]).unionall(list(trick_rects.values()))
    melds = {Side.BOTTOM: meld_bottom, Side.TOP: meld_top, Side.LEFT: meld_left, Side.RIGHT: meld_right}

    seat_areas = [
        SeatArea(
            0,
            Side.BOTTOM,
            me_avatar,
            me_plate,
            me_marker,
            hand_band,
            melds[Side.BOTTOM],
            trick_rects[Side.BOTTOM],
            _bubble(Side.BOTTOM, me_avatar, me_plate, hand_band, centre, m),
        )
    ]
    for i, side in enumerate(sides[1:], start=1):
        av, pl, mk, hand_rect = areas[side]
        bubble = _bubble(side, av, pl, hand_rect, centre, m)
        if side == Side.TOP:
            bubble = _top_bubble(bubble, trick_rects[Side.TOP], areas, me_avatar, me_plate, centre, width, m)
        seat_areas.append(SeatArea(i, side, av, pl, mk, hand_rect, melds[side], trick_rects[side], bubble))

    # -- stock, widow and the bid panel -----------------------------------------------------------------
    stock_cards = max(widow, 2)
    stock = Rect(0, 0, small_w + round((stock_cards - 1) * small_w * 1.08), small_h)
    if seats == 2:
        # The stock and the turn-up lie to the left of the trick during play.
        stock.midleft = (centre.x + m, trick_room.centery)
    else:
        stock.center = trick_area.center
    widow_rects = tuple(spread(stock, widow, small_w, small_h, max_step=1.08)) if widow else ()

    # portrait: as wide as the centre; large text: wider
    panel_w = min(_clamp(width * (0.42 if width > height else 0.8) * grow ** 0.5, 280, 760), centre.w)
    panel_h = min(_clamp(btn_h * (4.2 - 1.6 * (grow - 1)), 120, 360), centre.h)  # large text: room for a hint
    bid_panel = _clear_of_bubbles(Rect(0, 0, panel_w, panel_h), centre, [a.bubble for a in seat_areas[1:]], m)

    cramped = roomy and any(area.hand.bottom > centre_bottom for side, area in areas.items()
                            if side in (Side.LEFT, Side.RIGHT))
    return TableLayout(
        width=width,
        height=height,
        margin=m,
        card_w=card_w,
        card_h=card_h,
        small_w=small_w,
        small_h=small_h,
        trick_w=trick_w,
        trick_h=trick_h,
        rows=rows,
        raise_px=raise_px,
        hand=tuple(hand),
        hand_band=hand_band,
        hand_per_row=per_row,
        seats=tuple(seat_areas),
        trick_area=trick_area,
        stock=stock,
        widow=widow_rects,
        bid_panel=bid_panel,
        buttons=button_rects,
        status=status,
        tools=tools,
        score_pad=score_pad,
        menu_button=menu,
        text=grow,
    ), cramped
