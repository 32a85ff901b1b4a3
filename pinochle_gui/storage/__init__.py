"""Storage of the desktop game: settings, the game in progress, statistics, and where they live.

Every function here returns :class:`StorageMessage` values for the player instead of raising on a
bad file; see docs/reliability.md for the faults tried.

>>> import tempfile
>>> storage = Storage.open(tempfile.mkdtemp())
>>> storage.settings.player_name, storage.messages
('You', [])
>>> storage.close()
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.record import HandRecord

from .challenges import ChallengeResults, ChallengeSave
from .drills import DrillKey, DrillProgress, DrillStore, StoredDrill
from .lock import AppLock
from .paths import APP_NAME, HOME_ENV, AppPaths, app_paths
from .rating import COMPUTER_LEVELS, INITIAL_RATING, LEVEL_RATINGS, expected_score, level_rating, update_rating
from .safe_file import StorageError, StorageMessage, atomic_write_bytes, atomic_write_json, read_json
from .saves import SAVE_FORMAT, SavedGame, SaveStore, SaveWorker
from .settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    CHOICES,
    DECK_DESIGNS,
    SETTINGS_FORMAT,
    SORT_ORDERS,
    TABLE_THEMES,
    TEXT_SIZES,
    Settings,
    SettingsStore,
)
from .stats import SCHEMA_VERSION, StatsStore
from .tallies import BestHand, BreakdownRow, GamePoint, GameStat, HandStat, StatsSummary

__all__ = [
    "ALREADY_OPEN",
    "ANIMATION_SPEEDS",
    "APP_NAME",
    "AppLock",
    "AppPaths",
    "BestHand",
    "BreakdownRow",
    "CARD_BACKS",
    "CHOICES",
    "COMPUTER_LEVELS",
    "DECK_DESIGNS",
    "DrillKey",
    "DrillProgress",
    "DrillStore",
    "GamePoint",
    "GameStat",
    "HOME_ENV",
    "HandStat",
    "INITIAL_RATING",
    "LEVEL_RATINGS",
    "SAVE_FORMAT",
    "SCHEMA_VERSION",
    "SETTINGS_FORMAT",
    "SORT_ORDERS",
    "TEXT_SIZES",
    "SaveStore",
    "SaveWorker",
    "SavedGame",
    "Settings",
    "SettingsStore",
    "StatsStore",
    "StatsSummary",
    "Storage",
    "StorageError",
    "StorageMessage",
    "StoredDrill",
    "TABLE_THEMES",
    "app_paths",
    "atomic_write_bytes",
    "atomic_write_json",
    "expected_score",
    "level_rating",
    "read_json",
    "update_rating",
]


ALREADY_OPEN = ("Pinochle is already open in another window. This window can play and show the statistics, "
                "but it saves nothing: not the game, not the statistics, not the settings. "
                "To keep your progress, close this window and play in the other one.")


@dataclass
class Storage:
    """All the app's storage, opened together at start-up; ``messages`` are for the player.

    The running copy of the game holds the data folder's :class:`AppLock`; a second copy started on
    the same folder opens everything read-only (``read_only``) and says so in its first message.
    """

    paths: AppPaths
    settings_store: SettingsStore
    saves: SaveStore
    stats: StatsStore
    settings: Settings
    messages: list[StorageMessage] = field(default_factory=list)
    lock: AppLock | None = None
    #: Another copy of the game owns these files: this one reads them and writes nothing.
    read_only: bool = False

    @classmethod
    def open(cls, home: Path | str | None = None) -> Storage:
        """Open settings, saves and statistics under ``home`` (or ``$PINOCHLE_HOME``, or the platform's folders)."""
        paths = app_paths(home)
        lock = AppLock.take(paths.data_dir)
        read_only = lock is None
        settings_store = SettingsStore(paths.settings_file)
        saves = SaveStore(paths.save_file)
        settings_store.read_only = saves.read_only = read_only
        settings, messages = settings_store.load()
        stats, stats_messages = StatsStore.open(paths.stats_file, read_only)
        first = [StorageMessage("warning", ALREADY_OPEN)] if read_only else []
        return cls(paths, settings_store, saves, stats, settings, first + messages + stats_messages, lock,
                   read_only)

    @functools.cached_property
    def challenge_save(self) -> ChallengeSave:
        """The duplicate challenge in progress."""
        return ChallengeSave(self.paths.challenge_file, self.read_only)

    @property
    def challenge_results(self) -> ChallengeResults:
        """The finished duplicate challenges (in the statistics database)."""
        return ChallengeResults(self.stats)

    @property
    def drills(self) -> DrillStore:
        """The player's drills: the costly decisions of the hands played, and the progress on each (in the
        statistics database)."""
        return DrillStore(self.stats)

    def update_settings(self, **changes: object) -> list[StorageMessage]:
        """Change some settings and save them at once."""
        self.settings = dataclasses.replace(self.settings, **changes)  # type: ignore[arg-type]
        return self.settings_store.save(self.settings)

    def record_hand(
        self,
        record: HandRecord,
        player_seat: int,
        levels: Sequence[str | None],
        demo: bool = False,
        game_id: str | None = None,
    ) -> list[StorageMessage]:
        """Add a finished hand, given as its hand record (docs/records.md), to the statistics.

        ``levels``: each seat's computer level, ``None`` for the player's seat. Demo games are not recorded.
        ``game_id``: a key unique to this game, kept in the save so a resumed game keeps it (the
        record's ``game_id`` otherwise, which is the engine's seed and may repeat). A hand or game
        recorded twice under the same key counts once.
        """
        if demo:
            return []
        try:
            hand = HandStat.from_record(record, player_seat, levels, game_id)
        except ValueError as exc:
            return [StorageMessage("error", f"This hand could not be added to the statistics: {exc}")]
        return self.stats.record_hand(hand)

    def record_game(
        self,
        records: Sequence[HandRecord],
        player_seat: int,
        levels: Sequence[str | None],
        demo: bool = False,
        started_at: float = 0.0,
        game_id: str | None = None,
    ) -> list[StorageMessage]:
        """Add a finished game (all its hand records, the last one with the winner) and move the rating.

        Hands not yet recorded with :meth:`record_hand` go in with it; ``game_id`` as there.
        """
        if demo:
            return []
        try:
            hands = [HandStat.from_record(record, player_seat, levels, game_id) for record in records]
            game = GameStat.from_records(records, player_seat, levels)
            game = dataclasses.replace(game, started_at=started_at, game_id=game_id or game.game_id)
        except ValueError as exc:
            return [StorageMessage("error", f"This game could not be added to the statistics: {exc}")]
        return self.stats.record_game(game, hands=hands)

    def close(self) -> None:
        self.stats.close()
        if self.lock is not None:
            self.lock.release()
            self.lock = None
