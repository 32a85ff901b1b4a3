"""Undo with firm edges, and Enter that waits for the hint: the player's last real choice of the hand being
played is what Undo takes back (a forced card is skipped, the marks on received cards come back), and Enter
does nothing while the hint is still being thought out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.game import Phase  # noqa: E402
from engine.save import game_from_dict, game_to_dict  # noqa: E402
from pinochle_gui.table.director import VIEW_SEAT  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from tests.test_table_play import key, make_table  # noqa: E402
from tests.test_table_scene import my_turn_to_play, one_card_to_play, run_until  # noqa: E402

pytestmark = pytest.mark.timeout(180)


def choices_of_the_player(table: TableScene) -> list[int]:
    """The log's indexes of the player's real choices (more than one legal action) in the hand being played."""
    data = game_to_dict(table.game)
    replay = game_from_dict({**data, "actions": [], "state": None})
    choices: list[int] = []
    for i, value in enumerate(data["actions"]):
        if replay.to_act == VIEW_SEAT and replay.has_choice():
            choices.append(i)
        scored = len(replay.hand_records)
        replay.apply(replay.action_from_json(value))
        if len(replay.hand_records) > scored:
            choices = []
    return choices


def test_undo_skips_a_card_that_was_played_for_the_player(tmp_path: Path) -> None:
    """The player's only legal card plays itself (the setting's default); Undo then goes back past it to the
    player's last real choice, so that something new may be chosen, and the hand is where it was then."""
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=4)
    try:
        for _attempt in range(6):
            run_until(app, table, screen, lambda: one_card_to_play(table))
            run_until(app, table, screen, lambda: not one_card_to_play(table), act=False)  # it plays itself
            assert any(t.text.endswith(": your only card") for t in table.hud.toasts)
            choices = choices_of_the_player(table)
            if choices:
                break
        else:
            pytest.fail("no forced card after a choice of the player's in six tries")
        key(app, pygame.K_u)
        assert len(table.game.log) == choices[-1], "back to the player's last real choice, not the forced card"
        assert table.human_turn and table.game.has_choice()
    finally:
        app.close()


def test_undo_brings_back_the_marks_on_the_cards_received(tmp_path: Path) -> None:
    """Four-handed auction: the cards passed to the player stand marked through the first trick. A card played
    and undone in that trick leaves them marked as before."""
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=21)
    try:
        run_until(app, table, screen, lambda: my_turn_to_play(table) and not table.obs.tricks
                  and bool(table.obs.received) and len(table.legal_sprites()) > 1)
        marked = sorted(s.card for s in table.director.hands[VIEW_SEAT] if s.marked and s.card is not None)
        assert marked and set(marked) <= set(table.obs.received)  # (less what the player passed back)
        sprite = next(s for s in table.director.hands[VIEW_SEAT] if id(s) in table.legal_sprites())
        table.submit(table.legal_sprites()[id(sprite)])
        run_until(app, table, screen, lambda: table.director.idle, act=False)
        key(app, pygame.K_u)
        assert table.human_turn and table.obs.phase == Phase.PLAY and not table.obs.tricks
        again = sorted(s.card for s in table.director.hands[VIEW_SEAT] if s.marked and s.card is not None)
        assert again == marked
    finally:
        app.close()


def test_enter_waits_for_the_hint(tmp_path: Path) -> None:
    """H asks the hard computer; Enter pressed before its answer comes plays nothing, and the Hint button says
    it is thinking. Once the hint has come, Enter does what it advises."""
    app, table, screen = make_table(tmp_path, "two_hand", seed=9)
    try:
        run_until(app, table, screen, lambda: my_turn_to_play(table) and len(table.legal_sprites()) > 1, act=False)
        log = len(table.game.log)
        key(app, pygame.K_h)
        key(app, pygame.K_RETURN)
        assert len(table.game.log) == log, "Enter played a card before the hint came"
        app.tick(1 / 60)
        hint_button = next(b for b in table.tools if b.on_click == table.ask_hint)
        if table.hint_asked:  # (the hint may come within the frame on a quick machine)
            assert hint_button.text == "Thinking..."
        run_until(app, table, screen, lambda: table.hint_action is not None, act=False, frames=200_000)
        advised = table.hint_action
        assert hint_button.text == "Hint"
        key(app, pygame.K_RETURN)
        assert len(table.game.log) == log + 1 and table.game.log[-1] == advised
    finally:
        app.close()
