"""Duplicate matches between computer levels: which level is stronger, by how much, and how sure.

    python -m engine.bench ai --variant partnership_auction --deals 500 --a hard --b medium
    python -m engine.bench ai --variant three_hand --deals 200 --a medium --b easy --workers 2
    python -m engine.bench ai --variant partnership_auction --deals 100 --a hard,easy --b medium   # mixed side
    python -m engine.bench ai --variant partnership_auction --deals 100 --a hard --b hard --mode bidding
    python -m engine.bench ai ... --think 0.25 --out runs/hard_medium.jsonl   # quarter budgets; resumable
    python -m engine.bench ai ... --option first_bid_forced=true   # a rule option changed from the preset

A frozen set of seeded deals is played once per seating: with two sides the deal is played twice,
the sides swapped; with three players three times, the ``--a`` level in each seat in turn against
``--b`` in the other two (the same levels on both sides play every seating alike, so only once).
Luck of the cards cancels out, and what is left is the levels' difference, reported per deal with
a 95% confidence interval (normal approximation over deals).

Modes: ``full`` (every decision by the levels under test), ``cardplay`` (every decision outside the
card play - bids, trump, passes, bury, melds - made by the ``--fixed`` level for every seat, so each
deal is played to the same contract and trump in every seating, and only the card play differs) and
``bidding`` (the levels decide everything but the card play, which the ``--fixed`` level plays for
every seat).

``--unit game`` plays whole games (the deal seeds the game) instead of single hands, and reports the
share of games won. ``--out FILE`` appends each finished deal as a JSON line and skips deals already
there for the same settings, so a long run can be stopped and resumed, or split over machines.
``--workers N`` plays deals in N processes. ``--think X`` scales every level's budget (samples,
search nodes, seconds) by X.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from engine.actions import Action
from engine.ai.bench import worker_pool
from engine.ai.players.levels import LEVELS, Level
from engine.ai.players.playouts import LEAST_DEALS
from engine.game import Game, Phase, new_game
from engine.players import Player, RandomPlayer
from engine.rules import PRESETS, Rules, RulesError, preset
from engine.sim import option_from_text

MODES = ("full", "cardplay", "bidding")
UNITS = ("hand", "game")
MAX_HANDS_PER_GAME = 80
T = TypeVar("T")


@dataclass(frozen=True)
class HandOutcome:
    """One hand of a deal in one seating."""

    delta: list[int]           # what the hand changed each side's score by
    declarer: int | None
    declaring: str | None      # "A" or "B": the side of the declarer's seat
    bid: int | None
    made: bool | None
    went_set: bool | None      # "set" in the file


@dataclass(frozen=True)
class SeatingResult:
    seating: list[str]         # "A" or "B" for each seat, in seat order
    hands: list[HandOutcome]
    winner: str | None         # the side that won the game (unit "game")


@dataclass(frozen=True)
class DealResult:
    """A deal played in every seating (one line of the ``--out`` file, under ``result``): written by
    :meth:`to_json` and read back by :meth:`from_json`, the one place that knows its JSON shape."""

    deal: int
    rows: list[SeatingResult]
    times: dict[str, list[float]]   # seconds of each decision, by level

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal,
                "rows": [{"seating": row.seating,
                          "hands": [{"delta": h.delta, "declarer": h.declarer, "declaring": h.declaring, "bid": h.bid,
                                     "made": h.made, "set": h.went_set} for h in row.hands],
                          "winner": row.winner} for row in self.rows],
                "times": self.times}

    @classmethod
    def from_json(cls, data: object) -> DealResult:
        """A result as :meth:`to_json` wrote it (``ValueError``: not one)."""
        match data:
            case {"deal": int(deal), "rows": list(rows), "times": dict(times)}:
                return cls(deal, [_seating_from_json(row) for row in rows], times)
        raise ValueError(f"not a deal's result: {data!r}")


def _seating_from_json(data: object) -> SeatingResult:
    match data:
        case {"seating": list(seating), "hands": list(hands), "winner": str() | None as winner}:
            return SeatingResult(seating, [_hand_from_json(h) for h in hands], winner)
    raise ValueError(f"not a seating's result: {data!r}")


def _hand_from_json(data: object) -> HandOutcome:
    match data:
        case {"delta": list(delta), "declarer": int() | None as declarer, "declaring": str() | None as declaring,
              "bid": int() | None as bid, "made": bool() | None as made, "set": bool() | None as went_set}:
            return HandOutcome(delta, declarer, declaring, bid, made, went_set)
    raise ValueError(f"not a hand's outcome: {data!r}")


@dataclass(frozen=True)
class Timing:
    decisions: int
    p50: float
    p95: float
    max: float


@dataclass(frozen=True)
class Rate:
    """How often something happened: the share (``None`` when it never could) of ``count`` times."""

    share: float | None
    count: int


@dataclass(frozen=True)
class BySide(Generic[T]):
    """A figure of side A and of side B."""

    a: T
    b: T


@dataclass(frozen=True)
class Summary:
    """Every figure the report prints (:meth:`to_json`: as ``--json`` prints it)."""

    deals: int
    mean: float
    ci95: float
    deal_win_rate: float
    made: BySide[Rate]
    set_as_defenders: BySide[Rate]
    average_bid: float | None
    bids: int
    game_win_rate: BySide[float] | None
    timing: dict[str, Timing]

    def to_json(self) -> dict[str, Any]:
        def sides(pair: BySide[Rate]) -> dict[str, list[float | None]]:
            return {"A": [pair.a.share, pair.a.count], "B": [pair.b.share, pair.b.count]}

        won = self.game_win_rate
        return {"deals": self.deals, "mean": self.mean, "ci95": self.ci95, "deal_win_rate": self.deal_win_rate,
                "made": sides(self.made), "set_as_defenders": sides(self.set_as_defenders),
                "average_bid": self.average_bid, "bids": self.bids,
                "game_win_rate": None if won is None else {"A": won.a, "B": won.b},
                "timing": {name: {"decisions": t.decisions, "p50": t.p50, "p95": t.p95, "max": t.max}
                           for name, t in self.timing.items()}}


@dataclass(frozen=True)
class Settings:
    variant: str
    a: tuple[str, ...]          # the levels of side A's seats, in seat order (one name: every seat)
    b: tuple[str, ...]
    mode: str = "full"
    fixed: str = "medium"       # who makes the decisions the mode takes away from the levels
    think: float = 1.0
    unit: str = "hand"
    seed: int = 1
    options: tuple[tuple[str, Any], ...] = ()   # rule options changed from the variant's preset

    def rules(self) -> Rules:
        return preset(self.variant, **dict(self.options))

    def key(self) -> str:
        # runs without options keep the keys they were stored under
        options = {"options": dict(self.options)} if self.options else {}
        return json.dumps({"variant": self.variant, "a": list(self.a), "b": list(self.b), "mode": self.mode,
                           "fixed": self.fixed, "think": self.think, "unit": self.unit, "seed": self.seed, **options},
                          sort_keys=True)


def scaled(level: Level, think: float) -> Level:
    """``level`` with its budget scaled by ``think`` (samples, search nodes, deals played out and seconds)."""
    if think == 1.0:
        return level
    return replace(
        level,
        worlds=max(2, round(level.worlds * think)) if level.worlds else 0,
        search_nodes=max(200, round(level.search_nodes * think)) if level.search_nodes else 0,
        simulated_deals=max(32, round(level.simulated_deals * think)) if level.simulated_deals else 0,
        stock_playouts=max(LEAST_DEALS, round(level.stock_playouts * think)) if level.stock_playouts else 0,
        think_seconds=level.think_seconds * think,
    )


class _Timed:
    """A player whose decision times are kept (per level name)."""

    def __init__(self, player: Player, label: str, times: dict[str, list[float]]) -> None:
        self.player = player
        self.name = label
        self.times = times

    def choose(self, game: Game, seat: int) -> Action:
        started = time.perf_counter()
        action = self.player.choose(game, seat)
        self.times.setdefault(self.name, []).append(time.perf_counter() - started)
        return action


class _Split:
    """One seat: card play by one player, every other decision by another."""

    def __init__(self, play: _Timed, other: _Timed) -> None:
        self.play = play
        self.other = other
        self.name = f"{play.name}/{other.name}"

    def choose(self, game: Game, seat: int) -> Action:
        return (self.play if game.phase == Phase.PLAY else self.other).choose(game, seat)


def make_player(name: str, seed: int, think: float) -> Player:
    if name == "random":
        return RandomPlayer(seed)
    from engine.ai.players.computer import ComputerPlayer

    try:
        level = LEVELS[name]
    except KeyError:
        raise SystemExit(f"unknown level {name!r}; choose from random, {', '.join(LEVELS)}") from None
    return ComputerPlayer(scaled(level, think), seed)


def seatings(rules: Rules) -> list[list[str]]:
    """Each seating of a duplicate deal: which side ("A" or "B") each seat plays for."""
    teams = rules.teams
    if len(teams) == 2:
        return [["A" if rules.team_of(s) == r else "B" for s in range(rules.players)] for r in range(2)]
    return [["A" if s == r else "B" for s in range(rules.players)] for r in range(rules.players)]


def _levels_for(names: tuple[str, ...], seats: list[int]) -> dict[int, str]:
    return {seat: names[i % len(names)] for i, seat in enumerate(seats)}


def play_deal(settings: Settings, deal: int) -> DealResult:
    """Play deal number ``deal`` in every seating; the per-seating facts as a JSON-ready dict."""
    rules = settings.rules()
    game_seed = settings.seed * 1_000_003 + deal
    times: dict[str, list[float]] = {}
    rows: list[SeatingResult] = []
    # The same levels on both sides play every seating alike (each seat's seed is its own): once is enough.
    played = seatings(rules)[:1] if settings.a == settings.b else seatings(rules)
    for seating in played:
        a_seats = [s for s in range(rules.players) if seating[s] == "A"]
        b_seats = [s for s in range(rules.players) if seating[s] == "B"]
        names = {**_levels_for(settings.a, a_seats), **_levels_for(settings.b, b_seats)}
        players: list[Player] = []
        for seat in range(rules.players):
            seed = game_seed * 10 + seat
            tested = _Timed(make_player(names[seat], seed, settings.think), names[seat], times)
            if settings.mode == "full":
                players.append(tested)
                continue
            fixed = _Timed(make_player(settings.fixed, seed, settings.think), settings.fixed, times)
            players.append(_Split(tested, fixed) if settings.mode == "cardplay" else _Split(fixed, tested))
        game = new_game(rules, seed=game_seed)
        hands: list[HandOutcome] = []
        previous = list(game.scores)
        while not game.is_over:
            to_act = game.to_act
            assert to_act is not None
            game.apply(players[to_act].choose(game, to_act))
            if len(game.hands_played) > len(hands):
                hand = game.hands_played[-1]
                after = list(hand.scored.scores_after if hand.scored is not None else game.scores)
                declarer, count = hand.declarer, hand.count
                hands.append(HandOutcome(
                    delta=[x - y for x, y in zip(after, previous, strict=True)],
                    declarer=declarer,
                    declaring=None if declarer is None else seating[declarer],
                    bid=hand.bid,
                    made=count.made if count is not None else None,
                    went_set=count.went_set if count is not None else None,
                ))
                previous = after
                if settings.unit == "hand" or len(hands) >= MAX_HANDS_PER_GAME:
                    break
        winner = game.winner
        side_label = None
        if winner is not None:
            side_label = seating[rules.teams[winner][0]]
        rows.append(SeatingResult(seating, hands, side_label))
    return DealResult(deal, rows, times)


def deal_difference(rules: Rules, result: DealResult) -> float:
    """Side A's points less side B's on this deal, per seat, averaged over the seatings."""
    total = 0.0
    for row in result.rows:
        seating = row.seating
        a_sides = sorted({rules.team_of(s) for s in range(rules.players) if seating[s] == "A"})
        b_sides = sorted({rules.team_of(s) for s in range(rules.players) if seating[s] == "B"})
        for hand in row.hands:
            delta = hand.delta
            total += statistics.fmean(delta[s] for s in a_sides) - statistics.fmean(delta[s] for s in b_sides)
    return total / len(result.rows)


def summarize(settings: Settings, results: Sequence[DealResult]) -> Summary:
    """Every figure the report prints, from the finished deals."""
    rules = settings.rules()
    diffs = [deal_difference(rules, r) for r in results]
    n = len(diffs)
    mean = statistics.fmean(diffs) if diffs else 0.0
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("inf")
    declared = {"A": [0, 0], "B": [0, 0]}   # [made, declared]
    defended = {"A": [0, 0], "B": [0, 0]}   # [set, defended]
    bids: list[int] = []
    games = {"A": 0.0, "B": 0.0}
    deal_wins = 0.0
    times: dict[str, list[float]] = {}
    for r, diff in zip(results, diffs, strict=True):
        deal_wins += 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
        for name, ts in r.times.items():
            times.setdefault(name, []).extend(ts)
        for row in r.rows:
            if row.winner in games:
                games[row.winner] += 1
            for hand in row.hands:
                side = hand.declaring
                if side is None or hand.made is None:
                    continue
                if hand.bid:
                    bids.append(hand.bid)
                declared[side][1] += 1
                declared[side][0] += 1 if hand.made else 0
                other = "B" if side == "A" else "A"
                defended[other][1] += 1
                defended[other][0] += 1 if hand.went_set else 0
    rows = sum(len(r.rows) for r in results)
    timing: dict[str, Timing] = {}
    for name, ts in sorted(times.items()):
        ts = sorted(ts)
        timing[name] = Timing(len(ts), _pct(ts, 0.5), _pct(ts, 0.95), ts[-1] if ts else 0.0)

    def rates(tally: dict[str, list[int]]) -> BySide[Rate]:
        a, b = (Rate(tally[side][0] / tally[side][1] if tally[side][1] else None, tally[side][1])
                for side in ("A", "B"))
        return BySide(a, b)

    return Summary(
        deals=n, mean=mean, ci95=half, deal_win_rate=deal_wins / n if n else 0.0,
        made=rates(declared), set_as_defenders=rates(defended),
        average_bid=statistics.fmean(bids) if bids else None, bids=len(bids),
        game_win_rate=BySide(*(games[side] / rows for side in ("A", "B"))) if settings.unit == "game" and rows
        else None,
        timing=timing,
    )


def _pct(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    return values[min(len(values) - 1, int(q * len(values)))]


def _rate(rate: Rate) -> str:
    return "-" if rate.share is None else f"{100 * rate.share:5.1f}% of {rate.count}"


def report(settings: Settings, summary: Summary, elapsed: float, workers: int) -> str:
    a, b = ",".join(settings.a), ",".join(settings.b)
    lines = [
        f"{settings.variant}: A={a} vs B={b}, mode {settings.mode}"
        + (f" (fixed: {settings.fixed})" if settings.mode != "full" else "")
        + f", unit {settings.unit}, think x{settings.think:g}, seed {settings.seed}"
        + "".join(f", {name}={value}" for name, value in settings.options),
        f"machine: python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
        f"{workers} worker(s), {elapsed:.0f} s",
        f"deals: {summary.deals} (each in every seating)",
        f"A - B per deal: {summary.mean:+.1f} +/- {summary.ci95:.1f} (95% CI)   "
        f"A wins {100 * summary.deal_win_rate:.1f}% of deals",
        f"bid made:  A {_rate(summary.made.a)}   B {_rate(summary.made.b)}",
        f"set as defenders:  A {_rate(summary.set_as_defenders.a)}   B {_rate(summary.set_as_defenders.b)}",
    ]
    if summary.average_bid is not None:
        lines.append(f"average winning bid: {summary.average_bid:.1f} over {summary.bids} contracts")
    if summary.game_win_rate is not None:
        won = summary.game_win_rate
        lines.append(f"games won: A {100 * won.a:.1f}%  B {100 * won.b:.1f}%")
    for name, t in summary.timing.items():
        lines.append(f"decision time {name:8s}: p50 {1000 * t.p50:7.1f} ms  p95 {1000 * t.p95:7.1f} ms  "
                     f"max {1000 * t.max:7.1f} ms  ({t.decisions} decisions)")
    return "\n".join(lines)


class _Numbered(Protocol):
    @property
    def deal(self) -> int: ...


Result = TypeVar("Result", bound=_Numbered)


def results_kept(out: str | None, key: str, first: int, deals: int,
                 read: Callable[[object], Result]) -> dict[int, Result]:
    """The results of deals ``first .. first + deals - 1`` that a stopped run with the same settings (``key``)
    wrote to ``out`` already, by deal (a resumed run plays only the others); ``read``: a result from its JSON.
    The one reader of the ``--out`` files' lines, ``{"key": ..., "result": ...}``."""
    done: dict[int, Result] = {}
    if out and os.path.exists(out):
        with open(out, encoding="utf-8") as f:
            for line in f:
                try:
                    item = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short by a stopped run
                match item:
                    case {"key": found, "result": data} if found == key:
                        result = read(data)
                    case _:
                        continue
                if first <= result.deal < first + deals:
                    done[result.deal] = result
    return done


def _play(task: tuple[Settings, int]) -> DealResult:
    return play_deal(*task)


def run(settings: Settings, deals: int, workers: int = 1, out: str | None = None, first: int = 0,
        progress: bool = False) -> list[DealResult]:
    """Play deals ``first .. first + deals - 1`` (skipping those already in ``out``); every result."""
    key = settings.key()
    done = results_kept(out, key, first, deals, DealResult.from_json)
    todo = [d for d in range(first, first + deals) if d not in done]
    sink = open(out, "a", encoding="utf-8") if out else None  # noqa: SIM115 (kept open for the run)
    try:
        tasks = [(settings, d) for d in todo]
        if workers > 1 and len(tasks) > 1:
            with worker_pool(workers) as pool:
                for future in as_completed([pool.submit(_play, task) for task in tasks]):
                    _keep(future.result(), done, sink, key, progress, len(done) + 1, deals)
        else:
            for task in tasks:
                _keep(_play(task), done, sink, key, progress, len(done) + 1, deals)
    finally:
        if sink:
            sink.close()
    return [done[d] for d in sorted(done)]


def _keep(result: DealResult, done: dict[int, DealResult], sink: Any, key: str, progress: bool,
          count: int, deals: int) -> None:
    done[result.deal] = result
    if sink:
        sink.write(json.dumps({"key": key, "result": result.to_json()}) + "\n")
        sink.flush()
    if progress:
        print(f"  deal {count}/{deals}", file=sys.stderr, flush=True)


def _names(text: str) -> tuple[str, ...]:
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    for name in names:
        if name != "random" and name not in LEVELS:
            raise argparse.ArgumentTypeError(f"unknown level {name!r}; choose from random, {', '.join(LEVELS)}")
    if not names:
        raise argparse.ArgumentTypeError("name at least one level")
    return names


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench ai", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="partnership_auction", choices=sorted(PRESETS))
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals to play")
    parser.add_argument("--first", type=int, default=0, help="the first deal number (to split a run)")
    parser.add_argument("--a", type=_names, default=("hard",), help="side A's level(s), comma-separated per seat")
    parser.add_argument("--b", type=_names, default=("medium",), help="side B's level(s)")
    parser.add_argument("--mode", choices=MODES, default="full")
    parser.add_argument("--fixed", type=_names, default=("medium",), help="the level making the decisions the mode "
                        "takes away from the levels under test")
    parser.add_argument("--unit", choices=UNITS, default="hand", help="a deal is one hand, or a whole game")
    parser.add_argument("--think", type=float, default=1.0, help="scale every level's budget by this")
    parser.add_argument("--seed", type=int, default=1, help="which frozen set of deals")
    parser.add_argument("--workers", type=int, default=1, help="processes playing deals at once")
    parser.add_argument("--out", help="append results here as JSON lines; deals already there are skipped")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON too")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="override a rule option, e.g. --option first_bid_forced=true")
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        options = tuple(option_from_text(o) for o in args.option)
        settings = Settings(args.variant, args.a, args.b, args.mode, args.fixed[0], args.think, args.unit, args.seed,
                            options)
        settings.rules()
    except (RulesError, ValueError) as err:
        parser.error(str(err))
    started = time.perf_counter()
    results = run(settings, args.deals, args.workers, args.out, args.first, args.progress)
    summary = summarize(settings, results)
    print(report(settings, summary, time.perf_counter() - started, args.workers))
    if args.json:
        print(json.dumps(summary.to_json()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
