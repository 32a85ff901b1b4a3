"""The table in every window shape: every tool within reach, the hand in progress on the score pad, what
was passed and the widow named, and nothing of the next hand before the summary is closed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


from tests.test_table_play import click, make_table  # noqa: E402
from tests.test_table_scene import run_until  # noqa: E402

pytestmark = pytest.mark.timeout(120)

SHAPES = [(720, 1200), (700, 1150), (1000, 620), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SHAPES)
def test_every_tool_is_a_button_on_the_table(tmp_path: Path, size: tuple[int, int]) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", size=size, seed=1)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        tools = {b.text: b for b in table.tools}
        assert list(tools) == ["Hint", "Undo", "Last", "Pad"]
        window = screen.get_rect()
        lay = table.director.lay
        for button in tools.values():
            assert window.contains(button.rect)
            for other in (lay.menu_button, lay.score_pad, table.status_rect, *(s.plate for s in lay.seats)):
                assert not button.rect.colliderect(other), (button.text, other)
        click(app, tools["Pad"].rect.center)
        assert table.show_pad
        click(app, tools["Pad"].rect.center)
        assert not table.show_pad
        click(app, tools["Last"].rect.center)
        assert table.hud.show_last_trick
        click(app, tools["Hint"].rect.center)
        assert table.hint_asked or table.hint_action is not None
    finally:
        app.close()
