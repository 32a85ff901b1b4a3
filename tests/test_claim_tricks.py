"""Claiming the remaining tricks is offered only when they are certain (engine/claim_tricks.py)."""

from __future__ import annotations

import random

import pytest

from engine.actions import Action, DeclareOut, Pass, Play
from engine.ai.analysis.hand import decisions_in
from engine.cards import HEARTS, SPADES
from engine.claim_tricks import claim_plan, claim_the_rest, claimed_plays
from engine.events import TricksClaimed
from engine.game import Game, Phase, new_game
from engine.record import RecordError, check_record, game_at_deal
from engine.review import review_steps
from engine.rules import PRESETS, preset
from tests.conftest import act, first_legal, play_hands, short_game, stacked_game

VARIANTS = sorted(PRESETS)


def _random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action, passing in the auction when it may (random bids climb past every contract a hand
    can make, and such hands end without a trick played)."""
    legal = [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]
    passes = [a for a in legal if isinstance(a, Pass)]
    return passes[0] if passes and rng.random() < 0.8 else rng.choice(legal)


def _side_took_every_trick(game: Game, seat: int, plan: list[int], rng: random.Random) -> bool:
    """Play the hand out from ``game``, ``seat`` leading ``plan`` in order and every other seat a random legal
    card: did ``seat``'s side take every trick left?"""
    side = game.rules.team_of(seat)
    left = len(game.hand.hands[seat])
    board = game.clone()
    lead = iter(plan)
    records = len(board.hand_records)
    while len(board.hand_records) == records:
        if board.to_act == seat:
            board.apply(Play(next(lead)))
        else:
            board.apply(rng.choice([a for a in board.legal_actions() if isinstance(a, Play)]))
    tricks = board.hand_records[-1]["tricks"]
    return all(board.rules.team_of(t["winner"]) == side for t in tricks[-left:])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_claim_is_offered_only_when_every_remaining_trick_is_certain(variant: str) -> None:
    """Random hands of each variant: wherever a claim is offered, the claimer's side takes every trick left
    whatever the others play (twenty random lines each), and the claim's own play-out scores so."""
    rng = random.Random(variant)
    offered = 0
    for seed in range(30):
        game = new_game(preset(variant), seed=seed)
        while not game.is_over and len(game.hand_records) < 2:
            seat = game.to_act
            assert seat is not None
            plan = claim_plan(game, seat)
            if plan is not None:
                offered += 1
                for _ in range(20):
                    assert _side_took_every_trick(game, seat, plan, rng), (variant, seed, plan)
            game.apply(_random_action(game, rng))
    assert offered > 0, f"no claim was ever offered in {variant}: the test would check nothing"


def test_claimed_plays_finish_the_hand_with_every_trick_to_the_claimer() -> None:
    rng = random.Random(5)
    for seed in range(40):
        game = new_game(preset("partnership_auction"), seed=seed)
        while not game.hand_records:
            seat = game.to_act
            assert seat is not None
            if claim_plan(game, seat) is not None:
                side = game.rules.team_of(seat)
                left = len(game.hand.hands[seat])
                won_before = game.hand.tricks_won[side]
                for action in claimed_plays(game, seat):
                    game.apply(action)
                assert game.hand_records, "the claim's plays finish the hand"
                record = game.hand_records[-1]
                assert sum(1 for t in record["tricks"][-left:] if game.rules.team_of(t["winner"]) == side) == left
                assert won_before + left == sum(1 for t in record["tricks"] if game.rules.team_of(t["winner"]) == side)
                return
            game.apply(_random_action(game, rng))
    pytest.fail("no claim in 40 hands")


def _at_first_lead(south: str) -> Game:
    """Four-handed with the trump turned up (hearts, the 9♥ at the foot of East's deal), South to lead first."""
    game = stacked_game(preset("partnership_turnup"), [south, "", "", "9H"], dealer=3)
    while game.phase != Phase.PLAY:
        game.apply(first_legal(game))
    assert game.to_act == 0 and not game.hand.tricks
    return game


def test_a_claim_with_the_top_trumps_and_the_masters_leads_trumps_first() -> None:
    game = _at_first_lead("AH AH TH TH KH KH QH QH JH JH AS AS")
    plan = claim_plan(game, 0)
    assert plan is not None
    assert [c.suit for c in plan] == [HEARTS] * 10 + [SPADES] * 2
    assert [c.rank for c in plan[:10]] == sorted((c.rank for c in plan[:10]), reverse=True)


def test_no_claim_while_an_unseen_card_could_beat_one_of_the_claimers() -> None:
    assert claim_plan(_at_first_lead("AH AH TH TH KH KH QH QH JH JH AS KS"), 0) is None


def test_no_claim_while_the_unseen_trumps_outnumber_the_claimers() -> None:
    """Two trumps against the three unseen (9♥ 9♥ and a J♥): leading both cannot draw them all."""
    assert claim_plan(_at_first_lead("AH AH AS AS TS TS AC AC TC TC AD AD"), 0) is None


def test_no_claim_when_it_is_not_the_seats_lead() -> None:
    game = _at_first_lead("AH AH TH TH KH KH QH QH JH JH AS AS")
    assert all(claim_plan(game, seat) is None for seat in (1, 2, 3))


def test_a_claim_is_noted_in_the_record_its_review_and_its_analysis() -> None:
    """The record says who claimed and from which action; the review says so at that step; the analysis
    weighs no play of the claim as a decision; a record with a claim that points nowhere is refused."""
    game = _at_first_lead("AH AH TH TH KH KH QH QH JH JH AS AS")
    start = len(game.log) - game.hand_start
    claim, plays = claim_the_rest(game, 0)
    assert claim == TricksClaimed(0, tuple(game.hand.hands[0])), "the claimer's hand is laid face up"
    for action in plays:
        game.apply(action)
    record = game.hand_records[0]
    assert record["claim"] == {"seat": 0, "action": start}
    assert check_record(record) == record  # the claim is a note beside the replay, as reasons are
    steps = review_steps(record)
    claimed = [s for s in steps if s.action_index == start]
    assert claimed and claimed[0].reason == "South claims the remaining tricks"
    assert all(index < start for index, _seat in decisions_in(record))
    with pytest.raises(RecordError, match="claim"):
        check_record({**record, "claim": {"seat": 0, "action": len(record["actions"])}})
    with pytest.raises(RecordError, match="claim"):
        check_record({**record, "claim": {"seat": 9, "action": start}})


@pytest.mark.parametrize("variant", VARIANTS)
def test_claims_in_every_hand_of_whole_games(variant: str) -> None:
    """Whole games of three hands, every seat claiming the remaining tricks whenever they are certain, in the
    later hands as in the first: each claim plays its hand out (play_hands checks it), the claimer's side takes
    every trick from the claim on, the record notes the claim and replays, and the game goes on to its end."""
    rng = random.Random(variant)
    rules = short_game(preset(variant), 3)
    later = 0  # claims after the first hand of a game
    for seed in range(8):
        game = new_game(rules, seed=seed)
        play_hands(game, rng, claims=True)
        assert game.is_over
        for record in game.hand_records:
            check_record(record)
            claim = record.get("claim")
            if claim is None:
                continue
            later += record["hand_number"] > 1
            side = rules.team_of(claim["seat"])
            start = claim["action"]
            plays_before = sum(1 for value in record["actions"][:start] if str(value).startswith("play"))
            tricks = record["tricks"][plays_before // rules.players:]
            assert tricks and all(rules.team_of(t["winner"]) == side for t in tricks), (variant, seed)
    assert later > 0, f"no claim after a game's first hand in {variant}: the test would check nothing new"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_later_hand_played_again_from_its_record_offers_the_same_claims(variant: str) -> None:
    """A hand after the first, played again from its record (as Play this deal again does), offers a claim at
    exactly the actions where the game offered one: the claim reads the hand, never the hands before it."""
    rng = random.Random(variant)
    rules = short_game(preset(variant), 3)
    offered = 0
    for seed in range(6):
        game = new_game(rules, seed=seed)
        offers: set[tuple[int, int]] = set()  # (hand number, action of the hand) where a claim was offered

        def note(game: Game, offers: set[tuple[int, int]] = offers) -> None:
            if claim_plan(game, game.to_act or 0) is not None:
                offers.add((game.hand_number, len(game.log) - game.hand_start))

        play_hands(game, rng, before=note)
        for record in game.hand_records[1:]:
            again = game_at_deal(record, rules)
            for index, value in enumerate(record["actions"]):
                number = record["hand_number"]
                assert (claim_plan(again, again.to_act or 0) is not None) == ((number, index) in offers), (seed, number)
                again.apply(again.action_from_json(value))
            offered += sum(1 for number, _index in offers if number == record["hand_number"])
    assert offered > 0, f"no claim offered in a later hand of {variant}: the test would compare nothing"


def test_the_cards_the_claimer_buried_count_as_seen() -> None:
    """Three-handed, South the declarer with every spade (trump) and 10♦ 10♦ K♦, the widow's A♦ A♦ Q♦ buried:
    South saw its own bury, so no diamond can beat its 10s and the claim is offered. The same cards with the
    bury unknown (both A♦ unseen) are no claim."""
    game = stacked_game(preset("three_hand"), ["AS AS TS TS KS KS QS QS JS JS 9S 9S TD TD KD", "", ""], dealer=2,
                        widow="AD AD QD")
    act(game, "bid 250", "pass", "pass", "trump spades", "bury AD AD QD", "play on")
    assert game.phase == Phase.PLAY and game.to_act == 0 and game.hand.declarer == 0
    assert claim_plan(game, 0) is not None, "the buried A♦ A♦ are South's own knowledge"
    unknown = game.clone()
    unknown.hand.buried = ()
    assert claim_plan(unknown, 0) is None
