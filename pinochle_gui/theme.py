"""Colour themes of the table: felt, panels, text, accents; and the felt itself, drawn once per size.

A :class:`Theme` is plain data; widgets and scenes read their colours from it, never from literals.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass

import pygame

Color = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class Theme:
    """Every colour the table uses."""

    name: str
    label: str
    felt: Color  # the middle of the table
    felt_edge: Color  # the corners (a soft vignette between the two)
    felt_grain: int  # strength of the cloth or wood grain, 0 for none
    wood: bool  # grain in long streaks (a wooden table) instead of cloth speckle
    panel: RGBA  # name plates, score pad, dialogs
    panel_border: Color
    text: Color
    text_dim: Color
    accent: Color  # selection, whose turn, focused buttons
    button: Color
    button_hover: Color
    button_pressed: Color
    button_text: Color
    disabled: Color
    good: Color  # made bids, points won
    bad: Color  # sets, errors
    highlight: Color  # outline of a raised or selected card
    marked: Color  # cards received in a pass


THEMES: dict[str, Theme] = {
    t.name: t
    for t in (
        Theme(
            "green",
            "Green felt",
            felt=(26, 110, 62),
            felt_edge=(10, 58, 32),
            felt_grain=7,
            wood=False,
            panel=(12, 38, 24, 255),
            panel_border=(196, 168, 92),
            text=(244, 240, 226),
            text_dim=(170, 196, 178),
            accent=(246, 200, 76),
            button=(150, 36, 40),
            button_hover=(184, 52, 54),
            button_pressed=(110, 24, 28),
            button_text=(250, 244, 230),
            disabled=(96, 110, 100),
            good=(120, 224, 140),
            bad=(240, 100, 90),
            highlight=(255, 214, 64),
            marked=(64, 170, 255),
        ),
        Theme(
            "blue",
            "Blue baize",
            felt=(28, 78, 138),
            felt_edge=(10, 32, 70),
            felt_grain=7,
            wood=False,
            panel=(8, 22, 48, 255),
            panel_border=(170, 190, 220),
            text=(236, 242, 250),
            text_dim=(160, 180, 210),
            accent=(255, 196, 80),
            button=(214, 136, 36),
            button_hover=(236, 160, 56),
            button_pressed=(170, 104, 24),
            button_text=(24, 20, 16),
            disabled=(90, 104, 128),
            good=(120, 224, 160),
            bad=(250, 110, 100),
            highlight=(255, 210, 80),
            marked=(120, 240, 160),
        ),
        Theme(
            "wood",
            "Oak table",
            felt=(150, 98, 54),
            felt_edge=(78, 46, 22),
            felt_grain=16,
            wood=True,
            panel=(40, 24, 12, 255),
            panel_border=(226, 190, 120),
            text=(252, 242, 222),
            text_dim=(214, 186, 150),
            accent=(255, 220, 120),
            button=(48, 96, 64),
            button_hover=(62, 122, 82),
            button_pressed=(32, 70, 46),
            button_text=(246, 240, 224),
            disabled=(120, 100, 84),
            good=(150, 230, 150),
            bad=(255, 120, 96),
            highlight=(255, 226, 96),
            marked=(80, 190, 255),
        ),
        Theme(
            "dark",
            "Midnight",
            felt=(40, 44, 52),
            felt_edge=(14, 15, 19),
            felt_grain=5,
            wood=False,
            panel=(22, 24, 30, 255),
            panel_border=(92, 100, 118),
            text=(226, 230, 238),
            text_dim=(140, 146, 160),
            accent=(110, 180, 255),
            button=(60, 110, 200),
            button_hover=(80, 132, 224),
            button_pressed=(44, 84, 160),
            button_text=(244, 248, 255),
            disabled=(74, 78, 88),
            good=(110, 214, 140),
            bad=(240, 96, 96),
            highlight=(120, 200, 255),
            marked=(255, 170, 70),
        ),
        # For weak eyes: a nearly black table, white text, yellow focus and selection, no grain, bright edges.
        Theme(
            "contrast",
            "High contrast",
            felt=(20, 20, 20),
            felt_edge=(0, 0, 0),
            felt_grain=0,
            wood=False,
            panel=(0, 0, 64, 255),
            panel_border=(255, 255, 255),
            text=(255, 255, 255),
            text_dim=(230, 230, 230),
            accent=(255, 230, 0),
            button=(0, 60, 170),
            button_hover=(0, 84, 220),
            button_pressed=(0, 40, 120),
            button_text=(255, 255, 255),
            disabled=(150, 150, 150),
            good=(80, 255, 120),
            bad=(255, 110, 110),
            highlight=(255, 230, 0),
            marked=(0, 220, 255),
        ),
    )
}

DEFAULT_THEME = "green"


def get_theme(name: str) -> Theme:
    """The theme called ``name``; raises ``KeyError`` with the names there are."""
    try:
        return THEMES[name]
    except KeyError:
        raise KeyError(f"no theme {name!r}; choose one of {', '.join(THEMES)}") from None


def _mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@functools.lru_cache(maxsize=8)
def felt_surface(theme_name: str, width: int, height: int) -> pygame.Surface:
    """The table top of ``theme_name`` at ``width`` x ``height``: a vignette with cloth or wood grain.

    Built once per size (a few milliseconds at 1920x1080) from a small texture smoothscaled up, so a
    frame only blits it.
    """
    theme = get_theme(theme_name)
    width, height = max(1, width), max(1, height)
    # The vignette: a small radial gradient scaled up is smooth and cheap.
    small_w, small_h = 96, max(2, round(96 * height / width))
    small = pygame.Surface((small_w, small_h))
    cx, cy = (small_w - 1) / 2, (small_h - 1) / 2
    reach = math.hypot(cx, cy)
    for y in range(small_h):
        for x in range(small_w):
            d = math.hypot((x - cx) / reach * 1.15, (y - cy) / reach * 1.0)
            small.set_at((x, y), _mix(theme.felt, theme.felt_edge, min(1.0, max(0.0, d - 0.25) / 0.85) ** 1.6))
    surface = pygame.transform.smoothscale(small, (width, height))
    if theme.felt_grain:
        surface.blit(_grain(theme_name, width, height), (0, 0))
    return surface.convert() if pygame.display.get_surface() is not None else surface


def _grain(theme_name: str, width: int, height: int) -> pygame.Surface:
    theme = get_theme(theme_name)
    rng = random.Random(theme_name)
    grain = pygame.Surface((width, height), pygame.SRCALPHA)
    g = theme.felt_grain
    if theme.wood:
        # Long planks of streaks with a seam every so often.
        plank = max(40, height // 7)
        for y in range(0, height, 2):
            shade = rng.randint(-g, g) + round(g * 0.6 * math.sin(y / 9.0 + rng.random()))
            color = (255, 236, 210, min(60, abs(shade) * 2)) if shade > 0 else (30, 16, 4, min(70, abs(shade) * 3))
            pygame.draw.line(grain, color, (0, y), (width, y + rng.randint(-2, 2)), 2)
            if y % plank == 0 and y:
                pygame.draw.line(grain, (20, 10, 2, 90), (0, y), (width, y), 2)
    else:
        # Cloth: a fine speckle, tiled from one small random patch.
        tile = pygame.Surface((64, 64), pygame.SRCALPHA)
        for _ in range(700):
            x, y = rng.randrange(64), rng.randrange(64)
            tile.set_at(
                (x, y),
                (255, 255, 255, rng.randint(2, g * 2)) if rng.random() < 0.5 else (0, 0, 0, rng.randint(4, g * 3)),
            )
        for y in range(0, height, 64):
            for x in range(0, width, 64):
                grain.blit(tile, (x, y))
    return grain


PANEL_RADIUS = 12  # the largest corner of a panel, in pixels


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, radius: int | None = None, border: bool = True
) -> None:
    """A rounded panel with a thin border, in the theme's colours: nearly opaque, so the table behind
    never competes with its text; its corners stay small however big the panel."""
    if rect.width <= 0 or rect.height <= 0:
        return
    r = radius if radius is not None else max(4, min(PANEL_RADIUS, min(rect.height, rect.width) // 6))
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, theme.panel, panel.get_rect(), border_radius=r)
    if border:
        pygame.draw.rect(panel, (*theme.panel_border, 200), panel.get_rect(), width=max(1, r // 6), border_radius=r)
    surface.blit(panel, rect.topleft)
