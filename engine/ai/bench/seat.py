"""Who does best in the player's seat: each kind of player in seat 0 of the same table, on the same deals.

    python -m engine.bench seat --variant partnership_auction --deals 300 --seat hint,hard --compare hard
    python -m engine.bench seat --variant three_hand --deals 300 --seat hint,hard --out runs/seat3.jsonl

The deals are a duplicate challenge's (``--number``; each hand a game of its own from 0-0, as the challenge
deals it), and each is played once with the ``--table`` level in every seat and once with each ``--seat`` kind
in seat 0 (a level, or ``hint``: a player who plays the table's hint at every decision, with the app's seed),
the other seats at the ``--table`` level. Every seat is seeded as the table seeds it, by the search budgets
alone (:func:`engine.ai.analysis.duplicate.play_hand`), so a deal's results depend on the settings alone. A hand's
result is seat 0's duplicate score (:func:`engine.challenge.duplicate_score`: its side's score change less
the opponents', three-handed less the average of the other two). Reported: each kind's result less the
table level's on the same deal, and each two kinds' (mean and 95% interval over the deals, paired).

``--compare LEVEL``: at every decision of seat 0 with a choice, in each other kind's hand, what LEVEL would
have chosen there too, counted by the phase of the decision (bids, trump, passes, returns, buries, melds,
card play), the differing ones listed. ``--out FILE`` appends each deal as a JSON line and skips deals
already there for the same settings (a long run can be stopped and resumed, with or without the comparisons,
which change nothing played). Deals are played one at a time
in this process: run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.actions import Action
from engine.ai.analysis.advice import as_advised
from engine.ai.analysis.duplicate import HINT, decide, decision_seed, play_hand, seat_seed
from engine.ai.analysis.words import action_words
from engine.ai.bench.matches import results_kept
from engine.ai.players.levels import LEVELS
from engine.challenge import challenge_deals, duplicate_score
from engine.game import Game
from engine.record import read_hand
from engine.rules import PRESETS, preset


class Contract(NamedTuple):
    """A hand's contract (nobody's: ``None`` throughout)."""

    declarer: int | None
    bid: int | None
    made: bool | None


@dataclass(frozen=True)
class DealResult:
    """One deal: seat 0's result and its hand's contract under each kind (and the table's level). Written by
    :meth:`to_json` and read back by :meth:`from_json`, the one place that knows its JSON shape."""

    deal: int
    scores: dict[str, int] = field(default_factory=dict)
    contracts: dict[str, Contract] = field(default_factory=dict)      # of each kind's hand
    seconds: dict[str, float] = field(default_factory=dict)            # processor time of each kind's hand
    # kind -> phase -> [decisions with a choice, differing]
    decisions: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    differ: dict[str, list[list[str]]] = field(default_factory=dict)   # kind -> [phase, its choice, the level's] each

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "scores": self.scores,
                "contracts": {kind: list(c) for kind, c in self.contracts.items()}, "seconds": self.seconds,
                "decisions": self.decisions, "differ": self.differ}

    @classmethod
    def from_json(cls, data: object) -> DealResult:
        """A result as :meth:`to_json` wrote it (``ValueError``: not one)."""
        match data:
            case {"deal": int(deal), "scores": dict(scores), "contracts": dict(contracts), "seconds": dict(seconds),
                  "decisions": dict(decisions), "differ": dict(differ)}:
                return cls(deal, scores, {kind: _contract(c) for kind, c in contracts.items()}, seconds, decisions,
                           differ)
        raise ValueError(f"not a deal's result: {data!r}")


def _contract(data: object) -> Contract:
    match data:
        case [int() | None as declarer, int() | None as bid, bool() | None as made]:
            return Contract(declarer, bid, made)
    raise ValueError(f"not a contract: {data!r}")


@dataclass(frozen=True)
class Settings:
    variant: str
    kinds: tuple[str, ...]
    table: str = "medium"
    compare: str | None = None
    number: int = 31

    def key(self) -> str:
        """What a deal's results depend on (the comparisons change nothing played: a run may add them or not)."""
        return json.dumps({"variant": self.variant, "kinds": list(self.kinds), "table": self.table,
                           "number": self.number}, sort_keys=True)


def play_deal(settings: Settings, place: int) -> DealResult:
    """Deal ``place`` (from 0) of the challenge, played with the table's level and with each kind in seat 0."""
    rules = preset(settings.variant)
    deal = challenge_deals(settings.number, rules, place + 1)[place]
    result = DealResult(place)
    for kind in dict.fromkeys((settings.table, *settings.kinds)):
        counts: dict[str, list[int]] = {}
        differ: list[list[str]] = []
        aside = [0.0]

        def watch(game: Game, seat: int, action: Action, kind: str = kind, counts: dict[str, list[int]] = counts,
                  differ: list[list[str]] = differ, aside: list[float] = aside) -> None:
            if seat != 0 or settings.compare in (None, kind) or kind not in settings.kinds or not game.has_choice():
                return
            started = time.process_time()
            assert settings.compare is not None
            other = decide(settings.compare, decision_seed(seat_seed(game.seed, seat), len(game.log)), game, seat)
            tally = counts.setdefault(str(game.phase), [0, 0])
            tally[0] += 1
            if as_advised(other) != as_advised(action):
                tally[1] += 1
                differ.append([str(game.phase), action_words(action, game), action_words(other, game)])
            aside[0] += time.process_time() - started

        started = time.process_time()
        record = play_hand(rules, deal, [kind, *[settings.table] * (rules.players - 1)], watch)
        hand = read_hand(record)
        result.seconds[kind] = round(time.process_time() - started - aside[0], 3)
        result.scores[kind] = duplicate_score(record, 0)
        result.contracts[kind] = Contract(hand.declarer, hand.bid, hand.count.made if hand.count is not None else None)
        if counts:
            result.decisions[kind] = counts
            result.differ[kind] = differ
    return result


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation; infinite under two values)."""
    mean = statistics.fmean(values) if values else 0.0
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf


def report(settings: Settings, results: Sequence[DealResult]) -> str:
    """The figures: each kind against the table's level and against each other, times, and the comparisons."""
    kinds = list(dict.fromkeys((settings.table, *settings.kinds)))
    lines = [f"{settings.variant}: seat 0 by {', '.join(settings.kinds)}, every other seat {settings.table}, "
             f"challenge {settings.number}, {len(results)} deals"]
    for i, a in enumerate(kinds):
        for b in kinds[:i]:
            diffs = [r.scores[a] - r.scores[b] for r in results]
            mean, half = interval(diffs)
            better, worse = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
            lines.append(f"  {a} - {b} in seat 0: {mean:+.1f} +/- {half:.1f} a deal (95%); "
                         f"{better} deals better, {worse} worse, {len(diffs) - better - worse} the same")
    for kind in kinds:
        seconds = sorted(r.seconds[kind] for r in results)
        if seconds:
            declared = [r.contracts[kind] for r in results if r.contracts[kind].declarer == 0]
            made = sum(1 for c in declared if c.made)
            lines.append(f"  {kind}: {statistics.fmean(seconds):.1f} s of processor time a deal (max "
                         f"{seconds[-1]:.1f}); seat 0 declared {len(declared)}, made {made}, "
                         f"mean result {statistics.fmean(r.scores[kind] for r in results):+.1f}")
    for kind in kinds:
        totals: dict[str, list[int]] = {}
        compared = [r for r in results if kind in r.decisions]
        for r in compared:
            for phase, (n, d) in r.decisions[kind].items():
                tally = totals.setdefault(phase, [0, 0])
                tally[0] += n
                tally[1] += d
        if totals:
            parts = [f"{phase} {d}/{n}" for phase, (n, d) in sorted(totals.items())]
            lines.append(f"  {kind}'s decisions where {settings.compare or 'the level compared'} chose otherwise "
                         f"({len(compared)} deals): {', '.join(parts)}")
    return "\n".join(lines)


def run(settings: Settings, deals: int, out: str | None = None, first: int = 0,
        progress: bool = False) -> list[DealResult]:
    """Deals ``first .. first + deals - 1``, skipping those already in ``out`` for the same settings."""
    key = settings.key()
    done = results_kept(out, key, first, deals, DealResult.from_json)
    for place in range(first, first + deals):
        if place in done:
            continue
        done[place] = play_deal(settings, place)
        if out:
            with open(out, "a", encoding="utf-8") as f:
                f.write(json.dumps({"key": key, "result": done[place].to_json()}) + "\n")
        if progress:
            print(f"  deal {place}: {done[place].scores}", file=sys.stderr, flush=True)
    return [done[d] for d in sorted(done)]


def _kinds(text: str) -> tuple[str, ...]:
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    for name in names:
        if name not in (HINT, "random", *LEVELS):
            raise argparse.ArgumentTypeError(f"unknown kind {name!r}; choose from {HINT}, random, {', '.join(LEVELS)}")
    if not names:
        raise argparse.ArgumentTypeError("name at least one kind")
    return names


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench seat", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="partnership_auction", choices=sorted(PRESETS))
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--first", type=int, default=0, help="the first deal (from 0), to split a run")
    parser.add_argument("--seat", type=_kinds, default=(HINT, "hard"), help="the kinds for seat 0, comma-separated")
    parser.add_argument("--table", default="medium", choices=sorted(LEVELS), help="every other seat's level")
    parser.add_argument("--compare", choices=sorted(LEVELS), help="the level whose choice is asked at seat 0's "
                        "decisions too")
    parser.add_argument("--number", type=int, default=31, help="the challenge number the deals come from")
    parser.add_argument("--out", help="append results here as JSON lines; deals already there are skipped")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(list(argv) if argv is not None else None)
    settings = Settings(args.variant, args.seat, args.table, args.compare, args.number)
    started = time.perf_counter()
    results = run(settings, args.deals, args.out, args.first, args.progress)
    print(report(settings, results))
    print(f"  {time.perf_counter() - started:.0f} s wall, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
