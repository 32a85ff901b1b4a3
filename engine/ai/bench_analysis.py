"""How long the analysis of a whole hand takes, with one and with two worker processes.

    python -m engine.ai.bench_analysis --hands 10 --seed 7
    python -m engine.ai.bench_analysis --variant three_hand --hands 5 --workers 2

Each hand is dealt from ``--seed`` and played by ``--players`` (medium at every seat by default);
its record is then analysed for seat 0 by an :class:`~engine.ai.worker.Analyst` (every decision of
every seat, from the seat's view with the ``hard`` search and with every card visible), timed from
:meth:`~engine.ai.worker.Analyst.start` to the last decision in, and to the player's last decision
in; and the processor time the workers spent on it, which a busy machine does not inflate as it
does the wall-clock time (on an idle machine, with two workers on two cores, the whole hand takes
about half of it). The worker processes are started before the clock runs (as the app can when it
opens the review). Numbers only: nothing here is a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence

from engine.ai.worker import Analyst
from engine.game import new_game
from engine.record import HandRecord
from engine.rules import PRESETS, preset
from engine.sim import play_game


def hand_records(variant: str, hands: int, seed: int, players: str) -> list[HandRecord]:
    """One record per hand, each from its own deal (``seed``, ``seed + 1``, ...)."""
    rules = preset(variant)
    kinds = [players] * rules.players
    return [play_game(new_game(rules, seed=seed + i), kinds, seed + i, 1).hand_records[0] for i in range(hands)]


def time_analyses(records: Sequence[HandRecord], workers: int, seed: int) -> list[tuple[float, float, float, int]]:
    """(seconds for the whole hand, seconds for seat 0's decisions, processor seconds in the workers,
    decisions) per record."""
    analyst = Analyst(processes=True, workers=workers)
    analyst.warm_up()
    out = []
    try:
        for record in records:
            started = time.perf_counter()
            analyst.start(record, seat=0, seed=seed)
            mine = sum(1 for index, s in analyst.order if s == 0)
            player_done = 0.0
            while not analyst.done():
                seen = sum(1 for r in analyst.poll() if r.seat == 0)
                mine -= seen
                if mine <= 0 and not player_done:
                    player_done = time.perf_counter() - started
                time.sleep(0.01)
            analyst.poll()
            elapsed = time.perf_counter() - started
            out.append((elapsed, player_done or elapsed, analyst.cpu_seconds, analyst.progress[1]))
            if analyst.errors:
                print(f"  errors: {analyst.errors}", file=sys.stderr)
    finally:
        analyst.close()
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.bench_analysis", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="partnership_auction", choices=sorted(PRESETS))
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", default="medium", help="the level that plays the hands analysed")
    parser.add_argument("--workers", default="1,2", help="worker process counts to time, comma-separated")
    args = parser.parse_args(argv)
    records = hand_records(args.variant, args.hands, args.seed, args.players)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.variant}: {len(records)} hands from seed {args.seed}, played by {args.players}; "
          f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"load {load:.2f}")
    for workers in (int(w) for w in args.workers.split(",")):
        times = time_analyses(records, workers, args.seed)
        whole = [t for t, _p, _c, _n in times]
        player = [p for _t, p, _c, _n in times]
        cpu = [c for _t, _p, c, _n in times]
        decisions = [n for _t, _p, _c, n in times]
        print(f"{workers} worker{'s' if workers != 1 else ''}: whole hand p50 {statistics.median(whole):.1f} s, "
              f"max {max(whole):.1f} s; the player's decisions p50 {statistics.median(player):.1f} s, "
              f"max {max(player):.1f} s; processor time per hand p50 {statistics.median(cpu):.1f} s, "
              f"max {max(cpu):.1f} s; decisions per hand p50 {statistics.median(decisions):.0f}, max {max(decisions)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
