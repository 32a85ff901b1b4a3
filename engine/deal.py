"""Shuffling and dealing: every deal comes from a deal number, so any hand can be dealt again.

>>> from engine.rules import preset
>>> d = deal_cards(preset("two_hand"), dealer=1, deal_number=42)
>>> [len(h) for h in d.hands], len(d.stock), d.stock[-1] == d.turnup
([12, 12], 24, True)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from engine.cards import NINE, Card, CardError, check_code, new_deck, parse_card, parse_cards
from engine.rules import Rules, TrumpBy


@dataclass
class Deal:
    """The cards as dealt, before any exchange, pass, widow or draw."""

    dealer: int
    deal_number: int
    hands: list[list[Card]]
    widow: list[Card] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)  # two-handed: in draw order, the turn-up last
    turnup: Card | None = None


def deal_number_for(seed: int, hand_number: int, attempt: int = 0) -> int:
    """The deal number of a game's hand (``attempt`` counts redeals of the same hand)."""
    if hand_number == 1 and attempt == 0:
        return seed
    return random.Random(f"{seed}:{hand_number}:{attempt}").randrange(1, 2**31)


def shared_deal_number(deal_number: int, dealer: int, players: int) -> int:
    """The number a player is shown and shares for a deal: its deal number and its dealer in one, so that
    the same number deals the same cards to the same seats (the cards go round from the dealer's left, so
    a deal number alone gives each seat its cards only with the same dealer). Records keep the two apart.

    >>> shared_deal_number(42, dealer=3, players=4), deal_of_shared_number(171, players=4)
    (171, (42, 3))
    """
    return deal_number * players + dealer


def deal_of_shared_number(number: int, players: int) -> tuple[int, int]:
    """The deal number and the dealer a shared number stands for (:func:`shared_deal_number`)."""
    deal_number, dealer = divmod(number, players)
    return deal_number, dealer


def shared_number_fits(number: int, players: int) -> bool:
    """Whether ``number`` stands for a deal a game can begin with (its deal number one a save can hold)."""
    return number >= 0 and is_seed(deal_of_shared_number(number, players)[0])


def shuffled_deck(rules: Rules, deal_number: int) -> list[Card]:
    deck = new_deck(rules.double_deck)
    random.Random(deal_number).shuffle(deck)
    return deck


#: In a dealing order: the card goes to the widow.
WIDOW = -1


def dealing_order(rules: Rules, dealer: int) -> list[int]:
    """Where each dealt card goes, in the order the cards leave the dealer: a seat, or :data:`WIDOW`.
    ``rules.deal_packet`` cards at a time from the dealer's left; three-handed, one card to the widow after
    each of the first rounds. What is left of the deck (two-handed, the turn-up and the stock) follows.

    >>> from engine.rules import preset
    >>> dealing_order(preset("three_hand"), dealer=2)[:10]
    [0, 0, 0, 1, 1, 1, 2, 2, 2, -1]
    """
    seats = rules.players
    held = [0] * seats
    widow = 0
    order: list[int] = []
    while held[dealer] < rules.hand_size:
        for seat in ((dealer + 1 + i) % seats for i in range(seats)):
            take = min(rules.deal_packet, rules.hand_size - held[seat])
            order += [seat] * take
            held[seat] += take
        if widow < rules.widow_size:
            order.append(WIDOW)
            widow += 1
    return order


def deal_cards(rules: Rules, dealer: int, deal_number: int) -> Deal:
    """Deal ``rules.deal_packet`` cards at a time from the dealer's left.

    Three-handed, one card goes to the widow after each of the first rounds. Two-handed, the next
    card is turned up for trump and the rest is the stock lying across it. Four-handed turn-up, the
    dealer's last card is turned up (and stays in the dealer's hand).
    """
    deck = shuffled_deck(rules, deal_number)
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    widow: list[Card] = []
    order = dealing_order(rules, dealer)
    for place, dealt in zip(order, deck, strict=False):
        (widow if place == WIDOW else hands[place]).append(dealt)
    rest = deck[len(order):]
    deal = Deal(dealer, deal_number, hands, widow)
    if rules.trump_by == TrumpBy.STOCK:
        deal.turnup = rest[0]
        deal.stock = rest[1:] + [rest[0]]
    elif rules.trump_by == TrumpBy.TURNUP:
        deal.turnup = hands[dealer][-1]
    return deal


def nines_redeal_allowed(hand: list[Card]) -> bool:
    """Five or more nines and no aces (the divided-by-ten rules)."""
    return sum(1 for c in hand if c.rank == NINE) >= 5 and not any(c.rank == 5 for c in hand)


def deal_from_text(rules: Rules, dealer: int, deal_number: int, hands: list[str], widow: str = "", stock: str = "",
                   turnup: str | None = None) -> Deal:
    """A deal written in card notation (a stacked deal in a save or a hand record), checked card by card
    (see :func:`check_deal`). Raise ``ValueError`` (a :class:`~engine.cards.CardError` for a bad card)
    otherwise, its message naming the part of the deal that is wrong."""
    if not isinstance(hands, list) or len(hands) != rules.players:
        raise ValueError(f"a deal of {rules.variant} lists {rules.players} hands")
    held = [_cards_of(f"hand of seat {seat}", h) for seat, h in enumerate(hands)]
    rest, last = _cards_of("widow", widow), _cards_of("stock", stock)
    if turnup is None:
        turn = None
    elif not isinstance(turnup, str):
        raise ValueError("the turned-up card is not a card written as text")
    else:
        turn = parse_card(turnup)
    deal = Deal(dealer, deal_number, held, rest, last, turn)
    check_deal(rules, deal)
    return deal


def check_deal(rules: Rules, deal: Deal) -> None:
    """Raise ``ValueError`` unless ``deal`` is a deal of ``rules``' variant: the dealer a seat, a whole
    deal number, every hand full, the whole deck once (no card a deck of the variant lacks, no card
    more often than it holds it), the widow, stock and turn-up where the variant puts them. For a
    deal from outside the engine (a save, a record, a test's stacked deal); deals dealt here need no check."""
    if not _whole(deal.dealer) or not 0 <= deal.dealer < rules.players:
        raise ValueError(f"the dealer is not a seat from 0 to {rules.players - 1}")
    if not is_seed(deal.deal_number):
        raise ValueError("the deal number is not a whole number from 0")
    if not isinstance(deal.hands, list) or len(deal.hands) != rules.players:
        raise ValueError(f"a deal of {rules.variant} lists {rules.players} hands")
    held = [_codes_of(f"hand of seat {seat}", h) for seat, h in enumerate(deal.hands)]
    rest, last = _codes_of("widow", deal.widow), _codes_of("stock", deal.stock)
    turn = None if deal.turnup is None else check_code(deal.turnup)
    if any(len(h) != rules.hand_size for h in held) or len(rest) != rules.widow_size:
        raise ValueError(f"every hand of {rules.variant} is dealt {rules.hand_size} cards"
                         + (f" and the widow {rules.widow_size}" if rules.widow_size else ""))
    if Counter(c for part in (*held, rest, last) for c in part) != Counter(new_deck(rules.double_deck)):
        raise ValueError("a deal uses the whole deck, every card once")
    if rules.trump_by == TrumpBy.STOCK:
        ok = turn is not None and bool(last) and last[-1] == turn
    elif rules.trump_by == TrumpBy.TURNUP:
        ok = not last and turn is not None and held[deal.dealer][-1] == turn
    else:
        ok = not last and turn is None
    if not ok:
        raise ValueError("the turn-up or the stock is not where the variant puts it")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


SEED_LIMIT = 2**63  # a seed or deal number read from a file is a whole number below this in size
#: The most digits a shared deal number has (:func:`shared_deal_number`, four seats).
SHARED_DEAL_DIGITS = len(str((SEED_LIMIT - 1) * 4 + 3))


def is_seed(value: object) -> bool:
    """Whether ``value`` can be a game's seed or a deal number read from a save or a record."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEED_LIMIT


def _cards_of(part: str, text: object) -> list[Card]:
    """The cards of one part of a written deal (a space-separated string)."""
    if not isinstance(text, str):
        raise ValueError(f"the {part} is not a list of cards written as text")
    try:
        return parse_cards(text)
    except CardError as err:
        raise CardError(f"the {part} has a bad card: {err}") from None


def _codes_of(part: str, cards: object) -> list[Card]:
    """The cards of one part of a deal (a list of cards or card codes), each checked."""
    if not isinstance(cards, list):
        raise ValueError(f"the {part} is not a list of cards")
    try:
        return [check_code(c) for c in cards]
    except CardError as err:
        raise CardError(f"the {part} has a bad card: {err}") from None
