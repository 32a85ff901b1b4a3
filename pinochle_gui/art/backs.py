"""Card backs drawn by our own code: a white border around a lattice or a tiled pattern, with a medallion."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.cards import SUITS
from pinochle_gui.art._draw import Color, canvas, card_height, mix, rounded_rect, shrink, star, supersample_for
from pinochle_gui.art.suits import draw_suit

PAPER: Color = (250, 248, 242)


@dataclass(frozen=True)
class BackDesign:
    name: str
    label: str
    field: Color  # the ground of the back
    ink: Color  # the lattice and medallion lines
    style: str  # "lattice" or "quilt"


BACKS: dict[str, BackDesign] = {
    b.name: b
    for b in (
        BackDesign("blue", "Blue lattice", (28, 70, 150), (150, 186, 236), "lattice"),
        BackDesign("red", "Red lattice", (160, 28, 38), (240, 160, 150), "lattice"),
        BackDesign("green", "Green lattice", (22, 104, 64), (150, 220, 170), "lattice"),
        BackDesign("pattern", "Burgundy and gold quilt", (104, 20, 44), (226, 184, 84), "quilt"),
    )
}


def render_back(name: str, width: int) -> pygame.Surface:
    """The back called ``name`` at ``width`` x ``width * 1.4``, anti-aliased, corners clear."""
    design = BACKS[name]
    ss = supersample_for(width)
    w, h = width * ss, card_height(width) * ss
    big = canvas(w, h, PAPER)
    radius = round(w * 0.07)
    rounded_rect(big, (*PAPER, 255), big.get_rect(), radius)
    rounded_rect(big, (128, 128, 124, 255), big.get_rect(), radius, width=max(1, round(w * 0.008)))
    field = big.get_rect().inflate(-round(w * 0.12), -round(w * 0.12))
    inner = canvas(field.w, field.h, design.field)
    inner.fill((*design.field, 255))
    if design.style == "lattice":
        _lattice(inner, design)
    else:
        _quilt(inner, design)
    _medallion(inner, design)
    mask = canvas(field.w, field.h, (0, 0, 0))
    rounded_rect(mask, (255, 255, 255, 255), mask.get_rect(), round(w * 0.04))
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(inner, field.topleft)
    rounded_rect(
        big,
        (*design.field, 255),
        field.inflate(round(w * 0.03), round(w * 0.03)),
        round(w * 0.05),
        width=max(1, round(w * 0.01)),
    )
    return shrink(big, (width, card_height(width)))


def _lattice(surface: pygame.Surface, design: BackDesign) -> None:
    w, h = surface.get_size()
    step = max(4, round(w / 7))
    line = max(1, round(w * 0.012))
    light = mix(design.field, design.ink, 0.55)
    for i in range(-h, w + h, step):
        pygame.draw.line(surface, light, (i, 0), (i + h, h), line)
        pygame.draw.line(surface, light, (i, 0), (i - h, h), line)
    # small dots in the middle of each lattice cell
    dot = max(1, round(w * 0.014))
    for y in range(0, h + step, step):
        for x in range(0, w + step, step):
            pygame.draw.circle(surface, design.ink, (x + step // 2, y), dot)
            pygame.draw.circle(surface, design.ink, (x, y + step // 2), dot)


def _quilt(surface: pygame.Surface, design: BackDesign) -> None:
    w, h = surface.get_size()
    step = max(6, round(w / 4))
    for y in range(-step, h + step, step):
        for x in range(-step, w + step, step):
            cx, cy = x + step / 2, y + step / 2
            for k, t in enumerate((0.5, 0.36, 0.22, 0.1)):
                r = step * t
                color = design.ink if k % 2 == 0 else mix(design.field, design.ink, 0.25)
                pygame.draw.polygon(surface, color, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
            pygame.draw.polygon(
                surface,
                design.field,
                [(cx, cy - step * 0.05), (cx + step * 0.05, cy), (cx, cy + step * 0.05), (cx - step * 0.05, cy)],
            )


def _medallion(surface: pygame.Surface, design: BackDesign) -> None:
    w, h = surface.get_size()
    cx, cy = w / 2, h / 2
    oval = pygame.Rect(0, 0, round(w * 0.64), round(w * 0.78))
    oval.center = (round(cx), round(cy))
    pygame.draw.ellipse(surface, design.field, oval.inflate(round(w * 0.06), round(w * 0.06)))
    pygame.draw.ellipse(surface, design.ink, oval, max(1, round(w * 0.018)))
    pygame.draw.ellipse(surface, design.ink, oval.inflate(-round(w * 0.06), -round(w * 0.06)), max(1, round(w * 0.006)))
    pygame.draw.polygon(surface, design.ink, star(cx, cy, w * 0.1, w * 0.04, points=8))
    size = w * 0.12
    offsets = ((0, -1), (1, 0), (0, 1), (-1, 0))
    for suit, (dx, dy) in zip(SUITS, offsets, strict=True):
        px, py = cx + dx * w * 0.17, cy + dy * w * 0.2
        draw_suit(surface, suit, (px - size / 2, py - size / 2, size, size), design.ink)
