"""The screens inside the real app (``pinochle_gui.shell.App``): title -> new game -> table -> pause ->
save and quit -> Continue, all by posted clicks and keys."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.rules import PRESETS  # noqa: E402
from pinochle_gui import shell  # noqa: E402
from pinochle_gui.app_protocol import App as ScreensApp  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.screens.new_game import NewGameScene  # noqa: E402
from pinochle_gui.screens.pause import PauseScene  # noqa: E402
from pinochle_gui.screens.screen import Screen  # noqa: E402
from pinochle_gui.screens.title import TitleScene  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def real_app(tmp_path: Path) -> Iterator[ScreensApp]:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 800))
    storage = Storage.open(tmp_path)
    storage.update_settings(toured=tuple(PRESETS))
    app = shell.App(parse_args(["--fast", "--seed", "5", "--level", "easy"]), screen, storage)
    yield app
    app.close()


def frame(app: ScreensApp, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    for event in pygame.event.get():
        app.stack.process_event(event)
    app.stack.update(0.02)
    app.stack.draw(pygame.Surface(app.stack.size))


def click_text(app: ScreensApp, text: str) -> None:
    top = app.stack.top
    assert isinstance(top, Screen)
    button = next(w for w in top.widgets if getattr(w, "text", None) == text)
    pos = button.rect.center
    frame(
        app,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def test_from_the_title_to_a_table_and_back_with_nothing_lost(real_app: ScreensApp) -> None:
    app = real_app
    assert shell.first_scene(app) is app.stack.top
    assert isinstance(app.stack.top, TitleScene)
    click_text(app, "New game")
    assert isinstance(app.stack.top, NewGameScene)
    click_text(app, "Two-handed")
    click_text(app, "Start")
    table = app.table  # type: ignore[attr-defined]
    assert table is not None and app.stack.top is table and table.game.rules.players == 2
    for _ in range(5):
        frame(app)
    app.open_pause(table)  # type: ignore[attr-defined]
    assert isinstance(app.stack.top, PauseScene)
    click_text(app, "Save and quit to title")
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.has_saved_game()
    click_text(app, "Continue")
    restored = app.table  # type: ignore[attr-defined]
    assert restored is not None and restored.game.rules.players == 2
    assert restored.game.deal_number == table.game.deal_number
