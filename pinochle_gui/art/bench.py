"""How long the art takes to build: a benchmark that prints numbers.

    python -m pinochle_gui.art.bench [width height]

For the window size given (default 1920x1080) it builds, for each deck design, every face at the
three card widths the layout uses (hand, small, trick) and the back, and times a frame's worth of
blits of cached surfaces.
"""

from __future__ import annotations

import os
import sys
import time

import pygame

from engine.cards import CARDS
from pinochle_gui.art.cards import DESIGNS, CardArt
from pinochle_gui.layout import table_layout
from pinochle_gui.theme import felt_surface


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    width, height = (int(args[0]), int(args[1])) if len(args) >= 2 else (1920, 1080)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    pygame.display.set_mode((width, height))
    lay = table_layout(width, height, 4, 12)
    print(f"window {width}x{height}: hand card {lay.card_w}px, small {lay.small_w}px, trick {lay.trick_w}px")
    CardArt("classic").build(40)  # load the fonts and shapes once, outside the timings
    for design in DESIGNS:
        art = CardArt(design)
        start = time.perf_counter()
        art.build(lay.card_w)
        hand = time.perf_counter() - start
        for w in (lay.small_w, lay.trick_w):
            art.build(w)
        total = time.perf_counter() - start
        print(
            f"{design:18s} 24 faces + back at {lay.card_w}px: {hand * 1000:6.1f} ms;"
            f" all three widths: {total * 1000:6.1f} ms"
        )
    start = time.perf_counter()
    felt_surface.cache_clear()
    felt = felt_surface("green", width, height)
    print(f"felt {width}x{height}: {(time.perf_counter() - start) * 1000:.1f} ms")
    frame = pygame.Surface((width, height))
    art = CardArt("classic")
    art.build(lay.card_w)
    start = time.perf_counter()
    frames = 60
    for _ in range(frames):
        frame.blit(felt, (0, 0))
        for i, rect in enumerate(lay.hand):
            frame.blit(art.face(CARDS[i], lay.card_w), rect)
        for seat in lay.seats[1:]:
            for rect in seat.backs(12, lay.small_w, lay.small_h):
                frame.blit(art.back(lay.small_w), rect)
    print(f"one frame of felt + 48 cached cards: {(time.perf_counter() - start) / frames * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
