"""Fuzzing saves and hand records: a genuine save or record of every preset, damaged at random.

Whatever the damage (a key deleted, a value of another type, ``None``, a number out of range, a list
cut short, two cards swapped, a card replaced by another or by nonsense), reading it either refuses
it with :class:`SaveError` / :class:`RecordError` or gives something consistent: a save that still
restores saves again to a save that restores to the same game, and a record that still passes its
check passes it again. No other exception may escape.

Each test runs a few hundred damaged copies per preset, derandomized, so the run is the same every
time (``derandomize=True``, no example database).
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.cards import CARDS
from engine.deal import deal_cards
from engine.game import Game, new_game
from engine.players import RandomPlayer
from engine.record import RecordError, check_record
from engine.rules import PRESETS, preset
from engine.save import SaveError, game_from_dict, game_to_dict

EXAMPLES = 500  # per preset and per kind of file: 6 presets x 2 kinds x 500 = 6000 damaged files

FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ENVELOPE = ("kind", "format")  # what says which file this is; damaging it is refused at the first check
CARD_WORDS = [str(c) for c in CARDS]
NONSENSE_WORDS = ["", "XX", "10H", "AS AS", "1S", "ZZ", "as", "bid 250", "pass", "play AS", "None", "-1", "AH TH KH"]

# Values that replace a part of a file: every JSON type, and the values most likely to be taken for
# something else (card codes, -1, 0, seat numbers, card text, huge numbers).
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([0, 1, -1, 2, 3, 4, 5, 7, 23, 24, 250, 10**6, 2**63, -(2**63), 10**30]),
    st.integers(-100, 100),
    st.sampled_from([0.5, 1.0, float("nan"), float("inf")]),
    st.sampled_from(CARD_WORDS + NONSENSE_WORDS),
    st.text(max_size=6),
    st.sampled_from([[], [5], ["AS"], [None], [0, 1], {}, {"meld": "run"}, {"a": 1}, [[0, "pass"]], [[]]]),
    st.lists(st.sampled_from(CARD_WORDS), max_size=3),
)


def _played(name: str, stacked: bool) -> Game:
    rules = preset(name)
    if stacked:  # a first deal given card by card: the save and the record carry the cards themselves
        game = Game.for_deal(rules, deal_cards(rules, dealer=1, deal_number=77), seed=3)
    else:
        game = new_game(rules, seed=11)
    players = [RandomPlayer(5 + s) for s in range(rules.players)]
    steps = 0
    while not game.is_over and steps < 90 and not (stacked and game.hand_records):
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
        steps += 1
    return game


@functools.cache
def _genuine_saves(name: str) -> tuple[str, ...]:
    # The stacked one twice as often: its deal (hands, widow, stock, turn-up) is read from the save.
    return tuple(json.dumps(game_to_dict(_played(name, stacked))) for stacked in (False, True, True))


@functools.cache
def _genuine_records(name: str) -> tuple[str, ...]:
    plain, stacked = (json.dumps(_played(name, s).hand_records[0]) for s in (False, True))
    return plain, stacked, stacked


def _damage_text(data: st.DataObject, text: str) -> str:
    """A string of cards (or an action) with one word changed, dropped, doubled or swapped."""
    words = text.split()
    how = data.draw(st.sampled_from(["replace", "drop", "double", "swap", "whole"]))
    if how == "whole" or not words:
        return data.draw(st.sampled_from(CARD_WORDS + NONSENSE_WORDS))
    i = data.draw(st.integers(0, len(words) - 1))
    if how == "replace":
        words[i] = data.draw(st.sampled_from(CARD_WORDS + NONSENSE_WORDS))
    elif how == "drop":
        del words[i]
    elif how == "double":
        words.insert(i, words[i])
    else:
        j = data.draw(st.integers(0, len(words) - 1))
        words[i], words[j] = words[j], words[i]
    return " ".join(words)


def _damage(data: st.DataObject, node: Any, depth: int = 0) -> Any:
    """``node`` with one random part damaged: walk down at random, then change what is there (the
    whole file only now and then: most damage is inside)."""
    # (Hypothesis favours the ends of a range, so the rare choices are values in the middle.)
    stop = data.draw(st.integers(0, 49)) == 25 if depth == 0 else data.draw(st.integers(0, 9)) in (4, 5)
    if isinstance(node, (dict, list)) and node and not stop:
        keys = sorted(node) if isinstance(node, dict) else list(range(len(node)))
        if depth == 0 and isinstance(node, dict) and data.draw(st.integers(0, 19)) != 10:
            keys = [k for k in keys if k not in ENVELOPE] or keys  # refused at once: now and then only
        key = data.draw(st.sampled_from(keys))
        if data.draw(st.integers(0, 9)) == 5:
            del node[key]
        else:
            node[key] = _damage(data, node[key], depth + 1)
        return node
    how = data.draw(st.sampled_from(["value", "value", "text", "truncate", "swap"]))
    if how == "text" and isinstance(node, str):
        return _damage_text(data, node)
    if how == "truncate" and isinstance(node, list):
        return node[:data.draw(st.integers(0, len(node)))]
    if how == "swap" and isinstance(node, list) and len(node) > 1:
        i, j = data.draw(st.integers(0, len(node) - 1)), data.draw(st.integers(0, len(node) - 1))
        node[i], node[j] = node[j], node[i]
        return node
    return copy.deepcopy(data.draw(VALUES))  # never a shared list a later damage would change in place


def _damaged(data: st.DataObject, genuine: tuple[str, ...]) -> Any:
    document = json.loads(data.draw(st.sampled_from(genuine)))
    for _ in range(data.draw(st.integers(1, 3))):
        document = _damage(data, document)
    return document


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
@FUZZ
@given(data=st.data())
def test_a_damaged_save_is_refused_with_save_error_or_restores_consistently(name: str, data: st.DataObject) -> None:
    saved = _damaged(data, _genuine_saves(name))
    try:
        game = game_from_dict(copy.deepcopy(saved))
    except SaveError as err:
        message = str(err)
        assert message and "Traceback" not in message and "object at 0x" not in message
        event(f"refused: {message[:32]}")  # --hypothesis-show-statistics: what the damage came to
        return
    event("restored")
    again = game_to_dict(game)
    assert game_to_dict(game_from_dict(again)) == again


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
@FUZZ
@given(data=st.data())
def test_a_damaged_record_is_refused_with_record_error_or_checks_again(name: str, data: st.DataObject) -> None:
    record = _damaged(data, _genuine_records(name))
    try:
        check_record(copy.deepcopy(record))
    except RecordError as err:
        message = str(err)
        assert message and "Traceback" not in message and "object at 0x" not in message
        event(f"refused: {message[:32]}")
        return
    event("checked")
    check_record(record, replay=False)
    check_record(record)
