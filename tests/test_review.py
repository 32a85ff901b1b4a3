"""The hand review (engine/review.py): every preset's hand told again step by step from its record."""

from __future__ import annotations

import copy
import re
from collections import Counter
from functools import cache
from typing import Any

import pytest
from conftest import fast_where

from engine.ai.analysis.hand import decisions_in
from engine.game import new_game
from engine.record import RecordError
from engine.review import Step, review_steps, second_person
from engine.rules import PRESETS, preset
from engine.sim import play_game

CODE = re.compile(r"\b[9JQKTA][SHDC]\b")


@cache
def records(variant: str, seeds: int = 4) -> tuple[dict[str, Any], ...]:
    rules = preset(variant)
    found: list[dict[str, Any]] = []
    for seed in range(1, seeds + 1):
        found += play_game(new_game(rules, seed=seed), ["random"] * rules.players, seed, 3).hand_records
    return tuple(found)


def played(variant: str) -> dict[str, Any]:
    """A hand of ``variant`` played out trick by trick."""
    return next(r for r in records(variant) if r["tricks"] and not r.get("declared_out"))


def cards_held(step: Step, seat: int) -> int:
    return len(step.hands[seat]) + len(step.laid[seat])


@pytest.mark.parametrize("variant", fast_where(sorted(PRESETS), ["partnership_auction", "two_hand"]))
def test_every_hand_replays_to_its_trick_points(variant: str) -> None:
    for record in records(variant):
        steps = review_steps(record)
        first = steps[0]
        assert first.kind == "deal"
        assert sorted(map(str, sum(first.hands, ()))) == sorted(" ".join(record["deal"]).split())
        assert steps[-1].kind == "hand_scored"
        assert list(steps[-1].points) == record["trick_points"]
        assert steps[-1].tricks_done == len(record["tricks"])
        assert not [s.text for s in steps if CODE.search(s.text)]  # cards are shown, never named by code


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_hands_shrink_as_cards_are_played(variant: str) -> None:
    record = played(variant)
    steps = review_steps(record)
    plays = [(before, after) for before, after in zip(steps, steps[1:], strict=False) if after.kind == "play"]
    assert len(plays) == sum(len(t["plays"]) for t in record["tricks"])
    for before, after in plays:
        assert after.seat is not None
        assert cards_held(after, after.seat) == cards_held(before, after.seat) - 1
        assert after.trick[-1][0] == after.seat
    # every trick's winner and cards are the record's
    tricks = [s for s in steps if s.kind == "trick"]
    assert [s.seat for s in tricks] == [t["winner"] for t in record["tricks"]]
    assert [[[seat, str(c)] for seat, c in s.trick] for s in tricks] == [t["plays"] for t in record["tricks"]]
    running = [sum(s.points) for s in tricks]
    assert running == sorted(running) and running[-1] > 0


def test_partnership_auction_passes_four_cards_both_ways() -> None:
    record = played("partnership_auction")
    steps = review_steps(record)
    passes = [s for s in steps if s.kind == "pass_cards"]
    assert [len(s.shown) for s in passes] == [4, 4]
    declarer = record["declarer"]
    partner = (declarer + 2) % 4
    assert passes[0].seat == partner and passes[1].seat == declarer
    assert [len(h) for h in passes[1].hands] == [12, 12, 12, 12]
    after_first = passes[0].hands
    assert len(after_first[partner]) == 8 and len(after_first[declarer]) == 16
    assert steps[[s.kind for s in steps].index("auction_won")].contract == (declarer, record["bid"])


def test_three_hand_widow_joins_the_declarer_and_three_are_buried() -> None:
    record = next(r for r in records("three_hand") if r["tricks"])
    steps = review_steps(record)
    declarer = record["declarer"]
    assert steps[0].shown_label == "Widow" and len(steps[0].shown) == 3
    widow = next(s for s in steps if s.kind == "widow")
    assert [len(h) for h in widow.hands] == [18 if seat == declarer else 15 for seat in range(3)]
    bury = next(s for s in steps if s.kind == "bury")
    assert sorted(map(str, bury.shown)) == sorted(record["buried"].split())
    assert [len(h) for h in bury.hands] == [15, 15, 15]
    assert "buried cards count" in steps[-1].text


def test_two_hand_draws_and_meld_laid_on_the_table() -> None:
    hands = records("two_hand")
    record = next(r for r in hands if any("trick" in m and m["items"][0][0] != "dix" for m in r["melds"]))
    steps = review_steps(record)
    draws = [s for s in steps if s.kind == "draw"]
    assert len(draws) == 2 * sum(1 for t in record["tricks"] if "draws" in t) == 24  # 48 - 2 x 12 dealt
    assert [[s.seat, str(s.shown[0])] for s in draws] == [d for t in record["tricks"] for d in t.get("draws", [])]
    laid = next(s for s in steps if s.kind == "lay_meld" and s.laid[s.seat or 0])
    assert len(laid.laid[laid.seat or 0]) > 0
    # while the stock lasts each player holds 12 cards, counting the meld on the table
    assert all(cards_held(s, seat) == 12 for s in draws[1::2] for seat in (0, 1))
    back = next(s for s in steps if s.kind == "melds_return")
    assert back.laid == ((), ()) and [len(h) for h in back.hands] == [12, 12]


def test_turn_up_dix_exchange_moves_the_cards() -> None:
    record = next(r for r in records("partnership_turnup", 8) if r.get("dix_exchanges"))
    steps = review_steps(record)
    seat, dix, taken = record["dix_exchanges"][0]
    step = next(s for s in steps if s.kind == "dix_exchange")
    before = steps[steps.index(step) - 1]
    dealer = record["dealer"]
    assert [str(c) for c in step.shown] == [dix, taken]
    gained = Counter(map(str, step.hands[seat])) - Counter(map(str, before.hands[seat]))
    assert list(gained) == [taken]
    assert Counter(map(str, step.hands[dealer]))[dix] == Counter(map(str, before.hands[dealer]))[dix] + 1


def test_a_record_that_tells_another_hand_is_refused() -> None:
    record = copy.deepcopy(played("partnership_auction"))
    record["trick_points"] = [record["trick_points"][1], record["trick_points"][0] + 1]
    with pytest.raises(RecordError):
        review_steps(record)
    with pytest.raises(RecordError, match="format"):
        review_steps({"format": 99})
    with pytest.raises(RecordError):
        review_steps([])  # type: ignore[arg-type]


def test_the_player_named_you_is_spoken_to() -> None:
    from engine.review import second_person

    said = ("You plays", "You passes and shows help for partner", "You's side has 40 meld and cannot make 250",
            "West plays", "Youssef bids 250")
    assert [second_person(t) for t in said] == [
        "You play", "You pass and show help for partner", "Your side has 40 meld and cannot make 250",
        "West plays", "Youssef bids 250"]


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_decision_has_its_step(variant: str) -> None:
    """Every real decision of a hand (the ones the analysis values) is the first thing of a step, a choice
    no event tells too: a two-handed "no meld", a dix kept."""
    rules = preset(variant)
    told: set[str] = set()
    for seed in (1, 2):
        for record in play_game(new_game(rules, seed=seed), ["random"] * rules.players, seed, 1).hand_records:
            steps = review_steps(record)
            at = {s.action_index: s for s in steps if s.action_index is not None}
            for index, _seat in decisions_in(record):
                assert index in at, (variant, seed, index, record["actions"][index])
                told.add(at[index].text)
    if variant == "two_hand":
        assert any(text.endswith(" lays no meld") for text in told), told


def test_you_keeps_a_capital_only_to_open_a_step() -> None:
    assert second_person("Hand 2, dealt by You") == "Hand 2, dealt by you"
    assert second_person("North passes 3 cards to You") == "North passes 3 cards to you"
    assert second_person("You's side has 40 meld and cannot make 300: set without play") == \
        "Your side has 40 meld and cannot make 300: set without play"
    assert second_person("You lays no meld") == "You lay no meld"
