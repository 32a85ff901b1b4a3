"""The search of perfect-information card play: the best card when all cards are known.

>>> from engine.cards import CARDS, HEARTS, parse_cards
>>> from engine.rules import preset
>>> pos = Position.start([parse_cards("AH 9S"), parse_cards("TH AS")], HEARTS, preset("two_hand"), leader=0)
>>> result = solve(pos)
>>> str(CARDS[result.card]), result.value, result.exact
('9S', 31, True)

The value of a search is the points the side to move ends the hand with (points already taken
included). With more than two sides (three-handed cutthroat) the search is "paranoid": the side to
move against all the others together, which is what the declarer faces.

:func:`solve` finds the exact best card (two seats to 12 tricks in a fraction of a second; four
seats to about six tricks), or the best card within a node budget (``max_nodes``, anytime) or to a
number of tricks (``max_depth``); ``want_values`` gives every legal card's value, as a sampling
player needs; ``table`` shares a transposition table between the searches of one hand. The
``perfect`` player searches the real hands; the others search the deals they sample. The positions,
and the greedy rule of thumb a search falls back on, are :mod:`engine.ai.search.trickplay`'s.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from engine.ai.search.trickplay import (
    BEATERS,
    SUIT_MASKS,
    Position,
    greedy_choice,
    greedy_playout,
    holdings,
    legal_cards,
    mask_cards,
)
from engine.cards import KINDS
from engine.play import FREE, MUST_BEAT, POST_1945, trick_strengths, trick_winner

__all__ = ["SearchResult", "Solver", "Table", "solve"]


@dataclass(frozen=True)
class SearchResult:
    """The best card for the side to move, what the side ends the hand with, and how sure that is.

    ``exact``: the search reached the end of the hand; otherwise ``depth`` tricks were searched and
    the value past them is an estimate. ``values`` holds each root move's value when asked for.
    """

    card: int
    value: int
    exact: bool
    depth: int
    nodes: int
    values: dict[int, int] = field(default_factory=dict)


Table = dict[int, tuple[int, int, int, int]]
"""A transposition table: key of a trick start -> (depth, lower bound, upper bound, best card)."""


class _OutOfNodes(Exception):
    pass


_INF = 1 << 30
_CLOCK_EVERY = 2048  # nodes between two readings of the clock (about 5 ms)
_KEY_BITS = 3  # per card per seat: up to four copies (double deck)


def _follow_order(moves: list[int], strength: tuple[int, ...], top: int, partner_winning: bool,
                  values: tuple[int, ...]) -> list[int]:
    """Cards following to a trick (ascending codes), in the order to search them. The partner winning:
    the cards that do not take the trick, the most valuable first, then the weakest winners.
    Otherwise: the winners, the weakest first (of equal strength the one gaining more counters),
    then the least valuable losers. Of equals, the lower code first."""
    keyed = []
    for c in moves:
        s = strength[c]
        if s > top:
            key = 50 + s if partner_winning else -100 + s - values[c]
        else:
            key = -values[c] if partner_winning else values[c]
        keyed.append(key * 32 + c)  # a code is below 32: sorting these sorts by key, then code
    keyed.sort()
    return [k & 31 for k in keyed]


# The moves of a node depend only on the cards of the seat to move, the cards others hold or the
# trick shows, the card winning the trick, the suit led and whether the seat's side is winning it (for
# one trump, rule of play and count): each such set is worked out once and kept, for every search of
# a hand. One cache is kept, for the trump, rule and count of the last search (a hand's searches share
# them), and it starts again when full (about 20 MB).
_MoveCache = dict[int, tuple[int, ...]]
_MOVE_CACHES: dict[tuple[int, int, tuple[int, ...]], _MoveCache] = {}
_MOVE_CACHE_SIZE = 100_000
_ALL = (1 << 48) - 1  # every card, of a hand and of the others
_LEAD = 1 << 56  # in a cache key, above what a following card's key uses: a lead


def _move_cache(trump: int, mode: int, values: tuple[int, ...]) -> _MoveCache:
    """The moves kept for searches under this trump, rule of play (``mode``) and count."""
    cache = _MOVE_CACHES.get((trump, mode, values))
    if cache is None:
        _MOVE_CACHES.clear()
        cache = _MOVE_CACHES[(trump, mode, values)] = {}
    elif len(cache) > _MOVE_CACHE_SIZE:
        cache.clear()
    return cache


def _distinct(moves: list[int], others: int, values: tuple[int, ...]) -> list[int]:
    """Drop each move (ascending codes) that an equivalent lower card of the same suit already
    stands for: one that counts the same, with no card from it to the move held by another seat or
    shown in the trick (``others``)."""
    kept = [moves[0]]
    previous = moves[0]
    for c in moves[1:]:
        if c // 6 == previous // 6 and values[c] == values[previous] and not others & ((2 << c) - (1 << previous)):
            continue  # equivalent to ``previous``
        kept.append(c)
        previous = c
    return kept


def _grid(values: tuple[int, ...], bonus: int) -> int:
    """The step every exact value is a multiple of (every count and the last-trick bonus are)."""
    step = bonus
    for v in values:
        step = math.gcd(step, v)
    return step or 1


class Solver:
    """Alpha-beta search over tricks with a transposition table, for the side to move at the root.

    Prunes identical cards (a hand's two copies are one move) and equivalent ranks: two cards of a
    suit that count the same, where no other seat holds, and no trick shows, a copy of either or a
    card between them, take and lose the same tricks whichever goes first. The
    transposition table is keyed by all hands and the leader, at trick starts. Values are trick
    points the root side takes from the position on. Three kinds of node: a lead (:meth:`lead`,
    where the table is read and written), a card following to the trick (:meth:`follow`) and the
    card completing it (:meth:`last_card`); the seat to play, the suit led, the card winning the
    trick, its seat and the points in the trick are passed down as the cards fall.
    """

    def __init__(self, position: Position, max_nodes: int | None = None, table: Table | None = None,
                 deadline: float | None = None) -> None:
        self.seats = seats = position.seats
        # each hand as a mask of the cards it holds and its copies of each card (see trickplay)
        self.masks, self.held = holdings(position.hands)
        self.cards_each = position.tricks_left  # cards in each hand at the start of a trick
        self.trick = list(position.trick)
        self.trick_mask = 0  # the cards of the current trick
        for c in self.trick:
            self.trick_mask |= 1 << c
        self.leader = position.leader
        self.trump = position.trump
        self.mode = position.mode
        self.values = position.values
        self.bonus = position.bonus
        self.grid = _grid(self.values, self.bonus)
        self.root_side = position.side_of[position.to_move]
        self.ours = tuple(side == self.root_side for side in position.side_of)
        self.others_of = tuple(tuple(s for s in range(seats) if s != seat) for seat in range(seats))
        self.next_seat = tuple((seat + 1) % seats for seat in range(seats))
        # the seats that follow a trick's leader, in order, by the leader
        self.followers = tuple(tuple((leader + i) % seats for i in range(1, seats)) for leader in range(seats))
        self.max_nodes = max_nodes if max_nodes is not None else _INF
        # the search stops past ``max_nodes`` nodes or the ``deadline`` (a time.perf_counter() value),
        # the clock read every _CLOCK_EVERY nodes: ``limit`` is the node count of the next check
        self.deadline = deadline
        self.limit = self.max_nodes if deadline is None else min(self.max_nodes, _CLOCK_EVERY)
        self.leader_shift = _KEY_BITS * KINDS * seats  # the leader's place in a transposition key
        # values are the root side's points, so a table shared between searches keeps sides apart
        self.side_tag = self.root_side << (self.leader_shift + 2)
        self.nodes = 0
        self.best_so_far = -1  # the best root card of the last finished iteration, searched first
        self.table: Table = table if table is not None else {}
        self.moves_cache = _move_cache(self.trump, self.mode, self.values)
        self.beaters = BEATERS[self.trump]
        # the suits a following card comes from (the suit led; void in it, trumps or any), as masks
        # of a hand and of the others' cards side by side: what a cached set of moves is keyed by
        both = tuple(m | m << 24 for m in SUIT_MASKS)
        self.follow_scope = both if self.mode != FREE else (_ALL,) * 4
        self.void_scope = both[self.trump] if self.mode in (MUST_BEAT, POST_1945) else _ALL
        self.trump_mask = SUIT_MASKS[self.trump]
        self.bits = tuple(tuple(1 << (_KEY_BITS * (seat * KINDS + c)) for c in range(KINDS)) for seat in range(seats))
        self.key = 0
        for seat, hand in enumerate(position.hands):
            for c in hand:
                self.key += self.bits[seat][c]
        # trick points not yet in a finished trick (the last-trick bonus included): bounds every value
        self.remaining = position.remaining_points()
        # static strength of a card for the estimate past the search horizon
        # leads: high cards first (they take tricks or show the way), trumps after plain aces
        self.lead_order = tuple(-(c % 6) + (3 if c // 6 == self.trump else 0) for c in range(KINDS))
        self.strengths = tuple(trick_strengths(self.trump, led) for led in range(4))  # by the suit led
        self.power = tuple((c % 6 + 1) * (3 if c // 6 == self.trump else 1) for c in range(KINDS))

    # -- helpers -----------------------------------------------------------------------------

    def over_limit(self) -> None:
        """The node count passed ``limit``: stop if the budget is spent or the time is up, else
        set the next check."""
        if self.nodes > self.max_nodes or self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfNodes
        self.limit = min(self.max_nodes, self.nodes + _CLOCK_EVERY)

    def _others(self, seat: int) -> int:
        """The cards other seats hold or the trick shows."""
        others = self.trick_mask
        masks = self.masks
        for s in self.others_of[seat]:
            others |= masks[s]
        return others

    def _lead_moves(self, key: int, own: int, others: int) -> tuple[int, ...]:
        """The distinct leads from ``own``, in the order to search them, kept under ``key``
        (``own | others << 24 | _LEAD``)."""
        cards = mask_cards(own)
        if len(cards) > 1:
            cards = sorted(_distinct(cards, others, self.values), key=self.lead_order.__getitem__)
        moves = self.moves_cache[key] = tuple(cards)
        return moves

    def _follow_key(self, own: int, others: int, win: int, led: int, pw: bool) -> int:
        """The key of the cards following to a trick led in ``led`` that ``win`` is winning (``pw``:
        the seat's own side is winning it): the seat's and the others' cards in the suits the seat may
        play (follow and last_card work it out inline, for speed)."""
        scope = self.follow_scope[led]
        if not own & scope:
            scope = self.void_scope if own & self.trump_mask else _ALL
        return (own | others << 24) & scope | win << 48 | led << 53 | pw << 55

    def _follow_moves(self, key: int, own: int, others: int, led: int, win: int, pw: bool) -> tuple[int, ...]:
        """The distinct legal cards following to a trick led in ``led``, in the order to search them,
        kept under ``key`` (:meth:`_follow_key`)."""
        cards = legal_cards(own, led, win, self.trump, self.mode)
        if len(cards) > 1:
            cards = _distinct(cards, others, self.values)
            if len(cards) > 1:
                strength = self.strengths[led]
                cards = _follow_order(cards, strength, strength[win], pw, self.values)
        moves = self.moves_cache[key] = tuple(cards)
        return moves

    def estimate(self) -> int:
        """Trick points the root side should take from a trick start on, past the search horizon."""
        power, ours = self.power, self.ours
        ours_power = 0
        all_power = 0
        for seat, held in enumerate(self.held):
            seat_power = 0
            for c in mask_cards(self.masks[seat]):
                seat_power += power[c] * held[c]
            all_power += seat_power
            if ours[seat]:
                ours_power += seat_power
        # at a trick start the points not yet taken are all in the hands (and the last-trick bonus)
        return self.remaining * ours_power // all_power if all_power else 0

    # -- search ------------------------------------------------------------------------------

    def lead(self, alpha: int, beta: int, depth: int) -> int:
        """The root side's points from a trick start on, within the window; ``depth``: tricks to search fully."""
        self.nodes += 1
        if self.nodes > self.limit:
            self.over_limit()
        cards_left = self.cards_each
        if not cards_left:
            return 0
        remaining = self.remaining
        if remaining <= alpha:
            return remaining
        if beta <= 0:
            return 0
        if depth <= 0:
            return self.estimate()
        if cards_left == 1:  # the last trick plays itself
            return self.last_trick()
        if depth > cards_left:
            depth = cards_left
        seat = self.leader
        hint = -1
        entry_key = self.key + (seat << self.leader_shift) + self.side_tag
        entry = self.table.get(entry_key)
        if entry is not None:
            e_depth, lower, upper, hint = entry
            if e_depth >= depth:
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower == upper:
                    return lower
                if lower > alpha:
                    alpha = lower
                if upper < beta:
                    beta = upper
        masks = self.masks
        own = masks[seat]
        others = 0
        for s in self.others_of[seat]:
            others |= masks[s]
        maximizing = self.ours[seat]
        key = own | others << 24 | _LEAD
        moves = self.moves_cache.get(key)
        if moves is None:
            moves = self._lead_moves(key, own, others)
        if hint >= 0 and moves[0] != hint and hint in moves:
            moves = (hint, *[c for c in moves if c != hint])
        alpha0, beta0 = alpha, beta
        best = -_INF if maximizing else _INF
        best_move = moves[0]
        bit = self.bits[seat]
        held = self.held[seat]
        values = self.values
        # the next card completes the trick (two seats), or another seat follows
        child = self.last_card if self.seats == 2 else self.follow
        follower = self.next_seat[seat]
        for card in moves:
            copies = held[card] - 1
            held[card] = copies
            if not copies:
                masks[seat] = own ^ 1 << card
            self.key -= bit[card]
            self.trick_mask = 1 << card
            value = child(alpha, beta, depth, follower, card // 6, card, seat, values[card])
            self.key += bit[card]
            held[card] = copies + 1
            masks[seat] = own
            if maximizing:
                if value > best:
                    best, best_move = value, card
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, best_move = value, card
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        self.trick_mask = 0
        lower, upper = -_INF, _INF
        if best <= alpha0:
            upper = best
        elif best >= beta0:
            lower = best
        else:
            lower = upper = best
        old = self.table.get(entry_key)
        if old is not None and old[0] == depth:
            lower, upper = max(lower, old[1]), min(upper, old[2])
        self.table[entry_key] = (depth, lower, upper, best_move)
        return best

    def follow(self, alpha: int, beta: int, depth: int, seat: int, led: int, win: int, ahead: int,
               counted: int) -> int:
        """The root side's points from here on when ``seat`` follows to a trick led in ``led`` that
        card ``win`` of seat ``ahead`` is winning, with ``counted`` points in it so far (another seat
        plays after it)."""
        self.nodes += 1
        if self.nodes > self.limit:
            self.over_limit()
        masks = self.masks
        own = masks[seat]
        trick_mask = self.trick_mask
        others = trick_mask
        for s in self.others_of[seat]:
            others |= masks[s]
        ours = self.ours
        maximizing = ours[seat]
        scope = self.follow_scope[led]
        if not own & scope:
            scope = self.void_scope if own & self.trump_mask else _ALL
        pw = ours[ahead] == maximizing
        key = (own | others << 24) & scope | win << 48 | led << 53 | pw << 55
        moves = self.moves_cache.get(key)
        if moves is None:
            moves = self._follow_moves(key, own, others, led, win, pw)
        best = -_INF if maximizing else _INF
        bit = self.bits[seat]
        held = self.held[seat]
        values = self.values
        beaters = self.beaters[win]
        follower = self.next_seat[seat]
        child = self.last_card if self.next_seat[follower] == self.leader else self.follow
        for card in moves:
            copies = held[card] - 1
            held[card] = copies
            if not copies:
                masks[seat] = own ^ 1 << card
            self.key -= bit[card]
            self.trick_mask = trick_mask | 1 << card
            if beaters >> card & 1:
                value = child(alpha, beta, depth, follower, led, card, seat, counted + values[card])
            else:
                value = child(alpha, beta, depth, follower, led, win, ahead, counted + values[card])
            self.key += bit[card]
            held[card] = copies + 1
            masks[seat] = own
            if maximizing:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        self.trick_mask = trick_mask
        return best

    def last_trick(self) -> int:
        """The root side's points from the last trick, each seat holding one card."""
        masks = self.masks
        beaters = self.beaters
        values = self.values
        leader = winner = self.leader
        win = masks[leader].bit_length() - 1
        taken = self.bonus + values[win]
        for seat in self.followers[leader]:
            card = masks[seat].bit_length() - 1
            taken += values[card]
            if beaters[win] >> card & 1:
                win, winner = card, seat
        return taken if self.ours[winner] else 0

    def last_card(self, alpha: int, beta: int, depth: int, seat: int, led: int, win: int, ahead: int,
                  counted: int) -> int:
        """The node of the seat that completes the trick (as :meth:`follow`): each card's trick is
        scored on the spot."""
        self.nodes += 1
        if self.nodes > self.limit:
            self.over_limit()
        leader = self.leader
        values = self.values
        ours = self.ours
        maximizing = ours[seat]
        masks = self.masks
        own = masks[seat]
        trick_mask = self.trick_mask
        others = trick_mask  # (the trick's cards tell equivalents apart)
        for s in self.others_of[seat]:
            others |= masks[s]
        scope = self.follow_scope[led]
        if not own & scope:
            scope = self.void_scope if own & self.trump_mask else _ALL
        pw = ours[ahead] == maximizing
        key = (own | others << 24) & scope | win << 48 | led << 53 | pw << 55
        moves = self.moves_cache.get(key)
        if moves is None:
            moves = self._follow_moves(key, own, others, led, win, pw)
        beaters = self.beaters[win]
        best = -_INF if maximizing else _INF
        bit = self.bits[seat]
        held = self.held[seat]
        cards_left = self.cards_each
        last_trick = cards_left == 1
        bonus = self.bonus if last_trick else 0
        child_depth = depth - 1 if depth < cards_left else cards_left - 1
        if child_depth > 0 and len(moves) > 1:
            # enhanced transposition cut-off: a trick start already known to settle the window
            table = self.table
            base = self.key + self.side_tag
            shift = self.leader_shift
            for card in moves:
                winner = seat if beaters >> card & 1 else ahead
                entry = table.get(base - bit[card] + (winner << shift))
                if entry is not None and entry[0] >= child_depth:
                    gained = counted + values[card] if ours[winner] else 0
                    if maximizing:
                        if gained + entry[1] >= beta:
                            return gained + entry[1]
                    elif gained + entry[2] <= alpha:
                        return gained + entry[2]
        self.trick_mask = 0
        self.cards_each = cards_left - 1
        try:
            for card in moves:
                winner = seat if beaters >> card & 1 else ahead
                taken = counted + values[card] + bonus
                gained = taken if ours[winner] else 0
                if last_trick:
                    value = gained
                else:
                    copies = held[card] - 1
                    held[card] = copies
                    if not copies:
                        masks[seat] = own ^ 1 << card
                    self.key -= bit[card]
                    self.leader = winner
                    self.remaining -= taken
                    value = gained + self.lead(alpha - gained, beta - gained, depth - 1)
                    self.remaining += taken
                    self.leader = leader
                    self.key += bit[card]
                    held[card] = copies + 1
                    masks[seat] = own
                if maximizing:
                    if value > best:
                        best = value
                        if value > alpha:
                            alpha = value
                elif value < best:
                    best = value
                    if value < beta:
                        beta = value
                if alpha >= beta:
                    break
        finally:
            self.trick_mask = trick_mask
            self.leader = leader
            self.cards_each = cards_left
        return best

    def _score_trick(self, alpha: int, beta: int, depth: int) -> int:
        """Score the trick just completed at the root (one seat only), then search on."""
        trick = self.trick
        trick_mask = self.trick_mask
        leader = self.leader
        winner = (leader + trick_winner(trick, self.trump)) % self.seats
        taken = sum(self.values[c] for c in trick)
        if self.cards_each == 1:
            taken += self.bonus
        gained = taken if self.ours[winner] else 0
        self.leader, self.trick, self.trick_mask = winner, [], 0
        self.remaining -= taken
        self.cards_each -= 1
        try:
            return gained + self.lead(alpha - gained, beta - gained, depth - 1)
        finally:
            self.cards_each += 1
            self.remaining += taken
            self.leader, self.trick, self.trick_mask = leader, trick, trick_mask

    # -- the root ----------------------------------------------------------------------------

    def _winning(self) -> tuple[int, int]:
        """The card winning the current trick and its seat ((-1, -1) at a trick start)."""
        trick = self.trick
        if not trick:
            return -1, -1
        index = trick_winner(trick, self.trump)
        return trick[index], (self.leader + index) % self.seats

    def root_moves(self) -> tuple[list[int], list[int]]:
        """The legal cards at the root, and the ones worth searching (equivalents pruned), ordered."""
        seat = (self.leader + len(self.trick)) % self.seats
        own = self.masks[seat]
        others = self._others(seat)
        win, ahead = self._winning()
        if win < 0:
            moves = mask_cards(own)
            key = own | others << 24 | _LEAD
            searched = list(self.moves_cache.get(key) or self._lead_moves(key, own, others))
        else:
            moves = legal_cards(own, self.trick[0] // 6, win, self.trump, self.mode)
            led = self.trick[0] // 6
            pw = self.ours[ahead] == self.ours[seat]
            key = self._follow_key(own, others, win, led, pw)
            searched = list(self.moves_cache.get(key) or self._follow_moves(key, own, others, led, win, pw))
        if self.best_so_far in searched:
            searched.remove(self.best_so_far)
            searched.insert(0, self.best_so_far)
        return moves, searched

    def after(self, card: int, alpha: int, beta: int, depth: int) -> int:
        """The root side's points from here on when the seat to move plays ``card`` (within the window)."""
        seat = (self.leader + len(self.trick)) % self.seats
        own = self.masks[seat]
        held = self.held[seat]
        win, ahead = self._winning()
        if win < 0 or self.beaters[win] >> card & 1:
            win, ahead = card, seat
        held[card] -= 1
        if not held[card]:
            self.masks[seat] = own ^ 1 << card
        self.key -= self.bits[seat][card]
        self.trick.append(card)
        trick_mask = self.trick_mask
        self.trick_mask |= 1 << card
        try:
            if len(self.trick) == self.seats:
                return self._score_trick(alpha, beta, depth)
            led = self.trick[0] // 6
            counted = sum(self.values[c] for c in self.trick)
            follower = self.next_seat[seat]
            if len(self.trick) == self.seats - 1:
                return self.last_card(alpha, beta, depth, follower, led, win, ahead, counted)
            return self.follow(alpha, beta, depth, follower, led, win, ahead, counted)
        finally:
            self.trick.pop()
            self.trick_mask = trick_mask
            self.key += self.bits[seat][card]
            held[card] += 1
            self.masks[seat] = own

    def best(self, moves: list[int], alpha: int, beta: int, depth: int) -> tuple[int, int]:
        """Fail-soft search of the root moves (the root side is to move): (best card, value)."""
        best, best_card = -_INF, moves[0]
        for card in moves:
            value = self.after(card, alpha, beta, depth)
            if value > best:
                best, best_card = value, card
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best_card, best

    def mtdf(self, moves: list[int], depth: int, guess: int, grid: int = 1, near: bool = False) -> tuple[int, int]:
        """The exact value of the best of ``moves`` by zero-window probes: (best card, value).

        Each probe only asks "is it worth at least this much?", which prunes far more than a full
        window. The first asks about ``guess``; the next ones halve the range the value is known to
        lie in, or, when the guess is ``near`` (a value found for a like search), step away from it
        on the side the answer points to, one ``grid`` step and then twice as far each time, until
        the value is caught between two answers, and halve from there. ``grid`` is a step every
        value is a multiple of (1 when not known; the counts' common step when the search reaches
        the end of the hand), so that no probe asks about a value that cannot occur. The
        transposition table carries what earlier probes learnt.
        """
        lower, upper = 0, self.remaining  # the value lies in [lower, upper]
        card = moves[0]
        beta = min(max(-(-guess // grid) * grid, lower + grid), upper)
        step = grid
        rose = fell = not near
        while lower < upper:
            found, value = self.best(moves, beta - 1, beta, depth)
            if value >= beta:
                lower = value
                card = found
                rose = True
                if moves[0] != card:  # search the best card so far first in the next probes
                    moves = [card] + [c for c in moves if c != card]
            else:
                upper = value
                fell = True
            if rose and fell:  # caught: halve the range
                beta = lower + ((upper - lower) // grid + 1) // 2 * grid
            elif rose:
                beta = min(lower + step, upper)
                step *= 2
            else:
                beta = max(upper - step + grid, lower + grid)
                step *= 2
        return card, lower

    def root(self, depth: int, want_values: bool = False, guess: int | None = None) -> tuple[int, int, dict[int, int]]:
        """Search the root to ``depth`` tricks: (best card, its value, the value of every legal card if asked)."""
        moves, searched = self.root_moves()
        near = guess is not None  # the value of the last, shallower iteration
        if guess is None:
            guess = self.remaining // 2
        exact = depth >= self.cards_each  # (tricks left, the current one included)
        grid = self.grid if exact else 1
        if not want_values:
            card, value = self.mtdf(searched, depth, guess, grid, near)
            return card, value, {}
        values: dict[int, int] = {}
        for card in searched:  # each card's value is a near guess for the next one's
            guess = values[card] = self.mtdf([card], depth, guess, grid, near)[1]
            near = True
        best_card = max(searched, key=lambda c: values[c])  # the first of equals, in search order
        for card in moves:  # a card pruned as equivalent is worth what the card standing for it is worth
            if card not in values:
                same_suit = [c for c in searched if c < card and c // 6 == card // 6]
                values[card] = values[max(same_suit)]
        return best_card, values[best_card], values


def solve(position: Position, max_nodes: int | None = None, max_depth: int | None = None,
          want_values: bool = False, table: Table | None = None, deadline: float | None = None) -> SearchResult:
    """The best card for the seat to move and what its side ends the hand with.

    Exact when the search reaches the end of the hand (always, without ``max_nodes``, ``max_depth``
    and ``deadline``). Otherwise iterative deepening one trick at a time until ``max_depth`` tricks,
    ``max_nodes`` nodes or the ``deadline`` (a ``time.perf_counter()`` value: a budget in nodes
    gives the same card on any machine, the clock only cuts a search short on a slow or busy one),
    answering with the deepest search finished (anytime); past its horizon
    a search estimates the remaining points by the strength of each side's cards. ``want_values``
    fills :attr:`SearchResult.values` with every legal card's value (slower: no pruning at the root).

    ``table`` lets searches share what they learnt: pass the same dict to every search of one hand
    (one trump, one set of rules and sides; the seat to move may change, and so may the hidden
    cards of sampled deals, as keys hold every hand) and later moves cost next to nothing.
    """
    if position.over:
        raise ValueError("the hand is over: nothing to play")
    side = position.side_of[position.to_move]
    taken = position.points[side]
    solver = Solver(position, max_nodes, table, deadline)
    tricks = position.tricks_left
    limit = tricks if max_depth is None else min(max_depth, tricks)
    start = limit if max_nodes is None and deadline is None else 1
    result: SearchResult | None = None
    guess: int | None = None
    for depth in range(start, limit + 1):
        try:
            card, value, values = solver.root(depth, want_values, guess)
        except _OutOfNodes:
            break
        solver.best_so_far = card
        guess = value
        exact = {c: taken + v for c, v in values.items()} if want_values else {}
        result = SearchResult(card, taken + value, depth >= tricks, depth, solver.nodes, exact)
    if result is None:  # not even one trick within the budget: the rule of thumb
        card = greedy_choice(position.hands[position.to_move], position.trick, position.to_move, position.leader,
                             position.side_of, position.trump, position.mode, position.values)
        return SearchResult(card, greedy_playout(position)[side], False, 0, solver.nodes)
    return result
