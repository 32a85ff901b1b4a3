"""Whether the hand analysis can be believed: errors planted in hands the computer played, found or not.

    python -m engine.bench analysis --calibrate --hands 200 --seed 1
    python -m engine.bench analysis --calibrate --hands 10 --level medium --repeats 2   # a quicker look

Each hand is dealt from its own seed and played by the ``--level`` computer in every seat (without the
clock, so the same seed plays the same hand anywhere). In each hand one decision (a bid, a pass or return,
a bury or a card) is replaced by a choice worse than the best there was by at least the mistake
threshold, both from the seat's view (valued in three times the analysis's deals; where the choices are
valued by playing the hand out, the choice and the best measured again in fresh deals, where the cost
must clear the threshold by CLEAR standard errors, as the analysis counts a cost) and with every card
seen; the hand is played on from there by the same players, and the new record analysed. The report gives:

(a) the share of the planted errors graded a mistake or a blunder (target: 90% or more);
(b) the share of the computer's own decisions (up to ``--unplanted`` per hand, drawn from the hand as it
    was played) graded a mistake or worse (target: 5% or less);
(c) for every decision so marked, the cost the analysis claimed against the cost realised: the hand
    played on from the decision both ways (the choice made and the one recommended) with the actual
    cards, the computer in every seat, ``--repeats`` times; the two summed (target: within 25%);
(d) the reasons of the marked decisions that :func:`engine.ai.analysis_words.contradictions` catches
    (target: none).

A planted bid the auction then went past is not charged (see :func:`engine.ai.analysis.review_decision`):
it is counted apart. Numbers only: the test suite runs a few small hands to check every number is computed.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine.actions import Action, DeclareOut
from engine.ai.advice import EVERY_CARD
from engine.ai.analysis import (
    ANALYSIS_LEVELS,
    CLEAR,
    COSTLY,
    TIERS,
    DecisionReview,
    action_words,
    cost_threshold,
    decisions_in,
    game_before,
    review_decision,
)
from engine.ai.analysis_words import contradictions
from engine.ai.bidding import stable_seed
from engine.ai.levels import Level
from engine.ai.players import ComputerPlayer
from engine.ai.playouts import played_out
from engine.ai.valuation import second_look, valuation
from engine.game import Game, new_game
from engine.info_state import info_state
from engine.record import HandRecord
from engine.rules import PRESETS, Rules, preset

PLANTED = ("bidding", "passing", "return", "bury", "play")  # the phases of the decisions an error is planted in
TRIES = 12  # decisions tried per hand for an error to plant
# Batches of deals that value the choices an error is planted from: more than the analysis takes, so that
# an error is planted for being bad, not for a batch of deals that happened to make it look bad.
PLANT_BATCHES = 3


@dataclass
class Calibration:
    """The tallies of a calibration run (see the module's doc)."""

    hands: int = 0
    planted: int = 0              # errors planted and charged
    planted_marked: int = 0       # of those, graded a mistake or worse
    not_charged: int = 0          # planted bids the auction went past (not charged by design)
    nothing_to_plant: int = 0     # hands where no decision tried had a choice bad enough in both views
    unplanted: int = 0            # the computer's own decisions reviewed
    unplanted_marked: int = 0
    claimed: float = 0.0          # the marked decisions' costs as the analysis claimed them (seat's view)
    realised: float = 0.0         # and as playing the hand on both ways realised them
    marked: int = 0
    contradicted: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)  # the planted errors not marked, in words

    def share(self, part: int, whole: int) -> float:
        return 100.0 * part / whole if whole else float("nan")

    def report(self) -> str:
        ratio = self.claimed / self.realised if self.realised else float("nan")
        return "\n".join([
            f"hands {self.hands}: errors planted and charged {self.planted} (bids gone past {self.not_charged}, "
            f"nothing to plant {self.nothing_to_plant})",
            f"(a) planted errors marked a mistake or worse: {self.planted_marked}/{self.planted} "
            f"= {self.share(self.planted_marked, self.planted):.0f}% (target >= 90%)",
            f"(b) the computer's own decisions marked a mistake or worse: {self.unplanted_marked}/{self.unplanted} "
            f"= {self.share(self.unplanted_marked, self.unplanted):.1f}% (target <= 5%)",
            f"(c) marked decisions {self.marked}: claimed {self.claimed:.0f}, realised {self.realised:.0f}, "
            f"claimed/realised {ratio:.2f} (target 0.75-1.25)",
            f"(d) reasons contradicted: {len(self.contradicted)} (target 0)"]
            + [f"    {c}" for c in self.contradicted]
            + [f"planted and not marked: {m}" for m in self.missed])


def players_for(rules: Rules, level: Level, seed: int) -> list[ComputerPlayer]:
    return [ComputerPlayer(level, seed * 100 + s) for s in range(rules.players)]


def finish(game: Game, players: Sequence[ComputerPlayer]) -> HandRecord:
    """The hand of ``game`` played to its end by ``players``: its record."""
    while not game.hand_records:
        seat = game.to_act
        assert seat is not None
        action, reason = players[seat].choose_with_reason(game, seat)
        game.apply(action, reason=reason)
    return game.hand_records[0]


def worth(game: Game, seat: int) -> float:
    """The finished hand's score change to ``seat``'s side less the others'."""
    delta = game.hands_played[-1].score_delta
    side = game.rules.team_of(seat)
    return float(delta[side] - sum(d for i, d in enumerate(delta) if i != side))


def play_on(game: Game, action: Action, level: Level, seed: int) -> float:
    """``action`` taken in ``game`` and the hand played on by ``level`` in every seat: its worth to the
    deciding seat's side."""
    seat = game.to_act
    assert seat is not None
    copy = game.clone()
    copy.apply(action)
    finish(copy, players_for(copy.rules, level, seed))
    return worth(copy, seat)


def choices(game: Game) -> list[Action]:
    return [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]


def action_named(game: Game, words: str) -> Action:
    """The legal action of ``game`` that the analysis names ``words``."""
    return next(a for a in choices(game) if action_words(a, game) == words)


def plant(record: HandRecord, level: Level, rng: random.Random) -> tuple[int, Action] | None:
    """A decision of ``record`` and a choice there worse than the best by at least the mistake threshold
    both from the seat's view and with every card seen (None if none of the decisions tried has one)."""
    found = [index for index, _s in decisions_in(record) if game_before(record, index)[0].phase in PLANTED]
    rng.shuffle(found)
    for index in found[:TRIES]:
        game, _made = game_before(record, index)
        seat = game.to_act
        assert seat is not None
        mistake = TIERS[1][0] * cost_threshold(game.rules)
        seat_view = valuation(game.clone(), seat, level, random.Random(rng.random()))
        for _batch in range(PLANT_BATCHES - 1):
            seat_view = seat_view.joined(valuation(game.clone(), seat, level, random.Random(rng.random())))
        seen = valuation(game.clone(), seat, EVERY_CARD, random.Random(rng.random()))
        top, seen_top = max(map(seat_view.mean, seat_view.worths)), max(map(seen.mean, seen.worths))
        bad = [a for a in seat_view.worths if a in seen.worths
               and top - seat_view.mean(a) >= mistake and seen_top - seen.mean(a) >= mistake]
        if not bad:
            continue
        pick = rng.choice(sorted(bad, key=str))
        if played_out(info_state(game, seat)):  # bad by luck of the deals that made another choice the best? look again
            best = max(seat_view.worths, key=seat_view.mean)
            again = second_look(game.clone(), seat, level, random.Random(rng.random()), [pick, best])
            # worse by a mistake's worth beyond the uncertainty of those deals, as the analysis counts a cost
            if again is None or again.mean(best) - again.mean(pick) < mistake + CLEAR * again.error(best, pick):
                continue
        return index, pick
    return None


def calibrate(variant: str, hands: int, seed: int, level_name: str, unplanted: int, repeats: int,
              workers: int = 1) -> Calibration:
    """The calibration over ``hands`` hands dealt from ``seed``, ``seed + 1``, ... (in ``workers`` processes:
    the same numbers with any count)."""
    jobs = [(variant, seed + number, level_name, unplanted, repeats) for number in range(hands)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(calibrate_hand, *zip(*jobs, strict=True)))
    else:
        parts = [calibrate_hand(*job) for job in jobs]
    total = Calibration()
    for part in parts:
        for name in ("hands", "planted", "planted_marked", "not_charged", "nothing_to_plant", "unplanted",
                     "unplanted_marked", "claimed", "realised", "marked"):
            setattr(total, name, getattr(total, name) + getattr(part, name))
        total.contradicted += part.contradicted
        total.missed += part.missed
    return total


def calibrate_hand(variant: str, deal_seed: int, level_name: str, unplanted: int, repeats: int) -> Calibration:
    """One hand's part of the calibration (see :func:`calibrate`)."""
    rules = preset(variant)
    level = ANALYSIS_LEVELS[level_name]
    tally = Calibration()
    rng = random.Random(stable_seed("calibrate", variant, deal_seed))
    record = finish(new_game(rules, seed=deal_seed), players_for(rules, level, deal_seed))
    tally.hands += 1
    marked: list[tuple[HandRecord, DecisionReview]] = []
    planted = plant(record, level, rng)
    if planted is None:
        tally.nothing_to_plant += 1
    else:
        index, action = planted
        game, _made = game_before(record, index)
        game.apply(action)
        changed = finish(game, players_for(rules, level, deal_seed))
        review = review_decision(changed, index, deal_seed, level=level)
        if review.cost == 0 and review.seen_cost is None:  # a bid the auction went past
            tally.not_charged += 1
        else:
            tally.planted += 1
            tally.planted_marked += review.costly
            if review.costly:
                marked.append((changed, review))
            else:
                tally.missed.append(f"hand {deal_seed}, {review.title}: {review.chosen.action} for "
                                    f"{review.best[0].action}, cost {review.cost:g} +/- {review.error:g}, "
                                    f"with every card seen {review.seen_cost}")
    own = decisions_in(record)
    for index, _seat in rng.sample(own, min(unplanted, len(own))) if unplanted else own:
        review = review_decision(record, index, deal_seed, level=level)
        tally.unplanted += 1
        tally.unplanted_marked += review.grade in COSTLY
        if review.costly:
            marked.append((record, review))
    for played, review in marked:
        game, made = game_before(played, review.action_index)
        better = action_named(game, review.best[0].action)
        gain = [play_on(game, better, level, deal_seed + r) - play_on(game, made, level, deal_seed + r)
                for r in range(repeats)]
        tally.marked += 1
        tally.claimed += review.cost
        tally.realised += sum(gain) / len(gain)
        for fault in contradictions(game, review.seat, made, better, review.reason):
            tally.contradicted.append(f"hand {deal_seed}, {review.title}: {fault} ({review.reason})")
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench analysis --calibrate",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--calibrate", action="store_true", help="(the only measure here)")
    parser.add_argument("--variant", default="partnership_auction", choices=sorted(PRESETS))
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard", choices=sorted(ANALYSIS_LEVELS),
                        help="who plays the hands and whose view values them (without the clock)")
    parser.add_argument("--unplanted", type=int, default=8, help="the computer's own decisions reviewed per hand "
                        "(0: all)")
    parser.add_argument("--repeats", type=int, default=4, help="runs of the hand played on, each way")
    parser.add_argument("--workers", type=int, default=1, help="processes, each taking whole hands")
    args = parser.parse_args(argv)
    result = calibrate(args.variant, args.hands, args.seed, args.level, args.unplanted, args.repeats, args.workers)
    print(f"{args.variant}, seed {args.seed}, level {args.level}, unplanted {args.unplanted} a hand, "
          f"repeats {args.repeats}")
    print(result.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
