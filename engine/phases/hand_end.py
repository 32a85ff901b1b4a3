"""The end of a hand: counting it into the scores, deciding whether the game is won, the hand's record,
and the next hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.events import Event, GameOver, HandCount, HandScored
from engine.hand_record import finished_hand, record_of
from engine.phases.state import GameState
from engine.rules import BothOver, TrumpBy
from engine.scoring import NO_MARRIAGE, PLAYED, HandFacts, score_hand

if TYPE_CHECKING:
    pass


class HandEnd(GameState):
    """Counting the hand and deciding the game."""

    def _end_hand(self, out: list[Event]) -> None:
        h = self.hand
        r = self.rules
        side_meld = [sum(h.meld_points[s] for s in team) for team in r.teams]
        side_dix = [sum(h.dix_points[s] for s in team) for team in r.teams]
        if h.how == NO_MARRIAGE:
            side_meld = [0] * self.sides
        declaring = None if h.declarer is None else self.side_of(h.declarer)
        if h.buried and declaring is not None:
            h.trick_points[declaring] += sum(self._values[c] for c in h.buried)
        facts = HandFacts(h.how, declaring, h.bid, side_meld, side_dix, list(h.trick_points), list(h.tricks_won))
        result = score_hand(r, facts)
        for s in range(self.sides):
            # Two-handed meld was added to the score when it was laid.
            already = side_meld[s] if r.trump_by == TrumpBy.STOCK else 0
            self.scores[s] += result.score_delta[s] - already
        target = self.target  # the hand was played to this target; deciding the game may raise it
        self._decide_game(declaring)
        count = HandCount(h.how, tuple(h.trick_points) if h.how == PLAYED else (0,) * self.sides, tuple(side_meld),
                          tuple(result.meld_counted), result.went_set, result.made, h.bid or None)
        scored = HandScored(h.declarer, count, tuple(result.score_delta), tuple(self.scores), self.winner is not None,
                            self.winner, target)
        self._record_hand(scored)
        out.append(scored)
        if self.winner is not None:
            out.append(GameOver(self.winner, tuple(self.scores)))
        else:
            self._next_hand(out)

    def _decide_game(self, declaring: int | None) -> None:
        r = self.rules
        scores = self.scores
        if r.game_hands:
            if self.hand_number >= r.game_hands:
                self.winner = _unique_best(scores, range(self.sides))
            return
        over = [s for s in range(self.sides) if scores[s] >= self.target]
        if len(over) > 1:
            if r.both_over == BothOver.DECLARER and declaring in over:
                self.winner = declaring
                return
            if r.both_over == BothOver.EXTEND:
                # Bicycle: "play continues to 1,250" - at least one more deal, to the raised target.
                self.target += 250
                return
            self.winner = _unique_best(scores, over)
            return
        if len(over) == 1:
            self.winner = over[0]

    def _record_hand(self, scored: HandScored) -> None:
        hand = finished_hand(self, scored)
        self.hands_played = [*self.hands_played, hand]  # a new list: clones share the old one
        self.hand_records.append(record_of(hand))


def _unique_best(scores: list[int], among: Iterable[int]) -> int | None:
    among = list(among)
    top = max(scores[s] for s in among)
    best = [s for s in among if scores[s] == top]
    return best[0] if len(best) == 1 else None
