"""Statistics: recording hands and games, the queries of the statistics screen, and bad databases."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.actions import DeclareOut
from engine.game import new_game
from engine.record import HandRecord
from engine.rules import preset
from pinochle_gui.storage import GameStat, HandStat, StatsStore, update_rating
from pinochle_gui.storage import stats as stats_module
from pinochle_gui.storage.rating import INITIAL_RATING
from pinochle_gui.storage.stats import APPLICATION_ID, SCHEMA_VERSION

PARTNERS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
LEVELS = (None, "hard", "hard", "hard")


def finished_game(name: str, seed: int, **options: Any) -> list[HandRecord]:
    """The records of a whole game of random legal actions (two hands to a game where the game is long)."""
    game = new_game(preset(name, **options), seed=seed)
    rng = random.Random(seed)
    while game.to_act is not None:
        game.apply(rng.choice(game.legal_actions()))
    return game.hand_records


def open_store(path: Path) -> StatsStore:
    store, messages = StatsStore.open(path)
    assert messages == [] and store.available
    return store


def game(
    game_id: str, won: bool, variant: str = "partnership_auction", levels: tuple[str | None, ...] = LEVELS
) -> GameStat:
    return GameStat(
        game_id=game_id,
        variant=variant,
        player_seat=0,
        levels=levels,
        teams=PARTNERS if len(levels) == 4 else tuple((seat,) for seat in range(len(levels))),
        final_scores=(1510, 1200) if won else (900, 1520),
        winner_side=0 if won else 1,
        hands=6,
    )


def test_new_database_has_schema_wal_and_our_id(tmp_path: Path) -> None:
    store = open_store(tmp_path / "data" / "statistics.sqlite3")
    store.close()
    db = sqlite3.connect(tmp_path / "data" / "statistics.sqlite3")
    pragmas = [db.execute(f"PRAGMA {p}").fetchone()[0] for p in ("user_version", "application_id", "journal_mode")]
    db.close()
    assert pragmas == [SCHEMA_VERSION, APPLICATION_ID, "wal"]


def test_hand_from_record_reads_the_players_side() -> None:
    records = finished_game("partnership_auction", 11, game_target=0, game_hands=2)
    for record in records:
        for seat in range(4):
            hand = HandStat.from_record(record, player_seat=seat, levels=LEVELS, game_id="x")
            side = seat % 2
            team = record["teams"][side]
            assert hand.meld == sum(m["points"] for m in record["melds"] if m["seat"] in team)
            assert (hand.trick_points, hand.score_change) == (record["trick_points"][side], record["score_delta"][side])
            assert (hand.bid, hand.declarer, hand.trump) == (record["bid"], record["declarer"], record["trump"])
            assert hand.side_declared == (record["declarer"] in team)
            assert hand.player_declared == (record["declarer"] == seat)
            assert hand.meld_counted == record["meld_counted"][side] and hand.went_set == record["went_set"]
            assert (hand.game_id, hand.variant, hand.hand_number, hand.deal_number, hand.rules) == (
                "x", "partnership_auction", record["hand_number"], record["seed"], record["rules"])
    first = HandStat.from_record(records[0], player_seat=0, levels=LEVELS)
    assert first.game_id == records[0]["game_id"] and not first.declared_out
    two_hand = finished_game("two_hand", 4)[0]
    hand = HandStat.from_record(two_hand, player_seat=1, levels=(None, "easy"))
    assert hand.meld == sum(m["points"] for m in two_hand["melds"] if m["seat"] == 1) and hand.bid is None
    assert (hand.score_change, hand.side_declared) == (two_hand["score_delta"][1], False)
    with pytest.raises(ValueError, match="not a usable hand record"):
        HandStat.from_record({"variant": "two_hand"}, player_seat=0, levels=(None, "easy"))
    with pytest.raises(ValueError):
        HandStat.from_record(records[0], player_seat=7, levels=LEVELS)


def test_hand_cut_short_by_a_claim() -> None:
    game = new_game(preset("partnership_turnup", declare_out=True), seed=3)
    game.apply(next(a for a in game.legal_actions() if isinstance(a, DeclareOut)))
    claim = game.hand_records[-1]
    hand = HandStat.from_record(claim, player_seat=1, levels=LEVELS)
    assert hand.declared_out and hand.score_change == claim["score_delta"][1] and hand.trick_points == 0
    cut = {k: v for k, v in claim.items() if k != "score_delta"}
    with pytest.raises(ValueError, match="does not say how the hand scored"):
        HandStat.from_record(cut, player_seat=1, levels=LEVELS)


def test_game_from_records() -> None:
    records = finished_game("partnership_auction", 11, game_target=0, game_hands=2)
    last = records[-1]
    stat = GameStat.from_records(records, player_seat=0, levels=LEVELS)
    assert (stat.hands, list(stat.final_scores), stat.game_id) == (2, last["scores_after"], last["game_id"])
    assert stat.won == (last["winner"] == 0)
    assert GameStat.from_records(records, player_seat=1, levels=LEVELS).won == (last["winner"] == 1)
    unfinished = finished_game("partnership_auction", 11, game_target=0, game_hands=3)[:1]
    with pytest.raises(ValueError, match="not a side"):
        GameStat.from_records(unfinished, player_seat=0, levels=LEVELS)


def test_summary_counts_what_the_screen_shows(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite3")
    rng = random.Random(5)
    hands: list[HandStat] = []
    for number in range(1, 41):
        declarer = rng.choice([0, 1, 2, 3, None])
        went_set = declarer is not None and rng.random() < 0.3
        thrown_in = declarer is not None and not went_set and rng.random() < 0.1
        hand = HandStat(
            game_id=f"g{number // 10}", variant="partnership_auction", player_seat=0, levels=LEVELS, hand_number=number,
            bid=None if declarer is None else rng.randrange(250, 400, 10), declarer=declarer,
            side_declared=declarer in (0, 2), went_set=went_set, thrown_in=thrown_in, meld=rng.randrange(0, 300, 10),
            trick_points=rng.randrange(0, 251, 10), score_change=rng.randrange(-400, 600, 10),
            recorded_at=1000.0 + number,
        )  # fmt: skip
        hands.append(hand)
        assert store.record_hand(hand) == []
    mine = [h for h in hands if h.declarer == 0]
    summary = store.summary()
    assert summary.hands == 40
    assert summary.bids_won == len(mine)
    assert summary.bids_made == sum(1 for h in mine if not h.went_set and not h.thrown_in)
    assert summary.times_set == sum(1 for h in hands if h.side_declared and h.went_set)
    assert summary.thrown_in == sum(1 for h in hands if h.side_declared and h.thrown_in)
    assert summary.average_meld == pytest.approx(sum(h.meld for h in hands) / 40)
    assert summary.average_contract == pytest.approx(sum(h.bid or 0 for h in mine) / len(mine))
    best = max(hands, key=lambda h: (h.score_change, -h.recorded_at))
    assert summary.best_hand is not None
    assert (summary.best_hand.score_change, summary.best_hand.hand_number) == (best.score_change, best.hand_number)
    assert summary.games == 0 and summary.win_rate == 0.0 and summary.rating == INITIAL_RATING


def test_hand_and_game_are_recorded_once(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite3")
    hand = HandStat("g1", "partnership_auction", 0, LEVELS, 1, bid=310, declarer=2, side_declared=True, meld=210,
                    trick_points=170, score_change=380)
    assert store.record_hand(hand) == [] and store.record_hand(hand) == []
    assert store.record_game(game("g1", True), hands=[hand]) == []
    rating = store.rating()
    assert store.record_game(game("g1", True)) == []
    assert store.summary().hands == 1 and store.summary().games == 1 and store.rating() == rating


def test_demo_games_are_not_recorded(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite3")
    hand = HandStat("g1", "partnership_auction", 0, LEVELS, 1, bid=310, declarer=2, side_declared=True, meld=210,
                    trick_points=170, score_change=380)
    assert (
        store.record_hand(hand, demo=True) == [] and store.record_game(game("g1", True), demo=True, hands=[hand]) == []
    )
    assert store.summary().hands == 0 and store.summary().games == 0


def test_games_streaks_rating_and_series(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite3")
    results = [True, True, False, True, True, True, False, True, True]
    expected = INITIAL_RATING
    for number, won in enumerate(results):
        assert store.record_game(game(f"g{number}", won)) == []
        expected = update_rating(expected, ["hard"], [["hard", "hard"]], won)
    summary = store.summary()
    assert (summary.games, summary.wins, summary.longest_streak, summary.current_streak) == (9, 7, 3, 2)
    assert summary.win_rate == pytest.approx(7 / 9)
    assert summary.rating == pytest.approx(expected) and store.rating() == summary.rating
    series = store.recent_games(last=4)
    assert [p.game_id for p in series] == ["g5", "g6", "g7", "g8"]
    assert store.rating_series(last=4) == [p.rating for p in series] and series[-1].rating == pytest.approx(expected)
    assert store.score_series(last=2) == [(1510, 1200), (1510, 1200)]
    assert store.score_series(last=3)[0] == (900, 1520)
    assert store.recent_games(last=0) == []


def test_filters_by_variant_and_level(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite3")
    assert store.record_game(game("a", True, "two_hand", (None, "easy"))) == []
    assert store.record_game(game("b", False, "two_hand", (None, "hard"))) == []
    assert store.record_game(game("c", True, levels=(None, "easy", "hard", "easy"))) == []
    store.record_hand(HandStat("a", "two_hand", 0, (None, "easy"), 1, meld=100))
    store.record_hand(HandStat("b", "two_hand", 0, (None, "hard"), 1, meld=300))
    assert store.summary("two_hand").games == 2
    assert store.summary("two_hand", "easy").wins == 1 and store.summary(level="hard").wins == 0
    assert store.summary(level="mixed").games == 1 and store.summary("three_hand").games == 0
    assert store.summary(level="hard").average_meld == 300
    assert store.variants_played() == ["two_hand"] and store.levels_played() == ["easy", "hard"]
    assert [p.game_id for p in store.recent_games(variant="two_hand", level="hard")] == ["b"]
    rows = [(r.variant, r.level, r.games, r.wins, r.hands) for r in store.breakdown()]
    assert rows == [
        ("partnership_auction", "mixed", 1, 1, 0),
        ("two_hand", "easy", 1, 1, 1),
        ("two_hand", "hard", 1, 0, 1),
    ]
    assert store.breakdown()[1].win_rate == 1.0 and store.breakdown()[2].win_rate == 0.0


def test_rating_moves_more_against_stronger_computers(tmp_path: Path) -> None:
    gains = {}
    for level in ("easy", "hard"):
        store = open_store(tmp_path / f"{level}.sqlite3")
        assert store.record_game(game("g", True, "two_hand", (None, level))) == []
        gains[level] = store.rating() - INITIAL_RATING
        store.close()
    assert 0 < gains["easy"] < gains["hard"]


def test_reset_forgets_everything(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite3")
    store.record_hand(HandStat("g", "two_hand", 0, (None, "easy"), 1))
    assert store.record_game(game("g", True)) == []
    assert store.reset() == []
    assert store.summary() == stats_module.StatsSummary()
    store.close()
    assert open_store(tmp_path / "s.sqlite3").summary().games == 0


def backups(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.glob(path.name + ".bad-*") if not p.name.endswith(("-wal", "-shm")))


def filled_database(path: Path) -> bytes:
    store = open_store(path)
    hands = [HandStat("g", "two_hand", 0, (None, "easy"), number, meld=number) for number in range(200)]
    assert store.record_game(game("g", True, "two_hand", (None, "easy")), hands=hands) == []
    store.close()
    return path.read_bytes()


@pytest.mark.parametrize("kind", ["garbage", "truncated", "damaged-page", "foreign"])
def test_bad_database_is_kept_aside_and_a_new_one_started(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "statistics.sqlite3"
    content = filled_database(path)
    if kind == "garbage":
        content = b"this is not a database\n" * 100
    elif kind == "truncated":
        content = content[: len(content) // 3]
    elif kind == "damaged-page":
        content = content[:4096] + bytes(random.Random(1).randrange(256) for _ in range(4096)) + content[8192:]
    else:
        path.unlink()
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, data BLOB)")
        db.commit()
        db.close()
        content = path.read_bytes()
    path.write_bytes(content)
    store, messages = StatsStore.open(path)
    assert store.available and len(messages) == 1 and messages[0].level == "warning"
    assert "new statistics were started" in messages[0].text
    (backup,) = backups(path)
    assert backup.read_bytes() == content
    assert store.summary().hands == 0 and store.record_hand(HandStat("g", "two_hand", 0, (None, "easy"), 1)) == []
    assert store.summary().hands == 1


def test_newer_schema_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    open_store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    content = path.read_bytes()
    store, messages = StatsStore.open(path)
    assert not store.available and "newer version" in messages[0].text
    assert store.record_hand(HandStat("g", "two_hand", 0, (None, "easy"), 1)) == []
    assert store.record_game(game("g", True)) == [] and store.reset() == []
    assert store.summary() == stats_module.StatsSummary() and store.recent_games() == []
    assert path.read_bytes() == content and backups(path) == []


def test_huge_database_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "statistics.sqlite3"
    with open(path, "wb") as stream:
        stream.truncate(2000)
    monkeypatch.setattr(stats_module, "MAX_DB_BYTES", 1000)
    store, messages = StatsStore.open(path)
    assert not store.available and "too large" in messages[0].text and path.stat().st_size == 2000


def test_unopenable_database_turns_statistics_off(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    path.mkdir()  # a folder where the file should be
    store, messages = StatsStore.open(path)
    assert not store.available and messages[0].level == "error" and path.is_dir()


def test_migrations_upgrade_and_keep_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "statistics.sqlite3"
    store = open_store(path)
    store.record_hand(HandStat("g", "two_hand", 0, (None, "easy"), 1, meld=80))
    store.close()
    extra = (
        "ALTER TABLE hands ADD COLUMN duration REAL NOT NULL DEFAULT 0; CREATE INDEX hands_by_game ON hands (game_id)"
    )
    monkeypatch.setattr(stats_module, "MIGRATIONS", (*stats_module.MIGRATIONS, extra))
    monkeypatch.setattr(stats_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    store = open_store(path)
    assert store.summary().average_meld == 80
    store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert db.execute("SELECT duration FROM hands").fetchall() == [(0.0,)]
    db.close()


def test_failed_migration_leaves_the_old_schema(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "statistics.sqlite3"
    open_store(path).close()
    monkeypatch.setattr(
        stats_module, "MIGRATIONS", (*stats_module.MIGRATIONS, "ALTER TABLE hands ADD COLUMN x; BOGUS SQL")
    )
    monkeypatch.setattr(stats_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    store, messages = StatsStore.open(path)
    assert not store.available and messages
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert "x" not in [row[1] for row in db.execute("PRAGMA table_info(hands)")]
    db.close()


def test_inconsistent_game_gives_a_message_not_an_exception(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite3")
    bad = GameStat("g", "two_hand", player_seat=5, levels=(None, "easy"), teams=((0,), (1,)), final_scores=(1, 2),
                   winner_side=0, hands=1)  # fmt: skip
    messages = store.record_game(bad)
    assert messages and messages[0].level == "error" and store.summary().games == 0
