"""Sampling the cards a seat cannot see, consistent with everything it has seen ("worlds").

A computer player that simulates needs the other hands. It knows its own cards, every card
played, the meld shown (and, two-handed, laid), the cards it passed or received, the widow once
turned up, the turned-up trump and who took it; and from the play it infers what others cannot
hold: a seat that did not follow suit is void in it, one that did not trump is void in trumps,
and under the must-beat rules one that followed without beating the winning card holds nothing
higher in that suit. :func:`knowledge` gathers all of that; :func:`sample_world` deals the unseen
cards to the hidden places (other hands, two-handed stock, three-handed buried cards) so that every
fact holds; :func:`play_likelihood` weighs a world by how likely the plays seen are under our own
playout policy (the ``hard`` level's "weighted worlds"), :func:`auction_likelihood` by how likely
each seat's bids and passes are with its hand (the learned :mod:`engine.ai.auction_model`), and
:func:`pass_likelihood` by how well the cards passed follow the order of passing; a weight only
makes a world less likely, it never makes one inconsistent with what the seat saw.

>>> import random
>>> from engine.game import new_game
>>> from engine.rules import preset
>>> game = new_game(preset("partnership_auction"), seed=4)
>>> know = knowledge(game, 0)
>>> world = sample_world(know, random.Random(1))
>>> sorted(world.hands[0]) == sorted(game.hand.hands[0]), [len(h) for h in world.hands]
(True, [12, 12, 12, 12])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.ai.auction_model import action_kinds, load_model
from engine.ai.trickplay import greedy_choice
from engine.cards import ACE, CARDS, KINDS, Card, counts, new_deck
from engine.game import Game
from engine.observation import Observation, observe
from engine.play import FREE, MUST_BEAT, POST_1945, WIN_IF_ABLE, card_values, legal_codes, play_mode, trick_strengths
from engine.rules import TrumpBy

ALL_KINDS = (1 << KINDS) - 1
_SUIT_MASK = tuple(sum(1 << (s * 6 + r) for r in range(6)) for s in range(4))


def _above(suit: int, rank: int) -> int:
    """The kinds of ``suit`` ranked above ``rank``."""
    return sum(1 << (suit * 6 + r) for r in range(rank + 1, 6))


@dataclass
class Knowledge:
    """What one seat knows about where the unseen cards are.

    Holders are the seats (``0 .. players-1``), then :attr:`stock` and :attr:`buried` when they
    hide cards. ``pinned[h]`` are cards known to be in holder ``h``; ``free`` the cards whose place
    is unknown, each with the holders it may be in (``places``); ``room[h]`` how many unknown cards
    holder ``h`` takes; ``allowed[h]`` a bit mask of the kinds ``h`` may hold (voids and caps).
    """

    seat: int
    players: int
    hand: tuple[Card, ...]
    pinned: list[list[Card]]
    room: list[int]
    allowed: list[int]
    free: list[Card]
    places: list[tuple[int, ...]]
    stock: int
    buried: int
    turnup: Card | None = None
    inferences: int = 0
    forgotten: list[Card] = field(default_factory=list)

    @property
    def holders(self) -> int:
        return len(self.room)


@dataclass
class World:
    """One deal of the unseen cards: every seat's hand (the real one for our own seat)."""

    hands: list[list[Card]]
    stock: list[Card]
    buried: list[Card]
    weight: float = 1.0


def _played_by_seat(obs: Observation, players: int) -> list[list[Card]]:
    played: list[list[Card]] = [[] for _ in range(players)]
    for t in obs.tricks:
        for s, c in t.plays:
            played[s].append(c)
    for s, c in obs.trick:
        played[s].append(c)
    return played


def _subtract(cards: Sequence[Card], gone: Sequence[Card]) -> list[Card]:
    left = Counter(cards)
    left.subtract(gone)
    out: list[Card] = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    return out


def _max_merge(*groups: Sequence[Card]) -> list[Card]:
    """The fewest cards that contain every group (per card, the most copies any group names)."""
    best: Counter[Card] = Counter()
    for g in groups:
        for c, k in Counter(g).items():
            best[c] = max(best[c], k)
    return sorted(best.elements())


def knowledge(game: Game, seat: int, memory: float = 1.0, rng: random.Random | None = None) -> Knowledge:
    """Everything ``seat`` knows about the unseen cards of ``game`` (see :class:`Knowledge`).

    ``memory`` below 1 forgets, each with that chance kept, the inferences from play and the
    other seats' played cards (a forgotten card is thought to be still out): the ``easy`` level.
    """
    obs = observe(game, seat)
    rules = game.rules
    h = game.hand
    n = rules.players

    def remember() -> bool:
        return memory >= 1.0 or rng is None or rng.random() < memory

    deck = counts(new_deck(rules.double_deck))
    seen: list[Card] = list(obs.hand)
    for t in obs.tables:
        seen.extend(t)
    played = _played_by_seat(obs, n)
    forgotten: list[Card] = []
    for s in range(n):
        for c in played[s]:
            if s != seat and not remember():
                forgotten.append(c)
            else:
                seen.append(c)
    seen.extend(obs.buried)
    stock = obs.stock_size
    turnup = obs.turnup if stock else None
    if turnup is not None:
        seen.append(turnup)
        stock -= 1
    buried = len(h.buried) if h.buried and seat != h.declarer else 0
    holders = n + 2
    pinned: list[list[Card]] = [[] for _ in range(holders)]
    # cards known to be in other hands, before play began (then less what those seats played)
    known: list[list[list[Card]]] = [[] for _ in range(n)]
    if rules.trump_by != TrumpBy.STOCK:
        for s in range(n):
            score = h.meld[s]
            if s != seat and score is not None:
                known[s].append(score.shown_cards())
    for giver, taker, cards in h.passes:
        if giver == seat and taker != seat:
            # the taker holds them, less any it may have passed back (a lower bound either way)
            back = [c for a, b, cs in h.passes if a == taker and b == seat for c in cs]
            known[taker].append(_subtract(list(cards), back))
    if rules.trump_by == TrumpBy.TURNUP and h.deal.turnup is not None:
        holder = h.deal.dealer
        for exchanger, _dix, _taken in h.dix_exchanges:
            holder = exchanger
        if holder != seat:
            known[holder].append([h.deal.turnup])
        for _s, dix, _taken in h.dix_exchanges:
            if h.deal.dealer != seat:
                known[h.deal.dealer].append([dix])
    if rules.trump_by == TrumpBy.STOCK:
        for s, _dix, taken in h.dix_exchanges:
            if s != seat:
                known[s].append([taken])
    # Three-handed, seen by an opponent: the widow's cards, and the meld shown before the bury unless
    # the strict bury keeps meld in hand, are with the declarer or among the buried cards.
    bury_group: list[Card] = []
    if buried and h.declarer is not None:
        bury_group = list(obs.widow)
        if not rules.strict_bury:
            bury_group = _max_merge(bury_group, *known[h.declarer])
            known[h.declarer] = []
    for s in range(n):
        if s == seat:
            continue
        pins = _subtract(_max_merge(*known[s]), played[s]) if known[s] else []
        if obs.tables:
            pins = _subtract(pins, obs.tables[s])
        pins = pins[: len(h.hands[s])]
        pinned[s] = pins
    size = [0] * holders
    for s in range(n):
        if s != seat:
            size[s] = obs.hand_sizes[s]
    size[n] = stock
    size[n + 1] = buried
    seen_tally = counts(seen)
    for s in range(n):
        for c in pinned[s]:
            seen_tally[c] += 1
    free: list[Card] = []
    for code in range(KINDS):
        free.extend([CARDS[code]] * max(0, deck[code] - seen_tally[code]))
    room = [size[x] - len(pinned[x]) for x in range(holders)]
    widow_free: Counter[Card] = Counter()
    if bury_group and h.declarer is not None:
        widow_free = Counter(_subtract(bury_group, played[h.declarer] + pinned[h.declarer]))
    allowed = [ALL_KINDS] * holders
    inferences = 0
    mode = play_mode(rules)
    if not (rules.trump_by == TrumpBy.STOCK and stock > 0) and h.trump is not None and mode != FREE:
        tricks: list[list[tuple[int, int]]] = [[(s, int(c)) for s, c in done.plays] for done in obs.tricks]
        tricks.append([(s, int(c)) for s, c in obs.trick])
        if rules.trump_by == TrumpBy.STOCK:
            tricks = tricks[len(tricks) - 1 - _phase2_tricks(obs, rules.hand_size):]
        for plays in tricks:
            for i in range(1, len(plays)):
                s, code = plays[i]
                if s == seat:
                    continue
                mask = _inference([x for _, x in plays[:i]], code, h.trump, mode)
                if mask != ALL_KINDS and remember():
                    allowed[s] &= mask
                    inferences += 1
    places: list[tuple[int, ...]] = []
    for c in free:
        if widow_free[c] > 0:
            widow_free[c] -= 1
            assert h.declarer is not None
            places.append(tuple(x for x in (h.declarer, n + 1) if room[x] > 0) or _open(room))
        else:
            places.append(_open(room))
    return Knowledge(seat, n, obs.hand, pinned, room, allowed, free, places, stock, buried, turnup, inferences,
                     forgotten)


def _phase2_tricks(obs: Observation, hand_size: int) -> int:
    """Two-handed: how many finished tricks were played after the stock ran out."""
    return max(0, len(obs.tricks) - hand_size)


def _open(room: list[int]) -> tuple[int, ...]:
    return tuple(x for x, r in enumerate(room) if r > 0)


def _inference(before: list[int], played: int, trump: int, mode: int) -> int:
    """The kinds a seat may still hold after playing ``played`` to a trick holding ``before``."""
    led = before[0] // 6
    strength = trick_strengths(trump, led)
    best = max(strength[c] for c in before)
    mask = ALL_KINDS
    if mode == WIN_IF_ABLE and strength[played] <= best:
        # The seat held no card that could have won among those it might play.
        if played // 6 != led:
            return mask & ~_SUIT_MASK[led] & ~(_above(trump, best - 6) if best >= 6 else _SUIT_MASK[trump])
        if best < 6 or led == trump:  # (a card of the suit led cannot win a trumped trick)
            mask &= ~_above(led, best - 6 if led == trump else best)
        return mask
    if played // 6 != led:
        mask &= ~_SUIT_MASK[led]
        if played // 6 != trump:
            mask &= ~_SUIT_MASK[trump]
        elif mode == MUST_BEAT and best >= 6 and strength[played] <= best:
            mask &= ~_above(trump, best - 6)
        return mask
    if (best < 6 or led == trump) and (mode == MUST_BEAT or (led == trump and mode == POST_1945)):
        if strength[played] <= best:
            mask &= ~_above(led, best - 6 if led == trump else best)
    return mask


def sample_world(know: Knowledge, rng: random.Random, tries: int = 40) -> World:
    """Deal the unseen cards so every known fact holds (inferences are dropped only if they cannot all hold)."""
    n = know.players
    free = list(know.free) + list(know.forgotten)
    places = list(know.places) + [_open(know.room)] * len(know.forgotten)
    total_room = sum(know.room)
    spare = len(free) - total_room  # forgotten cards: some are really gone
    for attempt in range(tries + 1):
        relax = attempt == tries
        dealt = _deal(free, places, know, rng, spare, relax)
        if dealt is not None:
            break
    else:  # pragma: no cover - the relaxed deal always succeeds
        raise AssertionError("no consistent world")
    hands = [list(know.pinned[s]) + dealt[s] for s in range(n)]
    hands[know.seat] = list(know.hand)
    stock = dealt[n]
    if know.turnup is not None:
        stock = stock + [know.turnup]
    return World(hands, stock, dealt[n + 1])


def _deal(free: list[Card], places: list[tuple[int, ...]], know: Knowledge, rng: random.Random, spare: int,
          relax: bool) -> list[list[Card]] | None:
    order = list(range(len(free)))
    rng.shuffle(order)
    room = list(know.room)
    allowed = know.allowed

    def options(i: int) -> list[int]:
        c = free[i]
        return [x for x in places[i] if room[x] > 0 and (relax or allowed[x] >> c & 1)]

    order.sort(key=lambda i: len([x for x in places[i] if relax or allowed[x] >> free[i] & 1]))
    out: list[list[Card]] = [[] for _ in range(know.holders)]
    for i in order:
        choices = options(i)
        if not choices:
            if spare > 0:
                spare -= 1
                continue
            return None
        weights = [room[x] for x in choices]
        if spare > 0 and rng.random() < spare / (spare + sum(weights)):
            spare -= 1
            continue
        x = rng.choices(choices, weights)[0] if len(choices) > 1 else choices[0]
        room[x] -= 1
        out[x].append(free[i])
    if any(room):
        return None
    return out


def real_world(game: Game) -> World:
    """The actual cards (for the ``perfect`` level, which sees all by design)."""
    h = game.hand
    return World([list(x) for x in h.hands], list(h.stock), list(h.buried))


def playing_sides(game: Game) -> tuple[int, ...]:
    """Side of each seat as the players model the play: partners share a side; three-handed, the
    declarer plays against the other two together (they both want the declarer set)."""
    rules = game.rules
    declarer = game.hand.declarer
    if rules.partnerships or declarer is None or rules.players == 2:
        return tuple(rules.team_of(s) for s in range(rules.players))
    return tuple(0 if s == declarer else 1 for s in range(rules.players))


def play_likelihood(game: Game, seat: int, world: World, agree: float = 0.6) -> float:
    """How likely the other seats' plays of this hand are in ``world`` under our playout policy.

    Each play that is the policy's own choice counts ``agree``, any other legal card an equal share
    of the rest; a play that would have been illegal in the world makes it impossible (0).
    """
    rules = game.rules
    h = game.hand
    if h.trump is None or (rules.trump_by == TrumpBy.STOCK and (h.stock or h.tables)):
        return 1.0
    n = rules.players
    mode = play_mode(rules)
    values = card_values(rules)
    side_of = playing_sides(game)
    sequence: list[list[tuple[int, int]]] = [[(s, int(c)) for s, c in tr.plays] for tr in h.tricks]
    if h.trick:
        sequence.append([(s, int(c)) for s, c in h.trick])
    if rules.trump_by == TrumpBy.STOCK:
        sequence = sequence[len(h.tricks) - max(0, len(h.tricks) - rules.hand_size):]
    # hands as they were: today's cards plus every card played since
    hands: list[list[int]] = [[int(c) for c in world.hands[s]] for s in range(n)]
    for t in sequence:
        for s, c in t:
            hands[s].append(c)
    likelihood = 1.0
    for t in sequence:
        leader = t[0][0]
        trick: list[int] = []
        for s, c in t:
            hand = hands[s]
            if s != seat:
                legal = legal_codes(hand, trick, h.trump, mode)
                if c not in legal:
                    return 0.0
                if len(legal) > 1:
                    pick = greedy_choice(hand, trick, s, leader, side_of, h.trump, mode, values)
                    likelihood *= agree if pick == c else (1 - agree) / (len(legal) - 1)
            hand.remove(c)
            trick.append(c)
    return likelihood


# -- what the auction and the passes say --------------------------------------------------------------


def pass_class(code: int, trump: int) -> int:
    """2 for a trump, 1 for another ace, 0 for the rest: the partner passes the highest classes
    first and the declarer returns the lowest (:func:`engine.ai.bidding.pass_score` and
    ``return_candidates`` rank the same way, less the meld each keeps)."""
    if code // 6 == trump:
        return 2
    return 1 if code % 6 == ACE else 0


def skipped_cards(kept: Sequence[int], given: Sequence[int], trump: int, to_declarer: bool) -> int:
    """How many cards ``kept`` go against the order of passing, given that ``given`` went: a kept
    card of a higher class than the lowest passed to the declarer (a trump kept while an ace went),
    or of a lower class than the highest returned by the declarer (a plain card kept while a trump
    went back)."""
    if not given:
        return 0
    classes = [pass_class(c, trump) for c in given]
    if to_declarer:
        low = min(classes)
        return sum(1 for c in kept if pass_class(c, trump) > low)
    high = max(classes)
    return sum(1 for c in kept if pass_class(c, trump) < high)


@dataclass(frozen=True)
class _Before:
    """What turns a world's hands back into the hands of the auction and of the passes."""

    kinds: tuple[tuple[int, str | None], ...]   # the auction's actions and what kind each is
    played: tuple[tuple[int, ...], ...]
    delta: tuple[tuple[tuple[int, ...], tuple[int, ...]] | None, ...]   # per seat: (gave, got); None: unknown
    widow: tuple[int, ...]
    declarer: int | None
    passes: tuple[tuple[int, int, tuple[int, ...]], ...]   # the passes the seat saw: (giver, taker, cards)
    meld: tuple[tuple[int, ...] | None, ...]               # each seat's shown meld cards, once shown


def _before(game: Game, seat: int) -> _Before:
    """What the worlds of one of ``seat``'s decisions share (one decision weighs hundreds of worlds:
    :func:`world_weigher` works this out once for them all)."""
    h = game.hand
    n = game.rules.players
    obs = observe(game, seat)
    played = _played_by_seat(obs, n)
    delta: list[tuple[tuple[int, ...], tuple[int, ...]] | None] = []
    for s in range(n):
        gave = [int(c) for a, b, cs in h.passes if a == s for c in cs]
        got = [int(c) for a, b, cs in h.passes if b == s for c in cs]
        seen = all(seat in (a, b) for a, b, _cs in h.passes if s in (a, b))
        delta.append((tuple(gave), tuple(got)) if seen else None)
    seen_passes = tuple((a, b, tuple(int(c) for c in cs)) for a, b, cs in h.passes if seat in (a, b))
    meld = tuple(tuple(int(c) for c in score.shown_cards()) if score is not None and s != seat else None
                 for s, score in enumerate(h.meld))
    return _Before(tuple(action_kinds(game.rules, h.bids)), tuple(tuple(int(c) for c in p) for p in played),
                   tuple(delta), tuple(int(c) for c in h.deal.widow) if h.declarer is not None else (), h.declarer,
                   seen_passes, meld)


def _auction_hand(world: World, before: _Before, s: int) -> list[int] | None:
    """Seat ``s``'s cards as they were in the auction, in ``world`` (None if passes unseen hide them)."""
    delta = before.delta[s]
    if delta is None:
        return None
    gave, got = delta
    cards = [int(c) for c in world.hands[s]]
    cards.extend(before.played[s])
    cards.extend(gave)
    taken = list(got)
    if s == before.declarer and before.widow:
        cards.extend(int(c) for c in world.buried)
        taken.extend(before.widow)
    for c in taken:
        if c not in cards:
            return None
        cards.remove(c)
    return cards


def auction_likelihood(game: Game, seat: int, world: World, before: _Before | None = None) -> float:
    """How much more likely the other seats' bids and passes are in ``world`` than with average hands
    (:mod:`engine.ai.auction_model`); seats whose auction hand the passes hide from ``seat`` count 1."""
    model = load_model()
    if not model.knows(game.rules) or not game.hand.bids:
        return 1.0
    before = before or _before(game, seat)
    hands = {}
    for s in range(game.rules.players):
        if s != seat:
            hand = _auction_hand(world, before, s)
            if hand is not None:
                hands[s] = hand
    return model.weight(game.rules, before.kinds, hands)


# What each card kept against the order of passing multiplies a world's weight by, for the partner's
# pass and for the declarer's return: fitted to hard's passes so that the weighted worlds hold as
# many such cards as the real hands did (``python -m engine.ai.learn_auction --check 120 --seed 11``,
# before hard kept the order strictly; now the fit is 0, and these stay as a floor for a partner
# who passes otherwise).
PASS_TALK = 0.18
RETURN_TALK = 0.67


def pass_skips(game: Game, seat: int, world: World, before: _Before | None = None) -> list[tuple[bool, int]]:
    """For each pass ``seat`` received once the giver's meld is shown: (whether it went to the
    declarer, how many cards the giver kept against the order of passing in ``world``)."""
    h = game.hand
    if h.trump is None:
        return []
    before = before or _before(game, seat)
    out = []
    for giver, taker, cards in before.passes:
        if taker != seat or before.meld[giver] is None:
            continue
        hand = Counter(int(c) for c in world.hands[giver])
        hand.update(before.played[giver])
        hand.subtract(before.meld[giver] or ())
        hand.subtract(c for a, b, cs in before.passes if a == seat and b == giver for c in cs)
        to_declarer = taker == h.declarer
        out.append((to_declarer, skipped_cards(sorted(hand.elements()), cards, h.trump, to_declarer)))
    return out


def pass_likelihood(game: Game, seat: int, world: World, before: _Before | None = None) -> float:
    """How likely the passes ``seat`` received are in ``world`` under the order of passing."""
    value = 1.0
    for to_declarer, skipped in pass_skips(game, seat, world, before):
        value *= (PASS_TALK if to_declarer else RETURN_TALK) ** skipped
    return value


def world_weigher(game: Game, seat: int) -> Callable[[World], float]:
    """The weight of a world of ``seat``'s decision now, for a level that reads the play, the auction
    and the passes (what the worlds share is worked out once)."""
    before = _before(game, seat)

    def weight(world: World) -> float:
        return (play_likelihood(game, seat, world) * auction_likelihood(game, seat, world, before)
                * pass_likelihood(game, seat, world, before))

    return weight


def world_likelihood(game: Game, seat: int, world: World) -> float:
    """The weight of one world (:func:`world_weigher`, for a single world)."""
    return world_weigher(game, seat)(world)


__all__ = ["Knowledge", "World", "auction_likelihood", "knowledge", "pass_likelihood", "pass_skips", "play_likelihood",
           "playing_sides", "real_world", "sample_world", "skipped_cards", "world_likelihood",
           "world_weigher"]
