"""The hand records of the hands whose decisions are costed, in a table of their own in the statistics
database, so that a click on the statistics' cost chart opens the review of a hand played long ago.

A hand's record is kept when its decisions go to be costed (:mod:`pinochle_gui.table.cost_job`); it
leaves with an undo that unplays its hand and with a reset of the statistics. The table is created when
missing, like the costs' own (an older copy of the game ignores it). A kept hand with no cost yet (its app closed
before the cost job was done, or kept before the drills existed) waits for the cost job (:func:`waiting_query`),
unless the job gave up on it; so does, after those, a kept hand with a cost that has not been looked at for drills
(costed before the drills existed: its row in ``hand_costs`` not ``drilled``).
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


#: The kept hands without a cost, or with one but not looked at for drills, that the cost job has not given up on:
#: the joins, then the condition.
_JOINS = ("FROM hand_records r LEFT JOIN hand_costs c ON c.game_id = r.game_id AND c.hand_number = r.hand_number "
          "LEFT JOIN hand_costs_skipped s ON s.game_id = r.game_id AND s.hand_number = r.hand_number")
_WAITING = "WHERE (c.id IS NULL OR c.drilled = 0) AND s.game_id IS NULL"


def waiting_query() -> tuple[str, tuple[Any, ...]]:
    """The kept hands still to be costed, the newest kept first, then those costed but not looked at for drills, the
    newest kept first: each one's game, number, record (as kept), and the player's seat and the computers' level
    from its row in the statistics (None where it has none)."""
    return ("SELECT r.game_id, r.hand_number, r.record, h.player_seat, h.level "
            f"{_JOINS} LEFT JOIN hands h ON h.game_id = r.game_id AND h.hand_number = r.hand_number {_WAITING} "
            "ORDER BY c.id IS NOT NULL, r.id DESC", ())


def waiting_count_query() -> tuple[str, tuple[Any, ...]]:
    """How many kept hands are still to be costed or looked at for drills."""
    return f"SELECT count(*) {_JOINS} {_WAITING}", ()


__all__ = ["TABLE", "costliest_query", "create", "insert", "waiting_count_query", "waiting_query"]
