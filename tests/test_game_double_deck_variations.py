"""The variations of the double-deck rules: bidding once or twice round, cards passed before
trump is named, the trump marriage found after the passing."""

from __future__ import annotations

from conftest import act, assert_record_replays, hand_result, kinds, play_tricks, stacked_game

from engine.actions import NameTrump
from engine.cards import HEARTS, SUITS
from engine.events import EventKind
from engine.game import Phase
from engine.rules import preset

# Seat 0 holds no marriage at all (a KH, no QH); its partner, seat 2, holds both QH.
NO_MARRIAGE_HAND = "AS AS AS AS TS TS TS TS JS JS JS JS AH AH AH AH TH TH KH JH"
PARTNER = "QH QH KD KD"
DEALER = "KC QC"  # seat 3 deals, and can name clubs


def test_bidding_goes_round_once_only() -> None:
    # "each player has just one chance to speak": after the dealer, the high bid wins
    game = stacked_game(preset("double_deck", bid_rounds=1), ["", "", "", DEALER])
    act(game, "bid 50", "bid 51", "pass", "bid 55")
    assert game.phase == Phase.TRUMP and game.hand.declarer == 3 and game.hand.bid == 55
    assert game.hand.out == [False, False, True, False], "seats 0 and 1 never passed, but the round is over"


def test_bidding_goes_round_twice_only() -> None:
    game = stacked_game(preset("double_deck", bid_rounds=2), ["", "", "", DEALER])
    act(game, "bid 50", "bid 51", "pass", "bid 52", "bid 53", "bid 54")
    assert game.phase == Phase.BIDDING and game.to_act == 3, "the dealer's second turn"
    act(game, "bid 55")
    assert game.phase == Phase.TRUMP and game.hand.declarer == 3 and game.hand.bid == 55
    # without the limit the auction goes on
    game = stacked_game(preset("double_deck"), ["", "", "", DEALER])
    act(game, "bid 50", "bid 51", "pass", "bid 52", "bid 53", "bid 54", "bid 55")
    assert game.phase == Phase.BIDDING and game.to_act == 0


def test_one_round_all_pass_sticks_the_dealer() -> None:
    game = stacked_game(preset("double_deck", bid_rounds=1), ["", "", "", DEALER])
    act(game, "pass", "pass", "pass")
    assert game.phase == Phase.TRUMP and game.hand.declarer == 3 and game.hand.bid == 50


def test_cards_passed_before_trump_is_named() -> None:
    rules = preset("double_deck", pass_cards=3, pass_before_trump=True)
    game = stacked_game(rules, [NO_MARRIAGE_HAND, "", PARTNER, ""])
    act(game, "bid 50", "pass", "pass", "pass")
    # no marriage yet, but no trump named yet either: the partners pass first
    assert game.phase == Phase.PASSING and game.to_act == 2 and game.trump is None
    act(game, "pass cards QH KD KD")
    assert game.phase == Phase.RETURN and game.to_act == 0 and game.trump is None
    act(game, "pass cards AS AS AS")
    assert game.phase == Phase.TRUMP and game.legal_actions() == [NameTrump(HEARTS)], "the passed QH made the marriage"
    events = act(game, "trump hearts")
    assert EventKind.MELD in kinds(events) and game.phase == Phase.THROW_IN
    # the usual order: no marriage at the auction's end, the hand is not played
    game = stacked_game(preset("double_deck", pass_cards=3), [NO_MARRIAGE_HAND, "", PARTNER, ""])
    events = act(game, "bid 50", "pass", "pass", "pass")
    assert EventKind.NO_MARRIAGE in kinds(events) and hand_result(events)["score_delta"] == [-50, 0]


def test_trump_marriage_may_come_after_the_passing() -> None:
    rules = preset("double_deck", pass_cards=3, marriage_after_pass=True)
    game = stacked_game(rules, [NO_MARRIAGE_HAND, "", PARTNER, ""])
    act(game, "bid 50", "pass", "pass", "pass")
    assert game.phase == Phase.TRUMP and game.legal_actions() == [NameTrump(s) for s in SUITS]
    act(game, "trump hearts", "pass cards QH KD KD", "pass cards AS AS AS")
    assert game.phase == Phase.THROW_IN and game.hand.meld_points[0] > 0
    act(game, "play on")
    play_tricks(game)
    assert_record_replays(game)
    # still no marriage in trumps after the passing: the hand is not played, the bid is lost
    game = stacked_game(rules, [NO_MARRIAGE_HAND, "", PARTNER, ""])
    act(game, "bid 50", "pass", "pass", "pass", "trump hearts", "pass cards KD KD QH")
    events = act(game, "pass cards QH AS AS")
    assert EventKind.NO_MARRIAGE in kinds(events)
    assert hand_result(events)["score_delta"] == [-50, 0]
    assert_record_replays(game)
