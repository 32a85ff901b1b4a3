"""The director: engine events become moves of persistent sprites that end where the engine says."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.game import Game, new_game  # noqa: E402
from engine.observation import Observation, observe  # noqa: E402
from engine.rules import PRESETS, preset  # noqa: E402
from pinochle_gui.anim import Animator, ManualClock, Timing  # noqa: E402
from pinochle_gui.art import CardArt  # noqa: E402
from pinochle_gui.table.director import VIEW_SEAT, Director  # noqa: E402
from pinochle_gui.table.event_plans import plan  # noqa: E402

pytestmark = pytest.mark.timeout(120)
SIZE = (1280, 720)


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.display.set_mode(SIZE)


def make_director(variant: str, speed: str = "instant") -> Director:
    rules = preset(variant)
    names = [f"P{s}" for s in range(rules.players)]
    return Director(rules, names, CardArt(), Animator(Timing(speed), ManualClock()), SIZE, plan)


def dealing(variant: str, seed: int, speed: str = "instant") -> tuple[Game, Director]:
    """A new game of ``variant`` and a director fed its opening events (the deal, not yet shown)."""
    game = new_game(preset(variant), seed=seed)
    director = make_director(variant, speed)
    director.feed(game.opening_events(), observe(game, VIEW_SEAT))
    return game, director


def check_matches(director: Director, obs: Observation) -> None:
    """Every zone holds what the observation says, and every sprite sits where its zone puts it."""
    rules = director.rules
    held_back = rules.trump_by == "turnup" and obs.turnup is not None
    mine = sorted(s.card for s in director.hands[VIEW_SEAT])  # type: ignore[type-var]
    want = list(obs.hand)
    if held_back and obs.dealer == VIEW_SEAT:
        want.remove(obs.turnup)
    assert mine == sorted(want)
    for seat in range(1, rules.players):
        count = obs.hand_sizes[seat] - (1 if held_back and seat == obs.dealer else 0)
        assert len(director.hands[seat]) == count
        assert all(s.flip == 0.0 for s in director.hands[seat])  # others' cards stay face down
    assert [(seat, s.card) for seat, s in director.trick] == list(obs.trick)
    if rules.trump_by == "stock":
        assert len(director.stock) + len(director.turnup) == obs.stock_size
        for seat in range(rules.players):
            laid = obs.tables[seat] if seat < len(obs.tables) else ()  # empty once the melds went back
            assert sorted(s.card for s in director.tables[seat]) == sorted(laid)  # type: ignore[type-var]
    for sprite, x, y, width, flip, _angle, _z in director.targets():
        assert (round(sprite.x), round(sprite.y), sprite.width) == (round(x), round(y), width)
        assert sprite.flip == flip


@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_sprites_follow_a_whole_hand_of_each_variant(variant: str) -> None:
    game, director = dealing(variant, 17)
    director.skip()
    check_matches(director, observe(game, VIEW_SEAT))
    rng = random.Random(5)
    while len(game.hand_records) < 2 and not game.is_over:
        actions = game.legal_actions()
        bids = [a for a in actions if type(a).__name__ == "Bid"]
        others = [a for a in actions if type(a).__name__ not in ("Bid", "DeclareOut")]
        events = game.apply(rng.choice(others + bids[:1]))
        obs = observe(game, VIEW_SEAT)
        director.feed(events, obs)
        director.skip()
        check_matches(director, obs)
        said = [m for m in director.news.messages if re.search(r"\b[AKQJT9][SHDC]\b", m)]
        assert not said, said  # "North exchanges the dix for the 10♠", never "the TS"


def test_the_deal_is_animated_card_by_card_and_waits_for_nobody() -> None:
    game, director = dealing("partnership_auction", 3, "normal")
    director.update(0.0)
    assert not director.idle
    director.update(0.1)
    targets = {id(s): (x, y) for s, x, y, *_rest in director.targets()}
    arrived = [s for s in director.all_sprites() if (round(s.x), round(s.y)) == tuple(map(round, targets[id(s)]))]
    assert len(arrived) < len(director.all_sprites())  # still flying
    for _ in range(400):
        director.update(1 / 60)
    assert director.idle
    check_matches(director, observe(game, VIEW_SEAT))


def test_a_full_trick_pauses_then_sweeps_to_its_winner() -> None:
    game, director = dealing("two_hand", 4, "normal")
    director.skip()
    events = []
    while not any(e.kind == "trick" for e in events):
        events = game.apply(game.legal_actions()[0])
        director.feed(events, observe(game, VIEW_SEAT))
        if not any(e.kind == "trick" for e in events):
            director.skip()
    winner = next(e.seat for e in events if e.kind == "trick")
    for _ in range(30):  # the play lands, then the trick is looked at
        director.update(1 / 60)
    assert len(director.trick) == 2 or director.leaving
    for _ in range(400):
        director.update(1 / 60)
    assert director.idle and not director.trick and not director.leaving
    assert director.news.last_winner == winner
    check_matches(director, observe(game, VIEW_SEAT))


def test_a_reset_shows_a_game_in_the_middle_without_animation() -> None:
    game = new_game(preset("three_hand"), seed=8)
    rng = random.Random(1)
    for _ in range(40):
        actions = game.legal_actions()
        game.apply(rng.choice([a for a in actions if type(a).__name__ != "Bid"] or actions))
    director = make_director("three_hand", "normal")
    director.reset(observe(game, VIEW_SEAT))
    assert director.idle
    check_matches(director, observe(game, VIEW_SEAT))


def test_resizing_puts_every_card_in_its_new_place() -> None:
    game, director = dealing("double_deck", 2)
    director.skip()
    director.resize((700, 1100))
    assert director.lay.width == 700
    check_matches(director, observe(game, VIEW_SEAT))


def test_a_click_finishes_the_moves_but_stops_at_the_hands_summary() -> None:
    game, director = dealing("partnership_auction", 6, "normal")
    director.skip()
    rng = random.Random(2)
    while True:
        actions = game.legal_actions()
        events = game.apply(rng.choice([a for a in actions if type(a).__name__ not in ("Bid", "DeclareOut")]
                                       or actions[:1]))
        director.feed(events, observe(game, VIEW_SEAT))
        if any(e.kind == "hand_scored" for e in events):
            break
        director.skip()
    director.update(0.0)
    director.skip(through_holds=False)
    assert director.hold is not None and director.news.summary is not None and not director.idle
    assert director.release()
    director.skip(through_holds=False)
    assert director.news.summary is None
