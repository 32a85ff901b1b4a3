"""The play: cards to tricks, tricks won and counted; two-handed, the draws from the stock and the meld
laid after each trick won; and declaring out (at any decision of the claimant, whatever the phase).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, DrawChoice, LayMeld, NoMeld, Play
from engine.cards import NINE, Card, card
from engine.events import (
    CardPlayed,
    ClaimCount,
    DeclaredOut,
    DixExchanged,
    Drawn,
    Event,
    GameOver,
    HandScored,
    MeldLaid,
    MeldsReturned,
    TrickTaken,
)
from engine.history import DixExchange, Draw, MeldShown, TrickPlayed
from engine.meld import Meld, MeldKind
from engine.phases.state import GameState, Phase
from engine.play import trick_winner
from engine.rules import TrumpBy


class TrickPlay(GameState):
    """Playing the tricks."""

    def _begin_play(self, leader: int, out: list[Event]) -> None:
        h = self.hand
        h.phase = Phase.PLAY
        h.leader = h.to_act = leader

    def _on_play(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, Play)
        h = self.hand
        seat = h.to_act
        if action.from_table:
            h.tables[seat].remove(action.card)
        else:
            h.hands[seat].remove(action.card)
        h.trick.append((seat, action.card))
        out.append(CardPlayed(seat, action.card, action.from_table))
        n = self.rules.players
        if len(h.trick) < n:
            h.to_act = (seat + 1) % n
            return
        self._finish_trick(out)

    def _finish_trick(self, out: list[Event]) -> None:
        h = self.hand
        assert h.trump is not None
        cards = [c for _, c in h.trick]
        winner = h.trick[trick_winner(cards, h.trump)][0]
        side = self.side_of(winner)
        points = sum(self._values[c] for c in cards)
        last = not h.hands[winner] and not h.stock and not any(t.cards() for t in h.tables)
        if last:
            points += self._last_bonus
        h.trick_points[side] += points
        h.tricks_won[side] += 1
        h.tricks.append(TrickPlayed(h.trick[0][0], tuple(h.trick), winner, points))
        out.append(TrickTaken(winner, tuple(h.trick), points, last))
        h.trick = []
        if last:
            self._end_hand(out)
            return
        if h.stock:
            if self.rules.meld_before_draw:
                self._offer_meld(winner, out)
            else:
                self._draw(winner, out)
            return
        h.leader = h.to_act = winner

    # -- two-handed: stock, draws and melds laid during play -----------------------------------------
    def _draw(self, winner: int, out: list[Event]) -> None:
        h = self.hand
        if len(h.stock) == 2:
            h.phase = Phase.DRAW_CHOICE
            h.to_act = winner
            return
        loser = 1 - winner
        draws = [(winner, h.stock.pop(0)), (loser, h.stock.pop(0))]
        self._take_draws(draws, None, out)
        self._after_draw(winner, out)

    def _on_draw_choice(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, DrawChoice)
        h = self.hand
        winner = h.to_act
        face_down, trump_card = h.stock
        first, second = (trump_card, face_down) if action.take_trump else (face_down, trump_card)
        h.stock = []
        if h.turnup_scored:  # a nine of trumps that has scored scores no more, whoever draws it
            h.scored_nines[winner if action.take_trump else 1 - winner] += 1
        self._take_draws([(winner, first), (1 - winner, second)], trump_card, out)
        self._after_draw(winner, out)

    def _after_draw(self, winner: int, out: list[Event]) -> None:
        """John Hay draws first, then the winner melds; under ``meld_before_draw`` (Hoyle) the meld came first."""
        if self.rules.meld_before_draw:
            self._lead(winner, out)
        else:
            self._offer_meld(winner, out)

    def _take_draws(self, draws: list[tuple[int, Card]], face_up: Card | None, out: list[Event]) -> None:
        """Both players draw, the trick's winner first; only the face-up trump card is seen by both."""
        h = self.hand
        done = h.tricks[-1]  # a new trick for the old one (clones share the finished tricks)
        h.tricks[-1] = TrickPlayed(done.leader, done.plays, done.winner, done.points,
                                   tuple(Draw(s, c) for s, c in draws))
        for i, (seat, drawn) in enumerate(draws):
            h.hands[seat].append(drawn)
            public = face_up is not None and i == (0 if draws[0][1] == face_up else 1)
            out.append(Drawn(seat, drawn, face_up=public))

    def _offer_meld(self, winner: int, out: list[Event]) -> None:
        h = self.hand
        h.may_meld_again = False
        h.phase = Phase.MELD
        h.to_act = winner

    def _on_meld(self, action: Action, out: list[Event]) -> None:
        assert isinstance(action, LayMeld | NoMeld)
        h = self.hand
        seat = h.to_act
        if isinstance(action, LayMeld):
            play = action.play
            table = h.tables[seat]
            for c in play.from_hand:
                h.hands[seat].remove(c)
            points = table.lay(play)
            self._score_laid(seat, play.meld, points, out, from_table=list(play.from_table))
            again = False
            if play.meld.kind == MeldKind.DIX and not h.dix_melded:
                h.dix_melded = True
                if h.stock and not h.turnup_scored:
                    # The first dix melded is exchanged for the turned-up trump (even the other dix), which may
                    # be melded at once; the dix now at the foot of the stock has scored.
                    dix = play.meld.cards[0]
                    table.remove(dix)
                    taken = h.stock[-1]
                    h.stock[-1] = dix
                    h.hands[seat].append(taken)
                    h.dix_exchanges.append(DixExchange(seat, dix, taken))
                    out.append(DixExchanged(seat, dix, taken))
                    h.turnup_scored = True
                    again = True
            if again and not h.may_meld_again:
                h.may_meld_again = True
                return
        h.may_meld_again = False
        if self.rules.meld_before_draw:
            self._draw(seat, out)
        else:
            self._lead(seat, out)

    def _lead(self, seat: int, out: list[Event]) -> None:
        """The trick's winner leads the next trick; once the stock is gone the melds go back to the hands."""
        h = self.hand
        if not h.stock:
            for s, table in enumerate(h.tables):
                h.hands[s].extend(table.cards())
            h.tables = []
            out.append(MeldsReturned())
        self._begin_play(seat, out)

    def _dix_meldable(self, seat: int) -> bool:
        """May ``seat`` meld a dix now? Each nine of trumps scores once a hand; after the exchange, a further
        meld may be a dix only when the card taken was the other nine."""
        h = self.hand
        assert h.trump is not None
        nine = card(h.trump, NINE)
        if h.may_meld_again and h.dix_exchanges[-1][2] != nine:
            return False
        return h.hands[seat].count(nine) > h.scored_nines[seat]

    def _score_laid(self, seat: int, meld: Meld, points: int, out: list[Event], from_table: Sequence[int] = ()) -> None:
        h = self.hand
        h.meld_points[seat] += points
        if meld.kind == MeldKind.DIX:
            h.dix_points[seat] += points
        self.scores[self.side_of(seat)] += points
        scored = meld if meld.points == points else Meld(meld.name, points, meld.cards, meld.kind, meld.borrowed)
        h.melds.append(MeldShown(seat, points, (scored,), len(h.tricks)))
        out.append(MeldLaid(seat, meld.name, points, meld.cards, tuple(from_table)))

    # -- declaring out -----------------------------------------------------------------------------
    def declared_count(self, side: int) -> ClaimCount:
        """What declaring out now counts for ``side``, part by part: its score before this hand's meld, its
        trick points so far and, once it has taken a trick, its meld of the hand (two-handed, the meld laid
        this hand, already in the score as soon as it is laid, and counted whether or not a trick was taken)."""
        h = self.hand
        meld = sum(h.meld_points[s] for s in self.rules.teams[side])
        if self.rules.trump_by == TrumpBy.STOCK:
            return ClaimCount(self.scores[side] - meld, h.trick_points[side], meld)
        return ClaimCount(self.scores[side], h.trick_points[side], meld if h.tricks_won[side] else 0)

    def declared_total(self, side: int) -> int:
        """What declaring out now counts for ``side`` (:meth:`declared_count`, added up)."""
        return self.declared_count(side).total

    def _on_declare_out(self, action: Action, out: list[Event]) -> None:
        """The seat to act claims the game, at any of its decisions (see :meth:`Game.legal_actions`)."""
        h = self.hand
        seat = h.to_act
        side = self.side_of(seat)
        total = self.declared_total(side)
        right = total >= self.target
        self.winner = side if right else 1 - side
        counts = tuple(self.declared_count(s) for s in range(len(self.rules.teams)))
        claim = DeclaredOut(seat, side, total, right, counts)
        out.append(claim)
        # Only meld laid during play (two-handed) has changed the scores in this hand so far.
        laid = tuple(sum(h.meld_points[s] for s in team) if self.rules.trump_by == TrumpBy.STOCK else 0
                     for team in self.rules.teams)
        scored = HandScored(h.declarer, claim, laid, tuple(self.scores), True, self.winner, self.target)
        self._record_hand(scored)
        out.append(scored)
        out.append(GameOver(self.winner, tuple(self.scores)))
