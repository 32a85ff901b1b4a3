"""The computer seats: made by level name, always legal, repeatable, on time; the worker and the hint."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import fast_where, short_game

from engine.actions import Bid, DeclareOut, Pass, action_to_json
from engine.ai import ComputerPlayer
from engine.ai.analysis.hint import hint
from engine.ai.analysis.worker import WHERE, Thinker, Where, decide, decide_in, decide_with_reason
from engine.ai.players.computer import PLAYER_KINDS, make_player
from engine.ai.players.levels import LEVELS, Level
from engine.game import Game, Phase, new_game
from engine.info_state import InfoState
from engine.rules import PRESETS, preset
from engine.save import game_to_dict

# Small budgets keep the tests fast; the search paths are the same as the real levels'. The budgets are in
# nodes and deals only, with no clock (think_seconds 0), so no verdict depends on the machine's speed: a
# clock of 0.05 s once cut a pass's candidates short on a loaded machine and two same-seed games differed.
QUICK = Level("quick", worlds=2, weighted=True, exact_tricks=3, search_nodes=3000, simulated_deals=8)
FORGETFUL = Level("forgetful", memory=0.5, slip=0.5, worlds=1, search_nodes=1200, simulated_deals=4)


def play(game: Game, players: list[ComputerPlayer], max_hands: int = 1) -> list[str]:
    """Play to the end of ``max_hands`` hands; each decision is checked legal before it is applied."""
    log: list[str] = []
    while not game.is_over and len(game.hand_records) < max_hands:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        action, reason = players[seat].choose_with_reason(game, seat)
        assert action in legal or game.is_legal(action), f"{action} is not legal in {game.phase}"
        assert reason and isinstance(reason, str)
        log.append(str(action))
        game.apply(action)
    return log


def test_the_levels_are_player_kinds() -> None:
    for name in ("easy", "medium", "hard", "perfect"):
        assert name in PLAYER_KINDS
        player = make_player(name, 4)
        assert isinstance(player, ComputerPlayer)
        assert player.level is LEVELS[name] and player.name == name and player.seed == 4


@pytest.mark.parametrize("variant", fast_where(sorted(PRESETS), ["partnership_auction", "three_hand"]))
def test_every_decision_is_legal(variant: str) -> None:
    """Thousands of decisions over the presets (350 per preset), a forgetful, slipping level and a
    sampling one with an exact endgame taking turns."""
    decisions = 0
    phases: set[str] = set()
    for g, level in enumerate((FORGETFUL, QUICK) * 50):
        if decisions >= 350:
            break
        game = new_game(preset(variant), seed=100 + g)
        players = [ComputerPlayer(level, seed=g * 10 + s) for s in range(game.rules.players)]
        while not game.is_over and len(game.hand_records) < 1 and decisions < 350:
            seat = game.to_act
            assert seat is not None
            phases.add(game.phase)
            action = players[seat].choose(game, seat)
            assert game.is_legal(action), f"{action} in {game.phase}"
            game.apply(action)
            decisions += 1
    assert decisions == 350
    assert Phase.PLAY in phases


@pytest.mark.parametrize("variant", ["partnership_auction", "two_hand", "three_hand", "double_deck"])
def test_same_seed_same_decisions(variant: str) -> None:
    first = play(new_game(preset(variant), seed=8), [ComputerPlayer(QUICK, seed=s) for s in range(4)])
    again = play(new_game(preset(variant), seed=8), [ComputerPlayer(QUICK, seed=s) for s in range(4)])
    assert first == again


def test_a_decision_depends_on_the_position_not_the_history_of_the_player() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    players = [ComputerPlayer(QUICK, seed=s) for s in range(4)]
    while game.phase != Phase.PLAY or len(game.hand.tricks) < 2:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    seat = game.to_act
    assert seat is not None
    fresh = ComputerPlayer(QUICK, seed=seat)
    assert fresh.choose_with_reason(game, seat) == players[seat].choose_with_reason(game.clone(), seat)


class SteppingClock:
    """A stand-in for the ``time`` module whose clock moves on ``step`` seconds each time it is read, so
    that a time limit is tested in reads of the clock, whatever the machine's speed."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.reads = 0

    def perf_counter(self) -> float:
        self.reads += 1
        return self.reads * self.step


@pytest.mark.interpreted
def test_time_limit_is_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.ai.players.cardplay as cardplay

    greedy = Level("greedy", worlds=5000, weighted=True, exact_tricks=4, think_seconds=0.15)
    game = new_game(preset("double_deck"), seed=5)
    players = [ComputerPlayer(QUICK, seed=s) for s in range(4)]
    while game.phase != Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    reads = []
    for _ in range(6):
        seat = game.to_act
        assert seat is not None
        clock = SteppingClock(0.01)
        monkeypatch.setattr(cardplay, "time", clock)
        game.apply(ComputerPlayer(greedy, seed=1).choose(game, seat))
        reads.append(clock.reads)
    # A card stops at twice the level's time, 0.3 s: the first read sets the deadline (0.31 s), and the
    # sampling of 5000 worlds and their valuing stop within a few reads past it (33 reads each, measured).
    assert all(32 <= r <= 35 for r in reads), reads


def test_not_the_players_turn() -> None:
    game = new_game(preset("partnership_auction"), seed=1)
    with pytest.raises(ValueError, match="not to act"):
        ComputerPlayer(LEVELS["easy"]).choose(game, (game.hand.to_act + 1) % 4)


def test_an_illegal_answer_from_a_decision_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.ai.players.computer as players_module

    def silly(info: InfoState, level: Level, rng: random.Random) -> tuple[Bid, str]:
        return Bid(5), "a bid below the minimum"

    monkeypatch.setattr(players_module, "decide", silly)
    game = new_game(preset("partnership_auction"), seed=1)
    action, reason = ComputerPlayer(LEVELS["medium"]).choose_with_reason(game, game.hand.to_act)
    assert game.is_legal(action) and "instead of an illegal bid 5" in reason


def test_declare_out_when_the_side_has_won() -> None:
    game = new_game(preset("two_hand"), seed=2)
    seat = game.hand.to_act
    game.scores[game.side_of(seat)] = game.target
    assert ComputerPlayer(LEVELS["easy"]).choose(game, seat) == DeclareOut()
    game.scores[game.side_of(seat)] = 0
    assert ComputerPlayer(LEVELS["easy"]).choose(game, seat) != DeclareOut()


def test_worker_decides_as_the_player_does() -> None:
    game = new_game(preset("three_hand"), seed=6)
    players = [ComputerPlayer(QUICK, seed=s) for s in range(3)]
    for _ in range(12):
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    seat = game.to_act
    assert seat is not None
    expected = ComputerPlayer(LEVELS["easy"], seed=9).choose_with_reason(game, seat)
    assert decide(game_to_dict(game), seat, "easy", 9) == action_to_json(expected[0])
    assert decide_with_reason(game_to_dict(game), seat, "easy", 9)[1] == expected[1]
    with pytest.raises(ValueError, match="unknown level"):
        decide(game_to_dict(game), seat, "grandmaster", 9)


@pytest.mark.parametrize("variant", fast_where(sorted(PRESETS), ["partnership_auction", "two_hand"]))
def test_a_computer_decides_the_same_in_a_copy_of_the_game_as_in_its_save(variant: str,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker process decides in the game rebuilt from its save, a thread in a copy of the game: the same
    decision and reason at every level, in every hand of a short game (not only the first). Medium by its search
    budget alone: on its clock a busy machine would stop the two searches at different depths."""
    monkeypatch.setitem(LEVELS, "medium", replace(LEVELS["medium"], think_seconds=0.0))
    game = new_game(short_game(preset(variant), 3), seed=11)
    rng = random.Random(variant)
    players = [ComputerPlayer(QUICK, seed=s) for s in range(game.rules.players)]
    levels = ["random", "easy", "medium"]
    compared: set[tuple[int, Phase]] = set()
    for turn in range(100_000):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        if game.has_choice() and turn % 5 == 0:
            level = levels[turn // 5 % len(levels)]
            seed = rng.randrange(1000)
            assert decide_in(game.clone(), seat, level, seed) == decide_with_reason(game_to_dict(game), seat, level,
                                                                                    seed), (game.hand_number, level)
            compared.add((game.hand_number, game.phase))
        game.apply(players[seat].choose(game, seat))
    assert game.is_over and len(game.hand_records) == 3
    assert any(hand > 1 and phase == Phase.PLAY for hand, phase in compared), compared


@pytest.mark.parametrize("where", WHERE)
def test_thinker_decides_without_blocking(where: Where) -> None:
    game = new_game(preset("two_hand"), seed=4)
    thinker = Thinker(where)
    try:
        for _ in range(3):
            seat = game.to_act
            assert seat is not None
            thinker.start(game, seat, "easy", seed=2)
            assert thinker.busy
            action, reason = thinker.wait(game, timeout=60)
            assert not thinker.busy
            assert action == ComputerPlayer(LEVELS["easy"], seed=2).choose(game, seat) and reason
            game.apply(action)
        # a decision started and then abandoned is dropped; a stale one is refused
        thinker.start(game, game.to_act or 0, "easy", seed=2)
        thinker.cancel()
        assert thinker.result(game) is None and not thinker.busy
        thinker.start(game, game.to_act or 0, "easy", seed=2)
        moved = game.clone()
        moved.apply(moved.legal_actions()[0])
        with pytest.raises(RuntimeError, match="moved on"):
            thinker.wait(moved, timeout=60)
    finally:
        thinker.close()


def test_hint_is_legal_explained_and_repeatable() -> None:
    game = new_game(preset("partnership_auction"), seed=12)
    seat = game.to_act
    assert seat is not None
    action, reason = hint(game, seat)
    assert game.is_legal(action) and reason
    assert hint(game, seat) == (action, reason)
    assert isinstance(action, (Bid, Pass))


def test_computer_declares_out_at_the_dix_decision_only_when_sure() -> None:
    from conftest import stacked_game

    from engine.actions import ExchangeDix
    from engine.game import Phase

    rules = preset("partnership_turnup")
    for scores, claim in (([1000, 1000], True), ([0, 0], False)):
        game = stacked_game(rules, ["AS AS KH QH KD QD KC QC KS QS JD 9C", "", "", ""], dealer=3, turnup="TH",
                            scores=scores)
        assert game.phase == Phase.DIX
        action = ComputerPlayer(LEVELS["easy"], seed=1).choose(game, game.to_act)
        assert (action == DeclareOut()) is claim
        assert claim or isinstance(action, ExchangeDix)
