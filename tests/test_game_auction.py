"""The auction, option by option (docs/rules.md, "The auction"): bids, steps, passes, stuck dealer, redeals."""

from __future__ import annotations

import pytest
from conftest import act, assert_refused, event, kinds, stacked_game

from engine.actions import Bid, CallRedeal, NameTrump, Pass
from engine.events import EventKind
from engine.game import Phase, new_game
from engine.rules import RulesError, preset

NINES = "9S 9S 9H 9H 9D JS JS QS QS KS KS JH"  # five nines, no ace


def bids_offered(game) -> list[int]:
    return [a.amount for a in game.legal_actions() if isinstance(a, Bid)]


def test_opening_bid_starts_at_the_minimum_in_steps_of_ten_left_of_the_dealer() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    assert game.dealer == 3 and game.phase == Phase.BIDDING and game.to_act == 0
    offered = bids_offered(game)
    assert offered[:3] == [250, 260, 270] and offered[-1] == 2500
    assert all(b - a == 10 for a, b in zip(offered, offered[1:], strict=False))
    assert Pass() in game.legal_actions() and Pass(help=True) not in game.legal_actions()
    assert_refused(game, Bid(240))
    assert_refused(game, Bid(255))
    act(game, "bid 300")
    assert game.to_act == 1 and bids_offered(game)[0] == 310
    assert_refused(game, Bid(300))


@pytest.mark.parametrize(("name", "overrides", "first"), [
    ("partnership_auction", {"min_bid": 190}, 190),
    ("three_hand", {}, 250),
    ("three_hand", {"min_bid": 300}, 300),
    ("partnership_auction_div10", {}, 20),
    ("partnership_auction_div10", {"min_bid": 15}, 15),
    ("double_deck", {}, 50),
])
def test_minimum_bid_option(name: str, overrides: dict[str, int], first: int) -> None:
    game = new_game(preset(name, **overrides), seed=11)
    assert bids_offered(game)[0] == first
    assert_refused(game, Bid(first - 1))


def test_jump_bids_off_offers_only_the_next_step() -> None:
    game = new_game(preset("partnership_auction", jump_bids=False), seed=3)
    assert bids_offered(game) == [250]
    act(game, "bid 250")
    assert bids_offered(game) == [260]
    assert_refused(game, Bid(300))


def test_max_bid_caps_the_auction() -> None:
    game = new_game(preset("partnership_auction", max_bid=300), seed=3)
    assert bids_offered(game)[-1] == 300
    act(game, "bid 300")
    assert game.legal_actions() == [Pass()]
    assert_refused(game, Bid(310))


def test_double_deck_steps_of_one_to_sixty_then_fives() -> None:
    game = new_game(preset("double_deck"), seed=5)
    offered = bids_offered(game)
    assert offered[:12] == list(range(50, 61)) + [65]
    assert offered[12:14] == [70, 75] and offered[-1] == 500
    act(game, "bid 59")
    assert bids_offered(game)[:3] == [60, 65, 70]
    act(game, "bid 60")
    assert bids_offered(game)[:2] == [65, 70]
    assert_refused(game, Bid(61))
    assert_refused(game, Bid(62))


def test_pass_is_final_and_the_last_bidder_standing_wins() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    act(game, "bid 250", "pass", "bid 260", "pass")  # seats 0..3; seats 1 and 3 are out
    assert game.to_act == 0
    act(game, "bid 270")
    assert game.to_act == 2, "passed seats 1 and 3 are skipped"
    events = act(game, "pass")
    assert event(events, EventKind.AUCTION_WON).seat == 0 and event(events, EventKind.AUCTION_WON).bid == 270
    assert game.phase == Phase.TRUMP and game.to_act == 0
    assert game.hand.declarer == 0 and game.hand.bid == 270
    assert game.hand.bids == [(0, 250), (1, "pass"), (2, 260), (3, "pass"), (0, 270), (2, "pass")]


def test_an_opening_bid_then_three_passes_wins_at_once() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    events = act(game, "pass", "bid 250", "pass", "pass")
    assert kinds(events)[-1] == EventKind.AUCTION_WON and game.hand.declarer == 1 and game.hand.bid == 250


@pytest.mark.parametrize("name", ["partnership_auction", "three_hand", "double_deck"])
def test_dealer_stuck_when_all_others_pass(name: str) -> None:
    rules = preset(name)
    game = new_game(rules, seed=9)
    dealer = game.dealer
    events = act(game, *["pass"] * (rules.players - 1))
    stuck = [e for e in events if e.kind == EventKind.BID]
    assert len(stuck) == 1 and stuck[0].seat == dealer and stuck[0].amount == rules.min_bid and stuck[0].stuck
    assert event(events, EventKind.AUCTION_WON).seat == dealer
    assert game.hand.declarer == dealer and game.hand.bid == rules.min_bid
    assert game.hand.bids[-1] == (dealer, rules.min_bid)


def test_dealer_not_stuck_once_somebody_bid() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    act(game, "pass", "pass", "bid 250")
    assert game.to_act == 3 and game.phase == Phase.BIDDING
    act(game, "bid 260")
    assert game.to_act == 2
    act(game, "pass")
    assert game.hand.declarer == 3 and game.hand.bid == 260


def test_all_pass_redeal_deals_the_same_hand_again_by_the_same_dealer() -> None:
    rules = preset("partnership_auction", all_pass="redeal")
    game = new_game(rules, seed=3)
    first = game.deal_number
    act(game, "pass", "pass", "pass")
    assert game.to_act == 3 and bids_offered(game)[0] == 250, "the dealer may still open"
    events = act(game, "pass")
    redeal = event(events, EventKind.REDEAL)
    assert redeal.seat is None and redeal.reason == "all passed"
    assert game.phase == Phase.BIDDING and game.to_act == 0 and game.dealer == 3 and game.hand_number == 1
    assert game.deal_number != first and game.hand.bids == [] and not game.hand_records


def test_pass_with_help_only_where_allowed() -> None:
    game = new_game(preset("partnership_auction", pass_with_help=True), seed=3)
    assert Pass(help=True) in game.legal_actions()
    act(game, "pass with help")
    assert game.hand.bids == [(0, "pass with help")] and game.hand.out[0]
    assert game.to_act == 1
    assert Pass(help=True) in game.legal_actions()
    with pytest.raises(RulesError):
        preset("three_hand", pass_with_help=True)
    with pytest.raises(RulesError):
        preset("two_hand", pass_with_help=True)


def test_nines_redeal_called() -> None:
    rules = preset("partnership_auction", redeal_nines=True)
    game = stacked_game(rules, ["", NINES, "", ""])
    assert game.phase == Phase.REDEAL and game.to_act == 1
    assert game.legal_actions() == [CallRedeal(True), CallRedeal(False)]
    assert_refused(game, Bid(250))
    first = game.deal_number
    events = act(game, "redeal")
    assert event(events, EventKind.REDEAL).seat == 1 and event(events, EventKind.REDEAL).reason == "nines"
    assert game.deal_number != first and game.dealer == 3 and game.hand_number == 1
    assert game.phase in (Phase.BIDDING, Phase.REDEAL)


def test_nines_redeal_declined_keeps_the_deal_and_bidding_starts_left_of_the_dealer() -> None:
    # Eight nines in the deck: only one seat can hold five.
    rules = preset("partnership_auction", redeal_nines=True)
    game = stacked_game(rules, ["", "", "", NINES], dealer=1)
    hands = [list(h) for h in game.hand.hands]
    assert game.phase == Phase.REDEAL and game.to_act == 3
    events = act(game, "keep hand")
    assert EventKind.REDEAL not in kinds(events)
    assert game.phase == Phase.BIDDING and game.to_act == 2
    assert game.hand.deal.deal_number == 424242 and game.hand.hands == hands
    assert_refused(game, CallRedeal(True))


def test_nines_redeal_needs_five_nines_and_no_ace_and_the_option() -> None:
    with_ace = "9S 9S 9H 9H 9D AS JS QS QS KS KS JH"
    four = "9S 9S 9H 9H JD JS JS QS QS KS KS JH"
    on = preset("partnership_auction", redeal_nines=True)
    assert stacked_game(on, ["", with_ace, "", ""]).phase == Phase.BIDDING
    assert stacked_game(on, ["", four, "", ""]).phase == Phase.BIDDING
    assert stacked_game(preset("partnership_auction"), ["", NINES, "", ""]).phase == Phase.BIDDING
    assert stacked_game(preset("partnership_auction_div10"), ["", NINES, "", ""]).phase == Phase.REDEAL
    with pytest.raises(RulesError):
        preset("three_hand", redeal_nines=True)


def test_auction_winner_names_any_suit() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    act(game, "bid 250", "pass", "pass", "pass")
    assert game.legal_actions() == [NameTrump(s) for s in range(4)]
