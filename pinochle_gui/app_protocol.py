"""What the scenes may ask of the running app: the :class:`App` protocol of the menu screens and the
:class:`TableApp` protocol of the card table, both met by :class:`pinochle_gui.shell.App`; and what the
app may read of the table it is called back by (:class:`AppTable`, met by
:class:`pinochle_gui.table.scene.TableScene`).

The screens and the table import these protocols instead of the shell, so the shell can build them
without an import circle; tests and the screenshot tool drive the screens with small fake apps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from engine.record import HandRecord

if TYPE_CHECKING:
    from engine.challenge import Challenge
    from engine.game import Game
    from engine.rules import Rules
    from pinochle_gui.challenge_run import ChallengeRun
    from pinochle_gui.scene import SceneStack
    from pinochle_gui.shared_analysis import SharedAnalysis
    from pinochle_gui.storage import Settings, Storage, StorageMessage


class SoundPlayer(Protocol):
    """What the screens need of :class:`pinochle_gui.sound.SoundBank`."""

    def play(self, name: str) -> bool: ...


#: The score board as the table shows it: the scores, the hand number and the deal number as shared.
Board = tuple[tuple[int, ...], int, int]


class AppSeats(Protocol):
    """What the app reads of a table's seats (met by :class:`pinochle_gui.table.scene.SeatsConfig`)."""

    @property
    def levels(self) -> list[str | None]:
        """Every seat's computer level; ``None``: the player."""
        ...

    @property
    def game_key(self) -> str:
        """Unique to the game (statistics and saves)."""
        ...

    @property
    def started_at(self) -> float: ...

    def to_dict(self) -> Mapping[str, object]:
        """The seats as the save keeps them beside the game."""
        ...


class AppTable(Protocol):
    """The card table as the app sees it when the table calls it back (:class:`TableApp`): the game and
    who plays it, and what the table shows, never the table's inner parts (its director, its cards)."""

    @property
    def game(self) -> Game: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def config(self) -> AppSeats: ...

    @property
    def demo(self) -> bool:
        """Computers in every seat (the demo): not saved, not counted."""
        ...

    @property
    def challenge(self) -> bool:
        """A deal of the duplicate challenge."""
        ...

    @property
    def original(self) -> HandRecord | None:
        """The record of the hand whose deal this table plays again, if it does."""
        ...

    @property
    def replaying(self) -> bool:
        """A one-hand game, off the books: a deal played again or a challenge's deal."""
        ...

    @property
    def replay_over(self) -> bool:
        """The deal played again is scored."""
        ...

    @property
    def board(self) -> Board | None:
        """The score board as the table shows it now (``None`` before it shows one)."""
        ...


class App(Protocol):
    """What the menu screens need of the application."""

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
    def shared_analysis(self) -> SharedAnalysis:
        """What the analyses of the hands share during the app's run: the player's decisions reviewed from the
        player's view (the cost job's and the review's), and each seat's accuracy per hand."""
        ...

    @property
    def sound(self) -> SoundPlayer: ...

    def update_settings(self, **changes: object) -> list[StorageMessage]:
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
        player (seat 0); ``names[seat]``: every seat's name; ``deal_number``: replay that first deal, a
        number as a hand shows it (:func:`engine.deal.shared_deal_number`: the deal and its dealer)."""
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

    def replay_deal(self, record: HandRecord) -> bool:
        """Play the hand of ``record`` again: the same cards at the same seats and names, the computers at
        the same levels, as a one-hand game that is neither saved nor counted. True when it started."""
        ...

    @property
    def challenge(self) -> ChallengeRun | None:
        """The duplicate challenge being played, if any."""
        ...

    def start_challenge(self, challenge: Challenge, names: Sequence[str]) -> None:
        """A new duplicate challenge: the computer starts on its deals, the player's first deal is dealt."""
        ...

    def continue_challenge(self) -> None:
        """The saved challenge, where it was left (or a message saying why it cannot be)."""
        ...

    def play_challenge_deal(self) -> None:
        """The challenge's next deal at the table."""
        ...

    def show_challenge_results(self) -> None:
        """The challenge's results, deal by deal."""
        ...

    def leave_challenge(self) -> None:
        """Save the challenge (unless finished) and go back to the title screen."""
        ...

    def review_hand(self, records: Sequence[HandRecord], index: int) -> None:
        """The review of ``records[index]``, over the screen now shown."""
        ...


class TableApp(App, Protocol):
    """What the card table needs of the application besides the screens' :class:`App`.

    The table passes itself to the callbacks (``after_action(table)`` and the rest), as an
    :class:`AppTable`: the table scene lives above this module, and the app needs only that much of it.
    """

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    @property
    def animation_speed(self) -> str:
        """The speed of the table's animations (``"instant"`` with ``--fast``)."""
        ...

    @property
    def default_level(self) -> str:
        """The level of a computer seat whose level is not given (the command line's ``--level``)."""
        ...

    def play_sound(self, name: str) -> None: ...

    def toggle_mute(self) -> bool:
        """Sound on or off (stored); True when now muted."""
        ...

    def toggle_fullscreen(self) -> None: ...

    def open_pause(self, table: AppTable) -> None:
        """The pause menu over the table."""
        ...

    def open_rules(self, rules: Rules) -> None:
        """The rules in force, over the table."""
        ...

    def new_game_like(self, table: AppTable) -> None:
        """A new game with the table's rules, levels and names."""
        ...

    def after_action(self, table: AppTable) -> None:
        """Save the game after an action."""
        ...

    def hands_finished(self, table: AppTable, records: list[HandRecord]) -> None:
        """Hands just scored: their records, for the statistics and ``--records``."""
        ...

    def game_finished(self, table: AppTable) -> None:
        """The game is over."""
        ...

    def game_over_shown(self, table: AppTable) -> None:
        """The game's end is on screen."""
        ...

    def replay_finished(self, table: AppTable) -> None:
        """A deal played again is over: its result beside the first one's."""
        ...


__all__ = ["App", "AppSeats", "AppTable", "Board", "SoundPlayer", "TableApp"]
