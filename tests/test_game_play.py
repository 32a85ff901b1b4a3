"""Trick play inside real games: who leads, who may play what (checked against docs/rules.md directly), counting."""

from __future__ import annotations

import random

import pytest
from conftest import act, stacked_game

from engine.actions import Play
from engine.cards import Card
from engine.game import Phase, new_game
from engine.play import card_values, last_trick_bonus
from engine.players import RandomPlayer
from engine.rules import preset


def winning(trick: list[Card], trump: int) -> Card:
    best = trick[0]
    for c in trick[1:]:
        if c.suit == best.suit and c.rank > best.rank or c.suit == trump and best.suit != trump:
            best = c
    return best


def rules_say(hand: list[Card], trick: list[Card], trump: int, rule: str) -> set[Card]:
    """The cards docs/rules.md ("Play") allows, written out independently of engine.play."""
    cards = set(hand)
    if not trick:
        return cards
    led = trick[0].suit
    top = winning(trick, trump)
    same = {c for c in cards if c.suit == led}
    trumps = {c for c in cards if c.suit == trump}
    if rule == "post_1945":
        if same:
            if led == trump:
                higher = {c for c in same if c.rank > top.rank}
                return higher or same
            return same
        return trumps or cards
    # must_beat / always_win (the same demands, see engine.play.play_mode)
    if same:
        if top.suit != led:  # trumped: any card of the suit led
            return same
        return {c for c in same if c.rank > top.rank} or same
    if trumps:
        if top.suit == trump:
            return {c for c in trumps if c.rank > top.rank} or trumps
        return trumps
    return cards


@pytest.mark.parametrize(("name", "overrides"), [
    ("partnership_auction", {}), ("partnership_auction", {"play_rule": "post_1945"}),
    ("partnership_auction", {"play_rule": "always_win"}), ("partnership_turnup", {}),
    ("partnership_turnup", {"play_rule": "must_beat"}), ("three_hand", {}), ("three_hand", {"play_rule": "post_1945"}),
    ("double_deck", {}),
])
def test_every_play_of_random_hands_follows_the_rule_in_force(name: str, overrides: dict[str, str]) -> None:
    rules = preset(name, **overrides)
    checked = 0
    for seed in range(1, 7):
        game = new_game(rules, seed=seed)
        players = [RandomPlayer(seed * 7 + s) for s in range(rules.players)]
        rng = random.Random(seed)
        while not game.hand_records:
            seat = game.to_act
            assert seat is not None
            if game.phase == Phase.PLAY:
                h = game.hand
                assert h.trump is not None
                legal = {a.card for a in game.legal_actions() if isinstance(a, Play)}
                assert legal == rules_say(h.hands[seat], [c for _, c in h.trick], h.trump, rules.play_rule)
                checked += 1
                game.apply(Play(rng.choice(sorted(legal))))
            else:
                game.apply(players[seat].choose(game, seat))
    assert checked > 100


@pytest.mark.parametrize(("name", "leader"), [
    ("partnership_auction", "declarer"), ("three_hand", "declarer"), ("double_deck", "declarer"),
    ("partnership_turnup", "left"), ("two_hand", "left"),
])
def test_who_leads_the_first_trick(name: str, leader: str) -> None:
    rules = preset(name)
    for seed in (1, 2, 3):
        game = new_game(rules, seed=seed)
        while game.phase != Phase.PLAY:
            actions = game.legal_actions()
            game.apply(actions[-1] if game.phase == "bidding" and game.to_act == 1 else actions[0])
        expected = game.hand.declarer if leader == "declarer" else (game.dealer + 1) % rules.players
        assert game.to_act == game.hand.leader == expected


@pytest.mark.parametrize(("count", "total"), [("streamlined", 250), ("old_timers", 250), ("simplified", 250)])
def test_count_options_and_the_last_trick(count: str, total: int) -> None:
    rules = preset("partnership_auction", count=count)
    values = card_values(rules)
    assert sum(values[c] for c in range(24)) * 2 + last_trick_bonus(rules) == total == rules.trick_total
    game = new_game(rules, seed=8)
    events = []
    while not game.hand_records:
        events += game.apply(game.legal_actions()[0])
    tricks = [e for e in events if e.kind == "trick"]
    assert len(tricks) == 12 and [t.last for t in tricks] == [False] * 11 + [True]
    for t in tricks:
        expected = sum(values[c] for _, c in t.cards) + (10 if t.last else 0)
        assert t.points == expected
    assert sum(t.points for t in tricks) == 250


def test_the_winner_of_a_trick_leads_the_next() -> None:
    game = stacked_game(preset("partnership_auction", pass_cards=0), ["AS AS", "", "", ""])
    act(game, "bid 250", "pass", "pass", "pass", "trump hearts", "play on", "play AS")
    while len(game.hand.trick):
        act(game, game.legal_actions()[0])
    assert game.hand.tricks[0].winner == game.to_act == game.hand.leader
