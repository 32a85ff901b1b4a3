"""Cards, suits, ranks and decks.

A card is a small integer (``suit * 6 + rank``) wrapped in :class:`Card`, an ``int`` subclass whose
``str`` is the notation of docs/rules.md (``"TH"`` is the ten of hearts). Identical cards of a pinochle
deck are equal: a hand is a list of cards in which a card may appear twice (four times in the
double deck). Simulation code may use the plain integers (``code // 6`` is the suit, ``code % 6`` the rank).

>>> hand = parse_cards("AH TH KH QH JH QS JD")
>>> str(hand[0]), hand[0].suit == HEARTS, hand[0].rank == ACE
('AH', True, True)
>>> format_cards(sort_hand(hand, trump=DIAMONDS))
'JD QS AH TH KH QH JH'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SUIT_LETTERS = "SHDC"
RANK_LETTERS = "9JQKTA"
SUIT_SYMBOLS = "♠♥♦♣"  # the player's notation: the GUI draws these as its own suit pictures
RANK_LABELS = ("9", "J", "Q", "K", "10", "A")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("nine", "jack", "queen", "king", "ten", "ace")

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
RANKS = (NINE, JACK, QUEEN, KING, TEN, ACE)
KINDS = 24  # distinct cards: 6 ranks x 4 suits


class Card(int):
    """One card: ``suit * 6 + rank``; a higher rank beats a lower one in the same suit."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        return self // 6

    @property
    def rank(self) -> int:
        return self % 6

    def __str__(self) -> str:
        if not 0 <= self < KINDS:  # a Card built from a code that is no card: never named as a real one
            return f"no card ({int(self)})"
        return RANK_LETTERS[self % 6] + SUIT_LETTERS[self // 6]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})" if 0 <= self < KINDS else f"Card({int(self)})"

    @property
    def name(self) -> str:
        """Words for the card, e.g. ``"ten of hearts"``."""
        if not 0 <= self < KINDS:
            return str(self)
        return f"{RANK_NAMES[self % 6]} of {SUIT_NAMES[self // 6]}"


CARDS: tuple[Card, ...] = tuple(Card(code) for code in range(KINDS))


def card(suit: int, rank: int) -> Card:
    return CARDS[suit * 6 + rank]


QUEEN_OF_SPADES = card(SPADES, QUEEN)
JACK_OF_DIAMONDS = card(DIAMONDS, JACK)


class CardError(ValueError):
    """A card or suit written in a notation the engine does not know."""


_BY_TEXT = {str(c): c for c in CARDS}
_BY_TEXT.update({"10" + SUIT_LETTERS[c.suit]: c for c in CARDS if c.rank == TEN})


def shown_value(value: object) -> str:
    """A value in an error message: text in quotes, anything else in words a player can read."""
    if isinstance(value, str):
        return repr(value[:40] + "..." if len(value) > 40 else value)
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):  # a Card too: its number, not the card it would name
        return str(int(value)) if -10**12 < value < 10**12 else "a very large number"
    if isinstance(value, float):
        return str(value)
    return f"a {_KIND_WORDS.get(type(value), 'value of another kind')}"


_KIND_WORDS: dict[type, str] = {list: "list", tuple: "list", dict: "table of values", set: "set"}


def parse_card(text: str) -> Card:
    """``"TH"`` (or ``"10H"``, any case) to the ten of hearts; :class:`CardError` for anything else."""
    card = _BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
    if card is None:
        raise CardError(f"not a card: {shown_value(text)} (write rank {RANK_LETTERS[::-1]} then suit {SUIT_LETTERS})")
    return card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """A space-separated string (or iterable of strings) to a list of cards, in order."""
    if isinstance(text, str):
        words: list[str] = text.split()
    elif isinstance(text, Iterable) and not isinstance(text, bytes | dict):
        words = list(text)
    else:
        raise CardError(f"not a list of cards: {shown_value(text)}")
    return [parse_card(word) for word in words]


def check_code(code: object) -> Card:
    """The card of a card code (0 to 23); :class:`CardError` for anything else (a negative code too)."""
    if isinstance(code, int) and not isinstance(code, bool) and 0 <= code < KINDS:
        return CARDS[code]
    raise CardError(f"not a card: {shown_value(code)} (a card code is a whole number from 0 to {KINDS - 1})")


def format_cards(cards: Iterable[int]) -> str:
    """Cards to the space-separated notation of docs/rules.md; :class:`CardError` for a code that is no card."""
    return " ".join(str(check_code(c)) for c in cards)


def card_label(c: int) -> str:
    """The card as a player reads it: rank and suit symbol, ``"10♥"`` for the ten of hearts."""
    return RANK_LABELS[c % 6] + SUIT_SYMBOLS[c // 6]


def cards_label(cards: Iterable[int]) -> str:
    """Cards as a player reads them, e.g. ``"A♠ 10♠ K♠"``."""
    return " ".join(card_label(c) for c in cards)


def parse_suit(text: str) -> int:
    """``"H"`` or ``"hearts"`` (any case) to the suit number; :class:`CardError` for anything else."""
    if isinstance(text, str):
        word = text.strip().lower()
        for suit in SUITS:
            if word in (SUIT_LETTERS[suit].lower(), SUIT_NAMES[suit]):
                return suit
    raise CardError(f"not a suit: {shown_value(text)} (use one of {', '.join(SUIT_LETTERS)})")


def check_suit(suit: object) -> int:
    """A suit number (0 to 3, as :data:`SUITS`), checked; :class:`CardError` for anything else."""
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit < 4:
        return suit
    raise CardError(f"not a suit: {shown_value(suit)} (a suit number is 0 to 3: {', '.join(SUIT_LETTERS)})")


def new_deck(double: bool = False) -> list[Card]:
    """The pinochle deck in a fixed order: 48 cards (two of each), or 80 (four of each, no nines)."""
    if double:
        return [c for c in CARDS if c.rank != NINE for _ in range(4)]
    return [c for c in CARDS for _ in range(2)]


def sort_hand(cards: Iterable[int], trump: int | None = None,
              suit_order: Sequence[int] = (SPADES, HEARTS, CLUBS, DIAMONDS)) -> list[Card]:
    """Cards grouped by suit (trumps first when given, colours alternating) and high to low."""
    order = [trump] + [s for s in suit_order if s != trump] if trump is not None else list(suit_order)
    place = {suit: i for i, suit in enumerate(order)}
    return sorted((CARDS[c] for c in cards), key=lambda c: (place[c // 6], -(c % 6)))


def checked_counts(cards: Iterable[int], double_deck: bool = False) -> list[int]:
    """:func:`counts` for cards from outside the engine: refuse (:class:`CardError`) a code that is not a
    card, or more copies of a card than the deck holds (two, or four and no nines in the double deck)."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise CardError(f"not a list of cards: {shown_value(cards)}")
    tally = counts(check_code(c) for c in cards)
    limit = _DECK_COUNTS[bool(double_deck)]
    for code, (have, most) in enumerate(zip(tally, limit, strict=True)):
        if have > most:
            name = CARDS[code].name
            if not most:
                raise CardError(f"the double deck has no nines, so no {name}")
            deck = "the double deck" if double_deck else "a single deck"
            raise CardError(f"{have} copies of the {name}: {deck} holds {most}")
    return tally


def counts(cards: Iterable[int]) -> list[int]:
    """How many of each of the 24 cards: index by card code."""
    tally = [0] * KINDS
    for c in cards:
        tally[c] += 1
    return tally


_DECK_COUNTS = {double: counts(new_deck(double)) for double in (False, True)}


def remove_cards(hand: list[Card], cards: Iterable[int]) -> None:
    """Take ``cards`` out of ``hand`` (one copy each); raise ``ValueError`` if one is missing."""
    for c in cards:
        hand.remove(CARDS[c])
