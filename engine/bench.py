"""Benchmarks that print numbers: how fast the engine plays, copies and checks hands.

    python -m engine.bench                 # every variant: full-hand playouts/s, play-phase playouts/s, copies/s
    python -m engine.bench --hands 100000  # the long run: that many random hands, every record re-validated
    python -m engine.bench ai --variant V --deals N --a hard --b medium   # duplicate matches (engine.ai.bench.matches)
    python -m engine.bench seat --variant V --deals N --seat hint,hard   # seat 0's kinds at one table (bench_seat)
    python -m engine.bench analysis --calibrate --hands N  # errors planted, found or not (engine.ai.bench.calibrate)
    python -m engine.bench analysis --calibrate --table medium --plant by-kind  # hard among medium, by kind
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Sequence

from engine.actions import DeclareOut
from engine.game import Game, Phase, new_game
from engine.players import RandomPlayer
from engine.record import check_record
from engine.rules import PRESETS, VARIATIONS, preset


def _play_to_phase(game: Game, player: RandomPlayer, phase: str) -> None:
    while game.phase != phase and not game.is_over:
        game.apply(player.choose(game, game.to_act or 0))


def full_hand_playouts(name: str, seconds: float) -> tuple[int, float]:
    """Random hands from the deal to the score: (hands, elapsed)."""
    rules = preset(name)
    player = RandomPlayer(1)
    hands = 0
    seed = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        seed += 1
        game = new_game(rules, seed=seed)
        while not game.hand_records and not game.is_over:
            game.apply(player.choose(game, game.to_act or 0))
        hands += 1
    return hands, time.perf_counter() - started


def play_phase_playouts(name: str, seconds: float) -> tuple[int, float]:
    """Random card play from the first lead to the last trick, through the state machine."""
    rules = preset(name)
    player = RandomPlayer(2)
    starts = []
    for seed in range(1, 40):
        game = new_game(rules, seed=seed)
        _play_to_phase(game, player, Phase.PLAY)
        if game.phase == Phase.PLAY and not game.hand_records:
            starts.append(game)
    rng = random.Random(3)
    playouts = 0
    elapsed = 0.0
    while elapsed < seconds:
        game = starts[playouts % len(starts)].clone()
        t = time.perf_counter()
        while not game.hand_records and not game.is_over:
            game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, DeclareOut)]))
        elapsed += time.perf_counter() - t
        playouts += 1
    return playouts, elapsed


def copies(name: str, seconds: float) -> tuple[int, float]:
    game = new_game(preset(name), seed=5)
    _play_to_phase(game, RandomPlayer(4), Phase.PLAY)
    n = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for _ in range(100):
            game.clone()
        n += 100
    return n, time.perf_counter() - started


def long_run(hands: int, names: Sequence[str]) -> int:
    """Play ``hands`` random hands of each preset in ``names`` and of each of its variations
    (:data:`engine.rules.VARIATIONS`), re-validating every record by replay."""
    for name, options in [(n, {}) for n in names] + [v for v in VARIATIONS if v[0] in names]:
        rules = preset(name, **options)
        done = seed = 0
        started = time.perf_counter()
        while done < hands:
            seed += 1
            game = new_game(rules, seed=seed)
            players = [RandomPlayer(seed * 10 + s) for s in range(rules.players)]
            while not game.is_over and len(game.hand_records) < 100:
                seat = game.to_act or 0
                game.apply(players[seat].choose(game, seat))
            for record in game.hand_records:
                check_record(record)
            done += len(game.hand_records)
        elapsed = time.perf_counter() - started
        label = " ".join([name] + [f"{k}={v}" for k, v in options.items()])
        print(f"{label:58s} {done:8d} hands, every record replayed and checked, in {elapsed:7.1f} s "
              f"({done / elapsed:6.0f} hands/s)", flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["ai"]:
        from engine.ai.bench.matches import main as ai_main

        return ai_main(argv[1:])
    if argv[:1] == ["seat"]:
        from engine.ai.bench.seat import main as seat_main

        return seat_main(argv[1:])
    if argv[:1] == ["analysis"]:
        from engine.ai.bench.calibrate import main as calibrate_main

        return calibrate_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on each figure")
    parser.add_argument("--hands", type=int, default=0,
                        help="the long run: random hands per preset and per variation of it")
    parser.add_argument("--variant", action="append", choices=sorted(PRESETS), help="only these presets")
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.processor() or platform.system()})")
    if args.hands:
        return long_run(args.hands, args.variant or sorted(PRESETS))
    print(f"{'preset':27s} {'full hands/s':>12s} {'ms/hand':>8s} {'play phase/s':>13s} {'ms/play':>8s} "
          f"{'copies/s':>9s}")
    for name in args.variant or sorted(PRESETS):
        hands, t1 = full_hand_playouts(name, args.seconds)
        plays, t2 = play_phase_playouts(name, args.seconds)
        clones, t3 = copies(name, args.seconds / 2)
        print(f"{name:27s} {hands / t1:12.0f} {1000 * t1 / hands:8.2f} {plays / t2:13.0f} {1000 * t2 / plays:8.2f} "
              f"{clones / t3:9.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
