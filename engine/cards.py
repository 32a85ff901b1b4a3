"""Cards, suits, ranks and decks.

A card is a small integer (``suit * 6 + rank``) wrapped in :class:`Card`, an ``int`` subclass whose
``str`` is the notation of RULES.md (``"TH"`` is the ten of hearts). Identical cards of a pinochle
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
        return RANK_LETTERS[self % 6] + SUIT_LETTERS[self // 6]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def name(self) -> str:
        """Words for the card, e.g. ``"ten of hearts"``."""
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


def parse_card(text: str) -> Card:
    """``"TH"`` (or ``"10H"``, any case) to the ten of hearts."""
    try:
        return _BY_TEXT[text.strip().upper()]
    except KeyError:
        raise CardError(f"not a card: {text!r} (write rank {RANK_LETTERS[::-1]} then suit {SUIT_LETTERS})") from None


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """A space-separated string (or iterable of strings) to a list of cards, in order."""
    words = text.split() if isinstance(text, str) else list(text)
    return [parse_card(word) for word in words]


def format_cards(cards: Iterable[int]) -> str:
    """Cards to the space-separated notation of RULES.md."""
    return " ".join(str(CARDS[c]) for c in cards)


def card_label(c: int) -> str:
    """The card as a player reads it: rank and suit symbol, ``"10♥"`` for the ten of hearts."""
    return RANK_LABELS[c % 6] + SUIT_SYMBOLS[c // 6]


def cards_label(cards: Iterable[int]) -> str:
    """Cards as a player reads them, e.g. ``"A♠ 10♠ K♠"``."""
    return " ".join(card_label(c) for c in cards)


def parse_suit(text: str) -> int:
    """``"H"`` or ``"hearts"`` (any case) to the suit number."""
    word = text.strip().lower()
    for suit in SUITS:
        if word in (SUIT_LETTERS[suit].lower(), SUIT_NAMES[suit]):
            return suit
    raise CardError(f"not a suit: {text!r} (use one of {', '.join(SUIT_LETTERS)})")


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


def counts(cards: Iterable[int]) -> list[int]:
    """How many of each of the 24 cards: index by card code."""
    tally = [0] * KINDS
    for c in cards:
        tally[c] += 1
    return tally


def remove_cards(hand: list[Card], cards: Iterable[int]) -> None:
    """Take ``cards`` out of ``hand`` (one copy each); raise ``ValueError`` if one is missing."""
    for c in cards:
        hand.remove(CARDS[c])
