"""Claiming the remaining tricks at the table: the player's button, a computer's claim, the last trick by itself."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from conftest import stacked_game  # noqa: E402

import pinochle_gui.table.scene as table_scene  # noqa: E402
from engine.game import Game, Phase  # noqa: E402
from engine.rules import preset  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table.scene import SeatsConfig, TableScene  # noqa: E402

pytestmark = pytest.mark.timeout(120)

TOP = "AH AH TH TH KH KH QH QH JH JH AS AS"  # hearts turned up: every trick is this hand's


def table_for(tmp_path: Path, game: Game) -> tuple[App, TableScene, pygame.Surface]:
    """South is the player, the others random computers, at a table showing ``game``."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    app = App(parse_args(["--fast", "--size", "1280x720"]), screen, Storage.open(tmp_path / "home"))
    names = ["You", "West", "North", "East"]
    config = SeatsConfig(names, [None, "random", "random", "random"], app.avatars(4), False, "claim-test", 0.0)
    table = TableScene(app, game, config)
    app._show_table(table)
    return app, table, screen


def click(app: App, pos: tuple[int, int]) -> None:
    app.stack.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.stack.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.stack.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def run_until(app: App, table: TableScene, screen: pygame.Surface, done: Callable[[], bool],
              frames: int = 3_000) -> None:
    """Run the table (a held meld or summary clicked away, as the player would) until ``done``."""
    for _ in range(frames):
        if done():
            return
        if table.director.hold is not None or table.director.news.summary is not None:
            click(app, (screen.get_width() // 2, screen.get_height() // 2))
        app.tick(1 / 60)
        app.stack.draw(screen)
    raise AssertionError("the table never got there")


def players_card(table: TableScene) -> bool:
    return table.human_turn and table.director.idle and table.obs.phase == Phase.PLAY


def toasts(table: TableScene) -> list[str]:
    return [t.text for t in table.hud.toasts]


def test_the_player_claims_the_remaining_tricks_with_the_button(tmp_path: Path) -> None:
    game = stacked_game(preset("partnership_turnup"), [TOP, "", "", "9H"], dealer=3)
    app, table, screen = table_for(tmp_path, game)
    try:
        run_until(app, table, screen, lambda: players_card(table))
        claim = next(b for b in table.panel.buttons if b.text == "Claim the rest")
        click(app, claim.rect.center)
        assert "You claim the remaining tricks" in toasts(table)
        assert game.hand_records, "the claim finished the hand"
        tricks = game.hand_records[0]["tricks"]
        assert len(tricks) == 12 and all(game.rules.team_of(t["winner"]) == 0 for t in tricks)
    finally:
        app.close()


def test_no_claim_button_while_a_trick_is_in_doubt(tmp_path: Path) -> None:
    game = stacked_game(preset("partnership_turnup"), ["AH AH TH TH KH KH QH QH JH JH AS KS", "", "", "9H"], dealer=3)
    app, table, screen = table_for(tmp_path, game)
    try:
        run_until(app, table, screen, lambda: players_card(table))
        assert table.panel.card_mode == "play"
        assert "Claim the rest" not in [b.text for b in table.panel.buttons]
    finally:
        app.close()


def test_a_computer_claims_and_the_table_says_so(tmp_path: Path) -> None:
    """East leads first (North deals) holding every winner: it claims, and the player's cards go with the hand."""
    game = stacked_game(preset("partnership_turnup"), ["", "", "9H", TOP], dealer=2)
    app, table, screen = table_for(tmp_path, game)
    try:
        run_until(app, table, screen, lambda: bool(game.hand_records))
        assert "East claims the remaining tricks" in toasts(table)
        tricks = game.hand_records[0]["tricks"]
        assert len(tricks) == 12 and all(game.rules.team_of(t["winner"]) == 1 for t in tricks)
    finally:
        app.close()


def test_a_claim_that_plays_no_card_leaves_the_table_stalled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's liveness: live frame after frame while a hand is played, and stalled, saying why, when a
    computer's claim plays no card (what issue 29's freeze looked like from the second hand on)."""
    game = stacked_game(preset("partnership_turnup"), ["", "", "9H", TOP], dealer=2)
    app, table, screen = table_for(tmp_path, game)
    try:
        monkeypatch.setattr(table_scene, "claim_the_rest", lambda game, seat: [])
        for _ in range(600):
            if table.why_stalled() is not None:
                break
            if table.director.hold is not None:
                click(app, (screen.get_width() // 2, screen.get_height() // 2))
            app.tick(1 / 60)
        reason = table.why_stalled()
        assert reason is not None and "East is to act in phase play but is not thinking" in reason, reason
        assert "claims the remaining tricks" in reason and not game.hand_records
    finally:
        app.close()


def test_the_table_is_live_through_a_computers_claim(tmp_path: Path) -> None:
    """Every frame of a hand that a computer claims, to its summary, finds the table live."""
    game = stacked_game(preset("partnership_turnup"), ["", "", "9H", TOP], dealer=2)
    app, table, screen = table_for(tmp_path, game)
    try:
        for _ in range(3_000):
            if game.hand_records and table.director.news.summary is not None:
                break
            app.tick(1 / 60)
            assert table.why_stalled() is None, table.why_stalled()
            if table.director.hold is not None and table.director.news.summary is None:
                click(app, (screen.get_width() // 2, screen.get_height() // 2))
        assert game.hand_records and table.director.news.summary is not None
        assert table.why_stalled() is None  # the summary waits for a click
    finally:
        app.close()
