"""A game of pinochle as a state machine: whose turn it is, what they may do, what happens.

>>> import random
>>> from engine.rules import preset
>>> game = new_game(preset("partnership_auction"), seed=7)
>>> game.phase, game.to_act
('bidding', 0)
>>> rng = random.Random(1)
>>> while not game.is_over and game.hand_number == 1:
...     _ = game.apply(rng.choice(game.legal_actions()))
>>> len(game.hand_records), game.hand_records[0]["seed"]
(1, 7)

Every decision belongs to one seat (:attr:`Game.to_act`) and :meth:`Game.legal_actions` lists
exactly what that seat may do; :meth:`Game.apply` refuses anything else with :class:`IllegalAction`
and leaves the game as it was. Steps that need no decision (the deal, showing meld, counting) happen
by themselves, and every step is reported as an :class:`~engine.events.Event`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import events as ev
from engine.actions import (
    PLAYS,
    PLAYS_FROM_TABLE,
    Action,
    Bid,
    Bury,
    CallRedeal,
    DeclareOut,
    DrawChoice,
    ExchangeDix,
    LayMeld,
    NameTrump,
    NoMeld,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ThrowIn,
    action_from_text,
    action_to_json,
    bid,
)
from engine.cards import KING, NINE, QUEEN, SUITS, Card, card, format_cards
from engine.deal import Deal, deal_cards, deal_number_for, nines_redeal_allowed
from engine.events import Event
from engine.meld import MeldScore, dix_value, score_meld
from engine.play import card_values, last_trick_bonus, legal_codes, play_mode, trick_winner
from engine.rules import Rules
from engine.scoring import NO_MARRIAGE, NOT_ON_BOARD, PLAYED, THROWN_IN, HandFacts, score_hand
from engine.table_meld import MeldTable

# Phases: whose decision the game waits for.
REDEAL = "redeal"
BIDDING = "bidding"
TRUMP = "trump"
DIX = "dix"
PASSING = "passing"
RETURN = "return"
BURY = "bury"
THROW_IN = "throw_in"
PLAY = "play"
MELD = "meld"
DRAW_CHOICE = "draw_choice"
GAME_OVER = "game_over"


DEFAULT_NAMES = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}


class IllegalAction(ValueError):
    """The action is not one of the legal actions now; the game is unchanged."""


@dataclass
class HandState:
    """Everything about the hand being played."""

    deal: Deal
    hands: list[list[Card]]
    phase: str = BIDDING
    to_act: int = 0
    # auction
    bids: list[tuple[int, int | str]] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    high_bid: int | None = None
    high_bidder: int | None = None
    redeal_seats: list[int] = field(default_factory=list)
    declarer: int | None = None
    bid: int = 0
    trump: int | None = None
    # exchanges
    dix_seats: list[int] = field(default_factory=list)
    dix_exchanges: list[tuple[int, Card, Card]] = field(default_factory=list)
    passes: list[tuple[int, int, tuple[Card, ...]]] = field(default_factory=list)
    pending_pass: tuple[Card, ...] | None = None
    buried: tuple[Card, ...] = ()
    # meld
    meld: list[MeldScore | None] = field(default_factory=list)
    meld_points: list[int] = field(default_factory=list)    # per seat, after dix credits
    dix_points: list[int] = field(default_factory=list)     # per seat
    meld_entries: list[dict[str, Any]] = field(default_factory=list)
    meld_shown: bool = False
    how: str = PLAYED
    # play
    leader: int = 0
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[dict[str, Any]] = field(default_factory=list)
    trick_points: list[int] = field(default_factory=list)   # per side
    tricks_won: list[int] = field(default_factory=list)     # per side
    # two-handed
    stock: list[Card] = field(default_factory=list)
    tables: list[MeldTable] = field(default_factory=list)
    dix_melded: bool = False
    may_meld_again: bool = False

    def copy(self) -> HandState:
        other = HandState.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        for name in ("bids", "out", "redeal_seats", "dix_seats", "dix_exchanges", "passes", "meld", "meld_points",
                     "dix_points", "meld_entries", "trick", "tricks", "trick_points", "tricks_won", "stock"):
            setattr(other, name, list(getattr(self, name)))
        other.tables = [t.copy() for t in self.tables]
        return other


class Game:
    """A whole game: hands dealt one after another until a side wins."""

    def __init__(self, rules: Rules, seed: int = 1, first_deal: int | None = None, dealer: int | None = None,
                 hand_number: int = 1, scores: list[int] | None = None, target: int | None = None,
                 deal: Deal | None = None) -> None:
        self.rules = rules
        self._stacked = deal  # a first deal given card by card (tests, puzzles) instead of by deal number
        self.seed = seed
        self.first_deal = first_deal
        self.first_dealer = rules.players - 1 if dealer is None else dealer
        self.first_hand = hand_number
        self.game_id = str(seed)
        self.players = list(DEFAULT_NAMES[rules.players])
        self.sides = len(rules.teams)
        self.scores = list(scores) if scores else [0] * self.sides
        self.target = rules.game_target if target is None else target
        self.hand_number = hand_number
        self.dealer = self.first_dealer
        self.winner: int | None = None
        self.log: list[Action] = []
        self.hand_start = 0  # where the current hand's actions begin in the log
        self.hand_records: list[dict[str, Any]] = []
        self._redeals = 0
        self._values = card_values(rules)
        self._last_bonus = last_trick_bonus(rules)
        self._mode = play_mode(rules)
        self.hand: HandState = self._new_hand()
        self._opening_events: list[Event] = self._start_hand()

    @classmethod
    def for_hand(cls, rules: Rules, dealer: int, deal_number: int, hand_number: int = 1,
                 scores: list[int] | None = None, target: int | None = None) -> Game:
        """A game that starts at a given hand and deal: for replaying a hand record."""
        return cls(rules, seed=deal_number, first_deal=deal_number, dealer=dealer, hand_number=hand_number,
                   scores=scores, target=target)

    @classmethod
    def for_deal(cls, rules: Rules, deal: Deal, seed: int = 1, scores: list[int] | None = None,
                 target: int | None = None, hand_number: int = 1) -> Game:
        """A game whose first hand is ``deal`` exactly (later hands follow from ``seed``); the hand
        record of that first hand says ``"stacked": true`` and replays from its own cards."""
        return cls(rules, seed=seed, dealer=deal.dealer, hand_number=hand_number, scores=scores, target=target,
                   deal=deal)

    @property
    def stacked_deal(self) -> Deal | None:
        """The first hand's deal when it was given card by card (:meth:`for_deal`), else ``None``."""
        return self._stacked

    # -- reading the state ------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return GAME_OVER if self.winner is not None else self.hand.phase

    @property
    def to_act(self) -> int | None:
        return None if self.winner is not None else self.hand.to_act

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def trump(self) -> int | None:
        return self.hand.trump

    @property
    def deal_number(self) -> int:
        return self.hand.deal.deal_number

    def opening_events(self) -> list[Event]:
        """The events of the first deal (before any action was applied)."""
        return list(self._opening_events)

    def side_of(self, seat: int) -> int:
        return self.rules.team_of(seat)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (empty once the game is over)."""
        if self.winner is not None:
            return []
        h = self.hand
        seat = h.to_act
        phase = h.phase
        if phase == PLAY:
            actions: list[Action] = list(self._legal_play_actions(seat))
            if self.rules.declare_out:
                actions.append(DeclareOut())
            return actions
        if phase == BIDDING:
            current = h.high_bid
            bids: list[Action] = [bid(a) for a in self.rules.next_bids(current)]
            passes: list[Action] = [Pass()]
            if self.rules.pass_with_help and self.rules.partnerships:
                passes.append(Pass(help=True))
            return passes + bids
        if phase == TRUMP:
            return [NameTrump(s) for s in self._trump_choices(seat)]
        if phase in (PASSING, RETURN):
            return [PassCards(c) for c in _distinct_combinations(h.hands[seat], self.rules.pass_cards)]
        if phase == BURY:
            return [Bury(c) for c in _distinct_combinations(self._buriable(), 3)]
        if phase == THROW_IN:
            return [PlayOn(), ThrowIn()]
        if phase == DIX:
            return [ExchangeDix(True), ExchangeDix(False)]
        if phase == REDEAL:
            return [CallRedeal(True), CallRedeal(False)]
        if phase == MELD:
            assert h.trump is not None
            options = h.tables[seat].options(h.hands[seat], h.trump, self.rules)
            if h.may_meld_again:
                options = [o for o in options if o.meld.kind != "dix"]
            melds: list[Action] = [NoMeld()]
            melds += [LayMeld(o) for o in options]
            if self.rules.declare_out:
                melds.append(DeclareOut())
            return melds
        if phase == DRAW_CHOICE:
            return [DrawChoice(False), DrawChoice(True)]
        raise AssertionError(f"no actions for phase {phase}")

    def _legal_play_actions(self, seat: int) -> list[Play]:
        h = self.hand
        assert h.trump is not None
        hand = h.hands[seat]
        trick = [c for _, c in h.trick]
        if self.rules.trump_by == "stock" and h.tables:
            # Two-handed, stock not yet gone: lead or answer with any card, from hand or table.
            plays = [PLAYS[c] for c in dict.fromkeys(hand)]
            plays += [PLAYS_FROM_TABLE[c] for c in dict.fromkeys(h.tables[seat].cards())]
            return plays
        return [PLAYS[c] for c in legal_codes(hand, trick, h.trump, self._mode)] if hand else []

    def is_legal(self, action: Action) -> bool:
        if self.winner is not None:
            return False
        h = self.hand
        if h.phase == PLAY and isinstance(action, Play):
            return action in self._legal_play_actions(h.to_act)
        if h.phase in (PASSING, RETURN) and isinstance(action, PassCards):
            return len(action.cards) == self.rules.pass_cards and _holds(h.hands[h.to_act], action.cards)
        if h.phase == BURY and isinstance(action, Bury):
            return len(action.cards) == 3 and _holds(self._buriable(), action.cards)
        return action in self.legal_actions()

    # -- changing the state ---------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Take ``action`` for the seat to act; return what happened. Illegal: raise, change nothing."""
        if not self.is_legal(action):
            raise IllegalAction(self._why_illegal(action))
        out: list[Event] = []
        handler = getattr(self, "_on_" + self.hand.phase)
        self.log.append(action)
        handler(action, out)
        return out

    def action_from_json(self, value: Any) -> Action:
        """An action written by :func:`engine.actions.action_to_json`, read back against this state."""
        if isinstance(value, dict):
            for action in self.legal_actions():
                if isinstance(action, LayMeld) and action_to_json(action) == value:
                    return action
            raise IllegalAction(f"no such meld to lay now: {value!r}")
        if not isinstance(value, str):
            raise IllegalAction(f"not an action: {value!r}")
        return action_from_text(value)

    def _why_illegal(self, action: Action) -> str:
        if self.winner is not None:
            return "the game is over"
        h = self.hand
        return f"{action} is not allowed now: seat {h.to_act} is to act in the {h.phase} phase"

    # -- the deal -------------------------------------------------------------------------------
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
        out = [Event(ev.DEAL, self.dealer, {"hand_number": self.hand_number, "deal_number": h.deal.deal_number,
                                            "turnup": h.deal.turnup})]
        first = (self.dealer + 1) % r.players
        if r.trump_by == "stock":
            assert h.deal.turnup is not None
            h.trump = h.deal.turnup.suit
            h.stock = list(h.deal.stock)
            h.tables = [MeldTable() for _ in range(r.players)]
            if h.deal.turnup.rank == NINE:
                self._score_laid(self.dealer, "dix", dix_value(self.rules), [h.deal.turnup], out)
            self._begin_play(first, out)
            return out
        if r.trump_by == "turnup":
            assert h.deal.turnup is not None
            h.trump = h.deal.turnup.suit
            out.append(Event(ev.TRUMP, self.dealer, {"suit": h.trump, "turnup": h.deal.turnup}))
            dix = card(h.trump, NINE)
            if h.deal.turnup != dix:
                h.dix_seats = [s for s in _seats_from(first, r.players) if s != self.dealer and dix in h.hands[s]]
            self._next_dix_seat(out)
            return out
        if r.redeal_nines:
            h.redeal_seats = [s for s in _seats_from(first, r.players) if nines_redeal_allowed(h.hands[s])]
        if h.redeal_seats:
            h.phase = REDEAL
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

    def _redeal(self, seat: int | None, reason: str, out: list[Event]) -> None:
        out.append(Event(ev.REDEAL, seat, {"reason": reason}))
        self._redeals += 1
        self.hand = self._new_hand()
        out.extend(self._start_hand())

    def _on_redeal(self, action: CallRedeal, out: list[Event]) -> None:
        h = self.hand
        if action.call:
            self._redeal(h.to_act, "nines", out)
            return
        h.redeal_seats.pop(0)
        if h.redeal_seats:
            h.to_act = h.redeal_seats[0]
        else:
            self._begin_auction(out)

    # -- the auction ----------------------------------------------------------------------------
    def _begin_auction(self, out: list[Event]) -> None:
        h = self.hand
        h.phase = BIDDING
        h.to_act = (self.dealer + 1) % self.rules.players
        self._dealer_stuck_check(out)

    def _dealer_stuck_check(self, out: list[Event]) -> None:
        """Everybody else passed and the dealer is stuck: the dealer takes it at the minimum."""
        h = self.hand
        if (self.rules.all_pass == "dealer_stuck" and h.to_act == self.dealer and h.high_bid is None
                and sum(h.out) == self.rules.players - 1):
            h.high_bid, h.high_bidder = self.rules.min_bid, self.dealer
            h.bids.append((self.dealer, self.rules.min_bid))
            out.append(Event(ev.BID, self.dealer, {"amount": self.rules.min_bid, "stuck": True}))
            self._auction_won(out)

    def _on_bidding(self, action: Bid | Pass, out: list[Event]) -> None:
        h = self.hand
        seat = h.to_act
        n = self.rules.players
        if isinstance(action, Bid):
            h.high_bid, h.high_bidder = action.amount, seat
            h.bids.append((seat, action.amount))
            out.append(Event(ev.BID, seat, {"amount": action.amount}))
        else:
            h.out[seat] = True
            h.bids.append((seat, "pass with help" if action.help else "pass"))
            out.append(Event(ev.PASS, seat, {"help": action.help}))
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
        h.to_act = nxt
        self._dealer_stuck_check(out)

    def _auction_won(self, out: list[Event]) -> None:
        h = self.hand
        assert h.high_bidder is not None and h.high_bid is not None
        h.declarer, h.bid = h.high_bidder, h.high_bid
        out.append(Event(ev.AUCTION_WON, h.declarer, {"bid": h.bid}))
        if h.deal.widow:
            h.hands[h.declarer].extend(h.deal.widow)
            out.append(Event(ev.WIDOW, h.declarer, {"cards": list(h.deal.widow)}))
        if self.rules.trump_needs_marriage and not self._trump_choices(h.declarer):
            out.append(Event(ev.NO_MARRIAGE, h.declarer))
            h.how = NO_MARRIAGE
            self._end_hand(out)
            return
        h.phase = TRUMP
        h.to_act = h.declarer

    def _trump_choices(self, seat: int) -> list[int]:
        if not self.rules.trump_needs_marriage:
            return list(SUITS)
        hand = self.hand.hands[seat]
        return [s for s in SUITS if card(s, KING) in hand and card(s, QUEEN) in hand]

    def _on_trump(self, action: NameTrump, out: list[Event]) -> None:
        h = self.hand
        assert h.declarer is not None
        h.trump = action.suit
        out.append(Event(ev.TRUMP, h.declarer, {"suit": action.suit}))
        if self.rules.pass_cards and self.rules.partnerships:
            h.phase = PASSING
            h.to_act = self._partner(h.declarer)
        elif self.rules.widow_size:
            self._show_meld(out)  # the declarer melds before burying
            h.phase = BURY
            h.to_act = h.declarer
        else:
            self._after_exchanges(out)

    # -- dix exchange (four-handed turn-up) ---------------------------------------------------------
    def _next_dix_seat(self, out: list[Event]) -> None:
        h = self.hand
        if h.dix_seats:
            h.phase = DIX
            h.to_act = h.dix_seats[0]
        else:
            self._after_exchanges(out)

    def _on_dix(self, action: ExchangeDix, out: list[Event]) -> None:
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
            h.dix_exchanges.append((seat, dix, turnup))
            out.append(Event(ev.DIX_EXCHANGE, seat, {"dix": dix, "card": turnup}))
            h.dix_seats = []
        self._next_dix_seat(out)

    # -- passing between partners ------------------------------------------------------------------
    def _partner(self, seat: int) -> int:
        return (seat + 2) % 4

    def _on_passing(self, action: PassCards, out: list[Event]) -> None:
        h = self.hand
        assert h.declarer is not None
        partner = h.to_act
        if self.rules.pass_simultaneous:
            h.pending_pass = action.cards
            h.phase = RETURN
            h.to_act = h.declarer
            return
        self._move_cards(partner, h.declarer, action.cards, out)
        h.phase = RETURN
        h.to_act = h.declarer

    def _on_return(self, action: PassCards, out: list[Event]) -> None:
        h = self.hand
        assert h.declarer is not None
        partner = self._partner(h.declarer)
        if h.pending_pass is not None:
            incoming, h.pending_pass = h.pending_pass, None
            for c in incoming:
                h.hands[partner].remove(c)
            self._move_cards(h.declarer, partner, action.cards, out)
            h.hands[h.declarer].extend(incoming)
            h.passes.insert(0, (partner, h.declarer, incoming))
            out.insert(0, Event(ev.PASS_CARDS, partner, {"to": h.declarer, "cards": list(incoming)},
                                private_to=(partner, h.declarer)))
        else:
            self._move_cards(h.declarer, partner, action.cards, out)
        self._after_exchanges(out)

    def _move_cards(self, giver: int, taker: int, cards: tuple[Card, ...], out: list[Event]) -> None:
        h = self.hand
        for c in cards:
            h.hands[giver].remove(c)
        h.hands[taker].extend(cards)
        h.passes.append((giver, taker, cards))
        out.append(Event(ev.PASS_CARDS, giver, {"to": taker, "cards": list(cards)}, private_to=(giver, taker)))

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
                # A meld so big that fewer than three cards lie outside it: meld cards may go too.
                if len(rest) >= 3:
                    return rest
        return hand

    def _on_bury(self, action: Bury, out: list[Event]) -> None:
        h = self.hand
        assert h.declarer is not None
        for c in action.cards:
            h.hands[h.declarer].remove(c)
        h.buried = action.cards
        out.append(Event(ev.BURY, h.declarer, {"cards": list(action.cards)}, private_to=(h.declarer,)))
        self._after_exchanges(out)

    # -- meld --------------------------------------------------------------------------------------
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
            h.dix_points[seat] = sum(m.points for m in score.melds if m.kind == "dix")
        for seat, _dix, _card in h.dix_exchanges:
            # Each original holder of a dix scores it, though it went to the dealer.
            value = dix_value(self.rules)
            for s, change in ((seat, value), (self.dealer, -value)):
                h.meld_points[s] += change
                h.dix_points[s] += change
        for seat in _seats_from(h.declarer if h.declarer is not None else (self.dealer + 1) % self.rules.players,
                                self.rules.players):
            shown = h.meld[seat]
            assert shown is not None
            items = [[m.name, m.points, format_cards(m.cards)] for m in shown.melds]
            h.meld_entries.append({"seat": seat, "points": h.meld_points[seat], "items": items})
            out.append(Event(ev.MELD, seat, {"points": h.meld_points[seat], "melds": items,
                                             "cards": shown.shown_cards()}))

    def _after_exchanges(self, out: list[Event]) -> None:
        h = self.hand
        r = self.rules
        self._show_meld(out)
        if h.declarer is not None:
            side = self.side_of(h.declarer)
            side_meld = sum(h.meld_points[s] for s in r.teams[side])
            if r.not_on_board_set and h.bid > side_meld + r.trick_total:
                out.append(Event(ev.NOT_ON_BOARD, h.declarer, {"meld": side_meld, "bid": h.bid}))
                h.how = NOT_ON_BOARD
                self._end_hand(out)
                return
            if r.throw_in:
                h.phase = THROW_IN
                h.to_act = h.declarer
                return
            self._begin_play(h.declarer, out)
        else:
            self._begin_play((self.dealer + 1) % r.players, out)

    def _on_throw_in(self, action: ThrowIn | PlayOn, out: list[Event]) -> None:
        h = self.hand
        assert h.declarer is not None
        if isinstance(action, ThrowIn):
            out.append(Event(ev.THROW_IN, h.declarer))
            h.how = THROWN_IN
            self._end_hand(out)
        else:
            out.append(Event(ev.PLAY_ON, h.declarer))
            self._begin_play(h.declarer, out)

    # -- play --------------------------------------------------------------------------------------
    def _begin_play(self, leader: int, out: list[Event]) -> None:
        h = self.hand
        h.phase = PLAY
        h.leader = h.to_act = leader

    def _on_play(self, action: Play | DeclareOut, out: list[Event]) -> None:
        if isinstance(action, DeclareOut):
            self._declare_out(out)
            return
        h = self.hand
        seat = h.to_act
        if action.from_table:
            h.tables[seat].remove(action.card)
        else:
            h.hands[seat].remove(action.card)
        h.trick.append((seat, action.card))
        out.append(Event(ev.PLAY, seat, {"card": action.card, "from_table": action.from_table}))
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
        record: dict[str, Any] = {"leader": h.trick[0][0], "plays": [[s, str(c)] for s, c in h.trick], "winner": winner}
        h.tricks.append(record)
        out.append(Event(ev.TRICK, winner, {"cards": list(h.trick), "points": points, "last": last}))
        h.trick = []
        if last:
            self._end_hand(out)
            return
        if h.stock:
            self._draw(winner, out)
            return
        h.leader = h.to_act = winner

    # -- two-handed: stock, draws and melds laid during play -----------------------------------------
    def _draw(self, winner: int, out: list[Event]) -> None:
        h = self.hand
        if len(h.stock) == 2:
            h.phase = DRAW_CHOICE
            h.to_act = winner
            return
        loser = 1 - winner
        draws = [(winner, h.stock.pop(0)), (loser, h.stock.pop(0))]
        self._take_draws(draws, None, out)
        self._offer_meld(winner, out)

    def _on_draw_choice(self, action: DrawChoice, out: list[Event]) -> None:
        h = self.hand
        winner = h.to_act
        face_down, trump_card = h.stock
        first, second = (trump_card, face_down) if action.take_trump else (face_down, trump_card)
        h.stock = []
        self._take_draws([(winner, first), (1 - winner, second)], trump_card, out)
        self._offer_meld(winner, out)

    def _take_draws(self, draws: list[tuple[int, Card]], face_up: Card | None, out: list[Event]) -> None:
        """Both players draw, the trick's winner first; only the face-up trump card is seen by both."""
        h = self.hand
        # A new record for the trick, not a change to the old one: clones share the finished tricks.
        h.tricks[-1] = {**h.tricks[-1], "draws": [[s, str(c)] for s, c in draws]}
        for i, (seat, drawn) in enumerate(draws):
            h.hands[seat].append(drawn)
            public = face_up is not None and i == (0 if draws[0][1] == face_up else 1)
            out.append(Event(ev.DRAW, seat, {"card": drawn}, private_to=None if public else (seat,)))

    def _offer_meld(self, winner: int, out: list[Event]) -> None:
        h = self.hand
        h.may_meld_again = False
        h.phase = MELD
        h.to_act = winner

    def _on_meld(self, action: LayMeld | NoMeld | DeclareOut, out: list[Event]) -> None:
        h = self.hand
        seat = h.to_act
        if isinstance(action, DeclareOut):
            self._declare_out(out)
            return
        if isinstance(action, LayMeld):
            play = action.play
            table = h.tables[seat]
            for c in play.from_hand:
                h.hands[seat].remove(c)
            points = table.lay(play)
            self._score_laid(seat, play.meld.name, points, list(play.meld.cards), out, from_table=list(play.from_table))
            again = False
            if play.meld.kind == "dix" and not h.dix_melded:
                h.dix_melded = True
                assert h.deal.turnup is not None
                if h.stock and h.stock[-1] == h.deal.turnup and h.deal.turnup.rank != NINE:
                    # The first dix melded is exchanged for the turned-up trump, which may be melded at once.
                    dix = play.meld.cards[0]
                    table.remove(dix)
                    taken = h.stock[-1]
                    h.stock[-1] = dix
                    h.hands[seat].append(taken)
                    h.dix_exchanges.append((seat, dix, taken))
                    out.append(Event(ev.DIX_EXCHANGE, seat, {"dix": dix, "card": taken}))
                    again = True
            if again and not h.may_meld_again:
                h.may_meld_again = True
                return
        # The winner leads the next trick; once the stock is gone the melds go back to the hands.
        h.may_meld_again = False
        if not h.stock:
            for s, table in enumerate(h.tables):
                h.hands[s].extend(table.cards())
            h.tables = []
            out.append(Event(ev.MELDS_RETURN))
        self._begin_play(seat, out)

    def _score_laid(self, seat: int, name: str, points: int, cards: list[Card], out: list[Event],
                    from_table: Sequence[int] = ()) -> None:
        h = self.hand
        h.meld_points[seat] += points
        if name == "dix":
            h.dix_points[seat] += points
        self.scores[self.side_of(seat)] += points
        h.meld_entries.append({"seat": seat, "points": points, "items": [[name, points, format_cards(cards)]],
                               "trick": len(h.tricks)})
        out.append(Event(ev.LAY_MELD, seat, {"name": name, "points": points, "cards": cards,
                                             "from_table": list(from_table)}))

    # -- declaring out -----------------------------------------------------------------------------
    def _declare_out(self, out: list[Event]) -> None:
        h = self.hand
        seat = h.to_act
        side = self.side_of(seat)
        total = self.scores[side] + h.trick_points[side]
        if self.rules.trump_by != "stock" and h.tricks_won[side]:
            total += sum(h.meld_points[s] for s in self.rules.teams[side])
        right = total >= self.target
        self.winner = side if right else 1 - side
        out.append(Event(ev.DECLARE_OUT, seat, {"side": side, "total": total, "right": right}))
        # Only meld laid during play (two-handed) has changed the scores in this hand so far.
        laid = [sum(h.meld_points[s] for s in team) if self.rules.trump_by == "stock" else 0
                for team in self.rules.teams]
        summary = {"declared_out": {"seat": seat, "total": total, "right": right},
                   "game_over": True, "winner": self.winner, "score_delta": laid,
                   "scores_after": list(self.scores), "target": self.target}
        self._record_hand(summary)
        out.append(Event(ev.HAND_SCORED, h.declarer, summary))
        out.append(Event(ev.GAME_OVER, None, {"winner": self.winner, "scores": list(self.scores)}))

    # -- the end of a hand ---------------------------------------------------------------------------
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
            already = side_meld[s] if r.trump_by == "stock" else 0
            self.scores[s] += result.score_delta[s] - already
        self._decide_game(declaring)
        summary = {
            "trick_points": list(h.trick_points) if h.how == PLAYED else [0] * self.sides,
            "meld": side_meld, "meld_counted": result.meld_counted, "score_delta": result.score_delta,
            "scores_after": list(self.scores), "went_set": result.went_set, "made": result.made,
            "thrown_in": h.how == THROWN_IN, "how": h.how, "declarer": h.declarer, "bid": h.bid or None,
            "game_over": self.winner is not None, "winner": self.winner, "target": self.target,
        }
        self._record_hand(summary)
        out.append(Event(ev.HAND_SCORED, h.declarer, summary))
        if self.winner is not None:
            out.append(Event(ev.GAME_OVER, None, {"winner": self.winner, "scores": list(self.scores)}))
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
            if r.both_over == "declarer" and declaring in over:
                self.winner = declaring
                return
            if r.both_over == "extend":
                while len(over) > 1:
                    self.target += 250
                    over = [s for s in over if scores[s] >= self.target]
            else:
                self.winner = _unique_best(scores, over)
                return
        if len(over) == 1:
            self.winner = over[0]

    def _record_hand(self, summary: dict[str, Any]) -> None:
        from engine.record import hand_record

        self.hand_records.append(hand_record(self, summary))

    # -- copies ------------------------------------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy (for search); its log and records are shared prefixes, copied."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        other.log = list(self.log)
        other.hand_records = list(self.hand_records)
        other.hand = self.hand.copy()
        return other


def new_game(rules: Rules, seed: int = 1, first_deal: int | None = None) -> Game:
    """A new game under ``rules``; every deal follows from ``seed`` (the first deal is ``first_deal``
    when given, so a deal number can be replayed or shared)."""
    return Game(rules, seed=seed, first_deal=first_deal)


def _seats_from(first: int, players: int) -> list[int]:
    return [(first + i) % players for i in range(players)]


def _holds(hand: Iterable[int], cards: Iterable[int]) -> bool:
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= k for c, k in need.items())


def _distinct_combinations(hand: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    """Every different set of ``size`` cards from ``hand`` (identical cards make one choice)."""
    if size == 0:
        return []
    return sorted(set(itertools.combinations(sorted(hand), size)))


def _unique_best(scores: list[int], among: Iterable[int]) -> int | None:
    among = list(among)
    top = max(scores[s] for s in among)
    best = [s for s in among if scores[s] == top]
    return best[0] if len(best) == 1 else None


