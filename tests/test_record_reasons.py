"""The computers' reasons (and the seats a person played) in hand records: written by the engine's games,
kept through saves, checked when read."""

from __future__ import annotations

import copy
import json

import pytest

from engine.ai.analysis.hand import decisions_in
from engine.game import new_game
from engine.record import RecordError, check_record, read_records, record_reasons, write_records
from engine.rules import preset
from engine.save import game_from_dict, game_to_dict
from engine.sim import play_game


def played(kinds: list[str], hands: int = 2) -> list[dict]:
    return play_game(new_game(preset("partnership_auction"), seed=5), kinds, 5, hands).hand_records


def test_every_computer_decision_has_its_reason_and_random_seats_none() -> None:
    record = played(["easy", "random", "easy", "random"], 1)[0]
    reasons = record_reasons(record)
    assert reasons and all(text for text in reasons.values())
    easy_seats = {index for index, seat in decisions_in(record) if seat in (0, 2)}  # never the random ones
    assert set(reasons) == easy_seats
    check_record(record)
    assert "humans" not in record


def test_reasons_round_trip_through_a_file(tmp_path) -> None:
    records = played(["easy"] * 4)
    path = tmp_path / "hands.jsonl"
    write_records(path, records, append=False)
    assert read_records(path) == records


def test_records_without_reasons_stay_valid() -> None:
    record = copy.deepcopy(played(["easy"] * 4, 1)[0])
    del record["reasons"]
    check_record(record)


@pytest.mark.parametrize("reasons", [
    "because", [[0]], [[0, 5]], [["0", "x"]], [[3, "b"], [1, "a"]], [[1, "a"], [1, "b"]], [[-1, "a"]], [[999, "a"]],
    [[0, "x" * 3000]],
])
def test_bad_reasons_are_refused(reasons: object) -> None:
    record = copy.deepcopy(played(["easy"] * 4, 1)[0])
    record["reasons"] = reasons
    with pytest.raises(RecordError, match="reason"):
        check_record(record)


@pytest.mark.parametrize("humans", [[0, 0], [4], ["0"], 0, [True]])
def test_bad_humans_are_refused(humans: object) -> None:
    record = copy.deepcopy(played(["easy"] * 4, 1)[0])
    record["humans"] = humans
    with pytest.raises(RecordError, match="humans"):
        check_record(record)


def test_the_seats_a_person_plays_go_into_the_record() -> None:
    game = new_game(preset("two_hand"), seed=2)
    game.humans = (0,)
    record = play_game(game, ["easy", "easy"], 2, 1).hand_records[0]
    assert record["humans"] == [0]
    check_record(record)


def test_a_save_keeps_the_reasons_and_an_undo_cuts_them() -> None:
    game = play_game(new_game(preset("partnership_auction"), seed=5), ["easy"] * 4, 5, 1)
    data = json.loads(json.dumps(game_to_dict(game)))
    again = game_from_dict(data)
    assert again.reasons == game.reasons and again.hand_records == game.hand_records
    cut = len(game.log) - 5
    short = game_from_dict({**data, "actions": data["actions"][:cut], "state": None})
    assert short.reasons == {i: r for i, r in game.reasons.items() if i < cut}
    assert game_to_dict(short)["reasons"] == [[i, r] for i, r in sorted(short.reasons.items())]
