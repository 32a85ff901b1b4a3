"""The cost job: what the player's decisions cost, hand after hand, found in the background for the statistics.

After each hand the player plays (not a demo, not a deal played again), :class:`HandCoster` reviews the
player's decisions of that hand with the hard level's search from what the player could see
(:func:`engine.ai.analysis.hand.review_views`, with the seed of the review: the review's own seat views, so the same
grades; the two share them, :mod:`pinochle_gui.shared_analysis`, so that no decision is valued twice) and hands back
the hand's accuracy (:func:`engine.ai.analysis.accuracy.accuracy`): how many decisions, how many graded best or good,
and what the marked ones cost as the review's steps show it, in net points of that hand (the side's score
less the opponents', as every comparison of the game), for the statistics (:mod:`pinochle_gui.storage.hand_costs`),
with the reviews themselves: the costly ones become the player's drills (:mod:`pinochle_gui.storage.drills`).
It works one decision at a time in one worker process at the lowest priority, and starts the next decision only
while no computer seat is thinking (``idle``), so the player's computers are not slowed. A hand not finished
when the app closes is not counted. With ``PINOCHLE_THINK_AT_ONCE=1`` (the tests) it works on a thread of this process.

When it has no hand of the table's to cost, it works through the kept hands that have no cost yet (played before
the drills existed, or the app closed before their costs were found: :class:`EarlierHands`), the newest first, then
those costed but not looked at for drills (costed before the drills existed), the newest first, a few at a time,
each costed as a new hand is (the same queue, the same worker, the same priority: a cost stored before stays as it
was, its drills are kept and the hand marked); a new hand of the table's goes before them. A kept hand it cannot
value (a foreign or damaged record) is noted in the statistics and not tried again. A worker that dies under a
decision is replaced and the decision tried once more (then its hand is given up), so neither loses the app.
"""

from __future__ import annotations

from collections import deque
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field

from engine.ai.analysis.accuracy import accuracy, in_tenths
from engine.ai.analysis.advice import APP_SEED, SEAT_VIEW
from engine.ai.analysis.hand import DecisionReview, SeatView, decisions_in, review_views
from engine.ai.analysis.worker import background_pool, stop_pool
from engine.record import HandRecord, RecordError, hand_number_said, record_hand_number, record_rules
from engine.rules import preset_name
from pinochle_gui.shared_analysis import SHARED, SharedAnalysis, ViewKey, view_key
from pinochle_gui.storage.hand_costs import HandCost
from pinochle_gui.storage.safe_file import StorageMessage
from pinochle_gui.storage.stats import StatsStore
from pinochle_gui.table.seats import thinking_at_once

LAST = 19  # how many steps lower the hands' costs work: after the app and the table's computers (5)


def decision_graded(record: HandRecord, action_index: int, seat: int) -> SeatView:
    """The decision ``action_index`` of ``record`` reviewed for its seat, from the seat's view alone, as the review
    grades it (its seat view: the same as the review's, which adds the view with every card)."""
    return review_views(record, action_index, APP_SEED, SEAT_VIEW, every_card=False, viewer=seat)[1]


@dataclass(frozen=True)
class CostedHand:
    """A hand whose every decision of the player's is reviewed: its cost and accuracy for the statistics, and the
    reviews (the costly ones are drills)."""

    cost: HandCost
    record: HandRecord
    seat: int
    reviews: tuple[DecisionReview, ...]


@dataclass
class _Hand:
    record: HandRecord
    seat: int
    game_id: str
    level: str
    decisions: list[int]
    key: ViewKey
    reviews: list[DecisionReview] = field(default_factory=list)
    done: int = 0
    failed: list[str] = field(default_factory=list)
    earlier: bool = False  # a kept hand of an earlier run (:class:`EarlierHands`), not the table's own
    breaks: int = 0  # how many times the worker died on this hand's decision


#: A kept hand the cost job gave up on: its game, its number, and why.
GivenUp = tuple[str, int, str]


class HandCoster:
    """Finished hands in, their costs out (:meth:`poll`), one decision at a time; the seat views shared with the
    hand's review through ``shared`` (:mod:`pinochle_gui.shared_analysis`): a decision the review has already
    valued is taken from there, and a hand under review is left to the review until it closes."""

    def __init__(self, processes: bool | None = None, shared: SharedAnalysis = SHARED) -> None:
        self.processes = not thinking_at_once() if processes is None else processes
        self.shared = shared
        self.hands: deque[_Hand] = deque()
        self.errors: list[str] = []
        self.valued = 0  # decisions this job valued itself (not taken from a review)
        self.given_up: list[GivenUp] = []  # earlier hands that could not be costed, for the statistics to note
        self._pool: Executor | None = None
        self._future: Future[SeatView] | None = None
        self._working: _Hand | None = None  # the hand of the decision under way

    def add(self, record: HandRecord, seat: int, game_id: str, level: str, earlier: bool = False) -> None:
        """Cost the decisions of ``seat`` in the hand of ``record`` (of the game ``game_id``): after the table's
        hands already waiting, before any ``earlier`` hand (one kept in an earlier run, :class:`EarlierHands`)."""
        try:
            decisions = [index for index, s in decisions_in(record) if s == seat]
            key = view_key(record, seat, seat, SEAT_VIEW.name)
        except (RecordError, ValueError, KeyError, TypeError) as err:
            self.errors.append(f"hand {hand_number_said(record)}: {err}")
            if earlier:
                self.given_up.append((game_id, hand_number_said(record), f"{type(err).__name__}: {err}"))
            return
        hand = _Hand(record, seat, game_id, level, decisions, key, earlier=earlier)
        if earlier:
            self.hands.append(hand)
        else:
            self.hands.insert(next((i for i, h in enumerate(self.hands) if h.earlier), len(self.hands)), hand)

    def drop_earlier(self) -> list[tuple[str, int]]:
        """Leave the earlier hands (the cost job switched off): their game ids and numbers."""
        dropped = [h for h in self.hands if h.earlier]
        if not dropped:
            return []
        if self._working is not None and self._working.earlier:
            self._drop_future()
        self.hands = deque(h for h in self.hands if not h.earlier)
        return [(h.game_id, hand_number_said(h.record)) for h in dropped]

    @property
    def busy(self) -> bool:
        return bool(self.hands)

    def poll(self, idle: bool) -> list[CostedHand]:
        """The hands whose every decision is now costed; starts the next decision when ``idle`` (and no review
        works on its hand)."""
        finished: list[CostedHand] = []
        if self._future is not None and self._future.done() and self._working is not None:
            hand = self._working
            index = hand.decisions[hand.done]
            self.shared.working_on(hand.key, None)
            try:
                view = self._future.result()
            except BrokenExecutor as err:  # the worker died (not the hand's doing): a new one tries it once more
                self._broken()
                hand.breaks += 1
                if hand.breaks > 1:
                    hand.failed.append(f"{type(err).__name__}: {err}")
                    hand.done += 1
            except Exception as err:  # noqa: BLE001 - one decision failing loses that hand, not the app
                hand.failed.append(f"{type(err).__name__}: {err}")
                hand.done += 1
            else:
                hand.reviews.append(view.review)
                self.shared.add(hand.key, {index: view})
                hand.done += 1
            self._future = None
            self._working = None
        while self.hands:
            hand = self.hands[0]
            if self._future is None:  # the decisions a review has valued meanwhile
                known = self.shared.views(hand.key)
                while hand.done < len(hand.decisions) and hand.decisions[hand.done] in known:
                    hand.reviews.append(known[hand.decisions[hand.done]].review)
                    hand.done += 1
            if hand.done < len(hand.decisions):
                break
            self.hands.popleft()
            if not hand.failed:
                try:
                    rules = record_rules(hand.record)
                    found = accuracy(hand.reviews, hand.seat, in_tenths(rules))
                    cost = HandCost.of(hand.game_id, record_hand_number(hand.record), preset_name(rules), hand.level,
                                       found)
                except (RecordError, ValueError, KeyError, TypeError) as err:
                    hand.failed.append(f"{type(err).__name__}: {err}")
                else:
                    self.shared.set_accuracy(hand.record, {hand.seat: found})
                    finished.append(CostedHand(cost, hand.record, hand.seat, tuple(hand.reviews)))
            if hand.failed:
                self.errors.append(f"hand {hand_number_said(hand.record)}: {hand.failed[0]}")
                if hand.earlier:
                    self.given_up.append((hand.game_id, hand_number_said(hand.record), hand.failed[0]))
        if self._future is None and self.hands and idle and not self.shared.reviewing(self.hands[0].key):
            hand = self.hands[0]
            index = hand.decisions[hand.done]
            try:
                self._future = self._executor().submit(decision_graded, hand.record, index, hand.seat)
            except BrokenExecutor:  # its worker died meanwhile: a new one at the next poll
                self._broken()
                return finished
            self._working = hand
            self.shared.working_on(hand.key, index)
            self.valued += 1
        return finished

    def _broken(self) -> None:
        stop_pool(self._pool)
        self._pool = None

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = background_pool("pinochle-hand-costs", self.processes, niceness=LAST)
            assert self._pool is not None
            self.processes = isinstance(self._pool, ProcessPoolExecutor)
        return self._pool

    def _drop_future(self) -> None:
        if self._future is not None:
            self._future.cancel()
            self._future = None
            if self._working is not None:
                self.shared.working_on(self._working.key, None)
            self._working = None

    def close(self) -> None:
        self._drop_future()
        self.hands.clear()
        stop_pool(self._pool)
        self._pool = None


class EarlierHands:
    """The kept hands with no cost yet, then those with a cost not looked at for drills
    (:meth:`pinochle_gui.storage.stats.StatsStore.hands_to_cost`), handed to the cost job a few at a time
    (:data:`BATCH`), the newest first, when it has nothing else to do: each is costed as a new hand is, and its
    costly decisions become drills (a cost stored before stays as it was). A hand taken is not taken again in this
    run; one that cannot be costed is noted in the statistics, so no later run tries it again. The statistics are
    asked again only once the hands taken are done; once none is left, not again in this run."""

    BATCH = 3

    def __init__(self) -> None:
        self.taken: set[tuple[str, int]] = set()
        self.done = False

    def feed(self, coster: HandCoster, stats: StatsStore) -> list[StorageMessage]:
        """Note the hands given up on; hand the next few kept hands to ``coster`` when it has nothing to do."""
        messages: list[StorageMessage] = []
        while coster.given_up:
            game_id, number, why = coster.given_up.pop(0)
            messages.extend(stats.skip_hand_cost(game_id, number, why))
        if self.done or coster.busy or stats.read_only:
            return messages
        waiting = stats.hands_to_cost(self.taken, self.BATCH)
        self.done = not waiting
        for hand in waiting:
            self.taken.add((hand.game_id, hand.hand_number))
            if hand.record is None:
                messages.extend(stats.skip_hand_cost(hand.game_id, hand.hand_number, "the record does not read back"))
            elif hand_number_said(hand.record) != hand.hand_number:
                messages.extend(stats.skip_hand_cost(hand.game_id, hand.hand_number, "the record is of another hand"))
            else:
                coster.add(hand.record, hand.seat, hand.game_id, hand.level, earlier=True)
        return messages

    def pause(self, coster: HandCoster) -> None:
        """The cost job switched off: the earlier hands taken and not done are left, to be taken again later."""
        self.taken.difference_update(coster.drop_earlier())
        self.done = False


__all__ = ["CostedHand", "EarlierHands", "HandCoster", "decision_graded"]
