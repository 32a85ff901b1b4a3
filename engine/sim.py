"""Play whole games between computer seats and write their hand records.

    python -m engine.sim --variant partnership_auction --games 20 --seed 1 \\
        --players random,random,random,random --records hands.jsonl
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from engine.ai.players.computer import ComputerPlayer, make_player
from engine.game import Game, new_game
from engine.record import write_records
from engine.rules import PRESETS, RulesError, preset


def play_game(game: Game, kinds: Sequence[str], seed: int, max_hands: int = 0) -> Game:
    """Play ``game`` to its end (or ``max_hands`` hands) with one player of each kind per seat."""
    players = [make_player(kind, seed * 100 + seat) for seat, kind in enumerate(kinds)]
    while not game.is_over and not (max_hands and len(game.hand_records) >= max_hands):
        seat = game.to_act
        assert seat is not None
        player = players[seat]
        if isinstance(player, ComputerPlayer):  # its reason goes into the hand's record
            action, reason = player.choose_with_reason(game, seat)
            game.apply(action, reason=reason)
        else:
            game.apply(player.choose(game, seat))
    return game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.sim", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="partnership_auction", choices=sorted(PRESETS))
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="", help="comma-separated seat kinds (default: random at every seat)")
    parser.add_argument("--max-hands", type=int, default=100,
                        help="stop a game that has not ended after this many hands (0: no limit)")
    parser.add_argument("--records", help="append the hand records (JSON Lines) to this file")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="override a rule option, e.g. --option min_bid=300")
    args = parser.parse_args(argv)
    try:
        rules = preset(args.variant, **dict(option_from_text(o) for o in args.option))
    except (RulesError, ValueError) as err:
        parser.error(str(err))
    kinds = args.players.split(",") if args.players else ["random"] * rules.players
    if len(kinds) != rules.players:
        parser.error(f"{args.variant} has {rules.players} seats, --players names {len(kinds)}")
    started = time.perf_counter()
    hands = unfinished = 0
    wins = [0] * len(rules.teams)
    for g in range(args.games):
        game = play_game(new_game(rules, seed=args.seed + g), kinds, args.seed + g, args.max_hands)
        hands += len(game.hand_records)
        if game.winner is not None:
            wins[game.winner] += 1
        elif not game.is_over:
            unfinished += 1
        if args.records:
            write_records(args.records, game.hand_records)
    elapsed = time.perf_counter() - started
    print(f"{args.games} games, {hands} hands of {args.variant} in {elapsed:.2f} s; wins per side: {wins}"
          + (f"; {unfinished} stopped at {args.max_hands} hands" if unfinished else ""))
    return 0


def option_from_text(text: str) -> tuple[str, object]:
    """``NAME=VALUE`` from the command line: true/false, a whole number, or a word."""
    name, _, value = text.partition("=")
    if not value:
        raise ValueError(f"--option wants NAME=VALUE, not {text!r}")
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


if __name__ == "__main__":
    sys.exit(main())
