"""The computer seats' thinkers: deciding at once (the tests' way, whatever the machine's speed) gives
the very decision the computer player makes, on the frame it was asked for."""

from __future__ import annotations

import pytest

from engine.ai import ComputerPlayer
from engine.ai.levels import LEVELS
from engine.game import new_game
from engine.rules import preset
from pinochle_gui.table.seats import ComputerSeat, LocalThinker, make_thinker, thinking_at_once


def test_the_tests_run_with_computers_that_decide_at_once() -> None:
    assert thinking_at_once()  # set by conftest.py
    assert isinstance(make_thinker(), LocalThinker)


def test_a_seat_thinking_at_once_answers_on_the_next_poll() -> None:
    game = new_game(preset("two_hand"), seed=4)
    thinker = LocalThinker(at_once=True)
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
    computer = ComputerSeat("North", "easy", 5, LocalThinker(at_once=True))
    computer.start(game, seat)
    game.apply(game.legal_actions()[0])  # the game moved on before the answer was collected
    action = computer.result(game, min_wait=0.0)
    assert action is not None and game.is_legal(action) and computer.last_reason == ""
