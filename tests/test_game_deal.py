"""Dealing inside the game: packets from the dealer's left, widow, turn-up, stock, deal passing left, seeds."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import play_out

from engine.cards import HEARTS, new_deck
from engine.deal import deal_cards, deal_number_for, shuffled_deck
from engine.game import new_game
from engine.meld import score_meld
from engine.rules import PRESETS, preset


@pytest.mark.parametrize(("name", "overrides", "packet"), [
    ("partnership_auction", {}, 3), ("three_hand", {}, 3), ("double_deck", {}, 4),
    ("double_deck", {"deal_packet": 5}, 5), ("partnership_turnup", {}, 3), ("two_hand", {}, 3),
])
def test_packets_go_round_from_the_dealers_left(name: str, overrides: dict[str, int], packet: int) -> None:
    rules = preset(name, **overrides)
    dealer = 1
    deal = deal_cards(rules, dealer=dealer, deal_number=77)
    deck = shuffled_deck(rules, 77)
    order = [(dealer + 1 + i) % rules.players for i in range(rules.players)]
    pos = 0
    got: dict[int, list[int]] = {s: [] for s in order}
    widow: list[int] = []
    while len(got[dealer]) < rules.hand_size:
        for seat in order:
            take = min(packet, rules.hand_size - len(got[seat]))
            got[seat] += deck[pos:pos + take]
            pos += take
        if len(widow) < rules.widow_size:
            widow.append(deck[pos])
            pos += 1
    assert [got[s] for s in range(rules.players)] == deal.hands
    assert deal.widow == widow
    everything = [c for h in deal.hands for c in h] + deal.widow + deal.stock
    assert Counter(everything) == Counter(new_deck(rules.double_deck))
    if rules.trump_by == "stock":
        assert deal.stock[-1] == deal.turnup == deck[pos] and deal.stock[:-1] == deck[pos + 1:]
    elif rules.trump_by == "turnup":
        assert deal.turnup == deal.hands[dealer][-1]
    else:
        assert deal.turnup is None and deal.stock == []


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_deal_passes_to_the_left_and_every_deal_comes_from_the_seed(name: str) -> None:
    rules = preset(name)
    game = new_game(rules, seed=12)
    again = new_game(rules, seed=12)
    assert game.hand.hands == again.hand.hands and game.deal_number == 12
    play_out(game, lambda g: next(a for a in g.legal_actions() if str(a) != "declare out"), hands=3)
    dealers = [r["dealer"] for r in game.hand_records]
    assert dealers == [(rules.players - 1 + i) % rules.players for i in range(len(dealers))]
    for record in game.hand_records:  # attempt > 0: the hand was dealt again (all passed, nines)
        assert record["seed"] in {deal_number_for(12, record["hand_number"], attempt) for attempt in range(20)}


@pytest.mark.parametrize("overrides", [{}, {"double_values": False}, {"bonus_melds": True},
                                       {"run_extra_marriage": True}])
def test_the_game_counts_meld_under_the_meld_options_in_force(overrides: dict[str, bool]) -> None:
    rules = preset("partnership_auction", pass_cards=0, **overrides)
    for seed in range(1, 6):
        game = new_game(rules, seed=seed)
        while game.phase == "bidding":
            game.apply(game.legal_actions()[0])
        game.apply(game.legal_actions()[HEARTS])  # name hearts
        for seat in range(4):
            assert game.hand.meld_points[seat] == score_meld(game.hand.hands[seat], HEARTS, rules).total


@pytest.mark.parametrize("variant", list(PRESETS))
def test_a_shared_deal_number_deals_the_same_cards_to_the_same_seats(variant: str) -> None:
    """The number a hand shows holds its dealer: a new game from it deals every seat the cards it held,
    whoever dealt that hand (a deal number alone deals them from the new game's dealer's left)."""
    from engine.deal import SHARED_DEAL_DIGITS, deal_of_shared_number, shared_deal_number, shared_number_fits

    rules = preset(variant)
    for hand in (2, 3):
        game = new_game(rules, seed=11)
        play_out(game, hands=hand - 1)
        shown = shared_deal_number(game.deal_number, game.hand.deal.dealer, rules.players)
        deal, dealer = deal_of_shared_number(shown, rules.players)
        again = new_game(rules, seed=99, first_deal=deal, dealer=dealer)
        assert again.hand.deal.hands == game.hand.deal.hands and again.hand.deal.dealer == game.hand.deal.dealer
    assert len(str(shown)) <= SHARED_DEAL_DIGITS and shared_number_fits(10**SHARED_DEAL_DIGITS // 10, 4)
    assert not shared_number_fits(10**SHARED_DEAL_DIGITS - 1, 2)
