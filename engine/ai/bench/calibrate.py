"""Whether the hand analysis can be believed: errors planted in hands the computer played, found or not.

    python -m engine.bench analysis --calibrate --hands 200 --seed 1
    python -m engine.bench analysis --calibrate --hands 10 --level medium --repeats 2   # a quicker look
    python -m engine.bench analysis --calibrate --variant three_hand --hands 20 --table medium --plant by-kind \\
        --unplanted 0                                    # hard in the player's seat among medium computers

Each hand is dealt from its own seed and played by the ``--level`` computer (without the clock, so the same
seed plays the same hand anywhere): in every seat, or, with ``--table LEVEL``, in the player's seat only
(``--seat``: seat 0, another, or ``rotate``, the seat the hand's seed names, ``seed % seats``) with the
``--table`` computer in the others - the New game default is ``--level hard --table medium``. Errors are
planted in, and the computer's own decisions drawn from, the ``--seat`` seat (``all``: every seat, the
default when one level plays every seat). In each hand one decision is replaced by a choice worse than the
best there was by at least the mistake threshold, both from the seat's view (valued in three times the
analysis's deals, where the cost must clear the threshold by CLEAR standard errors, as the analysis counts a
cost; where the choices are valued by playing the hand out, the choice and the best measured again in fresh
deals, where it must clear it again) and with every card seen: with ``--plant any`` a bid, a pass or return,
a bury or a card (the decisions tried in a random order); with ``--plant by-kind`` a decision of a kind drawn at random
among the kinds the seat decided in the hand (every kind the analysis values: trump, melds, the two-handed
draw and dix and a throw-in too), tried first, so that each kind gets its share of planted errors. The hand
is played on from there by the same players, and the new record analysed. The report gives, in all and
for each kind of decision (the phase it was made in: bid, trump, pass, return, bury, meld, draw, dix,
throw_in, play), with the counts:

(a) the share of the planted errors graded a mistake or a blunder (target: 90% or more in each kind);
(b) the share of the computer's own decisions (up to ``--unplanted`` per hand, 0: all, drawn from the hand as
    it was played) graded a mistake or worse (target: 3% or less, and 5% or less of its bids); a bid the
    auction went past is reviewed but never charged (see below), counted apart;
(c) for every decision so marked, the cost the analysis claimed against the cost realised: the hand
    played on from the decision both ways (the choice made and the one recommended) with the actual
    cards by the same table, ``--repeats`` times; the two summed (target: 0.8 to 1.25 in each kind with 30
    marked decisions or more), and the ratio's standard error over the hands (one deal's realised cost moves by
    hundreds with the lie of the cards, so a ratio over a few dozen decisions is known to a few tenths);
(d) the reasons of the marked decisions that :func:`engine.ai.analysis.words.contradictions` catches
    (target: none).

Each of the computer's own decisions marked is listed (hand, seat, decision, the choice and the advice,
claimed against realised). A planted bid the auction then went past is not charged (see
:func:`engine.ai.analysis.hand.review_decision`): it is counted apart. Numbers only: the test suite runs a few
small hands to check every number is computed.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engine.actions import Action, Bid, DeclareOut
from engine.ai.analysis.advice import EVERY_CARD
from engine.ai.analysis.hand import (
    ANALYSIS_LEVELS,
    CLEAR,
    COSTLY,
    TIERS,
    DecisionReview,
    action_words,
    cost_threshold,
    decision_name,
    decisions_in,
    game_before,
    review_decision,
)
from engine.ai.analysis.valuation import second_look, valuation
from engine.ai.analysis.words import contradictions
from engine.ai.bench import worker_pool
from engine.ai.players.bidding import stable_seed
from engine.ai.players.computer import ComputerPlayer
from engine.ai.players.levels import Level
from engine.ai.players.playouts import played_out
from engine.ai.search.worlds import playing_sides
from engine.game import Game, Phase, new_game
from engine.info_state import info_state
from engine.record import HandRecord, game_at_deal, read_hand
from engine.rules import PRESETS, Rules, preset

PLANTED = ("bidding", "passing", "return", "bury", "play")  # the phases an error is planted in (--plant any)
# --plant by-kind: every phase the analysis values (a redeal counts 0: nothing to plant)
PLANTED_BY_KIND = ("bidding", "trump", "passing", "return", "bury", "meld", "draw_choice", "dix", "throw_in", "play")
#: The kinds of decision in the report's order (engine.ai.analysis.hand.decision_name of their phases).
KINDS = ("bid", "trump", "pass", "return", "bury", "meld", "draw", "dix", "throw_in", "redeal", "play")
TRIES = 12  # decisions tried per hand for an error to plant
# Batches of deals that value the choices an error is planted from: more than the analysis takes, so that
# an error is planted for being bad, not for a batch of deals that happened to make it look bad.
PLANT_BATCHES = 3


@dataclass
class Tally:
    """One kind of decision's tallies (see :class:`Calibration`)."""

    planted: int = 0
    planted_marked: int = 0
    unplanted: int = 0
    unplanted_gone_past: int = 0  # of those, bids the auction went past (reviewed, never charged)
    unplanted_marked: int = 0
    marked: int = 0
    claimed: float = 0.0
    realised: float = 0.0
    own_marked: int = 0  # of the marked, the computer's own decisions (the rest planted)
    own_claimed: float = 0.0
    own_realised: float = 0.0
    contradicted: int = 0
    # Over the hands, the squares of each hand's claimed and realised sums and their products: the hands are
    # the samples, so that the ratio claimed / realised has a standard error (:meth:`ratio_error`).
    claimed_squares: float = 0.0
    realised_squares: float = 0.0
    products: float = 0.0
    marked_hands: int = 0  # hands with a decision of the kind marked

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def of_one_hand(self) -> Tally:
        """This tally, one hand's, with its squares."""
        self.claimed_squares, self.realised_squares = self.claimed ** 2, self.realised ** 2
        self.products = self.claimed * self.realised
        self.marked_hands = int(self.marked > 0)
        return self

    def ratio_error(self, hands: int) -> float:
        """The standard error of claimed / realised over ``hands`` hands (the ratio estimator's, by the hands'
        spread: the realised cost of one decision moves by hundreds with the lie of the cards), or nan (marked
        decisions in fewer than two hands)."""
        if self.marked_hands < 2:
            return float("nan")
        return ratio_error(self.claimed, self.realised, self.claimed_squares, self.realised_squares, self.products,
                           hands)


def ratio_error(claimed: float, realised: float, claimed_squares: float, realised_squares: float, products: float,
                samples: int) -> float:
    """The standard error of the ratio ``claimed / realised`` of two sums over ``samples`` samples (the ratio
    estimator's), from the sums of the samples' squares and products; nan for fewer than two samples or nothing
    realised."""
    if samples < 2 or not realised:
        return float("nan")
    ratio = claimed / realised
    spread = claimed_squares - 2 * ratio * products + ratio ** 2 * realised_squares
    return math.sqrt(max(0.0, spread) * samples / (samples - 1)) / abs(realised)


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
    own_claimed: float = 0.0      # the same for the computer's own decisions marked
    own_realised: float = 0.0
    kinds: dict[str, Tally] = field(default_factory=dict)  # the same by kind of decision (KINDS)
    own_marked: list[str] = field(default_factory=list)    # the computer's own decisions marked, in words

    def kind(self, name: str) -> Tally:
        return self.kinds.setdefault(name, Tally())

    def add(self, part: Calibration) -> None:
        for name in ("hands", "planted", "planted_marked", "not_charged", "nothing_to_plant", "unplanted",
                     "unplanted_marked", "claimed", "realised", "marked", "own_claimed", "own_realised"):
            setattr(self, name, getattr(self, name) + getattr(part, name))
        self.contradicted += part.contradicted
        self.missed += part.missed
        self.own_marked += part.own_marked
        for name, tally in part.kinds.items():
            self.kind(name).add(tally)
        self.kinds = {name: self.kinds[name] for name in KINDS if name in self.kinds}

    @staticmethod
    def share(part: int, whole: int) -> float:
        return 100.0 * part / whole if whole else float("nan")

    def report(self) -> str:
        lines = [
            f"hands {self.hands}: errors planted and charged {self.planted} (bids gone past {self.not_charged}, "
            f"nothing to plant {self.nothing_to_plant})",
            f"(a) planted errors marked a mistake or worse: {self.planted_marked}/{self.planted} "
            f"= {self.share(self.planted_marked, self.planted):.0f}% (target >= 90% in each kind)",
            f"(b) the computer's own decisions marked a mistake or worse: {self.unplanted_marked}/{self.unplanted} "
            f"= {self.share(self.unplanted_marked, self.unplanted):.1f}% (target <= 3%, bids <= 5%)",
            f"(c) marked decisions {self.marked}: claimed {self.claimed:.0f}, realised {self.realised:.0f}, "
            f"claimed/realised {_ratio(self.claimed, self.realised)} (target 0.8-1.25 in each kind with 30 marked)",
            f"(d) reasons contradicted: {len(self.contradicted)} (target 0)",
            f"(c) of the marked, the computer's own {len(self.own_marked)}: claimed {self.own_claimed:.0f}, realised "
            f"{self.own_realised:.0f}, claimed/realised {_ratio(self.own_claimed, self.own_realised)}",
            " | ".join(f"{h:{w}s}" for h, w in zip(COLUMNS, WIDTHS, strict=True))]
        for name, t in self.kinds.items():
            cells = (name, _share(t.planted_marked, t.planted, 0),
                     _share(t.unplanted_marked, t.unplanted, 1) + (f" ({t.unplanted_gone_past})"
                                                                    if t.unplanted_gone_past else ""),
                     f"{t.marked:3d}: {t.claimed:6.0f} / {t.realised:6.0f} = {_ratio(t.claimed, t.realised)}"
                     + _plus_minus(t.ratio_error(self.hands)),
                     f"{t.own_marked:3d}: {t.own_claimed:5.0f} / {t.own_realised:5.0f} = "
                     f"{_ratio(t.own_claimed, t.own_realised)}", str(t.contradicted))
            lines.append(" | ".join(f"{c:{w}s}" for c, w in zip(cells, WIDTHS, strict=True)).rstrip())
        return "\n".join(lines + [f"own decision marked: {m}" for m in self.own_marked]
                         + [f"contradicted: {c}" for c in self.contradicted]
                         + [f"planted and not marked: {m}" for m in self.missed])


COLUMNS = ("by kind", "(a) planted marked", "(b) own marked (bids gone past)", "(c) marked: claimed / realised",
           "(c) own marked", "(d)")
WIDTHS = (8, 18, 31, 44, 28, 3)


def _ratio(claimed: float, realised: float) -> str:
    return f"{claimed / realised:.2f}" if realised else "-"


def _plus_minus(error: float) -> str:
    return "" if math.isnan(error) else f" +/- {error:.2f}"


def _share(part: int, whole: int, digits: int) -> str:
    """``part/whole = share%``, or ``-`` for no ``whole``."""
    return f"{part}/{whole} = {100.0 * part / whole:.{digits}f}%" if whole else f"{part}/{whole} = -"


def players_for(rules: Rules, level: Level, seed: int, table: Level | None = None,
                seat: int | None = None) -> list[ComputerPlayer]:
    """The hand's computers: ``level`` in every seat, or in ``seat`` with ``table`` in the others."""
    return [ComputerPlayer(level if table is None or s == seat else table, seed * 100 + s)
            for s in range(rules.players)]


def finish(game: Game, players: Sequence[ComputerPlayer]) -> HandRecord:
    """The hand of ``game`` played to its end by ``players``: its record."""
    while not game.hand_records:
        seat = game.to_act
        assert seat is not None
        action, reason = players[seat].choose_with_reason(game, seat)
        game.apply(action, reason=reason)
    return game.hand_records[0]


def worth(game: Game, seat: int) -> float:
    """The finished hand's score change to ``seat``'s side less the others', the sides as the analysis counts
    them (:func:`~engine.ai.search.worlds.playing_sides`): three-handed, the two defenders together against the
    declarer, so that a cost realised is in the points the analysis claimed it in."""
    rules = game.rules
    hand = game.hands_played[-1]
    sides = playing_sides(rules, hand.declarer)
    ours = {rules.team_of(s) for s in range(rules.players) if sides[s] == sides[seat]}
    return float(sum(d if team in ours else -d for team, d in enumerate(hand.score_delta)))


def play_on(game: Game, action: Action, level: Level, seed: int, table: Level | None = None,
            seat: int | None = None) -> float:
    """``action`` taken in ``game`` and the hand played on by the same computers (see :func:`players_for`):
    its worth to the deciding seat's side."""
    deciding = game.to_act
    assert deciding is not None
    copy = game.clone()
    copy.apply(action)
    finish(copy, players_for(copy.rules, level, seed, table, seat))
    return worth(copy, deciding)


def choices(game: Game) -> list[Action]:
    return [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]


def action_named(game: Game, words: str) -> Action:
    """The legal action of ``game`` that the analysis names ``words``."""
    return next(a for a in choices(game) if action_words(a, game) == words)


def kinds_in(record: HandRecord) -> list[tuple[int, int, str]]:
    """(action index, seat, kind) of every decision of the record (:func:`engine.ai.analysis.hand.decisions_in`),
    its kind the :func:`~engine.ai.analysis.hand.decision_name` of the phase it was made in."""
    seats = dict(decisions_in(record))
    hand = read_hand(record)
    game = game_at_deal(record, hand.rules)
    found = []
    for index, value in enumerate(hand.actions):
        if game.hand_records:
            break
        if index in seats:
            found.append((index, seats[index], decision_name(game.phase)))
        game.apply(game.action_from_json(value))
    return found


def plant(record: HandRecord, level: Level, rng: random.Random, seat: int | None = None,
          by_kind: bool = False, only: Sequence[str] = ()) -> tuple[int, Action] | None:
    """A decision of ``record`` (``seat``'s; None: any seat's) and a choice there worse than the best by at
    least the mistake threshold both from the seat's view and with every card seen (None if none of the
    decisions tried has one). ``by_kind``: the decisions of a kind drawn among those of the hand tried first,
    any of :data:`PLANTED_BY_KIND`; else any of :data:`PLANTED`'s, in a random order. ``only``: those kinds
    alone (:data:`KINDS`; () all)."""
    phases = PLANTED_BY_KIND if by_kind else PLANTED
    named = {decision_name(Phase(name)) for name in phases}
    found = [(index, kind) for index, s, kind in kinds_in(record)
             if kind in named and seat in (None, s) and (not only or kind in only)]
    order = [index for index, _kind in found]
    rng.shuffle(order)
    if by_kind and found:
        present = sorted({kind for _index, kind in found}, key=KINDS.index)
        aimed = rng.choice(present)
        kind_of = dict(found)
        order = [i for i in order if kind_of[i] == aimed] + [i for i in order if kind_of[i] != aimed]
    for index in order[:TRIES]:
        game, _made = game_before(record, index)
        deciding = game.to_act
        assert deciding is not None
        mistake = TIERS[1][0] * cost_threshold(game.rules)
        seat_view = valuation(game.clone(), deciding, level, random.Random(rng.random()))
        for _batch in range(PLANT_BATCHES - 1):
            seat_view = seat_view.joined(valuation(game.clone(), deciding, level, random.Random(rng.random())))
        seen = valuation(game.clone(), deciding, EVERY_CARD, random.Random(rng.random()))
        best = max(seat_view.worths, key=seat_view.mean)
        seen_top = max(map(seen.mean, seen.worths))
        # worse by a mistake's worth beyond the uncertainty of those deals, as the analysis counts a cost
        bad = [a for a in seat_view.worths if a in seen.worths and seen_top - seen.mean(a) >= mistake
               and seat_view.mean(best) - seat_view.mean(a) >= mistake + CLEAR * seat_view.error(best, a)]
        if not bad:
            continue
        pick = rng.choice(sorted(bad, key=str))
        if played_out(info_state(game, deciding)):  # bad by the luck of the deals that made another the best? again
            again = second_look(game.clone(), deciding, level, random.Random(rng.random()), [pick, best])
            if again is None or again.mean(best) - again.mean(pick) < mistake + CLEAR * again.error(best, pick):
                continue
        return index, pick
    return None


def the_seat(rules: Rules, deal_seed: int, seat: str) -> int | None:
    """The player's seat of the hand dealt from ``deal_seed`` (``seat``: a number, ``rotate``: the seed's
    remainder by the seats, ``all``: None, every seat)."""
    if seat == "all":
        return None
    if seat == "rotate":
        return deal_seed % rules.players
    return int(seat) % rules.players


def calibrate(variant: str, hands: int, seed: int, level_name: str, unplanted: int, repeats: int,
              workers: int = 1, table: str | None = None, seat: str | None = None,
              plant_by: str = "any", out: Path | None = None, only: Sequence[str] = ()) -> Calibration:
    """The calibration over ``hands`` hands dealt from ``seed``, ``seed + 1``, ... (in ``workers`` processes:
    the same numbers with any count). ``table``: the level of the seats other than ``seat`` (None: the
    ``level_name`` computer in every seat); ``seat``: the player's seat, whose decisions are planted in and
    reviewed (see :func:`the_seat`; by default ``all`` where one level plays every seat, else ``rotate``);
    ``plant_by``: ``any`` or ``by-kind`` (see :func:`plant`); ``only``: the kinds of decision planted in and
    reviewed (:data:`KINDS`; () all). ``out``: each hand's part appended to this file
    as a JSON line as it is done, and the hands already there under the same settings not done again (a long
    run can be stopped and resumed, or run in chunks of seeds that add up)."""
    if table == level_name:
        table = None
    seat = seat or ("all" if table is None else "rotate")
    if table is not None and seat == "all":
        raise ValueError("a table of another level needs the player's seat (--seat N or rotate)")
    kinds = (",".join(only),) if only else ()  # a job's settings as a run without them kept them
    jobs: list[Job] = [(variant, seed + number, level_name, unplanted, repeats, table, seat, plant_by, *kinds)
                       for number in range(hands)]
    done = _kept(out)
    todo = [job for job in jobs if job not in done]
    if workers > 1 and len(todo) > 1:
        with worker_pool(workers) as pool:
            for job, part in zip(todo, pool.map(calibrate_hand, *zip(*todo, strict=True)), strict=True):
                done[job] = _keep(out, job, part)
    else:
        for job in todo:
            done[job] = _keep(out, job, calibrate_hand(*job))
    total = Calibration()
    for job in jobs:
        total.add(done[job])
    return total


Job = tuple[Any, ...]  # calibrate_hand's arguments


def _kept(out: Path | None) -> dict[Job, Calibration]:
    """The hands' parts already in ``out``, by their settings."""
    if out is None or not out.exists():
        return {}
    kept: dict[Job, Calibration] = {}
    for line in out.read_text(encoding="utf-8").splitlines():
        if line.strip():
            data = json.loads(line)
            job = tuple(data.pop("job"))
            kinds = data.pop("kinds")
            # a line is one hand's: its squares are those of its sums (lines written before squares were kept)
            kept[job] = Calibration(**data, kinds={name: Tally(**t).of_one_hand() for name, t in kinds.items()})
    return kept


def _keep(out: Path | None, job: Job, part: Calibration) -> Calibration:
    if out is not None:
        with out.open("a", encoding="utf-8") as file:
            file.write(json.dumps({"job": list(job), **asdict(part)}) + "\n")
    return part


def calibrate_hand(variant: str, deal_seed: int, level_name: str, unplanted: int, repeats: int,
                   table_name: str | None = None, seat_name: str = "all", plant_by: str = "any",
                   only: str = "") -> Calibration:
    """One hand's part of the calibration (see :func:`calibrate`)."""
    rules = preset(variant)
    level = ANALYSIS_LEVELS[level_name]
    table = None if table_name is None else ANALYSIS_LEVELS[table_name]
    player = the_seat(rules, deal_seed, seat_name)
    tally = Calibration()
    rng = random.Random(stable_seed("calibrate", variant, deal_seed))
    record = finish(new_game(rules, seed=deal_seed), players_for(rules, level, deal_seed, table, player))
    tally.hands += 1
    marked: list[tuple[HandRecord, DecisionReview, bool]] = []  # and whether the computer's own
    kinds = tuple(only.split(",")) if only else ()
    planted = plant(record, level, rng, player, by_kind=plant_by == "by-kind", only=kinds)
    if planted is None:
        tally.nothing_to_plant += 1
    else:
        index, action = planted
        game, _made = game_before(record, index)
        game.apply(action)
        changed = finish(game, players_for(rules, level, deal_seed, table, player))
        review = review_decision(changed, index, deal_seed, level=level)
        kind = tally.kind(decision_name(review.kind))
        if review.cost == 0 and review.seen_cost is None:  # a bid the auction went past
            tally.not_charged += 1
        else:
            tally.planted += 1
            tally.planted_marked += review.costly
            kind.planted += 1
            kind.planted_marked += review.costly
            if review.costly:
                marked.append((changed, review, False))
            else:
                tally.missed.append(f"hand {deal_seed}, {review.title}: {review.chosen.action} for "
                                    f"{review.best[0].action}, cost {review.cost:g} +/- {review.error:g}, "
                                    f"with every card seen {review.seen_cost}")
    own = [(index, s) for index, s, kind in kinds_in(record) if player in (None, s) and (not kinds or kind in kinds)]
    for index, _seat in rng.sample(own, min(unplanted, len(own))) if unplanted else own:
        review = review_decision(record, index, deal_seed, level=level)
        kind = tally.kind(decision_name(review.kind))
        tally.unplanted += 1
        tally.unplanted_marked += review.grade in COSTLY
        kind.unplanted += 1
        kind.unplanted_marked += review.grade in COSTLY
        kind.unplanted_gone_past += _gone_past(record, index)
        if review.costly:
            marked.append((record, review, True))
    for played, review, own_decision in marked:
        game, made = game_before(played, review.action_index)
        better = action_named(game, review.best[0].action)
        gain = [play_on(game, better, level, deal_seed + r, table, player)
                - play_on(game, made, level, deal_seed + r, table, player) for r in range(repeats)]
        realised = sum(gain) / len(gain)
        kind = tally.kind(decision_name(review.kind))
        tally.marked += 1
        tally.claimed += review.cost
        tally.realised += realised
        kind.marked += 1
        kind.claimed += review.cost
        kind.realised += realised
        if own_decision:
            tally.own_claimed += review.cost
            tally.own_realised += realised
            kind.own_marked += 1
            kind.own_claimed += review.cost
            kind.own_realised += realised
            tally.own_marked.append(
                f"hand {deal_seed}, seat {review.seat}, {review.title} ({review.grade}): {review.chosen.action} "
                f"for {review.best[0].action}, claimed {review.cost:g} +/- {review.error:g}, realised "
                f"{realised:g} (with every card seen {review.seen_cost})")
        for fault in contradictions(game, review.seat, made, better, review.reason):
            kind.contradicted += 1
            tally.contradicted.append(f"hand {deal_seed}, {review.title}: {fault} ({review.reason})")
    tally.kinds = {name: tally.kinds[name].of_one_hand() for name in KINDS if name in tally.kinds}
    return tally


def _gone_past(record: HandRecord, index: int) -> bool:
    """Whether the record's decision ``index`` is a bid the auction went past (reviewed, never charged)."""
    game, action = game_before(record, index)
    hand = read_hand(record)
    return isinstance(action, Bid) and (hand.declarer != game.to_act or hand.bid != action.amount)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench analysis --calibrate",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--calibrate", action="store_true", help="(the only measure here)")
    parser.add_argument("--variant", default="partnership_auction", choices=sorted(PRESETS))
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard", choices=sorted(ANALYSIS_LEVELS),
                        help="who plays the player's seat (every seat without --table) and whose view values "
                        "the choices (without the clock)")
    parser.add_argument("--table", choices=sorted(ANALYSIS_LEVELS),
                        help="the level of the other seats (default: --level's; medium: the New game table)")
    parser.add_argument("--seat", help="the player's seat, whose decisions are planted in and reviewed: a number, "
                        "rotate (the hand's seed modulo the seats) or all (default: all with one level at every "
                        "seat, else rotate)")
    parser.add_argument("--plant", default="any", choices=("any", "by-kind"),
                        help="any: a bid, pass, return, bury or card; by-kind: a kind drawn among the hand's "
                        "kinds first (every kind the analysis values)")
    parser.add_argument("--only", default="", help="these kinds of decision alone, planted in and reviewed "
                        f"(comma separated: {','.join(KINDS)})")
    parser.add_argument("--unplanted", type=int, default=8, help="the computer's own decisions reviewed per hand "
                        "(0: all)")
    parser.add_argument("--repeats", type=int, default=4, help="runs of the hand played on, each way")
    parser.add_argument("--workers", type=int, default=1, help="processes, each taking whole hands")
    parser.add_argument("--out", type=Path, help="each hand's tallies appended as a JSON line; hands already there "
                        "under the same settings are not done again")
    args = parser.parse_args(argv)
    if args.seat not in (None, "all", "rotate") and not args.seat.isdigit():
        parser.error(f"--seat: a number, rotate or all, not {args.seat!r}")
    table = None if args.table in (None, args.level) else args.table
    seat = args.seat or ("all" if table is None else "rotate")
    if table is not None and seat == "all":
        parser.error("--table of another level needs --seat N or rotate")
    only = tuple(kind for kind in args.only.split(",") if kind)
    if set(only) - set(KINDS):
        parser.error(f"--only: kinds of {', '.join(KINDS)}")
    result = calibrate(args.variant, args.hands, args.seed, args.level, args.unplanted, args.repeats,
                       args.workers, table, seat, args.plant, args.out, only)
    print(f"{args.variant}, seed {args.seed}, level {args.level}, table {table or args.level}, seat {seat}, "
          f"plant {args.plant}{f', only {args.only}' if only else ''}, unplanted {args.unplanted or 'all'} a hand, "
          f"repeats {args.repeats}")
    print(result.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
