"""Every screen around the table: title, new game, rules, welcome, settings, statistics, pause, history, dialogs.

The screens talk to the application through the small :class:`App` protocol below and nothing else,
so tests drive them with a fake app. Each ``*_scene`` function builds a scene ready to push on the
app's :class:`~pinochle_gui.scene.SceneStack`:

- :func:`title_scene` New game, Continue (when a game is saved), Statistics, Settings, Rules, Quit;
  on its first showing it shows the storage's messages about bad files and, on the first run, the welcome.
- :func:`new_game_scene` variant, its rule options (from the engine's ``OPTIONS``), names and
  levels of the computer seats, an optional deal number; starts the game through ``app.start_game``.
- :func:`rules_scene` the rules in force (``engine.rules_help``), scrollable, and the welcome again.
- :func:`welcome_scene` a few pages on the default variant for a first run, skippable.
- :func:`settings_scene` names, avatars, deck, back, theme, speed, sound, default variant and options.
- :func:`statistics_scene` totals per variant and level, a rating chart, reset with confirmation.
- :func:`pause_scene` over the table: resume, rules, settings, hand history, save and quit to title.
- :func:`history_scene` the finished hands of the game in progress; export them as hand records.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from engine.game import Game
    from engine.rules import Rules
    from pinochle_gui.scene import Scene, SceneStack
    from pinochle_gui.storage import Settings, Storage, StorageMessage


class SoundPlayer(Protocol):
    """What the screens need of :class:`pinochle_gui.sound.SoundBank`."""

    def play(self, name: str) -> bool: ...


class App(Protocol):
    """What the screens need of the application (engineer T1's ``pinochle_gui.shell.App``)."""

    @property
    def stack(self) -> SceneStack:
        """The app's scenes; screens push, pop and replace on it."""
        ...

    @property
    def storage(self) -> Storage:
        """Settings, saves and statistics (``storage.messages``: start-up problems for the player)."""
        ...

    @property
    def settings(self) -> Settings:
        """The settings in force (``storage.settings`` after :meth:`update_settings`)."""
        ...

    @property
    def sound(self) -> SoundPlayer: ...

    def update_settings(self, **changes: Any) -> list[StorageMessage]:
        """Change some settings, store them and apply them at once (theme, deck, sound, window)."""
        ...

    def start_game(
        self,
        rules: Rules,
        levels: Sequence[str | None],
        names: Sequence[str],
        seed: int | None = None,
        deal_number: int | None = None,
    ) -> None:
        """Start a new game and show the table. ``levels[seat]``: a computer level, ``None`` for the
        player (seat 0); ``names[seat]``: every seat's name; ``deal_number``: replay that first deal."""
        ...

    def continue_game(self) -> None:
        """Restore the saved game and show the table as it was."""
        ...

    def leave_game(self) -> None:
        """Save the game in progress (nothing is lost) and go back to the title screen."""
        ...

    def quit(self) -> None:
        """Close the app (the game in progress is saved)."""
        ...


def title_scene(app: App) -> Scene:
    from pinochle_gui.screens.title import TitleScene

    return TitleScene(app)


def new_game_scene(app: App) -> Scene:
    from pinochle_gui.screens.new_game import NewGameScene

    return NewGameScene(app)


def rules_scene(app: App, rules: Rules) -> Scene:
    from pinochle_gui.screens.rules import RulesScene

    return RulesScene(app, rules)


def welcome_scene(app: App) -> Scene:
    from pinochle_gui.screens.welcome import WelcomeScene

    return WelcomeScene(app)


def settings_scene(app: App) -> Scene:
    from pinochle_gui.screens.settings import SettingsScene

    return SettingsScene(app)


def statistics_scene(app: App) -> Scene:
    from pinochle_gui.screens.statistics import StatisticsScene

    return StatisticsScene(app)


def pause_scene(app: App, game: Game) -> Scene:
    from pinochle_gui.screens.pause import PauseScene

    return PauseScene(app, game)


def history_scene(app: App, game: Game) -> Scene:
    from pinochle_gui.screens.history import HistoryScene

    return HistoryScene(app, game)


__all__ = [
    "App",
    "SoundPlayer",
    "history_scene",
    "new_game_scene",
    "pause_scene",
    "rules_scene",
    "settings_scene",
    "statistics_scene",
    "title_scene",
    "welcome_scene",
]
