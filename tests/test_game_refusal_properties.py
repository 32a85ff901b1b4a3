"""Hypothesis: at every step of random games of every preset, actions mutated from the legal ones (fields
of the wrong type, another seat, actions gone stale, actions of every kind, things that are no action)
are refused exactly when they are not one of the legal actions, and a refusal leaves the game as it was."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from conftest import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import (
    Bid,
    Bury,
    CallRedeal,
    DeclareOut,
    DrawChoice,
    ExchangeDix,
    NameTrump,
    NoMeld,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ThrowIn,
)
from engine.cards import parse_card, parse_cards
from engine.game import Game, IllegalAction, new_game
from engine.rules import PRESETS, preset
from engine.save import game_to_dict

AS = parse_card("AS")
EVERY_KIND = [Bid(250), Bid(20), Pass(), Pass(help=True), CallRedeal(True), CallRedeal(False), NameTrump(0),
              ExchangeDix(True), ExchangeDix(False), PassCards(tuple(parse_cards("AS AS TS KS"))),
              Bury(tuple(parse_cards("AS TS KS"))), ThrowIn(), PlayOn(), Play(AS), Play(AS, from_table=True), NoMeld(),
              DrawChoice(True), DrawChoice(False), DeclareOut()]
NOT_ACTIONS: list[Any] = [None, "pass", 0, (Pass(),), Play]


def wrong_type(value: Any, pick: int) -> Any:
    """A value equal (or nearly) to ``value`` but of another type; in a tuple or a dataclass, one part of it."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):  # cards too: a card becomes its plain number
        return float(value) if type(value) is int else int(value)
    if isinstance(value, tuple):
        if not value or pick % 3 == 0:
            return list(value)
        i = pick % len(value)
        return value[:i] + (wrong_type(value[i], pick // 3),) + value[i + 1:]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = [f.name for f in dataclasses.fields(value) if f.compare]
        if not parts:
            return None
        name = parts[pick % len(parts)]
        return dataclasses.replace(value, **{name: wrong_type(getattr(value, name), pick // len(parts))})
    return None if value is not None else 0


def exactly(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(exactly, a, b))
    if dataclasses.is_dataclass(a):
        return all(exactly(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a) if f.compare)
    return bool(a == b)


def listed(game: Game, action: Any) -> bool:
    """Whether ``action`` is exactly one of the legal actions (passed or buried cards in any order)."""
    if type(action) in (PassCards, Bury) and type(action.cards) is tuple:
        action = dataclasses.replace(action, cards=tuple(sorted(action.cards)))
    return any(legal == action and exactly(legal, action) for legal in game.legal_actions())


def mutants(game: Game, legal: list[Any], stale: list[Any]) -> st.SearchStrategy[tuple[Any, Any]]:
    """(action, seat) pairs, most of them wrong."""
    seat = game.to_act
    others = [s for s in range(game.rules.players) if s != seat] + [-1, game.rules.players, True, 0.0, "0"]
    choices = [
        st.tuples(st.sampled_from(legal), st.integers(0, 99)).map(lambda x: (wrong_type(x[0], x[1]), None)),
        st.tuples(st.sampled_from(legal), st.sampled_from(others)),
        st.tuples(st.sampled_from(EVERY_KIND + NOT_ACTIONS), st.sampled_from([None, seat])),
        st.tuples(st.sampled_from([Play(c) for h in game.hand.hands for c in h] or [Play(AS)]), st.none()),
    ]
    if stale:
        choices.append(st.tuples(st.sampled_from(stale), st.sampled_from([None, seat])))
    return st.one_of(choices)


def choose(legal: list[Any], rng: random.Random) -> Any:
    """A random legal action: short auctions, no claims (so the games go on)."""
    actions = [a for a in legal if not isinstance(a, DeclareOut)]
    bids = [a for a in actions if isinstance(a, Bid)]
    if bids:
        actions = [a for a in actions if not isinstance(a, Bid)] + bids[:2]
    return rng.choice(actions)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
@settings(max_examples=120, derandomize=True, deadline=None)
@given(seed=st.integers(0, 10**6), skip=st.integers(0, 150), data=st.data())
def test_every_refusal_leaves_the_game_as_it_was(name: str, seed: int, skip: int, data: st.DataObject) -> None:
    game = new_game(preset(name), seed=seed)
    rng = random.Random(seed)
    stale: list[Any] = []
    for _ in range(skip):  # random play to somewhere in the first hands, remembering what was legal on the way
        if game.is_over:
            return
        legal = game.legal_actions()
        stale.append(rng.choice(legal))
        game.apply(choose(legal, rng))
    for _ in range(10):
        if game.is_over:
            return
        legal = game.legal_actions()
        action, seat = data.draw(mutants(game, legal, stale[-40:]))
        if listed(game, action) and (seat is None or (type(seat) is int and seat == game.to_act)):
            assert game.is_legal(action, seat)
        else:
            saved, seen = game_to_dict(game), snapshot(game)
            assert not game.is_legal(action, seat)
            with pytest.raises(IllegalAction):
                game.apply(action, seat=seat)
            assert game_to_dict(game) == saved and snapshot(game) == seen
        stale.append(rng.choice(legal))
        game.apply(choose(legal, rng), seat=game.to_act)
