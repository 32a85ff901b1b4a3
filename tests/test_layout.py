"""The table layout at landscape, portrait, small and 4K sizes for every seat count and hand size."""

from __future__ import annotations

import itertools

import pytest
from pygame import Rect

from pinochle_gui.layout import MIN_VISIBLE, PANEL_LEAST, cards_in, spread, table_layout

SIZES = [
    (640, 480),
    (800, 600),
    (1024, 768),
    (1280, 720),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
    (540, 960),
    (720, 1280),
    (1080, 1920),
    (600, 800),
]
SEATS = (2, 3, 4)
HANDS = (12, 15, 20)
RECEIVED = (0, 4)


def _inside(rect: Rect, w: int, h: int) -> bool:
    return rect.x >= 0 and rect.y >= 0 and rect.right <= w and rect.bottom <= h


CASES = list(itertools.product(SIZES, SEATS, HANDS, RECEIVED))
LOOKS = {"usual": (1.0, False), "large print": (1.5, True)}  # the text size, and the large-card layout


@pytest.mark.parametrize("look", list(LOOKS))
@pytest.mark.parametrize(("size", "seats", "hand", "received"), CASES)
def test_everything_on_screen_and_apart(size: tuple[int, int], seats: int, hand: int, received: int,
                                        look: str) -> None:
    w, h = size
    widow = 3 if seats == 3 else 0
    text, large_cards = LOOKS[look]
    lay = table_layout(w, h, seats, hand, received=received, widow=widow, text=text, large_cards=large_cards)
    count = hand + received
    assert len(lay.hand) == count
    assert len(lay.seats) == seats

    # Nothing off screen.
    named = {
        "hand area": lay.hand_area,
        "trick area": lay.trick_area,
        "stock": lay.stock,
        "bid panel": lay.bid_panel,
        "status": lay.status,
        "tools": lay.tools,
        "score pad": lay.score_pad,
        "menu": lay.menu_button,
    }
    for i, b in enumerate(lay.buttons):
        named[f"button {i}"] = b
    for r in lay.widow:
        named["widow card"] = r
    for seat in lay.seats:
        for part in ("avatar", "plate", "marker", "meld", "trick", "bubble"):
            named[f"seat {seat.seat} {part}"] = getattr(seat, part)
        if seat.seat:
            for r in seat.backs(count, lay.small_w, lay.small_h):
                assert _inside(r, w, h), f"a back of seat {seat.seat} is off screen: {r}"
    for name, rect in named.items():
        assert _inside(rect, w, h), f"{name} {rect} is off a {w}x{h} window"
    for r in lay.hand:
        assert _inside(r.move(0, -lay.raise_px), w, h), f"a raised card {r} is off screen"

    # The human's hand stays clear of the controls, the other seats, the trick and the top bar.
    hand_area = lay.hand_area
    others = [lay.bid_panel, lay.trick_area, lay.status, lay.tools, lay.score_pad, lay.menu_button, *lay.buttons]
    for seat in lay.seats:
        others += [seat.avatar, seat.plate, seat.meld, seat.bubble]
        if seat.seat:
            others += seat.backs(count, lay.small_w, lay.small_h)
    for other in others:
        assert not hand_area.colliderect(other), f"the hand {hand_area} overlaps {other}"

    # Controls and seats do not overlap one another.
    solid = [lay.status, lay.tools, lay.score_pad, lay.menu_button, *lay.buttons]
    for seat in lay.seats:
        solid += [seat.avatar.inflate(-2, -2), seat.plate]
    for a, b in itertools.combinations(solid, 2):
        assert not a.colliderect(b), f"{a} overlaps {b}"
    for seat in lay.seats:
        # A bid bubble covers neither its own seat's avatar and name nor the controls.
        assert not seat.bubble.colliderect(seat.avatar) and not seat.bubble.colliderect(seat.plate)
        if seat.side == "top":  # a meld called in the play (two-handed) once covered the card the seat led
            assert not seat.bubble.colliderect(seat.trick), "the top seat's bubble covers its card on the trick"
        for neighbour in lay.seats:
            if neighbour is not seat:
                for part in (neighbour.avatar, neighbour.plate, neighbour.bubble):
                    assert not seat.bubble.colliderect(part), f"seat {seat.seat}'s bubble covers {part}"
                if neighbour.seat:
                    assert not seat.bubble.colliderect(neighbour.hand), f"seat {seat.seat}'s bubble covers backs"
        for control in (lay.status, lay.tools, lay.score_pad, lay.menu_button, *lay.buttons):
            assert not seat.bubble.colliderect(control), f"seat {seat.seat}'s bubble {seat.bubble} covers {control}"
        roomy = lay.bid_panel.w > PANEL_LEAST[0] and lay.bid_panel.h > PANEL_LEAST[1]  # not squeezed to its least
        if seat.seat and roomy:  # the others' bids show while the player bids
            assert not seat.bubble.colliderect(lay.bid_panel), f"the bid panel covers seat {seat.seat}'s bubble"
        for trick in (s.trick for s in lay.seats):
            assert not trick.colliderect(seat.plate) and not trick.colliderect(seat.avatar)
        if seat.seat:
            backs = seat.hand
            for b in [lay.trick_area, lay.score_pad, lay.menu_button, lay.status, lay.tools, *lay.buttons]:
                assert not backs.colliderect(b), f"seat {seat.seat}'s backs {backs} overlap {b}"
            for neighbour in lay.seats:
                if neighbour is not seat:
                    assert not backs.colliderect(neighbour.plate) and not backs.colliderect(neighbour.avatar)
                    assert not backs.colliderect(neighbour.hand)

    # Cards are neither absurdly small nor absurdly large; every card's index shows.
    assert lay.card_w >= 48, lay.card_w
    assert lay.card_h <= h * 0.3
    assert lay.trick_w >= 34, lay.trick_w
    assert lay.small_w >= 24
    rows: dict[int, list[Rect]] = {}
    for r in lay.hand:
        rows.setdefault(r.y, []).append(r)
    assert len(rows) == lay.rows
    for row in rows.values():
        xs = [r.x for r in row]
        assert xs == sorted(xs)
        steps = [b - a for a, b in itertools.pairwise(xs)]
        assert all(s >= lay.card_w * MIN_VISIBLE - 1 for s in steps), steps


@pytest.mark.parametrize("size", [(720, 1200), (700, 1150), (540, 960), (1000, 620), (1280, 720), (1920, 1080)])
def test_the_tools_have_room_for_four_buttons_in_every_shape(size: tuple[int, int]) -> None:
    lay = table_layout(*size, 4, 12)
    assert lay.tools.w >= 4 * 44 and lay.tools.h >= 26
    assert lay.bar_bottom >= lay.status.bottom and not lay.tools.colliderect(lay.status)


def test_trick_cards_apart_enough_to_read() -> None:
    for size, seats in itertools.product(SIZES, SEATS):
        lay = table_layout(*size, seats, 12)
        centres = [s.trick.center for s in lay.seats]
        for a, b in itertools.combinations(centres, 2):
            assert abs(a[0] - b[0]) >= lay.trick_w * 0.25 or abs(a[1] - b[1]) >= lay.trick_h * 0.25


def test_the_layout_is_a_pure_function() -> None:
    assert table_layout(1280, 720, 4, 12, received=4) == table_layout(1280, 720, 4, 12, received=4)
    small, large = table_layout(800, 600, 4, 12), table_layout(1920, 1080, 4, 12)
    assert large.card_w > small.card_w
    assert large.card_widths == {large.card_w, large.small_w, large.trick_w}


def test_sides_follow_the_play_clockwise() -> None:
    assert [s.side for s in table_layout(1280, 720, 4, 12).seats] == ["bottom", "left", "top", "right"]
    assert [s.side for s in table_layout(1280, 720, 3, 15).seats] == ["bottom", "left", "right"]
    assert [s.side for s in table_layout(1280, 720, 2, 12).seats] == ["bottom", "top"]
    lay = table_layout(1280, 720, 4, 12)
    left, top, right = lay.seats[1], lay.seats[2], lay.seats[3]
    assert left.avatar.centerx < top.avatar.centerx < right.avatar.centerx
    assert top.trick.centery < lay.seats[0].trick.centery
    assert left.trick.centerx < right.trick.centerx


def test_narrow_windows_use_two_rows() -> None:
    assert table_layout(540, 960, 4, 20, received=4).rows == 2
    assert table_layout(1920, 1080, 4, 12).rows == 1


def test_widow_and_stock() -> None:
    lay = table_layout(1280, 720, 3, 15, widow=3)
    assert len(lay.widow) == 3
    assert all(lay.stock.contains(r) for r in lay.widow)
    two = table_layout(1280, 720, 2, 12)
    assert not two.stock.colliderect(two.trick_area)  # the stock lies beside the trick in two-handed play


def test_bad_seat_count() -> None:
    with pytest.raises(ValueError, match="2, 3 or 4"):
        table_layout(800, 600, 5, 12)


def test_spread_and_cards_in() -> None:
    area = Rect(0, 0, 300, 100)
    cards = spread(area, 5, 50, 70)
    assert len(cards) == 5 and all(area.contains(r) for r in cards)
    assert cards[1].x - cards[0].x == pytest.approx(52, abs=1)  # room to spare: a small gap, no overlap
    tight = spread(area, 20, 50, 70)
    assert tight[0].x == 0 and tight[-1].right == 300
    assert spread(area, 0, 50, 70) == []
    meld = cards_in(Rect(0, 0, 200, 200), 12, 50, 70)
    assert len(meld) == 12 and len({r.y for r in meld}) > 1
    assert all(r.x >= 0 and r.right <= 200 for r in meld)


@pytest.mark.parametrize(("size", "seats", "hand"), [((1280, 720), 4, 12), ((540, 960), 4, 20), ((640, 480), 3, 15)])
def test_hand_slots_keep_the_card_size_as_the_hand_shrinks_and_grows(
    size: tuple[int, int], seats: int, hand: int
) -> None:
    lay = table_layout(*size, seats, hand, received=4)
    assert list(lay.hand_slots(hand + 4)) == list(lay.hand)
    for n in range(hand + 5):
        slots = lay.hand_slots(n)
        assert len(slots) == n
        assert all(r.size == (lay.card_w, lay.card_h) and lay.hand_area.contains(r) for r in slots)
        if n:
            # Centred, and a hand that shrinks keeps to the bottom row.
            row = [r for r in slots if r.y == slots[-1].y]
            middle = (row[0].left + row[-1].right) / 2 if len(slots) <= lay.hand_per_row else lay.hand_band.centerx
            assert abs(middle - lay.hand_band.centerx) <= 2
            assert max(r.bottom for r in slots) == lay.hand_band.bottom
    assert lay.hand_slots(0) == []


def test_large_print_grows_the_bars_plates_buttons_and_the_hand() -> None:
    usual = table_layout(1280, 720, 4, 12, received=4)
    large = table_layout(1280, 720, 4, 12, received=4, text=1.5, large_cards=True)
    assert large.text == 1.5 and usual.text == 1.0
    assert large.status.h > usual.status.h and large.buttons[0].h > usual.buttons[0].h
    assert large.seats[0].plate.h > usual.seats[0].plate.h and large.seats[0].plate.w > usual.seats[0].plate.w
    assert large.card_w > usual.card_w * 1.15
    assert table_layout(1280, 720, 4, 12, large_cards=True).card_w > usual.card_w  # large cards alone
    assert table_layout(640, 480, 4, 12, large_cards=True).card_w == table_layout(640, 480, 4, 12).card_w
