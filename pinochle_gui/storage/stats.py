"""Statistics: every hand and game the player plays, in SQLite, and the queries of the statistics screen.

>>> import tempfile, pathlib
>>> stats, messages = StatsStore.open(pathlib.Path(tempfile.mkdtemp()) / "statistics.sqlite3")
>>> hand = HandStat(game_id="g1", variant="two_hand", player_seat=0, levels=(None, "medium"),
...                 hand_number=1, meld=120, trick_points=130, score_change=250)
>>> stats.record_hand(hand)
[]
>>> stats.summary().hands, stats.summary().average_meld
(1, 120.0)

The database uses WAL and one transaction per recorded hand or game, so a crash leaves either the
whole row or nothing. Its schema is versioned with ``PRAGMA user_version`` and upgraded by
:data:`MIGRATIONS`. A damaged or foreign database is kept aside and a fresh one started; one from
a newer version of the game is left untouched and statistics are off for this run. No method
raises on a database problem: writers return messages, readers return empty results.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Container, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from engine.record import HandRecord, RecordError, check_record, read_json

from . import hand_costs, hand_records
from .hand_costs import CostPoint, HandCost
from .rating import INITIAL_RATING, update_rating
from .safe_file import StorageMessage, backup_name, error, fsync_directory, info, warning
from .tallies import BestHand, BreakdownRow, GamePoint, GameStat, HandStat, StatsSummary, level_of

#: "PINO": marks a database as ours, so that a foreign SQLite file is not mistaken for statistics.
APPLICATION_ID = 0x50494E4F
#: A statistics file above this is refused unread (years of play make a few megabytes).
MAX_DB_BYTES = 512 * 1024 * 1024

_SCHEMA_1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL UNIQUE,
    variant TEXT NOT NULL,
    rules TEXT NOT NULL,
    level TEXT NOT NULL,
    levels TEXT NOT NULL,
    player_seat INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    won INTEGER NOT NULL CHECK (won IN (0, 1)),
    player_score INTEGER NOT NULL,
    opponent_score INTEGER NOT NULL,
    scores TEXT NOT NULL,
    rating_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    started_at REAL NOT NULL,
    ended_at REAL NOT NULL
);
CREATE INDEX games_by_variant ON games (variant, level);
CREATE TABLE hands (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    hand_number INTEGER NOT NULL,
    deal_number INTEGER,
    variant TEXT NOT NULL,
    rules TEXT NOT NULL,
    level TEXT NOT NULL,
    levels TEXT NOT NULL,
    player_seat INTEGER NOT NULL,
    trump TEXT,
    bid INTEGER,
    declarer INTEGER,
    player_declared INTEGER NOT NULL CHECK (player_declared IN (0, 1)),
    side_declared INTEGER NOT NULL CHECK (side_declared IN (0, 1)),
    went_set INTEGER NOT NULL CHECK (went_set IN (0, 1)),
    thrown_in INTEGER NOT NULL CHECK (thrown_in IN (0, 1)),
    meld INTEGER NOT NULL,
    meld_counted INTEGER NOT NULL CHECK (meld_counted IN (0, 1)),
    trick_points INTEGER NOT NULL,
    score_change INTEGER NOT NULL,
    declared_out INTEGER NOT NULL DEFAULT 0 CHECK (declared_out IN (0, 1)),
    recorded_at REAL NOT NULL,
    UNIQUE (game_id, hand_number)
);
CREATE INDEX hands_by_variant ON hands (variant, level);
"""

#: ``MIGRATIONS[n]`` takes a database from ``user_version`` n to n + 1.
MIGRATIONS: tuple[str, ...] = (_SCHEMA_1,)
SCHEMA_VERSION = len(MIGRATIONS)


class WaitingHand(NamedTuple):
    """A kept hand with no cost yet, or not looked at for drills: its game and number, its record (None: it does not
    read back), the player's seat in it and its computers' level (as the statistics keep them)."""

    game_id: str
    hand_number: int
    record: HandRecord | None
    seat: int
    level: str


class StatsStore:
    """The statistics database. Open it with :meth:`open`; ``available`` is False when it is off."""

    def __init__(self, path: Path, connection: sqlite3.Connection | None, read_only: bool = False) -> None:
        self.path = path
        self._db = connection
        #: Another copy of the game owns the statistics: they are read, never written.
        self.read_only = read_only

    @property
    def available(self) -> bool:
        return self._db is not None

    @property
    def connection(self) -> sqlite3.Connection | None:
        """The open database, for the tables other modules keep in it (``None`` when statistics are off)."""
        return self._db

    # -- opening ------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, read_only: bool = False) -> tuple[StatsStore, list[StorageMessage]]:
        """Open (creating or upgrading) the database; never raises. ``read_only``: open it to read only,
        as it is (another copy of the game owns it); when it cannot be read so, statistics are off."""
        path = Path(path)
        if read_only:
            try:
                return cls._connect(path, read_only=True)
            except (sqlite3.Error, _Corrupt) as exc:
                return cls(path, None, True), [
                    warning(f"The statistics file {path} cannot be read now ({exc}); statistics are off this time.",
                            path)
                ]
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            size = 0
        except OSError as exc:
            return cls(path, None), [
                error(f"The statistics file {path} cannot be read ({exc.strerror or exc}); statistics are off.", path)
            ]
        if size > MAX_DB_BYTES:
            return cls(path, None), [
                error(
                    f"The statistics file {path} is too large ({size:,} bytes); "
                    "it is left untouched and statistics are off.",
                    path,
                )
            ]
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return cls(path, None), [
                error(
                    f"The statistics folder {path.parent} cannot be made ({exc.strerror or exc}); statistics are off.",
                    path,
                )
            ]
        try:
            return cls._connect(path)
        except _Corrupt as exc:
            messages = _keep_database_aside(path, str(exc))
        except sqlite3.OperationalError as exc:  # locked, read-only, no space: the file itself may be fine
            return cls(path, None), [
                error(f"The statistics file {path} cannot be opened ({exc}); statistics are off this time.", path)
            ]
        except sqlite3.DatabaseError as exc:  # "file is not a database", "malformed"
            messages = _keep_database_aside(path, f"is damaged ({exc})")
        if not messages or messages[0].level == "error":
            return cls(path, None), messages
        try:
            store, more = cls._connect(path)
        except sqlite3.Error as exc:
            return cls(path, None), [
                *messages,
                error(f"A new statistics file could not be started ({exc}); statistics are off.", path),
            ]
        return store, messages + more

    @classmethod
    def _connect(cls, path: Path, read_only: bool = False) -> tuple[StatsStore, list[StorageMessage]]:
        if read_only:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", timeout=5.0, isolation_level=None, uri=True)
        else:
            db = sqlite3.connect(path, timeout=5.0, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout = 5000")
            application_id, version = (
                db.execute(f"PRAGMA {p}").fetchone()[0] for p in ("application_id", "user_version")
            )
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if application_id != APPLICATION_ID and (tables or version):
                raise _Corrupt("is not a statistics file of this game")
            if version > SCHEMA_VERSION:
                db.close()
                return cls(path, None), [
                    warning(
                        f"The statistics file {path} was written by a newer version of the game (schema {version}). "
                        "It is left untouched; statistics are off this time.",
                        path,
                    )
                ]
            check = db.execute("PRAGMA quick_check").fetchall()
            if check != [("ok",)]:
                raise _Corrupt(f"is damaged ({'; '.join(str(row[0]) for row in check[:3])})")
            if read_only:
                if version != SCHEMA_VERSION:
                    raise sqlite3.DatabaseError(f"it has schema {version}, this version reads {SCHEMA_VERSION}")
                return cls(path, db, True), []
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
            for number in range(version, SCHEMA_VERSION):
                with _transaction(db):
                    for statement in MIGRATIONS[number].split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    db.execute(f"PRAGMA user_version = {number + 1}")
            hand_costs.create(db)
            hand_records.create(db)
        except BaseException:
            db.close()
            raise
        return cls(path, db), []

    def close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None

    # -- recording ----------------------------------------------------------------------------
    def record_hand(self, hand: HandStat, demo: bool = False) -> list[StorageMessage]:
        """Record a finished hand (once: recording it again changes nothing). Demo games are not recorded."""
        if demo or self._db is None or self.read_only:
            return []
        try:
            with _transaction(self._db):
                self._insert_hand(self._db, hand)
        except sqlite3.Error as exc:
            return [error(f"The hand could not be added to the statistics: {exc}", self.path)]
        return []

    def record_game(self, game: GameStat, demo: bool = False, hands: Sequence[HandStat] = ()) -> list[StorageMessage]:
        """Record a finished game and move the rating (once per game id); ``hands`` not yet recorded go with it."""
        if demo or self._db is None or self.read_only:
            return []
        db = self._db
        try:
            with _transaction(db):
                for hand in hands:
                    self._insert_hand(db, hand)
                if db.execute("SELECT 1 FROM games WHERE game_id = ?", (game.game_id,)).fetchone():
                    return []
                before = self._rating(db)
                side = game.player_side
                partners = [game.levels[s] for s in game.teams[side] if s != game.player_seat]
                opponents = [[game.levels[s] for s in team] for i, team in enumerate(game.teams) if i != side]
                after = update_rating(before, partners, opponents, game.won)
                others = [score for i, score in enumerate(game.final_scores) if i != side]
                now = time.time()
                db.execute(
                    "INSERT INTO games (game_id, variant, rules, level, levels, player_seat, hands, won, player_score, "
                    "opponent_score, scores, rating_before, rating_after, started_at, ended_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game.game_id,
                        game.variant,
                        _json(game.rules),
                        level_of(game.levels),
                        _json(list(game.levels)),
                        game.player_seat,
                        game.hands,
                        int(game.won),
                        game.final_scores[side],
                        max(others, default=0),
                        _json(list(game.final_scores)),
                        before,
                        after,
                        game.started_at or now,
                        game.ended_at or now,
                    ),
                )
        except (sqlite3.Error, IndexError, StopIteration, ValueError) as exc:
            return [error(f"The game could not be added to the statistics: {exc}", self.path)]
        return []

    def record_hand_cost(self, cost: HandCost) -> list[StorageMessage]:
        """Store what the player's decisions in a hand cost (:mod:`.hand_costs`)."""
        if self._db is None or self.read_only:
            return []
        try:
            with _transaction(self._db):
                hand_costs.insert(self._db, cost)
        except (sqlite3.Error, ValueError) as exc:
            return [error(f"The cost of a hand could not be added to the statistics: {exc}", self.path)]
        return []

    def keep_hand_record(self, game_id: str, record: HandRecord) -> list[StorageMessage]:
        """Keep the record of a hand whose decisions go to be costed (:mod:`.hand_records`)."""
        if self._db is None or self.read_only:
            return []
        try:
            with _transaction(self._db):
                hand_records.insert(self._db, game_id, record)
        except (sqlite3.Error, KeyError, TypeError, ValueError) as exc:
            return [error(f"The hand could not be kept for its review: {exc}", self.path)]
        return []

    def hands_to_cost(self, leave_out: Container[tuple[str, int]] = (), limit: int = 3) -> list[WaitingHand]:
        """Up to ``limit`` kept hands with no cost yet, then with a cost not looked at for drills
        (:func:`.hand_records.waiting_query`), each group the newest first, those in ``leave_out`` (game id, hand
        number) left out; a record that does not read back comes with ``record`` None (the cost job gives it up)."""
        if self._db is None or limit <= 0:
            return []
        found: list[WaitingHand] = []
        try:
            rows = self._db.execute(*hand_records.waiting_query())
            for game_id, hand_number, text, seat, level in rows:
                if (game_id, hand_number) in leave_out:
                    continue
                try:
                    record: HandRecord | None = check_record(read_json(text), replay=False)
                except (RecordError, ValueError, TypeError, KeyError):
                    record = None
                found.append(WaitingHand(str(game_id), int(hand_number), record,
                                         seat if isinstance(seat, int) else 0, str(level or "medium")))
                if len(found) >= limit:
                    break
        except sqlite3.Error:
            return found
        return found

    def hands_waiting(self) -> int:
        """How many kept hands have no cost yet or have not been looked at for drills (and have not been given up
        on)."""
        rows = self._rows(*hand_records.waiting_count_query())
        return int(rows[0][0]) if rows else 0

    def skip_hand_cost(self, game_id: str, hand_number: int, reason: str) -> list[StorageMessage]:
        """Note that a kept hand could not be costed (:func:`.hand_costs.skip`): it is not tried again."""
        if self._db is None or self.read_only:
            return []
        try:
            with _transaction(self._db):
                hand_costs.skip(self._db, game_id, hand_number, reason)
        except sqlite3.Error as exc:
            return [error(f"A hand that could not be analysed could not be noted as such: {exc}", self.path)]
        return []

    def costed_hands(self, game_id: str) -> list[tuple[HandRecord, float]]:
        """The kept records of ``game_id``'s costed hands, in order, each with what its decisions cost (a
        record the database no longer holds whole is left out)."""
        out = []
        for text, cost in self._rows(*hand_records.costliest_query(game_id)):
            try:
                record = check_record(read_json(text), replay=False)
            except RecordError:
                continue
            if isinstance(cost, int | float) and not isinstance(cost, bool):
                out.append((record, float(cost)))
        return out

    def cost_series(self, last: int = 50, variant: str | None = None, level: str | None = None) -> list[CostPoint]:
        """The last ``last`` games' average cost of the player's decisions per hand, oldest first."""
        where, args = _filter(variant, level)
        return hand_costs.points(self._rows(*hand_costs.series_query(where, args, last)))

    def _insert_hand(self, db: sqlite3.Connection, hand: HandStat) -> None:
        db.execute(
            "INSERT OR IGNORE INTO hands (game_id, hand_number, deal_number, variant, rules, level, levels, "
            "player_seat, trump, bid, declarer, player_declared, side_declared, went_set, thrown_in, meld, "
            "meld_counted, trick_points, score_change, declared_out, recorded_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                hand.game_id,
                hand.hand_number,
                hand.deal_number,
                hand.variant,
                _json(hand.rules),
                level_of(hand.levels),
                _json(list(hand.levels)),
                hand.player_seat,
                hand.trump,
                hand.bid,
                hand.declarer,
                int(hand.player_declared),
                int(hand.side_declared),
                int(hand.went_set),
                int(hand.thrown_in),
                hand.meld,
                int(hand.meld_counted),
                hand.trick_points,
                hand.score_change,
                int(hand.declared_out),
                hand.recorded_at or time.time(),
            ),
        )

    def reset(self) -> list[StorageMessage]:
        """Forget every hand and game; the rating starts again."""
        if self.read_only:
            return [info("The statistics are not changed from this window: another copy of the game is open.")]
        if self._db is None:
            return []
        db = self._db
        try:
            with _transaction(db):
                db.execute("DELETE FROM hands")
                db.execute("DELETE FROM games")
                if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'challenges'").fetchone():
                    db.execute("DELETE FROM challenges")  # the duplicate challenges' own table (storage.challenges)
                db.execute("DELETE FROM hand_costs")
                db.execute("DELETE FROM hand_costs_skipped")
                db.execute("DELETE FROM hand_records")
                if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'drills'").fetchone():
                    db.execute("DELETE FROM drills")  # the drills' own table (storage.drills)
        except sqlite3.Error as exc:
            return [error(f"The statistics could not be reset: {exc}", self.path)]
        return []

    # -- queries ------------------------------------------------------------------------------
    def rating(self) -> float:
        """The player's current rating."""
        if self._db is None:
            return INITIAL_RATING
        try:
            return self._rating(self._db)
        except sqlite3.Error:
            return INITIAL_RATING

    @staticmethod
    def _rating(db: sqlite3.Connection) -> float:
        row = db.execute("SELECT rating_after FROM games ORDER BY id DESC LIMIT 1").fetchone()
        return float(row[0]) if row else INITIAL_RATING

    def variants_played(self) -> list[str]:
        return [row[0] for row in self._rows("SELECT DISTINCT variant FROM hands ORDER BY variant", ())]

    def levels_played(self) -> list[str]:
        return [row[0] for row in self._rows("SELECT DISTINCT level FROM hands ORDER BY level", ())]

    def summary(self, variant: str | None = None, level: str | None = None) -> StatsSummary:
        """Totals for one variant and/or computer level (``None``: all)."""
        where, args = _filter(variant, level)
        game = self._rows(f"SELECT count(*), coalesce(sum(won), 0) FROM games{where}", args)
        hand = self._rows(
            "SELECT count(*), coalesce(sum(player_declared), 0), "
            "coalesce(sum(player_declared AND NOT went_set AND NOT thrown_in), 0), "
            "coalesce(sum(side_declared AND went_set), 0), coalesce(sum(side_declared AND thrown_in), 0), "
            f"coalesce(avg(meld), 0) FROM hands{where}",
            args,
        )
        declared_where, declared_args = _filter(variant, level, "player_declared")
        contract = self._rows(f"SELECT avg(bid) FROM hands{declared_where}", declared_args)
        best = self._rows(
            f"SELECT score_change, variant, game_id, hand_number, recorded_at FROM hands{where} "
            "ORDER BY score_change DESC, recorded_at LIMIT 1",
            args,
        )
        results = [bool(row[0]) for row in self._rows(f"SELECT won FROM games{where} ORDER BY id", args)]
        if not game or not hand or not contract:
            return StatsSummary(rating=self.rating())
        longest = current = 0
        for won in results:
            current = current + 1 if won else 0
            longest = max(longest, current)
        games, wins = game[0]
        hands, bids_won, bids_made, times_set, thrown_in, average_meld = hand[0]
        average_contract = contract[0][0]
        return StatsSummary(
            games=games,
            wins=wins,
            hands=hands,
            bids_won=bids_won,
            bids_made=bids_made,
            times_set=times_set,
            thrown_in=thrown_in,
            average_meld=float(average_meld),
            average_contract=float(average_contract or 0.0),
            best_hand=BestHand(*best[0]) if best else None,
            longest_streak=longest,
            current_streak=current,
            rating=self.rating(),
        )

    def breakdown(self) -> list[BreakdownRow]:
        """One row per variant and computer level played, sorted by variant then level."""
        games = {
            (r[0], r[1]): (r[2], r[3])
            for r in self._rows("SELECT variant, level, count(*), sum(won) FROM games GROUP BY variant, level", ())
        }
        hands = {
            (r[0], r[1]): r[2]
            for r in self._rows("SELECT variant, level, count(*) FROM hands GROUP BY variant, level", ())
        }
        return [
            BreakdownRow(variant, level, *games.get((variant, level), (0, 0)), hands.get((variant, level), 0))
            for variant, level in sorted(set(games) | set(hands))
        ]

    def recent_games(self, last: int = 50, variant: str | None = None, level: str | None = None) -> list[GamePoint]:
        """The last ``last`` games, oldest first: the series of rating and final scores for a chart."""
        where, args = _filter(variant, level)
        rows = self._rows(
            "SELECT game_id, variant, level, ended_at, won, player_score, opponent_score, rating_after "
            f"FROM games{where} "
            "ORDER BY id DESC LIMIT ?",
            (*args, max(0, last)),
        )
        return [GamePoint(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7]) for r in reversed(rows)]

    def rating_series(self, last: int = 50, variant: str | None = None, level: str | None = None) -> list[float]:
        return [point.rating for point in self.recent_games(last, variant, level)]

    def score_series(
        self, last: int = 50, variant: str | None = None, level: str | None = None
    ) -> list[tuple[int, int]]:
        """(player's side, best other side) final scores of the last games, oldest first."""
        return [(point.player_score, point.opponent_score) for point in self.recent_games(last, variant, level)]

    def _rows(self, sql: str, args: Sequence[Any]) -> list[tuple[Any, ...]]:
        if self._db is None:
            return []
        try:
            return list(self._db.execute(sql, tuple(args)).fetchall())
        except sqlite3.Error:
            return []


class StatsTable:
    """A store that keeps a table of its own in the statistics database (``TABLE``: its ``CREATE TABLE IF NOT
    EXISTS``), made when it is missing and the statistics are not read only."""

    TABLE: ClassVar[str]

    def __init__(self, stats: StatsStore) -> None:
        self.stats = stats

    def _db(self) -> sqlite3.Connection | None:
        """The open database, the table made if missing (``None`` when statistics are off)."""
        db = self.stats.connection
        if db is None:
            return None
        if not self.stats.read_only:
            db.execute(self.TABLE)
        return db


class _Corrupt(Exception):
    pass


def _filter(variant: str | None, level: str | None, *conditions: str) -> tuple[str, tuple[Any, ...]]:
    """A WHERE clause (or nothing) choosing a variant and/or level, and more fixed conditions."""
    clauses, args = list(conditions), []
    if variant is not None:
        clauses.append("variant = ?")
        args.append(variant)
    if level is not None:
        clauses.append("level = ?")
        args.append(level)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(args)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _keep_database_aside(path: Path, why: str) -> list[StorageMessage]:
    """Move a bad database (and its -wal and -shm files) aside; the messages say where."""
    backup = backup_name(path)
    try:
        os.replace(path, backup)
        for suffix in ("-wal", "-shm", "-journal"):
            companion = Path(f"{path}{suffix}")
            if companion.exists():
                os.replace(companion, Path(f"{backup}{suffix}"))
    except OSError as exc:
        return [
            error(
                f"The statistics file {path} {why}; it could not be moved aside ({exc.strerror or exc}). "
                "Statistics are off.",
                path,
            )
        ]
    fsync_directory(path.parent)
    return [
        warning(
            f"The statistics file {path} {why}. It was kept as {backup.name} and new statistics were started.", backup
        )
    ]
