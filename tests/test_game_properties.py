"""Hypothesis: random seeds and random legal actions across presets keep every invariant of the state machine."""

from __future__ import annotations

import random
from collections import Counter

from conftest import play_hands, short_game, snapshot
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.actions import Bid, DeclareOut, Play
from engine.cards import new_deck, parse_cards
from engine.game import Game, IllegalAction, new_game
from engine.record import check_record
from engine.rules import OPTIONS as OPTIONS_OF_ENGINE
from engine.rules import PRESETS, RulesError, preset
from engine.save import game_from_dict, game_to_dict

NAMES = sorted(PRESETS)
OPTIONS = {
    "partnership_auction": [{}, {"pass_simultaneous": True}, {"pass_cards": 3}, {"set_gives_bid": True},
                            {"play_rule": "post_1945"}, {"all_pass": "redeal", "redeal_nines": True},
                            {"trump_needs_marriage": True, "jump_bids": False}, {"declarer_meld_needs": "trick"}],
    "three_hand": [{}, {"strict_bury": True}, {"all_pass": "redeal", "count": "old_timers"}],
    "two_hand": [{}, {"phase2_must_win": "trump_led", "count": "simplified"},
                 {"turnup_dix_to_dealer": True, "meld_before_draw": True, "double_values": True}],
    "partnership_turnup": [{}, {"play_rule": "must_beat", "meld_needs": "points"}],
    "double_deck": [{}, {"pass_cards": 2, "pass_simultaneous": True}, {"trump_needs_marriage": False},
                    {"bid_rounds": 1, "bonus_melds": True}, {"pass_cards": 3, "pass_before_trump": True},
                    {"pass_cards": 1, "marriage_after_pass": True, "bid_rounds": 2}],
    "partnership_auction_div10": [{}, {"play_rule": "must_beat", "not_on_board_set": True}],
}


def choose(game, rng: random.Random):  # noqa: ANN001, ANN201 - a random legal action, short auctions, no claims
    actions = [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]
    bids = [a for a in actions if isinstance(a, Bid)]
    if bids:
        actions = [a for a in actions if not isinstance(a, Bid)] + bids[:2]
    return rng.choice(actions)


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(NAMES), variant=st.integers(0, 6), seed=st.integers(1, 10**6), hands=st.integers(2, 3),
       save_hand=st.integers(2, 3), save_step=st.integers(0, 40))
def test_random_games_keep_every_invariant(name: str, variant: int, seed: int, hands: int, save_hand: int,
                                           save_step: int) -> None:
    """Whole games of two or three hands by random legal actions: an illegal card is refused and changes nothing,
    a save made in the middle of a later hand restores the same game, and every hand's record deals the whole
    deck, counts every trick point, adds up to the scores and replays."""
    choices = OPTIONS[name]
    rules = short_game(preset(name, **choices[variant % len(choices)]), hands)
    game = new_game(rules, seed=seed)
    save_hand = min(save_hand, hands)  # saved at this hand's action save_step, or the next action after it
    saves = 0

    def check(game: Game) -> None:
        nonlocal saves
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        assert legal
        later = len(game.hand_records) >= save_hand or len(game.log) - game.hand_start >= save_step
        if not saves and len(game.hand_records) >= save_hand - 1 and later:
            again = game_from_dict(game_to_dict(game))
            assert game_to_dict(again) == game_to_dict(game) and again.hand.hands == game.hand.hands
            assert (again.hand_number, again.scores, again.log) == (game.hand_number, game.scores, game.log)
            saves += 1
        if game.phase == "play":
            refused = [Play(c) for c in set(game.hand.hands[seat]) if Play(c) not in legal]
            if refused:
                before = snapshot(game)
                try:
                    game.apply(refused[0])
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"illegal {refused[0]} accepted")
                assert snapshot(game) == before

    play_hands(game, random.Random(seed), before=check)
    assert game.is_over and len(game.hand_records) >= hands
    assert saves == 1 or len(game.hand_records) == save_hand, "no save in the middle of a later hand"
    previous = [0] * len(rules.teams)
    for record in game.hand_records:
        dealt = [c for text in record["deal"] for c in parse_cards(text)]
        dealt += parse_cards(record.get("widow", "")) + parse_cards(record.get("stock", ""))
        assert Counter(dealt) == Counter(new_deck(rules.double_deck))
        if record.get("how") == "played":
            assert sum(record["trick_points"]) == rules.trick_total
            played = [c for t in record["tricks"] for _s, c in t["plays"]]
            assert Counter(parse_cards(played) + parse_cards(record.get("buried", ""))) == \
                Counter(new_deck(rules.double_deck))
        assert [p + d for p, d in zip(previous, record["score_delta"], strict=True)] == record["scores_after"]
        previous = record["scores_after"]
        check_record(record)
    assert game.scores == previous  # the game is over: no meld of a next hand is laid


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(NAMES), seed=st.integers(1, 10**6), cut=st.integers(0, 300))
def test_clone_is_independent_and_replays_the_same(name: str, seed: int, cut: int) -> None:
    rules = preset(name)
    game = new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(choose(game, rng))
    copy = game.clone()
    saved = game_to_dict(game)
    rng2 = random.Random(seed + 1)
    for _ in range(60):
        if copy.is_over:
            break
        copy.apply(choose(copy, rng2))
    assert game_to_dict(game) == saved, "playing on a clone leaves the original alone"


NUMBERS = {"min_bid": (20, 50, 250, 300), "bid_step": (1, 5, 10), "max_bid": (300, 500, 2500), "pass_cards": (0, 3, 4),
           "game_target": (0, 300, 1000, 1500), "game_hands": (0, 2, 5), "bid_step_high": (0, 5),
           "bid_step_high_from": (60, 300), "bid_rounds": (0, 1, 2)}


@st.composite
def any_rules(draw: st.DrawFn):  # noqa: ANN201 - a preset with random options of OPTIONS that go together
    name = draw(st.sampled_from(NAMES))
    overrides = {}
    for option in OPTIONS_OF_ENGINE.values():
        if PRESETS[name].variant not in option.variants or not draw(st.booleans()):
            continue
        if option.choices is not None:
            overrides[option.name] = draw(st.sampled_from(option.choices))
        elif isinstance(getattr(PRESETS[name], option.name), bool):
            overrides[option.name] = draw(st.booleans())
        elif option.name in NUMBERS:
            overrides[option.name] = draw(st.sampled_from(NUMBERS[option.name]))
    try:
        return preset(name, **overrides)
    except RulesError:
        assume(False)
        raise


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=any_rules(), seed=st.integers(1, 10**6))
def test_any_valid_options_play_and_keep_the_invariants(rules, seed: int) -> None:  # noqa: ANN001
    """Any options that go together play a game to its end or through three hands (a game to a target may be
    longer): every hand counts every trick point, adds up to the scores and replays; the game saves and restores."""
    game = new_game(rules, seed=seed)
    play_hands(game, random.Random(seed), hands=3)
    assert game.is_over or len(game.hand_records) == 3
    previous = [0] * len(rules.teams)
    for record in game.hand_records:
        if record.get("how") == "played":
            assert sum(record["trick_points"]) == rules.trick_total
        assert [p + d for p, d in zip(previous, record["score_delta"], strict=True)] == record["scores_after"]
        previous = record["scores_after"]
        check_record(record)
    assert game_to_dict(game_from_dict(game_to_dict(game))) == game_to_dict(game)
