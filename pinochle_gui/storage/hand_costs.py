"""The cost of the player's decisions per hand, in a table of its own in the statistics database.

After each hand the player plays, the app values the player's decisions in the background
(:mod:`pinochle_gui.hand_costs`) and stores here what they cost in points of that hand: the statistics
screen charts the average per game, so a player can see improvement. The table is created when missing
(not a schema version of its own: an older copy of the game simply ignores it) and emptied with the
statistics.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
    UNIQUE (game_id, hand_number)
)
"""


@dataclass(frozen=True)
class HandCost:
    """What the player's decisions in one hand cost, in points of that hand."""

    game_id: str
    hand_number: int
    variant: str
    level: str
    cost: float
    decisions: int
    recorded_at: float = 0.0


@dataclass(frozen=True)
class CostPoint:
    """One game of the chart: the average cost per hand of its analysed hands."""

    game_id: str
    variant: str
    hands: int
    average: float
    recorded_at: float


def create(db: sqlite3.Connection) -> None:
    db.execute(TABLE)


def insert(db: sqlite3.Connection, cost: HandCost) -> None:
    """Store a hand's cost (once: the same hand again changes nothing)."""
    if not cost.cost >= 0 or cost.decisions < 0:
        raise ValueError(f"a hand cannot cost {cost.cost} points")
    db.execute(
        "INSERT OR IGNORE INTO hand_costs (game_id, hand_number, variant, level, cost, decisions, recorded_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (cost.game_id, cost.hand_number, cost.variant, cost.level, float(cost.cost), cost.decisions,
         cost.recorded_at or time.time()),
    )


def series_query(where: str, args: Sequence[Any], last: int) -> tuple[str, tuple[Any, ...]]:
    """The last ``last`` games' average cost per hand, newest first (the caller turns it round)."""
    sql = ("SELECT game_id, min(variant), count(*), avg(cost), max(recorded_at) FROM hand_costs"
           f"{where} GROUP BY game_id ORDER BY min(id) DESC LIMIT ?")
    return sql, (*args, max(0, last))


def points(rows: Sequence[tuple[Any, ...]]) -> list[CostPoint]:
    return [CostPoint(str(r[0]), str(r[1]), int(r[2]), float(r[3]), float(r[4])) for r in reversed(rows)]


__all__ = ["CostPoint", "HandCost", "TABLE", "create", "insert", "points", "series_query"]
