"""The hand's history, typed (engine.history): what the game keeps and a seat sees, and what a hand record
reads back to (engine.record.read_hand), written again byte for byte (engine.hand_record.record_of)."""

from __future__ import annotations

import json

import pytest

from engine.events import HandCount
from engine.game import new_game
from engine.hand_record import record_of
from engine.history import Call, HandHistory, MeldShown, PassCall, TrickPlayed
from engine.meld import MeldKind
from engine.observation import observe
from engine.play import count_points
from engine.players import RandomPlayer
from engine.record import read_hand
from engine.rules import PRESETS, preset
from engine.sim import play_game


def hands_of(name: str, seed: int, hands: int = 2) -> list[HandHistory]:
    game = play_game(new_game(preset(name), seed=seed), ["random"] * preset(name).players, seed, hands)
    return [read_hand(r) for r in game.hand_records]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_record_reads_back_to_the_history_it_was_written_from(name: str) -> None:
    rules = preset(name)
    for seed in (1, 2, 3):
        game = play_game(new_game(rules, seed=seed), ["random"] * rules.players, seed, 2)
        for record in game.hand_records:
            hand = read_hand(record)
            assert json.dumps(record_of(hand)) == json.dumps(record)
            count = hand.count
            if count is not None and count.how == "played":
                # each trick counted as the game counted it, the last trick's bonus with it
                taken = [0] * len(rules.teams)
                for trick in hand.tricks:
                    taken[rules.team_of(trick.winner)] += trick.points
                if hand.buried and hand.declarer is not None:
                    taken[rules.team_of(hand.declarer)] += count_points(hand.buried, rules)
                assert tuple(taken) == count.trick_points


def test_the_history_is_cards_and_kinds_not_text() -> None:
    hand = hands_of("partnership_auction", 3, 1)[0]
    assert all(isinstance(call, Call) for call in hand.calls)
    assert all(isinstance(call.bid, int) or call.bid in tuple(PassCall) for call in hand.calls)
    assert all(isinstance(shown, MeldShown) and all(isinstance(m.kind, MeldKind) for m in shown.melds)
               for shown in hand.melds)
    assert all(isinstance(t, TrickPlayed) and len(t.cards) == 4 for t in hand.tricks)
    assert isinstance(hand.scored is not None and hand.scored.ended, HandCount)
    assert hand.names() == ["South", "West", "North", "East"]


def test_a_seat_sees_the_history_typed() -> None:
    game = new_game(preset("two_hand"), seed=4)
    player = RandomPlayer(4)
    while len(game.hand.tricks) < 3:
        game.apply(player.choose(game, game.to_act))
    view = observe(game, 0)
    assert view.tricks[0].leader == game.hand.tricks[0].leader and view.tricks[0].plays == game.hand.tricks[0].plays
    # what seat 0 drew it sees, what seat 1 drew is hidden
    for seen, kept in zip(view.tricks, game.hand.tricks, strict=True):
        assert [d.card for d in seen.draws if d.seat == 0] == [d.card for d in kept.draws if d.seat == 0]
        assert all(d.card is None for d in seen.draws if d.seat == 1)
