"""Draw the golden images of tests/test_art.py into tests/golden/ (run it when the art changes on purpose).

    python tests/make_golden.py

Then look at the pictures before committing them: they are what the tests hold the art to.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from engine.cards import parse_card  # noqa: E402
from pinochle_gui.art import BACKS, DESIGNS, render_avatar, render_back, render_face, render_marker  # noqa: E402
from pinochle_gui.art.avatars import MARKERS  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"
CARD_WIDTH = 100
GOLDEN_CARDS = ("AS", "TH", "KD", "QC", "9S", "JD")
AVATAR_SEEDS = (0, 1, 2, 3)
AVATAR_SIZE = 64
MARKER_SIZE = 32


def golden_images() -> dict[str, pygame.Surface]:
    """Every golden picture by file name, drawn by the code as it is now."""
    images: dict[str, pygame.Surface] = {}
    for design in DESIGNS:
        for text in GOLDEN_CARDS:
            images[f"face_{design}_{text}.png"] = render_face(parse_card(text), CARD_WIDTH, design)
    for back in BACKS:
        images[f"back_{back}.png"] = render_back(back, CARD_WIDTH)
    for seed in AVATAR_SEEDS:
        images[f"avatar_{seed}.png"] = render_avatar(seed, AVATAR_SIZE)
    for kind in MARKERS:
        images[f"marker_{kind}.png"] = render_marker(kind, MARKER_SIZE)
    return images


def main() -> int:
    pygame.init()
    GOLDEN.mkdir(exist_ok=True)
    images = golden_images()
    for name, surface in images.items():
        pygame.image.save(surface, str(GOLDEN / name))
    print(f"wrote {len(images)} golden images to {GOLDEN}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
