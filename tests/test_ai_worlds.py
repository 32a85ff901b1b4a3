"""Worlds: the unseen cards dealt consistently with everything a seat has seen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai.search.worlds import play_likelihood, real_world
from engine.cards import CARDS, new_deck
from engine.game import Game, Phase, new_game
from engine.info_state import Knowledge, World, info_state, sample_world
from engine.players import RandomPlayer
from engine.rules import PRESETS, preset


def games_in_play(variant: str, count: int, seed: int = 0) -> list[Game]:
    """Random games stopped at random points of the play phase (of the first hands)."""
    rng = random.Random(seed)
    out: list[Game] = []
    for g in range(count):
        game = new_game(preset(variant), seed=seed * 1000 + g)
        players = [RandomPlayer(g * 10 + s) for s in range(game.rules.players)]
        stop = rng.randrange(0, game.rules.hand_size * game.rules.players)
        plays = 0
        while not game.is_over:
            if game.phase == Phase.PLAY:
                if plays == stop:
                    break
                plays += 1
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game, seat))
            if game.hand_records:  # a hand ended before the stop: start counting again
                game.hand_records.clear()
                plays = 0
        if game.phase == Phase.PLAY:
            out.append(game)
    return out


def played_cards(game: Game) -> list[int]:
    cards = [int(c) for t in game.hand.tricks for _, c in t.plays]
    return cards + [int(c) for _, c in game.hand.trick]


def check_holds(know: Knowledge, world: World, game: Game) -> None:
    """``world`` agrees with everything ``know`` says, and accounts for every card exactly once."""
    n = game.rules.players
    seat = know.seat
    assert sorted(world.hands[seat]) == sorted(game.hand.hands[seat])
    assert [len(h) for h in world.hands] == [len(h) for h in game.hand.hands]
    for s in range(n):
        assert not Counter(know.pinned[s]) - Counter(world.hands[s]), f"seat {s} lacks a card it is known to hold"
        for c in world.hands[s]:
            if s != seat:
                assert know.allowed[s] >> c & 1, f"seat {s} holds {CARDS[c]}, which its play rules out"
    everything = [c for h in world.hands for c in h] + world.stock + played_cards(game)
    everything += [c for t in game.hand.tables for c in t.cards()]
    # the declarer knows its own bury; others have it dealt among the unseen
    everything += world.buried if world.buried or seat != game.hand.declarer else list(game.hand.buried)
    assert Counter(map(int, everything)) == Counter(map(int, new_deck(game.rules.double_deck)))


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_what_a_seat_knows_is_true(variant: str) -> None:
    """Every fact gathered (meld, passes, widow, voids, must-beat caps) holds for the real cards."""
    for game in games_in_play(variant, 12, seed=len(variant)):
        for seat in range(game.rules.players):
            know = info_state(game, seat).knowledge()
            truth = real_world(game)
            check_holds(know, truth, game)
            assert sum(know.room) + sum(len(p) for p in know.pinned) == \
                sum(len(h) for s, h in enumerate(game.hand.hands) if s != seat) + know.stock + know.buried


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_sampled_worlds_agree_with_what_was_seen(variant: str) -> None:
    rng = random.Random(7)
    for game in games_in_play(variant, 8, seed=3 + len(variant)):
        seat = game.hand.to_act
        know = info_state(game, seat).knowledge()
        for _ in range(5):
            world = sample_world(know, rng)
            check_holds(know, world, game)
            assert play_likelihood(info_state(game, seat), world) > 0


def test_inferences_are_made_and_used() -> None:
    """Late in the four-handed game the play has told something, and no world contradicts it."""
    made = 0
    for game in games_in_play("partnership_auction", 20, seed=11):
        know = info_state(game, game.hand.to_act).knowledge()
        made += know.inferences
    assert made > 20


def test_a_seat_that_did_not_follow_is_void() -> None:
    import dataclasses

    from engine.cards import DIAMONDS, HEARTS
    from tests.test_ai_cardplay import staged

    game = staged(preset("partnership_auction"), ["AH 9H", "KH AH", "TS JS", "QS JS"], DIAMONDS)
    h = game.hand
    # seat 2 shows a void in hearts: a heart trick in which it played a club
    heart = next(i for i, t in enumerate(h.tricks) if t.plays[0][1].suit == HEARTS)
    club = next(i for i, t in enumerate(h.tricks) if t.plays[0][1].suit == 3)
    hearts, clubs = list(h.tricks[heart].plays), list(h.tricks[club].plays)
    hearts[2], clubs[2] = (hearts[2][0], clubs[2][1]), (clubs[2][0], hearts[2][1])
    h.tricks[heart] = dataclasses.replace(h.tricks[heart], plays=tuple(hearts))
    h.tricks[club] = dataclasses.replace(h.tricks[club], plays=tuple(clubs))
    know = info_state(game, 0).knowledge()
    rng = random.Random(1)
    for _ in range(30):
        world = sample_world(know, rng)
        assert not any(c // 6 == HEARTS for c in world.hands[2])


def test_forgetful_memory_thinks_played_cards_are_still_out() -> None:
    game = games_in_play("partnership_auction", 6, seed=5)[-1]
    seat = game.hand.to_act
    know = info_state(game, seat).knowledge(memory=0.0, rng=random.Random(1))
    others = [c for t in game.hand.tricks for s, c in t.plays if s != seat]
    assert len(know.forgotten) == len(others) + sum(1 for s, _ in game.hand.trick if s != seat)
    world = sample_world(know, random.Random(2))
    assert [len(h) for h in world.hands] == [len(h) for h in game.hand.hands]


def test_two_handed_after_the_stock_the_other_hand_is_known() -> None:
    rules = preset("two_hand")
    rng = random.Random(4)
    found = 0
    for g in range(6):
        game = new_game(rules, seed=g)
        players = [RandomPlayer(g), RandomPlayer(g + 1)]
        while not game.is_over and not game.hand_records and not (game.phase == Phase.PLAY and not game.hand.stock
                                                                  and not game.hand.tables):
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game, seat))
        if game.phase != Phase.PLAY or game.hand_records:
            continue
        found += 1
        seat = game.hand.to_act
        world = sample_world(info_state(game, seat).knowledge(), rng)
        assert sorted(world.hands[1 - seat]) == sorted(game.hand.hands[1 - seat])
    assert found


def test_three_handed_widow_is_with_the_declarer_or_buried() -> None:
    rng = random.Random(9)
    checked = 0
    for game in games_in_play("three_hand", 10, seed=21):
        h = game.hand
        assert h.declarer is not None
        for seat in range(3):
            if seat == h.declarer:
                continue
            know = info_state(game, seat).knowledge()
            assert know.buried == 3
            widow = Counter(h.deal.widow)
            widow.subtract(played_cards(game))
            world = sample_world(know, rng)
            place = Counter(world.hands[h.declarer] + world.buried)
            for c, k in widow.items():
                if k > 0:
                    assert place[c] >= min(k, 1) or c in world.hands[3 - seat - h.declarer]
            checked += 1
    assert checked


def test_same_generator_same_world() -> None:
    game = games_in_play("double_deck", 3, seed=2)[0]
    know = info_state(game, game.hand.to_act).knowledge()
    a = sample_world(know, random.Random(5))
    b = sample_world(know, random.Random(5))
    assert a.hands == b.hands and a.stock == b.stock and a.buried == b.buried
