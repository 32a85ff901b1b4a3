"""The moves a node of the search (:mod:`engine.ai.solver`) tries, and in which order: equivalent
cards pruned, following cards ordered by what they do to the trick, each set of moves kept for
every search of a hand."""

from __future__ import annotations

__all__ = ["ALL", "LEAD", "MoveCache", "distinct", "follow_order", "move_cache"]


def follow_order(moves: list[int], strength: tuple[int, ...], top: int, partner_winning: bool,
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
MoveCache = dict[int, tuple[int, ...]]
_CACHES: dict[tuple[int, int, tuple[int, ...]], MoveCache] = {}
CACHE_SIZE = 100_000
ALL = (1 << 48) - 1  # every card, of a hand and of the others
LEAD = 1 << 56  # in a cache key, above what a following card's key uses: a lead


def move_cache(trump: int, mode: int, values: tuple[int, ...]) -> MoveCache:
    """The moves kept for searches under this trump, rule of play (``mode``) and count."""
    cache = _CACHES.get((trump, mode, values))
    if cache is None:
        _CACHES.clear()
        cache = _CACHES[(trump, mode, values)] = {}
    elif len(cache) > CACHE_SIZE:
        cache.clear()
    return cache


def distinct(moves: list[int], others: int, values: tuple[int, ...]) -> list[int]:
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
