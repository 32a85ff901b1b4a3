"""What a hand is worth before the play: meld per trump suit, simulated trick points, partner's help.

The computer players bid, name trump, pass, bury and throw in from these estimates. A hand is
valued as the declarer would hold it: for each trump suit, the unseen cards are dealt at random to
the other seats (and the widow) many times; in each deal the widow is taken, partners pass cards
both ways by the rules of thumb below, the declarer buries, and the hand is played out by the fast
greedy policy of :mod:`engine.ai.search.trickplay`. The declaring side's meld plus its trick points in each
deal make a distribution; the bidder bids up to one of its lower quantiles (how low is the level's
caution, see :func:`bid_limit`), or, bidding for the expected score (:func:`score_limit`), to the
highest bid worth more than passing among those made often enough. The deals may be weighed by
what the auction says about the hidden hands (``weigh`` of :func:`evaluate_hand`).

>>> import random
>>> from engine.cards import parse_cards, HEARTS
>>> from engine.rules import preset
>>> hand = parse_cards("AH AH TH KH QH JH 9H AS AD AC KS QS")
>>> value = evaluate_hand(hand, 0, preset("partnership_auction"), samples=8, rng=random.Random(1))
>>> value.best.trump == HEARTS, value.best.mean > 350
(True, True)

Everything here reads the rules (counts, meld table, passing, widow) from :class:`~engine.rules.Rules`;
no function tests a variant's name. Card codes are plain ints (``suit * 6 + rank``).
"""

from __future__ import annotations

import itertools
import random
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.ai.search.trickplay import Position, greedy_playout
from engine.cards import ACE, JACK, JACK_OF_DIAMONDS, KING, NINE, QUEEN, QUEEN_OF_SPADES, SUITS, TEN, card, new_deck
from engine.meld import meld_total
from engine.play import card_values
from engine.rules import Rules

__all__ = [
    "HandValue",
    "TrumpValue",
    "best_bury",
    "best_pass",
    "best_return",
    "bid_limit",
    "declare_value",
    "evaluate_hand",
    "keep_strength",
    "pass_score",
    "quick_value",
    "rival_value",
    "scale",
    "score_limit",
    "stable_seed",
    "tally_strength",
    "trump_choices",
    "weighted_pick",
]


def scale(rules: Rules) -> float:
    """Points of this rule set per point of the standard game (0.1 when scores are divided by ten)."""
    return rules.trick_total / 250


def stable_seed(*parts: object) -> int:
    """A seed that is the same in every process (``hash`` of a string is not)."""
    return zlib.crc32(repr(parts).encode())


def tally(cards: Iterable[int]) -> list[int]:
    t = [0] * 24
    for c in cards:
        t[c] += 1
    return t


def trump_choices(hand: Sequence[int], rules: Rules) -> list[int]:
    """The suits this hand may name (a marriage is needed where the rules ask for one)."""
    if not rules.trump_needs_marriage:
        return list(SUITS)
    t = tally(hand)
    return [s for s in SUITS if t[card(s, KING)] and t[card(s, QUEEN)]]


# -- rules of thumb ------------------------------------------------------------------------------


def keep_strength(hand: Sequence[int], trump: int) -> float:
    """A quick measure of trick-taking power, in standard trick points: trumps (more with length),
    aces, tens behind an ace, and voids that let the trumps work."""
    return tally_strength(tally(hand), trump)


def tally_strength(t: Sequence[int], trump: int) -> float:
    """:func:`keep_strength` of the hand whose 24-slot tally is ``t``."""
    trumps = sum(t[trump * 6: trump * 6 + 6])
    value = 0.0
    for suit in SUITS:
        base = suit * 6
        if suit == trump:
            value += 9 * t[base + ACE] + 6 * t[base + TEN] + 4 * t[base + KING] + 3 * (t[base + QUEEN] + t[base + JACK])
            value += 2 * t[base + NINE] + 3 * max(0, trumps - 4) * trumps / 4
            continue
        aces = t[base + ACE]
        held = sum(t[base: base + 6])
        value += 8 * aces + (4 * min(t[base + TEN], aces) if aces else 0)
        if held == 0 and trumps >= 3:
            value += 6
    return value


def pass_score(c: int, trump: int) -> float:
    """How much the declarer wants card ``c`` from the partner: trumps first (the ace most), then
    aces, then the pinochle's parts and cards that fill a run."""
    suit, rank = divmod(c, 6)
    if suit == trump:
        return 100 + 6 * rank if rank != NINE else 90
    score = 0.0
    if rank == ACE:
        score += 60
    if c in (QUEEN_OF_SPADES, JACK_OF_DIAMONDS):
        score += 30
    if rank == TEN:
        score += 8
    return score - rank * 0.1


def _combinations(hand: Sequence[int], size: int) -> list[tuple[int, ...]]:
    return sorted(set(itertools.combinations(sorted(hand), size)))


def _remove(hand: Sequence[int], cards: Iterable[int]) -> list[int]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


Ranked = list[tuple[float, tuple[int, ...]]]


def pass_candidates(hand: Sequence[int], trump: int, rules: Rules, size: int, limit: int = 0) -> Ranked:
    """The partner's passes to the declarer, best first by rule of thumb: what the declarer wants,
    less the partner's own meld broken by parting with the cards (partner's meld counts too)."""
    base = tally(hand)
    own = meld_total(base, trump, rules)
    unit = scale(rules)
    out: Ranked = []
    for combo in _combinations(hand, size):
        for c in combo:
            base[c] -= 1
        kept = meld_total(base, trump, rules)
        for c in combo:
            base[c] += 1
        score = sum(pass_score(c, trump) for c in combo) - 0.8 * (own - kept) / unit
        out.append((score, combo))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out[:limit] if limit else out


def best_pass(hand: Sequence[int], trump: int, rules: Rules, size: int) -> tuple[int, ...]:
    """The quick pass (for simulations): the cards the declarer wants most, keeping one's own big meld."""
    ranked = sorted(hand, key=lambda c: -pass_score(c, trump))
    chosen = ranked[:size]
    return tuple(sorted(chosen))


def return_candidates(hand: Sequence[int], trump: int, rules: Rules, size: int, limit: int = 0) -> Ranked:
    """The declarer's return, best first: keep the meld and the trumps, keep aces; give back
    singletons (a void lets the trumps work) and cards that count for nothing."""
    base = tally(hand)
    unit = scale(rules)
    out: Ranked = []
    for combo in _combinations(hand, size):
        for c in combo:
            base[c] -= 1
        meld = meld_total(base, trump, rules) / unit
        strength = tally_strength(base, trump)
        for c in combo:
            base[c] += 1
        # Trumps given back weaken the declarer; a small tie-break keeps counters home.
        penalty = sum(25 for c in combo if c // 6 == trump) + sum(0.5 * (c % 6) for c in combo)
        out.append((meld + strength - penalty, combo))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out[:limit] if limit else out


def best_return(hand: Sequence[int], trump: int, rules: Rules, size: int) -> tuple[int, ...]:
    return return_candidates(hand, trump, rules, size, limit=1)[0][1]


def bury_candidates(hand: Sequence[int], buriable: Sequence[int], trump: int, rules: Rules,
                    limit: int = 0) -> Ranked:
    """Three cards to bury, best first: points that count for the declarer at once, voids made,
    trumps and aces kept (the meld was shown already; strict rules keep its cards out of ``buriable``)."""
    values = card_values(rules)
    unit = scale(rules)
    out: Ranked = []
    for combo in _combinations(buriable, 3):
        kept = _remove(hand, combo)
        score = sum(values[c] for c in combo) / unit * 0.8 + keep_strength(kept, trump)
        score -= sum(20 for c in combo if c // 6 == trump)
        out.append((score, combo))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out[:limit] if limit else out


def best_bury(hand: Sequence[int], buriable: Sequence[int], trump: int, rules: Rules) -> tuple[int, ...]:
    return bury_candidates(hand, buriable, trump, rules, limit=1)[0][1]


def quick_value(hand: Sequence[int], trump: int, rules: Rules) -> float:
    """No simulation: meld plus a rule-of-thumb share of the trick points (easy's eye for a hand)."""
    unit = scale(rules)
    meld = meld_total(tally(hand), trump, rules)
    share = keep_strength(hand, trump) * 1.6 * rules.hand_size / 12 * float((4 / rules.players) ** 0.5)
    tricks = min(float(rules.trick_total), share * unit + 0.25 * rules.trick_total / max(1, rules.players // 2))
    return float(meld) + tricks


# -- simulation ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrumpValue:
    """The declaring side's prospects with one trump suit over the simulated deals."""

    trump: int
    meld: float               # the declarer's own meld (mean, after widow and passes)
    partner_meld: float       # the partner's meld (mean, after passes; 0 without a partner)
    tricks: float             # the declaring side's trick points (mean, buried points included)
    totals: tuple[int, ...]   # the side's meld + tricks in each simulated deal, sorted
    # Per simulated deal: (the side's meld + tricks, the opponents' meld + tricks as defenders) and,
    # when a rival seat was named, (the rival side's meld + tricks as declarers in its best suit, our
    # side's meld + tricks defending it); for bidding to the expected score (:func:`score_limit`).
    deals: tuple[tuple[int, int], ...] = ()
    rivals: tuple[tuple[int, int], ...] = ()

    @property
    def mean(self) -> float:
        return sum(self.totals) / len(self.totals) if self.totals else 0.0

    def quantile(self, q: float) -> float:
        """The total reached in a share ``1 - q`` of the deals (``q`` = 0.5: the median)."""
        if not self.totals:
            return 0.0
        i = min(len(self.totals) - 1, max(0, int(q * len(self.totals))))
        return float(self.totals[i])


@dataclass(frozen=True)
class HandValue:
    by_trump: dict[int, TrumpValue]

    @property
    def best(self) -> TrumpValue:
        return max(self.by_trump.values(), key=lambda v: (v.mean, -v.trump))


def _rival_contract(hands: list[list[int]], widow: Sequence[int], rival: int, rules: Rules) -> tuple[int, int]:
    """The rival side declaring in the suit its declarer's hand is best in: (its total, ours)."""
    hand = hands[rival]
    suits = trump_choices(hand + list(widow), rules) or list(SUITS)
    trump = max(suits, key=lambda s: (quick_value(hand, s, rules), -s))
    _meld, _partner, tricks, total = simulate_contract(hands, widow, rival, trump, rules)
    ours = sum(meld_total(tally(hands[s]), trump, rules) for s in range(rules.players)
               if rules.team_of(s) != rules.team_of(rival))
    return total, ours + rules.trick_total - tricks


def _opponents_meld(hands: list[list[int]], seat: int, trump: int, rules: Rules) -> int:
    side = rules.team_of(seat)
    return sum(meld_total(tally(hands[s]), trump, rules) for s in range(rules.players) if rules.team_of(s) != side)


T = TypeVar("T")


def weighted_pick(items: Sequence[T], weights: Sequence[float], count: int, rng: random.Random) -> list[T]:
    """``count`` of the ``items``, none twice, each drawn in turn with a chance in proportion to its
    weight (weights of 0 last): the likely ones more often, without letting a few very likely ones
    crowd out the rest."""
    keys = [(rng.random() ** (1.0 / w) if w > 0 else -rng.random(), i) for i, w in enumerate(weights)]
    keys.sort(reverse=True)
    return [items[i] for _key, i in keys[:count]]


def unseen_cards(rules: Rules, known: Iterable[int]) -> list[int]:
    """The deck less ``known`` (as a multiset)."""
    pool = Counter(int(c) for c in new_deck(rules.double_deck))
    pool.subtract(Counter(int(c) for c in known))
    return [c for c in sorted(pool) for _ in range(max(0, pool[c]))]


def _side_of(rules: Rules) -> tuple[int, ...]:
    return tuple(rules.team_of(s) for s in range(rules.players))


def simulate_contract(hands: list[list[int]], widow: Sequence[int], declarer: int, trump: int, rules: Rules,
                      passed: bool = False, buried: bool = False) -> tuple[int, int, int, int]:
    """One deal played out as the declarer would play it: widow, passes, bury, greedy play.

    Returns (declarer's meld, partner's meld, the side's trick points, the side's total). ``passed``
    / ``buried``: those steps were already taken in ``hands``.
    """
    hands = [list(h) for h in hands]
    mine = hands[declarer]
    if widow:
        mine.extend(widow)
    partner = rules.partner_of(declarer)
    if partner is not None and rules.pass_cards and not passed:
        given = best_pass(hands[partner], trump, rules, rules.pass_cards)
        hands[partner] = _remove(hands[partner], given)
        mine.extend(given)
        back = quick_return(mine, trump, rules.pass_cards)
        mine = hands[declarer] = _remove(mine, back)
        hands[partner].extend(back)
    my_meld = meld_total(tally(mine), trump, rules)
    partner_meld = meld_total(tally(hands[partner]), trump, rules) if partner is not None else 0
    side = rules.team_of(declarer)
    points = [0] * len(rules.teams)
    if len(mine) > rules.hand_size and not buried:
        values = card_values(rules)
        bury = quick_bury(mine, trump, values)
        points[side] += sum(values[c] for c in bury)
        mine = hands[declarer] = _remove(mine, bury)
    # The defenders play as one side (with no partnerships they still work together against the
    # declarer, as a search of the declarer's prospects must assume).
    sides = [0 if rules.team_of(s) == side else 1 for s in range(rules.players)]
    position = Position.start(hands, trump, rules, leader=declarer, points=[points[side], 0], side_of=sides)
    tricks = greedy_playout(position)[0]
    return my_meld, partner_meld, tricks, my_meld + partner_meld + tricks


def quick_return(hand: Sequence[int], trump: int, size: int) -> list[int]:
    """Fast return for simulations: the lowest non-trumps, short suits first, trumps never if avoidable."""
    t = tally(hand)
    length = [sum(t[s * 6: s * 6 + 6]) for s in SUITS]

    def key(c: int) -> tuple[int, int, int]:
        suit, rank = divmod(c, 6)
        if suit == trump:
            return (2, rank, 0)
        meldish = 1 if rank in (KING, QUEEN) or c in (QUEEN_OF_SPADES, JACK_OF_DIAMONDS) or rank == ACE else 0
        return (meldish, length[suit], rank)

    return sorted(hand, key=key)[:size]


def quick_bury(hand: Sequence[int], trump: int, values: Sequence[int]) -> list[int]:
    """Fast bury for simulations: counters that are not aces and not trumps, from the shortest suits."""
    t = tally(hand)
    length = [sum(t[s * 6: s * 6 + 6]) for s in SUITS]

    def key(c: int) -> tuple[int, int, int]:
        suit, rank = divmod(c, 6)
        if suit == trump or rank == ACE:
            return (1, 0, rank)
        return (0, length[suit], -values[c])

    return sorted(hand, key=key)[:3]


_CACHE: dict[tuple[object, ...], HandValue] = {}
DRAWN_PER_DEAL = 3   # deals dealt per deal played out when the auction weighs them


def evaluate_hand(hand: Sequence[int], seat: int, rules: Rules, samples: int, rng: random.Random | None = None,
                  suits: Sequence[int] | None = None, deadline: float | None = None,
                  known: Sequence[Sequence[int]] | None = None, known_widow: Sequence[int] = (),
                  weigh: Callable[[list[list[int]]], float] | None = None, rival: int | None = None) -> HandValue:
    """The hand's value as the declarer's with each trump suit, over ``samples`` random deals of the
    unseen cards (``known`` and ``known_widow``: the real cards, for the player that sees all).

    Deterministic: the deals come from ``rng`` when given, else from a seed made of the hand and
    the rules; results without ``rng`` are cached. ``deadline`` (a ``time.perf_counter`` value) cuts
    the sampling short (at least four deals are always made). ``weigh`` (a deal's hands -> how
    likely the auction seen is with them): ``DRAWN_PER_DEAL`` times as many deals are dealt and the
    ``samples`` played out are drawn from them in proportion to it. ``rival``: a seat of the other
    side whose contract in its best suit is played out in each deal too (``TrumpValue.rivals``).
    """
    hand = sorted(int(c) for c in hand)
    choices = list(suits) if suits is not None else trump_choices(hand + [], rules)
    if not choices:
        choices = list(SUITS)
    key: tuple[object, ...] | None = None
    if rng is None and known is None and deadline is None and weigh is None:
        key = (rules, tuple(hand), seat, samples, tuple(choices), rival)
        cached = _CACHE.get(key)
        if cached is not None:
            return cached
        rng = random.Random(stable_seed("evaluate", hand, seat, samples))
    elif rng is None:
        rng = random.Random(stable_seed("evaluate", hand, seat, samples))
    results: dict[int, list[tuple[int, int, int, int, int]]] = {s: [] for s in choices}
    rivals: list[tuple[int, int]] = []
    players = rules.players
    deals: list[tuple[list[list[int]], list[int]]] = []
    if known is not None:
        deals = [([sorted(int(c) for c in h) for h in known], [int(c) for c in known_widow])]
    else:
        pool = unseen_cards(rules, hand)
        for _ in range(max(1, samples) * (DRAWN_PER_DEAL if weigh is not None else 1)):
            rng.shuffle(pool)
            hands = []
            at = 0
            for other in range(players):
                if other == seat:
                    hands.append(list(hand))
                else:
                    hands.append(pool[at: at + rules.hand_size])
                    at += rules.hand_size
            deals.append((hands, pool[at: at + rules.widow_size]))
        if weigh is not None:
            deals = weighted_pick(deals, [weigh(hands) for hands, _widow in deals], max(1, samples), rng)
    for i, (hands, widow) in enumerate(deals):
        if deadline is not None and i >= 4 and time.perf_counter() > deadline:
            break
        for s in choices:
            if known is None and rules.trump_needs_marriage and s not in trump_choices(hand + widow, rules):
                continue
            results[s].append(simulate_contract(hands, widow, seat, s, rules)
                              + (_opponents_meld(hands, seat, s, rules),))
        if rival is not None:
            rivals.append(_rival_contract(hands, widow, rival, rules))
    by_trump: dict[int, TrumpValue] = {}
    for s, rows in results.items():
        if not rows:
            continue
        n = len(rows)
        by_trump[s] = TrumpValue(s, sum(r[0] for r in rows) / n, sum(r[1] for r in rows) / n,
                                 sum(r[2] for r in rows) / n, tuple(sorted(r[3] for r in rows)),
                                 tuple((r[3], r[4] + rules.trick_total - r[2]) for r in rows), tuple(rivals))
    if not by_trump:  # no suit can be trump with any widow: worth nothing as the declarer
        by_trump[choices[0]] = TrumpValue(choices[0], 0.0, 0.0, 0.0, (0,))
    value = HandValue(by_trump)
    if key is not None:
        if len(_CACHE) > 512:
            _CACHE.clear()
        _CACHE[key] = value
    return value


def promising_suits(hand: Sequence[int], rules: Rules, count: int) -> list[int]:
    """The ``count`` suits most worth simulating, by the quick value (meld and trick power)."""
    choices = trump_choices(hand, rules) if not rules.widow_size else list(SUITS)
    if not choices:
        return []
    ranked = sorted(choices, key=lambda s: (-quick_value(hand, s, rules), s))
    return ranked[:count]


def made_share(value: TrumpValue, bid: int) -> float:
    """The share of the simulated deals in which the side reaches ``bid``."""
    return sum(1 for t in value.totals if t >= bid) / max(1, len(value.totals))


def declare_value(value: TrumpValue, bid: int) -> float:
    """Our side's score less the opponents', on average over the simulated deals, if we declare at
    ``bid``: our meld and tricks when the contract is made, minus the bid when it is set, less what
    the opponents take as defenders. (When a set gives the bid to the opponents instead, the
    difference is the same.)"""
    if not value.deals:
        return 0.0
    return sum((ours if ours >= bid else -bid) - theirs for ours, theirs in value.deals) / len(value.deals)


def rival_value(value: TrumpValue, bid: int, holds: bool) -> float:
    """Our side's score less the opponents', on average, if we pass and the rival takes the contract
    at ``bid``. A rival that ``holds`` that bid already declares and scores at least the bid (the
    players make most of the contracts they bid; the simulated rival, dealt at random, would make
    too few), more when its deal gives it more; one that has not bid takes the contract only in
    the deals in which its side reaches ``bid`` (else nothing is scored)."""
    if not value.rivals:
        return 0.0
    if holds:
        total = sum(ours - max(theirs, bid) for theirs, ours in value.rivals)
    else:
        total = sum(ours - theirs for theirs, ours in value.rivals if theirs >= bid)
    return total / len(value.rivals)


def score_limit(value: TrumpValue, bids: Sequence[int], least_made: float, passing: float) -> int | None:
    """The highest of ``bids`` worth declaring at: made in at least a share ``least_made`` of the
    deals, and worth more on average than ``passing`` (what passing is worth: the rival's contract,
    :func:`rival_value`, or nothing). ``None`` if no bid is."""
    best = None
    for bid in sorted(bids):
        if made_share(value, bid) < least_made:
            break
        if declare_value(value, bid) >= passing:
            best = bid
    return best


def bid_limit(value: TrumpValue, caution: float) -> float:
    """The highest contract worth bidding: the total the side reaches in a share ``1 - caution`` of
    the deals (0.3: a bid made seven times in ten, by the simulation; a higher value is bolder)."""
    return value.quantile(caution)
