"""The table scene as its controls and its painter see it: what they may read and call.

:class:`~pinochle_gui.table.scene.TableScene` is the one implementation. Naming the parts here lets
:mod:`.controls` and :mod:`.painter` work on the scene without importing it, so imports run one way:
the scene uses its controls and painter, never the reverse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from engine.actions import Action
from engine.game import Game
from engine.observation import Observation
from engine.rules import Rules
from pinochle_gui.anim import Timing
from pinochle_gui.art import CardArt
from pinochle_gui.table.director import Director
from pinochle_gui.table.hud import Hud
from pinochle_gui.table.panels import DecisionPanel
from pinochle_gui.table.seats import ComputerSeat, HumanSeat
from pinochle_gui.table.zones import TableCard
from pinochle_gui.theme import Theme
from pinochle_gui.widgets import Button

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import TableApp


class TableView(Protocol):
    """One game at the table: its parts, the player's choices so far, and the scene's own verbs."""

    app: TableApp
    game: Game
    rules: Rules
    obs: Observation
    names: list[str]
    sides: list[str]
    demo: bool
    seats: list[HumanSeat | ComputerSeat]
    theme: Theme
    art: CardArt
    timing: Timing
    director: Director
    hud: Hud
    panel: DecisionPanel
    menu_button: Button | None
    tools: list[Button]
    end_buttons: list[Button]
    end_focus: int | None
    status_rect: pygame.Rect
    hovered: TableCard | None
    focus: int
    selected: list[int]
    show_pad: bool
    hint_action: Action | None
    hint_asked: bool  # a hint is being thought out

    @property
    def replaying(self) -> bool: ...

    @property
    def human_turn(self) -> bool: ...

    @property
    def summary_buttons_shown(self) -> bool: ...

    def submit(self, action: Action) -> None: ...

    def undo(self) -> None: ...

    def ask_hint(self) -> None: ...

    def toggle_pad(self) -> None: ...

    def toggle_last_trick(self) -> None: ...

    def open_menu(self) -> None: ...

    def cycle_sort(self) -> None: ...

    def legal_sprites(self) -> dict[int, Action]: ...

    def card_states(self) -> dict[int, str]: ...

    def status_text(self) -> str: ...

    def observation_now(self) -> Observation: ...

    def draw_tooltips(self, surface: pygame.Surface) -> None: ...

    def place_end_buttons(self, box: pygame.Rect, kind: str = "game over") -> None: ...
