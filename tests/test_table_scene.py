"""The table scene's help and safety nets: save and continue, undo, hints, the last trick, statistics,
illegal clicks refused, and the table at landscape, portrait and small window sizes."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.actions import Play  # noqa: E402
from engine.ai.analysis.advice import APP_SEED  # noqa: E402
from engine.ai.analysis.hint import hint, hint_words  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table.director import VIEW_SEAT  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from tests.test_table_play import card_point, click, do_by_mouse, key, make_table, mouse_choices  # noqa: E402

pytestmark = pytest.mark.timeout(120)


def one_card_to_play(table: TableScene) -> bool:
    """The player is to play, nothing moves, and only one card may be played (it plays itself)."""
    obs = table.obs
    return (table.human_turn and table.director.idle and obs.phase == "play"
            and len([a for a in obs.legal_actions if isinstance(a, Play)]) == 1)


def run_until(app: App, table: TableScene, screen: pygame.Surface, done: object, act: bool = True,
              frames: int = 20_000) -> None:
    """Tick (and let the player act at random by mouse) until ``done()``; holds are clicked through."""
    rng = random.Random(2)
    for _ in range(frames):
        if done():  # type: ignore[operator]
            return
        app.tick(1 / 60)
        app.stack.draw(screen)
        if done():  # type: ignore[operator]
            return
        director = table.director
        if director.hold is not None:
            click(app, (screen.get_width() // 2, screen.get_height() // 2))
            continue
        if act and table.human_turn and director.idle:
            do_by_mouse(app, table, rng.choice(mouse_choices(table)))
    raise AssertionError("never got there")


def my_turn_to_play(table: TableScene) -> bool:
    return table.human_turn and table.director.idle and table.obs.phase == "play" and bool(table.legal_sprites())


def test_the_game_is_saved_after_every_action_and_continue_restores_the_exact_table(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=12)
    run_until(app, table, screen, lambda: len(table.game.hand.tricks) >= 2 and my_turn_to_play(table))
    log = [str(a) for a in table.game.log]
    app.saver.flush(10)
    app.close()
    options = parse_args(["--fast", "--size", "1280x720"])
    again = App(options, screen, Storage.open(tmp_path / "home"))
    try:
        again.continue_game()
        restored = again.table
        assert restored is not None and restored is not table
        assert [str(a) for a in restored.game.log] == log
        assert restored.obs.to_act == VIEW_SEAT and restored.obs.phase == "play"
        assert restored.obs.scores == table.obs.scores and restored.obs.trick == table.obs.trick
        cards = sorted(s.card for s in restored.director.hands[VIEW_SEAT] if s.card is not None)
        assert cards == sorted(restored.obs.hand)
        assert [len(h) for h in restored.director.hands[1:]] == list(restored.obs.hand_sizes[1:])
        assert restored.config.names == table.config.names and restored.config.levels == table.config.levels
    finally:
        again.close()


def test_undo_takes_back_the_players_last_card(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=21)
    try:
        run_until(app, table, screen, lambda: my_turn_to_play(table) and len(table.legal_sprites()) > 1)
        hand_before = sorted(table.obs.hand)
        log_before = len(table.game.log)
        legal = table.legal_sprites()
        sprite = next(s for s in table.director.hands[VIEW_SEAT] if id(s) in legal)
        click(app, card_point(sprite))
        assert len(table.game.log) == log_before + 1
        run_until(app, table, screen, lambda: table.director.idle, act=False)
        key(app, pygame.K_u)
        assert len(table.game.log) == log_before
        assert table.human_turn and sorted(table.obs.hand) == hand_before
        assert sorted(s.card for s in table.director.hands[VIEW_SEAT] if s.card is not None) == hand_before
    finally:
        app.close()


def test_nothing_to_undo_before_the_player_acted_in_the_hand(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "two_hand", seed=3)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        log = len(table.game.log)
        key(app, pygame.K_u)
        assert len(table.game.log) == log
        assert any("undo" in t.text.lower() for t in table.hud.toasts)
    finally:
        app.close()


def test_a_hint_names_a_legal_action_with_a_reason(tmp_path: Path) -> None:
    """The hint shown is the advice the review grades against, in its words: the hint at that position with the
    app's seed (tests/test_one_verdict.py holds the review's "The hint advised" to the same)."""
    app, table, screen = make_table(tmp_path, "two_hand", seed=9)
    try:
        run_until(app, table, screen, lambda: my_turn_to_play(table), act=False)
        key(app, pygame.K_h)
        run_until(app, table, screen, lambda: table.hint_action is not None, act=False, frames=200_000)
        assert table.game.is_legal(table.hint_action)
        action, reason = hint(table.game, VIEW_SEAT, APP_SEED)
        assert table.hint_action == action and table.hud.hint == f"{hint_words(action, table.game)} - {reason}"
        app.stack.draw(screen)
    finally:
        app.close()


def test_an_illegal_card_is_refused_and_said_so(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=33)
    try:
        def dimmed_card() -> bool:
            if not my_turn_to_play(table):
                return False
            legal = table.legal_sprites()
            return any(id(s) not in legal for s in table.director.hands[VIEW_SEAT])

        run_until(app, table, screen, dimmed_card)
        legal = table.legal_sprites()
        illegal = next(s for s in table.director.hands[VIEW_SEAT] if id(s) not in legal)
        assert table.card_states()[id(illegal)] == "dimmed"
        log = len(table.game.log)
        click(app, card_point(illegal))
        assert len(table.game.log) == log
        assert any("may not be played" in t.text for t in table.hud.toasts)
    finally:
        app.close()


def test_the_last_trick_is_shown_on_demand(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "three_hand", seed=2)
    try:
        run_until(app, table, screen, lambda: len(table.game.hand.tricks) >= 1 and table.director.idle
                  and table.human_turn)
        last = table.game.hand.tricks[-1]
        assert table.director.news.last_trick == list(last.plays)
        key(app, pygame.K_l)
        assert table.hud.show_last_trick
        app.stack.draw(screen)
        key(app, pygame.K_l)
        assert not table.hud.show_last_trick
    finally:
        app.close()


def test_finished_hands_go_to_the_statistics(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "two_hand", seed=6)
    try:
        run_until(app, table, screen, lambda: len(table.game.hand_records) >= 1)
        assert app.storage.stats.summary().hands == 1
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (720, 1280), (640, 400), (1920, 1080)])
@pytest.mark.parametrize("variant", ["two_hand", "three_hand", "partnership_auction", "double_deck"])
def test_the_table_fits_the_window(tmp_path: Path, variant: str, size: tuple[int, int]) -> None:
    app, table, screen = make_table(tmp_path, variant)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        app.stack.process_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        surface = pygame.Surface(size)
        app.tick(1 / 60)
        app.stack.draw(surface)
        window = pygame.Rect(0, 0, *size)
        for sprite in table.director.all_sprites():
            w = sprite.width
            rect = pygame.Rect(0, 0, w, round(w * 1.4))
            rect.center = (round(sprite.x), round(sprite.y))
            assert window.contains(rect), (sprite.card, rect)
        for button in table.panel.buttons + table.tools:
            assert window.contains(button.rect), button.text
        hand = list(table.director.hands[VIEW_SEAT])
        assert hand and min(s.width for s in hand) >= 30
    finally:
        app.close()


def test_the_forced_card_plays_itself(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=44)
    try:
        run_until(app, table, screen, lambda: one_card_to_play(table))
        log = len(table.game.log)
        for _ in range(120):
            app.tick(1 / 60)
        assert len(table.game.log) > log
    finally:
        app.close()


def test_settings_changed_in_the_pause_menu_apply_to_the_table(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=5)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        app.update_settings(table_theme="wood", deck_design="four_color", card_back="red")
        table.uncover()
        assert table.theme.name == "wood" and table.art.design == "four_color" and table.art.back_name == "red"
        app.stack.draw(screen)
        key(app, pygame.K_o)  # the sort order, kept in the settings
        assert app.settings.sort_order == table.director.sort_order != "trump_first"
    finally:
        app.close()


def test_the_game_over_panel_starts_a_new_game_and_the_game_goes_to_the_statistics(tmp_path: Path) -> None:
    from engine.game import Game
    from pinochle_gui.table.scene import SeatsConfig

    app, first, screen = make_table(tmp_path, "two_hand", seed=2)
    game = Game(first.rules, seed=31, scores=[1199, 1199])  # whoever takes a point goes out at the hand's end
    table = TableScene(app, game, SeatsConfig(["You", "North"], [None, "random"], [1, 3], False, "near-end", 0.0))
    app.stack.replace(table, "none")
    try:
        run_until(app, table, screen, lambda: table.game.is_over and table.director.idle and bool(table.end_buttons))
        assert table.director.news.game_over is not None
        assert app.storage.stats.summary().games == 1
        assert not app.storage.saves.exists()  # a finished game is not offered to continue
        new_game = next(b for b in table.end_buttons if b.text == "New game")
        click(app, new_game.rect.center)
        assert app.table is not None and app.table is not table
        assert not app.table.game.is_over and app.table.game.hand_number == 1
    finally:
        app.close()


def test_a_hint_for_cards_to_pass_chooses_them_on_the_hand(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "three_hand", seed=4)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle and table.obs.phase == "bury",
                  frames=60_000)
        key(app, pygame.K_h)
        run_until(app, table, screen, lambda: table.hint_action is not None, act=False, frames=200_000)
        assert len(table.selected) == 3 and table.panel.buttons[0].enabled
        log, advised = len(table.game.log), table.hint_action
        key(app, pygame.K_RETURN)
        assert len(table.game.log) == log + 1 and table.game.log[-1] == advised
    finally:
        app.close()


def test_the_rules_in_force_open_over_the_table(tmp_path: Path) -> None:
    import pinochle_gui.screens.rules as screens
    app, table, screen = make_table(tmp_path, "double_deck", seed=1)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        key(app, pygame.K_r)
        assert isinstance(app.stack.top, screens.RulesScene)
        app.stack.draw(screen)
    finally:
        app.close()


def test_declaring_out_ends_the_game_right_or_wrong(tmp_path: Path) -> None:
    from engine.game import Game
    from pinochle_gui.table.scene import SeatsConfig

    app, first, screen = make_table(tmp_path, "two_hand", seed=13)
    table = TableScene(app, Game(first.rules, seed=13, scores=[1150, 0]),
                       SeatsConfig(["You", "North"], [None, "random"], [1, 3], False, "out", 0.0))
    app.stack.replace(table, "none")
    try:
        run_until(app, table, screen, lambda: my_turn_to_play(table) and table.panel.declare_out is not None,
                  act=False)
        click(app, table.panel.declare_out.rect.center)  # asks first (tests/test_table_trust.py)
        app.tick(1 / 60)
        click(app, next(b for b in table.panel.buttons if b.text == "Declare out").rect.center)
        assert table.game.is_over
        record = table.game.hand_records[-1]
        assert record["declared_out"]["seat"] == VIEW_SEAT
        run_until(app, table, screen, lambda: table.director.idle and table.director.news.game_over is not None,
                  act=False)
        app.stack.draw(screen)
    finally:
        app.close()
