"""Bad input is refused whole, with the error the function documents and a message in plain words.

Public helpers (cards, suits, actions, meld, legal plays, rules built by hand) and the readers of
saves and hand records: never an ``AttributeError``, ``TypeError``, ``KeyError`` or ``IndexError``
from inside, never an answer made up from a value that is not a card.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.actions import action_from_text
from engine.cards import (
    CardError,
    check_code,
    check_suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
)

NOT_TEXT = [None, 5, 0, -1, 1.5, True, ["AS"], ("AS",), {"card": "AS"}, b"AS"]


# -- cards, suits and actions ------------------------------------------------------------------


@pytest.mark.parametrize("value", NOT_TEXT, ids=repr)
def test_parse_card_and_parse_suit_refuse_what_is_not_text_with_card_error(value: Any) -> None:
    with pytest.raises(CardError, match="not a card"):
        parse_card(value)
    with pytest.raises(CardError, match="not a suit"):
        parse_suit(value)


def test_parse_cards_refuses_a_value_that_is_not_cards() -> None:
    for value in (None, 5, 1.5, True):
        with pytest.raises(CardError, match="not a list of cards"):
            parse_cards(value)  # type: ignore[arg-type]
    for value in ([5], [None], ["AS", 0], "AS ZZ"):
        with pytest.raises(CardError, match="not a card"):
            parse_cards(value)  # type: ignore[arg-type]
    assert parse_cards(["AS", "10h"]) == parse_cards("AS TH")


@pytest.mark.parametrize("value", NOT_TEXT, ids=repr)
def test_action_from_text_refuses_what_is_not_text_with_value_error(value: Any) -> None:
    with pytest.raises(ValueError, match="not an action") as caught:
        action_from_text(value)
    assert type(caught.value) is ValueError
    with pytest.raises(ValueError, match="not an action"):
        engine.action_from_text(value)


def test_action_from_text_refuses_a_bid_too_long_to_be_a_number() -> None:
    with pytest.raises(ValueError, match="not an action"):
        action_from_text("bid " + "9" * 5000)


@pytest.mark.parametrize("code", [-1, -24, 24, 99, 1.0, "AS", None, True])
def test_format_cards_refuses_a_code_that_is_no_card(code: Any) -> None:
    with pytest.raises(CardError, match="not a card"):
        format_cards([code])
    with pytest.raises(CardError, match="not a card"):
        check_code(code)


def test_format_cards_still_writes_codes_and_cards() -> None:
    assert format_cards([0, 23, parse_card("TH")]) == "9S AC TH"


@pytest.mark.parametrize("suit", [-1, 4, 7, 1.0, "H", None, True, [1]])
def test_check_suit_takes_only_a_suit_number(suit: Any) -> None:
    with pytest.raises(CardError, match="not a suit"):
        check_suit(suit)
    assert [check_suit(s) for s in range(4)] == [0, 1, 2, 3]
