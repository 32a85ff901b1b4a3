"""Refusals that belong to engine/game.py (issue 11, item 16), written before the game.py split.

``Game.for_deal`` must check that the deal is the variant's deck (every card once, every hand full,
the dealer a seat, the turn-up and stock where the variant puts them: what
:func:`engine.deal.deal_from_text` checks of a written deal), and ``new_game`` / ``Game`` must take
only a whole number as the seed and the first deal. Both refuse with a ``ValueError`` (the engine's
errors are all ValueErrors; a subclass such as ``IllegalAction`` will do) whose message names what
is wrong.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.cards import parse_card
from engine.deal import Deal, deal_cards
from engine.game import Game, new_game
from engine.rules import preset

RULES = preset("partnership_auction")
QUEEN_OF_SPADES = parse_card("QS")


def _genuine() -> Deal:
    return deal_cards(RULES, dealer=3, deal_number=5)


def _third_queen_of_spades(deal: Deal) -> None:
    hand = deal.hands[0]
    hand[next(i for i, c in enumerate(hand) if c != QUEEN_OF_SPADES)] = QUEEN_OF_SPADES


def _hands_of_11_and_13(deal: Deal) -> None:
    deal.hands[1].append(deal.hands[0].pop())


def _code(value: Any) -> Callable[[Deal], None]:
    def change(deal: Deal) -> None:
        deal.hands[0][0] = value
    return change


def _dealer(seat: int) -> Callable[[Deal], None]:
    def change(deal: Deal) -> None:
        deal.dealer = seat
    return change


def _widow(deal: Deal) -> None:
    deal.widow = [deal.hands[0].pop()]


BAD_DEALS: list[tuple[str, Callable[[Deal], None]]] = [
    ("three queens of spades in a single deck", _third_queen_of_spades),
    ("hands of 11 and 13 cards", _hands_of_11_and_13),
    ("a code that is no card (24)", _code(24)),
    ("a negative code", _code(-1)),
    ("text instead of a card", _code("AS")),
    ("a dealer who is no seat", _dealer(7)),
    ("a widow in a game without one", _widow),
]


def test_a_genuine_deal_is_still_taken() -> None:
    deal = _genuine()
    assert Game.for_deal(RULES, deal).hand.deal.hands == deal.hands


@pytest.mark.parametrize(("why", "change"), BAD_DEALS, ids=[b[0] for b in BAD_DEALS])
def test_for_deal_refuses_a_deal_that_is_not_the_variants_deck(why: str, change: Callable[[Deal], None]) -> None:
    deal = copy.deepcopy(_genuine())
    change(deal)
    with pytest.raises(ValueError, match="deal|deck|dealer|card|widow"):
        Game.for_deal(RULES, deal)


@pytest.mark.parametrize("name", ["two_hand", "three_hand", "double_deck"])
def test_for_deal_refuses_the_deal_of_another_variant(name: str) -> None:
    other = preset(name)
    with pytest.raises(ValueError, match="deal|deck|hand"):
        Game.for_deal(RULES, deal_cards(other, dealer=1, deal_number=5))


@pytest.mark.parametrize("seed", ["abc", "5", None, 2.5, True, [1]], ids=repr)
def test_new_game_refuses_a_seed_that_is_not_a_whole_number(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed"):
        new_game(RULES, seed=seed)


@pytest.mark.parametrize("first_deal", ["x", 1.5, True], ids=repr)
def test_new_game_refuses_a_first_deal_that_is_not_a_whole_number(first_deal: Any) -> None:
    with pytest.raises(ValueError, match="deal"):
        new_game(RULES, seed=1, first_deal=first_deal)
