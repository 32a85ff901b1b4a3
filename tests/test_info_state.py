"""The boundary of what a computer may see (engine/info_state.py).

Shuffling the cards a seat cannot see - into another deal that the same history could have come from -
leaves every level's decision (action and reason) unchanged, in every preset, at positions in whole
games of several hands; and the deals ``determinize`` makes hold every card once, the known cards where
they are known, and the voids shown.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from conftest import fast_where

from engine.ai.players.computer import ComputerPlayer, decision_rng
from engine.ai.players.levels import LEVELS, Level
from engine.cards import new_deck
from engine.deal import Deal
from engine.game import Game, new_game
from engine.info_state import InfoState, info_state
from engine.observation import observe
from engine.players import RandomPlayer
from engine.rules import PRESETS, preset

# Small budgets, no clock: the same decision on any machine, and quick.
QUICK = {
    "easy": LEVELS["easy"],
    "medium": replace(LEVELS["medium"], worlds=4, search_nodes=3_000, simulated_deals=8, think_seconds=0.0),
    "hard": replace(LEVELS["hard"], worlds=4, search_nodes=3_000, simulated_deals=8, candidates=2,
                    stock_playouts=2, think_seconds=0.0),
}


def _public(info: InfoState) -> tuple[object, ...]:
    """Everything the seat may know, as values to compare."""
    return (observe(info._game, info.seat), info.passes, info.pass_route, info.shown_meld, info.dix_exchanges,
            info.buried_count, info.meld_points, info.out, info.high_bidder)


def _replayed(game: Game, deal: Deal) -> Game | None:
    """The hand of ``game`` so far replayed from ``deal`` (None where an action is illegal there)."""
    try:  # a deal that is not the variant's (the turned-up card away from the dealer's last) is none
        again = Game.for_deal(game.rules, deal, seed=game.seed, scores=list(game.scores), target=game.target,
                              hand_number=game.hand_number)
        for action in game.log[game.hand_start:]:
            again.apply(action)
    except ValueError:
        return None
    return again


def shuffled(game: Game, seat: int, rng: random.Random, swaps: int = 3) -> Game | None:
    """``game`` with cards ``seat`` cannot see swapped between the other hands, the widow and the stock of the
    deal, so that the hand's actions are all legal again and the seat sees exactly what it saw; None if no
    swap of the tries keeps that (every hidden card pinned by what the seat saw)."""
    h = game.hand
    deal = h.deal
    seen = _public(info_state(game, seat))
    places: list[list[object]] = [list(x) for x in deal.hands] + [list(deal.widow), list(deal.stock[:-1])]
    hidden = [p for p in range(len(places)) if p != seat and places[p]]
    best: Game | None = None
    done = 0
    for _try in range(40):
        if done >= swaps or len(hidden) < 2:
            break
        a, b = rng.sample(hidden, 2)
        i, j = rng.randrange(len(places[a])), rng.randrange(len(places[b]))
        if places[a][i] == places[b][j]:
            continue
        trial = [list(x) for x in places]
        trial[a][i], trial[b][j] = trial[b][j], trial[a][i]
        n = game.rules.players
        stock = trial[n + 1] + deal.stock[-1:] if deal.stock else []
        new = Deal(deal.dealer, deal.deal_number, trial[:n], trial[n], stock, deal.turnup)  # type: ignore[arg-type]
        again = _replayed(game, new)
        if again is None or again.phase != game.phase or again.to_act != game.to_act:
            continue
        if _public(info_state(again, seat)) != seen:
            continue
        places, best, done = trial, again, done + 1
    return best


def _decisions(game: Game, seat: int, levels: dict[str, Level], at: Game) -> dict[str, tuple[object, str]]:
    """Each level's decision from the seat's information state in ``game``, with the random generator of the
    decision at ``at`` (the position played, whose log the replayed hand does not repeat)."""
    info = info_state(game, seat)
    out: dict[str, tuple[object, str]] = {}
    for name, level in levels.items():
        player = ComputerPlayer(level, seed=7)
        out[name] = player.decide(info, decision_rng(7, at, seat))
    out["random"] = (RandomPlayer(7).choose(game, seat), "")
    return out


def _positions(name: str, seed: int, hands: int, every: int) -> list[Game]:
    """Positions (copies) every ``every`` decisions of a seeded game of ``hands`` hands played by easy."""
    game = new_game(preset(name), seed=seed)
    player = ComputerPlayer(LEVELS["easy"], seed)
    out: list[Game] = []
    n = 0
    while not game.is_over and len(game.hand_records) < hands:
        seat = game.to_act
        assert seat is not None
        if game.has_choice() and n % every == every // 2:
            out.append(game.clone())
        n += 1
        game.apply(player.choose(game, seat))
    return out


def _check(name: str, levels: dict[str, Level], hands: int, every: int, seed: int = 5) -> int:
    rng = random.Random(seed)
    checked = 0
    for game in _positions(name, seed, hands, every):
        seat = game.to_act
        assert seat is not None
        other = shuffled(game, seat, rng)
        if other is None:
            continue
        assert other.hand.hands != game.hand.hands or other.hand.stock != game.hand.stock
        assert _decisions(other, seat, levels, game) == _decisions(game, seat, levels, game), \
            (name, len(game.log), game.phase)
        checked += 1
    return checked


@pytest.mark.parametrize("name", fast_where(sorted(PRESETS), ["partnership_auction", "two_hand"]))
def test_shuffling_the_hidden_cards_changes_no_decision(name: str) -> None:
    levels = {k: QUICK[k] for k in ("easy", "medium")}
    # two-handed, most swaps change a card the seat drew from the stock: fewer positions can be shuffled
    assert _check(name, levels, hands=3, every=9) >= (1 if name == "two_hand" else 3)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_shuffling_the_hidden_cards_changes_no_hard_decision(name: str) -> None:
    if name == "two_hand":  # most swaps change a card the seat drew: look at more positions
        assert _check(name, {"hard": QUICK["hard"]}, hands=3, every=3) >= 1
    else:
        assert _check(name, {"hard": QUICK["hard"]}, hands=2, every=11) >= 2


@pytest.mark.parametrize("name", fast_where(sorted(PRESETS), ["partnership_auction", "three_hand"]))
def test_determinized_deals_are_consistent(name: str) -> None:
    rules = preset(name)
    deck = Counter(new_deck(rules.double_deck))
    rng = random.Random(3)
    for game in _positions(name, 3, hands=2, every=5):
        seat = game.to_act
        assert seat is not None
        info = info_state(game, seat)
        know = info.knowledge()
        obs = info.observation
        for _ in range(3):
            world = info.determinize(rng)
            held = Counter(c for hand in world.hands for c in hand) + Counter(world.stock) + Counter(world.buried)
            out = Counter(c for t in obs.tricks for c in t.cards) + Counter(c for _s, c in obs.trick)
            out += Counter(c for t in obs.tables for c in t)
            assert held + out <= deck  # never a card twice
            assert sorted(world.hands[seat]) == sorted(game.hand.hands[seat])
            assert [len(x) for x in world.hands] == [len(x) for x in game.hand.hands]
            for s in range(rules.players):
                assert not Counter(know.pinned[s]) - Counter(world.hands[s])  # the known cards where known
                if s != seat:
                    assert all(know.allowed[s] >> int(c) & 1 for c in world.hands[s] if c not in know.pinned[s])
        # the playable game made of a deal keeps the seat's view
        again = info.dealt(info.determinize(rng))
        assert observe(again, seat) == obs
