"""The cost of the player's decisions per hand, in a table of its own in the statistics database.

After each hand the player plays, the app values the player's decisions in the background
(:mod:`pinochle_gui.table.cost_job`) and stores here what they cost in points of that hand, how many there
were and how many were graded best or good (the hand's accuracy, :func:`engine.ai.analysis.accuracy.accuracy`): the
statistics screen charts the average cost per game and each game's accuracy, so a player can see improvement.
The table is created when missing, and given the column of sound decisions when it has none (not a schema
version of its own: an older copy of the game simply ignores them; a hand stored before has no accuracy), and
emptied with the statistics. A kept hand the cost job could not value (a foreign or damaged record) is noted in a
small table of its own, ``hand_costs_skipped``, so that it is not tried again at every start. Each hand's row says
whether the hand has been looked at for drills (``drilled``, set when its drills are stored,
:func:`mark_drilled`): a hand costed before the drills existed (a table given the column, its rows 0) has not, and
the cost job looks at it again for its drills (:mod:`.hand_records`, :func:`.hand_records.waiting_query`).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.analysis.accuracy import Accuracy

TABLE = """
CREATE TABLE IF NOT EXISTS hand_costs (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    hand_number INTEGER NOT NULL,
    variant TEXT NOT NULL,
    level TEXT NOT NULL,
    cost REAL NOT NULL CHECK (cost >= 0),
    decisions INTEGER NOT NULL,
    recorded_at REAL NOT NULL,
    sound INTEGER CHECK (sound IS NULL OR sound BETWEEN 0 AND decisions),
    drilled INTEGER NOT NULL DEFAULT 0 CHECK (drilled IN (0, 1)),
    UNIQUE (game_id, hand_number)
)
"""
#: The kept hands the cost job gave up on, and why: not tried again.
SKIPPED = """
CREATE TABLE IF NOT EXISTS hand_costs_skipped (
    game_id TEXT NOT NULL,
    hand_number INTEGER NOT NULL,
    reason TEXT NOT NULL,
    recorded_at REAL NOT NULL,
    PRIMARY KEY (game_id, hand_number)
)
"""
#: The column of the decisions graded best or good, added to a table made before it.
SOUND_COLUMN = "ALTER TABLE hand_costs ADD COLUMN sound INTEGER CHECK (sound IS NULL OR sound BETWEEN 0 AND decisions)"
#: The column of the hands looked at for drills, added to a table made before it (its hands then not looked at).
DRILLED_COLUMN = "ALTER TABLE hand_costs ADD COLUMN drilled INTEGER NOT NULL DEFAULT 0 CHECK (drilled IN (0, 1))"


@dataclass(frozen=True)
class HandCost:
    """What the player's decisions in one hand cost, in points of that hand (the costs its review's steps show),
    how many decisions there were, and how many of them were graded best or good (None: not counted)."""

    game_id: str
    hand_number: int
    variant: str
    level: str
    cost: float
    decisions: int
    recorded_at: float = 0.0
    sound: int | None = None

    @classmethod
    def of(cls, game_id: str, hand_number: int, variant: str, level: str, found: Accuracy) -> HandCost:
        """A hand's cost and accuracy as the analysis found them (:func:`engine.ai.analysis.accuracy.accuracy`)."""
        return cls(game_id, hand_number, variant, level, found.lost, found.decisions, sound=found.sound)


@dataclass(frozen=True)
class CostPoint:
    """One game of the chart: the average cost per hand of its analysed hands, and the game's accuracy over the
    hands whose sound decisions were counted (None: none was)."""

    game_id: str
    variant: str
    hands: int
    average: float
    recorded_at: float
    accuracy: Accuracy | None = None


def create(db: sqlite3.Connection) -> None:
    db.execute(TABLE)
    db.execute(SKIPPED)
    columns = {str(row[1]) for row in db.execute("PRAGMA table_info(hand_costs)")}
    if "sound" not in columns:
        db.execute(SOUND_COLUMN)
    if "drilled" not in columns:
        db.execute(DRILLED_COLUMN)


def insert(db: sqlite3.Connection, cost: HandCost) -> None:
    """Store a hand's cost (once: the same hand again changes nothing)."""
    if not cost.cost >= 0 or cost.decisions < 0:
        raise ValueError(f"a hand cannot cost {cost.cost} points")
    if cost.sound is not None and not 0 <= cost.sound <= cost.decisions:
        raise ValueError(f"{cost.sound} of {cost.decisions} decisions cannot be sound")
    db.execute(
        "INSERT OR IGNORE INTO hand_costs (game_id, hand_number, variant, level, cost, decisions, recorded_at, sound) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (cost.game_id, cost.hand_number, cost.variant, cost.level, float(cost.cost), cost.decisions,
         cost.recorded_at or time.time(), cost.sound),
    )


def mark_drilled(db: sqlite3.Connection, game_id: str, hand_number: int) -> None:
    """Note that the hand ``hand_number`` of ``game_id`` has been looked at for drills (its costly decisions kept as
    drills, or none found): the cost job does not look at it again (a hand with no cost row is not marked)."""
    db.execute("UPDATE hand_costs SET drilled = 1 WHERE game_id = ? AND hand_number = ?", (game_id, hand_number))


def skip(db: sqlite3.Connection, game_id: str, hand_number: int, reason: str) -> None:
    """Note that the hand ``hand_number`` of ``game_id`` could not be valued (once: noting it again changes
    nothing)."""
    db.execute("INSERT OR IGNORE INTO hand_costs_skipped (game_id, hand_number, reason, recorded_at) "
               "VALUES (?, ?, ?, ?)", (game_id, hand_number, reason[:500], time.time()))


def series_query(where: str, args: Sequence[Any], last: int) -> tuple[str, tuple[Any, ...]]:
    """The last ``last`` games' average cost per hand, newest first (the caller turns it round), with the decisions,
    the sound ones and the cost of the hands whose sound decisions were counted."""
    counted = "CASE WHEN sound IS NULL THEN 0 ELSE {} END"
    sql = ("SELECT game_id, min(variant), count(*), avg(cost), max(recorded_at), "
           f"sum({counted.format('decisions')}), sum({counted.format('sound')}), sum({counted.format('cost')}), "
           f"count(sound) FROM hand_costs{where} GROUP BY game_id ORDER BY min(id) DESC LIMIT ?")
    return sql, (*args, max(0, last))


def points(rows: Sequence[tuple[Any, ...]]) -> list[CostPoint]:
    """The chart's games from the rows of :func:`series_query`, oldest first; a game's accuracy is its hands'
    added up (:func:`engine.ai.analysis.accuracy.game_accuracy`, as the database adds them)."""
    return [CostPoint(str(r[0]), str(r[1]), int(r[2]), float(r[3]), float(r[4]),
                      Accuracy(int(r[5]), int(r[6]), round(float(r[7]), 1)) if int(r[8]) else None)
            for r in reversed(rows)]


__all__ = ["DRILLED_COLUMN", "SKIPPED", "SOUND_COLUMN", "TABLE", "CostPoint", "HandCost", "create", "insert",
           "mark_drilled", "points", "series_query", "skip"]
