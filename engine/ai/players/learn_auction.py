"""Learn what bids and passes mean: play many auctions with the levels' own bidding and count,
per kind of action, the features of the hands that made it (see :mod:`engine.ai.search.auction_model`).

    python -m engine.ai.players.learn_auction --deals 3000 --seed 7 [--variant partnership_auction ...]
                                      [--levels hard,medium] [--out engine/ai/search/auction_model.json]

Each deal is dealt from the seed, and only its auction is played (by
:func:`engine.ai.players.decisions.choose_bid`, each seat at the level its deal gives it: the ``--levels``
in turn, deal by deal). The counts of every variant asked for go to one JSON file, one table per
family of auctions; tables of families not asked for are kept from the file as it was. The hard
level reads the file while it bids, so a run learns what the bids of players that read the
previous file mean (run it again after the bidding changes).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from engine.actions import Pass
from engine.ai.players.bidding import stable_seed
from engine.ai.players.computer import ComputerPlayer
from engine.ai.players.decisions import choose_bid
from engine.ai.players.levels import LEVELS
from engine.ai.search import auction_model
from engine.ai.search.auction_model import (
    FEATURES,
    MODEL_FILE,
    Counts,
    action_kinds,
    family,
    hand_features,
    read_model_file,
)
from engine.ai.search.worlds import auction_likelihood, pass_likelihood, pass_skips, real_world
from engine.cards import ACE, Card
from engine.game import Phase, new_game
from engine.history import Call, PassCall
from engine.info_state import info_state, sample_world
from engine.rules import AUCTION_VARIANTS, Rules, preset

_SIZES = (8, 6, 5)  # buckets of each feature (see auction_model's edges)


def _empty() -> list[list[int]]:
    return [[0] * n for n in _SIZES]


def _add(table: Counts, kind: str, features: Sequence[int]) -> None:
    rows = table.setdefault(kind, _empty())
    for f, bucket in enumerate(features):
        rows[f][bucket] += 1


def learn(rules: Rules, deals: int, seed: int, levels: Sequence[str]) -> Counts:
    """The counts of ``deals`` auctions of ``rules``."""
    table: Counts = {"all": _empty()}
    for i in range(deals):
        level = LEVELS[levels[i % len(levels)]]
        other = LEVELS[levels[(i + 1) % len(levels)]]
        game = new_game(rules, seed=stable_seed("learn auction", seed, i))
        hands = [[int(c) for c in hand] for hand in game.hand.hands]
        features = [hand_features(hand, rules) for hand in hands]
        for f in features:
            _add(table, "all", f)
        deal = game.deal_number
        bids: list[Call] = []
        while game.phase == Phase.BIDDING and game.deal_number == deal:
            seat = game.to_act
            assert seat is not None
            # Partners share a level: seats 0 and 2 play ``level``, 1 and 3 the next in the list.
            at = level if rules.team_of(seat) == 0 or not rules.partnerships else other
            rng = random.Random(stable_seed("learn bid", seed, i, seat, len(bids)))
            action, _why = choose_bid(info_state(game, seat), at, rng)
            game.apply(action, seat)
            # (kept here as well: when all pass, the hand is dealt again and its auction forgotten)
            if game.deal_number == deal:
                bids = list(game.hand.bids)
            else:
                helped = isinstance(action, Pass) and action.help
                bids.append(Call(seat, PassCall.WITH_HELP if helped else PassCall.PASS))
        for seat, kind in action_kinds(rules, bids):
            if kind is not None:
                _add(table, kind, features[seat])
    return table


def _counts(hand: Sequence[Card], trump: int) -> tuple[int, int]:
    """(trumps, aces) in a hand."""
    return sum(1 for c in hand if c // 6 == trump), sum(1 for c in hand if c % 6 == ACE)


def check(rules: Rules, deals: int, seed: int, level_name: str, worlds: int = 60) -> dict[str, float]:
    """How much the auction and the passes tell, measured: over ``deals`` hands played by
    ``level_name`` up to the first card, each seat imagines ``worlds`` deals of the hidden cards
    and predicts each other hand's trumps and aces, with the worlds weighed (auction and passes)
    and not. The mean absolute errors of both, against the real hands."""
    player = ComputerPlayer(LEVELS[level_name], seed)
    errors = {"trumps unweighed": 0.0, "trumps weighed": 0.0, "aces unweighed": 0.0, "aces weighed": 0.0}
    count = 0
    skips: dict[bool, tuple[list[int], list[int]]] = {True: ([], []), False: ([], [])}  # real, imagined
    for i in range(deals):
        game = new_game(rules, seed=stable_seed("check auction", seed, i))
        while game.phase != Phase.PLAY and not game.hand_records:
            seat = game.to_act
            assert seat is not None
            game.apply(player.choose(game, seat), seat)
        if game.phase != Phase.PLAY or game.hand.trump is None:
            continue
        trump = game.hand.trump
        for seat in range(rules.players):
            info = info_state(game, seat)
            know = info.knowledge()
            rng = random.Random(stable_seed("check worlds", seed, i, seat))
            sampled = [sample_world(know, rng) for _ in range(worlds)]
            weights = [auction_likelihood(info, w) * pass_likelihood(info, w) for w in sampled]
            for to_declarer, k in pass_skips(info, real_world(game)):
                skips[to_declarer][0].append(k)
            for w in sampled:
                for to_declarer, k in pass_skips(info, w):
                    skips[to_declarer][1].append(k)
            total = sum(weights) or 1.0
            for other in range(rules.players):
                if other == seat:
                    continue
                truth = _counts(game.hand.hands[other], trump)
                plain = [_counts(w.hands[other], trump) for w in sampled]
                for k, name in enumerate(("trumps", "aces")):
                    mean = sum(p[k] for p in plain) / len(plain)
                    weighed = sum(wt * p[k] for p, wt in zip(plain, weights, strict=True)) / total
                    errors[f"{name} unweighed"] += abs(mean - truth[k])
                    errors[f"{name} weighed"] += abs(weighed - truth[k])
                count += 1
    out = {k: v / max(1, count) for k, v in errors.items()}
    for to_declarer, (real, imagined) in skips.items():
        name = "pass" if to_declarer else "return"
        out[f"{name} cards against the order, real"] = sum(real) / max(1, len(real))
        out[f"{name} cards against the order, imagined"] = sum(imagined) / max(1, len(imagined))
        out[f"{name} talk fitted"] = fit_talk(real, imagined)
    return out


def fit_talk(real: Sequence[int], imagined: Sequence[int]) -> float:
    """The factor t per card against the order that, weighing each imagined world by t ** k, gives
    the imagined worlds as many such cards on average as the real hands hold (1: none fits better)."""
    if not real or not imagined:
        return 1.0
    target = sum(real) / len(real)

    def mean(t: float) -> float:
        weights = [t ** k for k in imagined]
        return sum(w * k for w, k in zip(weights, imagined, strict=True)) / sum(weights)

    if mean(1.0) <= target:
        return 1.0
    low, high = 1e-4, 1.0
    for _ in range(50):
        mid = (low + high) / 2
        low, high = (mid, high) if mean(mid) < target else (low, mid)
    return (low + high) / 2


def _dump(command: str, tables: dict[str, Counts]) -> str:
    """The model file (read by :func:`engine.ai.search.auction_model.read_model_file`): JSON with one kind of action a
    line (small diffs when the model is learned again)."""
    lines = ["{", f'"command": {json.dumps(command)},', f'"features": {json.dumps(list(FEATURES))},',
             '"tables": {']
    families = sorted(tables)
    for i, fam in enumerate(families):
        kinds = tables[fam]
        lines.append(f"{json.dumps(fam)}: {{")
        for j, kind in enumerate(sorted(kinds)):
            lines.append(f"  {json.dumps(kind)}: {json.dumps(kinds[kind])}" + ("," if j < len(kinds) - 1 else ""))
        lines.append("}" + ("," if i < len(families) - 1 else ""))
    lines += ["}", "}"]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.players.learn_auction",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--variant", action="append", choices=AUCTION_VARIANTS,
                        help="variants to learn (repeat; default: the four-handed auction)")
    parser.add_argument("--levels", default="hard", help="the levels bidding, deal by deal, comma-separated")
    parser.add_argument("--out", default=str(Path(auction_model.__file__).with_name(MODEL_FILE)))
    parser.add_argument("--check", type=int, default=0, metavar="N",
                        help="instead of learning: measure on N hands what the auction and passes tell")
    args = parser.parse_args(argv)
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    unknown = [name for name in levels if name not in LEVELS]
    if unknown or not levels:
        parser.error(f"unknown level: {', '.join(unknown) or '(none)'}")
    if args.check:
        for variant in args.variant or ["partnership_auction"]:
            errors = check(preset(variant), args.check, args.seed, levels[0])
            print(f"{variant}, {args.check} hands at {levels[0]}: mean error of each hidden hand's count, "
                  + ", ".join(f"{k} {v:.3f}" for k, v in errors.items()))  # (and the passes' talk)
        return 0
    out = Path(args.out)
    tables: dict[str, Counts] = {}
    if out.exists():
        try:
            tables = read_model_file(out.read_text(encoding="utf-8"))
        except (ValueError, TypeError, AttributeError):
            tables = {}
    for variant in args.variant or ["partnership_auction"]:
        rules = preset(variant)
        start = time.perf_counter()
        tables[family(rules)] = learn(rules, args.deals, args.seed, levels)
        actions = sum(sum(rows[0]) for kind, rows in tables[family(rules)].items() if kind != "all")
        print(f"{variant}: {args.deals} auctions, {actions} actions with a meaning, "
              f"{len(tables[family(rules)]) - 1} kinds, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    command = "python -m engine.ai.players.learn_auction " + " ".join(argv if argv is not None else sys.argv[1:])
    out.write_text(_dump(command, tables), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
