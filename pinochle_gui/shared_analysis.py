"""What the app's analyses of a hand share during its run: the player's decisions reviewed from the player's own
view, and each seat's accuracy in each hand analysed.

Two jobs review the player's decisions of a hand with the same search, seed and words: the cost of the hand
(:mod:`pinochle_gui.table.cost_job`, after every hand the player plays, from the player's view alone) and the
hand's review (:mod:`pinochle_gui.screens.review_analysis`, which adds the view with every card). Both are the
same computation (:class:`engine.ai.analysis.hand.SeatView`: the same record, decision, seed, level and viewer give the
same seat view), so each puts the seat views it finds here, by hand and decision, and takes those the other found:
the review adds only the view with every card to what the cost job found, and the cost job takes the review's.
While a review works on a hand the cost job leaves that hand to it (:meth:`SharedAnalysis.reviewing`); the decision
the cost job was working on when the review opened comes last among the player's in the review, which takes its
seat view from here when it comes (:meth:`engine.ai.analysis.worker.Analyst.reuse`).

Each hand's accuracy, seat by seat, once every decision of the seat is graded (:meth:`SharedAnalysis.hand_accuracy`),
is kept too: the review's summary adds up the game's hands for each seat. Nothing here is saved: it lasts for the
app's run (the statistics keep the player's own figures).

>>> shared = SharedAnalysis()
>>> record = {"game_id": "g", "hand_number": 1, "seed": 3, "actions": ["x"]}
>>> key = view_key(record, 0, 0, "hard")
>>> shared.views(key), shared.reviewing(key)
({}, False)
>>> shared.review_opened(key); shared.reviewing(key)
True
>>> shared.set_accuracy(record, {0: Accuracy(4, 3, 12.0)}); shared.hand_accuracy(record)
{0: Accuracy(decisions=4, sound=3, lost=12.0)}
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from engine.ai.analysis.accuracy import Accuracy
from engine.ai.analysis.hand import SeatView
from engine.record import HandId, HandRecord, hand_id

#: A hand and whose decisions, told to whom, valued how: (the hand, seat, viewer, level's name).
ViewKey = tuple[Any, ...]
def view_key(record: HandRecord, seat: int, viewer: int | None, level: str) -> ViewKey:
    """The seat views of ``seat``'s decisions in the hand of ``record``, their words told to ``viewer``, valued with
    the search ``level`` (:data:`engine.ai.analysis.advice.ANALYSIS_LEVELS`; always with the app's seed)."""
    return (*hand_id(record), seat, viewer, level)


class SharedAnalysis:
    """The seat views found for the last ``keep`` hands, the hands a review works on now, the decision the cost job
    works on now, and the accuracy of the last ``keep_accuracy`` hands analysed."""

    def __init__(self, keep: int = 64, keep_accuracy: int = 2000) -> None:
        self.keep = keep
        self.keep_accuracy = keep_accuracy
        self._views: OrderedDict[ViewKey, dict[int, SeatView]] = OrderedDict()
        self._reviewing: dict[ViewKey, int] = {}
        self._working: dict[ViewKey, int] = {}
        self._accuracy: OrderedDict[HandId, dict[int, Accuracy]] = OrderedDict()

    # -- the seat views -------------------------------------------------------------------------------------
    def views(self, key: ViewKey) -> dict[int, SeatView]:
        """The seat views found for ``key``, by the record's action (a copy)."""
        return dict(self._views.get(key, {}))

    def add(self, key: ViewKey, views: Mapping[int, SeatView]) -> None:
        """Keep ``views`` (by the record's action) for ``key``."""
        if not views:
            return
        kept = self._views.setdefault(key, {})
        kept.update(views)
        self._views.move_to_end(key)
        while len(self._views) > self.keep:
            self._views.popitem(last=False)

    # -- who works on what ----------------------------------------------------------------------------------
    def review_opened(self, key: ViewKey) -> None:
        """A review works on ``key``'s decisions (until :meth:`review_closed`)."""
        self._reviewing[key] = self._reviewing.get(key, 0) + 1

    def review_closed(self, key: ViewKey) -> None:
        count = self._reviewing.get(key, 0) - 1
        if count > 0:
            self._reviewing[key] = count
        else:
            self._reviewing.pop(key, None)

    def reviewing(self, key: ViewKey) -> bool:
        """Whether a review works on ``key``'s decisions now."""
        return key in self._reviewing

    def working_on(self, key: ViewKey, action: int | None) -> None:
        """The cost job works on ``key``'s decision ``action`` now (None: on none of ``key``'s)."""
        if action is None:
            self._working.pop(key, None)
        else:
            self._working[key] = action

    def worked_on(self, key: ViewKey) -> int | None:
        """The decision of ``key`` the cost job works on now, if any."""
        return self._working.get(key)

    # -- accuracy -------------------------------------------------------------------------------------------
    def set_accuracy(self, record: HandRecord, seats: Mapping[int, Accuracy]) -> None:
        """Each of ``seats``' accuracy in the hand of ``record``, every decision of the seat graded."""
        kept = self._accuracy.setdefault(hand_id(record), {})
        kept.update(seats)
        self._accuracy.move_to_end(hand_id(record))
        while len(self._accuracy) > self.keep_accuracy:
            self._accuracy.popitem(last=False)

    def hand_accuracy(self, record: HandRecord) -> dict[int, Accuracy]:
        """The accuracy of each seat whose decisions in the hand of ``record`` were all graded."""
        return dict(self._accuracy.get(hand_id(record), {}))

    def clear(self) -> None:
        self._views.clear()
        self._reviewing.clear()
        self._working.clear()
        self._accuracy.clear()


#: The app's one store.
SHARED = SharedAnalysis()


__all__ = ["SHARED", "SharedAnalysis", "ViewKey", "view_key"]
