"""The hands kept before their costs were found (played before the drills existed, or the app closed first): the cost
job works through them when it has nothing else to do, the newest first, each costed and drilled as a new hand is,
each once; one that cannot be costed is noted and not tried again; a new hand of the table's goes first."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import wait_until
from test_drills import players_hand

from engine.ai.analysis.advice import ANALYSIS_LEVELS, APP_SEED
from engine.ai.analysis.drills import is_drill
from engine.ai.analysis.hand import decisions_in, review_views
from engine.record import HandRecord
from pinochle_gui.screens.drills import DrillScene, waiting_words
from pinochle_gui.shared_analysis import SharedAnalysis
from pinochle_gui.storage import Storage
from pinochle_gui.storage.hand_costs import HandCost
from pinochle_gui.table import cost_job
from pinochle_gui.table.cost_job import CostedHand, EarlierHands, HandCoster

pytestmark = [pytest.mark.timeout(300), pytest.mark.cost_job]

#: Three-handed hands the player played at random (seeds with costly decisions, and one without), valued with the
#: easy search: what is tried here is the job's order and bookkeeping, not the search.
SEEDS = (3, 4, 5, 6)
LEVEL = ANALYSIS_LEVELS["easy"]


@pytest.fixture(autouse=True)
def _easy_grades(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cost_job, "decision_graded", lambda record, index, seat: review_views(
        record, index, APP_SEED, LEVEL, every_card=False, viewer=seat)[1])


def fresh_coster() -> HandCoster:
    """The cost job with seat views of its own: none valued by an earlier test of the same hands."""
    return HandCoster(processes=False, shared=SharedAnalysis())


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[Storage]:
    """The app's storage in a fresh folder, closed after the test."""
    opened = Storage.open(tmp_path)
    yield opened
    opened.close()


@pytest.fixture
def coster() -> Iterator[HandCoster]:
    """A fresh cost job (:func:`fresh_coster`), closed after the test."""
    job = fresh_coster()
    yield job
    job.close()


def kept(storage: Storage, game_id: str, record: HandRecord) -> None:
    """A hand as the app keeps it when it goes to be costed (its row in the statistics, its record), its cost never
    found."""
    assert storage.record_hand(record, 0, [None, "easy", "easy"], game_id=game_id) == []
    assert storage.stats.keep_hand_record(game_id, record) == []


def old_hands(storage: Storage) -> dict[str, HandRecord]:
    hands = {f"old{seed}": players_hand("three_hand", seed) for seed in SEEDS}
    for game_id, record in hands.items():
        kept(storage, game_id, record)
    return hands


def run(storage: Storage, coster: HandCoster, earlier: EarlierHands) -> list[CostedHand]:
    """What the app does every frame, the table idle, until nothing is left: the costs and drills kept."""
    done: list[CostedHand] = []

    def step() -> None:
        for hand in coster.poll(idle=True):
            done.append(hand)
            assert storage.stats.record_hand_cost(hand.cost) == []
            assert storage.drills.keep(hand.cost.game_id, hand.record, hand.cost.level, hand.seat, hand.reviews) == []
        assert earlier.feed(coster, storage.stats) == []

    step()
    wait_until(lambda: earlier.done and not coster.busy, "the earlier hands costed", step=step)
    return done


def costly(record: HandRecord) -> set[int]:
    """The player's costly decisions in ``record``, as the review grades them (at the tests' level)."""
    reviews = [review_views(record, i, APP_SEED, LEVEL, every_card=False, viewer=0)[1].review
               for i, seat in decisions_in(record) if seat == 0]
    return {r.action_index for r in reviews if is_drill(r, 0)}


def test_each_earlier_hand_gets_its_costs_and_drills_once_the_newest_first(storage: Storage,
                                                                            coster: HandCoster) -> None:
    hands = old_hands(storage)
    assert storage.stats.hands_waiting() == len(SEEDS)
    done = run(storage, coster, EarlierHands())
    assert [h.cost.game_id for h in done] == list(reversed(hands))  # the newest kept first
    assert storage.stats.hands_waiting() == 0 and coster.errors == []
    assert sorted((p.game_id, p.hands) for p in storage.stats.cost_series()) == [(g, 1) for g in sorted(hands)]
    assert all(h.cost.level == "easy" and h.seat == 0 for h in done)  # the hand's computers, the player's seat
    drills = {(d.key.game_id, d.key.action_index) for d in storage.drills.drills() if d.key is not None}
    expected = {(g, i) for g, record in hands.items() for i in costly(record)}
    assert drills == expected and len({g for g, _i in expected}) >= 3  # the costly decisions, of each hand
    valued = coster.valued

    again = fresh_coster()  # the next run: nothing is done again
    try:
        assert run(storage, again, EarlierHands()) == [] and again.valued == 0
    finally:
        again.close()
    assert coster.valued == valued


def test_a_record_that_cannot_be_costed_is_noted_and_not_tried_again(storage: Storage, coster: HandCoster) -> None:
    good = players_hand("three_hand", 4)
    kept(storage, "good", good)
    db = storage.stats.connection
    assert db is not None
    with db:
        db.execute("INSERT INTO hand_records (game_id, hand_number, record) VALUES ('bad', 1, '{\"not\": 1}')")
        db.execute("INSERT INTO hand_records (game_id, hand_number, record) VALUES ('torn', 2, '{\"hand_')")
        db.execute("INSERT INTO hand_records (game_id, hand_number, record) VALUES ('other', 7, ?)",
                   (db.execute("SELECT record FROM hand_records WHERE game_id = 'good'").fetchone()[0],))
    assert storage.stats.hands_waiting() == 4
    done = run(storage, coster, EarlierHands())
    assert [h.cost.game_id for h in done] == ["good"]
    assert storage.stats.hands_waiting() == 0
    noted = {row[0] for row in db.execute("SELECT game_id FROM hand_costs_skipped")}
    assert noted == {"bad", "torn", "other"}  # a foreign record, a damaged one, one of another hand
    assert {p.game_id for p in storage.stats.cost_series()} == {"good"}

    again = fresh_coster()
    try:
        earlier = EarlierHands()
        assert run(storage, again, earlier) == [] and again.valued == 0 and earlier.taken == set()
    finally:
        again.close()
    assert storage.stats.reset() == [] and not list(db.execute("SELECT 1 FROM hand_costs_skipped"))


def test_a_hand_that_fails_in_the_analysis_is_noted(storage: Storage, coster: HandCoster,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(record: HandRecord, index: int, seat: int) -> object:
        raise ValueError("a record this version cannot replay")

    monkeypatch.setattr(cost_job, "decision_graded", broken)
    kept(storage, "g", players_hand("three_hand", 4))
    assert run(storage, coster, EarlierHands()) == []
    assert storage.stats.hands_waiting() == 0 and storage.stats.cost_series() == []
    db = storage.stats.connection
    assert db is not None
    [(reason,)] = db.execute("SELECT reason FROM hand_costs_skipped WHERE game_id = 'g'").fetchall()
    assert "cannot replay" in reason


def test_the_tables_own_new_hand_goes_before_the_earlier_ones(storage: Storage, coster: HandCoster) -> None:
    old_hands(storage)
    earlier = EarlierHands()
    assert earlier.feed(coster, storage.stats) == []
    assert [h.game_id for h in coster.hands] == ["old6", "old5", "old4"] and all(h.earlier for h in coster.hands)
    assert coster.poll(idle=True) == []  # the newest earlier hand's first decision is under way
    assert earlier.feed(coster, storage.stats) == [] and len(coster.hands) == 3  # no more while it works
    new = players_hand("three_hand", 7)
    kept(storage, "new", new)
    coster.add(new, 0, "new", "hard")  # the hand just finished at the table
    assert [h.game_id for h in coster.hands] == ["new", "old6", "old5", "old4"]
    done = run(storage, coster, earlier)
    assert done[0].cost.game_id == "new" and done[0].cost.level == "hard"
    assert [h.cost.game_id for h in done[1:]] == ["old6", "old5", "old4", "old3"]
    assert storage.stats.hands_waiting() == 0


def test_switched_off_the_earlier_hands_are_left_and_taken_again_later(storage: Storage, coster: HandCoster) -> None:
    old_hands(storage)
    earlier = EarlierHands()
    earlier.feed(coster, storage.stats)
    coster.poll(idle=True)
    earlier.pause(coster)  # "Analyse my hands" turned off
    assert not coster.busy and earlier.taken == set()
    assert storage.stats.hands_waiting() == len(SEEDS)
    assert len(run(storage, coster, earlier)) == len(SEEDS)  # turned on again


def test_the_drills_screen_says_how_many_hands_are_still_waiting(tmp_path: Path) -> None:
    from test_screens_app import FakeApp

    app = FakeApp(tmp_path)
    try:
        assert waiting_words(app) == ""
        kept(app.storage, "g1", players_hand("three_hand", 4))
        assert waiting_words(app) == "1 earlier hand still to be looked at for drills"
        kept(app.storage, "g2", players_hand("three_hand", 6))
        scene = DrillScene(app, [])
        assert scene.waiting == "2 earlier hands still to be looked at for drills"
        app.update_settings(analyse_hands=False)  # then nothing looks at them
        assert waiting_words(app) == ""
    finally:
        app.storage.close()


def test_the_statistics_file_without_the_table_of_hands_given_up_on(tmp_path: Path) -> None:
    """A statistics file of an older version: the table is made, the hands wait."""
    storage = Storage.open(tmp_path)
    kept(storage, "g", players_hand("three_hand", 4))
    path = storage.stats.path
    storage.close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE hand_costs_skipped")
    storage = Storage.open(tmp_path)
    try:
        assert storage.messages == [] and storage.stats.hands_waiting() == 1
        assert storage.stats.skip_hand_cost("g", 1, "test") == [] and storage.stats.hands_waiting() == 0
    finally:
        storage.close()


def test_the_app_costs_its_own_hand_then_the_earlier_ones_while_analyse_my_hands_is_on(tmp_path: Path) -> None:
    from test_table_play import make_table

    app, table, _screen = make_table(tmp_path, "three_hand")
    try:
        hands = old_hands(app.storage)
        app.update_settings(analyse_hands=False)
        for _ in range(5):
            app.tick(0.05)
        assert not app.coster.busy and app.storage.stats.hands_waiting() == len(SEEDS)  # switched off: left
        app.update_settings(analyse_hands=True)
        app.hands_finished(table, [players_hand("three_hand", 7)])  # a hand just played at the table
        wait_until(lambda: not app.coster.busy and app.storage.stats.hands_waiting() == 0,
                   "the table's hand and the earlier ones costed", step=lambda: app.tick(0.05))
        db = app.storage.stats.connection
        assert db is not None
        order = [row[0] for row in db.execute("SELECT game_id FROM hand_costs ORDER BY id")]
        assert order == [table.config.game_key, *reversed(hands)]
        drills = {d.key.game_id for d in app.storage.drills.drills() if d.key is not None}
        assert {g for g, record in hands.items() if costly(record)} <= drills
        assert app.messages == []
    finally:
        app.close()


def test_a_worker_that_dies_is_replaced_and_the_hand_given_up_only_if_it_dies_again(
        storage: Storage, coster: HandCoster, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker killed under a decision (the system short of memory, say) is not the hand's fault: a new worker
    values the decision again; a decision that kills its worker twice gives its hand up."""
    from concurrent.futures.process import BrokenProcessPool

    graded = cost_job.decision_graded
    deaths = {"once": 1, "always": 10**6}

    def dying(record: HandRecord, index: int, seat: int) -> object:
        name = "once" if json.dumps(record, sort_keys=True) == once else "always"
        if deaths[name] > 0:
            deaths[name] -= 1
            raise BrokenProcessPool("a worker died")
        return graded(record, index, seat)

    hands = {"once": players_hand("three_hand", 4), "always": players_hand("three_hand", 6)}
    once = json.dumps(hands["once"], sort_keys=True)
    monkeypatch.setattr(cost_job, "decision_graded", dying)
    for game_id, record in hands.items():
        kept(storage, game_id, record)
    done = run(storage, coster, EarlierHands())
    assert [h.cost.game_id for h in done] == ["once"] and deaths["once"] == 0
    db = storage.stats.connection
    assert db is not None
    assert [row[0] for row in db.execute("SELECT game_id FROM hand_costs_skipped")] == ["always"]


def costed_before_the_drills(storage: Storage) -> dict[str, HandRecord]:
    """Kept hands with their costs stored as a version before the drills did (no drills, the hands not looked at
    for them): the costs as the hand's analysis found them, each row then unmarked."""
    hands = old_hands(storage)
    coster = fresh_coster()
    try:
        done = run(storage, coster, EarlierHands())
    finally:
        coster.close()
    db = storage.stats.connection
    assert db is not None and len(done) == len(SEEDS)
    with db:
        db.execute("DELETE FROM drills")
        db.execute("UPDATE hand_costs SET drilled = 0, cost = cost + 100")  # marks the costs as the old ones
    return hands


def test_hands_costed_before_the_drills_are_looked_at_for_drills_once(storage: Storage, coster: HandCoster) -> None:
    hands = costed_before_the_drills(storage)
    db = storage.stats.connection
    assert db is not None
    costs = sorted(db.execute("SELECT game_id, hand_number, cost, decisions, sound FROM hand_costs"))
    assert storage.drills.drills() == [] and storage.stats.hands_waiting() == len(SEEDS)
    new = players_hand("three_hand", 7)
    kept(storage, "new", new)  # a kept hand with no cost at all goes before them
    assert storage.stats.hands_waiting() == len(SEEDS) + 1
    done = run(storage, coster, EarlierHands())
    assert [h.cost.game_id for h in done] == ["new", *reversed(hands)]  # then the newest first
    assert storage.stats.hands_waiting() == 0 and coster.errors == []
    drills = {(d.key.game_id, d.key.action_index) for d in storage.drills.drills() if d.key is not None}
    expected = {(g, i) for g, record in {**hands, "new": new}.items() for i in costly(record)}
    assert drills == expected and len({g for g, _i in expected}) >= 3
    assert [r for r in db.execute("SELECT game_id FROM hand_costs WHERE drilled = 0")] == []  # each marked
    # the stored costs stay as they were (INSERT OR IGNORE): only the new hand's is added
    assert sorted(db.execute("SELECT game_id, hand_number, cost, decisions, sound FROM hand_costs "
                             "WHERE game_id != 'new'")) == costs

    again = fresh_coster()  # the next run: nothing is looked at again
    try:
        assert run(storage, again, EarlierHands()) == [] and again.valued == 0
    finally:
        again.close()
    assert storage.stats.reset() == [] and not list(db.execute("SELECT 1 FROM hand_costs"))
    assert storage.stats.hands_waiting() == 0


def test_a_costed_hand_that_fails_in_the_drills_analysis_is_noted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = Storage.open(tmp_path)
    try:
        costed_before_the_drills(storage)

        def broken(record: HandRecord, index: int, seat: int) -> object:
            raise ValueError("a record this version cannot replay")

        monkeypatch.setattr(cost_job, "decision_graded", broken)
        coster = fresh_coster()
        try:
            assert run(storage, coster, EarlierHands()) == []
        finally:
            coster.close()
        assert storage.stats.hands_waiting() == 0 and storage.drills.drills() == []
        db = storage.stats.connection
        assert db is not None
        assert len(db.execute("SELECT * FROM hand_costs_skipped").fetchall()) == len(SEEDS)
        assert len(storage.stats.cost_series()) == len(SEEDS)  # the costs stay
        again = fresh_coster()
        try:
            assert run(storage, again, EarlierHands()) == [] and again.valued == 0  # not retried
        finally:
            again.close()
    finally:
        storage.close()


def test_the_drills_screen_counts_the_costed_hands_not_looked_at_for_drills(tmp_path: Path) -> None:
    from test_screens_app import FakeApp

    app = FakeApp(tmp_path)
    try:
        kept(app.storage, "g1", players_hand("three_hand", 4))
        assert app.storage.stats.record_hand_cost(HandCost("g1", 1, "three_hand", "easy", 12.0, 9)) == []
        assert waiting_words(app) == "1 earlier hand still to be looked at for drills"  # costed, not drilled
        kept(app.storage, "g2", players_hand("three_hand", 6))  # not costed
        assert DrillScene(app, []).waiting == "2 earlier hands still to be looked at for drills"
        assert app.storage.drills.keep("g1", players_hand("three_hand", 4), "easy", 0, []) == []  # looked at
        assert waiting_words(app) == "1 earlier hand still to be looked at for drills"
    finally:
        app.storage.close()


def test_a_statistics_file_from_before_the_drills_mark_opens_and_its_hands_wait(tmp_path: Path) -> None:
    """The costs' table as a version before the mark made it: the column is added, its hands not looked at."""
    storage = Storage.open(tmp_path)
    kept(storage, "g", players_hand("three_hand", 4))
    assert storage.stats.record_hand_cost(HandCost("g", 1, "three_hand", "easy", 12.0, 9, sound=7)) == []
    path = storage.stats.path
    storage.close()
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE hand_costs DROP COLUMN drilled")
    storage = Storage.open(tmp_path)
    try:
        assert storage.messages == [] and storage.stats.hands_waiting() == 1
        assert [(p.game_id, p.hands) for p in storage.stats.cost_series()] == [("g", 1)]
        assert storage.drills.keep("g", players_hand("three_hand", 4), "easy", 0, []) == []
        assert storage.stats.hands_waiting() == 0
    finally:
        storage.close()
