"""The hand records of the hands whose decisions are costed, in a table of their own in the statistics
database, so that a click on the statistics' cost chart opens the review of a hand played long ago.

A hand's record is kept when its decisions go to be costed (:mod:`pinochle_gui.table.cost_job`); it
leaves with an undo that unplays its hand and with a reset of the statistics. The table is created when
missing, like the costs' own (an older copy of the game ignores it).
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from engine.record import HandRecord, read_hand

TABLE = """
CREATE TABLE IF NOT EXISTS hand_records (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    hand_number INTEGER NOT NULL,
    record TEXT NOT NULL,
    UNIQUE (game_id, hand_number)
)
"""


def create(db: sqlite3.Connection) -> None:
    db.execute(TABLE)


def insert(db: sqlite3.Connection, game_id: str, record: HandRecord) -> None:
    """Keep ``record`` of the game ``game_id`` (once: the same hand again changes nothing)."""
    db.execute("INSERT OR IGNORE INTO hand_records (game_id, hand_number, record) VALUES (?, ?, ?)",
               (game_id, read_hand(record).hand_number, json.dumps(record, separators=(",", ":"))))


def costliest_query(game_id: str) -> tuple[str, tuple[Any, ...]]:
    """The kept records of ``game_id``'s costed hands in order, each with its cost."""
    return ("SELECT r.record, c.cost FROM hand_records r JOIN hand_costs c "
            "ON c.game_id = r.game_id AND c.hand_number = r.hand_number "
            "WHERE r.game_id = ? ORDER BY r.hand_number", (game_id,))


__all__ = ["TABLE", "costliest_query", "create", "insert"]
