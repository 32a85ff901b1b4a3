"""The advice at a decision: every choice valued from what the deciding seat could see, and the best of them.

One computation, two screens: the table's hint (:mod:`engine.ai.analysis.hint`) is the advice at the position to act,
and the hand review (:mod:`engine.ai.analysis.hand`) grades each choice made against the advice at its position.
Both take the same valuation (:func:`engine.ai.analysis.valuation.valuation`, the ``hard`` level's search without the
clock: :data:`SEAT_VIEW`) in the same deals: its random deals are seeded by the seed and the decision's place
in the hand (:func:`decision_number`) alone, so the same position gets the same advice on any machine, at the
table as in the review of the hand. The advice never depends on the choice made: a pass or a bury the level
would not have tried is valued beside its own candidates (each in the same deals), never advised.

>>> from engine.game import new_game
>>> from engine.rules import preset
>>> game = new_game(preset("partnership_auction"), seed=5)
>>> advice = advise(game, level=ANALYSIS_LEVELS["medium"])
>>> game.is_legal(advice.action), advice.best in advice.ranked[:1]
(True, True)
>>> advise(game, level=ANALYSIS_LEVELS["medium"]) == advice
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.actions import Action, Bury, DeclareOut, PassCards
from engine.ai.analysis.valuation import Valuation, valuation
from engine.ai.analysis.words import action_words
from engine.ai.players.bidding import stable_seed
from engine.ai.players.decisions import should_declare_out
from engine.ai.players.levels import EASY, HARD, MEDIUM, PERFECT, Level
from engine.game import Game
from engine.info_state import info_state


# The views an analysis may take of the seat's decisions, by name (a smaller search for a quicker look), without
# the clock: neither the advice nor a review may depend on the machine's speed.
def analysis_level(level: Level) -> Level:
    """``level`` as an analysis takes its view: without the clock."""
    return replace(level, think_seconds=0.0)


#: The view the hint and the review's best are taken from: the ``hard`` search, from what the seat could see.
SEAT_VIEW = analysis_level(HARD)
#: The view with every card visible (the analysis's other view).
EVERY_CARD = analysis_level(PERFECT)
#: medium's search without the clock: a quicker look than the seat's view (screenshots, doctests).
QUICK_VIEW = analysis_level(MEDIUM)
ANALYSIS_LEVELS = {level.name: level for level in (analysis_level(EASY), QUICK_VIEW, SEAT_VIEW, EVERY_CARD)}
#: The seed of the app's hints and of its reviews of a hand (and the statistics' costs): one seed, so that the
#: hint given at the table is the review's best at that position.
APP_SEED = 0


def decision_number(game: Game) -> int:
    """Where the decision to make in ``game`` comes in its hand: how many actions the hand has had (the index of
    the action in the hand's record, :func:`engine.ai.analysis.hand.decisions_in`)."""
    return len(game.log) - game.hand_start


def seat_view_rng(seed: int, index: int) -> random.Random:
    """The random deals of the valuation of the hand's decision ``index`` from the seat's view."""
    return random.Random(stable_seed("analysis", seed, index, "seat"))


def as_advised(action: Action) -> Action:
    """A choice as the advice names it: passed or buried cards in the order of their codes (the choice made may
    list the same cards in another order)."""
    if isinstance(action, PassCards):
        return PassCards(tuple(sorted(action.cards)))
    if isinstance(action, Bury):
        return Bury(tuple(sorted(action.cards)))
    return action


@dataclass(frozen=True)
class Advice:
    """The valuation of one decision and its best choice."""

    valued: Valuation               # every choice valued deal by deal (with the choice made, when given)
    values: dict[Action, float]     # each choice's mean value, to a tenth of a point
    ranked: tuple[Action, ...]      # the choices the level tried, best first (the choice made only if one of them)
    declare_out: bool = False       # the side has the points to win: the hint says declare out

    @property
    def best(self) -> Action:
        """The best choice valued (as the valuation names it: a key of :attr:`values`)."""
        return self.ranked[0]

    @property
    def runner_up(self) -> Action | None:
        """The next best choice the level tried (None: it tried one)."""
        return self.ranked[1] if len(self.ranked) > 1 else None

    @property
    def action(self) -> Action:
        """What the hint says: declare out where the side has the points to win, else the best choice."""
        return DeclareOut() if self.declare_out else as_advised(self.best)


def advise(game: Game, seed: int = 0, level: Level = SEAT_VIEW, chosen: Action | None = None,
           index: int | None = None) -> Advice:
    """The advice to the seat to act in ``game``: each of its choices valued with ``level`` from what it could
    see, in the deals of ``seed`` and the decision's place ``index`` in the hand (by default
    :func:`decision_number`), best first (ties by their words). ``chosen``, the choice made there (the
    review's), is valued too, in the same deals; the advice is the same with it or without."""
    seat = game.to_act
    if seat is None:
        raise ValueError("the game is over: nothing to advise")
    number = decision_number(game) if index is None else index
    valued = valuation(game.clone(), seat, level, seat_view_rng(seed, number), chosen=chosen)
    values = {a: round(valued.mean(a), 1) for a in valued.worths}
    tried = [a for a in values if a not in valued.added]
    ranked = tuple(sorted(tried, key=lambda a: (-values[a], action_words(as_advised(a), game))))
    out = DeclareOut() in game.legal_actions() and should_declare_out(info_state(game, seat), level,
                                                                        seat_view_rng(seed, number))
    return Advice(valued, values, ranked, out)


__all__ = ["ANALYSIS_LEVELS", "APP_SEED", "SEAT_VIEW", "Advice", "advise", "as_advised", "decision_number",
           "seat_view_rng"]
