"""Every screen around the table: title, new game, rules, welcome, settings, statistics, pause, history, dialogs.

The screens talk to the application through the small :class:`~pinochle_gui.app_protocol.App`
protocol and nothing else, so tests drive them with a fake app. This package's one job is to be the
shell's door to them: each ``*_scene`` function builds a scene ready to push on the app's
:class:`~pinochle_gui.scene.SceneStack` (a screen that opens another imports that one's module):

- :func:`title_scene` New game, Continue (when a game is saved), Statistics, Settings, Rules, Quit;
  on its first showing it shows the storage's messages about bad files.
- :func:`new_game_scene` variant, its rule options (from the engine's ``OPTIONS``), names and
  levels of the computer seats, an optional deal number; starts the game through ``app.start_game``.
- :func:`rules_scene` the rules in force (``engine.rules_help``), scrollable, and the welcome again.
- :func:`welcome_scene` the tour: a few pages on a game (the default variant unless given), skippable; the
  shell shows it over the table the first time a game is played.
- :func:`settings_scene` names, avatars, deck, back, theme, speed, sound, default variant and options.
- :func:`statistics_scene` totals per variant and level, a rating chart, reset with confirmation.
- :func:`pause_scene` over the table: resume, rules, settings, hand history, save and quit to title.
- :func:`history_scene` the finished hands of the game in progress; export them as hand records.
- :func:`open_review` a finished hand told again step by step from its record (the summary's and the
  history's "Review"); :func:`open_record_scene` chooses a record file; :func:`open_record_file` opens
  one (a file dropped on the window).
- :func:`drills_scene` practise your mistakes: the costly decisions of the hands played, chosen again.
- :func:`replay_result_scene` a deal played again beside the first time (``app.replay_deal`` plays it).
- :func:`challenge_deal_scene` a duplicate challenge's deal is over: both sides' results;
  :func:`challenge_results_scene` the finished challenge, deal by deal (``app.start_challenge`` starts one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.record import HandRecord

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from engine.game import Game
    from engine.rules import Rules
    from pinochle_gui.app_protocol import App
    from pinochle_gui.scene import Scene
    from pinochle_gui.storage import StorageMessage


def title_scene(app: App) -> Scene:
    from pinochle_gui.screens.title import TitleScene

    return TitleScene(app)


def new_game_scene(app: App) -> Scene:
    from pinochle_gui.screens.new_game import NewGameScene

    return NewGameScene(app)


def rules_scene(app: App, rules: Rules) -> Scene:
    from pinochle_gui.screens.rules import RulesScene

    return RulesScene(app, rules)


def welcome_scene(app: App, rules: Rules | None = None) -> Scene:
    from pinochle_gui.screens.welcome import WelcomeScene

    return WelcomeScene(app, rules)


def settings_scene(app: App) -> Scene:
    from pinochle_gui.screens.settings import SettingsScene

    return SettingsScene(app)


def statistics_scene(app: App) -> Scene:
    from pinochle_gui.screens.statistics import StatisticsScene

    return StatisticsScene(app)


def pause_scene(app: App, game: Game, challenge: bool = False,
                board: tuple[tuple[int, ...], int, int] | None = None) -> Scene:
    """``board``: the scores, hand number and shared deal number the table shows (the game's own when ``None``)."""
    from pinochle_gui.screens.pause import PauseScene

    return PauseScene(app, game, challenge, board)


def history_scene(app: App, game: Game) -> Scene:
    from pinochle_gui.screens.history import HistoryScene

    return HistoryScene(app, game)


def open_review(app: App, records: Sequence[HandRecord], index: int = 0) -> bool:
    """Push the review of ``records[index]`` (the others a page away), or a message if it cannot be replayed."""
    from pinochle_gui.screens.review import open_review as open_it

    return open_it(app, records, index)


def drills_scene(app: App, variant: str | None = None, level: str | None = None) -> Scene:
    """The player's drills (of one variant and/or computer level), the unsolved first."""
    from pinochle_gui.screens.drills import DrillScene

    return DrillScene(app, app.storage.drills.drills(variant, level))


def replay_result_scene(app: App, original: HandRecord, replay: HandRecord) -> Scene:
    from pinochle_gui.screens.replay import ReplayResultScene

    return ReplayResultScene(app, original, replay)


def challenge_deal_scene(app: App) -> Scene:
    from pinochle_gui.screens.challenge import ChallengeDealScene

    return ChallengeDealScene(app)


def challenge_results_scene(app: App) -> Scene:
    from pinochle_gui.screens.challenge import ChallengeResultsScene

    return ChallengeResultsScene(app)


def open_record_scene(app: App) -> Scene:
    from pinochle_gui.screens.open_record import OpenRecordScene

    return OpenRecordScene(app)


def show_messages(app: App, messages: Sequence[StorageMessage]) -> bool:
    """One dialog listing ``messages``; False when there are none."""
    from pinochle_gui.screens.dialogs import show_messages as show_them

    return show_them(app, messages)


def open_record_file(app: App, path: str | Path) -> bool:
    """Review the hands of a record file, or say why it cannot be opened."""
    from pinochle_gui.screens.open_record import open_record_file as open_it

    return open_it(app, path)


__all__ = [
    "challenge_deal_scene",
    "challenge_results_scene",
    "drills_scene",
    "history_scene",
    "new_game_scene",
    "open_record_file",
    "open_record_scene",
    "open_review",
    "pause_scene",
    "replay_result_scene",
    "rules_scene",
    "settings_scene",
    "show_messages",
    "statistics_scene",
    "title_scene",
    "welcome_scene",
]
