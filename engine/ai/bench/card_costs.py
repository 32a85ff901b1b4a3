"""What a card's cost in the review comes to at the table, by how the card is valued: numbers only.

    python -m engine.ai.bench.card_costs --variant partnership_auction --hands 300 --seed 100
    python -m engine.ai.bench.card_costs --variant three_hand --hands 200 --seed 100 --workers 2 --out costs.jsonl

The review values a card of three or four seats over the worlds hard samples, the rest of the hand in each world
played out by the greedy rule of thumb while more tricks are left than hard's exact endgame (``greedy``), searched
to the end after that (``exact``): :func:`engine.ai.players.cardplay.sampled_card_values`. Each hand is dealt from
its seed and played by the ``--table`` computers at every seat, without the clock. In each hand, for each of the two
ways, the first of the hand's card decisions (in a random order) whose worst card is a mistake's worth below the
best in one set of hard's worlds is taken: a card a player might have erred with. For it:

- **claimed**: the best less that card, over another set of worlds (as the review values them);
- **fresh**: the same two cards over a third set (without the luck of the worlds that chose the best);
- **seen**: the same with every card seen (the real deal);
- **realised**: the hand played on from there both ways by the table, ``--repeats`` times each.

The report gives, for each way, claimed, fresh and seen over realised, each with its standard error over the cards
(the ratio estimator's). ``--unweighted``: hard's worlds drawn without its weights, a what-if the review does not
take. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from engine.ai.analysis.advice import EVERY_CARD
from engine.ai.analysis.hand import ANALYSIS_LEVELS, TIERS, cost_threshold, decisions_in, game_before
from engine.ai.analysis.valuation import Valuation, valuation
from engine.ai.bench import worker_pool
from engine.ai.bench.calibrate import finish, play_on, players_for, ratio_error
from engine.ai.players.bidding import stable_seed
from engine.ai.players.levels import Level
from engine.game import Phase, new_game
from engine.record import HandRecord
from engine.rules import PRESETS, TrumpBy, preset

WAYS = ("greedy", "exact")
MEASURES = ("claimed", "fresh", "seen")


@dataclass(frozen=True)
class CardCost:
    """One card measured (see the module's doc): the best less it, in points of the hand, four ways."""

    variant: str
    seed: int
    way: str        # of WAYS: how the review values the card
    trick: int
    claimed: float
    fresh: float
    seen: float
    realised: float


def hand_costs(variant: str, seed: int, table_name: str = "medium", repeats: int = 4,
               weighted: bool = True) -> list[CardCost]:
    """The cards measured in the hand dealt from ``seed`` (see the module's doc): at most one each way. ``weighted``
    False: hard's worlds drawn without its weights (how likely the auction, passes and play are in them)."""
    hard = ANALYSIS_LEVELS["hard"] if weighted else replace(ANALYSIS_LEVELS["hard"], weighted=False)
    rules = preset(variant)
    table = ANALYSIS_LEVELS[table_name]
    record = finish(new_game(rules, seed=seed), players_for(rules, table, seed))
    rng = random.Random(stable_seed("card costs", variant, seed))
    cards: dict[str, list[int]] = {way: [] for way in WAYS}
    for index, seat in decisions_in(record):
        game, _made = game_before(record, index)
        if game.phase == Phase.PLAY:
            cards[WAYS[len(game.hand.hands[seat]) <= hard.exact_tricks]].append(index)
    costs = []
    for way, indices in cards.items():
        rng.shuffle(indices)
        for index in indices:
            cost = card_cost(record, index, seed, table, repeats, hard)
            if cost is not None:
                costs.append(CardCost(variant, seed, way, *cost))
                break
    return costs


def card_cost(record: HandRecord, index: int, seed: int, table: Level, repeats: int,
              hard: Level = ANALYSIS_LEVELS["hard"]) -> tuple[int, float, float, float, float] | None:
    """The record's card decision ``index`` measured (see the module's doc) with ``hard``'s worlds: its trick, and the
    claimed, fresh, seen and realised costs; None where its worst card is not a mistake's worth below the best."""
    game, _made = game_before(record, index)
    seat = game.to_act
    assert seat is not None

    def values(tag: str, level: Level = hard) -> Valuation:
        return valuation(game.clone(), seat, level, random.Random(stable_seed("card costs", seed, index, tag)))

    chooser = values("choose")
    worst = min(chooser.worths, key=lambda a: (chooser.mean(a), str(a)))
    if max(map(chooser.mean, chooser.worths)) - chooser.mean(worst) < TIERS[1][0] * cost_threshold(game.rules):
        return None
    claimed = values("claim")
    best = max(claimed.worths, key=lambda a: (claimed.mean(a), str(a)))
    fresh, seen = values("fresh"), values("seen", EVERY_CARD)
    gains = [play_on(game, best, table, seed + r) - play_on(game, worst, table, seed + r) for r in range(repeats)]
    return (len(game.hand.tricks) + 1, claimed.mean(best) - claimed.mean(worst), fresh.mean(best) - fresh.mean(worst),
            seen.mean(best) - seen.mean(worst), sum(gains) / repeats)


def ratio(costs: Sequence[CardCost], measure: str) -> tuple[float, float]:
    """``measure`` (of MEASURES) summed over realised summed, and its standard error over the cards (nan where it
    has none)."""
    measured = [getattr(cost, measure) for cost in costs]
    realised = [cost.realised for cost in costs]
    total, gained = sum(measured), sum(realised)
    error = ratio_error(total, gained, sum(m * m for m in measured), sum(r * r for r in realised),
                        sum(m * r for m, r in zip(measured, realised, strict=True)), len(costs))
    return (float("nan"), error) if math.isnan(error) else (total / gained, error)


def report(costs: Sequence[CardCost]) -> str:
    rows = ["| way | cards | " + " | ".join(f"{m} / realised" for m in MEASURES) + " |",
            "|---|---:|" + "---|" * len(MEASURES)]
    for way in WAYS:
        some = [cost for cost in costs if cost.way == way]
        cells = ["-" if math.isnan(r) else f"{r:.2f} +/- {e:.2f}" for r, e in (ratio(some, m) for m in MEASURES)]
        rows.append(f"| {way} | {len(some)} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.bench.card_costs", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="partnership_auction",
                        choices=sorted(v for v in PRESETS if preset(v).trump_by != TrumpBy.STOCK))
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--table", default="medium", choices=sorted(ANALYSIS_LEVELS))
    parser.add_argument("--repeats", type=int, default=4, help="runs of the hand played on, each way")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, help="each card measured, as a JSON line")
    parser.add_argument("--unweighted", action="store_true",
                        help="hard's worlds drawn without its weights (a what-if: the review keeps them)")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.hands)
    jobs = ([args.variant] * args.hands, seeds, [args.table] * args.hands, [args.repeats] * args.hands,
            [not args.unweighted] * args.hands)
    with worker_pool(args.workers) as pool:
        costs = [cost for part in pool.map(hand_costs, *jobs) for cost in part]
    if args.out is not None:
        args.out.write_text("".join(json.dumps(asdict(cost)) + "\n" for cost in costs), encoding="utf-8")
    print(f"{args.variant}, {args.hands} hands from seed {args.seed}, {args.table} at every seat, "
          f"{args.repeats} runs each way{', hard unweighted' if args.unweighted else ''}")
    print(report(costs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
