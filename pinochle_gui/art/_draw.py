"""Drawing helpers shared by the art modules: supersampled canvases, rounded cards, cropped text."""

from __future__ import annotations

import math

import pygame

from pinochle_gui.fonts import card_font

Color = tuple[int, int, int]

CARD_RATIO = 1.4  # height / width of a card (2.5 x 3.5 inches)


def supersample_for(width: int) -> int:
    """How many times larger to draw a card ``width`` pixels wide before smooth-scaling it down."""
    if width <= 90:
        return 4
    if width <= 200:
        return 3
    return 2


def card_height(width: int) -> int:
    return max(1, round(width * CARD_RATIO))


def canvas(width: int, height: int, fill: Color = (255, 255, 255)) -> pygame.Surface:
    """A transparent surface whose clear pixels carry ``fill`` (no dark fringes when smooth-scaled)."""
    surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    surface.fill((*fill, 0))
    return surface


def shrink(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Smooth-scale ``surface`` down to ``size`` in halving steps (sharper than one big step)."""
    w, h = surface.get_size()
    while w >= size[0] * 4 and h >= size[1] * 4:
        w, h = w // 2, h // 2
        surface = pygame.transform.smoothscale(surface, (w, h))
    return pygame.transform.smoothscale(surface, size)


def mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def text_block(text: str, height: float, color: Color, condense: float = 1.0) -> pygame.Surface:
    """``text`` in the card font, cropped to its ink and scaled so the ink is ``height`` pixels high."""
    size = max(8, round(height * 1.45))
    surf = card_font(size).render(text, True, color)
    ink = surf.get_bounding_rect()
    if ink.width == 0 or ink.height == 0:
        return canvas(1, 1)
    surf = surf.subsurface(ink).copy()
    scale = height / ink.height
    return pygame.transform.smoothscale(surf, (max(1, round(ink.width * scale * condense)), max(1, round(height))))


def rounded_rect(
    surface: pygame.Surface, color: tuple[int, ...], rect: pygame.Rect, radius: int, width: int = 0
) -> None:
    pygame.draw.rect(surface, color, rect, width=width, border_radius=radius)


def star(
    cx: float, cy: float, outer: float, inner: float, points: int = 5, turn: float = -math.pi / 2
) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = turn + math.pi * i / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts
