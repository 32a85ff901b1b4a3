"""How well each seat decided in a hand or a game, and the hand's key moments, from its analysis.

A seat's **accuracy** (:func:`accuracy`) is the share of its analysed decisions graded best or good
(:class:`~engine.ai.analysis.hand.Grade`), with the points its decisions lost: the costs of those marked (an
inaccuracy, a mistake or a blunder), each as its step shows it (:func:`shown_cost`; a cost within the threshold
or the uncertainty of the deals is no cost, and no step shows it). A game's accuracy is its hands' added up.

A hand's **key moments** (:func:`key_moments`) are its three marked decisions, any seat's, that cost the most.
The cost is the decision's own: what the choice made lost against the best there was (the hint's advice), from
what the deciding seat could see. The swings of the review's value graph are not: one point of the graph to
the next is another seat's decision, valued from that seat's view of the cards, so a swing mixes a choice with
the difference between two views and the cards neither could see.

>>> from engine.ai.analysis.hand import Alternative, DecisionReview, Grade
>>> def made(seat, cost, grade):
...     return DecisionReview(seat * 4, seat, "play", f"Trick 1, seat {seat}", 1, Alternative("K♠", 0.0, None),
...                           (Alternative("A♠", cost, None),), cost, None, False, "", grade)
>>> reviews = [made(0, 0.0, Grade.BEST), made(0, 12.6, Grade.INACCURACY), made(1, 4.0, Grade.GOOD)]
>>> accuracy(reviews, 0), accuracy(reviews, 0).percent, accuracy(reviews, 1).lost
(Accuracy(decisions=2, sound=1, lost=13.0), '50%', 0.0)
>>> [m.seat for m in key_moments(reviews)]
[0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.ai.analysis.hand import COSTLY, DecisionReview, Grade, cost_threshold
from engine.ai.analysis.words import seat_word, side_of
from engine.game import Phase
from engine.rules import Rules

#: The grades that count as sound: the decision cost nothing its step shows.
SOUND = (Grade.BEST, Grade.GOOD)
#: The grades a step marks with their cost.
MARKED = (Grade.INACCURACY, *COSTLY)
#: How many key moments a hand has, at most.
KEY_MOMENTS = 3


def in_tenths(rules: Rules) -> bool:
    """Whether a game's costs are shown to a tenth of a point: where a grade's threshold is a few points (scores
    divided by ten, the double deck), not whole points (:func:`~engine.ai.analysis.hand.cost_threshold`)."""
    return cost_threshold(rules) < 10


def shown_cost(cost: float, tenths: bool) -> float:
    """A cost as a step shows it: in whole points, or to a tenth (``tenths``) where a hand is worth a few points
    (scores divided by ten, the double deck's costs)."""
    return float(f"{cost:.1f}") if tenths else float(f"{cost:.0f}")


@dataclass(frozen=True)
class Accuracy:
    """A seat's decisions in a hand or a game: how many were analysed, how many were sound (best or good), and
    the points the marked ones lost."""

    decisions: int = 0
    sound: int = 0
    lost: float = 0.0

    @property
    def share(self) -> float | None:
        """The share of the decisions that were sound (None: no decision)."""
        return self.sound / self.decisions if self.decisions else None

    @property
    def percent(self) -> str:
        """The share in whole percent, "–" without a decision."""
        share = self.share
        return "–" if share is None else f"{round(100 * share)}%"

    def __add__(self, other: Accuracy) -> Accuracy:
        return Accuracy(self.decisions + other.decisions, self.sound + other.sound, round(self.lost + other.lost, 1))


def accuracy(reviews: Iterable[DecisionReview], seat: int, tenths: bool = False) -> Accuracy:
    """``seat``'s accuracy over ``reviews`` (a hand's analysed decisions, or those found so far), its costs as
    the steps show them (``tenths``: to a tenth)."""
    own = [r for r in reviews if r.seat == seat]
    lost = sum((shown_cost(r.cost, tenths) for r in own if r.grade in MARKED), 0.0)
    return Accuracy(len(own), sum(1 for r in own if r.grade in SOUND), round(lost, 1))


def game_accuracy(hands: Iterable[Accuracy]) -> Accuracy:
    """A game's accuracy: its hands' added up."""
    return sum(hands, Accuracy())


def key_moments(reviews: Iterable[DecisionReview], count: int = KEY_MOMENTS) -> list[DecisionReview]:
    """The ``count`` marked decisions, any seat's, that cost the most, costliest first (the earlier first on a
    tie)."""
    marked = [r for r in reviews if r.grade in MARKED and r.cost > 0]
    return sorted(marked, key=lambda r: (-r.cost, r.action_index))[:count]


#: The first word of a choice in words (:func:`engine.ai.analysis.words.action_words`) as a seat did it.
DID = {"Bid": "bid", "Pass": "passed", "Return": "returned", "Bury": "buried", "Throw": "threw", "Play": "played",
       "Take": "took", "Exchange": "exchanged", "Keep": "kept", "Ask": "asked"}


def did_words(review: DecisionReview) -> str:
    """What the seat did, after its name: "led the K♠", "bid 350", "passed", "named hearts trump"."""
    action = review.chosen.action
    first, _, rest = action.partition(" ")
    if review.kind == Phase.PLAY:
        return f"{'led' if 'lead' in review.title.lower() else 'played'} the {action}"
    if review.kind == Phase.TRUMP:
        return f"named {action.lower()} trump"
    if first in DID:
        return f"{DID[first]} {rest}".rstrip()
    return f"chose “{action}”"


def _better(review: DecisionReview) -> str:
    """The better choice, as the sentence names it: "the A♠", "Pass", "Hearts"."""
    words = review.best[0].action if review.best else review.advised
    return f"the {words}" if review.kind == Phase.PLAY else words


def moment_words(review: DecisionReview, names: Sequence[str], teams: Sequence[Sequence[int]], viewer: int | None,
                 tenths: bool = False) -> str:
    """A key moment in the deciding seat's own words, told to the player in seat ``viewer``: "Trick 3, your lead:
    you led the K♠; the A♠ was worth about 39 more to your side" ("West bid 350; Pass was worth about 80 more to
    East and West"; sides only in partnerships)."""
    who = seat_word(names, review.seat, viewer)
    side = side_of(names, teams, review.seat, review.seat, viewer)
    cost = shown_cost(review.cost, tenths)
    points = f"{cost:.1f}" if tenths and cost != round(cost) else f"{cost:.0f}"
    return f"{review.title}: {who} {did_words(review)}; {_better(review)} was worth about {points} more to {side}"


__all__ = ["KEY_MOMENTS", "MARKED", "SOUND", "Accuracy", "accuracy", "did_words", "game_accuracy", "in_tenths",
           "key_moments", "moment_words", "shown_cost"]
