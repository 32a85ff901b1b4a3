"""The deal: a new hand dealt, what the deal itself decides, redeals, and the next hand.

A two-handed deal goes straight to the play (under Hoyle's option a turned-up dix scores for the dealer); a turn-up deal
to the dix exchange; otherwise a seat with too many nines may call a redeal (the ``redeal`` phase)
before the auction.
"""

from __future__ import annotations

from engine.actions import Action, CallRedeal
from engine.cards import NINE, card
from engine.deal import Deal, deal_cards, deal_number_for, nines_redeal_allowed
from engine.events import Dealt, Event, RedealReason, Redealt, TrumpNamed
from engine.meld import Meld, MeldKind, dix_value
from engine.phases.state import GameState, HandState, Phase, seats_from
from engine.rules import TrumpBy
from engine.table_meld import MeldTable


class Dealing(GameState):
    """Dealing the hands, and dealing again."""

    def _new_hand(self) -> HandState:
        self.hand_start = len(self.log)
        number = deal_number_for(self.seed, self.hand_number, self._redeals)
        if self.first_deal is not None and self.hand_number == self.first_hand and self._redeals == 0:
            number = self.first_deal
        self.hand_stacked = self._stacked is not None and self.hand_number == self.first_hand and self._redeals == 0
        if self._stacked is not None and self.hand_stacked:
            stacked = self._stacked
            number = stacked.deal_number
            deal = Deal(stacked.dealer, number, [list(x) for x in stacked.hands], list(stacked.widow),
                        list(stacked.stock), stacked.turnup)
        else:
            deal = deal_cards(self.rules, self.dealer, number)
        h = HandState(deal=deal, hands=[list(x) for x in deal.hands])
        n = self.rules.players
        h.out = [False] * n
        h.meld = [None] * n
        h.meld_points = [0] * n
        h.dix_points = [0] * n
        h.trick_points = [0] * self.sides
        h.tricks_won = [0] * self.sides
        return h

    def _start_hand(self) -> list[Event]:
        h = self.hand
        r = self.rules
        out: list[Event] = [Dealt(self.dealer, self.hand_number, h.deal.deal_number, h.deal.turnup)]
        first = (self.dealer + 1) % r.players
        if r.trump_by == TrumpBy.STOCK:
            assert h.deal.turnup is not None
            h.trump = h.deal.turnup.suit
            h.stock = list(h.deal.stock)
            h.tables = [MeldTable() for _ in range(r.players)]
            h.scored_nines = [0] * r.players
            if h.deal.turnup.rank == NINE and r.turnup_dix_to_dealer:
                turned = Meld("dix", dix_value(self.rules), (h.deal.turnup,), MeldKind.DIX)
                self._score_laid(self.dealer, turned, turned.points, out)
                h.turnup_scored = True
            self._begin_play(first, out)
            return out
        if r.trump_by == TrumpBy.TURNUP:
            assert h.deal.turnup is not None
            h.trump = h.deal.turnup.suit
            out.append(TrumpNamed(self.dealer, h.trump, h.deal.turnup))
            dix = card(h.trump, NINE)
            if h.deal.turnup != dix:
                h.dix_seats = [s for s in seats_from(first, r.players) if s != self.dealer and dix in h.hands[s]]
            self._next_dix_seat(out)
            return out
        if r.redeal_nines:
            h.redeal_seats = [s for s in seats_from(first, r.players) if nines_redeal_allowed(h.hands[s])]
        if h.redeal_seats:
            h.phase = Phase.REDEAL
            h.to_act = h.redeal_seats[0]
        else:
            self._begin_auction(out)
        return out

    def _next_hand(self, out: list[Event]) -> None:
        self.hand_number += 1
        self._redeals = 0
        self.dealer = (self.dealer + 1) % self.rules.players
        self.hand = self._new_hand()
        out.extend(self._start_hand())

    def _redeal(self, seat: int | None, reason: RedealReason, out: list[Event]) -> None:
        out.append(Redealt(seat, reason))
        self._redeals += 1
        self.hand = self._new_hand()
        out.extend(self._start_hand())

    def _on_redeal(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, CallRedeal)
        h = self.hand
        if action.call:
            self._redeal(h.to_act, "nines", out)
            return
        h.redeal_seats.pop(0)
        if h.redeal_seats:
            h.to_act = h.redeal_seats[0]
        else:
            self._begin_auction(out)
