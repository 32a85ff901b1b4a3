"""Generated avatars (a face drawn from an int seed, at any size) and the seat markers.

The same seed always gives the same face: background, shoulders, skin, hair style and colour, eyes,
mouth and an accessory or two are all drawn from ``random.Random(seed)``. Seeds ``0 .. AVATAR_COUNT-1``
are the portraits offered in the settings; any other int works too.
"""

from __future__ import annotations

import functools
import math
import random

import pygame

from pinochle_gui.art._draw import Color, canvas, mix, shrink, star, text_block

AVATAR_COUNT = 16
MARKERS = ("dealer", "declarer", "turn")

_BACKGROUNDS: tuple[Color, ...] = (
    (92, 140, 210),
    (214, 120, 96),
    (120, 180, 130),
    (196, 160, 220),
    (240, 196, 96),
    (96, 184, 190),
    (230, 140, 170),
    (150, 150, 170),
    (170, 200, 96),
    (120, 120, 200),
)
_SKINS: tuple[Color, ...] = (
    (255, 219, 180),
    (240, 192, 150),
    (214, 160, 118),
    (180, 124, 86),
    (140, 92, 62),
    (100, 66, 44),
)
_HAIRS: tuple[Color, ...] = (
    (40, 30, 24),
    (90, 56, 30),
    (160, 110, 60),
    (220, 190, 120),
    (170, 60, 30),
    (200, 200, 205),
    (60, 60, 70),
)
_SHIRTS: tuple[Color, ...] = (
    (40, 60, 120),
    (150, 40, 50),
    (40, 110, 70),
    (230, 230, 230),
    (70, 70, 80),
    (200, 140, 40),
    (110, 60, 140),
)
HAIR_STYLES = ("bald", "short", "long", "bun", "curly", "spiky", "side")


@functools.lru_cache(maxsize=128)
def render_avatar(seed: int, size: int) -> pygame.Surface:
    """A round portrait ``size`` pixels across, the same for the same seed. Never modify the result."""
    rng = random.Random(seed * 7919 + 17)
    ss = 4 if size <= 128 else 2
    s = size * ss
    big = canvas(s, s, (0, 0, 0))
    bg = rng.choice(_BACKGROUNDS)
    skin = rng.choice(_SKINS)
    hair = rng.choice(_HAIRS)
    shirt = rng.choice(_SHIRTS)
    style = rng.choice(HAIR_STYLES)
    c = s / 2
    pygame.draw.circle(big, (*bg, 255), (c, c), c)
    pygame.draw.circle(big, (*mix(bg, (255, 255, 255), 0.25), 255), (c, c), c * 0.8, max(1, round(s * 0.01)))
    face = pygame.Rect(0, 0, round(s * rng.uniform(0.4, 0.48)), round(s * rng.uniform(0.5, 0.56)))
    face.center = (round(c), round(s * 0.47))
    # Long hair hangs behind the head and shoulders.
    if style == "long":
        pygame.draw.rect(
            big,
            hair,
            face.inflate(round(s * 0.12), round(s * 0.04)).move(0, round(s * 0.1)),
            border_radius=round(s * 0.12),
        )
    # Shoulders and neck.
    pygame.draw.ellipse(big, shirt, pygame.Rect(round(s * 0.14), round(s * 0.76), round(s * 0.72), round(s * 0.5)))
    neck = pygame.Rect(0, 0, round(face.w * 0.42), round(s * 0.14))
    neck.midtop = (round(c), face.bottom - round(s * 0.05))
    pygame.draw.rect(big, mix(skin, (0, 0, 0), 0.12), neck)
    pygame.draw.polygon(
        big,
        mix(shirt, (255, 255, 255), 0.3),
        [(neck.left, round(s * 0.79)), (c, round(s * 0.86)), (neck.right, round(s * 0.79))],
    )
    # Ears, head.
    for side in (-1, 1):
        pygame.draw.ellipse(
            big,
            skin,
            pygame.Rect(0, 0, round(s * 0.08), round(s * 0.12)).move(
                round(c + side * face.w / 2 - s * 0.04), face.centery - round(s * 0.05)
            ),
        )
    pygame.draw.ellipse(big, skin, face)
    _hair(big, style, hair, face, s, rng)
    # Eyes and brows.
    eye_y = face.y + round(face.h * 0.48)
    gap = face.w * rng.uniform(0.2, 0.25)
    big_eyes = rng.random() < 0.5
    for side in (-1, 1):
        ex = c + side * gap
        if big_eyes:
            pygame.draw.ellipse(
                big,
                (255, 255, 255),
                pygame.Rect(round(ex - s * 0.04), round(eye_y - s * 0.028), round(s * 0.08), round(s * 0.056)),
            )
            pygame.draw.circle(big, (40, 30, 30), (ex, eye_y), s * 0.021)
        else:
            pygame.draw.circle(big, (40, 30, 30), (ex, eye_y), s * 0.019)
        brow_tilt = rng.uniform(-0.015, 0.02) * s
        pygame.draw.line(
            big,
            mix(hair, (0, 0, 0), 0.3),
            (ex - s * 0.045, eye_y - s * 0.06 + side * brow_tilt * 0.3),
            (ex + s * 0.045, eye_y - s * 0.06 - side * brow_tilt * 0.3),
            max(1, round(s * 0.016)),
        )
    # Cheeks, nose, mouth.
    for side in (-1, 1):
        pygame.draw.circle(
            big, mix(skin, (230, 90, 90), 0.3), (c + side * face.w * 0.3, eye_y + face.h * 0.17), s * 0.03
        )
    pygame.draw.line(
        big,
        mix(skin, (0, 0, 0), 0.3),
        (c, eye_y + s * 0.02),
        (c - s * 0.015, eye_y + s * 0.08),
        max(1, round(s * 0.01)),
    )
    mouth_y = face.y + face.h * 0.76
    mouth = rng.choice(("smile", "grin", "smirk"))
    mw = face.w * 0.34
    if mouth == "grin":
        pygame.draw.polygon(
            big,
            (120, 30, 40),
            [(c - mw / 2, mouth_y - s * 0.01), (c + mw / 2, mouth_y - s * 0.01), (c, mouth_y + s * 0.05)],
        )
        pygame.draw.line(
            big,
            (255, 255, 255),
            (c - mw * 0.38, mouth_y - s * 0.002),
            (c + mw * 0.38, mouth_y - s * 0.002),
            max(1, round(s * 0.012)),
        )
    else:
        tilt = 0.0 if mouth == "smile" else s * 0.02
        arc = [
            (c - mw / 2 + mw * t, mouth_y + math.sin(math.pi * t) * s * 0.035 - tilt * t)
            for t in (i / 12 for i in range(13))
        ]
        pygame.draw.lines(big, (120, 40, 40), False, arc, max(1, round(s * 0.014)))
    # Accessories.
    if style != "long" and rng.random() < 0.25:
        beard = pygame.Rect(
            face.x + round(face.w * 0.1), face.y + round(face.h * 0.6), round(face.w * 0.8), round(face.h * 0.5)
        )
        pygame.draw.ellipse(big, hair, beard)
        pygame.draw.ellipse(
            big,
            skin,
            pygame.Rect(0, 0, round(mw * 1.3), round(s * 0.06)).move(round(c - mw * 0.65), round(mouth_y - s * 0.03)),
        )
        pygame.draw.line(big, (120, 40, 40), (c - mw * 0.4, mouth_y), (c + mw * 0.4, mouth_y), max(1, round(s * 0.014)))
    if rng.random() < 0.3:
        frame = (30, 30, 36) if rng.random() < 0.6 else (170, 120, 40)
        for side in (-1, 1):
            pygame.draw.circle(big, frame, (c + side * gap, eye_y), s * 0.055, max(1, round(s * 0.012)))
        pygame.draw.line(
            big, frame, (c - gap + s * 0.055, eye_y), (c + gap - s * 0.055, eye_y), max(1, round(s * 0.012))
        )
    if style in ("bald", "short") and rng.random() < 0.45:
        _hat(big, face, s, rng.choice(_SHIRTS))
    # Clip to the disc and ring it.
    mask = canvas(s, s, (0, 0, 0))
    pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), c - 1)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(big, (*mix(bg, (0, 0, 0), 0.35), 255), (c, c), c - 1, max(1, round(s * 0.025)))
    return shrink(big, (size, size))


def _hair(big: pygame.Surface, style: str, hair: Color, face: pygame.Rect, s: int, rng: random.Random) -> None:
    top = pygame.Rect(face.x - round(s * 0.01), face.y - round(s * 0.03), face.w + round(s * 0.02), round(face.h * 0.5))
    if style == "bald":
        pygame.draw.ellipse(
            big,
            mix(hair, (0, 0, 0), 0.1),
            pygame.Rect(face.x - 2, face.centery - round(s * 0.06), round(s * 0.05), round(s * 0.1)),
        )
        pygame.draw.ellipse(
            big,
            mix(hair, (0, 0, 0), 0.1),
            pygame.Rect(
                face.right - round(s * 0.05) + 2, face.centery - round(s * 0.06), round(s * 0.05), round(s * 0.1)
            ),
        )
        return
    pygame.draw.ellipse(big, hair, top)
    pygame.draw.rect(big, hair, pygame.Rect(top.x, top.centery, top.w, round(face.h * 0.12)))
    # The fringe: the face shows below a wavy line.
    fringe_y = face.y + face.h * 0.3
    if style == "side":
        pygame.draw.polygon(
            big,
            hair,
            [
                (face.x, fringe_y),
                (face.right, face.y + face.h * 0.15),
                (face.right, fringe_y - s * 0.02),
                (face.x, fringe_y + s * 0.03),
            ],
        )
    if style == "curly":
        for i in range(9):
            a = math.pi + math.pi * i / 8
            pygame.draw.circle(
                big,
                hair,
                (face.centerx + math.cos(a) * face.w * 0.55, face.y + face.h * 0.32 + math.sin(a) * face.h * 0.42),
                s * 0.06,
            )
    if style == "spiky":
        for i in range(6):
            x = face.x + face.w * (i + 0.5) / 6
            pygame.draw.polygon(
                big,
                hair,
                [
                    (x - s * 0.04, face.y + s * 0.04),
                    (x + rng.uniform(-0.02, 0.02) * s, face.y - s * 0.07),
                    (x + s * 0.04, face.y + s * 0.04),
                ],
            )
    if style == "bun":
        pygame.draw.circle(big, hair, (face.centerx, face.y - s * 0.05), s * 0.08)
    skin_cut = pygame.Rect(face.x + round(face.w * 0.08), round(fringe_y), round(face.w * 0.84), round(face.h * 0.3))
    # Redraw the lower face over the hair so the hairline is a soft curve.
    face_surface = canvas(s, s, (0, 0, 0))
    pygame.draw.ellipse(face_surface, (255, 255, 255, 255), face)
    band = canvas(s, s, (0, 0, 0))
    pygame.draw.ellipse(
        band, (255, 255, 255, 255), skin_cut.inflate(0, round(face.h * 0.3)).move(0, round(face.h * 0.12))
    )
    pygame.draw.rect(band, (255, 255, 255, 255), pygame.Rect(face.x, skin_cut.y + round(face.h * 0.2), face.w, face.h))
    face_surface.blit(band, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    skin = big.get_at(face.center)
    tint = canvas(s, s, (0, 0, 0))
    tint.fill((skin.r, skin.g, skin.b, 255))
    face_surface.blit(tint, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(face_surface, (0, 0))


def _hat(big: pygame.Surface, face: pygame.Rect, s: int, color: Color) -> None:
    brim = pygame.Rect(
        face.x - round(s * 0.06), face.y + round(face.h * 0.1), face.w + round(s * 0.12), round(s * 0.07)
    )
    crown = pygame.Rect(face.x + round(face.w * 0.1), face.y - round(s * 0.1), round(face.w * 0.8), round(s * 0.2))
    pygame.draw.rect(big, color, crown, border_top_left_radius=round(s * 0.06), border_top_right_radius=round(s * 0.06))
    pygame.draw.rect(
        big, mix(color, (0, 0, 0), 0.35), pygame.Rect(crown.x, crown.bottom - round(s * 0.04), crown.w, round(s * 0.04))
    )
    pygame.draw.ellipse(big, mix(color, (0, 0, 0), 0.15), brim)


@functools.lru_cache(maxsize=64)
def render_marker(kind: str, size: int, accent: Color = (246, 200, 76)) -> pygame.Surface:
    """A seat marker ``size`` pixels square: ``"dealer"`` (a D chip), ``"declarer"`` (a gold star) or
    ``"turn"`` (a glowing ring to put around the avatar of the player to act)."""
    if kind not in MARKERS:
        raise KeyError(f"no marker {kind!r}; choose one of {', '.join(MARKERS)}")
    ss = 4
    s = size * ss
    big = canvas(s, s, accent)
    c = s / 2
    if kind == "dealer":
        pygame.draw.circle(big, (250, 250, 246, 255), (c, c), c - 1)
        pygame.draw.circle(big, (180, 30, 40, 255), (c, c), c - 1, max(1, round(s * 0.1)))
        for i in range(8):
            a = math.pi * i / 4
            pygame.draw.circle(
                big, (250, 250, 246, 255), (c + math.cos(a) * c * 0.86, c + math.sin(a) * c * 0.86), s * 0.04
            )
        letter = text_block("D", s * 0.42, (30, 30, 36))
        big.blit(letter, (round(c - letter.get_width() / 2), round(c - letter.get_height() / 2)))
    elif kind == "declarer":
        pygame.draw.circle(big, (40, 30, 10, 255), (c, c), c - 1)
        pygame.draw.polygon(big, (*accent, 255), star(c, c * 1.06, c * 0.86, c * 0.38))
        pygame.draw.polygon(big, (*mix(accent, (255, 255, 255), 0.5), 255), star(c, c * 1.06, c * 0.4, c * 0.18))
    else:
        for i in range(10):
            t = i / 10
            pygame.draw.circle(
                big, (*accent, round(25 + 200 * t * t)), (c, c), c * (1 - 0.12 * t), max(1, round(s * 0.02))
            )
        pygame.draw.circle(big, (*accent, 255), (c, c), c * 0.86, max(1, round(s * 0.035)))
        pygame.draw.circle(big, (0, 0, 0, 0), (c, c), c * 0.82)
    return shrink(big, (size, size))
