"""Speed of the play core: legal plays, playouts, and the search. Prints numbers; asserts nothing.

    python -m engine.bench_play            # the standard figures (about a minute)
    python -m engine.bench_play --quick    # a few seconds
    python -m engine.bench_play --decisions 8 [--variant V] [--old-budget]   # hard's card play (minutes)
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python -m engine.bench_play --work solve2
                                           # instructions of a fixed piece of work, whatever the load

Deals are seeded, so two runs on one machine measure the same work. Times are CPU time of this
process (``time.process_time``), so that other work on a shared machine does not count.
"""

from __future__ import annotations

import argparse
import functools
import platform
import random
import re
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from engine.ai.search import solver
from engine.ai.search.solver import Table, solve
from engine.ai.search.trickplay import Position, greedy_playout, random_playout
from engine.cards import new_deck
from engine.play import MUST_BEAT, legal_codes, trick_winner
from engine.rules import Rules, preset


def deal(rules: Rules, seed: int, tricks: int | None = None) -> Position:
    """A seeded deal of ``tricks`` cards to each seat (default: the whole deck), random trump and leader."""
    rng = random.Random(seed)
    deck: list[int] = list(new_deck(rules.double_deck))
    rng.shuffle(deck)
    seats = rules.players
    size = tricks if tricks is not None else len(deck) // seats
    hands = [deck[i * size:(i + 1) * size] for i in range(seats)]
    return Position.start(hands, rng.randrange(4), rules, leader=rng.randrange(seats))


def rate(work: Callable[[], object], seconds: float) -> float:
    """Calls of ``work`` per second, over about ``seconds``."""
    calls = 0
    start = time.process_time()
    end = start + seconds
    while True:
        work()
        calls += 1
        now = time.process_time()
        if now >= end:
            return calls / (now - start)


def bench_rules(seconds: float) -> None:
    rng = random.Random(1)
    deck: list[int] = list(new_deck())
    cases = []
    for _ in range(200):
        rng.shuffle(deck)
        cases.append((sorted(deck[:12]), deck[12:12 + rng.randrange(4)], rng.randrange(4)))
    index = 0

    def one_legal() -> None:
        nonlocal index
        hand, trick, trump = cases[index % 200]
        index += 1
        legal_codes(hand, trick, trump, MUST_BEAT)

    def one_winner() -> None:
        nonlocal index
        _hand, trick, trump = cases[index % 200]
        index += 1
        if trick:
            trick_winner(trick, trump)

    print(f"legal_codes (12-card hand, must-beat): {1e6 / rate(one_legal, seconds):6.2f} us per call")
    print(f"trick_winner:                          {1e6 / rate(one_winner, seconds):6.2f} us per call")


def bench_playouts(seconds: float) -> None:
    rng = random.Random(2)
    for name, rules in (("4 seats, 12 tricks", preset("partnership_auction")),
                        ("3 seats, 16 tricks", preset("three_hand")),
                        ("2 seats, 24 tricks", preset("two_hand")),
                        ("4 seats, 20 tricks, double deck", preset("double_deck"))):
        position = deal(rules, 3)
        per_random = rate(functools.partial(random_playout, position, rng), seconds)
        per_greedy = rate(functools.partial(greedy_playout, position), seconds)
        print(f"playouts {name:32s} random {per_random:8.0f}/s ({1e3 / per_random:.3f} ms)   "
              f"greedy {per_greedy:8.0f}/s ({1e3 / per_greedy:.3f} ms)")


def bench_solve(rules: Rules, label: str, tricks: int, deals: int) -> None:
    times = []
    nodes = 0
    for seed in range(deals):
        position = deal(rules, 100 + seed, tricks)
        start = time.process_time()
        result = solve(position)
        times.append(time.process_time() - start)
        nodes += result.nodes
        assert result.exact
    total = sum(times)
    print(f"solve {label:34s} {tricks:2d} tricks: median {statistics.median(times) * 1e3:7.1f} ms, "
          f"max {max(times) * 1e3:7.1f} ms, {nodes / total:8.0f} nodes/s ({deals} deals)")


def bench_anytime(budget: int, deals: int) -> None:
    rules = preset("partnership_auction")
    times = []
    depths = []
    for seed in range(deals):
        position = deal(rules, 200 + seed)
        start = time.process_time()
        result = solve(position, max_nodes=budget)
        times.append(time.process_time() - start)
        depths.append(result.depth)
    print(f"anytime 4 seats, 12 tricks, {budget} nodes: median {statistics.median(times) * 1e3:.0f} ms, "
          f"depth reached {min(depths)}-{max(depths)} tricks ({deals} deals)")


def worlds_of(position: Position, seat: int, count: int, rng: random.Random) -> list[Position]:
    """``count`` deals of the cards ``seat`` cannot see among the other hands, as a sampling player
    imagines them: half of each other hand is known (shown in meld, or read from the play) and stays,
    the rest is dealt at random."""
    worlds = []
    for _ in range(count):
        known = [hand[:len(hand) // 2] if s != seat else list(hand) for s, hand in enumerate(position.hands)]
        hidden = [c for s, hand in enumerate(position.hands) if s != seat for c in hand[len(hand) // 2:]]
        rng.shuffle(hidden)
        hands = []
        for s, hand in enumerate(position.hands):
            more = len(hand) - len(known[s])
            hands.append(known[s] + hidden[:more])
            hidden = hidden[more:]
        worlds.append(Position.start(hands, position.trump, position.rules, position.leader, position.trick,
                                     position.points, position.side_of))
    return worlds


def bench_worlds(tricks: int, count: int, deals: int) -> None:
    """What the exact endgame of a sampling player costs: every card's value in each of ``count``
    worlds of one decision, each world searched afresh or all sharing one table (as the levels do)."""
    rules = preset("partnership_auction")
    for shared in (False, True):
        times = []
        nodes = 0
        for seed in range(deals):
            position = deal(rules, 300 + seed, tricks)
            worlds = worlds_of(position, position.to_move, count, random.Random(seed))
            table: Table = {}
            start = time.process_time()
            for world in worlds:
                nodes += solve(world, want_values=True, table=table if shared else None).nodes
            times.append(time.process_time() - start)
        how = "one table shared" if shared else "a table per world"
        print(f"worlds 4 seats, {tricks} tricks, {count} worlds, {how:17s}: "
              f"median {statistics.median(times) * 1e3:6.0f} ms "
              f"a decision, {nodes / deals / count:6.0f} nodes a world ({deals} decisions)")


def bench_decisions(deals: int, variant: str, old_budget: bool) -> None:
    """Hard's card-play decisions in seeded games (medium bids, passes and melds for every seat),
    with the clock off: the worlds each decision gets through within hard's node budget and its CPU
    time, by the tricks left, and the CPU time of all of them (p50, p95, max). ``old_budget``: hard's
    earlier budget (144 worlds, 216,000 nodes; now 200 worlds), to compare two versions of the
    code on the same work."""
    from engine.ai.players.computer import ComputerPlayer
    from engine.ai.players.levels import HARD, MEDIUM
    from engine.game import Phase, new_game

    level = replace(HARD, think_seconds=0.0)
    if old_budget:
        level = replace(level, worlds=144, search_nodes=216_000)
    hard = ComputerPlayer(level, 1)
    medium = ComputerPlayer(MEDIUM, 1)
    by_tricks: dict[int, list[tuple[int, float]]] = {}
    times = []
    for seed in range(deals):
        game = new_game(preset(variant), seed=500 + seed)
        while not game.is_over and not game.hand_records:
            seat = game.to_act
            assert seat is not None
            if game.phase != Phase.PLAY:
                game.apply(medium.choose(game, seat))
                continue
            tricks = len(game.hand.hands[seat])  # the current trick included
            start = time.process_time()
            action, reason = hard.choose_with_reason(game, seat)
            times.append(time.process_time() - start)
            found = re.search(r"\((\d+) deals? simulated\)", reason)
            if found:
                by_tricks.setdefault(tricks, []).append((int(found.group(1)), times[-1]))
            game.apply(action)
    print(f"hard ({level.worlds} worlds, {level.search_nodes} nodes), {variant}, {deals} deals:")
    for tricks in sorted(by_tricks):
        rows = by_tricks[tricks]
        print(f"  {tricks:2d} tricks left: {sum(w for w, _ in rows) / len(rows):5.0f} worlds, "
              f"{statistics.mean(t for _, t in rows) * 1e3:5.0f} ms CPU on average, "
              f"max {max(t for _, t in rows) * 1e3:5.0f} ms ({len(rows)} decisions)")
    times.sort()
    print(f"  every card-play decision: CPU p50 {times[len(times) // 2] * 1e3:.0f} ms, "
          f"p95 {times[int(len(times) * 0.95)] * 1e3:.0f} ms, max {times[-1] * 1e3:.0f} ms ({len(times)} decisions)")


def fixed_work(what: str) -> None:
    """A fixed piece of work and nothing else, to count its instructions under valgrind (less those
    of ``none``: starting Python and importing the engine)."""
    if what == "worlds":  # two decisions of 30 worlds sharing a table, six tricks from the end
        rules = preset("partnership_auction")
        for seed in range(2):
            position = deal(rules, 300 + seed, 6)
            table: Table = {}
            for world in worlds_of(position, position.to_move, 30, random.Random(seed)):
                solve(world, want_values=True, table=table)
    elif what == "solve2":
        solve(deal(preset("two_hand"), 100, 12))
    elif what == "solve4":
        for seed in range(12):
            solve(deal(preset("partnership_auction"), 100 + seed, 6))
    elif what == "solve3":
        for seed in range(6):
            solve(deal(preset("three_hand"), 100 + seed, 8))
    elif what == "anytime":
        for seed in range(3):
            solve(deal(preset("partnership_auction"), 200 + seed), max_nodes=20000)
    elif what == "playouts":
        rng = random.Random(2)
        for name in ("partnership_auction", "two_hand", "double_deck"):
            position = deal(preset(name), 3)
            for _ in range(300):
                random_playout(position, rng)
                greedy_playout(position)


WORK = ("none", "solve2", "solve4", "solve3", "anytime", "worlds", "playouts")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer deals and shorter timings")
    parser.add_argument("--decisions", type=int, default=0, metavar="DEALS",
                        help="only hard's card-play decisions, in this many seeded deals")
    parser.add_argument("--variant", default="partnership_auction", help="the game of --decisions")
    parser.add_argument("--old-budget", action="store_true", help="--decisions with hard's earlier budget (144 worlds)")
    parser.add_argument("--work", choices=WORK, help="only a fixed piece of work, printing nothing (for valgrind)")
    args = parser.parse_args()
    if args.work:
        fixed_work(args.work)
        return
    # the executable's search is compiled (build/compile_search.py): say which one these figures are of
    search = "interpreted" if solver.__file__.endswith(".py") else "compiled"
    print(f"python {platform.python_version()} on {platform.machine()} {platform.system()}, the search {search}")
    if args.decisions:
        bench_decisions(args.decisions, args.variant, args.old_budget)
        return
    seconds = 0.3 if args.quick else 1.0
    deals = 3 if args.quick else 12
    bench_rules(seconds)
    bench_playouts(seconds)
    two = preset("two_hand")
    bench_solve(two, "2 seats (phase 2, must win)", 12, deals)
    bench_solve(preset("two_hand", phase2_must_win="trump_led"), "2 seats (phase 2, trump led)", 12, deals)
    bench_solve(preset("partnership_auction"), "4 seats must-beat", 6, deals)
    bench_solve(preset("partnership_auction", play_rule="post_1945"), "4 seats post-1945", 6, deals)
    bench_solve(preset("three_hand"), "3 seats must-beat", 8, deals)
    bench_anytime(20000, deals)
    bench_worlds(6, 30, deals)


if __name__ == "__main__":
    main()
