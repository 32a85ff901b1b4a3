"""The computer seats' thinkers: deciding at once (the tests' way, whatever the machine's speed) gives
the very decision the computer player makes, on the frame it was asked for."""

from __future__ import annotations

import pytest

from engine.ai import ComputerPlayer
from engine.ai.analysis.duplicate import decision_seed
from engine.ai.analysis.worker import Thinker
from engine.ai.players.levels import LEVELS
from engine.game import new_game
from engine.players import RandomPlayer
from engine.rules import preset
from pinochle_gui.table.seats import ComputerSeat, hint_thinker, make_thinker, thinking_at_once


def test_the_tests_run_with_computers_that_decide_at_once() -> None:
    assert thinking_at_once()  # set by conftest.py
    assert make_thinker().where == hint_thinker().where == "at_once"


def test_a_seat_thinking_at_once_answers_on_the_next_poll() -> None:
    game = new_game(preset("two_hand"), seed=4)
    thinker = Thinker("at_once")
    seats = [ComputerSeat(name, "easy", seed, thinker) for name, seed in (("West", 2), ("East", 9))]
    for _ in range(12):
        seat = game.to_act
        assert seat is not None
        computer = seats[seat]
        computer.start(game, seat)
        expected = ComputerPlayer(LEVELS["easy"], seed=(computer.seed * 1_000_003 + len(game.log)) % 2**31)
        action = computer.result(game, min_wait=0.0)
        assert action == expected.choose(game, seat) and computer.last_reason
        game.apply(action)
    thinker.start(game, game.to_act or 0, "easy", 1)
    moved = game.clone()
    moved.apply(moved.legal_actions()[0])
    with pytest.raises(RuntimeError, match="moved on"):
        thinker.result(moved)


def test_an_answer_that_came_too_late_is_replaced_by_a_legal_move() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    seat = game.to_act
    assert seat is not None
    computer = ComputerSeat("North", "easy", 5, Thinker("at_once"))
    computer.start(game, seat)
    game.apply(game.legal_actions()[0])  # the game moved on before the answer was collected
    action = computer.result(game, min_wait=0.0)
    assert action is not None and game.is_legal(action) and computer.last_reason == ""
    assert computer.failures == 1  # counted, so that a test sees a computer that only ever falls back


@pytest.mark.parametrize("level", ["random", "an old level"])
def test_the_random_player_and_an_unknown_level_decide_through_the_same_thinker(level: str) -> None:
    game = new_game(preset("three_hand"), seed=6)
    computer = ComputerSeat("West", level, 3, Thinker("at_once"))
    assert computer.kind == "random"
    for _ in range(5):
        seat = game.to_act
        assert seat is not None
        expected = RandomPlayer(decision_seed(computer.seed, len(game.log))).choose(game, seat)
        computer.start(game, seat)
        action = computer.result(game, min_wait=0.0)
        assert action == expected and computer.last_reason == ""
        game.apply(action)
