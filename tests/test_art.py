"""Card faces, backs, suit shapes, avatars, markers and table themes.

Golden-image tests hold the faces of every deck design, the backs, some avatars and the markers to
the pictures in tests/golden/ (drawn by tests/make_golden.py), with a small per-pixel tolerance.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from engine.cards import CARDS, CLUBS, DIAMONDS, HEARTS, SPADES, SUITS, parse_card
from pinochle_gui.art import (
    AVATAR_COUNT,
    BACKS,
    DESIGNS,
    CardArt,
    card_height,
    render_avatar,
    render_back,
    render_face,
    render_marker,
    suit_polygons,
)
from pinochle_gui.art.cards import STATES, drawn_face
from pinochle_gui.art.suits import render_suit
from pinochle_gui.theme import THEMES, draw_panel, felt_surface, get_theme

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("make_golden", HERE / "make_golden.py")
assert _spec is not None and _spec.loader is not None
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield


def _rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _difference(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float]:
    """(mean absolute channel difference, share of pixels off by more than 16 in some channel)."""
    assert a.get_size() == b.get_size()
    x, y = _rgba(a), _rgba(b)
    total = 0
    off = 0
    for i in range(0, len(x), 4):
        d = max(abs(x[i] - y[i]), abs(x[i + 1] - y[i + 1]), abs(x[i + 2] - y[i + 2]), abs(x[i + 3] - y[i + 3]))
        total += d
        off += d > 16
    pixels = len(x) // 4
    return total / pixels, off / pixels


GOLDEN_NAMES = sorted(p.name for p in (HERE / "golden").glob("*.png"))


def test_every_golden_image_is_checked_in() -> None:
    assert sorted(make_golden.golden_images()) == GOLDEN_NAMES
    assert len(GOLDEN_NAMES) >= 4 * 6 + 4


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden(name: str) -> None:
    drawn = _drawn()[name]
    golden = pygame.image.load(str(HERE / "golden" / name))
    mean, off = _difference(drawn, golden)
    assert mean < 1.0 and off < 0.005, f"{name} differs from its golden image: mean {mean:.2f}, {off:.2%} pixels off"


@functools.cache
def _drawn() -> dict[str, pygame.Surface]:
    images: dict[str, pygame.Surface] = make_golden.golden_images()
    return images


def test_golden_images_differ_from_each_other() -> None:
    # A tolerance that let any card pass would be no test: two faces must fail it.
    a = render_face(parse_card("KD"), 100, "classic")
    b = render_face(parse_card("KH"), 100, "classic")
    mean, off = _difference(a, b)
    assert off > 0.01 or mean > 1.0


@pytest.mark.parametrize("design", sorted(DESIGNS))
def test_faces_are_distinct_sized_and_rounded(design: str) -> None:
    faces = [render_face(c, 60, design) for c in CARDS]
    assert len({_rgba(f) for f in faces}) == 24
    for face in faces:
        assert face.get_size() == (60, card_height(60)) == (60, 84)
        assert face.get_at((0, 0)).a == 0  # a rounded corner is clear
        assert face.get_at((30, 42)).a == 255
        assert face.get_at((3, 42)).a == 255


def _share_near(surface: pygame.Surface, color: tuple[int, int, int], tolerance: int = 40) -> float:
    data = _rgba(surface)
    hits = 0
    for i in range(0, len(data), 4):
        if data[i + 3] > 200 and all(abs(data[i + k] - color[k]) <= tolerance for k in range(3)):
            hits += 1
    return hits / (len(data) // 4)


def test_suit_inks_follow_the_design() -> None:
    classic, four = DESIGNS["classic"], DESIGNS["four_color"]
    assert classic.suit_colors[DIAMONDS] == classic.suit_colors[HEARTS]
    assert len(set(four.suit_colors)) == 4
    nine_of_diamonds = parse_card("9D")
    blue = four.suit_colors[DIAMONDS]
    assert _share_near(render_face(nine_of_diamonds, 80, "four_color"), blue) > 0.03
    assert _share_near(render_face(nine_of_diamonds, 80, "classic"), blue) == 0
    green = four.suit_colors[CLUBS]
    assert _share_near(render_face(parse_card("TC"), 80, "four_color"), green) > 0.03


def test_large_index_rank_is_much_taller() -> None:
    def rank_height(design: str) -> int:
        """Rows of the first run of ink from the top in the card's left strip: the rank letter."""
        face = render_face(parse_card("KS"), 100, design)
        rows = [any(sum(face.get_at((x, y))[:3]) < 250 for x in range(4, 16)) for y in range(4, 70)]
        start = rows.index(True)
        return rows[start:].index(False)

    classic, large = rank_height("classic"), rank_height("large_index")
    assert 8 <= classic <= 16
    assert large >= 2.2 * classic


def test_backs() -> None:
    backs = {name: render_back(name, 50) for name in BACKS}
    assert len(BACKS) >= 4
    assert len({_rgba(b) for b in backs.values()}) == len(BACKS)
    for back in backs.values():
        assert back.get_size() == (50, 70)
        assert back.get_at((0, 0)).a == 0 and back.get_at((25, 35)).a == 255


def test_suit_shapes_fit_their_box_and_differ() -> None:
    for suit in SUITS:
        points = [p for poly in suit_polygons(suit) for p in poly]
        assert all(-0.01 <= x <= 1.01 and -0.01 <= y <= 1.01 for x, y in points)
    coverage = {}
    for suit in SUITS:
        symbol = render_suit(suit, 40, (0, 0, 0))
        coverage[suit] = sum(1 for i in range(3, len(_rgba(symbol)), 4) if _rgba(symbol)[i] > 128)
    # Diamonds are the leanest symbol, hearts and spades bulkier; all cover a good part of their box.
    assert coverage[DIAMONDS] < coverage[HEARTS] and coverage[DIAMONDS] < coverage[SPADES]
    assert all(300 < c < 1400 for c in coverage.values()), coverage


def test_card_art_caches_and_rebuilds_on_resize() -> None:
    art = CardArt("classic", "red")
    ace = parse_card("AS")
    first = art.face(ace, 70)
    assert art.face(ace, 70) is first
    assert art.back(70) is art.back(70)
    states = {state: art.face(ace, 70, state) for state in STATES}
    assert len({_rgba(s) for s in states.values()}) == len(STATES)
    art.build(90)
    assert set(art.widths) == {70, 90}
    art.resize({90})
    assert (ace, 70, "normal") not in art._faces  # dropped; asked again, it comes from the run's drawn faces
    assert _rgba(art.face(ace, 70)) == _rgba(first)
    assert drawn_face(ace, 70, "classic") is drawn_face(ace, 70, "classic")  # a new table draws no face again
    assert art.shadow(90).get_width() > 90
    with pytest.raises(KeyError, match="no deck design"):
        CardArt("psychedelic")
    with pytest.raises(KeyError, match="no card back"):
        CardArt("classic", "plaid")
    with pytest.raises(KeyError, match="no card state"):
        art.face(ace, 90, "glowing")


def test_dimmed_is_darker_and_selected_outlined() -> None:
    art = CardArt("classic")
    ace = parse_card("AH")
    normal, dimmed, selected = art.face(ace, 80), art.face(ace, 80, "dimmed"), art.face(ace, 80, "selected")
    assert sum(dimmed.get_at((40, 20))[:3]) < sum(normal.get_at((40, 20))[:3]) - 60
    edge = selected.get_at((2, 56))
    assert (edge.r, edge.g, edge.b) != (normal.get_at((2, 56)).r, normal.get_at((2, 56)).g, normal.get_at((2, 56)).b)


def test_avatars_are_deterministic_and_varied() -> None:
    assert _rgba(render_avatar(5, 48)) == _rgba(render_avatar(5, 48))
    faces = {_rgba(render_avatar(seed, 48)) for seed in range(AVATAR_COUNT)}
    assert len(faces) == AVATAR_COUNT
    for size in (24, 100, 200):
        avatar = render_avatar(1, size)
        assert avatar.get_size() == (size, size)
        assert avatar.get_at((0, 0)).a == 0 and avatar.get_at((size // 2, size // 2)).a == 255


def test_markers() -> None:
    for kind in ("dealer", "declarer", "turn"):
        marker = render_marker(kind, 30)
        assert marker.get_size() == (30, 30)
    assert render_marker("turn", 30).get_at((15, 15)).a == 0  # a ring: the avatar shows through
    assert render_marker("dealer", 30).get_at((15, 15)).a == 255
    with pytest.raises(KeyError, match="no marker"):
        render_marker("trumpeter", 30)


def test_themes() -> None:
    assert {"green", "blue", "wood", "dark"} <= set(THEMES)
    for name, theme in THEMES.items():
        felt = felt_surface(name, 320, 200)
        assert felt.get_size() == (320, 200)
        centre, corner = felt.get_at((160, 100)), felt.get_at((0, 0))
        assert sum(centre[:3]) > sum(corner[:3])  # the vignette darkens the edges
        panel = pygame.Surface((100, 40))
        draw_panel(panel, pygame.Rect(0, 0, 100, 40), theme)
        assert panel.get_at((50, 20))[:3] != (0, 0, 0)
    with pytest.raises(KeyError, match="no theme"):
        get_theme("plaid")


def test_sheet_draws_a_table() -> None:
    from pinochle_gui.art.sheet import table_mockup

    mock = table_mockup(640, 480, get_theme("dark"))
    assert mock.get_size() == (640, 480)
    assert len({tuple(mock.get_at((x, 460))) for x in range(0, 640, 8)}) > 10  # the hand is there
