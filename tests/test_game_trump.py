"""Making trump: named by the declarer (with or without a marriage), or turned up with the dix exchange."""

from __future__ import annotations

from conftest import act, assert_record_replays, assert_refused, event, hand_result, kinds, play_tricks, stacked_game

from engine.actions import DeclareOut, ExchangeDix, NameTrump, PassCards
from engine.cards import HEARTS, parse_card
from engine.events import EventKind
from engine.game import Phase
from engine.meld import score_meld
from engine.rules import preset

NO_KQ = "AS AS AS AS TS TS TS TS KS KS KS KS JS JS JS JS AH AH AH AH"  # double deck: no queen at all
TWO_MARRIAGES = "KH QH KC QC AS AS AS AS TS TS TS TS KS KS KS KS JS JS JS JS"


def test_trump_needs_marriage_offers_only_suits_with_king_and_queen() -> None:
    game = stacked_game(preset("double_deck"), ["", "", "", TWO_MARRIAGES])
    act(game, "pass", "pass", "pass")  # the dealer is stuck at 50
    assert game.phase == Phase.TRUMP and game.to_act == 3
    assert game.legal_actions() == [NameTrump(HEARTS), NameTrump(3)]
    assert_refused(game, NameTrump(0))
    assert_refused(game, NameTrump(2))
    events = act(game, "trump clubs")
    assert event(events, EventKind.TRUMP).suit == 3 and game.trump == 3


def test_no_marriage_at_all_loses_the_bid_and_nobody_counts_meld() -> None:
    rules = preset("double_deck")
    game = stacked_game(rules, ["", "", "", NO_KQ], scores=[30, 20])
    events = act(game, "pass", "pass", "pass")
    assert kinds(events)[-4:] == ["auction_won", "no_marriage", "hand_scored", "deal"], "no trump, no meld, no play"
    scored = hand_result(events)
    assert scored["how"] == "no_marriage"
    assert scored["score_delta"] == [0, -50] and scored["meld_counted"] == [False, False]
    assert scored["meld"] == [0, 0] and scored["went_set"] and scored["made"] is False
    assert game.scores == [30, -30]
    assert game.hand_number == 2 and game.phase == Phase.BIDDING
    assert_record_replays(game)


def test_without_the_option_any_suit_may_be_named() -> None:
    game = stacked_game(preset("double_deck", trump_needs_marriage=False), ["", "", "", NO_KQ])
    act(game, "pass", "pass", "pass")
    assert game.legal_actions() == [NameTrump(s) for s in range(4)]


def turnup_game(hands: list[str], turnup: str = "KH"):  # noqa: ANN201
    return stacked_game(preset("partnership_turnup"), hands, dealer=3, turnup=turnup)


def test_turnup_is_the_dealers_last_card_and_makes_trump() -> None:
    game = turnup_game(["9S", "", "", "AD"], turnup="KH")
    assert game.trump == HEARTS and game.hand.deal.turnup == parse_card("KH")
    assert game.hand.hands[3][-1] == parse_card("KH")
    opening = game.opening_events()
    assert event(opening, EventKind.TRUMP).turnup == parse_card("KH") and event(opening, EventKind.TRUMP).seat == 3


def test_dix_exchange_in_turn_from_the_dealers_left_only_for_holders() -> None:
    game = turnup_game(["AS", "9H", "", "9H AD"], turnup="KH")  # the dealer's own dix is not offered
    assert game.phase == Phase.DIX and game.to_act == 1 and game.hand.dix_seats == [1]
    assert game.legal_actions() == [ExchangeDix(True), ExchangeDix(False), DeclareOut()]
    game = turnup_game(["9H", "", "9H", "AD"], turnup="KH")
    assert game.phase == Phase.DIX and game.to_act == 0
    act(game, "keep dix")
    assert game.phase == Phase.DIX and game.to_act == 2
    events = act(game, "exchange dix")
    exchange = event(events, EventKind.DIX_EXCHANGE)
    assert exchange.seat == 2 and exchange.dix == parse_card("9H") and exchange.card == parse_card("KH")
    assert parse_card("KH") in game.hand.hands[2] and parse_card("9H") not in game.hand.hands[2]
    assert parse_card("9H") in game.hand.hands[3] and parse_card("KH") not in game.hand.hands[3]
    assert game.phase == Phase.PLAY and game.to_act == 0, "the player left of the dealer leads"
    assert game.hand.dix_exchanges == [(2, parse_card("9H"), parse_card("KH"))]


def test_dix_exchange_ends_at_the_first_exchange() -> None:
    game = turnup_game(["9H", "", "9H", "AD"], turnup="KH")
    act(game, "exchange dix")
    assert game.phase == Phase.PLAY, "seat 2 is not asked once the turn-up is taken"
    assert game.hand.hands[2].count(parse_card("9H")) == 1


def test_no_dix_holder_no_exchange() -> None:
    game = turnup_game(["AS", "", "", "9H 9H AD"], turnup="KH")
    assert game.phase == Phase.PLAY and game.to_act == 0 and not game.hand.dix_exchanges


def test_turned_dix_scores_ten_for_the_dealer() -> None:
    game = turnup_game(["", "", "", "AD"], turnup="9H")
    assert game.trump == HEARTS and game.phase == Phase.PLAY, "a turned dix leaves nothing to exchange"
    dealer_meld = score_meld(game.hand.hands[3], HEARTS, game.rules)
    assert any(m.name == "dix" and m.cards == (parse_card("9H"),) for m in dealer_meld.melds)
    assert game.hand.meld_points[3] == dealer_meld.total and game.hand.dix_points[3] >= 10


def test_exchanged_dix_still_scores_for_its_original_holder() -> None:
    game = turnup_game(["9H JS", "", "", "AD"], turnup="KH")
    events = act(game, "exchange dix")
    h = game.hand
    holder = score_meld(h.hands[0], HEARTS, game.rules).total
    dealer = score_meld(h.hands[3], HEARTS, game.rules).total
    assert h.meld_points[0] == holder + 10 and h.dix_points[0] == 10
    assert h.meld_points[3] == dealer - 10
    shown = {e.seat: e.points for e in events if e.kind == EventKind.MELD}
    assert shown[0] == holder + 10 and shown[3] == dealer - 10
    play_tricks(game)
    assert_record_replays(game)
    assert game.hand_records[0]["dix_exchanges"] == [[0, "9H", "KH"]]


def test_turnup_game_has_no_auction_and_no_passing() -> None:
    game = turnup_game(["AS", "", "", "AD"], turnup="KH")
    assert all(not isinstance(a, (NameTrump, PassCards)) for a in game.legal_actions())
    assert game.hand.declarer is None and game.hand.bids == []
