"""Draw the app icon, assets/icon.png: the queen of spades and the jack of diamonds (a pinochle), fanned
on green felt, with the game's own card art. Run it again after the card art changes::

    python build/make_icon.py [--size 256] [--out assets/icon.png]

The build turns the PNG into the Windows .ico and the macOS .icns (see build/icons.py).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from engine.cards import parse_card  # noqa: E402
from pinochle_gui.art import render_face  # noqa: E402

FELT = (21, 96, 55)
FELT_LIGHT = (38, 128, 74)
RIM = (12, 58, 33)


def draw_icon(size: int) -> pygame.Surface:
    """The icon, ``size`` pixels square, drawn 4x larger and smooth-scaled down."""
    big = size * 4
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    # A round-cornered felt tile with a soft light in the middle.
    radius = big // 5
    pygame.draw.rect(surface, RIM, surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-big // 16, -big // 16)
    pygame.draw.rect(surface, FELT, inner, border_radius=radius - big // 32)
    glow = pygame.Surface((big, big), pygame.SRCALPHA)
    for step in range(24, 0, -1):
        alpha = round(6 + 2 * (24 - step))
        pygame.draw.circle(glow, (*FELT_LIGHT, min(alpha, 60)), (big // 2, big * 9 // 20), big * step // 52)
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), inner, border_radius=radius - big // 32)
    glow.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(glow, (0, 0))
    # Two cards, fanned: the jack of diamonds behind, the queen of spades in front.
    card_width = round(big * 0.44)
    for code, angle, dx in ((parse_card("JD"), 14.0, -0.11), (parse_card("QS"), -10.0, 0.1)):
        face = render_face(int(code), card_width)
        shadow = pygame.Surface(face.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90))
        shadow.blit(face, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        for image, offset in ((shadow, big // 60), (face, 0)):
            turned = pygame.transform.rotozoom(image, angle, 1.0)
            lift = abs(math.sin(math.radians(angle))) * big * 0.02
            center = (round(big / 2 + dx * big + offset), round(big * 0.52 + offset + lift))
            surface.blit(turned, turned.get_rect(center=center))
    return pygame.transform.smoothscale(surface, (size, size))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=256)
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "icon.png")
    args = parser.parse_args(argv)
    pygame.display.init()
    try:
        icon = draw_icon(args.size)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(icon, str(args.out))
    finally:
        pygame.quit()
    print(f"wrote {args.out} ({args.size}x{args.size})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
