"""Where settings, saves and statistics live.

By default the platform's folders for the app "pinochle" (platformdirs): settings in the user config
folder, saves and statistics in the user data folder. ``PINOCHLE_HOME`` (or an explicit folder, as
the tests use) puts everything under one folder instead: ``<home>/config`` and ``<home>/data``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "pinochle"
HOME_ENV = "PINOCHLE_HOME"


@dataclass(frozen=True)
class AppPaths:
    """The folders and files of the app's storage."""

    config_dir: Path
    data_dir: Path

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def save_file(self) -> Path:
        """The game in progress."""
        return self.data_dir / "current_game.json"

    @property
    def challenge_file(self) -> Path:
        """The duplicate challenge in progress."""
        return self.data_dir / "challenge.json"

    @property
    def stats_file(self) -> Path:
        return self.data_dir / "statistics.sqlite3"

    @classmethod
    def under(cls, home: Path | str) -> AppPaths:
        home = Path(home).expanduser()
        return cls(config_dir=home / "config", data_dir=home / "data")


def app_paths(home: Path | str | None = None) -> AppPaths:
    """The storage folders: ``home`` if given, else ``$PINOCHLE_HOME`` if set, else the platform's."""
    if home is None:
        home = os.environ.get(HOME_ENV) or None
    if home is not None:
        return AppPaths.under(home)
    return AppPaths(
        config_dir=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        data_dir=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
    )
