"""The table a casual player trusts (issue 10): undo reaches the player's decisions of a hand that ended
without the player's turn, and the statistics follow an undo; the declare-out question; Enter after a
hint; the score board until the summary; the meld view waits; the question before abandoning a game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.actions import Bid, Pass  # noqa: E402
from engine.game import Game, new_game  # noqa: E402
from engine.rules import preset  # noqa: E402
from pinochle_gui.table.director import VIEW_SEAT  # noqa: E402
from pinochle_gui.table.scene import SeatsConfig, TableScene  # noqa: E402
from tests.test_table_play import key, make_table  # noqa: E402
from tests.test_table_scene import run_until  # noqa: E402

pytestmark = pytest.mark.timeout(120)


def overbid_hand(seed: int) -> tuple[Game, int]:
    """Partnership auction, seed 0: the player bids 330 on a hand that is not on the board, the others
    pass; the game just before the player's last decision of the hand, and that decision's index."""
    game = new_game(preset("partnership_auction"), seed=seed)
    log = []
    while not game.hand_records:
        acts = game.legal_actions()
        bids = [a for a in acts if isinstance(a, Bid)]
        if bids:
            action = [b for b in bids if b.amount <= 330][-1] if game.to_act == VIEW_SEAT else \
                next(a for a in acts if isinstance(a, Pass))
        else:
            action = acts[0]
        log.append((game.to_act, action))
        game.apply(action)
    assert game.hand_records[-1]["how"] == "not_on_board"
    last = max(i for i, (seat, _a) in enumerate(log) if seat == VIEW_SEAT)
    again = new_game(preset("partnership_auction"), seed=seed)
    for _seat, action in log[:last]:
        again.apply(action)
    return again, last


def test_undo_after_set_without_play_goes_back_to_the_players_decision(tmp_path: Path) -> None:
    app, first, screen = make_table(tmp_path, "partnership_auction")
    game, last = overbid_hand(0)
    names = ["You", "West", "North", "East"]
    table = TableScene(app, game, SeatsConfig(names, [None, "random", "random", "random"], [1, 2, 3, 4],
                                              False, "overbid", 0.0))
    app.stack.replace(table, "none")
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        decision, phase = table.game.legal_actions(), table.obs.phase
        table.apply(decision[0])  # the player's last decision: the hand is set at once, without play
        assert table.game.hand_records and table.game.hand_records[0]["how"] == "not_on_board"
        assert app.storage.stats.summary().hands == 1
        run_until(app, table, screen, lambda: table.director.idle and table.human_turn, act=False)
        key(app, pygame.K_u)
        assert len(table.game.log) == last and not table.game.hand_records
        assert table.human_turn and table.obs.phase == phase
        assert app.storage.stats.summary().hands == 0  # the unplayed hand left the statistics
    finally:
        app.close()


def test_undo_after_the_games_end_takes_the_game_out_of_the_statistics(tmp_path: Path) -> None:
    app, first, screen = make_table(tmp_path, "two_hand", seed=2)
    game = Game(first.rules, seed=31, scores=[1199, 1199])  # whoever takes a point goes out at the hand's end
    table = TableScene(app, game, SeatsConfig(["You", "North"], [None, "random"], [1, 3], False, "near-end", 0.0))
    app.stack.replace(table, "none")
    try:
        run_until(app, table, screen, lambda: table.game.is_over and table.director.idle and bool(table.end_buttons))
        summary = app.storage.stats.summary()
        assert (summary.games, summary.hands) == (1, 1)
        key(app, pygame.K_u)
        assert not table.game.is_over and table.human_turn and not table.game.hand_records
        summary = app.storage.stats.summary()
        assert (summary.games, summary.hands) == (0, 0)
        assert app.saver.flush(5.0) is not False and app.storage.saves.exists()  # continue-able again
        run_until(app, table, screen, lambda: table.game.is_over and table.director.idle and bool(table.end_buttons))
        summary = app.storage.stats.summary()
        assert (summary.games, summary.hands) == (1, len(table.game.hand_records))  # as finally played
    finally:
        app.close()
