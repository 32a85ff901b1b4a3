"""The auction: bids and passes until one seat is left, who declares at the high bid.

With ``all_pass="dealer_stuck"`` the dealer takes it at the minimum when everybody else passed;
when all pass otherwise the hand is dealt again. With ``bid_rounds`` each seat speaks at most that
many times (a double-deck variation). With ``first_bid_forced`` (a house rule) the player left of the
dealer must open at exactly the minimum: that bid, like the stuck dealer's, says nothing about
the hand (:func:`forced_bids`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Bid, Pass
from engine.events import AuctionWon, BidMade, Event, Passed, WidowTaken
from engine.history import Call, PassCall
from engine.phases.state import GameState, Phase
from engine.rules import AllPass, Rules


def forced_bids(rules: Rules, bids: Sequence[tuple[int, int | str]]) -> list[bool]:
    """For each call of an auction (:class:`~engine.history.Call`: a seat and its bid or pass, in order), whether
    the rules made
    that bid: the forced opening of ``first_bid_forced``, or the dealer stuck at the minimum after
    everybody else passed. Neither tells anything about the bidder's cards."""
    forced = []
    for i, (_seat, amount) in enumerate(bids):
        opening = rules.first_bid_forced and i == 0
        stuck = (rules.all_pass == AllPass.DEALER_STUCK and i == rules.players - 1
                 and all(not isinstance(b, int) for _s, b in bids[:i]))
        forced.append(isinstance(amount, int) and (opening or stuck))
    return forced


class Auction(GameState):
    """Bidding, and the declarer it finds."""

    def _begin_auction(self, out: list[Event]) -> None:
        h = self.hand
        h.phase = Phase.BIDDING
        h.to_act = (self.dealer + 1) % self.rules.players
        self._dealer_stuck_check(out)

    def _opening_forced(self) -> bool:
        """The first bidder's first turn under ``first_bid_forced``: the minimum is the only choice."""
        return self.rules.first_bid_forced and not self.hand.bids

    def _dealer_stuck_check(self, out: list[Event]) -> None:
        """Everybody else passed and the dealer is stuck: the dealer takes it at the minimum."""
        h = self.hand
        if (self.rules.all_pass == AllPass.DEALER_STUCK and h.to_act == self.dealer and h.high_bid is None
                and sum(h.out) == self.rules.players - 1):
            h.high_bid, h.high_bidder = self.rules.min_bid, self.dealer
            h.bids.append(Call(self.dealer, self.rules.min_bid))
            out.append(BidMade(self.dealer, self.rules.min_bid, stuck=True))
            self._auction_won(out)

    def _on_bidding(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, Bid | Pass)
        h = self.hand
        seat = h.to_act
        n = self.rules.players
        if isinstance(action, Bid):
            h.high_bid, h.high_bidder = action.amount, seat
            h.bids.append(Call(seat, action.amount))
            out.append(BidMade(seat, action.amount))
        else:
            h.out[seat] = True
            h.bids.append(Call(seat, PassCall.WITH_HELP if action.help else PassCall.PASS))
            out.append(Passed(seat, action.help))
        still_in = [s for s in range(n) if not h.out[s]]
        if not still_in:
            self._redeal(None, "all passed", out)
            return
        if len(still_in) == 1 and h.high_bidder == still_in[0]:
            self._auction_won(out)
            return
        nxt = (seat + 1) % n
        while h.out[nxt]:
            nxt = (nxt + 1) % n
        if self.rules.bid_rounds and sum(1 for s, _ in h.bids if s == nxt) >= self.rules.bid_rounds:
            # A double-deck variation: the bidding goes round once (or twice) only; the high bid wins.
            self._auction_won(out)
            return
        h.to_act = nxt
        self._dealer_stuck_check(out)

    def _auction_won(self, out: list[Event]) -> None:
        h = self.hand
        assert h.high_bidder is not None and h.high_bid is not None
        h.declarer, h.bid = h.high_bidder, h.high_bid
        out.append(AuctionWon(h.declarer, h.bid))
        if h.deal.widow:
            h.hands[h.declarer].extend(h.deal.widow)
            out.append(WidowTaken(h.declarer, tuple(h.deal.widow)))
        self._after_auction(out)
