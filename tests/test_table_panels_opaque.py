"""Table panels that carry text are opaque: no card of the table behind shows through their figures."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from conftest import event, play_out  # noqa: E402

from engine.events import EventKind, GameOver, HandScored  # noqa: E402
from engine.game import new_game  # noqa: E402
from engine.history import HandHistory  # noqa: E402
from engine.rules import preset  # noqa: E402
from pinochle_gui.screens.replay import hand_table  # noqa: E402
from pinochle_gui.table.scorepad import draw_full_pad  # noqa: E402
from pinochle_gui.table.summary import draw_game_over, draw_summary, draw_table  # noqa: E402
from pinochle_gui.theme import PANEL_RADIUS, THEMES, Theme  # noqa: E402

SIZE = (1280, 800)
AREA = pygame.Rect(0, 60, 1280, 560)
SIDES = ["Us", "Them"]
NAMES = ["You", "West", "North", "East"]


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.display.set_mode(SIZE)


def table_behind(card_shapes: bool) -> pygame.Surface:
    """The felt, and with ``card_shapes`` a row of white cards with dark pips across the middle."""
    surface = pygame.Surface(SIZE)
    surface.fill((26, 110, 62))
    if card_shapes:
        for x in range(0, SIZE[0], 90):
            pygame.draw.rect(surface, (250, 250, 250), (x, 200, 80, 112), border_radius=6)
            pygame.draw.circle(surface, (20, 20, 20), (x + 40, 256), 14)
    return surface


def record_and_summary() -> tuple[dict[str, object], HandHistory, HandScored]:
    game = new_game(preset("partnership_auction"), seed=3)
    scored = event(play_out(game), EventKind.HAND_SCORED)
    assert isinstance(scored, HandScored)
    return game.hand_records[-1], game.hands_played[-1], scored


def panels(theme: Theme) -> dict[str, Callable[[pygame.Surface], pygame.Rect]]:
    record, hand, summary = record_and_summary()

    def full_pad(surface: pygame.Surface) -> pygame.Rect:
        draw_full_pad(surface, AREA, theme, SIDES, [hand], NAMES, [120, -40], 1500)
        return AREA.inflate(-AREA.w // 8, -AREA.h // 10)

    def replay_result(surface: pygame.Surface) -> pygame.Rect:
        box = pygame.Rect(100, 150, 520, 300)
        head, rows = hand_table(record)  # type: ignore[arg-type]
        draw_table(surface, box, theme, head, rows, "", None)
        return box

    return {
        "summary": lambda s: draw_summary(s, AREA, theme, summary, SIDES, NAMES, "Deal #3", 0,
                                               team_of=preset("partnership_auction").team_of),
        "game over": lambda s: draw_game_over(s, AREA, theme, GameOver(0, (1520, 980)), SIDES, 0, 9,
                                              "Start a new game, or go back to the menu."),
        "score pad": full_pad,
        "replay result": replay_result,
    }


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
def test_no_card_shows_through_a_panel_with_text(theme: Theme) -> None:
    for name, draw in panels(theme).items():
        over_cards, over_felt = table_behind(True), table_behind(False)
        box = draw(over_cards)
        assert draw(over_felt) == box
        inside = box.inflate(-2 * PANEL_RADIUS, -2 * PANEL_RADIUS)
        assert inside.colliderect(pygame.Rect(0, 200, SIZE[0], 112)), f"{name}: the panel must cover the cards"
        cards = pygame.image.tobytes(over_cards.subsurface(inside), "RGB")
        felt = pygame.image.tobytes(over_felt.subsurface(inside), "RGB")
        assert cards == felt, f"{name} in the {theme.name} theme lets the cards behind show through"
