"""Game.apply takes only exactly a legal action, for the seat whose turn it is, and a step that fails
half way leaves the game as it was; a game starts only from a whole-number seed, a seat as dealer and
a deal of the variant's deck (issue 11, items 13, 14 and 16)."""

from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any

import pytest
from conftest import act, snapshot, stacked_game

from engine.actions import Bid, Bury, DeclareOut, ExchangeDix, LayMeld, NameTrump, Pass, PassCards, Play
from engine.cards import CARDS, Card, parse_card, parse_cards
from engine.deal import Deal, deal_cards
from engine.game import Game, IllegalAction, new_game
from engine.rules import preset
from engine.save import game_from_dict, game_to_dict

RULES = preset("partnership_auction")


def assert_refused_whole(game: Game, action: Any, seat: int | None = None, match: str = "not allowed") -> None:
    """``action`` raises IllegalAction and the game, saved or looked at, is what it was."""
    saved, seen = game_to_dict(game), snapshot(game)
    assert not game.is_legal(action, seat)
    with pytest.raises(IllegalAction, match=match):
        game.apply(action, seat=seat)
    assert game_to_dict(game) == saved and snapshot(game) == seen


def at_trump() -> Game:
    game = new_game(RULES, seed=3)
    act(game, "bid 250", "pass", "pass", "pass")
    assert game.phase == "trump" and game.to_act == 0
    return game


# -- item 13: the same class with fields of the same types -----------------------------------------

def test_a_suit_given_as_a_float_is_refused_and_the_hand_goes_on_whole() -> None:
    game = at_trump()
    assert_refused_whole(game, NameTrump(1.0), match=r"NameTrump\(suit=1.0\) is not allowed now")  # type: ignore[arg-type]
    assert_refused_whole(game, NameTrump(True))  # type: ignore[arg-type]
    act(game, "trump hearts")
    act(game, game.legal_actions()[0], game.legal_actions()[0])  # partner passes four, declarer four back
    assert game.phase == "throw_in" and [len(h) for h in game.hand.hands] == [12, 12, 12, 12]
    assert game_to_dict(game_from_dict(game_to_dict(game))) == game_to_dict(game)


def test_a_bid_of_a_float_or_a_bool_is_refused_and_the_save_still_loads() -> None:
    game = new_game(RULES, seed=3)
    assert Bid(250) in game.legal_actions()
    for wrong in (250.0, True, "250", None):
        assert_refused_whole(game, Bid(wrong))  # type: ignore[arg-type]
    act(game, "bid 250")
    assert game_to_dict(game_from_dict(game_to_dict(game)))["actions"] == ["bid 250"]


def test_a_card_given_as_a_plain_number_is_refused() -> None:
    game = new_game(RULES, seed=3)
    act(game, "bid 250", "pass", "pass", "pass", "trump hearts")
    act(game, game.legal_actions()[0], game.legal_actions()[0], "play on")
    assert game.phase == "play"
    card = game.legal_actions()[0].card  # type: ignore[union-attr]
    assert_refused_whole(game, Play(int(card)))  # type: ignore[arg-type]
    assert_refused_whole(game, Play(card, from_table=0))  # type: ignore[arg-type]
    events = game.apply(Play(card))
    assert events[0].card == card and type(game.log[-1].card) is type(card)
    assert game_from_dict(game_to_dict(game)).log[-1] == Play(card)


IMPOSSIBLE_CODES = [24, 30, -1, -24, 10**20]


def names_no_card(message: str) -> bool:
    """Whether ``message`` names no real card, in the notation or in words."""
    words = set(re.findall(r"\w+", message))
    return not any(str(c) in words or c.name in message for c in CARDS)


@pytest.mark.parametrize("code", IMPOSSIBLE_CODES, ids=repr)
def test_a_card_built_from_a_code_that_is_no_card_is_refused_without_naming_a_card(code: int) -> None:
    impossible = Card(code)
    assert names_no_card(str(impossible)) and names_no_card(repr(impossible)) and names_no_card(impossible.name)
    game = new_game(preset("two_hand"), seed=1)
    assert game.phase == "play"
    with pytest.raises(IllegalAction, match="not a card") as refused:
        game.apply(Play(impossible))
    assert names_no_card(str(refused.value)), str(refused.value)
    assert_refused_whole(game, Play(impossible), match="a card code is a whole number from 0 to 23")
    three = new_game(preset("three_hand"), seed=3)
    act(three, "bid 250", "pass", "pass", "trump spades")
    held = tuple(sorted(three.hand.hands[0])[-2:])
    assert_refused_whole(three, Bury((*held, impossible)), match="not a card")
    partners = at_trump()
    act(partners, "trump hearts")
    assert_refused_whole(partners, PassCards((*partners.hand.hands[2][:3], impossible)), match="not a card")


def test_passed_and_buried_cards_must_be_a_tuple_of_cards_in_any_order() -> None:
    game = at_trump()
    act(game, "trump hearts")
    four = tuple(game.hand.hands[2][:4])
    assert_refused_whole(game, PassCards(list(four)))  # type: ignore[arg-type]
    assert_refused_whole(game, PassCards(tuple(int(c) for c in four)))
    assert_refused_whole(game, PassCards(four[:3]))
    act(game, PassCards(tuple(reversed(four))))
    assert game.phase == "return" and len(game.hand.hands[0]) == 16

    three = new_game(preset("three_hand"), seed=3)
    act(three, "bid 250", "pass", "pass", "trump spades")
    cards = tuple(sorted(three.hand.hands[0])[-3:])
    assert_refused_whole(three, Bury(tuple(int(c) for c in cards)))
    act(three, Bury(cards[::-1]))
    assert three.hand.buried == cards[::-1] and len(three.hand.hands[0]) == 15


def test_a_yes_or_no_given_as_a_number_is_refused() -> None:
    game = stacked_game(preset("partnership_turnup"), ["9H", "", "", "AD"], dealer=3, turnup="KH")
    assert game.phase == "dix"
    assert_refused_whole(game, ExchangeDix(1))  # type: ignore[arg-type]
    bidding = new_game(preset("partnership_auction", pass_with_help=True), seed=3)
    act(bidding, "pass")
    assert_refused_whole(bidding, Pass(help=1))  # type: ignore[arg-type]


def test_a_meld_with_a_field_of_another_type_is_refused_and_the_listed_one_is_laid() -> None:
    game = stacked_game(preset("two_hand"), ["AS KS QS", "9S"], turnup="9D")
    act(game, "play AS", "play 9S")
    marriage = next(a for a in game.legal_actions() if isinstance(a, LayMeld) and a.play.meld.name == "marriage")
    play, meld = marriage.play, marriage.play.meld
    assert_refused_whole(game, LayMeld(dataclasses.replace(play, meld=dataclasses.replace(meld, points=20.0))))
    assert_refused_whole(game, LayMeld(dataclasses.replace(play, from_hand=list(play.from_hand))))
    assert_refused_whole(game, LayMeld(dataclasses.replace(play, from_hand=tuple(map(int, play.from_hand)))))
    copied = copy.deepcopy(marriage)
    act(game, copied)
    assert game.log[-1] == marriage and game.log[-1] is not copied
    assert game.scores == [20, 0]  # John Hay: a turned-up dix scores nothing for the dealer


@pytest.mark.parametrize("thing", [None, "bid 250", 250, ("pass",), Pass], ids=repr)
def test_what_is_no_action_is_refused_in_words(thing: Any) -> None:
    game = new_game(RULES, seed=3)
    assert_refused_whole(game, thing, match="not an action")


# -- item 14: the seat whose turn it is --------------------------------------------------------------

def test_an_action_for_a_seat_whose_turn_it_is_not_is_refused() -> None:
    game = new_game(RULES, seed=3)
    assert game.to_act == 0
    for seat in (1, 2, 3, 4, -1, True, 0.0, "0"):
        assert_refused_whole(game, Bid(250), seat=seat, match="not the turn of seat")
    assert game.is_legal(Bid(250), seat=0) and game.is_legal(Bid(250))
    act(game, "bid 250")
    assert_refused_whole(game, Pass(), seat=0, match="seat 1 is to act in the bidding phase")
    game.apply(Pass(), seat=1)
    assert game.to_act == 2 and [s for s, _ in game.hand.bids] == [0, 1]


def test_after_the_game_no_seat_may_act() -> None:
    game = stacked_game(preset("two_hand"), ["AS", "9S"], turnup="KH", scores=[0, 2000])
    game.apply(DeclareOut(), seat=0)
    assert game.is_over
    assert_refused_whole(game, Play(parse_card("AS")), seat=1, match="over")


# -- a step that fails half way ----------------------------------------------------------------------

def test_a_step_that_fails_half_way_leaves_the_game_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    game = at_trump()
    act(game, "trump hearts")
    act(game, game.legal_actions()[0])
    assert game.phase == "return"
    saved, seen, hands = game_to_dict(game), snapshot(game), [list(h) for h in game.hand.hands]

    def broken(self: Game, out: list[Any]) -> None:
        if self is not game:  # the replay that puts the game back
            return after_exchanges(self, out)
        raise RuntimeError("meld broke")

    after_exchanges = Game._after_exchanges

    monkeypatch.setattr(Game, "_after_exchanges", broken)  # the cards have moved when this is called
    with pytest.raises(RuntimeError, match="meld broke"):
        game.apply(game.legal_actions()[0])
    assert game_to_dict(game) == saved and snapshot(game) == seen and game.hand.hands == hands
    monkeypatch.undo()
    act(game, game.legal_actions()[0])
    assert game.phase == "throw_in" and [len(h) for h in game.hand.hands] == [12, 12, 12, 12]


def test_a_failed_step_in_a_later_hand_of_a_stacked_game_is_undone_too(monkeypatch: pytest.MonkeyPatch) -> None:
    game = stacked_game(preset("three_hand"), ["", "", ""], scores=[100, 200, 300], target=1500, seed=9)
    game.game_id, game.players = "the club's game", ["Ann", "Bo", "Cy"]
    while game.hand_number == 1 or game.phase != "play" or len(game.hand.trick) != 2:
        act(game, next(a for a in game.legal_actions() if not isinstance(a, DeclareOut)))
    saved, seen = game_to_dict(game), snapshot(game)
    records = list(game.hand_records)

    def broken(self: Game, out: list[Any]) -> None:
        if self is not game:  # the replay that puts the game back
            return finish_trick(self, out)
        self.scores[0] += 1000
        self.hand.trick_points[0] += 50
        raise KeyError("trick")

    finish_trick = Game._finish_trick

    monkeypatch.setattr(Game, "_finish_trick", broken)
    with pytest.raises(KeyError):
        game.apply(game.legal_actions()[0])
    assert game_to_dict(game) == saved and snapshot(game) == seen and game.hand_records == records
    assert game.stacked_deal is not None and game.players == ["Ann", "Bo", "Cy"]


# -- item 16: what a game may start from -------------------------------------------------------------

@pytest.mark.parametrize(("seed", "first_deal"), [("abc", None), (2.5, None), (True, None), (-1, None), (2**63, None),
                                                  (1, -1), (1, 1.5), (1, False), (1, "7")], ids=repr)
def test_new_game_refuses_a_seed_or_first_deal_that_is_no_whole_number_from_0(seed: Any, first_deal: Any) -> None:
    with pytest.raises(ValueError, match="seed|deal number"):
        new_game(RULES, seed=seed, first_deal=first_deal)


def test_the_smallest_and_largest_seeds_a_save_can_hold_start_a_game_that_saves() -> None:
    for seed in (0, 2**63 - 1):
        game = new_game(RULES, seed=seed, first_deal=seed)
        assert game.deal_number == seed
        assert game_to_dict(game_from_dict(game_to_dict(game))) == game_to_dict(game)


@pytest.mark.parametrize(("what", "value", "words"), [
    ("dealer", 4, "dealer"), ("dealer", -1, "dealer"), ("dealer", True, "dealer"),
    ("scores", [0, 0, 0], "scores"), ("scores", [0, 1.5], "scores"), ("scores", (0, 0), "scores"),
    ("target", -10, "target"), ("target", 1500.0, "target"), ("hand_number", 0, "hand number"),
    ("rules", "partnership_auction", "rule set"),
], ids=repr)
def test_a_game_refuses_a_dealer_who_is_no_seat_and_other_bad_starts(what: str, value: Any, words: str) -> None:
    start: dict[str, Any] = {"rules": RULES, "seed": 1}
    start[what] = value
    with pytest.raises(ValueError, match=words):
        Game(**start)


def test_for_deal_refuses_a_deal_whose_stock_or_turn_up_is_out_of_place() -> None:
    rules = preset("two_hand")
    deal = deal_cards(rules, dealer=1, deal_number=5)
    assert Game.for_deal(rules, deal).hand.hands == deal.hands
    moved = copy.deepcopy(deal)
    moved.stock = moved.stock[-1:] + moved.stock[:-1]  # the turned-up trump no longer last
    with pytest.raises(ValueError, match="turn-up or the stock"):
        Game.for_deal(rules, moved)


def test_for_deal_refuses_a_fifth_copy_in_the_double_deck_and_a_deal_that_is_not_one() -> None:
    rules = preset("double_deck")
    deal = deal_cards(rules, dealer=3, deal_number=5)
    fifth = copy.deepcopy(deal)
    ace = parse_card("AS")
    fifth.hands[0][fifth.hands[0].index(next(c for c in fifth.hands[0] if c != ace))] = ace
    with pytest.raises(ValueError, match="whole deck"):
        Game.for_deal(rules, fifth)
    with pytest.raises(ValueError, match="not a deal"):
        Game(rules, deal={"hands": []})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="every hand of double_deck is dealt 20 cards"):
        Game.for_deal(rules, Deal(3, 5, [parse_cards("AS")] * 4))
