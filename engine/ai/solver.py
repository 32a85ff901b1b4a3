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
and the greedy rule of thumb a search falls back on, are :mod:`engine.ai.trickplay`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.ai.trickplay import (
    Position,
    greedy_choice,
    greedy_playout,
    holdings,
    legal_cards,
    mask_cards,
)
from engine.cards import KINDS
from engine.play import trick_strengths, trick_winner

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


class Solver:
    """Alpha-beta search over tricks with a transposition table, for the side to move at the root.

    Prunes identical cards (a hand's two copies are one move) and equivalent ranks: two cards of a
    suit that count the same, where no other seat holds, and no trick shows, a copy of either or a
    card between them, take and lose the same tricks whichever goes first. The
    transposition table is keyed by all hands and the leader, at trick starts. Values are trick
    points the root side takes from the position on.
    """

    def __init__(self, position: Position, max_nodes: int | None = None, table: Table | None = None) -> None:
        self.seats = seats = position.seats
        # each hand as a mask of the cards it holds and its copies of each card (see trickplay)
        self.masks, self.held = holdings(position.hands)
        self.cards_each = position.tricks_left  # cards in each hand at the start of a trick
        self.trick = list(position.trick)
        self.leader = position.leader
        self.trump = position.trump
        self.mode = position.mode
        self.values = position.values
        self.bonus = position.bonus
        self.root_side = position.side_of[position.to_move]
        self.ours = tuple(side == self.root_side for side in position.side_of)
        self.max_nodes = max_nodes if max_nodes is not None else _INF
        self.leader_shift = _KEY_BITS * KINDS * seats  # the leader's place in a transposition key
        # values are the root side's points, so a table shared between searches keeps sides apart
        self.side_tag = self.root_side << (self.leader_shift + 2)
        self.nodes = 0
        self.best_so_far = -1  # the best root card of the last finished iteration, searched first
        self.table: Table = table if table is not None else {}
        self.bits = tuple(tuple(1 << (_KEY_BITS * (seat * KINDS + c)) for c in range(KINDS)) for seat in range(seats))
        self.key = 0
        self.unplayed = [0] * KINDS  # cards in hands or in the current trick
        for seat, hand in enumerate(position.hands):
            for c in hand:
                self.key += self.bits[seat][c]
                self.unplayed[c] += 1
        for c in self.trick:
            self.unplayed[c] += 1
        # trick points not yet in a finished trick (the last-trick bonus included): bounds every value
        self.remaining = position.remaining_points()
        # static strength of a card for the estimate past the search horizon
        # leads: high cards first (they take tricks or show the way), trumps after plain aces
        self.lead_order = tuple(-(c % 6) + (3 if c // 6 == self.trump else 0) for c in range(KINDS))
        self.strengths = tuple(trick_strengths(self.trump, led) for led in range(4))  # by the suit led
        self.power = tuple((c % 6 + 1) * (3 if c // 6 == self.trump else 1) for c in range(KINDS))

    # -- helpers -----------------------------------------------------------------------------

    def _distinct(self, seat: int, moves: list[int]) -> list[int]:
        """Drop each move that an equivalent lower card of the same suit already stands for."""
        if len(moves) < 2:
            return moves
        unplayed, mine, values = self.unplayed, self.held[seat], self.values
        kept = [moves[0]]
        previous = moves[0]
        for c in moves[1:]:
            if c // 6 == previous // 6 and values[c] == values[previous]:
                for between in range(previous, c + 1):
                    if unplayed[between] != mine[between]:
                        break
                else:
                    continue  # equivalent to ``previous``
            kept.append(c)
            previous = c
        return kept

    def _order(self, seat: int, moves: list[int], win_index: int) -> list[int]:
        """The moves in the order to search them; ``win_index``: the card of the trick now winning it."""
        trick = self.trick
        if len(moves) < 2:
            return moves
        if not trick:
            return sorted(moves, key=self.lead_order.__getitem__)
        strength = self.strengths[trick[0] // 6]
        partner_winning = self.ours[(self.leader + win_index) % self.seats] == self.ours[seat]
        return _follow_order(moves, strength, strength[trick[win_index]], partner_winning, self.values)

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

    def search(self, alpha: int, beta: int, depth: int) -> int:
        """The root side's points from here on, within the window; ``depth``: tricks to search fully."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfNodes
        seats = self.seats
        trick = self.trick
        seat = (self.leader + len(trick)) % seats
        own = self.masks[seat]
        entry_key = -1
        hint = -1
        if not trick:
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
            entry_key = self.key + (self.leader << self.leader_shift) + self.side_tag
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
                    alpha = max(alpha, lower)
                    beta = min(beta, upper)
            moves = mask_cards(own)
            if len(moves) > 1:
                moves = self._order(seat, self._distinct(seat, moves), 0)
        else:
            win_index = trick_winner(trick, self.trump)
            moves = legal_cards(own, trick[0] // 6, trick[win_index], self.trump, self.mode)
            if len(moves) > 1:
                moves = self._order(seat, self._distinct(seat, moves), win_index)
        if hint >= 0 and moves[0] != hint and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        maximizing = self.ours[seat]
        last = seats - 1
        alpha0, beta0 = alpha, beta
        best = -_INF if maximizing else _INF
        best_move = moves[0]
        bit = self.bits[seat]
        held = self.held[seat]
        masks = self.masks
        for card in moves:
            copies = held[card] - 1
            held[card] = copies
            if not copies:
                masks[seat] = own ^ 1 << card
            self.key -= bit[card]
            trick.append(card)
            if len(trick) == last:
                value = self.last_card(alpha, beta, depth)
            else:
                value = self.search(alpha, beta, depth)
            trick.pop()
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
        if entry_key >= 0:
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

    def last_trick(self) -> int:
        """The root side's points from the last trick, each seat holding one card."""
        masks = self.masks
        seats = self.seats
        leader = self.leader
        trick = [(masks[(leader + i) % seats]).bit_length() - 1 for i in range(seats)]
        winner = (leader + trick_winner(trick, self.trump)) % seats
        if not self.ours[winner]:
            return 0
        values = self.values
        taken = self.bonus
        for c in trick:
            taken += values[c]
        return taken

    def last_card(self, alpha: int, beta: int, depth: int) -> int:
        """The node of the seat that completes the trick: each card's trick is scored on the spot."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfNodes
        seats = self.seats
        trick = self.trick
        leader = self.leader
        seat = (leader + seats - 1) % seats
        trump = self.trump
        values = self.values
        unplayed = self.unplayed
        strength = self.strengths[trick[0] // 6]
        win_index = trick_winner(trick, self.trump)
        top = strength[trick[win_index]]
        ahead = (leader + win_index) % seats
        ours = self.ours
        maximizing = ours[seat]
        masks = self.masks
        own = masks[seat]
        moves = legal_cards(own, trick[0] // 6, trick[win_index], trump, self.mode)
        if len(moves) > 1:  # (the trick's cards still count as unplayed: they tell equivalents apart)
            moves = self._distinct(seat, moves)
            if len(moves) > 1:
                moves = _follow_order(moves, strength, top, ours[ahead] == maximizing, values)
        counted = 0
        for c in trick:
            counted += values[c]
        best = -_INF if maximizing else _INF
        bit = self.bits[seat]
        held = self.held[seat]
        cards_left = self.cards_each
        last_trick = cards_left == 1
        bonus = self.bonus if last_trick else 0
        child_depth = min(depth - 1, cards_left - 1)
        if child_depth > 0 and len(moves) > 1:
            # enhanced transposition cut-off: a trick start already known to settle the window
            table = self.table
            base = self.key + self.side_tag
            shift = self.leader_shift
            for card in moves:
                winner = seat if strength[card] > top else ahead
                entry = table.get(base - bit[card] + (winner << shift))
                if entry is not None and entry[0] >= child_depth:
                    gained = counted + values[card] if ours[winner] else 0
                    if maximizing:
                        if gained + entry[1] >= beta:
                            return gained + entry[1]
                    elif gained + entry[2] <= alpha:
                        return gained + entry[2]
        for c in trick:
            unplayed[c] -= 1
        self.trick = []
        self.cards_each = cards_left - 1
        try:
            for card in moves:
                winner = seat if strength[card] > top else ahead
                taken = counted + values[card] + bonus
                gained = taken if ours[winner] else 0
                if last_trick:
                    value = gained
                else:
                    copies = held[card] - 1
                    held[card] = copies
                    if not copies:
                        masks[seat] = own ^ 1 << card
                    unplayed[card] -= 1
                    self.key -= bit[card]
                    self.leader = winner
                    self.remaining -= taken
                    value = gained + self.search(alpha - gained, beta - gained, depth - 1)
                    self.remaining += taken
                    self.leader = leader
                    self.key += bit[card]
                    unplayed[card] += 1
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
            self.trick = trick
            self.leader = leader
            self.cards_each = cards_left
            for c in trick:
                unplayed[c] += 1
        return best

    def _score_trick(self, alpha: int, beta: int, depth: int) -> int:
        """Score the trick just completed at the root (one seat only), then search on."""
        trick = self.trick
        leader = self.leader
        winner = (leader + trick_winner(trick, self.trump)) % self.seats
        taken = sum(self.values[c] for c in trick)
        if self.cards_each == 1:
            taken += self.bonus
        gained = taken if self.ours[winner] else 0
        for c in trick:
            self.unplayed[c] -= 1
        self.leader, self.trick = winner, []
        self.remaining -= taken
        self.cards_each -= 1
        try:
            return gained + self.search(alpha - gained, beta - gained, depth - 1)
        finally:
            self.cards_each += 1
            self.remaining += taken
            self.leader, self.trick = leader, trick
            for c in trick:
                self.unplayed[c] += 1

    # -- the root ----------------------------------------------------------------------------

    def _legal(self, seat: int) -> list[int]:
        own = self.masks[seat]
        trick = self.trick
        if not trick:
            return mask_cards(own)
        win = trick[trick_winner(trick, self.trump)]
        return legal_cards(own, trick[0] // 6, win, self.trump, self.mode)

    def root_moves(self) -> tuple[list[int], list[int]]:
        """The legal cards at the root, and the ones worth searching (equivalents pruned), ordered."""
        seat = (self.leader + len(self.trick)) % self.seats
        moves = self._legal(seat)
        win_index = trick_winner(self.trick, self.trump) if self.trick else 0
        searched = self._order(seat, self._distinct(seat, moves), win_index)
        if self.best_so_far in searched:
            searched.remove(self.best_so_far)
            searched.insert(0, self.best_so_far)
        return moves, searched

    def after(self, card: int, alpha: int, beta: int, depth: int) -> int:
        """The root side's points from here on when the seat to move plays ``card`` (within the window)."""
        seat = (self.leader + len(self.trick)) % self.seats
        own = self.masks[seat]
        held = self.held[seat]
        held[card] -= 1
        if not held[card]:
            self.masks[seat] = own ^ 1 << card
        self.key -= self.bits[seat][card]
        self.trick.append(card)
        try:
            if len(self.trick) == self.seats:
                return self._score_trick(alpha, beta, depth)
            if len(self.trick) == self.seats - 1:
                return self.last_card(alpha, beta, depth)
            return self.search(alpha, beta, depth)
        finally:
            self.trick.pop()
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

    def mtdf(self, moves: list[int], depth: int, guess: int) -> tuple[int, int]:
        """The exact value of the best of ``moves`` by zero-window probes: (best card, value).

        Each probe only asks "is it worth at least this much?", which prunes far more than a full
        window; the first asks about ``guess``, the next ones halve the range the value is known to
        lie in (MTD with bisection; stepping from the last bound, as MTD(f) does, searched more
        nodes here). The transposition table carries what earlier probes learnt.
        """
        lower, upper = 0, self.remaining  # the value lies in [lower, upper]
        card = moves[0]
        beta = min(max(guess, lower + 1), upper)
        while lower < upper:
            found, value = self.best(moves, beta - 1, beta, depth)
            if value >= beta:
                lower = value
                card = found
                if moves[0] != card:  # search the best card so far first in the next probes
                    moves = [card] + [c for c in moves if c != card]
            else:
                upper = value
            beta = (lower + upper + 1) // 2
        return card, lower

    def root(self, depth: int, want_values: bool = False, guess: int | None = None) -> tuple[int, int, dict[int, int]]:
        """Search the root to ``depth`` tricks: (best card, its value, the value of every legal card if asked)."""
        moves, searched = self.root_moves()
        if guess is None:
            guess = self.remaining // 2
        if not want_values:
            card, value = self.mtdf(searched, depth, guess)
            return card, value, {}
        values = {card: self.mtdf([card], depth, guess)[1] for card in searched}
        best_card = max(searched, key=lambda c: values[c])  # the first of equals, in search order
        for card in moves:  # a card pruned as equivalent is worth what the card standing for it is worth
            if card not in values:
                same_suit = [c for c in searched if c < card and c // 6 == card // 6]
                values[card] = values[max(same_suit)]
        return best_card, values[best_card], values


def solve(position: Position, max_nodes: int | None = None, max_depth: int | None = None,
          want_values: bool = False, table: Table | None = None) -> SearchResult:
    """The best card for the seat to move and what its side ends the hand with.

    Exact when the search reaches the end of the hand (always, without ``max_nodes`` and
    ``max_depth``). Otherwise iterative deepening one trick at a time until ``max_depth`` tricks
    or ``max_nodes`` nodes, answering with the deepest search finished (anytime); past its horizon
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
    solver = Solver(position, max_nodes, table)
    tricks = position.tricks_left
    limit = tricks if max_depth is None else min(max_depth, tricks)
    start = limit if max_nodes is None else 1
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
