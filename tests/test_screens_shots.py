"""``python -m pinochle_gui.screens`` renders every screen to PNG files (the docs' screenshots)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_screens_app import _display

from pinochle_gui.screens.__main__ import main, play, shots

__all__ = ["_display"]


@pytest.mark.slow
def test_every_screen_is_written_and_not_blank(tmp_path: Path, capsys: object) -> None:
    assert main(["--out", str(tmp_path), "--size", "640x480"]) == 0
    files = sorted(tmp_path.glob("screen-*-640x480.png"))
    assert [f.name.split("-640x480")[0].removeprefix("screen-") for f in files] == sorted(shots())
    for path in files:
        picture = pygame.image.load(str(path))
        assert picture.get_size() == (640, 480)
        colors = {tuple(picture.get_at((x, y))) for x in range(0, 640, 40) for y in range(0, 480, 40)}
        assert len(colors) > 8, path.name  # text, buttons and felt, not one flat colour


def test_sample_games_are_real_engine_games() -> None:
    game = play("partnership_auction", 7, hands=2)
    assert len(game.hand_records) == 2 and game.players == ["You", "West", "North", "East"]
    finished = play("two_hand", 1)
    assert finished.is_over and finished.hand_records[-1]["game_over"]
