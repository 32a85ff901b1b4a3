"""A hand record with a planted blunder by the player, for the coach's screenshots under a real display:

    python -m tests.make_blunder_record [--out /tmp/blunder.jsonl] [--seed 10] [--level medium]

A four-handed auction hand dealt from ``--seed``, the player "You" in seat 0 (``humans: [0]``), played by
the ``--level`` computer in every seat; at the player's first card of the play that has a choice worse than
the best by a blunder's cost both from the player's view and with every card seen, that choice is made
instead and the hand played on by the hard computer in every seat (as "try again from here" plays it on,
so the two lines compare). Open the file from the title screen ("Open a hand record"): the review marks
the card, C goes to it. Prints the card planted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from engine.ai.analysis.hand import ANALYSIS_LEVELS, TIERS, action_words, cost_threshold, decisions_in, game_before
from engine.ai.analysis.valuation import valuation
from engine.ai.bench.calibrate import choices, finish, players_for
from engine.game import new_game
from engine.rules import preset

PLAYER = 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/blunder.jsonl"))
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--level", default="medium", choices=sorted(ANALYSIS_LEVELS))
    args = parser.parse_args(argv)
    rules, level = preset("partnership_auction"), ANALYSIS_LEVELS[args.level]
    game = new_game(rules, seed=args.seed)
    game.players, game.humans = ["You", "West", "North", "East"], (PLAYER,)
    record = finish(game, players_for(rules, level, args.seed))
    blunder = TIERS[0][0] * cost_threshold(rules)
    rng = random.Random(args.seed)
    for index, seat in decisions_in(record):
        before, _made = game_before(record, index)
        if seat != PLAYER or before.phase != "play":
            continue
        seat_view = valuation(before.clone(), seat, level, random.Random(rng.random()))
        seen = valuation(before.clone(), seat, ANALYSIS_LEVELS["perfect"], random.Random(rng.random()))
        top, seen_top = max(map(seat_view.mean, seat_view.worths)), max(map(seen.mean, seen.worths))
        bad = [a for a in choices(before) if a in seat_view.worths and a in seen.worths
               and top - seat_view.mean(a) >= blunder and seen_top - seen.mean(a) >= blunder]
        if bad:
            action = max(bad, key=lambda a: top - seat_view.mean(a))
            print(f"action {index}: {action_words(action, before)} "
                  f"(costs {top - seat_view.mean(action):.0f} from the player's view)")
            before.humans = (PLAYER,)  # the replayed game knows the seats' names only
            before.apply(action)
            changed = finish(before, players_for(rules, ANALYSIS_LEVELS["hard"], args.seed))
            args.out.write_text(json.dumps(changed) + "\n")
            print(args.out)
            return 0
    print(f"no card of the player's costs a blunder in the hand of seed {args.seed}: try another seed")
    return 1


if __name__ == "__main__":
    sys.exit(main())
