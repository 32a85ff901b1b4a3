"""Claiming the remaining tricks at the table: the player's button, a computer's claim, the last trick by itself."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from conftest import stacked_game  # noqa: E402

from engine.actions import DeclareOut, Pass  # noqa: E402
from engine.game import Game, Phase, new_game  # noqa: E402
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
    players = game.rules.players
    names = ["You", "West", "North", "East"][:players]
    config = SeatsConfig(names, [None, *["random"] * (players - 1)], app.avatars(players), False, "claim-test", 0.0)
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


def said(table: TableScene, words: str) -> bool:
    """Whether the table's log of what happened has a line beginning with ``words``."""
    return any(m.startswith(words) for m in table.director.news.messages)


def test_the_player_claims_the_remaining_tricks_with_the_button(tmp_path: Path) -> None:
    game = stacked_game(preset("partnership_turnup"), [TOP, "", "", "9H"], dealer=3)
    app, table, screen = table_for(tmp_path, game)
    try:
        run_until(app, table, screen, lambda: players_card(table))
        claim = next(b for b in table.panel.buttons if b.text == "Claim the rest")
        click(app, claim.rect.center)
        run_until(app, table, screen, lambda: said(table, "You claim the remaining tricks"), frames=60)
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
        run_until(app, table, screen, lambda: table.director.shown_hand is not None, frames=600)
        assert said(table, "East claims the remaining tricks")
        hold = table.director.hold
        assert hold is not None and hold.timeout is None, "the claim waits for the player to look"
        shown = [s for s in table.director.hands[3] if s.target_flip == 1.0]
        assert sorted(s.card for s in shown if s.card is not None) == sorted(game.hand.deal.hands[3])
        assert not table.human_turn
        run_until(app, table, screen, lambda: bool(game.hand_records))
        tricks = game.hand_records[0]["tricks"]
        assert len(tricks) == 12 and all(game.rules.team_of(t["winner"]) == 1 for t in tricks)
    finally:
        app.close()


def play_hands(app: App, table: TableScene, screen: pygame.Surface, hands: int, rng: random.Random,
               frames: int = 20_000) -> list[int]:
    """Play until ``hands`` hands are scored: the player claims whenever the table offers it (its button),
    else takes a random legal action (in the auction it passes four times in five); holds and summaries are
    clicked away. The computer seats whose hand lay face up with a claim, in order."""
    shown: list[int] = []
    claiming = False
    for _ in range(frames):
        records = table.game.hand_records
        if len(records) >= hands or table.game.is_over:
            return shown
        director = table.director
        if director.shown_hand is not None and not claiming:
            shown.append(director.shown_hand)
        claiming = director.shown_hand is not None
        if director.hold is not None or director.news.summary is not None:
            click(app, (screen.get_width() // 2, screen.get_height() // 2))
        elif table.human_turn and director.idle:
            claim = [b for b in table.panel.buttons if b.text == "Claim the rest"]
            if claim:
                click(app, claim[0].rect.center)
            else:
                legal = [a for a in table.obs.legal_actions if not isinstance(a, DeclareOut)]
                passes = [a for a in legal if isinstance(a, Pass)]
                table.submit(passes[0] if passes and rng.random() < 0.8 else rng.choice(legal))
        app.tick(1 / 60)
        app.stack.draw(screen)
    raise AssertionError(f"the table stalled in hand {len(table.game.hand_records) + 1}: {table.status_text()}")


def test_a_computers_claim_in_a_later_hand_finishes_it(tmp_path: Path) -> None:
    """Four-handed auction, deal 1: East claims in the second hand. The game holds the first hand's record
    already; the claim still lays East's cards face up and plays the hand out, and the game goes on."""
    app, table, screen = table_for(tmp_path, new_game(preset("partnership_auction"), seed=1))
    try:
        shown = play_hands(app, table, screen, 3, random.Random(1))
        records = table.game.hand_records
        assert len(records) >= 3 and records[1].get("claim", {}).get("seat") == 3
        assert shown == [r["claim"]["seat"] for r in records if r.get("claim", {}).get("seat", 0) != 0]
        assert 3 in shown, "East's hand lay face up with its claim"
        claimed = (len(records[1]["actions"]) - records[1]["claim"]["action"]) // 4  # every action after it a play
        assert claimed >= 2 and all(table.rules.team_of(t["winner"]) == table.rules.team_of(3)
                                    for t in records[1]["tricks"][-claimed:])
    finally:
        app.close()


def test_the_players_claim_in_a_later_hand_finishes_it(tmp_path: Path) -> None:
    """Three-handed, deal 28: the player claims in the second hand with the button, and the hand ends."""
    app, table, screen = table_for(tmp_path, new_game(preset("three_hand"), seed=28))
    try:
        play_hands(app, table, screen, 3, random.Random(28))
        records = table.game.hand_records
        assert len(records) >= 3 and records[1].get("claim", {}).get("seat") == 0
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
