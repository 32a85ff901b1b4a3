"""How long the analysis of a whole hand takes, per variant, with one or two worker processes.

    python -m engine.ai.bench.analysis_time --hands 10 --seed 7
    python -m engine.ai.bench.analysis_time --variant three_hand --hands 5 --workers 2
    python -m engine.ai.bench.analysis_time --variant all --hands 8 --workers 1
    python -m engine.ai.bench.analysis_time --variant three_hand,two_hand=5 --hands 8 --workers 1 --records hands.jsonl

Each hand is dealt from ``--seed`` and played by ``--players`` (medium at every seat by default); its
record is then analysed for seat 0 by an :class:`~engine.ai.analysis.worker.Analyst` (every decision of every
seat, from the seat's view with the ``hard`` search, and seat 0's also with every card visible),
timed from :meth:`~engine.ai.analysis.worker.Analyst.start` to the last decision in, and to the player's last
decision in; and the processor time the workers spent on it, which a busy machine does not inflate as
it does the wall-clock time (on an idle machine, with two workers on two cores, the whole hand takes
about half of it). The worker processes are started before the clock runs (as the app can when it
opens the review). Each variant gets a line of p50 / p95 / max, and at the end a table of them.

``--shared`` measures besides, for each hand, what the app's cost job spends (seat 0's decisions from its own view,
one worker, as :mod:`pinochle_gui.table.cost_job` values them) and what the review opened after it spends (the
same analysis, given the cost job's seat views: only the view with every card added to them).

``--records FILE`` keeps the hands played: read from FILE where it holds the variant's hands from the
seed (the medium computers play on the clock too, so a busy machine may play other cards), else
played and appended to it; ``--out FILE`` writes each hand's analysis as a JSON line (to compare two
versions of the analysis on the same hands: the same seed gives the same review). Numbers only:
nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.ai.analysis.advice import SEAT_VIEW
from engine.ai.analysis.hand import SeatView, decisions_in, player_seat, review_views
from engine.ai.analysis.hand_json import analysis_to_json
from engine.ai.analysis.worker import Analyst, background_pool, stop_pool
from engine.game import new_game
from engine.record import (
    HandRecord,
    read_records,
    record_hand_number,
    record_seed,
    record_variant,
    write_records,
)
from engine.rules import PRESETS, preset
from engine.sim import play_game


def hand_records(variant: str, hands: int, seed: int, players: str) -> list[HandRecord]:
    """One record per hand, each from its own deal (``seed``, ``seed + 1``, ...)."""
    rules = preset(variant)
    kinds = [players] * rules.players
    return [play_game(new_game(rules, seed=seed + i), kinds, seed + i, 1).hand_records[0] for i in range(hands)]


def kept_records(path: Path | None, variant: str, hands: int, seed: int, players: str) -> list[HandRecord]:
    """The ``hands`` records of ``variant`` from ``seed`` on: those kept in ``path`` (the first hand of each
    game, by its seed), the others played (:func:`hand_records`) and appended to ``path``."""
    kept: dict[int, HandRecord] = {}
    if path is not None and path.exists():
        for record in read_records(path, replay=False):
            if record_variant(record) == variant and record_hand_number(record) == 1:
                kept.setdefault(record_seed(record), record)
    out = []
    for i in range(hands):
        if seed + i in kept:
            out.append(kept[seed + i])
            continue
        record = hand_records(variant, 1, seed + i, players)[0]
        if path is not None:
            write_records(path, [record], append=True)
        out.append(record)
    return out


Timing = tuple[float, float, float, int]  # whole hand (s), the player's decisions (s), processor (s), decisions


def time_analyses(records: Sequence[HandRecord], workers: int, seed: int,
                  out: Path | None = None) -> list[Timing]:
    """(seconds for the whole hand, seconds for seat 0's decisions, processor seconds in the workers,
    decisions) per record; with ``out``, each hand's analysis appended to it as a JSON line."""
    analyst = Analyst(processes=True, workers=workers)
    analyst.warm_up()
    timings = []
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
            timings.append((elapsed, player_done or elapsed, analyst.cpu_seconds, analyst.progress[1]))
            if analyst.errors:
                print(f"  errors: {analyst.errors}", file=sys.stderr)
            analysis = analyst.result()
            if out is not None and analysis is not None:
                with out.open("a", encoding="utf-8") as file:
                    line = {"variant": record_variant(record), "seed": record_seed(record), "analysis_seed": seed,
                            "cpu_seconds": round(analyst.cpu_seconds, 2), "analysis": analysis_to_json(analysis)}
                    file.write(json.dumps(line, ensure_ascii=False) + "\n")
    finally:
        analyst.close()
    return timings


def _seat_view(record: HandRecord, index: int, seed: int, viewer: int | None) -> tuple[SeatView, float]:
    """In the worker: the decision's seat view, as the app's cost job finds it, and the processor time it took."""
    started = time.process_time()
    view = review_views(record, index, seed, SEAT_VIEW, every_card=False, viewer=viewer)[1]
    return view, time.process_time() - started


def time_shared(records: Sequence[HandRecord], seed: int) -> list[tuple[float, float]]:
    """(processor seconds of the cost job, of the review opened after it) per record, one worker each."""
    pool = background_pool("bench-hand-costs", True, niceness=5)
    assert pool is not None
    analyst = Analyst(processes=True, workers=1)
    analyst.warm_up()
    out = []
    try:
        for record in records:
            viewer = player_seat(record)
            mine = [index for index, seat in decisions_in(record) if seat == 0]
            found = [pool.submit(_seat_view, record, index, seed, viewer).result() for index in mine]
            analyst.start(record, seat=0, seed=seed, known={i: view for i, (view, _s) in zip(mine, found, strict=True)})
            analyst.wait()
            out.append((sum(s for _view, s in found), analyst.cpu_seconds))
    finally:
        stop_pool(pool)
        analyst.close()
    return out


def p95(values: Sequence[float]) -> float:
    """The 95th percentile, interpolated between the values (with a few hands, near the largest)."""
    if len(values) < 2:
        return max(values)
    return statistics.quantiles(values, n=20, method="inclusive")[18]


@dataclass(frozen=True)
class Summary:
    """The figures of a variant's timings (:func:`summary`), in seconds but the decisions."""

    whole_p50: float       # the whole hand
    whole_p95: float
    whole_max: float
    player_p50: float      # the player's decisions
    player_max: float
    cpu_p50: float         # processor time in the workers
    cpu_p95: float
    cpu_max: float
    decisions_p50: float   # decisions per hand
    decisions_max: float


def summary(timings: Sequence[Timing]) -> Summary:
    whole = [t for t, _p, _c, _n in timings]
    player = [p for _t, p, _c, _n in timings]
    cpu = [c for _t, _p, c, _n in timings]
    decisions = [float(n) for _t, _p, _c, n in timings]
    return Summary(whole_p50=statistics.median(whole), whole_p95=p95(whole), whole_max=max(whole),
                   player_p50=statistics.median(player), player_max=max(player),
                   cpu_p50=statistics.median(cpu), cpu_p95=p95(cpu), cpu_max=max(cpu),
                   decisions_p50=statistics.median(decisions), decisions_max=max(decisions))


def variants(names: str, hands: int) -> list[tuple[str, int]]:
    """The presets named (comma-separated, each with its own count of hands as ``two_hand=5``, else ``hands``),
    or every one (``all``)."""
    if names == "all":
        return [(name, hands) for name in PRESETS]
    chosen = []
    for item in (n.strip() for n in names.split(",") if n.strip()):
        name, _, count = item.partition("=")
        if name not in PRESETS:
            raise SystemExit(f"unknown variant {name}; choose from {', '.join(PRESETS)} or all")
        chosen.append((name, int(count) if count else hands))
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.bench.analysis_time",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="partnership_auction",
                        help=f"a preset ({', '.join(sorted(PRESETS))}), several comma-separated (two_hand=5: "
                             "its own count of hands), or all")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", default="medium", help="the level that plays the hands analysed")
    parser.add_argument("--workers", default="1,2", help="worker process counts to time, comma-separated")
    parser.add_argument("--records", type=Path, help="keep the hands played in this file (JSON lines), reuse them")
    parser.add_argument("--out", type=Path, help="append each hand's analysis to this file (JSON lines)")
    parser.add_argument("--shared", action="store_true",
                        help="also the cost job's processor time per hand, and the review's after it")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"load {load:.2f}; hands from seed {args.seed}, played by {args.players}; analysis seed {args.seed}")
    rows = []
    shared_rows = []
    for variant, hands in variants(args.variant, args.hands):
        records = kept_records(args.records, variant, hands, args.seed, args.players)
        for workers in (int(w) for w in args.workers.split(",")):
            timings = time_analyses(records, workers, args.seed, args.out)
            s = summary(timings)
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            rows.append((variant, workers, len(records), s, load))
            print(f"{variant}, {workers} worker{'s' if workers != 1 else ''}, {len(records)} hands: "
                  f"whole hand p50 {s.whole_p50:.1f} s, p95 {s.whole_p95:.1f} s, max {s.whole_max:.1f} s; "
                  f"the player's decisions p50 {s.player_p50:.1f} s, max {s.player_max:.1f} s; "
                  f"processor time per hand p50 {s.cpu_p50:.1f} s, p95 {s.cpu_p95:.1f} s, "
                  f"max {s.cpu_max:.1f} s; decisions per hand p50 {s.decisions_p50:.0f}, "
                  f"max {s.decisions_max:.0f}; load {load:.2f}; "
                  f"per hand {' '.join(f'{c:.1f}' for _t, _p, c, _n in timings)}", flush=True)
        if args.shared:
            shared = time_shared(records, args.seed)
            costs, after = [c for c, _a in shared], [a for _c, a in shared]
            shared_rows.append((variant, len(records), costs, after))
            print(f"{variant}, shared: the cost job p50 {statistics.median(costs):.1f} s, p95 {p95(costs):.1f} s; "
                  f"the review after it p50 {statistics.median(after):.1f} s, p95 {p95(after):.1f} s; "
                  f"per hand {' '.join(f'{c:.1f}+{a:.1f}' for c, a in shared)}", flush=True)
    print("\n| variant | workers | hands | processor s per hand p50 / p95 / max | whole hand s p50 / p95 | "
          "decisions p50 | load after |")
    print("|---|---|---|---|---|---|---|")
    for variant, workers, hands, s, load in rows:
        print(f"| {variant} | {workers} | {hands} | **{s.cpu_p50:.1f}** / {s.cpu_p95:.1f} / {s.cpu_max:.1f} | "
              f"{s.whole_p50:.1f} / {s.whole_p95:.1f} | {s.decisions_p50:.0f} | {load:.1f} |")
    if shared_rows:
        print("\n| variant | hands | the cost job, processor s per hand p50 / p95 | the review after it p50 / p95 |")
        print("|---|---|---|---|")
        for variant, hands, costs, after in shared_rows:
            print(f"| {variant} | {hands} | {statistics.median(costs):.1f} / {p95(costs):.1f} | "
                  f"{statistics.median(after):.1f} / {p95(after):.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
