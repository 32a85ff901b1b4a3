"""Bad input is refused whole, with the error the function documents and a message in plain words.

Public helpers (cards, suits, actions, meld, legal plays, rules built by hand) and the readers of
saves and hand records: never an ``AttributeError``, ``TypeError``, ``KeyError`` or ``IndexError``
from inside, never an answer made up from a value that is not a card.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

import pytest

import engine
from engine.actions import action_from_text
from engine.cards import (
    HEARTS,
    SPADES,
    CardError,
    check_code,
    check_suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
)
from engine.deal import deal_cards
from engine.game import Game, new_game
from engine.meld import score_meld
from engine.play import legal_plays
from engine.players import RandomPlayer
from engine.record import RecordError, check_record
from engine.rules import PRESETS, Rules, RulesError, preset
from engine.save import SaveError, game_from_dict, game_to_dict

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


# -- meld and legal plays ----------------------------------------------------------------------

HAND = parse_cards("AH TH KH QH JH QS JD")
RULES = preset("partnership_auction")


@pytest.mark.parametrize("trump", [7, 4, -1, 1.0, None, True, [1], "hearts!"])
def test_score_meld_and_legal_plays_say_what_is_wrong_with_the_trump(trump: Any) -> None:
    with pytest.raises(CardError, match="not a suit"):
        score_meld(HAND, trump, RULES)
    with pytest.raises(CardError, match="not a suit"):
        legal_plays(HAND, parse_cards("KS"), trump, RULES)
    with pytest.raises(CardError, match="not a suit"):
        engine.score_meld(HAND, trump, RULES)
    with pytest.raises(CardError, match="not a suit"):
        engine.legal_plays(HAND, trick=parse_cards("KS"), trump=trump, rules=RULES)


@pytest.mark.parametrize("bad", [-1, 24, 100, "AS", None, 2.0])
def test_score_meld_and_legal_plays_refuse_a_code_that_is_no_card(bad: Any) -> None:
    with pytest.raises(CardError, match="not a card"):
        score_meld([*HAND, bad], HEARTS, RULES)
    with pytest.raises(CardError, match="not a card"):
        legal_plays([*HAND, bad], [], HEARTS, RULES)
    with pytest.raises(CardError, match="not a card"):
        legal_plays(HAND, [bad], HEARTS, RULES)


def test_score_meld_and_legal_plays_refuse_a_hand_that_is_not_a_list() -> None:
    for hand in (None, 5, "AS"):
        with pytest.raises(CardError, match="list of cards"):
            score_meld(hand, HEARTS, RULES)  # type: ignore[arg-type]
        with pytest.raises(CardError, match="list of cards"):
            legal_plays(hand, [], HEARTS, RULES)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["two_hand", "three_hand", "partnership_turnup", "partnership_auction"])
def test_more_copies_than_a_single_deck_holds_are_refused_by_meld_scoring(name: str) -> None:
    rules = preset(name)
    for hand in ("QS QS QS JD", "JD JD JD QS", "AH AH AH TH KH QH JH"):
        with pytest.raises(CardError, match="copies of the .*: a single deck holds 2"):
            score_meld(parse_cards(hand), SPADES, rules)
    assert score_meld(parse_cards("QS QS JD JD"), HEARTS, rules).total == 300


def test_the_double_deck_holds_four_copies_and_no_nines() -> None:
    rules = preset("double_deck")
    assert score_meld(parse_cards("QS QS QS JD JD JD"), HEARTS, rules).total == 60  # triple pinochle
    with pytest.raises(CardError, match="5 copies of the queen of spades: the double deck holds 4"):
        score_meld(parse_cards("QS QS QS QS QS JD"), HEARTS, rules)
    with pytest.raises(CardError, match="no nines"):
        score_meld(parse_cards("9H AH"), HEARTS, rules)


def test_legal_plays_refuses_more_copies_in_hand_and_trick_than_the_deck_holds() -> None:
    with pytest.raises(CardError, match="3 copies of the ace of spades"):
        legal_plays(parse_cards("AS AS 9S"), parse_cards("AS"), HEARTS, RULES)
    assert legal_plays(parse_cards("AS 9S"), parse_cards("AS"), HEARTS, RULES) == parse_cards("AS 9S")


# -- rules built by hand -----------------------------------------------------------------------


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 5}, "'players' is 5 but partnership_auction has 4"),
    ({"players": 4.0}, "'players'"),
    ({"hand_size": 13}, "'hand_size'"),
    ({"double_deck": True}, "'double_deck'"),
    ({"variant": "two_hand"}, "'players' is 4 but two_hand has 2"),
    ({"variant": "bridge"}, "no variant 'bridge'"),
    ({"variant": None}, "no variant"),
    ({"min_bid": "250"}, "option 'min_bid' must be a whole number"),
    ({"min_bid": 0}, "option 'min_bid' must be a whole number from 1"),
    ({"jump_bids": 1}, "option 'jump_bids' is true or false"),
    ({"count": "nonsense"}, "option 'count' must be one of"),
    ({"count": None}, "option 'count' must be one of"),
    ({"max_bid": 200}, "max_bid is below min_bid"),
    ({"meld_table": "masek"}, "double deck only"),
])
def test_rules_built_directly_are_checked(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**options)
    with pytest.raises(RulesError, match=message):
        dataclasses.replace(PRESETS["partnership_auction"], **options)


def test_every_preset_is_rules_that_pass_their_own_checks() -> None:
    assert Rules() == PRESETS["partnership_auction"]
    for rules in PRESETS.values():
        assert dataclasses.replace(rules) == rules
    # An option that does not apply to a variant keeps the preset's value (no bidding two-handed).
    assert PRESETS["two_hand"].min_bid == 0


# -- saves ---------------------------------------------------------------------------------------


def played(name: str = "partnership_auction", stacked: bool = False, steps: int = 60) -> Game:
    rules = preset(name)
    if stacked:
        game = Game.for_deal(rules, deal_cards(rules, dealer=rules.players - 1, deal_number=21), seed=4)
    else:
        game = new_game(rules, seed=4)
    players = [RandomPlayer(s) for s in range(rules.players)]
    for _ in range(steps):
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    return game


def saved(name: str = "partnership_auction", stacked: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(game_to_dict(played(name, stacked))))
    return data


@pytest.mark.parametrize(("part", "value", "message"), [
    ("widow", [5], "the widow is not a list of cards written as text"),
    ("widow", None, "the widow is not a list of cards written as text"),
    ("widow", "AS ZZ", "the widow has a bad card: not a card: 'ZZ'"),
    ("stock", [5], "the stock is not a list of cards written as text"),
    ("stock", 5, "the stock is not a list of cards written as text"),
    ("turnup", 5, "the turned-up card is not a card written as text"),
    ("turnup", 0, "the turned-up card is not a card written as text"),
    ("turnup", ["AS"], "the turned-up card is not a card written as text"),
    ("turnup", "XX", "not a card: 'XX'"),
    ("hands", None, "a deal of two_hand lists 2 hands"),
    ("hands", [5, 5], "the hand of seat 0 is not a list of cards"),
    ("deal_number", "77", "the deal number is not a whole number"),
    ("dealer", None, "the dealer is not a seat"),
])
def test_a_save_with_a_damaged_stacked_deal_is_refused_naming_the_part(part: str, value: Any, message: str) -> None:
    data = saved("two_hand", stacked=True)
    data["deal"][part] = value
    with pytest.raises(SaveError, match=f"the saved game's deal is damaged: {message}"):
        game_from_dict(data)


@pytest.mark.parametrize("key", ["deal_number", "hands", "widow", "stock", "turnup"])
def test_a_save_whose_stacked_deal_lacks_a_part_is_refused(key: str) -> None:
    data = saved("three_hand", stacked=True)
    del data["deal"][key]
    with pytest.raises(SaveError, match=f"the saved game's deal is damaged: it has no {key}"):
        game_from_dict(data)
    data["deal"] = ["AS"]
    with pytest.raises(SaveError, match="deal is damaged: it is not a table of hands"):
        game_from_dict(data)


@pytest.mark.parametrize("key", ["rules", "seed", "first_deal", "dealer", "game_id", "players", "actions"])
def test_a_save_missing_a_key_is_refused(key: str) -> None:
    data = saved()
    del data[key]
    with pytest.raises(SaveError, match=f"the saved game is damaged: it has no {key}"):
        game_from_dict(data)


@pytest.mark.parametrize(("key", "value", "message"), [
    ("players", None, "players are damaged"),
    ("players", ["A", "B", "C"], "players are damaged"),
    ("players", ["A", "B", "C", 4], "players are damaged"),
    ("game_id", None, "name is damaged"),
    ("game_id", 7, "name is damaged"),
    ("seed", True, "seed is damaged"),
    ("seed", 2**70, "seed is damaged"),
    ("seed", None, "seed is damaged"),
    ("first_deal", 1.5, "seed is damaged"),
    ("dealer", True, "dealer is damaged"),
    ("dealer", -1, "dealer is damaged"),
    ("format", True, "no format version"),
    ("rules", None, "its rules are wrong"),
    ("rules", {"variant": "partnership_auction", "players": 5}, "its rules are wrong"),
    ("actions", None, "actions are damaged"),
    ("actions", [None], "does not replay"),
    ("actions", [["bid", 250]], "does not replay"),
    ("actions", [{"meld": None}], "does not replay"),
])
def test_a_save_with_a_value_of_the_wrong_kind_is_refused(key: str, value: Any, message: str) -> None:
    data = saved()
    data[key] = value
    with pytest.raises(SaveError, match=message):
        game_from_dict(data)


def test_a_save_that_is_not_a_dict_is_refused() -> None:
    for value in (None, [], "game", 3, [saved()]):
        with pytest.raises(SaveError, match="not a saved pinochle game"):
            game_from_dict(value)


@pytest.mark.parametrize("state", ["missing", None])
def test_a_save_without_its_state_is_still_replayed_action_by_action(state: Any) -> None:
    """The choice (docs/engine.md): a save without ``state`` is accepted only after every action has
    been replayed and found legal; it is the game those actions make, never another one."""
    game = played(steps=60)
    data = game_to_dict(game)
    if state == "missing":
        del data["state"]
    else:
        data["state"] = None
    again = game_from_dict(copy.deepcopy(data))
    assert game_to_dict(again) == game_to_dict(game)

    cut = dict(data, actions=data["actions"][:30])  # what undo restores: a game cut short
    shorter = game_from_dict(cut)
    assert len(shorter.log) == 30 and game_to_dict(shorter)["actions"] == data["actions"][:30]

    for edit in (lambda a: a.insert(5, "play AS"), lambda a: a.__setitem__(0, "bid 5000"),
                 lambda a: a.append("declare out"), lambda a: a.__setitem__(3, "keep hand")):
        edited = copy.deepcopy(data)
        edit(edited["actions"])
        with pytest.raises(SaveError, match="does not replay"):
            game_from_dict(edited)


def test_a_save_with_its_state_is_compared_with_the_replay() -> None:
    data = game_to_dict(played(steps=60))
    data["actions"] = data["actions"][:-1]
    with pytest.raises(SaveError, match="does not replay to the state it records"):
        game_from_dict(data)


# -- hand records --------------------------------------------------------------------------------


def record(name: str = "partnership_auction", stacked: bool = False) -> dict[str, Any]:
    game = played(name, stacked, steps=0)
    player = RandomPlayer(3)
    while not game.hand_records:
        game.apply(player.choose(game, game.to_act or 0))
    found: dict[str, Any] = json.loads(json.dumps(game.hand_records[0]))
    return found


@pytest.mark.parametrize("stacked", [False, True])
@pytest.mark.parametrize(("key", "value", "message"), [
    ("widow", [5], "the widow is not a list of cards written as text"),
    ("widow", "AS ZZ", "bad card in the widow"),
    ("buried", None, "the buried cards are not a list of cards"),
    ("turnup", 5, "bad turned-up card: not a card: 5"),
    ("turnup", 0, "bad turned-up card: not a card: 0"),
    ("turnup", ["AS"], "bad turned-up card: not a card: a list"),
    ("players", None, "players must list one name per seat"),
    ("players", ["A", "B"], "players must list one name per seat"),
    ("game_id", 5, "game_id must be text"),
    ("trump", 1, "bad trump 1"),
    ("trump", "X", "bad trump 'X'"),
    ("format", True, "unknown record format true"),
    ("target", -1, "bad target -1"),
    ("seed", 2**70, "seed and hand_number"),
    ("deal", [None, None, None], "every hand is written as text"),
])
def test_a_record_with_a_value_of_the_wrong_kind_is_refused(key: str, value: Any, message: str,
                                                             stacked: bool) -> None:
    found = record("three_hand", stacked)
    found[key] = value
    with pytest.raises(RecordError, match=message):
        check_record(found)
    with pytest.raises(RecordError, match=message):
        check_record(found, replay=False)


@pytest.mark.parametrize(("key", "value", "message"), [
    ("stock", [5], "the stock is not a list of cards written as text"),
    ("stock", "KS ZZ", "bad card in the stock"),
    ("turnup", None, "bad stacked deal: the turn-up or the stock is not where the variant puts it"),
])
def test_a_stacked_two_handed_record_with_a_bad_stock_or_turnup_is_refused(key: str, value: Any,
                                                                            message: str) -> None:
    found = record("two_hand", stacked=True)
    found[key] = value
    with pytest.raises(RecordError, match=message):
        check_record(found)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_genuine_records_still_check(name: str) -> None:
    for stacked in (False, True):
        check_record(record(name, stacked))
