"""Issue 13, "Duplicate challenge", the engine's part: the same number deals the same set, and the hard
computer's side of each deal is the same under its seed, in this process or in the background worker."""

from __future__ import annotations

import pytest

from engine.ai.analysis.duplicate import DuplicatePlayer, computer_hand, decision_seed, seat_seed
from engine.cards import format_cards
from engine.challenge import (
    Challenge,
    ChallengeDeal,
    ChallengeError,
    challenge_deals,
    challenge_from_dict,
    deal_game,
    duplicate_score,
    side_less_others,
)
from engine.game import new_game
from engine.record import check_record
from engine.rules import PRESETS, preset
from engine.sim import play_game

pytestmark = pytest.mark.timeout(300)


def levels(players: int, level: str = "medium") -> tuple[str | None, ...]:
    return (None, *[level] * (players - 1))


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_same_number_deals_the_same_set(variant: str) -> None:
    rules = preset(variant)
    deals = challenge_deals(90210, rules, 8)
    again = challenge_deals(90210, rules, 8)
    assert deals == again
    assert len({d.deal_number for d in deals}) == 8 and all(0 <= d.dealer < rules.players for d in deals)
    assert challenge_deals(90210, rules, 3) == deals[:3]  # a shorter challenge of the number: its first deals
    assert challenge_deals(90211, rules, 8) != deals
    hands = [[format_cards(h) for h in deal_game(rules, d).hand.deal.hands] for d in deals]
    assert hands == [[format_cards(h) for h in deal_game(rules, d).hand.deal.hands] for d in again]


def test_a_challenge_number_deals_these_cards_on_every_machine() -> None:
    """The derivation is fixed: a number shared today deals the same set after any change to the code.
    (String seeds are hashed with SHA-512 by Python's random, the same on every platform.)"""
    assert challenge_deals(1, preset("two_hand"), 2) == [ChallengeDeal(dealer=0, deal_number=1743977),
                                                         ChallengeDeal(dealer=1, deal_number=741332254)]


def test_each_deal_is_a_hand_from_nothing_to_nothing() -> None:
    rules = preset("partnership_auction")
    game = deal_game(rules, ChallengeDeal(2, 12345))
    assert game.scores == [0, 0] and game.dealer == 2 and game.deal_number == 12345


def test_the_duplicate_score_is_the_side_less_the_others() -> None:
    assert side_less_others([440, 100], 0) == 340 and side_less_others([440, 100], 1) == -340
    assert side_less_others([40, 70, -250], 0) == 40 - (70 - 250) // 2
    assert side_less_others([10, 5, 0], 0) == 10 - 3  # 2.5 rounds up
    assert side_less_others([10, -5, 0], 0) == 10 - (-2)  # -2.5 rounds up
    record = play_game(new_game(preset("partnership_auction"), seed=3), ["random"] * 4, 3, 1).hand_records[0]
    delta = record["score_delta"]
    assert duplicate_score(record, 0) == duplicate_score(record, 2) == delta[0] - delta[1]
    assert duplicate_score(record, 1) == delta[1] - delta[0]


def test_a_challenge_written_and_read_back() -> None:
    challenge = Challenge(77, preset("three_hand", min_bid=350), 4, levels(3, "easy"))
    assert challenge_from_dict(challenge.to_dict()) == challenge
    for bad in (None, [], {"number": 77}, {**challenge.to_dict(), "number": 0},
                {**challenge.to_dict(), "deals": 99}, {**challenge.to_dict(), "levels": [None, "easy"]},
                {**challenge.to_dict(), "levels": ["hard", "easy", "easy"]},
                {**challenge.to_dict(), "rules": {"variant": "five_hand"}}, {**challenge.to_dict(), "number": "77"}):
        with pytest.raises(ChallengeError):
            challenge_from_dict(bad)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["partnership_auction", "three_hand"])
def test_the_computers_side_is_the_same_under_its_seed(variant: str) -> None:
    """(A decision's seed does not depend on the variant. Two-handed, where the hard computer plays out the stock's
    orders at each card, half a minute a deal, plays the same under a seed in
    test_ai_cardplay.test_every_level_plays_a_legal_card_the_same_under_a_seed.)"""
    rules = preset(variant)
    challenge = Challenge(31337, rules, 2, levels(rules.players))
    first = {p: computer_hand(challenge, p) for p in range(2)}
    again = DuplicatePlayer(challenge, processes=False)
    again.start([0, 1])
    assert again.pending == 2
    assert again.results() == first and again.pending == 0
    for place, record in first.items():
        check_record(record)  # a whole hand that replays
        deal = challenge.deal_list()[place]
        assert record["dealer"] == deal.dealer and record["hand_number"] == 1


@pytest.mark.slow
def test_the_background_worker_plays_what_this_process_plays() -> None:
    """In a worker process of its own, at a low priority: the same records (waited for, whatever the speed)."""
    rules = preset("three_hand")
    challenge = Challenge(4242, rules, 2, levels(3))
    worker = DuplicatePlayer(challenge, processes=True)
    try:
        worker.start([0, 1])
        assert worker.wait() == {p: computer_hand(challenge, p) for p in range(2)}
        assert not worker.errors
    finally:
        worker.close()


@pytest.mark.slow
def test_a_worker_that_dies_is_replaced_and_its_deal_played_again() -> None:
    import os
    import signal

    rules = preset("three_hand")
    challenge = Challenge(99, rules, 2, levels(3))
    worker = DuplicatePlayer(challenge, processes=True)
    try:
        worker.start([0, 1])
        pool = worker._executor
        assert pool is not None
        for pid in list(pool._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        assert worker.wait() == {p: computer_hand(challenge, p) for p in range(2)}
        assert not worker.errors
    finally:
        worker.close()


def test_the_table_and_the_background_seed_their_computers_alike() -> None:
    """The seat and decision seeds are the table's (pinochle_gui.table uses these functions)."""
    assert seat_seed(1000, 0) == 1000 and seat_seed(1000, 3) == 1000 + 3 * 7919
    assert decision_seed(5, 12) == (5 * 1_000_003 + 12) % 2**31


@pytest.mark.parametrize("module", ["engine.challenge", "pinochle_gui.storage.challenges"])
def test_doctests(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
