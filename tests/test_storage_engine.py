"""Storage with the real engine: whole games recorded from their hand records, and a game saved
mid-hand, restored through the save file and played on."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from conftest import save_cut_by_a_trick

import engine.game as engine_game
import engine.save as engine_save
from engine.rules import preset
from pinochle_gui.storage import SaveStore, Storage

# Random bidders rarely reach a target, so the auction games are played for two hands.
GAMES = {
    "two_hand": {},
    "three_hand": {"game_target": 0, "game_hands": 2},
    "partnership_turnup": {},
    "partnership_auction": {"game_target": 0, "game_hands": 2},
    "partnership_auction_div10": {},
    "double_deck": {"game_target": 0, "game_hands": 2},
}


def play(game: Any, rng: random.Random, actions: int = 100_000) -> None:
    for _ in range(actions):
        if game.to_act is None:
            return
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_in_the_statistics(tmp_path: Path, name: str) -> None:
    game = engine_game.new_game(preset(name, **GAMES[name]), seed=11)
    play(game, random.Random(11))
    assert game.to_act is None, "the game finished"
    records = game.hand_records
    player = 0
    levels = tuple(None if seat == player else "hard" for seat in range(game.rules.players))
    storage = Storage.open(tmp_path)
    try:
        for record in records:
            assert storage.record_hand(record, player, levels, game_id="first") == []
        assert storage.record_game(records, player, levels, game_id="first") == []
        assert storage.record_game(records, player, levels, demo=True) == []
        assert storage.record_game(records, player, levels, game_id="first") == [], "recorded once"
        summary = storage.stats.summary(variant=records[0]["variant"], level="hard")
        side = game.rules.team_of(player)
        assert summary.hands == len(records) and summary.games == 1
        assert summary.wins == int(records[-1]["winner"] == side)
        assert summary.bids_won == sum(1 for r in records if r.get("declarer") == player)
        assert summary.rating != 1500.0
    finally:
        storage.close()
    db = sqlite3.connect(storage.paths.stats_file)
    total = db.execute("SELECT sum(score_change) FROM hands").fetchone()[0]
    final = db.execute("SELECT player_score FROM games").fetchone()[0]
    db.close()
    assert total == final == records[-1]["scores_after"][side], "the hands add up to the final score"


def test_two_games_from_the_same_seed_are_two_games(tmp_path: Path) -> None:
    storage = Storage.open(tmp_path)
    try:
        for key in ("monday", "tuesday"):
            game = engine_game.new_game(preset("partnership_auction_div10"), seed=3)
            play(game, random.Random(3))
            assert storage.record_game(game.hand_records, 0, (None, "easy", "easy", "easy"), game_id=key) == []
        assert storage.stats.summary().games == 2
        assert storage.stats.summary().hands == 2 * len(game.hand_records)
    finally:
        storage.close()


def test_a_game_saved_mid_hand_is_restored_and_plays_on(tmp_path: Path) -> None:
    game = engine_game.new_game(preset("partnership_auction"), seed=5)
    rng = random.Random(5)
    play(game, rng, actions=37)
    store = SaveStore(tmp_path / "current_game.json")
    assert store.save(engine_save.game_to_dict(game), table={"selected": [1]}) == []
    saved, messages = store.load(restore=engine_save.game_from_dict)
    assert messages == [] and saved is not None
    restored = saved.restored
    assert engine_save.game_to_dict(restored) == engine_save.game_to_dict(game)
    action = random.Random(1).choice(game.legal_actions())
    game.apply(action)
    restored.apply(action)
    assert engine_save.game_to_dict(restored) == engine_save.game_to_dict(game)


def test_a_tampered_engine_state_is_kept_aside(tmp_path: Path) -> None:
    game = engine_game.new_game(preset("two_hand"), seed=2)
    play(game, random.Random(2), actions=9)
    state = engine_save.game_to_dict(game)
    state["actions"] = state["actions"][:3] + [["nonsense"]] + state["actions"][3:]
    store = SaveStore(tmp_path / "current_game.json")
    store.save(state)
    saved, messages = store.load(restore=engine_save.game_from_dict)
    assert saved is None and "cannot be continued" in messages[0].text
    assert len(list(tmp_path.glob("current_game.json.bad-*"))) == 1


def test_a_save_cut_by_a_trick_is_kept_aside_with_the_usual_message(tmp_path: Path) -> None:
    _, cut = save_cut_by_a_trick()
    store = SaveStore(tmp_path / "current_game.json")
    store.save(cut)
    saved, messages = store.load(restore=engine_save.game_from_dict)
    assert saved is None and "cannot be continued" in messages[0].text and "state it records" in messages[0].text
    assert len(list(tmp_path.glob("current_game.json.bad-*"))) == 1 and not store.exists()
