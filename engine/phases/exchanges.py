"""Between the auction and the meld: naming trump, the dix exchange, passing between partners, the bury.

The declarer names trump (among the suits of a marriage when the rules ask for one); four-handed
turn-up, a holder of the dix may exchange it for the turned-up trump; partners pass cards to the
declarer and get as many back; three-handed, the declarer (who took the widow with the auction)
buries three cards. The double-deck variations: the cards may be passed before trump is named, or the
declarer's marriage in trumps looked for only after the passing.
"""

from __future__ import annotations

from engine.actions import Action, Bury, ExchangeDix, NameTrump, PassCards
from engine.cards import KING, NINE, QUEEN, SUITS, Card, card
from engine.events import Buried, CardsPassed, DixExchanged, Event, NoMarriage, TrumpNamed
from engine.history import DixExchange, PassedCards
from engine.phases.state import GameState, Phase
from engine.scoring import NO_MARRIAGE


class Exchanges(GameState):
    """Trump named, and the cards that change hands before the meld."""

    def _trump_choices(self, seat: int) -> list[int]:
        if not self.rules.trump_needs_marriage or self._marriage_after_pass():
            return list(SUITS)
        return self._marriage_suits(seat)

    def _marriage_suits(self, seat: int) -> list[int]:
        hand = self.hand.hands[seat]
        return [s for s in SUITS if card(s, KING) in hand and card(s, QUEEN) in hand]

    def _passes_cards(self) -> bool:
        return bool(self.rules.pass_cards) and self.rules.partnerships

    def _marriage_after_pass(self) -> bool:
        """A double-deck variation: trump is named first, and the declarer's marriage in it is looked for
        only after the passing."""
        r = self.rules
        return r.trump_needs_marriage and r.marriage_after_pass and self._passes_cards() and not r.pass_before_trump

    def _after_auction(self, out: list[Event]) -> None:
        """The declarer names trump; or first the partners pass cards (a double-deck variation)."""
        if self.rules.pass_before_trump and self._passes_cards():
            self._begin_passing()
        else:
            self._to_trump(out)

    def _to_trump(self, out: list[Event]) -> None:
        h = self.hand
        assert h.declarer is not None
        if not self._trump_choices(h.declarer):
            self._no_marriage(out)
            return
        h.phase = Phase.TRUMP
        h.to_act = h.declarer

    def _no_marriage(self, out: list[Event]) -> None:
        """The declarer holds no marriage to name trump in: the hand is not played."""
        h = self.hand
        assert h.declarer is not None
        out.append(NoMarriage(h.declarer))
        h.how = NO_MARRIAGE
        self._end_hand(out)

    def _on_trump(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, NameTrump)
        h = self.hand
        assert h.declarer is not None
        h.trump = action.suit
        out.append(TrumpNamed(h.declarer, action.suit))
        if self._passes_cards() and not self.rules.pass_before_trump:
            self._begin_passing()
        elif self.rules.widow_size:
            self._show_meld(out)  # the declarer melds before burying
            h.phase = Phase.BURY
            h.to_act = h.declarer
        else:
            self._after_exchanges(out)

    # -- dix exchange (four-handed turn-up) ---------------------------------------------------------
    def _next_dix_seat(self, out: list[Event]) -> None:
        h = self.hand
        if h.dix_seats:
            h.phase = Phase.DIX
            h.to_act = h.dix_seats[0]
        else:
            self._after_exchanges(out)

    def _on_dix(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, ExchangeDix)
        h = self.hand
        seat = h.dix_seats.pop(0)
        if action.take:
            assert h.trump is not None and h.deal.turnup is not None
            dix = card(h.trump, NINE)
            turnup = h.deal.turnup
            h.hands[seat].remove(dix)
            h.hands[seat].append(turnup)
            h.hands[self.dealer].remove(turnup)
            h.hands[self.dealer].append(dix)
            h.dix_exchanges.append(DixExchange(seat, dix, turnup))
            out.append(DixExchanged(seat, dix, turnup))
            h.dix_seats = []
        self._next_dix_seat(out)

    # -- passing between partners ------------------------------------------------------------------
    def _partner(self, seat: int) -> int:
        partner = self.rules.partner_of(seat)
        assert partner is not None, "cards are passed between partners only"
        return partner

    def _begin_passing(self) -> None:
        h = self.hand
        assert h.declarer is not None
        h.phase = Phase.PASSING
        h.to_act = self._partner(h.declarer)

    def _on_passing(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, PassCards)
        h = self.hand
        assert h.declarer is not None
        partner = h.to_act
        if self.rules.pass_simultaneous:
            h.pending_pass = action.cards
            h.phase = Phase.RETURN
            h.to_act = h.declarer
            return
        self._move_cards(partner, h.declarer, action.cards, out)
        h.phase = Phase.RETURN
        h.to_act = h.declarer

    def _on_return(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, PassCards)
        h = self.hand
        assert h.declarer is not None
        partner = self._partner(h.declarer)
        if h.pending_pass is not None:
            incoming, h.pending_pass = h.pending_pass, None
            for c in incoming:
                h.hands[partner].remove(c)
            self._move_cards(h.declarer, partner, action.cards, out)
            h.hands[h.declarer].extend(incoming)
            h.passes.insert(0, PassedCards(partner, h.declarer, incoming))
            out.insert(0, CardsPassed(partner, h.declarer, incoming))
        else:
            self._move_cards(h.declarer, partner, action.cards, out)
        if self.rules.pass_before_trump:
            self._to_trump(out)
        elif self._marriage_after_pass() and h.trump not in self._marriage_suits(h.declarer):
            self._no_marriage(out)
        else:
            self._after_exchanges(out)

    def _move_cards(self, giver: int, taker: int, cards: tuple[Card, ...], out: list[Event]) -> None:
        h = self.hand
        for c in cards:
            h.hands[giver].remove(c)
        h.hands[taker].extend(cards)
        h.passes.append(PassedCards(giver, taker, cards))
        out.append(CardsPassed(giver, taker, cards))

    # -- widow and bury (three-handed) ---------------------------------------------------------------
    def _buriable(self) -> list[Card]:
        h = self.hand
        assert h.declarer is not None
        hand = list(h.hands[h.declarer])
        if self.rules.strict_bury:
            shown = h.meld[h.declarer]
            if shown is not None:
                rest = list(hand)
                for c in shown.shown_cards():
                    rest.remove(c)
                # A meld so big that too few cards lie outside it for the bury: meld cards may go too.
                if len(rest) >= self.rules.bury_count:
                    return rest
        return hand

    def _on_bury(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, Bury)
        h = self.hand
        assert h.declarer is not None
        for c in action.cards:
            h.hands[h.declarer].remove(c)
        h.buried = action.cards
        out.append(Buried(h.declarer, action.cards))
        self._after_exchanges(out)
