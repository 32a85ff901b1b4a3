"""Weighing the deals of the cards a seat cannot see ("worlds") by what the other seats did.

What a seat may know, and the deals of the unseen cards consistent with it, are the core's
(:mod:`engine.info_state`: :class:`~engine.info_state.InfoState`, its ``knowledge`` and ``determinize``).
Here a world is weighed for the levels that read the play and the auction: :func:`play_likelihood` by
how likely the plays seen are under our own playout policy (the ``hard`` level's "weighted worlds"),
:func:`auction_likelihood` by how likely each seat's bids and passes are with its hand (the learned
:mod:`engine.ai.search.auction_model`), and :func:`pass_likelihood` by how well the cards passed follow the
order of passing; a weight only makes a world less likely, it never makes one inconsistent with what
the seat saw. Every function reads the seat's :class:`~engine.info_state.InfoState` alone.

>>> import random
>>> from engine.game import new_game
>>> from engine.info_state import info_state
>>> from engine.rules import preset
>>> game = new_game(preset("partnership_auction"), seed=4)
>>> info = info_state(game, 0)
>>> world = info.determinize(random.Random(1))
>>> world_likelihood(info, world) > 0
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.ai.search.auction_model import action_kinds, load_model
from engine.ai.search.trickplay import greedy_choice
from engine.cards import ACE
from engine.game import Game
from engine.info_state import InfoState, World, every_card_world, played_by_seat
from engine.play import card_values, legal_codes, play_mode
from engine.rules import Rules, TrumpBy


def real_world(game: Game) -> World:
    """The actual cards (for the ``perfect`` level and the every-card analysis, given the whole game)."""
    return every_card_world(game)


def playing_sides(rules: Rules, declarer: int | None) -> tuple[int, ...]:
    """Side of each seat as the players model the play: partners share a side; three-handed, the
    declarer plays against the other two together (they both want the declarer set)."""
    if rules.partnerships or declarer is None or rules.players == 2:
        return tuple(rules.team_of(s) for s in range(rules.players))
    return tuple(0 if s == declarer else 1 for s in range(rules.players))


def play_likelihood(info: InfoState, world: World, agree: float = 0.6) -> float:
    """How likely the other seats' plays of this hand are in ``world`` under our playout policy.

    Each play that is the policy's own choice counts ``agree``, any other legal card an equal share
    of the rest; a play that would have been illegal in the world makes it impossible (0).
    """
    rules = info.rules
    seat = info.seat
    trump = info.trump
    if trump is None or (rules.trump_by == TrumpBy.STOCK and (info.stock_size or info.tables)):
        return 1.0
    n = rules.players
    mode = play_mode(rules)
    values = card_values(rules)
    side_of = playing_sides(rules, info.declarer)
    obs = info.observation
    sequence: list[list[tuple[int, int]]] = [[(s, int(c)) for s, c in tr.plays] for tr in obs.tricks]
    if obs.trick:
        sequence.append([(s, int(c)) for s, c in obs.trick])
    if rules.trump_by == TrumpBy.STOCK:
        sequence = sequence[len(obs.tricks) - max(0, len(obs.tricks) - rules.hand_size):]
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
                legal = legal_codes(hand, trick, trump, mode)
                if c not in legal:
                    return 0.0
                if len(legal) > 1:
                    pick = greedy_choice(hand, trick, s, leader, side_of, trump, mode, values)
                    likelihood *= agree if pick == c else (1 - agree) / (len(legal) - 1)
            hand.remove(c)
            trick.append(c)
    return likelihood


# -- what the auction and the passes say --------------------------------------------------------------


def pass_class(code: int, trump: int) -> int:
    """2 for a trump, 1 for another ace, 0 for the rest: the partner passes the highest classes
    first and the declarer returns the lowest (:func:`engine.ai.players.bidding.pass_score` and
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


def _before(info: InfoState) -> _Before:
    """What the worlds of one of the seat's decisions share (one decision weighs hundreds of worlds:
    :func:`world_weigher` works this out once for them all)."""
    seat = info.seat
    n = info.rules.players
    obs = info.observation
    played = played_by_seat(obs, n)
    passes = info.passes
    route = info.pass_route
    delta: list[tuple[tuple[int, ...], tuple[int, ...]] | None] = []
    for s in range(n):
        seen = all(seat in (a, b) for a, b in route if s in (a, b))
        gave = [int(c) for a, b, cs in passes if a == s for c in cs]
        got = [int(c) for a, b, cs in passes if b == s for c in cs]
        delta.append((tuple(gave), tuple(got)) if seen else None)
    seen_passes = tuple((a, b, tuple(int(c) for c in cs)) for a, b, cs in passes)
    meld = tuple(tuple(int(c) for c in shown) if shown is not None and s != seat else None
                 for s, shown in enumerate(info.shown_meld))
    return _Before(tuple(action_kinds(info.rules, list(obs.bids))), tuple(tuple(int(c) for c in p) for p in played),
                   tuple(delta), tuple(int(c) for c in obs.widow), info.declarer, seen_passes, meld)


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


def auction_likelihood(info: InfoState, world: World, before: _Before | None = None) -> float:
    """How much more likely the other seats' bids and passes are in ``world`` than with average hands
    (:mod:`engine.ai.search.auction_model`); seats whose auction hand the passes hide from the seat count 1."""
    model = load_model()
    if not model.knows(info.rules) or not info.bids:
        return 1.0
    before = before or _before(info)
    hands = {}
    for s in range(info.rules.players):
        if s != info.seat:
            hand = _auction_hand(world, before, s)
            if hand is not None:
                hands[s] = hand
    return model.weight(info.rules, before.kinds, hands)


# What each card kept against the order of passing multiplies a world's weight by, for the partner's
# pass and for the declarer's return: fitted to hard's passes so that the weighted worlds hold as
# many such cards as the real hands did (``python -m engine.ai.players.learn_auction --check 120 --seed 11``,
# before hard kept the order strictly; now the fit is 0, and these stay as a floor for a partner
# who passes otherwise).
PASS_TALK = 0.18
RETURN_TALK = 0.67


def pass_skips(info: InfoState, world: World, before: _Before | None = None) -> list[tuple[bool, int]]:
    """For each pass the seat received once the giver's meld is shown: (whether it went to the
    declarer, how many cards the giver kept against the order of passing in ``world``)."""
    trump = info.trump
    if trump is None:
        return []
    seat = info.seat
    before = before or _before(info)
    out = []
    for giver, taker, cards in before.passes:
        if taker != seat or before.meld[giver] is None:
            continue
        hand = Counter(int(c) for c in world.hands[giver])
        hand.update(before.played[giver])
        hand.subtract(before.meld[giver] or ())
        hand.subtract(c for a, b, cs in before.passes if a == seat and b == giver for c in cs)
        to_declarer = taker == before.declarer
        out.append((to_declarer, skipped_cards(sorted(hand.elements()), cards, trump, to_declarer)))
    return out


def pass_likelihood(info: InfoState, world: World, before: _Before | None = None) -> float:
    """How likely the passes the seat received are in ``world`` under the order of passing."""
    value = 1.0
    for to_declarer, skipped in pass_skips(info, world, before):
        value *= (PASS_TALK if to_declarer else RETURN_TALK) ** skipped
    return value


def world_weigher(info: InfoState) -> Callable[[World], float]:
    """The weight of a world of the seat's decision now, for a level that reads the play, the auction
    and the passes (what the worlds share is worked out once)."""
    before = _before(info)

    def weight(world: World) -> float:
        return (play_likelihood(info, world) * auction_likelihood(info, world, before)
                * pass_likelihood(info, world, before))

    return weight


def world_likelihood(info: InfoState, world: World) -> float:
    """The weight of one world (:func:`world_weigher`, for a single world)."""
    return world_weigher(info)(world)


__all__ = ["World", "auction_likelihood", "pass_likelihood", "pass_skips", "play_likelihood", "playing_sides",
           "real_world", "skipped_cards", "world_likelihood", "world_weigher"]
