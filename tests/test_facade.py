"""The engine package's public face: every exported name, the doctests, text forms of actions both ways."""

from __future__ import annotations

import doctest
import importlib

import pytest

import engine
from engine.actions import (
    Bid,
    Bury,
    CallRedeal,
    DeclareOut,
    DrawChoice,
    ExchangeDix,
    LayMeld,
    NameTrump,
    NoMeld,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ThrowIn,
    action_from_text,
    action_to_json,
)
from engine.cards import parse_card, parse_cards


def test_every_exported_name_exists() -> None:
    for name in engine.__all__:
        assert hasattr(engine, name), name
    assert engine.__version__


@pytest.mark.parametrize("module", ["engine", "engine.game", "engine.save", "engine.actions", "engine.deal",
                                    "engine.cards", "engine.rules", "engine.contract", "engine.declare_out"])
def test_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_score_meld_and_legal_plays_take_suit_letters_or_numbers() -> None:
    hand = parse_cards("AH TH KH QH JH QS JD")
    assert engine.score_meld(hand, "H").total == engine.score_meld(hand, 1).total == 190
    assert engine.score_meld(hand, "hearts", engine.preset("partnership_auction_div10")).total == 19
    assert engine.legal_plays(hand, parse_cards("KS"), "H") == [parse_card("QS")]
    assert engine.legal_plays(hand, parse_cards("KS"), "H", free=True) == hand
    assert engine.trick_winner(parse_cards("AD TD AD 9S"), 0) == 3


def test_new_game_and_its_first_deal() -> None:
    rules = engine.preset("three_hand")
    game = engine.new_game(rules, seed=3, first_deal=99)
    assert game.deal_number == 99 and game.seed == 3 and game.rules is rules
    assert engine.new_game(rules, seed=3, first_deal=99).hand.hands == game.hand.hands
    assert engine.new_game(rules, seed=4).hand.hands != game.hand.hands


ACTIONS = [Bid(250), Pass(), Pass(help=True), CallRedeal(True), CallRedeal(False), NameTrump(2), ExchangeDix(True),
           ExchangeDix(False), PassCards(tuple(parse_cards("AS 9H JD QS"))), Bury(tuple(parse_cards("AS TS KS"))),
           ThrowIn(), PlayOn(), Play(parse_card("TH")), Play(parse_card("TH"), from_table=True), NoMeld(),
           DrawChoice(True), DrawChoice(False), DeclareOut()]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_actions_read_back_from_their_text(action: engine.Action) -> None:
    assert action_from_text(str(action)) == action
    assert action_from_text(str(action).upper()) == action
    assert action_to_json(action) == str(action)


@pytest.mark.parametrize("text", ["", "bid", "bid ten", "play", "play XX", "trump purple", "pass cards ZZ",
                                  "meld run", "dance"])
def test_text_that_is_no_action(text: str) -> None:
    with pytest.raises(ValueError, match="not an action"):
        action_from_text(text)


def test_laid_meld_round_trips_through_json_against_the_game() -> None:
    game = engine.new_game(engine.preset("two_hand"), seed=1)
    seen = 0
    while not game.is_over and game.hand_number == 1:
        actions = game.legal_actions()
        melds = [a for a in actions if isinstance(a, LayMeld)]
        for meld in melds:
            value = action_to_json(meld)
            assert isinstance(value, dict) and game.action_from_json(value) == meld
            seen += 1
        game.apply(melds[-1] if melds else next(a for a in actions if not isinstance(a, DeclareOut)))
    assert seen > 0
