"""The four suit symbols as vector shapes: lists of polygons in a unit box, drawn at any size.

Each shape is made of one or more polygons whose points lie in the box ``[0, 1] x [0, 1]`` (y down);
curves (the heart's lobes, the spade's stem, the diamond's sides) are béziers and parametric curves
sampled finely enough to stay smooth when drawn large and smooth-scaled down.
"""

from __future__ import annotations

import functools
import math

import pygame

from engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES

Point = tuple[float, float]
Polygon = list[Point]

_STEPS = 96


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 24) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
            )
        )
    return out


def _fit(points: list[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """Scale ``points`` uniformly so their bounds fill ``box`` (x, y, w, h) in one dimension, centred."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    bx, by, bw, bh = box
    s = min(bw / w, bh / h)
    ox = bx + (bw - w * s) / 2 - min(xs) * s
    oy = by + (bh - h * s) / 2 - min(ys) * s
    return [(x * s + ox, y * s + oy) for x, y in points]


def _heart_curve(steps: int = _STEPS) -> list[Point]:
    """The classic heart curve (x = 16 sin^3 t), slightly fattened, point down, y down."""
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x * 1.08, -y))
    return pts


def _heart() -> list[Polygon]:
    return [_fit(_heart_curve(), (0.0, 0.04, 1.0, 0.92))]


def _diamond() -> list[Polygon]:
    top, right, bottom, left = (0.5, 0.0), (0.86, 0.5), (0.5, 1.0), (0.14, 0.5)
    pts: list[Point] = []
    # Sides bow gently inward, like a printed lozenge.
    for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
        c = ((a[0] + b[0]) / 2 + (0.5 - (a[0] + b[0]) / 2) * 0.12, (a[1] + b[1]) / 2 + (0.5 - (a[1] + b[1]) / 2) * 0.12)
        pts.extend(_bezier(a, c, c, b)[:-1])
    return [pts]


def _stem(cx: float, top: float, bottom: float, half_top: float, half_bottom: float) -> Polygon:
    """A stem flaring towards its foot along concave curves."""
    left = _bezier(
        (cx - half_top, top),
        (cx - half_top, bottom - 0.05),
        (cx - half_bottom * 0.55, bottom),
        (cx - half_bottom, bottom),
        16,
    )
    right = _bezier(
        (cx + half_bottom, bottom),
        (cx + half_bottom * 0.55, bottom),
        (cx + half_top, bottom - 0.05),
        (cx + half_top, top),
        16,
    )
    return left + right


def _spade() -> list[Polygon]:
    body = [(x, -y) for x, y in _heart_curve()]
    body = _fit(body, (0.0, 0.0, 1.0, 0.80))
    return [body, _stem(0.5, 0.55, 1.0, 0.035, 0.2)]


def _circle(cx: float, cy: float, r: float, steps: int = 48) -> Polygon:
    return [
        (cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps)) for i in range(steps)
    ]


def _club() -> list[Polygon]:
    r = 0.235
    return [
        _circle(0.5, 0.25, r),
        _circle(0.255, 0.58, r),
        _circle(0.745, 0.58, r),
        [(0.5, 0.3), (0.34, 0.56), (0.5, 0.7), (0.66, 0.56)],  # fills the gap between the three leaves
        _stem(0.5, 0.55, 1.0, 0.04, 0.19),
    ]


@functools.cache
def suit_polygons(suit: int) -> tuple[tuple[Point, ...], ...]:
    """The polygons of ``suit`` in the unit box (y down), upright."""
    shapes = {SPADES: _spade, HEARTS: _heart, DIAMONDS: _diamond, CLUBS: _club}
    return tuple(tuple(p) for p in shapes[suit]())


def draw_suit(
    surface: pygame.Surface,
    suit: int,
    rect: pygame.Rect | tuple[float, float, float, float],
    color: tuple[int, ...],
    upside_down: bool = False,
) -> None:
    """Fill the symbol of ``suit`` into ``rect`` (x, y, w, h) on ``surface``, optionally rotated 180°.

    Edges are hard: draw on a large surface and smooth-scale it down for anti-aliasing.
    """
    x, y, w, h = (float(v) for v in (rect if isinstance(rect, tuple) else (rect.x, rect.y, rect.w, rect.h)))
    for poly in suit_polygons(suit):
        if upside_down:
            pts = [(x + (1 - px) * w, y + (1 - py) * h) for px, py in poly]
        else:
            pts = [(x + px * w, y + py * h) for px, py in poly]
        pygame.draw.polygon(surface, color, pts)


def render_suit(suit: int, size: int, color: tuple[int, int, int], supersample: int = 4) -> pygame.Surface:
    """One anti-aliased suit symbol ``size`` pixels square on a transparent surface."""
    big = pygame.Surface((size * supersample, size * supersample), pygame.SRCALPHA)
    draw_suit(big, suit, (0, 0, size * supersample, size * supersample), color)
    return pygame.transform.smoothscale(big, (size, size))
