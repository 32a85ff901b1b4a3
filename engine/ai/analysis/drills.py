"""Practise your mistakes: a costly decision of the player's set up again, to be chosen anew.

A :class:`Drill` is a hand record and the review of one of the player's costly decisions in it (a mistake or a
blunder, :class:`~engine.ai.analysis.hand.DecisionReview`), which holds every choice the seat's view valued there
(``choices``: each one's value, what it would have cost against the advice and that cost's standard error).
A new choice is graded from those very values (:func:`grade_choice`), as the review grades the choice made: the
same cost, the same tiers, the same uncertainty. So the drill never says other than the review did, and what a
choice was worth against the one made in the hand is the difference of their costs as the review counts them.
:func:`verdict_words` says the verdict in a sentence, and :func:`reason_against` why the best was better, in the
analysis' own words (:func:`engine.ai.analysis.words.reason_for`).

>>> from engine.ai.analysis.hand import Alternative, ChoiceValue, Grade
>>> from engine.game import Phase
>>> from engine.rules import preset
>>> choices = (ChoiceValue("AS", "A♠", 20.0, 0.0, 2.0), ChoiceValue("9S", "9♠", 5.0, 15.0, 3.0),
...            ChoiceValue("KS", "K♠", -19.0, 39.0, 4.0))
>>> review = DecisionReview(8, 0, Phase.PLAY, "Trick 3, your lead", 3, Alternative("K♠", -19.0, None),
...                         (Alternative("A♠", 20.0, None),), 39.0, None, True, "the A♠ was still out",
...                         Grade.MISTAKE, 4.0, choices=choices)
>>> drill = Drill({"rules": preset("three_hand").to_dict()}, review)  # a record: its rules are what is read here
>>> [grade_choice(drill, words).grade.value for words in ("A♠", "9♠", "K♠")]
['best', 'inaccuracy', 'mistake']
>>> verdict_words(grade_choice(drill, "A♠"))
'You found the best: A♠, worth about 39 more than your K♠ in the hand'
>>> verdict_words(grade_choice(drill, "9♠"))
'Still not the best: A♠ was best, worth about 15 more than 9♠, about 24 more than your K♠ in the hand'
>>> verdict_words(grade_choice(drill, "K♠"))
'Still not the best: A♠ was best, worth about 39 more than K♠, your choice in the hand again'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property

from engine.actions import Bid, Pass, Play
from engine.ai.analysis.accuracy import SOUND, in_tenths, shown_cost
from engine.ai.analysis.advice import APP_SEED, SEAT_VIEW
from engine.ai.analysis.hand import (
    COSTLY,
    ChoiceValue,
    DecisionReview,
    Grade,
    cost_threshold,
    game_before,
    grade,
    review_at,
)
from engine.ai.analysis.try_again import same_choice
from engine.ai.analysis.words import reason_for
from engine.ai.players.levels import Level
from engine.cards import sort_hand
from engine.history import HandHistory
from engine.record import ActionValue, HandRecord, read_hand, record_rules
from engine.rules import Rules


@dataclass(frozen=True)
class Drill:
    """A costly decision of the player's to choose again: the hand's record and the decision's review."""

    record: HandRecord
    review: DecisionReview

    @cached_property
    def hand(self) -> HandHistory:
        """The hand's typed history (read from the record once)."""
        return read_hand(self.record)

    @property
    def action_index(self) -> int:
        return self.review.action_index

    @property
    def seat(self) -> int:
        return self.review.seat

    @property
    def rules(self) -> Rules:
        return record_rules(self.record)

    @property
    def best(self) -> ChoiceValue:
        """The best choice there was: the advice, the one the others' costs are counted against."""
        return min(self.review.choices, key=lambda c: c.cost)

    @property
    def played(self) -> ChoiceValue:
        """The choice made in the hand, as valued there."""
        found = self.choice(self.review.chosen.action)
        assert found is not None, "a drill's review values the choice made"
        return found

    def choice(self, words: str) -> ChoiceValue | None:
        """The choice of these words, passed or buried cards in any order (None: none the analysis valued)."""
        return next((c for c in self.review.choices if c.words == words), None) or \
            next((c for c in self.review.choices if same_choice(c.words, words)), None)


def is_drill(review: DecisionReview, seat: int) -> bool:
    """Whether ``review`` makes a drill for the player in ``seat``: that seat's costly decision, with every choice
    valued (an analysis saved before the values of every choice were kept has none)."""
    return review.seat == seat and review.grade in COSTLY and any(
        c.words == review.chosen.action for c in review.choices)


def drills_in(record: HandRecord, reviews: Iterable[DecisionReview], seat: int) -> list[Drill]:
    """The drills of a hand: the costly decisions of the player in ``seat`` among its ``reviews``, in the hand's
    order."""
    return [Drill(record, r) for r in sorted(reviews, key=lambda r: r.action_index) if is_drill(r, seat)]


@dataclass(frozen=True)
class Verdict:
    """A new choice at a drill, graded as the review would have graded it."""

    choice: ChoiceValue
    grade: Grade
    best: ChoiceValue
    played: ChoiceValue   # the choice made in the hand
    tenths: bool = False  # costs shown to a tenth of a point (scores divided by ten, the double deck)
    threshold: float = 10.0  # from what cost a choice is marked (engine.ai.analysis.hand.cost_threshold)

    @property
    def found_best(self) -> bool:
        return self.choice == self.best

    @property
    def solved(self) -> bool:
        """The drill is solved by a choice graded best or good: one that costs nothing a step would show."""
        return self.grade in SOUND

    @property
    def gain(self) -> float:
        """What the choice was worth more than the one made in the hand (less, when negative): the difference of
        their costs, as the review counts each."""
        return round(self.played.cost - self.choice.cost, 1)


def grade_choice(drill: Drill, words: str) -> Verdict:
    """The choice of ``words`` at the drill's decision graded from the review's own values
    (:func:`engine.ai.analysis.hand.grade`): its cost against the advice and that cost's standard error; the advice
    itself is best where the next best was clearly worse, as the review praises it. ``ValueError`` for a choice
    the analysis did not value."""
    choice = drill.choice(words)
    if choice is None:
        raise ValueError(f"{words!r} is none of the choices valued at this decision")
    threshold = cost_threshold(drill.rules)
    best = drill.best
    if choice == best:
        others = [c for c in drill.review.choices if c != best]
        runner_up = max(others, key=lambda c: c.value) if others else None
        tier = grade(0.0, choice.error, None if runner_up is None else best.value - runner_up.value, threshold)
    else:
        tier = grade(choice.cost, choice.error, None, threshold)
    return Verdict(choice, tier, best, drill.played, in_tenths(drill.rules), threshold)


def _points(value: float, tenths: bool) -> str:
    """A cost in points as a step shows it: whole points, or to a tenth where a hand is worth a few points."""
    cost = shown_cost(abs(value), tenths)
    return f"{cost:.1f}" if tenths and cost != round(cost) else f"{cost:.0f}"


def verdict_words(verdict: Verdict) -> str:
    """The verdict in a sentence: "You found the best: A♠, worth about 39 more than your K♠ in the hand"; "Still
    not the best: A♠ was best, worth about 25 more than Q♠, about 14 more than your K♠ in the hand"."""
    mine, best, played = verdict.choice, verdict.best, verdict.played
    gain, tenths = verdict.gain, verdict.tenths
    if verdict.found_best:
        return f"You found the best: {mine.words}, worth about {_points(gain, tenths)} more than your " \
               f"{played.words} in the hand"
    if verdict.solved:
        if shown_cost(mine.cost, tenths) == 0:
            near = f"as good as the best, {best.words}"
        elif mine.cost < verdict.threshold:
            near = f"within about {_points(mine.cost, tenths)} of the best, {best.words}"
        else:  # a cost within the uncertainty of the deals, as the review counts it: none
            near = f"as good as the best, {best.words}, as far as the deals valued can tell (it was valued about " \
                   f"{_points(mine.cost, tenths)} higher)"
        return f"Good: {mine.words} is {near}; worth about {_points(gain, tenths)} more than your {played.words} " \
               f"in the hand"
    sentence = f"Still not the best: {best.words} was best, worth about {_points(mine.cost, tenths)} more than " \
               f"{mine.words}"
    if mine == played:
        return f"{sentence}, your choice in the hand again"
    if shown_cost(gain, tenths) == 0:
        return f"{sentence}, no better than your {played.words} in the hand"
    more = "more" if gain > 0 else "less"
    return f"{sentence}, about {_points(gain, tenths)} {more} than your {played.words} in the hand"


def value_choice(drill: Drill, choice: ActionValue, seed: int = APP_SEED, level: Level = SEAT_VIEW) -> Drill:
    """The drill with ``choice`` valued too, where the analysis did not value it (a pass, a return or a bury of
    other cards, picked on the hand): reviewed at the same position with the same seed and search as the review
    would have reviewed it had it been made there (:func:`engine.ai.analysis.hand.review_at`: valued beside the advice
    in the same deals, its cost measured again against the advice where in doubt), so it is graded as the others
    are. A choice valued already, or one the engine does not allow there, leaves the drill as it is (the latter
    raises ``ValueError``)."""
    game, _action = game_before(drill.record, drill.action_index)
    action = game.action_from_json(choice)
    if not game.is_legal(action):
        raise ValueError(f"{action} is no choice at this decision")
    review = review_at(game, action, drill.action_index, seed, level, every_card=False, viewer=drill.seat)
    if drill.choice(review.chosen.action) is not None:
        return drill
    made = next(c for c in review.choices if c.words == review.chosen.action)
    return Drill(drill.record, replace(drill.review, choices=(*drill.review.choices, made)))


def choices_in_order(drill: Drill) -> list[ChoiceValue]:
    """The drill's choices in an order that tells nothing of their values: cards as the hand is sorted (trumps
    first), Pass and then the bids from the lowest, every other choice by its words."""
    game, _action = game_before(drill.record, drill.action_index)
    actions = {c.words: game.action_from_json(c.action) for c in drill.review.choices}
    hand = sort_hand([a.card for a in actions.values() if isinstance(a, Play)], game.hand.trump)

    def place(choice: ChoiceValue) -> tuple[int, int, str]:
        action = actions[choice.words]
        if isinstance(action, Play):
            return 0, hand.index(action.card), choice.words
        if isinstance(action, Bid | Pass):
            return 1, action.amount if isinstance(action, Bid) else 0, choice.words
        return 2, 0, choice.words

    return sorted(drill.review.choices, key=place)


def reason_against(drill: Drill, words: str) -> str:
    """Why the best choice was better than the choice of ``words``, in the analysis' words told to the player: the
    review's own reason for the choice made in the hand; for another choice, what the seat could see that speaks
    for the best (:func:`engine.ai.analysis.words.reason_for`, the record replayed to the decision); "" for the best
    itself."""
    choice, best = drill.choice(words), drill.best
    if choice is None or choice == best:
        return ""
    if choice == drill.played:
        return drill.review.reason
    game, _action = game_before(drill.record, drill.action_index)
    values = {game.action_from_json(c.action): c.value for c in drill.review.choices}
    mine, better = game.action_from_json(choice.action), game.action_from_json(best.action)
    kind = drill.review.kind
    return reason_for(game, drill.seat, mine, better, values, kind, best.words, drill.seat)


__all__ = ["Drill", "Verdict", "choices_in_order", "drills_in", "grade_choice", "is_drill", "reason_against",
           "value_choice", "verdict_words"]
