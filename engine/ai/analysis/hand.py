"""The analysis of a hand's decisions: what each one was worth, what it cost, and why.

Every real decision of a hand record (more than one legal choice) is valued twice from the game
rebuilt from the record's actions up to it: from what the deciding seat could see, with the ``hard``
level's search, and as a second view with every card visible (the ``perfect`` level); see
:mod:`engine.ai.analysis.valuation` for how each kind of decision is valued. Values are points of this hand
for the deciding seat's side (its score less the opponents'). The seat's view is the advice at that position
(:mod:`engine.ai.analysis.advice`), the very computation of the table's hint: the review's best choice is what the hint
advised there, and each review says so (``advised``). Each choice gets a :class:`Grade` from the
seat's view: its cost against the advice, in tiers of :func:`cost_threshold` (counted only
beyond two standard errors of the simulated deals), *costly* from a mistake on; the best choice where the
others were clearly worse is praised. The view with every card seen tells luck apart: a sound choice that
lost to the actual lie of the cards is "unlucky", a poor one that happened to work "lucky". An inaccuracy or
worse gets a reason in plain words from what the seat could see (:mod:`engine.ai.analysis.words`), checked
for facts that would argue for the choice made instead.

>>> from engine.ai.players.levels import LEVELS
>>> from engine.game import new_game
>>> from engine.rules import preset
>>> from engine.sim import play_game
>>> record = play_game(new_game(preset("partnership_auction"), seed=3), ["easy"] * 4, 3, 1).hand_records[0]
>>> index, seat = decisions_in(record)[-1]
>>> review = review_decision(record, index, seed=1, level=LEVELS["medium"])
>>> review.kind, review.trick, review.costly == (review.grade in COSTLY)
(<Phase.PLAY: 'play'>, 11, True)

Its JSON, to store it or send it to another process, is :mod:`engine.ai.analysis.hand_json`'s.

The values are deterministic: the same record, decision and seed give the same review on any machine
(the searches are budgeted in nodes, never in seconds).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from engine.actions import Action, Bid, DeclareOut, action_to_json
from engine.ai.analysis.advice import ANALYSIS_LEVELS, EVERY_CARD, SEAT_VIEW, advise
from engine.ai.analysis.valuation import Valuation, second_look, valuation
from engine.ai.analysis.words import (
    HARD_COMPUTER,
    PLAYER_NAME,
    action_words,
    capital,
    possessive,
    praise_for,
    reason_for,
    seat_word,
)
from engine.ai.players.bidding import stable_seed
from engine.ai.players.computer import make_player
from engine.ai.players.levels import Level
from engine.ai.players.playouts import played_out
from engine.game import Game, Phase
from engine.history import HandHistory, seat_names
from engine.info_state import info_state
from engine.record import ActionValue, HandRecord, check_record, game_at_deal, read_hand, record_humans, record_names
from engine.rules import Rules, TrumpBy

# The two views, without the clock (engine.ai.analysis.advice.ANALYSIS_LEVELS): a review must not depend on the
# machine's speed. The seat's view is the advice's, the hint's (SEAT_VIEW); the other sees every card.
SHOWN_ALTERNATIVES = 2
MORE_DEALS = 2  # batches of deals added, at most, while a mistake's threshold is within the uncertainty


@dataclass(frozen=True)
class Alternative:
    action: str               # the choice in words: "A♥", "Bid 300", "Pass", "Hearts", "Meld 60"
    value: float              # points of this hand to the deciding side, from what the seat saw
    seen_value: float | None  # the same with every card visible (None when not computed)


@dataclass(frozen=True)
class ChoiceValue:
    """One choice the seat's view valued at a decision, as the review would have graded it had it been made."""

    action: ActionValue  # the choice as a hand record writes it (engine.actions.action_to_json)
    words: str           # in words, as Alternative.action says it
    value: float         # points of this hand to the deciding side, from what the seat saw
    cost: float          # what it would have cost against the advice, counted as the choice made's cost is
    error: float         # the standard error of that cost (0: valued exactly, or the advice itself)


#: The phases a decision is made in: a decision's kind is its phase.
DECISION_PHASES = (Phase.BIDDING, Phase.TRUMP, Phase.PASSING, Phase.RETURN, Phase.BURY, Phase.MELD, Phase.PLAY,
                   Phase.DIX, Phase.DRAW_CHOICE, Phase.THROW_IN, Phase.REDEAL)
#: A decision's name where it is not its phase's: what an analysis writes as its kind, and its title says.
_DECISION_WORDS = {Phase.BIDDING: "bid", Phase.PASSING: "pass", Phase.DRAW_CHOICE: "draw"}


def decision_name(kind: Phase) -> str:
    """The name of a decision made in the phase ``kind``, as a saved analysis writes it: "bid", "pass",
    "draw", else the phase's own ("play", "trump", "throw_in")."""
    return _DECISION_WORDS.get(kind, kind.value)


class Grade(StrEnum):
    """How a choice compares with the best there was, from what the seat could see (see :func:`grade`)."""

    BEST = "best"              # the best choice, where the others were clearly worse
    GOOD = "good"              # as good as the best, or within the threshold (or the uncertainty)
    INACCURACY = "inaccuracy"  # cost at least the threshold
    MISTAKE = "mistake"        # at least three times it
    BLUNDER = "blunder"        # at least eight times it


# The tiers in multiples of cost_threshold (10 points single deck): an inaccuracy costs about half a trick's
# counters (10), a mistake a trick's worth or more (30: the 250 points of the tricks are about 21 a trick), a
# blunder most of a contract's margin or a set's swing (80).
TIERS = ((8.0, Grade.BLUNDER), (3.0, Grade.MISTAKE), (1.0, Grade.INACCURACY))
COSTLY = (Grade.MISTAKE, Grade.BLUNDER)
CLEAR = 2.0  # a cost is counted only when it exceeds this many standard errors of the valuation


def grade(cost: float, error: float, runner_up: float | None, threshold: float) -> Grade:
    """The grade of a choice that cost ``cost`` (standard error ``error``) against the best there was;
    ``runner_up``: for the best choice itself, how much worse the next best was (None: no other choice).
    A cost within the uncertainty of the simulated deals is no cost."""
    if cost > 0 and cost > CLEAR * error:
        for times, tier in TIERS:
            if cost >= times * threshold:
                return tier
    if cost == 0 and runner_up is not None and runner_up >= threshold and runner_up > CLEAR * error:
        return Grade.BEST
    return Grade.GOOD


def luck(tier: Grade, seen_cost: float | None, threshold: float) -> str:
    """When the two views disagree: "unlucky" for a sound choice (good or best from the seat's view) that
    the actual lie of the cards made costly (a mistake's worth with every card seen), "lucky" for a poor
    one (an inaccuracy or worse) that lost nothing as the cards lay; else ""."""
    if seen_cost is None:
        return ""
    if tier in (Grade.BEST, Grade.GOOD) and seen_cost >= TIERS[1][0] * threshold:
        return "unlucky"
    if tier not in (Grade.BEST, Grade.GOOD) and seen_cost < threshold:
        return "lucky"
    return ""


@dataclass(frozen=True)
class DecisionReview:
    action_index: int         # index into record["actions"] of this decision
    seat: int
    kind: Phase               # the phase the decision was made in (saved by its decision_name: "bid", "play" ...)
    title: str                # in words for the player: "Trick 3, your lead", "Your bid"
    trick: int | None         # 1-based trick number for a card, else None
    chosen: Alternative
    best: tuple[Alternative, ...]  # up to two other choices, best first (seat's view)
    cost: float               # max(0, best value there was - chosen.value), seat's view
    seen_cost: float | None   # the same with every card visible
    costly: bool              # graded a mistake or a blunder (see Grade)
    reason: str               # why the better choice was better (an inaccuracy or worse), why this one was
                              # best, or that the cards lay against a sound one (unlucky); "" otherwise
    grade: Grade = Grade.GOOD  # from the seat's view, the cost cleared of the valuation's uncertainty
    error: float = 0.0        # standard error of the cost (seat's view; 0 when valued exactly)
    luck: str = ""            # "unlucky" or "lucky" when the view with every card seen disagrees (see luck())
    advised: str = ""         # what the hint advised here, in its words (analysis.hint: the advice graded against)
    # every choice the seat's view valued, best first (the advice), each with what it would have cost: what a
    # drill grades another choice by (engine.ai.analysis.drills); () in an analysis saved before they were kept
    choices: tuple[ChoiceValue, ...] = ()


@dataclass(frozen=True)
class HandAnalysis:
    seat: int                                 # the player whose hand this analysis is for
    decisions: tuple[DecisionReview, ...]     # every analysed decision, in the order of the record's actions

    def lost(self, seat: int) -> float:
        """The points ``seat``'s decisions cost (seat's view)."""
        return sum(d.cost for d in self.decisions if d.seat == seat)

    def costliest(self, seat: int, count: int = 3) -> list[DecisionReview]:
        """``seat``'s ``count`` costliest costly decisions, costliest first."""
        costly = [d for d in self.decisions if d.seat == seat and d.costly]
        return sorted(costly, key=lambda d: (-d.cost, d.action_index))[:count]


def cost_threshold(rules: Rules) -> float:
    """From what cost a choice is marked: 10 points single deck, 1 when scores are divided by ten,
    2 with the double deck (whose cards count a fifth as much, see docs/ai.md)."""
    if rules.double_deck:
        return 2.0
    return 1.0 if rules.trick_total < 100 else 10.0


# -- the record replayed ---------------------------------------------------------------------------


def _hand(record: HandRecord) -> HandHistory:
    check_record(record, replay=False)
    return read_hand(record)


def _rules(record: HandRecord) -> Rules:
    return _hand(record).rules


def _replay(record: HandRecord, hand: HandHistory | None = None) -> Iterator[tuple[int, Game, Action]]:
    """(index, the game just before the action, the action) for each action of the record's hand (``hand``:
    the record read, when it is)."""
    if hand is None:
        hand = _hand(record)
    game = game_at_deal(record, hand.rules)
    for index, value in enumerate(hand.actions):
        if game.hand_records:
            return
        action = game.action_from_json(value)
        yield index, game, action
        game.apply(action)


def _is_decision(game: Game, action: Action) -> bool:
    return not isinstance(action, DeclareOut) and game.has_choice()


def decisions_in(record: HandRecord) -> list[tuple[int, int]]:
    """(action index, seat) of every real decision of the record (more than one legal choice), in order;
    the plays of a claim of the remaining tricks are nobody's decisions."""
    found = []
    hand = _hand(record)
    claimed = hand.claim.action if hand.claim is not None else len(hand.actions)
    for index, game, action in _replay(record, hand):
        if index < claimed and _is_decision(game, action):
            assert game.to_act is not None
            found.append((index, game.to_act))
    return found


def game_before(record: HandRecord, action_index: int, hand: HandHistory | None = None) -> tuple[Game, Action]:
    """The record's game just before its action ``action_index``, and that action (``hand``: the record read,
    when it is)."""
    for index, game, action in _replay(record, hand):
        if index == action_index:
            return game, action
    raise ValueError(f"the record has no action {action_index}")


# -- one decision ---------------------------------------------------------------------------------


#: How a title names a decision that is neither a card nor made after a trick nor passed to a seat.
_TITLE_NOUNS = {Phase.BIDDING: "bid", Phase.TRUMP: "trump", Phase.BURY: "bury", Phase.THROW_IN: "throw-in",
                Phase.DIX: "dix", Phase.REDEAL: "redeal"}


def _title(game: Game, seat: int, kind: Phase, names: Sequence[str], viewer: int | None) -> str:
    """The decision's title told to the player in seat ``viewer`` (None: a seat that is none of the player's):
    "Trick 3, your lead", "North's return to you"."""
    whose = possessive(seat_word(names, seat, viewer))
    who = capital(whose)
    h = game.hand
    if kind == Phase.PLAY:
        return f"Trick {len(h.tricks) + 1}, {whose} {'lead' if not h.trick else 'card'}"
    if kind in (Phase.PASSING, Phase.RETURN):
        to = h.declarer if kind == Phase.PASSING else game.rules.partner_of(seat)
        assert to is not None
        return f"{who} {decision_name(kind)} to {seat_word(names, to, viewer)}"
    if kind in (Phase.MELD, Phase.DRAW_CHOICE):
        return f"{who} {decision_name(kind)} after trick {len(h.tricks)}"
    return f"{who} {_TITLE_NOUNS.get(kind, decision_name(kind))}"


THE_PLAYER = -1  # as a viewer: the record's player, whichever seat that is (see player_seat)


def player_seat(record: HandRecord) -> int | None:
    """The seat of the player the analysis speaks to: the seat a person played (the record's ``humans``), else
    the seat the app names "You" unless the hard computer sits in the record; None: a hand of computers."""
    humans = record_humans(record)
    if humans:
        return humans[0]
    names = record_names(record)
    if HARD_COMPUTER in names or PLAYER_NAME not in names:
        return None
    return names.index(PLAYER_NAME)


def review_decision(record: HandRecord, action_index: int, seed: int = 0, level: Level = SEAT_VIEW,
                    every_card: bool = True, viewer: int | None = None) -> DecisionReview:
    """The review of the record's decision ``action_index``: its choices valued from the seat's view with
    ``level`` (the ``hard`` search by default) and, with ``every_card``, with every card visible;
    ``viewer`` is the seat of the player the titles and reasons speak to ("your lead"; None: every seat
    by its name, see :func:`player_seat`)."""
    return review_views(record, action_index, seed, level, every_card, viewer)[0]


def review_views(record: HandRecord, action_index: int, seed: int = 0, level: Level = SEAT_VIEW,
                 every_card: bool = True, viewer: int | None = None,
                 known: SeatView | None = None) -> tuple[DecisionReview, SeatView]:
    """:func:`review_decision`, and the decision's :class:`SeatView`; given that (``known``: found before with the
    same seed and level for the same ``viewer``), only the view with every card is added to it."""
    hand = _hand(record)
    game, action = game_before(record, action_index, hand)
    if known is None:
        charged = not _overbid(hand, game, action)
        known = seat_view_at(game, action, action_index, seed, level, viewer, charged)
    elif known.review.action_index != action_index or known.viewer != viewer:
        raise ValueError(f"the seat view given is of action {known.review.action_index} told to seat {known.viewer}, "
                         f"not of action {action_index} told to seat {viewer}")
    return (with_every_card(known, game, action, seed) if every_card else known.review), known


def _overbid(hand: HandHistory, game: Game, action: Action) -> bool:
    """A bid the auction went past: not the one that became the contract. Each bid is valued as if it
    ended the auction; charging every raise of a long auction that way would count the same risk again
    at each step, so only the winning bid (and every pass) is charged."""
    return isinstance(action, Bid) and (hand.declarer != game.to_act or hand.bid != action.amount)


@dataclass(frozen=True)
class SeatView:
    """A decision reviewed from the deciding seat's view alone - the review without the view with every card (its
    grade, cost, reason, every choice valued) - and what adding that view needs (:func:`with_every_card`). The same
    record, decision, seed, level and viewer give the same seat view: the app's cost of a hand and its review share
    them (``pinochle_gui.shared_analysis``)."""

    review: DecisionReview          # without values with every card seen (seen_value, seen_cost None; no luck)
    best: Action                    # the advice the choice made was graded against
    ranked: tuple[Action, ...]      # every choice valued, best first (as review.choices lists them)
    charged: bool                   # false: a bid the auction went past, shown and never charged
    viewer: int | None              # the seat of the player its words speak to


def review_at(game: Game, action: Action, action_index: int, seed: int = 0, level: Level = SEAT_VIEW,
              every_card: bool = True, viewer: int | None = None, charged: bool = True) -> DecisionReview:
    """The review of ``action`` taken in ``game`` by the seat to act (see :func:`review_decision`);
    ``action_index`` numbers it (and seeds its samples). A choice not ``charged`` (a bid the auction went
    past) shows its values and costs nothing.

    The best choice is the advice at that position (:func:`engine.ai.analysis.advice.advise`, the very computation of
    the table's hint): the choice made is graded against it, and a choice other than it is measured again
    against it where its cost is in doubt (:func:`_against_the_advice`); the advice itself is never elected
    again, so the hint a player followed is never found wanting. The view with every card only adds to that
    (:func:`with_every_card`): it changes no grade and no value of the seat's view."""
    view = seat_view_at(game, action, action_index, seed, level, viewer, charged)
    return with_every_card(view, game, action, seed) if every_card else view.review


def seat_view_at(game: Game, action: Action, action_index: int, seed: int = 0, level: Level = SEAT_VIEW,
                 viewer: int | None = None, charged: bool = True) -> SeatView:
    """The review of ``action`` taken in ``game`` from the seat's view alone (:func:`review_at` without the view
    with every card), with what adding that view needs."""
    seat = game.to_act
    assert seat is not None
    if not _is_decision(game, action):
        raise ValueError(f"action {action_index} of the record is no decision (one legal choice)")
    kind = game.phase
    threshold = cost_threshold(game.rules)
    advice = advise(game, seed, level, chosen=action, index=action_index)
    best = advice.best
    valued, values = advice.valued, dict(advice.values)
    if action not in values:  # a choice the valuation did not try (never for the kinds analysed)
        values[action] = min(values.values())
    if action != best:
        valued, values = _against_the_advice(game, action, best, valued, values, level, seed, action_index,
                                             threshold)
    ranked = sorted(values, key=lambda a: (-values[a], a != best, action_words(a, game)))

    def alternative(a: Action) -> Alternative:
        return Alternative(action_words(a, game), values[a], None)

    def error(one: Action, other: Action) -> float:
        known = one in valued.worths and other in valued.worths
        return round(valued.error(one, other), 1) if known and one != other else 0.0

    def cost_of(a: Action) -> float:  # what choosing ``a`` costs against the advice (a bid: at most what it risks)
        return round(min(_at_stake(game, a, best), max(0.0, values[best] - values[a])), 1)

    chosen = alternative(action)
    others = tuple(alternative(a) for a in ranked if a != action)[:SHOWN_ALTERNATIVES]
    cost = cost_of(action) if charged else 0.0
    runner_up = ranked[1] if best == action and len(ranked) > 1 else None
    spread = error(best, action) if runner_up is None else error(action, runner_up)
    margin = values[action] - values[runner_up] if runner_up is not None else None
    tier = grade(cost, spread, margin, threshold) if charged else Grade.GOOD
    if tier in (Grade.INACCURACY, *COSTLY):
        reason = reason_for(game, seat, action, best, values, kind, action_words(best, game), viewer)
    elif tier == Grade.BEST and runner_up is not None:
        reason = praise_for(values, action, runner_up, action_words(runner_up, game), game, seat, viewer,
                            action_words(action, game))
    else:
        reason = ""
    trick = len(game.hand.tricks) + 1 if kind == Phase.PLAY else None
    names = seat_names(game.players, game.rules.players)
    title = _title(game, seat, kind, names, viewer)
    choices = tuple(ChoiceValue(action_to_json(a), action_words(a, game), values[a], cost_of(a),
                                error(best, a) if a != best else (error(a, ranked[1]) if len(ranked) > 1 else 0.0))
                    for a in ranked)
    review = DecisionReview(action_index, seat, kind, title, trick, chosen, others, cost, None, tier in COSTLY,
                            reason, tier, spread, "", action_words(advice.action, game), choices)
    return SeatView(review, best, tuple(ranked), charged, viewer)


def with_every_card(view: SeatView, game: Game, action: Action, seed: int = 0) -> DecisionReview:
    """The review of ``action`` in ``game`` from the seat's ``view`` with the view with every card visible added:
    each choice shown with its value there, the choice made's cost there and, where the two views disagree, the
    luck (:func:`luck`) in words. Nothing of the seat's view changes."""
    review = view.review
    seat = review.seat
    seen_rng = random.Random(stable_seed("analysis", seed, review.action_index, "every card"))
    seen_valued = valuation(game.clone(), seat, EVERY_CARD, seen_rng, chosen=action)
    seen = {a: round(seen_valued.mean(a), 1) for a in seen_valued.worths}
    stake = _at_stake(game, action, view.best)
    shown = [a for a in view.ranked if a != action][:SHOWN_ALTERNATIVES]
    chosen = replace(review.chosen, seen_value=seen.get(action))
    others = tuple(replace(alt, seen_value=seen.get(a)) for alt, a in zip(review.best, shown, strict=True))
    seen_cost = round(min(stake, max(0.0, max(seen.values()) - seen[action])), 1) \
        if action in seen and view.charged else None
    fortune = luck(review.grade, seen_cost, cost_threshold(game.rules))
    reason = review.reason
    laid = as_the_cards_lay(game)
    if fortune == "unlucky":
        names = seat_names(game.players, game.rules.players)
        seen_best = max(seen, key=lambda a: (seen[a], action_words(a, game)))
        reason = f"a sound choice from what {seat_word(names, seat, view.viewer)} could see; {laid}, " \
                 f"{action_words(seen_best, game)} would have been worth about {round(seen_cost or 0)} more"
    elif fortune == "lucky":
        reason += f"; {laid}, it cost nothing"
    return replace(review, chosen=chosen, best=others, seen_cost=seen_cost, reason=reason, luck=fortune)


def _against_the_advice(game: Game, action: Action, best: Action, valued: Valuation, values: dict[Action, float],
                        level: Level, seed: int, action_index: int,
                        threshold: float) -> tuple[Valuation, dict[Action, float]]:
    """The choice made, other than the advice ``best``, measured again against it where its cost is in doubt:
    while the deals cannot tell a mistake, up to :data:`MORE_DEALS` more batches of deals (not for trump, whose
    suits are valued in the hand's own fixed deals, the same at every call; nor where the second look measures
    again); where it cost a grade's worth, or the deals cannot tell, the two again in fresh deals (where choices
    are valued by playing the hand out: :func:`_second_look`; the best of a dozen means over a few deals is the
    luckiest of them). The other choices were behind the advice in its deals: none is taken
    for better than it on the luck of the later ones (each is shown at most at the advice's value)."""
    seat = game.to_act
    assert seat is not None
    for batch in range(MORE_DEALS if game.phase != Phase.TRUMP and not played_out(info_state(game, seat)) else 0):
        if not _undecided(valued, action, best, threshold):
            break
        more = random.Random(stable_seed("analysis", seed, action_index, "seat", batch + 1))
        valued = valued.joined(valuation(game.clone(), seat, level, more, chosen=action))
    measured = {a: round(valued.mean(a), 1) for a in valued.worths}
    if measured.get(best, values[best]) - measured.get(action, values[action]) >= threshold \
            or _undecided(valued, action, best, threshold):
        fresh = _second_look(game, seat, action, best, level, seed, action_index, threshold)
        if fresh is not None:
            valued = Valuation({**valued.worths, **fresh.worths}, added=valued.added)
            measured.update({a: round(fresh.mean(a), 1) for a in fresh.worths})
    top = measured.get(best, values[best])
    return valued, {a: measured.get(a, v) if a in (action, best) else min(measured.get(a, v), top)
                    for a, v in values.items()}


def _second_look(game: Game, seat: int, action: Action, best: Action, level: Level, seed: int, action_index: int,
                 threshold: float) -> Valuation | None:
    """The choice made and the advice ``best`` valued again in fresh deals (None where the choices are not valued
    by playing the hand out: :func:`engine.ai.analysis.valuation.second_look`) and, where those find a mistake's
    worth between them, in as many more deals again, the cost taken over both. One look alone graded a mistake 25
    of the hard computer's own two-handed cards in 100 hands, claimed 1,080 in all where playing on both ways
    realised 225: among a thousand close choices, a few come out a mistake's worth apart on the luck of the deals.
    A choice that cost that much comes out so again."""
    def look(*fresh: object) -> Valuation | None:
        rng = random.Random(stable_seed("analysis", seed, action_index, "second look", *fresh))
        return second_look(game.clone(), seat, level, rng, [action, best])

    first = look()
    if first is None or first.mean(best) - first.mean(action) < TIERS[1][0] * threshold:
        return first
    again = look(1)
    return first if again is None else first.joined(again)


def as_the_cards_lay(game: Game) -> str:
    """What the view with every card seen knew at a decision of ``game``: "as the cards lay", or, while a
    two-handed stock lasts, both hands but not the stock's order, which no seat could know."""
    if game.rules.trump_by == TrumpBy.STOCK and game.hand.stock:
        return "with both hands seen (the order of the stock no one could know)"
    return "as the cards lay"


def _undecided(valued: Valuation, action: Action, best: Action, threshold: float) -> bool:
    """Whether the deals cannot yet tell if the choice was a mistake: its cost against the advice ``best`` is
    within :data:`CLEAR` standard errors of a mistake's threshold."""
    if action not in valued.worths or best not in valued.worths:
        return False
    gap = valued.mean(best) - valued.mean(action)
    return abs(gap - TIERS[1][0] * threshold) < CLEAR * valued.error(best, action)


def _at_stake(game: Game, chosen: Action, best: Action) -> float:
    """The most a choice can cost: in the auction, the highest bid in question (what a set loses; the
    values compare whole hands, whose other points the choice does not decide), else no limit."""
    if game.phase != Phase.BIDDING:
        return math.inf
    rules = game.rules
    amounts = [a.amount for a in (chosen, best) if isinstance(a, Bid)]
    return float(max(amounts + [game.hand.high_bid or rules.min_bid]))


def work_order(record: HandRecord, seat: int) -> list[tuple[int, int]]:
    """The record's decisions, ``seat``'s first, each group in the record's order."""
    found = decisions_in(record)
    return [d for d in found if d[1] == seat] + [d for d in found if d[1] != seat]


def analyse_hand(record: HandRecord, seat: int, seed: int = 0, viewer: int | None = THE_PLAYER) -> HandAnalysis:
    """Every decision of the record reviewed (``seat``'s first in the work order), in the record's order:
    ``seat``'s in both views, the other seats' from their own view only (as
    :class:`~engine.ai.analysis.worker.Analyst`); told to the player in ``viewer`` (by default the record's player,
    :func:`player_seat`)."""
    if viewer == THE_PLAYER:
        viewer = player_seat(record)
    reviews = [review_decision(record, index, seed, every_card=s == seat, viewer=viewer)
               for index, s in work_order(record, seat)]
    return HandAnalysis(seat, tuple(sorted(reviews, key=lambda r: r.action_index)))


def play_with_hard(record: HandRecord, seat: int, levels: Sequence[str | None], seed: int = 0) -> HandRecord:
    """The record's deal played again with the ``hard`` computer in ``seat`` and ``levels[s]`` in each other
    seat (the same cards, dealer, scores before the hand): the new hand's record. ``levels[seat]`` is not
    read, and another seat without a level (a person's) is played by ``hard`` too."""
    game = game_at_deal(record, _rules(record))
    kinds = [("hard" if s == seat else levels[s]) or "hard" for s in range(game.rules.players)]
    players = [make_player(kind, seed * 100 + s) for s, kind in enumerate(kinds)]
    while not game.hand_records:
        actor = game.to_act
        assert actor is not None
        game.apply(players[actor].choose(game, actor))
    return game.hand_records[0]


__all__ = ["ANALYSIS_LEVELS", "COSTLY", "SEAT_VIEW", "THE_PLAYER", "TIERS", "Alternative", "ChoiceValue",
           "DecisionReview", "Grade", "HandAnalysis", "SeatView", "action_words", "analyse_hand", "cost_threshold",
           "decisions_in", "grade", "luck", "play_with_hard", "player_seat", "review_at", "review_decision",
           "review_views", "seat_view_at", "with_every_card", "work_order"]
