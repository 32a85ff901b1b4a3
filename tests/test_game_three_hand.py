"""Three-handed cutthroat (docs/rules.md): widow, trump, meld of 18 cards, bury, concede, scoring."""

from __future__ import annotations

import pytest
from conftest import act, assert_record_replays, assert_refused, event, hand_result, kinds, play_tricks, stacked_game

from engine.actions import Bury, ThrowIn
from engine.cards import HEARTS, format_cards, parse_cards, sort_hand
from engine.events import EventKind, visible_to
from engine.game import Phase, new_game
from engine.meld import score_meld
from engine.observation import observe
from engine.play import count_points
from engine.players import RandomPlayer
from engine.rules import RulesError, preset

DECLARER = "AH TH KH QH JH AS AS TS TS KS 9C 9C 9D 9D JC"
WIDOW_CARDS = "AD TD KD"


def won_auction(rules):  # noqa: ANN001, ANN201 - seat 0 wins at 250 and takes the widow
    game = stacked_game(rules, [DECLARER, "", ""], dealer=2, widow=WIDOW_CARDS)
    events = act(game, "bid 250", "pass", "pass")
    return game, events


def test_the_widow_is_shown_to_all_and_taken_by_the_bidder() -> None:
    game, events = won_auction(preset("three_hand"))
    widow = event(events, EventKind.WIDOW)
    assert widow.seat == 0 and visible_to(widow, 1) == widow and format_cards(widow.cards) == WIDOW_CARDS
    assert len(game.hand.hands[0]) == 18 and game.phase == Phase.TRUMP and game.to_act == 0
    for seat in (1, 2):
        assert format_cards(observe(game, seat).widow) == WIDOW_CARDS


def test_meld_of_eighteen_cards_then_bury_three() -> None:
    game, _ = won_auction(preset("three_hand"))
    events = act(game, "trump hearts")
    melds = {e.seat: e for e in events if e.kind == EventKind.MELD}
    assert set(melds) == {0, 1, 2}
    eighteen = parse_cards(DECLARER + " " + WIDOW_CARDS)
    assert melds[0].points == score_meld(eighteen, HEARTS, game.rules).total == 150
    assert game.phase == Phase.BURY and game.to_act == 0
    assert_refused(game, Bury(tuple(parse_cards("AS TS"))))
    assert_refused(game, Bury(tuple(parse_cards("AS AS AS"))))
    assert_refused(game, Bury(tuple(parse_cards("AC TC KC"))))  # not the declarer's
    events = act(game, "bury AD TD KD")
    bury = event(events, EventKind.BURY)
    assert bury.private_to == (0,) and len(game.hand.hands[0]) == 15
    assert game.hand.buried == tuple(parse_cards("AD TD KD"))
    assert game.phase == Phase.THROW_IN and game.to_act == 0
    act(game, "play on")
    assert game.phase == Phase.PLAY and game.to_act == 0, "the bidder leads"


def test_strict_bury_forbids_meld_cards() -> None:
    loose, _ = won_auction(preset("three_hand"))
    act(loose, "trump hearts")
    strict, _ = won_auction(preset("three_hand", strict_bury=True))
    act(strict, "trump hearts")
    run = set(parse_cards("AH TH KH QH JH"))
    assert any(set(a.cards) & run for a in loose.legal_actions())
    assert not any(set(a.cards) & run for a in strict.legal_actions())
    assert_refused(strict, Bury(tuple(parse_cards("AH AS TS"))))
    assert strict.is_legal(Bury(tuple(parse_cards("AS TS 9C"))))
    with pytest.raises(RulesError):
        preset("partnership_auction", strict_bury=True)


def test_buried_cards_count_for_the_bidder() -> None:
    game, _ = won_auction(preset("three_hand"))
    events = act(game, "trump hearts", "bury AD TD KD", "play on") + play_tricks(game)
    buried = count_points(parse_cards("AD TD KD"), game.rules)
    assert buried == 30
    won = sum(e.points for e in events if e.kind == EventKind.TRICK and e.seat == 0)
    scored = hand_result(events)
    assert scored["trick_points"][0] == won + buried
    assert sum(scored["trick_points"]) == 250
    assert_record_replays(game)
    assert game.hand_records[0]["buried"] == "AD TD KD"


def test_bidder_may_concede_opponents_score_meld() -> None:
    game, _ = won_auction(preset("three_hand"))
    act(game, "trump hearts", "bury AD TD KD")
    meld = list(game.hand.meld_points)
    assert ThrowIn() in game.legal_actions()
    events = act(game, "throw in")
    scored = hand_result(events)
    assert scored["how"] == "thrown_in" and scored["thrown_in"]
    assert scored["score_delta"] == [-250, meld[1], meld[2]]
    assert scored["meld_counted"] == [False, True, True] and scored["trick_points"] == [0, 0, 0]
    assert game.scores == [-250, meld[1], meld[2]]
    assert EventKind.TRICK not in kinds(events)
    assert_record_replays(game)


def test_no_throw_in_option_goes_straight_to_play() -> None:
    game, _ = won_auction(preset("three_hand", throw_in=False))
    act(game, "trump hearts", "bury AD TD KD")
    assert game.phase == Phase.PLAY and ThrowIn() not in game.legal_actions()


def test_opponents_meld_counts_only_after_taking_a_trick_and_bidder_needs_the_bid() -> None:
    rules = preset("three_hand")
    checked = 0
    for seed in range(1, 40):
        game = new_game(rules, seed=seed)
        players = [RandomPlayer(seed + s) for s in range(3)]
        while not game.hand_records:
            seat = game.to_act
            game.apply(players[seat].choose(game, seat))
        record = game.hand_records[0]
        if record["how"] != "played":
            continue
        checked += 1
        declarer = record["declarer"]
        for seat in range(3):
            took = any(t["winner"] == seat for t in record["tricks"])
            assert record["meld_counted"][seat] == took
            gained = (record["meld"][seat] if took else 0) + record["trick_points"][seat]
            if seat != declarer:
                assert record["score_delta"][seat] == gained
            else:
                made = gained >= record["bid"]
                assert record["made"] == made
                assert record["score_delta"][seat] == (gained if made else -record["bid"])
    assert checked >= 10


def test_three_hand_teams_are_single_seats() -> None:
    game, _ = won_auction(preset("three_hand"))
    assert game.rules.teams == ((0,), (1,), (2,))
    assert sort_hand(game.hand.hands[0]) == sort_hand(parse_cards(DECLARER + " " + WIDOW_CARDS))


def test_strict_bury_with_almost_every_card_in_meld_may_bury_meld_cards() -> None:
    # Spades: double run, aces and kings around, two marriages: all 18 cards are meld.
    rules = preset("three_hand", strict_bury=True)
    game = stacked_game(rules, ["AS AS TS TS KS KS QS QS JS JS AH AD AC KH KD", "", ""], dealer=2,
                        widow="KC QH QD")
    act(game, "bid 250", "pass", "pass", "trump spades")
    assert len(game.hand.meld[0].shown_cards()) == 18
    assert game.phase == Phase.BURY and game.legal_actions(), "the declarer is never left without a bury"
    act(game, "bury JS JS QD")
    assert len(game.hand.hands[0]) == 15 and game.phase == Phase.THROW_IN
