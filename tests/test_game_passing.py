"""Passing between partners after trump is named: partner first, declarer back; or both at once."""

from __future__ import annotations

import pytest
from conftest import act, assert_record_replays, assert_refused, event, play_tricks, stacked_game

from engine.actions import PassCards
from engine.cards import format_cards, parse_cards, sort_hand
from engine.events import EventKind
from engine.game import Phase
from engine.rules import RulesError, preset

PARTNER = "AH AH TH TH KH QH JD JD 9S 9S 9C 9C"  # seat 1 is the partner of declarer seat 3
DECLARER = "KH QH QS QS AS AS TS KS JS 9D 9D JC"


def auction_to_trump(rules, **kwargs):  # noqa: ANN001, ANN201 - seat 3 (the dealer) declares hearts
    game = stacked_game(rules, ["", PARTNER, "", DECLARER], **kwargs)
    act(game, "pass", "pass", "pass", "trump hearts")
    return game


def pc(text: str) -> PassCards:
    return PassCards(tuple(parse_cards(text)))


def test_partner_passes_four_then_declarer_returns_four_which_may_include_received_ones() -> None:
    game = auction_to_trump(preset("partnership_auction"))
    assert game.phase == Phase.PASSING and game.to_act == 1
    assert all(len(a.cards) == 4 for a in game.legal_actions())
    events = act(game, "pass cards AH AH TH TH")
    passed = event(events, EventKind.PASS_CARDS)
    assert passed.seat == 1 and passed.to == 3 and passed.private_to == (1, 3)
    assert len(game.hand.hands[1]) == 8 and len(game.hand.hands[3]) == 16
    assert game.phase == Phase.RETURN and game.to_act == 3
    assert pc("AH 9D 9D JC") in game.legal_actions(), "a received card may go back"
    events = act(game, "pass cards AH 9D 9D JC")
    assert event(events, EventKind.PASS_CARDS).to == 1
    assert sort_hand(game.hand.hands[3]) == sort_hand(parse_cards("KH QH QS QS AS AS TS KS JS AH TH TH"))
    assert sort_hand(game.hand.hands[1]) == sort_hand(parse_cards("KH QH JD JD 9S 9S 9C 9C AH 9D 9D JC"))
    assert game.hand.passes == [(1, 3, tuple(parse_cards("AH AH TH TH"))), (3, 1, tuple(parse_cards("AH 9D 9D JC")))]
    assert game.phase == Phase.THROW_IN and game.to_act == 3
    act(game, "play on")
    assert game.phase == Phase.PLAY and game.to_act == 3, "the declarer leads"
    play_tricks(game)
    record = assert_record_replays(game)
    assert record["passes"] == [{"from": 1, "to": 3, "cards": "AH AH TH TH"},
                                {"from": 3, "to": 1, "cards": "AH 9D 9D JC"}]


def test_wrong_passes_are_refused() -> None:
    game = auction_to_trump(preset("partnership_auction"))
    assert_refused(game, pc("AH AH TH"))          # too few
    assert_refused(game, pc("AH AH TH TH KH"))    # too many
    assert_refused(game, pc("AH AH AH TH"))       # a third ace of hearts
    assert_refused(game, pc("AS AH TH TH"))       # not held
    act(game, "pass cards AH AH TH TH")
    assert_refused(game, pc("KH QH 9S 9S"))       # the partner's cards, not the declarer's


@pytest.mark.parametrize("n", [3, 0])
def test_pass_count_option(n: int) -> None:
    game = auction_to_trump(preset("partnership_auction", pass_cards=n))
    if n == 0:
        assert game.phase == Phase.THROW_IN and not game.hand.passes
        return
    assert all(len(a.cards) == n for a in game.legal_actions())
    act(game, "pass cards AH AH TH", "pass cards QS QS JC")
    assert [len(h) for h in game.hand.hands] == [12, 12, 12, 12]


def test_single_deck_passes_zero_three_or_four() -> None:
    with pytest.raises(RulesError):
        preset("partnership_auction", pass_cards=2)
    assert preset("double_deck", pass_cards=2).pass_cards == 2
    with pytest.raises(RulesError):
        preset("double_deck", pass_cards=5)
    with pytest.raises(RulesError):
        preset("three_hand", pass_cards=3)


def test_simultaneous_passing_declarer_chooses_before_seeing_the_partners_cards() -> None:
    game = auction_to_trump(preset("partnership_auction", pass_simultaneous=True))
    events = act(game, "pass cards AH AH TH TH")
    assert events == [], "nothing is shown before the declarer has chosen"
    assert game.phase == Phase.RETURN and game.to_act == 3
    assert len(game.hand.hands[3]) == 12 and not game.hand.passes
    offered = {c for a in game.legal_actions() for c in a.cards}
    assert offered <= set(parse_cards(DECLARER)), "the declarer can only pass back cards held before the pass"
    assert_refused(game, pc("AH QS QS JC"))
    events = act(game, "pass cards QS QS 9D 9D")
    assert [(e.seat, e.to, format_cards(e.cards)) for e in events if e.kind == EventKind.PASS_CARDS] == [
        (1, 3, "AH AH TH TH"), (3, 1, "QS QS 9D 9D")]
    assert sort_hand(game.hand.hands[3]) == sort_hand(parse_cards("KH QH AS AS TS KS JS JC AH AH TH TH"))
    assert sort_hand(game.hand.hands[1]) == sort_hand(parse_cards("KH QH JD JD 9S 9S 9C 9C QS QS 9D 9D"))
    assert game.hand.passes[0][0] == 1 and game.hand.passes[1][0] == 3
    play_tricks(game)
    assert_record_replays(game)


def test_pass_simultaneous_needs_passing() -> None:
    with pytest.raises(RulesError):
        preset("partnership_auction", pass_simultaneous=True, pass_cards=0)


def test_double_deck_passing_option() -> None:
    rules = preset("double_deck", pass_cards=3, trump_needs_marriage=False)
    game = stacked_game(rules, ["", "", "", ""])
    act(game, "pass", "pass", "pass", "trump spades")
    assert game.phase == Phase.PASSING and game.to_act == 1
    a = game.legal_actions()[0]
    act(game, a)
    assert game.phase == Phase.RETURN and len(game.hand.hands[3]) == 23
    act(game, game.legal_actions()[-1])
    assert [len(h) for h in game.hand.hands] == [20] * 4
