"""Perfect-information card play: positions and fast playouts.

This is the core the computer players stand on: they sample the hands they cannot see and play
them out here, when all cards are known; the search (:mod:`engine.ai.solver`) works on the same
positions. Everything works on plain card codes (``suit * 6 + rank``); who may play what and who
wins a trick come from :mod:`engine.play`, never from a copy of those rules here.

>>> from engine.cards import parse_cards, HEARTS
>>> from engine.rules import preset
>>> pos = Position.start([parse_cards("AH 9S"), parse_cards("TH AS")], HEARTS, preset("two_hand"), leader=0)
>>> [str(CARDS[c]) for c in pos.legal()], greedy_playout(pos)
(['9S', 'AH'], [31, 11])

What to use when:

* :func:`random_playout` / :func:`greedy_playout`: a whole hand played out in a fraction of a
  millisecond (``python -m engine.bench_play`` prints the rates), for Monte Carlo estimates.
* :func:`greedy_choice`: the rule of thumb for one card, as the greedy playout plays it.
* :func:`engine.ai.solver.solve`: the exact (or anytime) best card.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.cards import CARDS
from engine.play import (
    MUST_BEAT,
    card_values,
    last_trick_bonus,
    legal_codes,
    play_mode,
    trick_winner,
)
from engine.rules import Rules

__all__ = ["Position", "greedy_choice", "greedy_playout", "random_playout"]


@dataclass
class Position:
    """A play-phase position: every hand known, part of a trick perhaps played.

    ``hands[seat]`` are card codes, sorted; ``trick`` the cards played to the current trick, from
    ``leader`` on; ``points[side]`` the trick points each side has taken so far; ``side_of[seat]``
    the side a seat plays for. ``mode`` is the rule of play from :func:`engine.play.play_mode`
    (two-handed play after the stock is phase 2, so its mode comes from ``phase2_must_win``).
    """

    hands: list[list[int]]
    trump: int
    rules: Rules
    leader: int
    trick: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    side_of: tuple[int, ...] = ()
    mode: int = MUST_BEAT
    values: tuple[int, ...] = ()
    bonus: int = 0

    @classmethod
    def start(
        cls,
        hands: Sequence[Iterable[int]],
        trump: int,
        rules: Rules,
        leader: int,
        trick: Iterable[int] = (),
        points: Sequence[int] | None = None,
        side_of: Sequence[int] | None = None,
    ) -> Position:
        """A position from hands (any order, ``Card`` or int), with the rules' sides and counts.

        ``side_of`` defaults to the rules' teams (partners share a side); ``points`` to nothing taken.
        """
        seats = len(hands)
        sides = tuple(side_of) if side_of is not None else tuple(rules.team_of(seat) for seat in range(seats))
        if len(sides) != seats:
            raise ValueError(f"side_of names {len(sides)} seats but there are {seats} hands")
        taken = list(points) if points is not None else [0] * (max(sides) + 1)
        cards = [sorted(int(c) for c in hand) for hand in hands]
        played = [int(c) for c in trick]
        if len(played) >= seats:
            raise ValueError("a trick in progress holds fewer cards than there are seats")
        position = cls(
            hands=cards, trump=trump, rules=rules, leader=leader, trick=played, points=taken, side_of=sides,
            mode=play_mode(rules), values=card_values(rules), bonus=last_trick_bonus(rules),
        )
        lengths = {len(cards[(leader + i) % seats]) + (1 if i < len(played) else 0) for i in range(seats)}
        if len(lengths) != 1:
            raise ValueError("the hands do not hold the same number of cards for the trick in progress")
        return position

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    @property
    def over(self) -> bool:
        return not self.trick and not self.hands[self.leader]

    def copy(self) -> Position:
        return Position(
            [list(h) for h in self.hands], self.trump, self.rules, self.leader, list(self.trick),
            list(self.points), self.side_of, self.mode, self.values, self.bonus,
        )

    def legal(self) -> list[int]:
        """The distinct legal card codes for the seat to move."""
        return legal_codes(self.hands[self.to_move], self.trick, self.trump, self.mode)

    def play(self, card: int) -> int | None:
        """Play ``card`` for the seat to move; return the trick's winning seat when it completes it."""
        seat = self.to_move
        if card not in self.legal():
            raise ValueError(f"{CARDS[card]} is not a legal play for seat {seat}")
        self.hands[seat].remove(card)
        self.trick.append(card)
        if len(self.trick) < len(self.hands):
            return None
        return self._finish_trick()

    def _finish_trick(self) -> int:
        trick = self.trick
        winner = (self.leader + trick_winner(trick, self.trump)) % len(self.hands)
        gained = sum(self.values[c] for c in trick)
        if not self.hands[winner]:
            gained += self.bonus
        self.points[self.side_of[winner]] += gained
        self.leader = winner
        self.trick = []
        return winner

    def remaining_points(self) -> int:
        """Trick points not yet taken (cards in hands and in the trick, and the last-trick bonus)."""
        if self.over:
            return 0
        values = self.values
        return sum(values[c] for hand in self.hands for c in hand) + sum(values[c] for c in self.trick) + self.bonus


# -- playouts ----------------------------------------------------------------------------------


def random_playout(position: Position, rng: random.Random) -> list[int]:
    """Play to the end with uniformly random legal cards; the points of each side at the end.

    ``position`` is left as it was.
    """
    hands = [list(h) for h in position.hands]
    trick = list(position.trick)
    points = list(position.points)
    leader = position.leader
    trump, mode, values, side_of = position.trump, position.mode, position.values, position.side_of
    seats = len(hands)
    seat = (leader + len(trick)) % seats
    choice = rng.choice
    while hands[seat]:
        hand = hands[seat]
        card = choice(legal_codes(hand, trick, trump, mode))
        hand.remove(card)
        trick.append(card)
        if len(trick) == seats:
            leader = (leader + trick_winner(trick, trump)) % seats
            gained = values[trick[0]] + values[trick[1]]
            for c in trick[2:]:
                gained += values[c]
            if not hands[leader]:
                gained += position.bonus
            points[side_of[leader]] += gained
            trick = []
            seat = leader
        else:
            seat = (seat + 1) % seats
    return points


def greedy_choice(hand: Sequence[int], trick: Sequence[int], seat: int, leader: int, side_of: Sequence[int],
                  trump: int, mode: int, values: Sequence[int]) -> int:
    """A quick rule-of-thumb play (the playout policy): cheap, reasonable, never illegal.

    Leading: a non-trump ace, else the lowest non-trump, else the lowest trump. Following: if the
    seat's side is winning the trick, the most valuable card that does not take it over (smear);
    else win with the highest winning card when players are still to come, the cheapest when last;
    unable to win, the least valuable card.
    """
    moves = legal_codes(hand, trick, trump, mode)
    if len(moves) == 1:
        return moves[0]
    if not trick:
        best = -1
        for c in moves:
            if c % 6 == 5 and c // 6 != trump:
                return c
        # lowest non-trump by rank, else the lowest trump
        best_key = 99
        for c in moves:
            key = c % 6 + (10 if c // 6 == trump else 0)
            if key < best_key:
                best_key, best = key, c
        return best
    seats = len(side_of)
    win_index = trick_winner(trick, trump)
    winning = trick[win_index]
    led = trick[0] // 6
    partner_winning = side_of[(leader + win_index) % seats] == side_of[seat]
    last = len(trick) == seats - 1

    def strength(c: int) -> int:
        return c % 6 + 6 if c // 6 == trump else (c % 6 if c // 6 == led else -1)

    top = strength(winning)
    winners = [c for c in moves if strength(c) > top]
    losers = [c for c in moves if strength(c) <= top]
    if partner_winning and losers:
        return max(losers, key=lambda c: (values[c], -strength(c)))
    if winners:
        if last or partner_winning:
            return min(winners, key=lambda c: (strength(c), -values[c]))
        return max(winners, key=lambda c: (strength(c), values[c]))
    return min(moves, key=lambda c: (values[c], strength(c)))


def greedy_playout(position: Position) -> list[int]:
    """Play to the end with :func:`greedy_choice` for every seat; the points of each side at the end."""
    hands = [list(h) for h in position.hands]
    trick = list(position.trick)
    points = list(position.points)
    leader = position.leader
    trump, mode, values, side_of = position.trump, position.mode, position.values, position.side_of
    seats = len(hands)
    seat = (leader + len(trick)) % seats
    while hands[seat]:
        hand = hands[seat]
        card = greedy_choice(hand, trick, seat, leader, side_of, trump, mode, values)
        hand.remove(card)
        trick.append(card)
        if len(trick) == seats:
            leader = (leader + trick_winner(trick, trump)) % seats
            gained = 0
            for c in trick:
                gained += values[c]
            if not hands[leader]:
                gained += position.bonus
            points[side_of[leader]] += gained
            trick = []
            seat = leader
        else:
            seat = (seat + 1) % seats
    return points
