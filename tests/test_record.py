"""Hand records (docs/records.md): written, read back, replayed; every kind of bad record refused."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import play_out, stacked_game

from engine.game import new_game
from engine.record import (
    FORMAT,
    MAX_DEPTH,
    MAX_DIGITS,
    RecordError,
    check_record,
    read_json,
    read_records,
    write_records,
)
from engine.rules import PRESET_NAMES, PRESETS, preset


def records(name: str = "partnership_auction", seed: int = 5, hands: int = 2) -> list[dict[str, Any]]:
    game = new_game(preset(name), seed=seed)
    play_out(game, lambda g: next(a for a in g.legal_actions() if str(a) != "declare out"), hands=hands)
    return game.hand_records


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_writes_records_that_read_back_and_replay(name: str, tmp_path: Path) -> None:
    written = records(name)
    path = tmp_path / "hands.jsonl"
    write_records(path, written, append=False)
    write_records(path, written[:1])
    back = read_records(path)
    assert back == json.loads(json.dumps(written + written[:1]))
    record = back[0]
    assert record["format"] == FORMAT and record["variant"] == name
    assert record["rules"] == preset(name).to_dict()
    for key in ("game_id", "hand_number", "seed", "seats", "teams", "dealer", "players", "deal", "trump", "melds",
                "tricks", "trick_points", "meld_counted", "score_delta", "scores_after", "game_over", "winner",
                "thrown_in", "went_set", "actions"):
        assert key in record, key
    rules = preset(name)
    if rules.auction:
        assert {"bids", "declarer", "bid"} <= set(record)
    if rules.widow_size:
        assert {"widow", "buried"} <= set(record)
    if rules.trump_by == "stock":
        assert len(record["stock"].split()) == 24 and record["stock"].split()[-1] == record["turnup"]
    if rules.trump_by == "turnup":
        assert record["deal"][record["dealer"]].split()[-1] == record["turnup"]


def test_the_variant_type_names_every_preset() -> None:
    assert PRESET_NAMES == tuple(PRESETS)


def test_blank_lines_are_skipped_and_replay_can_be_left_out(tmp_path: Path) -> None:
    record = records()[0]
    path = tmp_path / "a.jsonl"
    path.write_text("\n" + json.dumps(record) + "\n\n", encoding="utf-8")
    assert len(read_records(path)) == 1
    bare = {k: v for k, v in record.items() if k != "actions"}
    check_record(bare, replay=False)
    with pytest.raises(RecordError, match="no actions"):
        check_record(bare)


def broken(change: Any) -> dict[str, Any]:
    record = copy.deepcopy(records()[1])
    change(record)
    return record


BAD: list[tuple[str, Any, str]] = [
    ("empty object", lambda r: r.clear(), "unknown record format"),
    ("newer format", lambda r: r.update(format=2), "unknown record format"),
    ("no format", lambda r: r.pop("format"), "unknown record format"),
    ("missing tricks", lambda r: r.pop("tricks"), "missing field"),
    ("bad rules", lambda r: r["rules"].update(min_bid="x"), "bad rules"),
    ("unknown option", lambda r: r["rules"].update(colour="red"), "bad rules"),
    ("unknown variant", lambda r: r["rules"].update(variant="bridge"), "bad rules"),
    ("variant mismatch", lambda r: r.update(variant="three_hand"), "does not match its rules"),
    ("seats", lambda r: r.update(seats=3), "seats or teams"),
    ("teams", lambda r: r.update(teams=[[0, 1], [2, 3]]), "seats or teams"),
    ("dealer", lambda r: r.update(dealer=4), "bad dealer"),
    ("dealer type", lambda r: r.update(dealer="3"), "bad dealer"),
    ("deal length", lambda r: r["deal"].pop(), "one hand per seat"),
    ("deal type", lambda r: r.update(deal="AS"), "one hand per seat"),
    ("bad card", lambda r: r["deal"].__setitem__(0, "ZZ " + r["deal"][0]), "bad card"),
    ("hand not text", lambda r: r["deal"].__setitem__(0, 12), "bad card"),
    ("short hand", lambda r: r["deal"].__setitem__(0, r["deal"][0][3:]), "dealt 12 cards"),
    ("other deal", lambda r: r["deal"].__setitem__(0, " ".join(reversed(r["deal"][0].split()))), "deal number"),
    ("other seed", lambda r: r.update(seed=r["seed"] + 1), "deal number"),
    ("illegal action", lambda r: r["actions"].insert(0, "play AS"), "do not replay"),
    ("bad action", lambda r: r["actions"].insert(0, "jump"), "do not replay"),
    ("extra action", lambda r: r["actions"].append("pass"), "after the hand ended"),
    ("short actions", lambda r: r["actions"].pop(), "do not finish"),
    ("changed result", lambda r: r.update(score_delta=[d + 10 for d in r["score_delta"]]), "does not match"),
    ("changed trick", lambda r: r["tricks"][0].update(winner=(r["tricks"][0]["winner"] + 1) % 4), "tricks"),
    ("changed bids", lambda r: r.update(bids=[]), "bids"),
    ("actions not a list", lambda r: r.update(actions=7), "actions"),
    ("scores not a list", lambda r: r.update(scores_after=5, score_delta=3), "scores"),
    ("scores not numbers", lambda r: r.update(scores_after=["a", "b"]), "scores"),
    ("seed not a number", lambda r: r.update(seed=[1]), "seed"),
    ("hand number", lambda r: r.update(hand_number=0), "hand_number"),
    ("target not a number", lambda r: r.update(target="high"), "target"),
]


@pytest.mark.parametrize(("why", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_records_are_refused(why: str, change: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        check_record(broken(change))


#: Fields the app reads, each damaged: refused by the check alone, before any replay.
BAD_SHAPES: list[tuple[str, Any, str]] = [
    ("meld item points as text", lambda r: r["melds"][0]["items"].append(["pinochle", "40", "QS JD"]), "bad melds"),
    ("meld entry without seat", lambda r: r["melds"][0].pop("seat"), "bad melds"),
    ("trick play of three", lambda r: r["tricks"][0]["plays"][0].append("AS"), "bad tricks"),
    ("trick winner as text", lambda r: r["tricks"][0].update(winner="0"), "bad tricks"),
    ("bid in words", lambda r: r["bids"][0].__setitem__(1, "double"), "bad bids"),
    ("pass to a name", lambda r: r["passes"][0].update(to="partner"), "bad passes"),
    ("made as text", lambda r: r.update(made="yes"), "bad made"),
    ("meld counted as numbers", lambda r: r.update(meld_counted=[1, 0]), "bad meld_counted"),
    ("action a number", lambda r: r["actions"].append(7), "bad actions"),
    ("declarer as text", lambda r: r.update(declarer="North"), "bad declarer"),
]


@pytest.mark.parametrize(("why", "change", "message"), BAD_SHAPES, ids=[b[0] for b in BAD_SHAPES])
def test_a_field_of_the_wrong_shape_is_refused_without_replay(why: str, change: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        check_record(broken(change), replay=False)


def test_the_check_hands_back_the_record_it_checked() -> None:
    record = records()[1]
    assert check_record(record) is record
    assert check_record(record, replay=False) is record


def test_a_record_that_is_not_an_object() -> None:
    for value in ([], "hand", 3, None):
        with pytest.raises(RecordError, match="JSON object"):
            check_record(value)


def test_read_records_names_the_line(tmp_path: Path) -> None:
    good = json.dumps(records()[0])
    path = tmp_path / "bad.jsonl"
    path.write_text(good + "\n{not json\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad.jsonl:2: not JSON"):
        read_records(path)
    path.write_text(good + "\n" + good.replace('"format": 1', '"format": 9') + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r":2: unknown record format 9"):
        read_records(path)
    path.write_text("[" + "0," * 600_000 + "0]\n", encoding="utf-8")
    with pytest.raises(RecordError, match="too long"):
        read_records(path)
    path.write_bytes(b"\xff\xfe not text\n")
    with pytest.raises(RecordError, match="not UTF-8"):
        read_records(path)


# Text from outside, as an audit found it could break the readers: each refused with RecordError and why.
UNTRUSTED_JSON = [
    ("nested 100,000 deep (a RecursionError)", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("an object nested 100,000 deep", '{"a":' * 100_000 + "0" + "}" * 100_000, "nested too deeply"),
    ("nested one deeper than a record may", "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested too deeply"),
    ("a 5,000-digit number (int's digit limit)", '{"format": ' + "7" * 5000 + "}", "5,000 digits"),
    ("a number one digit too long", "-" + "9" * (MAX_DIGITS + 1), "31 digits"),
    ("NaN", '{"seed": NaN}', "NaN is not a number"),
    ("Infinity", "[-Infinity]", "-Infinity is not a number"),
    ("a lone surrogate", '{"players": ["\\udc80"]}', "not Unicode"),
    ("not JSON", "{format: 1}", "not JSON"),
]


@pytest.mark.parametrize(("why", "text", "message"), UNTRUSTED_JSON, ids=[u[0] for u in UNTRUSTED_JSON])
def test_json_from_outside_is_read_or_refused_with_record_error(why: str, text: str, message: str,
                                                                tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=message):
        read_json(text)
    path = tmp_path / "hands.jsonl"
    path.write_text(json.dumps(records()[0]) + "\n" + text + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=f"hands.jsonl:2: .*{message}"):
        read_records(path)


def test_json_as_deep_as_a_record_may_be_and_numbers_as_long_are_read() -> None:
    deepest = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert read_json(deepest) == json.loads(deepest)
    assert read_json("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert read_json('{"players": ["Ren\u00e9e", "\u2660"], "bid": -250, "cost": 1.5}') == {
        "players": ["Renée", "♠"], "bid": -250, "cost": 1.5}
    with pytest.raises(RecordError, match="not text"):
        read_json(b"{}")
    with pytest.raises(RecordError, match="not JSON"):
        read_json("")


def test_json_that_is_not_an_object_is_no_record(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    for text in ("[1, 2]", '"hand"', "5", "null"):
        path.write_text(text + "\n", encoding="utf-8")
        with pytest.raises(RecordError, match="hands.jsonl:1: a hand record is a JSON object"):
            read_records(path)


def test_a_line_longer_than_a_record_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text("x" * 5_000_000, encoding="utf-8")  # no line end at all
    with pytest.raises(RecordError, match="hands.jsonl:1: line too long"):
        read_records(path)


@pytest.mark.parametrize("name", ["two_hand", "partnership_turnup"])
def test_a_hand_declared_out_in_a_later_hand_replays(name: str) -> None:
    game = new_game(preset(name), seed=6)
    play_out(game, lambda g: next(a for a in g.legal_actions() if str(a) != "declare out"))
    assert game.hand_number == 2 and game.scores != [0, 0]
    tricks = 0
    while tricks < 3:  # lay every meld offered, then claim after three tricks
        actions = game.legal_actions()
        melds = [a for a in actions if str(a).startswith("meld")]
        before = len(game.hand.tricks)
        game.apply(melds[0] if melds else next(a for a in actions if str(a) != "declare out"))
        tricks += len(game.hand.tricks) - before
    while str(game.legal_actions()[-1]) != "declare out":
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[-1])
    record = game.hand_records[-1]
    assert record["declared_out"]["seat"] in (0, 1, 2, 3) and record["game_over"]
    assert [a + d for a, d in zip(game.hand_records[0]["scores_after"], record["score_delta"], strict=True)] == \
        record["scores_after"]
    check_record(record)


def stacked_record() -> dict[str, Any]:
    game = stacked_game(preset("three_hand"), ["AS AS TS", "", ""], widow="AD TD KD", scores=[100, 0, 50])
    play_out(game, lambda g: g.legal_actions()[0])
    return game.hand_records[0]


def test_a_stacked_hand_replays_from_its_own_cards() -> None:
    record = stacked_record()
    assert record["stacked"] is True and record["widow"] == "AD TD KD" and record["deal"][0].startswith("AS AS TS")
    check_record(record)
    check_record(json.loads(json.dumps(record)))


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.pop("stacked"), "deal number"),
    (lambda r: r.update(widow="AD TD AD"), "bad stacked deal"),
    (lambda r: r.update(widow="AD TD"), "bad stacked deal"),
    (lambda r: r.update(stock="KS"), "bad stacked deal"),
    (lambda r: r.update(turnup="KS"), "bad stacked deal"),
    (lambda r: r.update(score_delta=[0, 0, 0]), "does not match"),
])
def test_a_damaged_stacked_record_is_refused(change: Any, message: str) -> None:
    record = stacked_record()
    change(record)
    with pytest.raises(RecordError, match=message):
        check_record(record)
