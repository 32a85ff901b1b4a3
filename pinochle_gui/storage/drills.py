"""The player's drills ("Practise your mistakes"): the costly decisions of the hands the player played, with the
progress on each, in a table of their own in the statistics database.

After each hand the player plays, the cost job (:mod:`pinochle_gui.table.cost_job`) reviews the player's
decisions; each costly one (a mistake or a blunder) is kept here with its review, which holds the value of every
choice there (:class:`engine.ai.analysis.hand.DecisionReview`), so the drill grades a new choice with the review's own
numbers (:mod:`engine.ai.analysis.drills`) without valuing anything again. The hand's record is the one kept for the
cost chart's review (:mod:`.hand_records`), and the computers' levels those of the hand's row in the statistics. Each
drill counts its attempts and whether one of them was sound (best or good): solved.

The table is made when missing (an older copy of the game ignores it) and emptied with the statistics. A row that
does not read back (its review not one this version reads, its hand's record gone or damaged) is left out; a
damaged or foreign statistics file is set aside whole by :class:`.stats.StatsStore`, and the drills start empty.

>>> import tempfile, pathlib
>>> from .stats import StatsStore
>>> stats, _ = StatsStore.open(pathlib.Path(tempfile.mkdtemp()) / "statistics.sqlite3")
>>> DrillStore(stats).progress()
DrillProgress(solved=0, total=0)
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from engine.ai.analysis.drills import Drill, is_drill
from engine.ai.analysis.hand import DecisionReview
from engine.ai.analysis.hand_json import review_from_json, review_to_json
from engine.record import HandRecord, RecordError, check_record, read_hand, read_json

from . import hand_costs
from .safe_file import StorageMessage, error
from .stats import StatsTable

if TYPE_CHECKING:
    from engine.ai.analysis.hand_json import DecisionReviewJson

TABLE = """
CREATE TABLE IF NOT EXISTS drills (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    hand_number INTEGER NOT NULL,
    action_index INTEGER NOT NULL,
    variant TEXT NOT NULL,
    level TEXT NOT NULL,
    cost REAL NOT NULL CHECK (cost >= 0),
    review TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    solved INTEGER NOT NULL DEFAULT 0 CHECK (solved IN (0, 1)),
    recorded_at REAL NOT NULL,
    UNIQUE (game_id, hand_number, action_index)
)
"""


@dataclass(frozen=True)
class DrillKey:
    """Which decision of which hand of which game a drill is."""

    game_id: str
    hand_number: int
    action_index: int


@dataclass(frozen=True)
class DrillProgress:
    solved: int = 0
    total: int = 0

    @property
    def words(self) -> str:
        """ "Drills: 12 of 30 solved"; "Drills: none yet" before the first."""
        return f"Drills: {self.solved} of {self.total} solved" if self.total else "Drills: none yet"


@dataclass(frozen=True)
class StoredDrill:
    """A drill as kept: the decision, where it comes from, the table's computers then and the progress on it (a
    drill of a hand not kept, from its review, has no ``key``: its progress is not kept)."""

    key: DrillKey | None
    drill: Drill
    variant: str
    levels: tuple[str | None, ...]  # each seat's computer level at the hand's table (None: the player's seat)
    attempts: int = 0
    solved: bool = False
    recorded_at: float = 0.0  # when it was kept (0: not kept)


def _where(variant: str | None, level: str | None) -> tuple[str, tuple[Any, ...]]:
    clauses, args = [], []
    for column, value in (("d.variant", variant), ("d.level", level)):
        if value is not None:
            clauses.append(f"{column} = ?")
            args.append(value)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(args)


def _levels(text: object, seats: int) -> tuple[str | None, ...]:
    """The hand's computer levels as the statistics keep them; the default level in each seat where they do not
    read back."""
    try:
        levels = json.loads(str(text)) if text is not None else None
    except ValueError:
        levels = None
    if isinstance(levels, list) and len(levels) == seats and all(x is None or isinstance(x, str) for x in levels):
        return tuple(levels)
    return (None,) + ("medium",) * (seats - 1)


class DrillStore(StatsTable):
    """The drills in the statistics database (their own table, made if missing)."""

    TABLE = TABLE

    def _table(self, db: sqlite3.Connection) -> bool:
        return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'drills'").fetchone() is not None

    # -- writing ----------------------------------------------------------------------------------------------
    def keep(self, game_id: str, record: HandRecord, level: str, seat: int,
             reviews: Iterable[DecisionReview]) -> list[StorageMessage]:
        """Keep the costly decisions of the player in ``seat`` among ``reviews`` (those of the hand of ``record``,
        of the game ``game_id``, its computers at ``level``) as drills; a decision kept before stays as it is,
        with its progress. The hand's cost row is marked as looked at for drills (:func:`.hand_costs.mark_drilled`,
        in the same transaction; with no costly decision too), so the cost job does not look at it again."""
        found = [r for r in reviews if is_drill(r, seat)]
        if self.stats.read_only:
            return []
        try:
            db = self._db()
            if db is None:
                return []
            hand = read_hand(record)
            db.execute("BEGIN IMMEDIATE")
            try:
                for review in found:
                    db.execute(
                        "INSERT OR IGNORE INTO drills (game_id, hand_number, action_index, variant, level, cost, "
                        "review, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (game_id, hand.hand_number, review.action_index, hand.variant, level,
                         float(review.cost),
                         json.dumps(review_to_json(review), separators=(",", ":")), time.time()))
                hand_costs.mark_drilled(db, game_id, hand.hand_number)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except (sqlite3.Error, ValueError, KeyError, TypeError) as exc:
            return [error(f"The hand's costly decisions could not be kept as drills: {exc}", self.stats.path)]
        return []

    def attempted(self, key: DrillKey, solved: bool) -> list[StorageMessage]:
        """One more attempt at the drill ``key``; ``solved``: this one was sound (a drill once solved stays so)."""
        if self.stats.read_only:
            return []
        try:
            db = self._db()
            if db is None:
                return []
            db.execute("UPDATE drills SET attempts = attempts + 1, solved = max(solved, ?) "
                       "WHERE game_id = ? AND hand_number = ? AND action_index = ?",
                       (int(solved), key.game_id, key.hand_number, key.action_index))
        except sqlite3.Error as exc:
            return [error(f"The drill's progress could not be kept: {exc}", self.stats.path)]
        return []

    # -- reading ----------------------------------------------------------------------------------------------
    def drills(self, variant: str | None = None, level: str | None = None) -> list[StoredDrill]:
        """The drills of the hands played (of one variant and/or computer level), the unsolved first, each group
        the newest first; a drill whose review or hand does not read back is left out."""
        where, args = _where(variant, level)
        try:
            db = self._db()
            if db is None or not self._table(db):
                return []
            rows = db.execute(
                "SELECT d.game_id, d.hand_number, d.action_index, d.variant, d.review, d.attempts, d.solved, "
                "r.record, h.levels, d.recorded_at FROM drills d "
                "JOIN hand_records r ON r.game_id = d.game_id AND r.hand_number = d.hand_number "
                "LEFT JOIN hands h ON h.game_id = d.game_id AND h.hand_number = d.hand_number"
                f"{where} ORDER BY d.solved, d.id DESC", args).fetchall()
        except sqlite3.Error:
            return []
        found = []
        for row in rows:
            stored = _stored(row)
            if stored is not None:
                found.append(stored)
        return found

    def progress(self, variant: str | None = None, level: str | None = None) -> DrillProgress:
        """How many of the drills (of one variant and/or level) are solved, of how many: counted by the database,
        not read (the statistics screen asks at every change of its filters), those whose hand is kept."""
        where, args = _where(variant, level)
        try:
            db = self._db()
            if db is None or not self._table(db):
                return DrillProgress()
            row = db.execute(
                "SELECT coalesce(sum(d.solved), 0), count(*) FROM drills d "
                f"JOIN hand_records r ON r.game_id = d.game_id AND r.hand_number = d.hand_number{where}",
                args).fetchone()
        except sqlite3.Error:
            return DrillProgress()
        return DrillProgress(int(row[0]), int(row[1]))

    def find(self, keys: Sequence[DrillKey]) -> dict[DrillKey, StoredDrill]:
        """Those of ``keys`` that are kept, with their progress."""
        wanted = set(keys)
        return {d.key: d for d in self.drills() if d.key is not None and d.key in wanted}


def _stored(row: Sequence[Any]) -> StoredDrill | None:
    """A drill from its row (with its hand's record and levels), None when any of it does not read back."""
    game_id, hand_number, index, variant, review_text, attempts, solved, record_text, levels, recorded_at = row
    try:
        review = review_from_json(cast("DecisionReviewJson", read_json(review_text)))
        record: HandRecord = check_record(read_json(record_text), replay=False)
    except (RecordError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if review.action_index != index or not is_drill(review, review.seat):
        return None
    drill = Drill(record, review)
    return StoredDrill(DrillKey(str(game_id), int(hand_number), int(index)), drill, str(variant),
                       _levels(levels, drill.hand.seats), int(attempts), bool(solved), float(recorded_at))


__all__ = ["TABLE", "DrillKey", "DrillProgress", "DrillStore", "StoredDrill"]
