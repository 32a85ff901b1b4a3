"""Saved games: a save restores to the same game at any point; anything else is refused with SaveError."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from conftest import play_hands, random_action, save_cut_by_a_trick, short_game, stacked_game

from engine.game import new_game
from engine.players import RandomPlayer
from engine.rules import PRESETS, preset
from engine.save import COUNTS, FORMAT, KIND, SaveError, game_cut_at, game_from_dict, game_to_dict


def played(name: str = "partnership_auction", seed: int = 4, steps: int = 80):  # noqa: ANN201
    rules = preset(name)
    game = new_game(rules, seed=seed)
    players = [RandomPlayer(seed + s) for s in range(rules.players)]
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    return game


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_restore_is_the_same_game_and_plays_on_the_same(name: str) -> None:
    game = played(name, steps=150)
    saved = json.loads(json.dumps(game_to_dict(game)))
    again = game_from_dict(saved)
    assert game_to_dict(again) == game_to_dict(game)
    assert again.hand.hands == game.hand.hands and again.scores == game.scores and again.phase == game.phase
    assert again.hand_records == game.hand_records
    rng = random.Random(1)
    for _ in range(40):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        assert game.apply(action) == again.apply(action)
    assert game_to_dict(again) == game_to_dict(game)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_save_in_a_later_hand_restores_and_plays_on_to_the_same_end(name: str) -> None:
    """Games of three hands, saved in the middle of the second and third hands (through JSON, as the app writes
    it): the restored game is the same game, and played on by the same choices it ends exactly as the original."""
    rules = short_game(preset(name), 3)
    for seed in range(1, 4):
        game = new_game(rules, seed=seed)
        game.humans = (0,)  # named in every hand's record, the hands replayed from the save as well
        rng = random.Random(seed)
        play_hands(game, rng, hands=1)
        for _ in range(2):
            for _ in range(rng.randrange(5, 30)):  # into the middle of the hand
                if game.is_over:
                    break
                game.apply(random_action(game, rng))
            if game.is_over:
                break
            assert game.hand_records and game.hand_number > 1, "the save is made in a later hand"
            again = game_from_dict(json.loads(json.dumps(game_to_dict(game))))
            assert (again.hand_number, again.scores, again.log, again.phase, again.to_act) == \
                (game.hand_number, game.scores, game.log, game.phase, game.to_act)
            assert again.hand.hands == game.hand.hands and again.hand_records == game.hand_records
            mine, theirs = random.Random(seed * 7), random.Random(seed * 7)
            play_hands(game, mine, hands=1)
            play_hands(again, theirs, hands=1)
            assert game_to_dict(again) == game_to_dict(game)
        play_hands(game, rng)
        assert game.is_over


def test_a_finished_game_restores_finished() -> None:
    game = new_game(preset("two_hand"), seed=2)
    game.apply(next(a for a in game.legal_actions() if str(a) == "declare out"))
    again = game_from_dict(game_to_dict(game))
    assert again.is_over and again.winner == game.winner and again.legal_actions() == []


def test_player_names_and_game_id_are_kept_and_long_names_trimmed() -> None:
    game = played()
    game.players = ["Ann", "Bob", "Cy", "D" * 100]
    game.game_id = "evening"
    again = game_from_dict(game_to_dict(game))
    assert again.players == ["Ann", "Bob", "Cy", "D" * 40] and again.game_id == "evening"


def damaged(change: Any) -> Any:
    data = copy.deepcopy(game_to_dict(played()))
    result = change(data)
    return result[1] if isinstance(result, tuple) and result[0] == "instead" else data


BAD: list[tuple[str, Any, str]] = [
    ("not a dict", lambda d: ("instead", [d]), "not a saved pinochle game"),
    ("text", lambda d: ("instead", "game"), "not a saved pinochle game"),
    ("wrong kind", lambda d: d.update(kind="chess-game"), "not a saved pinochle game"),
    ("no kind", lambda d: d.pop("kind"), "not a saved pinochle game"),
    ("no format", lambda d: d.pop("format"), "no format version"),
    ("format text", lambda d: d.update(format="1"), "no format version"),
    ("newer format", lambda d: d.update(format=FORMAT + 1), "newer version"),
    ("older format", lambda d: d.update(format=0), "no longer read"),
    ("no rules", lambda d: d.pop("rules"), "damaged"),
    ("rules not a dict", lambda d: d.update(rules="default"), "damaged"),
    ("bad option value", lambda d: d["rules"].update(min_bid=7), "damaged"),
    ("unknown option", lambda d: d["rules"].update(speed=3), "damaged"),
    ("structure changed", lambda d: d["rules"].update(players=3), "damaged"),
    ("no actions", lambda d: d.pop("actions"), "damaged"),
    ("no seed", lambda d: d.pop("seed"), "damaged"),
    ("seed text", lambda d: d.update(seed="4"), "seed"),
    ("first deal text", lambda d: d.update(first_deal="x"), "seed"),
    ("dealer out of range", lambda d: d.update(dealer=4), "dealer"),
    ("dealer text", lambda d: d.update(dealer="3"), "dealer"),
    ("actions not a list", lambda d: d.update(actions="bid 250"), "actions"),
    ("illegal action", lambda d: d["actions"].insert(0, "play AS"), "does not replay"),
    ("unknown action", lambda d: d["actions"].insert(0, "shuffle"), "does not replay"),
    ("action of a wrong type", lambda d: d["actions"].insert(0, 42), "does not replay"),
    ("meld that does not exist", lambda d: d["actions"].insert(0, {"meld": "run", "hand": "AH", "table": []}),
     "does not replay"),
    ("fewer actions", lambda d: d["actions"].pop(), "state it records"),
    ("other seed", lambda d: d.update(seed=5), "replay"),
    ("other scores", lambda d: d["state"].update(scores=[9999, 0]), "state it records"),
    ("other phase", lambda d: d["state"].update(phase="bury"), "state it records"),
    ("state not a dict", lambda d: d.update(state=3), "state it records"),
    ("a player's seat out of range", lambda d: d.update(humans=[4]), "seats of the players"),
    ("a player's seat twice", lambda d: d.update(humans=[0, 0]), "seats of the players"),
    ("players' seats not a list", lambda d: d.update(humans=0), "seats of the players"),
]


@pytest.mark.parametrize(("why", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_saves_are_refused(why: str, change: Any, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        game_from_dict(damaged(change))


def test_a_save_without_its_state_check_still_restores() -> None:
    data = game_to_dict(played())
    del data["state"]
    assert game_from_dict(data).hand.hands == played().hand.hands


def test_a_save_cut_by_a_trick_its_leader_won_is_refused() -> None:
    whole, cut = save_cut_by_a_trick()
    shorter = game_from_dict({**cut, "state": None})
    assert len(shorter.log) == len(whole["actions"]) - 3
    same = {key: value for key, value in whole["state"].items() if key not in COUNTS}
    assert {key: value for key, value in game_to_dict(shorter)["state"].items() if key not in COUNTS} == same
    assert game_to_dict(game_from_dict(whole)) == whole
    with pytest.raises(SaveError, match="state it records"):
        game_from_dict(cut)


def test_a_save_written_before_the_counts_is_checked_on_its_other_facts() -> None:
    data = game_to_dict(played())
    for key in COUNTS:
        del data["state"][key]
    assert game_to_dict(game_from_dict(data))["actions"] == data["actions"]
    data["state"]["scores"] = [9999, 0]
    with pytest.raises(SaveError, match="state it records"):
        game_from_dict(data)


def test_save_is_plain_json_with_its_kind_and_format() -> None:
    data = game_to_dict(played())
    assert data["kind"] == KIND and data["format"] == FORMAT
    assert json.loads(json.dumps(data)) == data
    assert all(isinstance(a, (str, dict)) for a in data["actions"])


STACKED = {
    "partnership_auction": (["AH TH KH QH JH QS JD", "", "", ""], {}),
    "three_hand": (["AS AS", "", ""], {"widow": "AD TD KD"}),
    "two_hand": (["AS AS QS JD", "9S"], {"turnup": "KH", "stock": "KS"}),
    "partnership_turnup": (["9H", "", "", "AD"], {"turnup": "KH"}),
    "double_deck": (["KH QH", "", "", ""], {}),
}


@pytest.mark.parametrize("name", sorted(STACKED))
def test_a_game_with_a_stacked_first_deal_saves_and_restores(name: str) -> None:
    hands, extra = STACKED[name]
    game = stacked_game(preset(name), hands, **extra)
    rng = random.Random(3)
    while len(game.hand_records) < 2 and not game.is_over:
        game.apply(rng.choice([a for a in game.legal_actions() if str(a) != "declare out"]))
    data = json.loads(json.dumps(game_to_dict(game)))
    assert data["deal"]["hands"][0].startswith(hands[0])
    again = game_from_dict(data)
    assert game_to_dict(again) == game_to_dict(game) and again.hand_records == game.hand_records


def stacked_save(change: Any) -> Any:
    data = game_to_dict(stacked_game(preset("two_hand"), ["AS AS QS JD", "9S"], turnup="KH"))
    change(data["deal"])
    return data


BAD_DEALS: list[tuple[str, Any]] = [
    ("no hands", lambda d: d.pop("hands")),
    ("hands not text", lambda d: d.update(hands=[1, 2])),
    ("bad card", lambda d: d.update(widow="ZZ")),
    ("a card twice", lambda d: d["hands"].__setitem__(0, d["hands"][0].replace("QS", "AS", 1))),
    ("hand too short", lambda d: d["hands"].__setitem__(1, d["hands"][1][3:])),
    ("turn-up not under the stock", lambda d: d.update(turnup="AS")),
    ("another dealer", lambda d: d.update(dealer=0)),
    ("deal number text", lambda d: d.update(deal_number="x")),
]


@pytest.mark.parametrize(("why", "change"), BAD_DEALS, ids=[b[0] for b in BAD_DEALS])
def test_damaged_stacked_deals_are_refused(why: str, change: Any) -> None:
    with pytest.raises(SaveError, match="deal is damaged"):
        game_from_dict(stacked_save(change))


def test_a_game_that_began_later_than_hand_one_saves_how_it_began() -> None:
    """A deal played again from its record starts at its hand number, with the scores and target before
    it; the save (which the computers' worker process reads too) must bring that back."""
    from engine.ai.analysis.worker import decide
    from engine.record import game_at_deal
    from engine.save import SaveError, game_from_dict, game_to_dict

    rules = preset("partnership_auction")
    game = new_game(rules, seed=7)
    players = [RandomPlayer(s) for s in range(4)]
    while len(game.hand_records) < 2:
        game.apply(players[game.to_act or 0].choose(game, game.to_act or 0))
    again = game_at_deal(game.hand_records[1], rules)
    before = game.hand_records[0]["scores_after"]
    assert again.hand_number == 2 and again.scores == before
    again.apply(again.legal_actions()[0])
    data = game_to_dict(again)
    assert data["start"] == {"hand_number": 2, "scores": before, "target": rules.game_target}
    back = game_from_dict(data)
    assert (back.hand_number, back.scores, back.log) == (again.hand_number, again.scores, again.log)
    answer = decide(data, again.to_act or 0, "easy", 1)
    assert again.is_legal(again.action_from_json(answer))  # the worker rebuilt this very game
    assert "start" not in game_to_dict(new_game(rules, seed=7))  # a game from the first hand saves as before
    data["start"] = {"hand_number": 0, "scores": [1, 2], "target": 1500}
    with pytest.raises(SaveError, match="start"):
        game_from_dict(data)


def test_a_game_cut_at_an_action_is_the_game_then() -> None:
    game = new_game(preset("two_hand"), seed=5)
    player = RandomPlayer(5)
    while len(game.log) < 40:
        game.apply(player.choose(game, game.to_act))
    again = new_game(preset("two_hand"), seed=5)
    for action in game.log[:25]:
        again.apply(action)
    cut = game_cut_at(game, 25)
    assert game_to_dict(cut) == game_to_dict(again) and len(game.log) == 40
    assert game_to_dict(game_cut_at(game, 0)) == game_to_dict(new_game(preset("two_hand"), seed=5))
