"""The house rule "first bid forced" (issue 12): the player left of the dealer must open at exactly
the minimum, and no computer level reads that bid as strength."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from conftest import act, assert_refused, bid_limit, fast_where, make_deal, play_out

from engine.actions import Action, Bid, Pass
from engine.ai.players import decisions
from engine.ai.players.computer import ComputerPlayer, _fallback
from engine.ai.players.levels import LEVELS
from engine.game import Game, Phase, new_game
from engine.info_state import info_state
from engine.phases.auction import forced_bids
from engine.players import RandomPlayer
from engine.record import check_record
from engine.rules import AUCTION_VARIANTS, VARIATIONS, RulesError, preset, rules_from_dict
from engine.rules_help import rules_help

FORCED_PRESETS = ["three_hand", "partnership_auction", "partnership_auction_div10", "double_deck"]

# Tiny budgets: the tests check behaviour, not strength. No clock (think_seconds 0): the budgets are in
# deals and nodes only, so a loaded machine cannot cut a decision short and change a verdict.
TINY = {name: replace(level, worlds=min(level.worlds, 4), simulated_deals=min(level.simulated_deals, 16),
                      search_nodes=min(level.search_nodes, 12_000), think_seconds=0.0)
        for name, level in LEVELS.items()}


def bids_offered(game: Game) -> list[int]:
    return [a.amount for a in game.legal_actions() if isinstance(a, Bid)]


# -- the rule ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "minimum", "next_bids"), [
    ("three_hand", 250, [260, 270]),
    ("partnership_auction", 250, [260, 270]),
    ("partnership_auction_div10", 20, [21, 22]),
    ("double_deck", 50, [51, 52]),
])
def test_the_first_bidder_may_only_open_at_the_minimum(name: str, minimum: int, next_bids: list[int]) -> None:
    game = new_game(preset(name, first_bid_forced=True), seed=3)
    first = (game.dealer + 1) % game.rules.players
    assert game.phase == Phase.BIDDING and game.to_act == first
    assert game.legal_actions() == [Bid(minimum)]
    assert_refused(game, Pass())
    assert_refused(game, Bid(next_bids[0]))  # no jump on the forced opening
    act(game, Bid(minimum))
    # From the second bidder on, the auction is the usual one: pass, or any higher bid.
    assert game.to_act == (first + 1) % game.rules.players
    assert Pass() in game.legal_actions() and bids_offered(game)[:2] == next_bids
    act(game, Pass())
    assert Pass() in game.legal_actions()


def test_without_the_option_the_first_bidder_may_pass_or_jump() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    assert Pass() in game.legal_actions() and bids_offered(game)[:3] == [250, 260, 270]


def test_the_forced_opener_is_not_asked_again_when_all_pass() -> None:
    """Everybody else passes: the forced opener declares at the minimum (no dealer stuck, no redeal)."""
    game = new_game(preset("partnership_auction", first_bid_forced=True), seed=3)
    first = game.to_act
    act(game, Bid(250), Pass(), Pass(), Pass())
    assert game.phase != Phase.BIDDING and game.hand.declarer == first and game.hand.bid == 250


@pytest.mark.parametrize("variant", ["two_hand", "partnership_turnup"])
def test_the_option_is_for_auction_games_only(variant: str) -> None:
    assert variant not in AUCTION_VARIANTS
    with pytest.raises(RulesError, match="first_bid_forced"):
        preset(variant, first_bid_forced=True)
    with pytest.raises(RulesError, match="true or false"):
        preset("partnership_auction", first_bid_forced="yes")


def test_the_long_run_and_the_random_tests_play_the_option() -> None:
    assert ("partnership_auction", {"first_bid_forced": True}) in VARIATIONS


def test_the_rules_help_says_which_reading_applies() -> None:
    forced = rules_help(preset("partnership_auction", first_bid_forced=True))
    assert "must open at exactly 250 and may not pass at that first turn" in forced
    assert "a forced bid says nothing about the hand" in forced
    assert "first bid forced on" in forced  # among the options changed from the preset
    assert "stuck" not in forced  # somebody always bids
    usual = rules_help(preset("double_deck"))
    assert "The player left of the dealer bids first, and may pass like anyone else." in usual
    assert "stuck with the bid at 50" in usual


# -- records and saves ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", FORCED_PRESETS)
def test_a_record_with_the_option_replays(name: str) -> None:
    game = new_game(preset(name, first_bid_forced=True), seed=7)
    play_out(game, lambda g: next(a for a in g.legal_actions() if str(a) != "declare out"), hands=2)
    for record in game.hand_records:
        assert record["rules"]["first_bid_forced"] is True
        assert record["bids"][0] == [(record["dealer"] + 1) % game.rules.players, game.rules.min_bid]
        check_record(record)
    assert rules_from_dict(game.hand_records[0]["rules"]) == game.rules


# -- what a forced bid says ----------------------------------------------------------------------


def test_forced_bids_are_the_forced_opening_and_the_stuck_dealer() -> None:
    forced = preset("partnership_auction", first_bid_forced=True)
    usual = preset("partnership_auction")
    opened: list[tuple[int, int | str]] = [(0, 250), (1, "pass"), (2, 300)]
    assert forced_bids(forced, opened) == [True, False, False]
    assert forced_bids(usual, opened) == [False, False, False]
    stuck: list[tuple[int, int | str]] = [(0, "pass"), (1, "pass"), (2, "pass with help"), (3, 250)]
    assert forced_bids(usual, stuck) == [False, False, False, True]
    assert forced_bids(preset("partnership_auction", all_pass="redeal"), stuck[:3]) == [False, False, False]


STRONG = "AH AH TH TH KH QH JH KS QS JD AC AD"  # a run in hearts, aces: worth a jump


def _seat_two_decides(level: str, opening: list[Bid | Pass], forced: bool) -> tuple[Action, str]:
    """Seat 2 (partner of seat 0, the first bidder; seat 3 deals) decides after ``opening``."""
    rules = preset("partnership_auction", first_bid_forced=forced)
    game = Game.for_deal(rules, make_deal(rules, ["", "", STRONG, ""], dealer=3))
    act(game, *opening)
    assert game.to_act == 2
    return decisions.choose_bid(info_state(game, 2), TINY[level], random.Random(1))


# Hard reads every bid and pass by the learned auction model: a partner's pass says something there,
# so its forced opening is compared with no bid at all in tests/test_ai_auction.py instead.
FIXED_HELP = [name for name in ("easy", "medium", "hard") if not LEVELS[name].reads_auction]


@pytest.mark.parametrize("level", FIXED_HELP)
def test_a_forced_partner_opening_adds_nothing_and_a_real_one_does(level: str) -> None:
    # The partner's bid 250 and the opponent's 260 in each case; only whether 250 was forced differs.
    forced_action, forced_reason = _seat_two_decides(level, [Bid(250), Bid(260)], forced=True)
    none_action, none_reason = _seat_two_decides(level, [Pass(), Bid(260)], forced=False)
    real_action, real_reason = _seat_two_decides(level, [Bid(250), Bid(260)], forced=False)
    assert (forced_action, forced_reason) == (none_action, none_reason)
    # A partner who chose to bid promises help: 30 points more in the bidder's reckoning.
    assert bid_limit(real_reason) == bid_limit(none_reason) + 30
    assert isinstance(real_action, Bid) and isinstance(forced_action, Bid)
    if level != "easy":  # easy climbs a step at a time; the others jump to just under their value
        assert real_action.amount == forced_action.amount + 30


@pytest.mark.parametrize("level", FIXED_HELP)
def test_over_a_forced_partner_opening_one_bids_as_over_no_bid(level: str) -> None:
    forced_action, forced_reason = _seat_two_decides(level, [Bid(250), Pass()], forced=True)
    none_action, none_reason = _seat_two_decides(level, [Pass(), Pass()], forced=False)
    assert bid_limit(forced_reason) == bid_limit(none_reason)
    assert isinstance(forced_action, Bid) and isinstance(none_action, Bid)
    if level != "easy":
        assert forced_action == none_action and forced_action.amount > 260
    # A partner's real 250 holds the bid: one goes over it a step only (and counts the partner's help).
    real_action, real_reason = _seat_two_decides(level, [Bid(250), Pass()], forced=False)
    assert real_action == Bid(260) and real_reason.startswith("over partner")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_forced_opener_bids_the_minimum_with_any_hand(level: str) -> None:
    rules = preset("partnership_auction", first_bid_forced=True)
    weak = "9S 9H 9D 9C JS JH JC TS TC 9S KD QC"
    game = Game.for_deal(rules, make_deal(rules, [weak, "", "", ""], dealer=3))
    action, reason = decisions.choose_bid(info_state(game, 0), TINY[level], random.Random(1))
    assert action == Bid(250) and "forced" in reason
    assert _fallback(info_state(game, 0))[0] == Bid(250)  # the rule of thumb kept for a failing decision too


# -- every level stays legal ---------------------------------------------------------------------


def _walk(name: str, seed: int, choose: Callable[[Game, int], Action]) -> int:
    """One hand with the option on, each decision by ``choose(game, seat)`` (checked legal)."""
    game = new_game(preset(name, first_bid_forced=True), seed=seed)
    count = 0
    while not game.is_over and not game.hand_records:
        seat = game.to_act
        assert seat is not None
        action = choose(game, seat)
        assert game.is_legal(action), (name, seed, game.phase, action)
        game.apply(action)
        count += 1
    return count


@pytest.mark.parametrize("name", fast_where(FORCED_PRESETS, ["three_hand", "partnership_auction"]))
def test_random_and_easy_play_whole_hands_legally(name: str) -> None:
    count = 0
    for seed in range(12):
        count += _walk(name, seed, RandomPlayer(seed).choose)
        count += _walk(name, seed, ComputerPlayer(LEVELS["easy"], seed).choose)
    assert count > 500


@pytest.mark.parametrize("name", FORCED_PRESETS)
@pytest.mark.parametrize(("level", "seeds"), [("medium", 4), ("hard", 1)])
def test_medium_and_hard_decide_legally_with_the_option(name: str, level: str, seeds: int) -> None:
    """Every decision outside the card play by the level, the cards at random (the play is as without the option)."""
    cards = RandomPlayer(0)

    def choose(game: Game, seat: int) -> Action:
        if game.phase == "play":
            return cards.choose(game, seat)
        return decisions.decide(info_state(game, seat), TINY[level], random.Random(seat))[0]

    assert sum(_walk(name, seed, choose) for seed in range(seeds)) > 0
