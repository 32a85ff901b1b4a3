"""Who may play what, who wins a trick, and what the cards taken in tricks are worth.

Every function here works on plain card codes (``suit * 6 + rank``, see :mod:`engine.cards`) and a
trump suit given as an int, and is written for speed: the computer players call these millions of
times while they simulate. A hand may hold identical cards; :func:`legal_plays` lists each legal
card once, in hand order.

>>> from engine.cards import parse_cards, format_cards, HEARTS, SPADES
>>> from engine.rules import preset
>>> hand = parse_cards("AS 9S TH 9H KC")
>>> format_cards(legal_plays(hand, parse_cards("KS"), HEARTS, preset("partnership_auction")))
'AS'
>>> format_cards(legal_plays(hand, parse_cards("KS"), HEARTS, preset("partnership_turnup")))
'AS 9S'
>>> format_cards(legal_plays(hand, parse_cards("AD"), SPADES, preset("partnership_turnup")))
'AS 9S'
>>> trick_winner(parse_cards("AD TD AD 9S"), SPADES), trick_winner(parse_cards("AD TD AD"), SPADES)
(3, 0)

The rules of play (docs/rules.md, "Play") come in these modes:

* :data:`MUST_BEAT` (``play_rule="must_beat"``; two-handed phase 2 with ``phase2_must_win="always"``):
  follow suit and beat the card now winning the trick if able, even a partner's; once the trick
  is trumped a player following suit may play any card of it. Void: trump, beating the highest
  trump so far if able, and still trump if not. Void in both: any card.
* :data:`POST_1945` (``play_rule="post_1945"``; two-handed phase 2 with
  ``phase2_must_win="trump_led"``): follow suit if able, else trump if able (any trump); only when
  trump is led must a player beat the highest card so far if able.
* ``play_rule="always_win"`` (the Bicycle variation: "each player in turn must try to win
  every trick, whether a trump trick or not, and must play a card higher than any previously
  played, even if the highest card so far was played by his partner") is the same mode as
  :data:`MUST_BEAT` in every position, see :func:`play_mode`.
* :data:`WIN_IF_ABLE` (``play_rule="win_if_able"``, the divided-by-ten rules): follow suit if able, otherwise any
  card; whoever can play a card that would win the trick must play one, even over a partner. A
  player who cannot win may play any card of the suit led, or any card when void (no forced
  losing trump).
* :data:`FREE`: any card (the second card of a two-handed trick while the stock lasts).

>>> format_cards(legal_plays(parse_cards("9H KC"), parse_cards("AS AH"), HEARTS, preset("partnership_auction_div10")))
'9H KC'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import CARDS, KINDS, Card, CardError, check_suit, checked_counts
from engine.rules import AfterStock, Counting, PlayRule, Rules, TrumpBy

FREE, POST_1945, MUST_BEAT, WIN_IF_ABLE = 0, 1, 2, 3

# What each card counts in tricks, by rank NINE JACK QUEEN KING TEN ACE, and the last-trick bonus.
_COUNTS: dict[Counting, tuple[tuple[int, int, int, int, int, int], int]] = {
    Counting.OLD_TIMERS: ((0, 2, 3, 4, 10, 11), 10),
    Counting.SIMPLIFIED: ((0, 0, 5, 5, 10, 10), 10),
    Counting.STREAMLINED: ((0, 0, 0, 10, 10, 10), 10),
    Counting.SEED001: ((0, 0, 0, 1, 1, 1), 1),
    Counting.DOUBLE_DECK: ((0, 0, 0, 1, 1, 1), 2),
}

# Strength of a card in a trick, by [trump][led suit][card]: 6..11 for a trump, 0..5 for a card of
# the suit led, -1 for any other card. A card beats the winner only with a strictly higher strength,
# so of two identical cards the first played wins.
_STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(c % 6 + 6 if c // 6 == trump else (c % 6 if c // 6 == led else -1) for c in range(KINDS))
        for led in range(4)
    )
    for trump in range(4)
)

# The mode of each ``play_rule`` (see :func:`play_mode` for why "always_win" is must-beat).
_PLAY_MODES = {PlayRule.MUST_BEAT: MUST_BEAT, PlayRule.ALWAYS_WIN: MUST_BEAT, PlayRule.POST_1945: POST_1945,
               PlayRule.WIN_IF_ABLE: WIN_IF_ABLE}


def play_mode(rules: Rules, free: bool = False) -> int:
    """The mode of play in force: :data:`FREE`, :data:`POST_1945`, :data:`MUST_BEAT` or :data:`WIN_IF_ABLE`.

    Two-handed play (trump from the stock) follows ``phase2_must_win`` once the stock is gone; the
    other variants follow ``play_rule``.

    ``always_win`` gives :data:`MUST_BEAT`, because the two rules ask the same of a player in every
    position. Following suit, both make a player beat the winning card when a card of the suit led
    can beat it, and when it cannot (the trick is trumped, or the player's cards are too low) no
    card of the suit led can win, so any of them will do under both. Void in the suit led, the only
    cards that can win are trumps above the highest trump so far, which both rules demand; when no
    trump can win, "try to win" asks nothing more, and the base rule the variation builds on (seed
    000: "Otherwise, he must play a trump") still makes the player trump, as must-beat does. Void in
    both, any card, under both.
    """
    if free:
        return FREE
    if rules.trump_by == TrumpBy.STOCK:
        return MUST_BEAT if rules.phase2_must_win == AfterStock.ALWAYS else POST_1945
    return _PLAY_MODES[rules.play_rule]


def legal_codes(hand: Sequence[int], trick: Sequence[int], trump: int, mode: int) -> list[int]:
    """The distinct legal card codes of ``hand`` in hand order (the fast form of :func:`legal_plays`).

    ``hand`` must not be empty; ``trick`` is the cards played to the trick so far, in order.
    """
    if not trick or mode == FREE:
        return list(dict.fromkeys(hand))
    led = trick[0] // 6
    strength = _STRENGTH[trump][led]
    best = -1
    for c in trick:
        if strength[c] > best:
            best = strength[c]
    follow = [c for c in hand if c // 6 == led]
    if mode == WIN_IF_ABLE:
        allowed = follow or hand
        winners = [c for c in allowed if strength[c] > best]
        return list(dict.fromkeys(winners or allowed))
    if follow:
        # beat the winning card only if it is of the suit led (not trumped, or trump led)
        if best < 6 or led == trump:
            if mode == MUST_BEAT or led == trump and mode == POST_1945:
                higher = [c for c in follow if strength[c] > best]
                if higher:
                    return list(dict.fromkeys(higher))
        return list(dict.fromkeys(follow))
    trumps = [c for c in hand if c // 6 == trump]
    if trumps:
        if mode == MUST_BEAT and best >= 6:
            higher = [c for c in trumps if c % 6 + 6 > best]
            if higher:
                return list(dict.fromkeys(higher))
        return list(dict.fromkeys(trumps))
    return list(dict.fromkeys(hand))


def legal_plays(hand: Sequence[int], trick: Sequence[int], trump: int, rules: Rules, free: bool = False) -> list[Card]:
    """The distinct cards of ``hand`` that may be played to ``trick``, in hand order.

    ``trick`` holds the cards played so far, leader first (empty: any card may be led). ``free``
    is for the second card of a two-handed trick while the stock lasts: anything goes.

    Raise :class:`~engine.cards.CardError` for a trump that is not a suit number, a code that is not
    a card, or more copies of a card (hand and trick together) than the deck of ``rules`` holds
    (:func:`legal_codes` is the unchecked fast form).
    """
    check_suit(trump)
    checked_counts([*_cards(hand), *_cards(trick)], rules.double_deck)
    if not hand:
        return []
    return [CARDS[c] for c in legal_codes(hand, trick, trump, play_mode(rules, free))]


def _cards(cards: Sequence[int]) -> Sequence[int]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        raise CardError("a hand or a trick is a list of cards")
    return cards


def trick_winner(trick: Sequence[int], trump: int) -> int:
    """The index in ``trick`` of the card that wins it (of identical cards, the first played)."""
    strength = _STRENGTH[trump][trick[0] // 6]
    winner = 0
    best = strength[trick[0]]
    for i in range(1, len(trick)):
        s = strength[trick[i]]
        if s > best:
            best = s
            winner = i
    return winner


def trick_strengths(trump: int, led: int) -> tuple[int, ...]:
    """What each card (by code) is worth in a trick led in ``led``: a card takes the trick from the
    winner only with a strictly higher number (6..11 a trump, 0..5 the suit led, -1 any other)."""
    return _STRENGTH[trump][led]


def beats(card: int, winning: int, led: int, trump: int) -> bool:
    """Whether ``card``, played after ``winning`` (the card now winning a trick led in ``led``), wins."""
    strength = _STRENGTH[trump][led]
    return strength[card] > strength[winning]


def _count_table(rules: Rules) -> tuple[tuple[int, int, int, int, int, int], int]:
    try:
        return _COUNTS[rules.count]
    except KeyError:
        raise ValueError(f"unknown count {rules.count!r}; counts are: {', '.join(_COUNTS)}") from None


_VALUES: dict[Counting, tuple[int, ...]] = {
    name: tuple(by_rank[c % 6] for c in range(KINDS)) for name, (by_rank, _bonus) in _COUNTS.items()
}


def card_values(rules: Rules) -> tuple[int, ...]:
    """What each card counts in tricks under ``rules.count``: 24 values, by card code."""
    _count_table(rules)
    return _VALUES[rules.count]


def last_trick_bonus(rules: Rules) -> int:
    """What the winner of the last trick scores on top of its cards."""
    return _count_table(rules)[1]


def count_points(cards: Iterable[int], rules: Rules) -> int:
    """What ``cards`` taken in tricks count (the last-trick bonus not included)."""
    values = card_values(rules)
    return sum(values[c] for c in cards)
