"""The duplicate challenge's storage: the challenge in progress (a JSON file beside the saved game) and the
finished challenges (their own table in the statistics database, made when first needed, emptied with the
statistics).

>>> import tempfile, pathlib
>>> from .stats import StatsStore
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> save = ChallengeSave(folder / "challenge.json")
>>> save.save({"number": 7})
[]
>>> save.load()
({'number': 7}, [])
>>> stats, _ = StatsStore.open(folder / "statistics.sqlite3")
>>> results = ChallengeResults(stats)
>>> results.record(FinishedChallenge(7, "two_hand", 8, 120, 80, 1.0))
[]
>>> [(c.number, c.difference) for c in results.recent()]
[(7, 40)]
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .safe_file import MAX_JSON_BYTES, ReadStatus, StorageMessage, atomic_write_bytes, error, keep_aside, read_json
from .stats import StatsTable

CHALLENGE_KIND = "duplicate challenge"
CHALLENGE_FORMAT = 1
_AFRESH = "a new challenge can be started"

_TABLE = """
CREATE TABLE IF NOT EXISTS challenges (
    id INTEGER PRIMARY KEY,
    number INTEGER NOT NULL,
    variant TEXT NOT NULL,
    deals INTEGER NOT NULL,
    player_total INTEGER NOT NULL,
    computer_total INTEGER NOT NULL,
    finished_at REAL NOT NULL
)
"""


class ChallengeSave:
    """The file of the challenge in progress: the app's own dictionary, in an envelope with its kind and format."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = Path(path)
        self.read_only = read_only

    def exists(self) -> bool:
        return self.path.is_file()

    def save(self, data: Mapping[str, object]) -> list[StorageMessage]:
        if self.read_only:
            return []
        content = json.dumps({"kind": CHALLENGE_KIND, "format": CHALLENGE_FORMAT, "challenge": data},
                             separators=(",", ":")).encode("utf-8")
        try:
            atomic_write_bytes(self.path, content)
        except OSError as exc:
            return [error(f"The challenge in progress could not be saved to {self.path}: {exc.strerror or exc}",
                          self.path)]
        return []

    def load(self) -> tuple[dict[str, object] | None, list[StorageMessage]]:
        """The saved challenge's dictionary as it was written (the caller checks it), or ``None`` (no file, or
        a bad one, kept aside with a message)."""
        read = read_json(self.path, "saved challenge", MAX_JSON_BYTES, _AFRESH, self.read_only)
        messages = list(read.messages or [])
        if read.status is ReadStatus.UNREADABLE:
            self.read_only = True
        if not read.ok:
            return None, messages
        data = read.data
        if not isinstance(data, dict) or data.get("kind") != CHALLENGE_KIND or not isinstance(data.get("challenge"),
                                                                                              dict):
            return None, self.keep_aside("is not a saved challenge of this program")
        if data.get("format") != CHALLENGE_FORMAT:
            return None, self.keep_aside(f"has an unknown format {data.get('format')!r}")
        return data["challenge"], messages

    def keep_aside(self, why: str) -> list[StorageMessage]:
        """Move a bad file aside (the message says where); the player starts a new challenge."""
        if self.read_only or not self.path.exists():
            return []
        return keep_aside(self.path, why, "saved challenge", _AFRESH)

    def clear(self) -> list[StorageMessage]:
        if self.read_only:
            return []
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            return [error(f"The finished challenge's save {self.path} could not be removed: {exc.strerror or exc}",
                          self.path)]
        return []


@dataclass(frozen=True)
class FinishedChallenge:
    """A finished challenge: the player's total against the computer's, on the same deals."""

    number: int
    variant: str
    deals: int
    player_total: int
    computer_total: int
    finished_at: float

    @property
    def difference(self) -> int:
        return self.player_total - self.computer_total


class ChallengeResults(StatsTable):
    """The finished challenges in the statistics database (its own table, made if missing)."""

    TABLE = _TABLE

    def record(self, result: FinishedChallenge) -> list[StorageMessage]:
        if self.stats.read_only:
            return []
        try:
            db = self._db()
            if db is None:
                return []
            db.execute("INSERT INTO challenges (number, variant, deals, player_total, computer_total, finished_at) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (result.number, result.variant, result.deals, result.player_total, result.computer_total,
                        result.finished_at or time.time()))
        except sqlite3.Error as exc:
            return [error(f"The finished challenge could not be added to the statistics: {exc}", self.stats.path)]
        return []

    def recent(self, last: int = 30) -> list[FinishedChallenge]:
        """The last finished challenges, oldest first."""
        try:
            db = self._db()
            if db is None:
                return []
            rows = db.execute("SELECT number, variant, deals, player_total, computer_total, finished_at "
                              "FROM challenges ORDER BY id DESC LIMIT ?", (last,)).fetchall()
        except sqlite3.Error:
            return []
        return [FinishedChallenge(*row) for row in reversed(rows)]

    def best_and_average(self) -> tuple[int, float, int] | None:
        """The best difference of all finished challenges, their average and how many there are; ``None``
        before the first."""
        try:
            db = self._db()
            row = None if db is None else db.execute(
                "SELECT max(player_total - computer_total), avg(player_total - computer_total), count(*) "
                "FROM challenges").fetchone()
        except sqlite3.Error:
            return None
        if row is None or not row[2]:
            return None
        return int(row[0]), float(row[1]), int(row[2])


__all__ = ["CHALLENGE_FORMAT", "ChallengeResults", "ChallengeSave", "FinishedChallenge"]
