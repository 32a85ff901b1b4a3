"""Practise your mistakes (:mod:`engine.ai.analysis.drills`): a costly decision of the player's chosen again is graded
from the review's own values, so the drill says what the review said: the same cost and grade for the choice made, the
best found where the review's best is chosen, and each other choice's cost as the review's values give it."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest

from engine.actions import Play
from engine.ai.analysis.advice import ANALYSIS_LEVELS
from engine.ai.analysis.drills import (
    Drill,
    drills_in,
    grade_choice,
    is_drill,
    reason_against,
    value_choice,
    verdict_words,
)
from engine.ai.analysis.hand import COSTLY, DecisionReview, Grade, decisions_in, game_before, review_at, review_decision
from engine.ai.analysis.hand_json import review_from_json, review_to_json
from engine.ai.analysis.words import reason_for
from engine.game import new_game
from engine.record import HandRecord
from engine.rules import preset
from engine.sim import play_game
from pinochle_gui.storage import DrillKey, DrillProgress, Storage, StoredDrill

#: A three-handed hand the player (seat 0) played at random, and the search that values it (medium: quick).
LEVEL = ANALYSIS_LEVELS["medium"]


def players_hand(variant: str = "three_hand", seed: int = 1) -> HandRecord:
    game = new_game(preset(variant), seed=seed)
    game.humans = (0,)
    game.players = ["You", "West", "North", "East"][: game.rules.players]
    return play_game(game, ["random"] + ["easy"] * (game.rules.players - 1), seed, 1).hand_records[0]


@cache
def costly_card(variant: str = "three_hand", seed: int = 1) -> tuple[HandRecord, DecisionReview]:
    """The player's last costly card of the hand (the last tricks are quick to value), as the review grades it."""
    record = players_hand(variant, seed)
    for index, seat in reversed(decisions_in(record)):
        if seat == 0:
            review = review_decision(record, index, 0, level=LEVEL, every_card=False, viewer=0)
            if review.costly:
                return record, review
    raise AssertionError("no costly card of the player's in the hand")


def test_the_review_values_every_choice_as_it_would_have_graded_it() -> None:
    record, review = costly_card()
    assert review.choices and review.choices[0].cost == 0.0  # best first: the advice
    words = [c.words for c in review.choices]
    game, _made = game_before(record, review.action_index)
    assert len(words) == len(set(words)) == len([a for a in game.legal_actions() if isinstance(a, Play)])
    shown = {a.action: a.value for a in (review.chosen, *review.best)}  # what the review's notes show
    for choice in review.choices:
        assert choice.value == shown.get(choice.words, choice.value)
        assert choice.cost == round(max(0.0, review.choices[0].value - choice.value), 1)
    assert review_from_json(review_to_json(review)) == review
    older = review_to_json(review)
    del older["choices"]  # an analysis saved before the choices were kept reads back without them
    assert review_from_json(older).choices == () and not is_drill(review_from_json(older), 0)


def test_a_drill_grades_each_choice_with_the_reviews_numbers() -> None:
    record, review = costly_card()
    [drill] = [d for d in drills_in(record, [review], 0)]
    assert drill == Drill(record, review) and drill.played.words == review.chosen.action
    again = grade_choice(drill, review.chosen.action)  # the choice made: the review's very verdict
    assert (again.grade, again.choice.cost, again.choice.error) == (review.grade, review.cost, review.error)
    assert again.grade in COSTLY and not again.solved and again.gain == 0
    found = grade_choice(drill, review.best[0].action)  # the review's best: found, worth the review's cost more
    assert found.found_best and found.solved and found.gain == review.cost
    assert found.grade in (Grade.BEST, Grade.GOOD)
    assert verdict_words(found) == f"You found the best: {review.best[0].action}, worth about {review.cost:.0f} more " \
                                   f"than your {review.chosen.action} in the hand"
    for alternative in review.best[1:]:  # the others the review showed cost what its values say
        verdict = grade_choice(drill, alternative.action)
        assert verdict.choice.cost == round(review.best[0].value - alternative.value, 1)
        assert verdict.gain == round(review.cost - verdict.choice.cost, 1)
    with pytest.raises(ValueError):
        grade_choice(drill, "Bid 990")


def test_why_the_best_was_better_is_said_in_the_analysis_words() -> None:
    record, review = costly_card()
    drill = Drill(record, review)
    assert reason_against(drill, review.chosen.action) == review.reason  # the review's own sentence
    assert reason_against(drill, drill.best.words) == ""
    other = next(c for c in review.choices if c not in (drill.best, drill.played))
    game, _made = game_before(record, review.action_index)
    values = {game.action_from_json(c.action): c.value for c in review.choices}
    expected = reason_for(game, 0, game.action_from_json(other.action), game.action_from_json(drill.best.action),
                          values, review.kind, drill.best.words, 0)
    assert reason_against(drill, other.words) == expected
    assert "You " not in expected and "You's" not in expected


def test_a_choice_the_analysis_did_not_value_is_valued_as_the_review_would_have() -> None:
    """A pass, a return or a bury of other cards picked on the hand is reviewed at the drill's position with the
    same seed and search: graded as the review grades the choice it reviews (here a card left out of the values)."""
    record, review = costly_card()
    other = next(c for c in review.choices[1:] if c.words != review.chosen.action)
    missing = Drill(record, dataclasses.replace(review, choices=tuple(c for c in review.choices if c != other)))
    assert missing.choice(other.words) is None
    valued = value_choice(missing, other.action, 0, LEVEL)
    game, _made = game_before(record, review.action_index)
    as_made = review_at(game, game.action_from_json(other.action), review.action_index, 0, LEVEL, every_card=False,
                        viewer=0)
    verdict = grade_choice(valued, other.words)
    assert (verdict.grade, verdict.choice.cost, verdict.choice.error) == (as_made.grade, as_made.cost, as_made.error)
    assert value_choice(valued, other.action, 0, LEVEL) == valued  # valued once
    with pytest.raises(ValueError):
        value_choice(valued, "bid 990", 0, LEVEL)


def test_only_the_players_costly_decisions_with_their_values_make_drills() -> None:
    record, review = costly_card()
    assert drills_in(record, [review], 1) == []  # another seat's
    sound = dataclasses.replace(review, grade=Grade.INACCURACY, costly=False)
    assert drills_in(record, [sound], 0) == []
    assert drills_in(record, [dataclasses.replace(review, choices=())], 0) == []


# -- kept in the statistics ---------------------------------------------------------------------------------------


def stored_hand(home: Path) -> tuple[Storage, HandRecord, DecisionReview]:
    """A storage under ``home`` holding the player's hand (its statistics row, its record) and its costly card."""
    record, review = costly_card()
    storage = Storage.open(home)
    assert storage.record_hand(record, 0, [None, "easy", "hard"], game_id="g1") == []
    assert storage.stats.keep_hand_record("g1", record) == []
    return storage, record, review


def test_the_costly_decisions_are_kept_with_their_progress(tmp_path: Path) -> None:
    storage, record, review = stored_hand(tmp_path)
    drills = storage.drills
    assert drills.progress() == DrillProgress(0, 0) and drills.progress().words == "Drills: none yet"
    sound = dataclasses.replace(review, action_index=review.action_index - 1, grade=Grade.GOOD, costly=False)
    assert drills.keep("g1", record, "mixed", 0, [review, sound]) == []
    [kept] = drills.drills()
    key = DrillKey("g1", record["hand_number"], review.action_index)
    assert kept.recorded_at > 0
    assert kept == StoredDrill(key, Drill(record, review), "three_hand", (None, "easy", "hard"),
                               recorded_at=kept.recorded_at)
    assert drills.keep("g1", record, "mixed", 0, [review]) == []  # kept once
    assert drills.attempted(key, False) == [] and drills.drills()[0].attempts == 1
    assert not drills.drills()[0].solved and drills.progress().words == "Drills: 0 of 1 solved"
    assert drills.attempted(key, True) == [] and drills.attempted(key, False) == []  # once solved, solved
    assert (drills.drills()[0].attempts, drills.drills()[0].solved) == (3, True)
    assert drills.progress() == DrillProgress(1, 1) and drills.progress().words == "Drills: 1 of 1 solved"
    assert drills.progress("two_hand").total == 0 and drills.progress("three_hand", "mixed").total == 1
    assert drills.find([key]) == {key: drills.drills()[0]}
    storage.close()
    again = Storage.open(tmp_path)  # the same after the app is closed
    assert again.drills.progress() == DrillProgress(1, 1)
    assert again.stats.reset() == [] and again.drills.drills() == []
    again.close()


def test_a_drill_that_does_not_read_back_is_left_out(tmp_path: Path) -> None:
    storage, record, review = stored_hand(tmp_path)
    later = dataclasses.replace(review, action_index=review.action_index + 1)
    assert storage.drills.keep("g1", record, "easy", 0, [review, later]) == []
    db = storage.stats.connection
    assert db is not None
    db.execute("UPDATE drills SET review = '{\"seat\": 0' WHERE action_index = ?", (later.action_index,))
    assert [d.key.action_index for d in storage.drills.drills()] == [review.action_index]
    db.execute("UPDATE drills SET review = '[1, 2]'")
    assert storage.drills.drills() == []
    storage.close()


def test_a_damaged_statistics_file_is_set_aside_and_the_drills_start_empty(tmp_path: Path) -> None:
    storage, record, review = stored_hand(tmp_path)
    assert storage.drills.keep("g1", record, "easy", 0, [review]) == []
    path = storage.stats.path
    storage.close()
    path.write_bytes(b"this is no database" * 100)
    for companion in (Path(f"{path}-wal"), Path(f"{path}-shm")):
        companion.unlink(missing_ok=True)
    again = Storage.open(tmp_path)
    assert any("kept as" in m.text and m.level == "warning" for m in again.messages), again.messages
    assert again.drills.drills() == [] and again.drills.progress() == DrillProgress(0, 0)
    [backup] = [p for p in path.parent.glob(f"{path.name}.bad-*") if not p.name.endswith(("-wal", "-shm"))]
    assert backup.read_bytes().startswith(b"this is no database")
    assert again.drills.keep("g1", record, "easy", 0, [review]) == []  # and new ones are kept
    again.close()
