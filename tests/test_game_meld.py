"""Meld shown and counted per side inside real hands; not on the board; throw-in; made and set in play."""

from __future__ import annotations

import pytest
from conftest import act, assert_record_replays, event, hand_result, kinds, play_tricks, stacked_game

from engine.cards import HEARTS, parse_cards
from engine.events import EventKind
from engine.game import Phase
from engine.meld import score_meld
from engine.rules import preset

SEAT0 = "AH TH KH QH JH QS JD AS AS TS KC QC"  # hearts: run 150, pinochle 40, clubs marriage 20
SEAT2 = "KH QH 9H AD AC KS KD KC QD 9S 9S 9C"  # hearts: royal 40, dix 10, kings around 80, diamonds 20


def bid_and_trump(rules, amount: int):  # noqa: ANN001, ANN201 - seat 0 declares hearts at ``amount``
    game = stacked_game(rules, [SEAT0, "", SEAT2, ""])
    events = act(game, f"bid {amount}", "pass", "pass", "pass", "trump hearts")
    return game, events


def side_meld(game, side: int) -> int:  # noqa: ANN001
    return sum(score_meld(game.hand.deal.hands[s], HEARTS, game.rules).total for s in game.rules.teams[side])


def test_worked_meld_of_each_seat_is_shown_from_the_declarer_round() -> None:
    rules = preset("partnership_auction", pass_cards=0)
    game, events = bid_and_trump(rules, 250)
    shown = [e for e in events if e.kind == EventKind.MELD]
    assert [e.seat for e in shown] == [0, 1, 2, 3]
    assert shown[0].points == 210 and shown[2].points == 150
    assert shown[0].melds == (("run", 150, "AH TH KH QH JH"), ("marriage", 20, "KC QC"), ("pinochle", 40, "QS JD"))
    assert sorted(m[0] for m in shown[2].melds) == ["dix", "kings around", "marriage", "royal marriage"]
    for e in shown:
        assert e.points == score_meld(game.hand.hands[e.seat], HEARTS, rules).total == game.hand.meld_points[e.seat]
    assert side_meld(game, 0) == 360


def test_bid_up_to_meld_plus_trick_total_is_played() -> None:
    game, events = bid_and_trump(preset("partnership_auction", pass_cards=0), 610)
    assert EventKind.NOT_ON_BOARD not in kinds(events) and game.phase == Phase.THROW_IN and game.to_act == 0


def test_not_on_the_board_goes_set_without_play() -> None:
    rules = preset("partnership_auction", pass_cards=0)
    game, events = bid_and_trump(rules, 620)
    nob = event(events, EventKind.NOT_ON_BOARD)
    assert nob.seat == 0 and nob.meld == 360 and nob.bid == 620
    scored = hand_result(events)
    deal = game.hand_records[0]["deal"]
    opponents = sum(score_meld(parse_cards(deal[s]), HEARTS, rules).total for s in (1, 3))
    assert scored["how"] == "not_on_board"
    assert scored["score_delta"] == [-620, opponents] and scored["meld_counted"] == [False, True]
    assert EventKind.TRICK not in kinds(events) and game.hand_number == 2
    assert_record_replays(game)


def test_not_on_board_off_lets_the_declarer_play_or_throw_in() -> None:
    game, events = bid_and_trump(preset("partnership_auction", pass_cards=0, not_on_board_set=False), 620)
    assert EventKind.NOT_ON_BOARD not in kinds(events) and game.phase == Phase.THROW_IN


def test_seed001_offers_the_throw_in_when_the_bid_is_more_than_25_above_meld() -> None:
    # The divided-by-ten rules: "if the bidding team's bid is more than 25 points higher than their meld points,
    # that team can choose to throw in": a choice, not an automatic set.
    rules = preset("partnership_auction_div10", pass_cards=0)
    probe = stacked_game(rules, [SEAT0, "", SEAT2, ""])
    meld = sum(score_meld(probe.hand.hands[s], HEARTS, rules).total for s in (0, 2))
    assert score_meld(probe.hand.hands[0], HEARTS, rules).total == 21  # run 11 + royal 4 + pinochle 4 + marriage 2
    game, events = bid_and_trump(rules, meld + 26)
    assert EventKind.NOT_ON_BOARD not in kinds(events) and game.phase == Phase.THROW_IN and game.to_act == 0
    opponents = game.hand.meld_points[1] + game.hand.meld_points[3]
    events = act(game, "throw in")
    assert hand_result(events)["score_delta"] == [-(meld + 26), opponents]
    # the automatic set stays an option
    game, events = bid_and_trump(preset("partnership_auction_div10", pass_cards=0, not_on_board_set=True), meld + 26)
    assert hand_result(events)["how"] == "not_on_board"
    game, events = bid_and_trump(preset("partnership_auction_div10", pass_cards=0, not_on_board_set=True), meld + 25)
    assert game.phase == Phase.THROW_IN


def test_double_deck_has_only_the_voluntary_throw_in() -> None:
    # The double-deck rules: "If the bidding partners know that they cannot make the bid before play begins, they
    # may call trump and throw in their hand" - no automatic set at a bid above meld + 50.
    rules = preset("double_deck")
    declarer = "AH TH KH KH KH QH QH JH QD QD JD QC QC AS KS KS QS QS JS JS"  # docs/rules.md: meld 87
    game = stacked_game(rules, [declarer, "", "", ""])
    events = act(game, "bid 200", "pass", "pass", "pass", "trump hearts")
    assert game.hand.meld_points[0] == 87
    side = game.hand.meld_points[0] + game.hand.meld_points[2]
    assert 200 > side + 50
    assert EventKind.NOT_ON_BOARD not in kinds(events) and game.phase == Phase.THROW_IN
    assert hand_result(act(game, "throw in"))["score_delta"][0] == -200


def test_throw_in_loses_the_bid_and_opponents_score_meld() -> None:
    rules = preset("partnership_auction", pass_cards=0)
    game, _ = bid_and_trump(rules, 400)
    opponents = game.hand.meld_points[1] + game.hand.meld_points[3]
    events = act(game, "throw in")
    assert kinds(events)[:2] == [EventKind.THROW_IN, EventKind.HAND_SCORED]
    assert hand_result(events)["score_delta"] == [-400, opponents]
    assert game.scores == [-400, opponents]
    assert_record_replays(game)


@pytest.mark.parametrize("overrides", [{}, {"set_gives_bid": True}, {"meld_needs": "trick"},
                                       {"dix_saves_itself": False}, {"play_rule": "post_1945"},
                                       {"count": "old_timers"}, {"count": "simplified"}])
@pytest.mark.parametrize("amount", [250, 450])
def test_played_hand_arithmetic(overrides: dict[str, object], amount: int) -> None:
    rules = preset("partnership_auction", pass_cards=0, **overrides)
    game, _ = bid_and_trump(rules, amount)
    meld = [game.hand.meld_points[0] + game.hand.meld_points[2], game.hand.meld_points[1] + game.hand.meld_points[3]]
    dix = [game.hand.dix_points[0] + game.hand.dix_points[2], game.hand.dix_points[1] + game.hand.dix_points[3]]
    events = act(game, "play on") + play_tricks(game)
    tricks = [e for e in events if e.kind == EventKind.TRICK]
    assert len(tricks) == 12 and tricks[-1].last and not any(t.last for t in tricks[:-1])
    points = [sum(t.points for t in tricks if t.seat % 2 == side) for side in (0, 1)]
    won = [sum(1 for t in tricks if t.seat % 2 == side) for side in (0, 1)]
    assert sum(points) == 250
    scored = hand_result(events)
    assert scored["trick_points"] == points
    saved = []
    for side in (0, 1):
        need = rules.declarer_meld_needs if side == 0 else rules.meld_needs
        ok = need == "none" or (need == "trick" and won[side] > 0) or (need == "points" and points[side] > 0)
        saved.append(ok)
    assert scored["meld_counted"] == saved
    saves_itself = [rules.dix_saves_itself and meld[s] == dix[s] for s in (0, 1)]
    gained = [(meld[s] if saved[s] or saves_itself[s] else 0) + points[s] for s in (0, 1)]
    made = gained[0] >= amount
    assert scored["made"] == made and scored["went_set"] == (not made)
    expected = list(gained)
    if not made:
        expected[0] = 0 if rules.set_gives_bid else -amount
        if rules.set_gives_bid:
            expected[1] += amount
    assert scored["score_delta"] == expected and game.scores == expected
    assert_record_replays(game)


def test_declarer_leads_after_play_on() -> None:
    game, _ = bid_and_trump(preset("partnership_auction", pass_cards=0), 300)
    act(game, "play on")
    assert game.phase == Phase.PLAY and game.to_act == 0 and game.hand.leader == 0
