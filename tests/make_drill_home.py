"""A home folder whose statistics hold drills, for trying "Practise your mistakes" by hand or under Xvfb:

    python -m tests.make_drill_home [--home /tmp/drillhome] [--hands 3] [--level medium]

Plays a few hands of three-handed and four-handed auction with the player (seat 0, random play) among easy
computers, keeps each as the app does after a hand (its row in the statistics, its record) and reviews the
player's decisions as the cost job does (with ``--level``'s search: medium is quick, the app's is hard); their
costly ones become drills. Then ``PINOCHLE_HOME=/tmp/drillhome pinochle``: Statistics, Practise your mistakes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.ai.analysis.accuracy import accuracy, in_tenths
from engine.ai.analysis.advice import ANALYSIS_LEVELS, APP_SEED
from engine.ai.analysis.hand import decisions_in, review_decision
from engine.game import new_game
from engine.rules import preset
from engine.sim import play_game
from pinochle_gui.storage import Storage
from pinochle_gui.storage.hand_costs import HandCost

VARIANTS = ("three_hand", "partnership_auction")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, default=Path("/tmp/drillhome"))
    parser.add_argument("--hands", type=int, default=3, help="hands of each variant")
    parser.add_argument("--level", default="medium", choices=sorted(ANALYSIS_LEVELS))
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated presets")
    args = parser.parse_args(argv)
    storage = Storage.open(args.home)
    for variant in args.variants.split(","):
        for seed in range(1, args.hands + 1):
            game = new_game(preset(variant), seed=seed)
            game.humans = (0,)
            game.players = ["You", "West", "North", "East"][: game.rules.players]
            seats = game.rules.players
            record = play_game(game, ["random"] + ["easy"] * (seats - 1), seed, 1).hand_records[0]
            game_id, levels = f"{variant}-{seed}", [None] + ["easy"] * (seats - 1)
            storage.record_hand(record, 0, levels, game_id=game_id)
            storage.stats.keep_hand_record(game_id, record)
            reviews = [review_decision(record, i, APP_SEED, ANALYSIS_LEVELS[args.level], every_card=False, viewer=0)
                       for i, seat in decisions_in(record) if seat == 0]
            found = accuracy(reviews, 0, in_tenths(game.rules))
            storage.stats.record_hand_cost(HandCost.of(game_id, 1, variant, "easy", found))
            storage.drills.keep(game_id, record, "easy", 0, reviews)
            print(variant, seed, sum(r.costly for r in reviews), "costly of", len(reviews))
    print(storage.drills.progress().words, "in", args.home)
    storage.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
