"""The analysis behind the hand review: the decisions of one hand valued in the background, as they come.

:class:`ReviewAnalysis` starts an :class:`engine.ai.analysis.worker.Analyst` on the record for one seat (the player's,
:mod:`pinochle_gui.seat_words`, else the hard computer's, else seat 0), its words spoken to the player, and,
beside it, the same deal played with the hard computer in that seat ("the cards":
:func:`engine.ai.analysis.try_again.play_seat_again`, by the search budgets alone, so the same on any machine). The
review polls it at most ten times a second (:meth:`ReviewAnalysis.poll`); nothing here waits. With
``PINOCHLE_THINK_AT_ONCE=1`` (the tests) both run on a thread of this process instead of worker processes.

Finished analyses, and the deals played again with the hard computer, are kept for the app's run
(:data:`FINISHED`, :data:`HARD_PLAYED`, a few hands each), so opening the same hand again shows them at once. The
seat's decisions already reviewed from its own view by the app's cost of the hand are not valued again: the analysis
takes them from the app's :class:`~pinochle_gui.shared_analysis.SharedAnalysis` and adds only the view with every
card, and puts there those it values itself, for the cost job; each seat's accuracy in the hand goes there too, once
the hand is analysed, so that the summary adds up each seat's game.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from typing import Any

from engine.ai.analysis.accuracy import (
    MARKED,
    Accuracy,
    accuracy,
    game_accuracy,
    in_tenths,
    key_moments,
    moment_words,
    shown_cost,
)
from engine.ai.analysis.advice import APP_SEED
from engine.ai.analysis.hand import DecisionReview, HandAnalysis, cost_threshold
from engine.ai.analysis.try_again import play_seat_again
from engine.ai.analysis.worker import Analyst, background_pool, stop_pool
from engine.record import HandRecord, RecordError, hand_id, record_game_id, record_hand_number, record_rules
from engine.review import seat_names
from engine.rules import Rules
from pinochle_gui.seat_words import HARD_COMPUTER, player_seat, whose, with_hard_computer
from pinochle_gui.shared_analysis import SharedAnalysis, view_key
from pinochle_gui.table.cost_job import LAST
from pinochle_gui.table.scene import TableScene
from pinochle_gui.table.seats import thinking_at_once

#: How often the review looks for results, in seconds.
POLL_EVERY = 0.1
#: The search that values the seat's choices (:data:`engine.ai.analysis.hand.ANALYSIS_LEVELS`; a test may ask a
#: smaller one).
LEVEL = "hard"
#: The level of the computers in the other seats for "the cards" when the record's table is not open.
OTHERS_LEVEL = "medium"
#: Finished analyses kept for the app's run, by hand.
FINISHED: OrderedDict[tuple[Any, ...], HandAnalysis] = OrderedDict()
#: The deals played again with the hard computer in the seat ("the cards"), by hand, seat and the other seats' levels.
HARD_PLAYED: OrderedDict[tuple[Any, ...], HandRecord] = OrderedDict()
KEEP_FINISHED = 12


def keep(kept: OrderedDict[tuple[Any, ...], Any], key: tuple[Any, ...], value: object) -> None:
    """Keep ``value`` as the newest of ``kept``, which holds at most :data:`KEEP_FINISHED`."""
    kept[key] = value
    kept.move_to_end(key)
    while len(kept) > KEEP_FINISHED:
        kept.popitem(last=False)


def analysed_seat(record: HandRecord) -> int:
    """Whose decisions the review analyses first: the player's seat, else the hard computer's, else seat 0."""
    seat = player_seat(record)
    if seat is not None:
        return seat
    names = seat_names(record)
    return names.index(HARD_COMPUTER) if HARD_COMPUTER in names else 0


def table_levels(scenes: Sequence[object], record: HandRecord) -> list[str | None] | None:
    """The computer levels at the table of the record's game when it is open (``None``: a person's seat)."""
    for scene in reversed(scenes):
        if isinstance(scene, TableScene) and scene.game.game_id == record_game_id(record) \
                and len(scene.config.levels) == record_rules(record).players:
            return list(scene.config.levels)
    return None


def hand_key(record: HandRecord, seat: int) -> tuple[Any, ...]:
    return (*hand_id(record), seat, LEVEL)


def points_text(value: float, signed: bool = True, tenths: bool = False) -> str:
    """Points of a hand as the player reads them: whole points, or to a tenth (``tenths``) where a hand is
    worth a few points (scores divided by ten, the double deck's costs)."""
    text = f"{value:+.1f}" if tenths and value != round(value) else f"{value:+.0f}"
    return text if signed else text.lstrip("+")


class ReviewAnalysis:
    """One hand's analysis for ``seat``, filling in as the workers finish (``processes``: worker processes);
    ``shared``: the seat views and accuracies the app's analyses share (by default none shared); ``game``: the
    hands of the record's game the review has (for the game's accuracy, :meth:`game_accuracy`)."""

    def __init__(self, record: HandRecord, seat: int, levels: Sequence[str | None] | None = None,
                 processes: bool | None = None, shared: SharedAnalysis | None = None,
                 game: Sequence[HandRecord] = ()) -> None:
        self.record = record
        self.seat = seat
        self.shared = shared if shared is not None else SharedAnalysis()
        self.game = [r for r in game if record_game_id(r) == record_game_id(record)]
        self.key = view_key(record, seat, player_seat(record), LEVEL)  # the seat views shared
        self._reviewing = False
        self.rules: Rules = record_rules(record)
        self.threshold = cost_threshold(self.rules)
        self.tenths = in_tenths(self.rules)  # points shown to a tenth
        self.processes = not thinking_at_once() if processes is None else processes
        self.decisions: dict[int, DecisionReview] = {}
        self.total = 0
        self.failed = ""
        self.errors: list[str] = []  # decisions the analysis could not value (their errors)
        self._since_poll = POLL_EVERY
        self._analyst: Analyst | None = None
        self._pool: Executor | None = None
        self._hard: Future[HandRecord] | None = None
        self.levels: list[str | None] = list(levels) if levels is not None else [OTHERS_LEVEL] * self.rules.players
        self.hard_key = (*hand_key(record, seat), tuple(self.levels))
        self.hard_record = HARD_PLAYED.get(self.hard_key)
        kept = FINISHED.get(hand_key(record, seat))
        if kept is not None:
            self.decisions = {d.action_index: d for d in kept.decisions}
            self.total = len(kept.decisions)
        else:
            self._analyst = Analyst(processes=self.processes, workers=1 if not self.processes else 2, level=LEVEL)
            working = self.shared.worked_on(self.key)  # by the cost job: valued last, taken from it if it comes
            try:
                self._analyst.start(record, seat, APP_SEED, viewer=player_seat(record),  # the hints' seed
                                    known=self.shared.views(self.key), later=() if working is None else (working,))
            except RecordError as err:
                self.failed = str(err)
                self._analyst.close()
                self._analyst = None
            else:
                self.total = self._analyst.progress[1]
                self.shared.review_opened(self.key)
                self._reviewing = True

    def start_hard(self) -> None:
        """Play the deal again with the hard computer in the seat (once, when the summary first asks)."""
        if self._pool is not None or self.hard_record is not None:
            return
        self._pool = background_pool("pinochle-hard-replay", self.processes, niceness=LAST)
        assert self._pool is not None
        self._hard = self._pool.submit(play_seat_again, self.record, self.seat, self.levels)

    # -- the results ---------------------------------------------------------------------------------------
    @property
    def done(self) -> int:
        return len(self.decisions) if self._analyst is None else self._analyst.progress[0]

    @property
    def finished(self) -> bool:
        return self._analyst is None and (self._hard is None or self.hard_record is not None)

    @property
    def analysed(self) -> bool:
        """Every decision is in."""
        return self._analyst is None

    def poll(self, dt: float) -> bool:
        """Collect what finished (at most every :data:`POLL_EVERY` seconds); True when something came."""
        self._since_poll += dt
        if self._since_poll < POLL_EVERY or self.finished:
            return False
        self._since_poll = 0.0
        came = False
        if self._analyst is not None:
            for review in self._analyst.poll():
                self.decisions[review.action_index] = review
                came = True
            self.shared.add(self.key, self._analyst.seat_views)  # for the cost job
            self._analyst.reuse(self.shared.views(self.key))  # the cost job's, found meanwhile
            if self._analyst.done():
                self.errors = list(self._analyst.errors)
                result = self._analyst.result()
                if result is not None and not self.errors:
                    keep(FINISHED, hand_key(self.record, self.seat), result)
                    self.shared.set_accuracy(self.record, {s: self.accuracy(s) for s in range(self.rules.players)})
                self._stop()
                came = True
        if self._hard is not None and self._hard.done() and self.hard_record is None:
            try:
                self.hard_record = with_hard_computer(self._hard.result(), self.seat)
                keep(HARD_PLAYED, self.hard_key, self.hard_record)
            except Exception as err:  # noqa: BLE001 - the review goes on without "the cards"
                self.failed = f"the hard computer's play could not be made: {err}"
                self._hard = None
            came = True
        return came

    def progress_text(self) -> str:
        if self.failed and not self.decisions:
            return f"No analysis: {self.failed}"
        if self._analyst is not None:
            return f"Analysing: {self.done} of {self.total} decisions, {self.seat_word()} first"
        costly = len(self.costly(self.seat))
        slips = len(self.marked(self.seat)) - costly
        missing = f" ({len(self.errors)} could not be valued)" if self.errors else ""
        return f"Analysed {self.total} decisions{missing}: {costly} costly, {slips} inaccurate (W: others)"

    def seat_word(self) -> str:
        """Whose decisions these are: "yours", "North's", "the hard computer's"."""
        word = whose(self.record, self.seat)
        return "yours" if word == "your" else word

    def points(self, value: float, signed: bool = True) -> str:
        return points_text(value, signed, self.tenths)

    def costly(self, seat: int) -> list[DecisionReview]:
        """The costly decisions of ``seat`` found so far, in the order of the hand."""
        return [d for _i, d in sorted(self.decisions.items()) if d.seat == seat and d.costly]

    def marked(self, seat: int) -> list[DecisionReview]:
        """The decisions of ``seat`` found so far that its step marks with a cost (an inaccuracy, a mistake or a
        blunder: :data:`MARKED`), in the order of the hand."""
        return [d for _i, d in sorted(self.decisions.items()) if d.seat == seat and d.grade in MARKED]

    def accuracy(self, seat: int) -> Accuracy:
        """``seat``'s decisions found so far (:func:`engine.ai.analysis.accuracy.accuracy`): how many, how many best or
        good, and what the marked ones cost as their steps show it."""
        return accuracy(self.decisions.values(), seat, self.tenths)

    def lost(self, seat: int) -> float:
        """What ``seat``'s decisions cost, in all: the costs their steps show (a cost within the threshold or the
        uncertainty of the deals is none, and no step shows it)."""
        return self.accuracy(seat).lost

    def costly_cost(self, seat: int) -> float:
        """What ``seat``'s costly decisions (mistakes and blunders) cost, in all."""
        return sum((self.shown_cost(d) for d in self.costly(seat)), 0.0)

    def shown_cost(self, review: DecisionReview) -> float:
        """A decision's cost as its step shows it (whole points, or tenths): the sums add what is shown."""
        return shown_cost(review.cost, self.tenths)

    def costliest(self, seat: int, count: int = 3) -> list[DecisionReview]:
        """``seat``'s ``count`` costliest marked decisions, costliest first."""
        return key_moments(self.marked(seat), count)

    def key_moments(self) -> list[tuple[DecisionReview, str]]:
        """The hand's key moments found so far (:func:`engine.ai.analysis.accuracy.key_moments`: the three costliest
        marked decisions, any seat's), each in its seat's own words told to the player."""
        names, teams = seat_names(self.record), self.rules.teams
        return [(review, moment_words(review, names, teams, player_seat(self.record), self.tenths))
                for review in key_moments(self.decisions.values())]

    def game_accuracy(self, seat: int) -> tuple[Accuracy, int]:
        """``seat``'s accuracy in the game so far (:func:`engine.ai.analysis.accuracy.game_accuracy`) over its hands
        analysed in this run of the app (this one as found so far, each other hand of the game the review has whose
        decisions of ``seat`` were all graded: by a review, or the player's by the cost of the hand), and how many
        hands."""
        found = [self.accuracy(seat)]
        here = hand_id(self.record)
        counted = {record_hand_number(self.record)}
        for record in self.game:
            number = record_hand_number(record)
            if hand_id(record) == here or number in counted:  # a deal played again is not the game's
                continue
            hand = self.shared.hand_accuracy(record).get(seat)
            if hand is not None:
                found.append(hand)
                counted.add(number)
        return game_accuracy(found), len(found)

    def _stop(self) -> None:
        if self._analyst is not None:
            self._analyst.close()
            self._analyst = None
        if self._reviewing:
            self.shared.review_closed(self.key)
            self._reviewing = False

    def close(self) -> None:
        self._stop()
        stop_pool(self._pool)
        self._pool = None


__all__ = ["FINISHED", "HARD_PLAYED", "MARKED", "POLL_EVERY", "ReviewAnalysis", "analysed_seat", "hand_key", "keep",
           "points_text"]
