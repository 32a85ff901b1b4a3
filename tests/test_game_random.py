"""Thousands of random hands per preset: nothing breaks and the invariants of every hand hold."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.actions import DeclareOut, Play
from engine.cards import format_cards, new_deck, parse_cards
from engine.game import Game, IllegalAction, new_game
from engine.players import RandomPlayer
from engine.record import check_record
from engine.rules import PRESETS, VARIATIONS, preset
from engine.save import game_from_dict, game_to_dict

# Whole random games of every preset, from the deal to the game's end (the soak test, tests/test_table_soak.py,
# plays 300 more hands of whole games at the table): a thousand hands a preset.
HANDS_PER_PRESET = 1000
# A preset's options each change a rule met in every hand (a dix scored, a play rule, a forced bid, a bonus
# meld, passing before trump): a few hundred hands meet each change many times over.
HANDS_PER_VARIATION = 300


def _check_hand(rules, record) -> None:
    dealt = [c for text in record["deal"] for c in parse_cards(text)]
    dealt += parse_cards(record.get("widow", ""))
    if "stock" in record:
        dealt += parse_cards(record["stock"])
    assert Counter(dealt) == Counter(new_deck(rules.double_deck)), "every card dealt exactly once"
    if record.get("how") == "played":
        assert sum(record["trick_points"]) == rules.trick_total
        played = [card for trick in record["tricks"] for _seat, card in trick["plays"]]
        buried = parse_cards(record.get("buried", ""))
        assert Counter(parse_cards(played) + buried) == Counter(new_deck(rules.double_deck))
    if "stock" in record:
        # Each nine of trumps scores once a hand: at most two dixes.
        dixes = [item for meld in record.get("melds", []) for item in meld["items"] if item[0] == "dix"]
        assert len(dixes) <= 2, dixes


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), [(name, {}) for name in sorted(PRESETS)] + list(VARIATIONS),
                         ids=lambda x: x if isinstance(x, str) else "-".join(f"{k}={v}" for k, v in x.items()))
def test_random_hands_keep_every_invariant(name: str, options: dict[str, object]) -> None:
    rules = preset(name, **options)
    wanted = HANDS_PER_VARIATION if options else HANDS_PER_PRESET
    hands = 0
    seed = 0
    while hands < wanted:
        seed += 1
        game = new_game(rules, seed=seed)
        players = [RandomPlayer(seed * 10 + s) for s in range(rules.players)]
        rng = random.Random(seed)
        while not game.is_over and len(game.hand_records) < 40:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            if game.phase == "play" and rng.random() < 0.05:
                # An illegal card is refused and changes nothing.
                held = {c for c in game.hand.hands[seat]}
                illegal = [Play(c) for c in held if Play(c) not in legal]
                if illegal:
                    before = (len(game.log), game.phase, game.to_act, format_cards(game.hand.hands[seat]))
                    with pytest.raises(IllegalAction):
                        game.apply(illegal[0])
                    assert before == (len(game.log), game.phase, game.to_act, format_cards(game.hand.hands[seat]))
            game.apply(players[seat].choose(game, seat))
        previous = [0] * len(rules.teams)
        for record in game.hand_records:
            _check_hand(rules, record)
            if "score_delta" in record:
                assert [p + d for p, d in zip(previous, record["score_delta"], strict=True)] == record["scores_after"]
            previous = record["scores_after"]
        if seed % 25 == 0:
            for record in game.hand_records[:3]:
                check_record(record)
            saved = game_to_dict(game)
            assert game_to_dict(game_from_dict(saved)) == saved
        hands += len(game.hand_records)
    assert hands >= wanted


def test_a_clone_is_independent_of_its_original_through_the_two_handed_last_draw() -> None:
    """Clones share finished tricks; the last draw choice must not change the other game's record."""
    from engine.actions import DrawChoice

    rules = preset("two_hand")
    game = new_game(rules, seed=3)
    player = RandomPlayer(3)
    while game.phase != "draw_choice":
        game.apply(player.choose(game, game.to_act or 0))
    clone = game.clone()
    before = list(game.hand.tricks)
    clone.apply(DrawChoice(True))
    assert game.hand.tricks == before
    game.apply(DrawChoice(False))
    assert game.hand.tricks[-1].draws != clone.hand.tricks[-1].draws


@pytest.mark.parametrize("name", ["two_hand", "partnership_turnup"])
def test_declaring_out_at_random_decisions_ends_the_game_and_replays(name: str) -> None:
    """Bicycle: a claim "at any time" - here at one random decision of a random game, whatever its phase."""
    rules = preset(name)
    phases = set()
    outcomes = set()
    for seed in range(1, 150):
        rng = random.Random(seed)
        # Odd seeds start from scores near the target (claims right and wrong), even ones from nothing.
        scores = [rng.randrange(rules.game_target + 200) for _ in rules.teams] if seed % 2 else None
        game = Game(rules, seed=seed, scores=scores)
        player = RandomPlayer(seed)
        while not game.is_over and len(game.hand_records) < 3:
            if rng.random() < 0.05:
                phases.add(game.phase)
                game.apply(DeclareOut())
                break
            game.apply(player.choose(game, game.to_act))
        if game.is_over and game.hand_records[-1].get("declared_out"):
            check_record(game.hand_records[-1])
            assert game.legal_actions() == []
            outcomes.add(game.hand_records[-1]["declared_out"]["right"])
            if scores is None:
                saved = game_to_dict(game)
                assert game_to_dict(game_from_dict(saved)) == saved
    assert outcomes == {True, False}
    assert phases >= ({"play", "meld", "draw_choice"} if name == "two_hand" else {"play", "dix"})
