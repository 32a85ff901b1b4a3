"""A record's claim of the remaining tricks is checked as the record replays (engine/record.py, ClaimedRest):
a forged claim would hide every later decision from the review and the analysis, so one made out of the
play, by a seat not on lead, in the middle of a trick, where the tricks were not certain, or followed by
anything but the claim's plays is refused; every claim made in real games is still read back."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from conftest import fast_where

from engine.actions import Bid, DeclareOut, Pass, Play, ThrowIn
from engine.claim_tricks import claim_plan, claim_the_rest
from engine.game import Game, Phase, new_game
from engine.history import Claimed
from engine.record import RecordError, check_record, game_at_deal, read_records, write_records
from engine.rules import PRESETS, preset
from tests.conftest import first_legal, stacked_game

WINNERS = "AH AH TH TH KH KH QH QH JH JH AS AS"  # every trump above the unseen ones, and the two aces of spades


def _at_first_lead(south: str = WINNERS) -> Game:
    """Four-handed with the trump turned up (hearts), South to lead the first trick."""
    game = stacked_game(preset("partnership_turnup"), [south, "", "", "9H"], dealer=3)
    while game.phase != Phase.PLAY:
        game.apply(first_legal(game))
    assert game.to_act == 0 and not game.hand.tricks
    return game


def _claimed_record() -> tuple[dict[str, Any], int]:
    """A hand South claimed at its first lead, and the action the claim began at."""
    game = _at_first_lead()
    start = len(game.log) - game.hand_start
    _claim, plays = claim_the_rest(game, 0)
    for action in plays:
        game.apply(action)
    return dict(game.hand_records[0]), start


def test_a_genuine_claim_is_read_back() -> None:
    record, start = _claimed_record()
    assert record["claim"] == {"seat": 0, "action": start}
    assert check_record(record) == record


@pytest.mark.parametrize(("why", "claim", "message"), [
    ("by a seat not on lead", lambda start: {"seat": 1, "action": start}, "names seat 1, but seat 0 was on lead"),
    ("by the partner of the seat on lead", lambda start: {"seat": 2, "action": start}, "but seat 0 was on lead"),
    ("in the middle of a trick", lambda start: {"seat": 1, "action": start + 1}, "in the middle of a trick"),
    ("at the last trick's third card", lambda start: {"seat": 3, "action": start + 46}, "in the middle of a trick"),
])
def test_a_claim_made_where_none_can_be_is_refused(why: str, claim: Any, message: str) -> None:
    record, start = _claimed_record()
    record["claim"] = claim(start)
    with pytest.raises(RecordError, match=message):
        check_record(record)
    check_record(record, replay=False)  # without the replay only its shape can be checked, and it is good


@pytest.mark.parametrize("variant", ["partnership_auction", "three_hand", "two_hand"])
def test_a_claim_at_the_first_action_is_refused(variant: str) -> None:
    record = _random_game(variant, 3, hands=1).hand_records[0]
    phase = {"partnership_auction": "bidding", "three_hand": "bidding", "two_hand": "play"}[variant]
    for seat in range(len(record["deal"])):
        with pytest.raises(RecordError, match=f"the claim at action 0( was made in the {phase}|: seat {seat} was not"
                                              f"| names seat {seat}, but)"):
            check_record({**record, "claim": {"seat": seat, "action": 0}})


def _uncertain_lead(record: dict[str, Any]) -> tuple[int, int]:
    """The first action of ``record`` at which a seat leads to an empty trick without a certain claim."""
    game = game_at_deal(record, preset(record["variant"]))
    for index, value in enumerate(record["actions"]):
        seat = game.to_act
        if game.phase == Phase.PLAY and not game.hand.trick and seat is not None and claim_plan(game, seat) is None:
            return seat, index
        game.apply(game.action_from_json(value))
    raise AssertionError("every lead of the hand was certain")


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_claim_where_the_tricks_were_not_certain_is_refused(variant: str) -> None:
    record = _random_game(variant, 1, hands=1).hand_records[0]
    assert "claim" not in record
    seat, index = _uncertain_lead(record)
    with pytest.raises(RecordError, match=f"the claim at action {index}: seat {seat} was not certain"):
        check_record({**record, "claim": {"seat": seat, "action": index}})


def test_a_claim_not_played_as_claimed_is_refused() -> None:
    """South holds every winner but leads an ace of spades before drawing the trumps: the record says it
    claimed, yet its cards did not go in the claim's order (and East may trump the ace)."""
    game = _at_first_lead()
    start = len(game.log) - game.hand_start
    game.hand.claim = Claimed(0, start)  # a note the claim's plays will not follow
    spade = next(c for c in game.hand.hands[0] if str(c) == "AS")
    game.apply(Play(spade))
    while not game.hand_records:
        game.apply(first_legal(game))
    record = game.hand_records[0]
    with pytest.raises(RecordError, match=f"the claim at action {start}: seat 0 plays AS out of the order"):
        check_record(record)


def test_a_claim_noted_at_any_action_of_a_hand_nobody_claimed_is_refused() -> None:
    """Two-handed, where the stock keeps every claim away until it is gone and the random seats then rarely
    hold every winner: a claim note put at each action, for each seat, is refused."""
    record = _random_game("two_hand", 2, hands=1).hand_records[0]
    for index in range(len(record["actions"])):
        for seat in range(2):
            with pytest.raises(RecordError, match=f"the claim at action {index}"):
                check_record({**record, "claim": {"seat": seat, "action": index}})


def _random_action(game: Game, rng: random.Random) -> Any:
    """A random legal action, so that tricks are played: never declaring out or throwing in, and in the
    auction a pass or the lowest bid (random bids climb past any contract a hand can make)."""
    legal = [a for a in game.legal_actions() if not isinstance(a, DeclareOut | ThrowIn)] or game.legal_actions()
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids:
        passes = [a for a in legal if isinstance(a, Pass)]
        return passes[0] if passes and rng.random() < 0.7 else min(bids, key=lambda bid: bid.amount)
    return rng.choice(legal)


def _random_game(variant: str, seed: int, hands: int, claims: list[int] | None = None) -> Game:
    """``hands`` hands of ``variant`` by random seats; with
    ``claims``, a seat claims the remaining tricks whenever it may, and the hand numbers claimed go there."""
    game = new_game(preset(variant), seed=seed)
    rng = random.Random(seed)
    while not game.is_over and len(game.hand_records) < hands:
        seat = game.to_act
        assert seat is not None
        if claims is not None and claim_plan(game, seat) is not None:
            _claim, plays = claim_the_rest(game, seat)
            for action in plays:
                game.apply(action)
            claims.append(game.hand_records[-1]["hand_number"])
            continue
        game.apply(_random_action(game, rng))
    return game


@pytest.mark.parametrize("variant", fast_where(sorted(PRESETS), ["partnership_auction", "three_hand"]))
def test_every_claim_of_whole_games_is_written_and_read_back(variant: str, tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    claims: list[int] = []
    written = []
    for seed in range(30):
        game = _random_game(variant, seed, hands=3, claims=claims)
        write_records(path, game.hand_records)
        written += game.hand_records
    assert any(hand > 1 for hand in claims), f"no claim after the first hand in {variant}: too little to check"
    assert sum(1 for r in written if "claim" in r) == len(claims)
    assert read_records(path) == written
