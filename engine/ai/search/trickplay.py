"""Perfect-information card play: positions and fast playouts.

This is the core the computer players stand on: they sample the hands they cannot see and play
them out here, when all cards are known; the search (:mod:`engine.ai.search.solver`) works on the same
positions. Everything works on plain card codes (``suit * 6 + rank``). :class:`Position` plays by
:mod:`engine.play`'s rules; the playouts and the search hold hands as bit masks and use
:func:`legal_cards`, the same rules on masks for speed (tests/test_trickplay.py checks that they agree).

>>> from engine.cards import parse_cards, HEARTS
>>> from engine.rules import preset
>>> pos = Position.start([parse_cards("AH 9S"), parse_cards("TH AS")], HEARTS, preset("two_hand"), leader=0)
>>> [str(CARDS[c]) for c in pos.legal()], greedy_playout(pos)
(['9S', 'AH'], [31, 11])

What to use when:

* :func:`random_playout` / :func:`greedy_playout`: a whole hand played out in a fraction of a
  millisecond (``python -m engine.bench_play`` prints the rates), for Monte Carlo estimates.
* :func:`greedy_choice`: the rule of thumb for one card, as the greedy playout plays it.
* :func:`engine.ai.search.solver.solve`: the exact (or anytime) best card.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.cards import CARDS, KINDS
from engine.play import (
    FREE,
    MUST_BEAT,
    WIN_IF_ABLE,
    card_values,
    last_trick_bonus,
    legal_codes,
    play_mode,
    trick_strengths,
    trick_winner,
)
from engine.rules import Rules

__all__ = ["Position", "greedy_choice", "greedy_playout", "random_playout"]


# -- the rules of play on bit masks ------------------------------------------------------------
# The playouts and the search hold each hand as a mask of the cards it holds (bit ``c`` for card
# code ``c``, set while at least one copy is left) and the number of copies of each card.
# :func:`legal_cards` is :func:`engine.play.legal_codes` on such masks, and ``BEATERS`` says which
# cards take a trick; tests/test_trickplay.py checks that they agree with the game's rules.

SUIT_MASKS = tuple(0x3F << (6 * suit) for suit in range(4))

# BEATERS[trump][card]: the cards that take a trick from ``card``, the card now winning it (a
# winning card is a trump or of the suit led, so the suit led does not matter).
BEATERS = tuple(
    tuple(
        sum(1 << c for c in range(KINDS)
            if c // 6 == win // 6 and c % 6 > win % 6 or c // 6 == trump != win // 6)
        for win in range(KINDS)
    )
    for trump in range(4)
)

# The card codes of a mask in ascending order, by its low and high twelve bits.
_LOW = tuple([c for c in range(12) if m >> c & 1] for m in range(1 << 12))
_HIGH = tuple([c + 12 for c in range(12) if m >> c & 1] for m in range(1 << 12))


def mask_cards(mask: int) -> list[int]:
    """The card codes of ``mask``, in ascending order (a new list)."""
    return _LOW[mask & 0xFFF] + _HIGH[mask >> 12]


def legal_mask(held: int, led: int, win: int, trump: int, mode: int) -> int:
    """The mask of the cards of ``held`` that may follow to a trick led in ``led`` and now won by card ``win``."""
    if mode == FREE:
        return held
    beaters = BEATERS[trump][win]
    follow = held & SUIT_MASKS[led]
    if mode == WIN_IF_ABLE:
        allowed = follow or held
        return allowed & beaters or allowed
    if follow:  # must-beat beats in the suit led; post-1945 only when trump is led
        return follow & beaters or follow if mode == MUST_BEAT or led == trump else follow
    trumps = held & SUIT_MASKS[trump]
    if trumps:
        return trumps & beaters or trumps if mode == MUST_BEAT else trumps
    return held


def legal_cards(held: int, led: int, win: int, trump: int, mode: int) -> list[int]:
    """The cards of ``held`` that may follow to a trick led in ``led`` and now won by card ``win``.

    The same cards, in the same order, as :func:`engine.play.legal_codes` gives for the sorted hand
    (leading, any card may be played: ``mask_cards(held)``).
    """
    return mask_cards(legal_mask(held, led, win, trump, mode))


def holdings(hands: Sequence[Sequence[int]]) -> tuple[list[int], list[list[int]]]:
    """Each hand's mask and its number of copies of each card."""
    masks = []
    copies = []
    for hand in hands:
        mask = 0
        held = [0] * KINDS
        for c in hand:
            mask |= 1 << c
            held[c] += 1
        masks.append(mask)
        copies.append(held)
    return masks, copies


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
    return _play_out(position, rng)


def greedy_choice(hand: Sequence[int], trick: Sequence[int], seat: int, leader: int, side_of: Sequence[int],
                  trump: int, mode: int, values: Sequence[int]) -> int:
    """A quick rule-of-thumb play (the playout policy): cheap, reasonable, never illegal.

    Leading: a non-trump ace, else the lowest non-trump, else the lowest trump. Following: if the
    seat's side is winning the trick, the most valuable card that does not take it over (smear);
    else win with the highest winning card when players are still to come, the cheapest when last;
    unable to win, the least valuable card.
    """
    moves = legal_codes(hand, trick, trump, mode)
    if not trick:
        return _greedy_pick(moves, trump, values, -1, -1, False, False)
    win_index = trick_winner(trick, trump)
    partner_winning = side_of[(leader + win_index) % len(side_of)] == side_of[seat]
    last = len(trick) == len(side_of) - 1
    return _greedy_pick(moves, trump, values, trick[0] // 6, trick[win_index], partner_winning, last)


def _greedy_pick(moves: Sequence[int], trump: int, values: Sequence[int], led: int, win: int,
                 partner_winning: bool, last: bool) -> int:
    """:func:`greedy_choice` among the legal ``moves``: ``led`` is -1 when leading, else the suit
    led, with ``win`` the card now winning the trick. Of equally good cards, the first."""
    if len(moves) == 1:
        return moves[0]
    if led < 0:
        for c in moves:
            if c % 6 == 5 and c // 6 != trump:
                return c
        # lowest non-trump by rank, else the lowest trump
        best_key, best = 99, -1
        for c in moves:
            key = c % 6 + (10 if c // 6 == trump else 0)
            if key < best_key:
                best_key, best = key, c
        return best
    # The keys below weigh a card by its count first, its strength in the trick second (or the
    # other way round): strength is -1..11, so ``a * 64 + b`` orders as the pair (a, b) does.
    strength = trick_strengths(trump, led)
    top = strength[win]
    best = -1
    if partner_winning:  # smear: the most valuable card that does not take the trick, the weakest of equals
        best_key = -99
        for c in moves:
            s = strength[c]
            if s <= top and values[c] * 64 - s > best_key:
                best_key, best = values[c] * 64 - s, c
        if best >= 0:
            return best
    if last or partner_winning:  # the cheapest winner: the weakest, the most valuable of equals
        best_key = 999
        for c in moves:
            s = strength[c]
            if s > top and s * 64 - values[c] < best_key:
                best_key, best = s * 64 - values[c], c
    else:  # the highest winner, the most valuable of equals
        best_key = -1
        for c in moves:
            s = strength[c]
            if s > top and s * 64 + values[c] > best_key:
                best_key, best = s * 64 + values[c], c
    if best >= 0:
        return best
    best_key = 999  # unable to win: the least valuable card, the weakest of equals
    for c in moves:
        if values[c] * 64 + strength[c] < best_key:
            best_key, best = values[c] * 64 + strength[c], c
    return best


def greedy_playout(position: Position) -> list[int]:
    """Play to the end with :func:`greedy_choice` for every seat; the points of each side at the end."""
    return _play_out(position, None)


# -- the rule of thumb on masks, for the playouts ------------------------------------------------
# :func:`_greedy_pick` on the mask of the legal cards: each of its choices is the first card of a
# set under an order (by count, then strength in the trick, then code), found here with a few mask
# operations. Within a suit a higher code is a higher rank, and a stronger card in a trick: the
# suit led is above any other plain suit, trumps above the suit led.

_RANKS = tuple(sum(1 << (suit * 6 + rank) for suit in range(4)) for rank in range(6))
_ACES = _RANKS[5]
_COUNT_LEVELS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _count_levels(values: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The masks of the cards of each count, the least valuable first, and the most valuable first."""
    levels = _COUNT_LEVELS.get(values)
    if levels is None:
        by_count = tuple(sum(1 << c for c in range(KINDS) if values[c] == v) for v in sorted(set(values)))
        levels = _COUNT_LEVELS[values] = (by_count, by_count[::-1])
    return levels


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _weakest(mask: int, led_mask: int, trump_mask: int) -> int:
    """The weakest card of ``mask`` in the trick (another plain suit, then the suit led, then
    trumps; of equal strength the lowest code)."""
    part = mask & ~(led_mask | trump_mask) or mask & led_mask or mask
    return (part & -part).bit_length() - 1


def _greedy_lead(held: int, trump_mask: int) -> int:
    """:func:`_greedy_pick` leading: a plain ace, else the lowest plain card, else the lowest trump."""
    plain = held & ~trump_mask
    if not plain:
        return _lowest(held)
    aces = plain & _ACES
    if aces:
        return _lowest(aces)
    for rank_mask in _RANKS:
        if plain & rank_mask:
            return _lowest(plain & rank_mask)
    raise AssertionError("a plain card of no rank")


def _play_out(position: Position, rng: random.Random | None) -> list[int]:
    """Play ``position`` to the end, random legal cards from ``rng`` or greedy ones without it."""
    masks, copies = holdings(position.hands)
    points = list(position.points)
    trump, mode, values, side_of = position.trump, position.mode, position.values, position.side_of
    beaters = BEATERS[trump]
    trump_mask = SUIT_MASKS[trump]
    cheap_first, dear_first = _count_levels(values)
    seats = len(masks)
    trick = position.trick
    played = len(trick)
    seat = (position.leader + played) % seats
    choice = rng.choice if rng is not None else None
    if trick:
        win_index = trick_winner(trick, trump)
        led, win, win_seat = trick[0] // 6, trick[win_index], (position.leader + win_index) % seats
        gained = sum(values[c] for c in trick)
    elif masks[seat]:
        led = win = win_seat = gained = -1
    else:
        return points
    while True:
        if not played:  # the lead
            held = masks[seat]
            if choice is not None:
                card = choice(mask_cards(held))
            elif not held & (held - 1):
                card = held.bit_length() - 1
            else:
                card = _greedy_lead(held, trump_mask)
            mine = copies[seat]
            mine[card] -= 1
            if not mine[card]:
                masks[seat] = held ^ 1 << card
            led, win, win_seat, gained = card // 6, card, seat, values[card]
            played = 1
            seat = seat + 1 if seat + 1 < seats else 0
        led_mask = SUIT_MASKS[led]
        while played < seats:  # the cards following
            held = masks[seat]
            if mode == FREE:
                legal = held
            elif held & led_mask and mode != WIN_IF_ABLE:
                legal = held & led_mask
                if mode == MUST_BEAT or led_mask == trump_mask:
                    legal = legal & beaters[win] or legal
            else:
                legal = legal_mask(held, led, win, trump, mode)
            if choice is not None:
                card = choice(mask_cards(legal))
            elif not legal & (legal - 1):  # one card
                card = legal.bit_length() - 1
            else:
                winners = legal & beaters[win]
                if side_of[win_seat] == side_of[seat]:  # smear: the most valuable card that does not take it
                    losers = legal & ~winners
                    if losers:
                        for level in dear_first:
                            if losers & level:
                                card = _weakest(losers & level, led_mask, trump_mask)
                                break
                    else:  # the cheapest winner
                        card = _lowest(winners & led_mask or winners)
                elif winners:
                    if played == seats - 1:  # the cheapest winner
                        card = _lowest(winners & led_mask or winners)
                    else:  # the highest winner
                        card = (winners & trump_mask or winners).bit_length() - 1
                else:  # unable to win: the least valuable card
                    for level in cheap_first:
                        if legal & level:
                            card = _weakest(legal & level, led_mask, trump_mask)
                            break
            mine = copies[seat]
            mine[card] -= 1
            if not mine[card]:
                masks[seat] = held ^ 1 << card
            if beaters[win] >> card & 1:
                win, win_seat = card, seat
            gained += values[card]
            played += 1
            seat = seat + 1 if seat + 1 < seats else 0
        if not masks[win_seat]:
            points[side_of[win_seat]] += gained + position.bonus
            return points
        points[side_of[win_seat]] += gained
        played = 0
        seat = win_seat
