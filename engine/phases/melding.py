"""The meld: every seat's meld shown and scored, then what the declarer makes of it.

A declaring side whose meld and all the tricks cannot reach the bid is set at once (with
``not_on_board_set``); with ``throw_in`` the declarer may throw the hand in or play on.
Two-handed meld is laid during the play (:mod:`engine.phases.tricks`).
"""

from __future__ import annotations

from engine.actions import Action, PlayOn, ThrowIn
from engine.cards import format_cards
from engine.events import Event, Melded, NotOnBoard, PlayedOn, ThrownIn
from engine.history import MeldShown
from engine.meld import MeldKind, dix_value, score_meld
from engine.phases.state import GameState, Phase, seats_from
from engine.scoring import NOT_ON_BOARD, THROWN_IN


class Melding(GameState):
    """Showing meld, and throwing in."""

    def _show_meld(self, out: list[Event]) -> None:
        h = self.hand
        assert h.trump is not None
        if h.meld_shown:
            return
        h.meld_shown = True
        for seat in range(self.rules.players):
            score = score_meld(h.hands[seat], h.trump, self.rules)
            h.meld[seat] = score
            h.meld_points[seat] = score.total
            h.dix_points[seat] = sum(m.points for m in score.melds if m.kind == MeldKind.DIX)
        for seat, _dix, _card in h.dix_exchanges:
            # Each original holder of a dix scores it, though it went to the dealer.
            value = dix_value(self.rules)
            for s, change in ((seat, value), (self.dealer, -value)):
                h.meld_points[s] += change
                h.dix_points[s] += change
        for seat in seats_from(h.declarer if h.declarer is not None else (self.dealer + 1) % self.rules.players,
                                self.rules.players):
            shown = h.meld[seat]
            assert shown is not None
            items = tuple((m.name, m.points, format_cards(m.cards)) for m in shown.melds)
            h.melds.append(MeldShown(seat, h.meld_points[seat], shown.melds))
            out.append(Melded(seat, h.meld_points[seat], items, tuple(shown.shown_cards())))

    def _after_exchanges(self, out: list[Event]) -> None:
        h = self.hand
        r = self.rules
        self._show_meld(out)
        if h.declarer is not None:
            side = self.side_of(h.declarer)
            side_meld = sum(h.meld_points[s] for s in r.teams[side])
            if r.not_on_board_set and h.bid > side_meld + r.trick_total:
                out.append(NotOnBoard(h.declarer, side_meld, h.bid))
                h.how = NOT_ON_BOARD
                self._end_hand(out)
                return
            if r.throw_in:
                h.phase = Phase.THROW_IN
                h.to_act = h.declarer
                return
            self._begin_play(h.declarer, out)
        else:
            self._begin_play((self.dealer + 1) % r.players, out)

    def _on_throw_in(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, ThrowIn | PlayOn)
        h = self.hand
        assert h.declarer is not None
        if isinstance(action, ThrowIn):
            out.append(ThrownIn(h.declarer))
            h.how = THROWN_IN
            self._end_hand(out)
        else:
            out.append(PlayedOn(h.declarer))
            self._begin_play(h.declarer, out)
