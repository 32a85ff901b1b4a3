"""The pause menu over the table: resume, rules of the game in force, settings, hand history, copy the
game's hands as text and save a picture of the table, save and quit to the title screen, or quit the app.
The game is saved after every action, so leaving loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine.deal import shared_deal_number
from pinochle_gui.screens.dialogs import message
from pinochle_gui.screens.history import HistoryScene
from pinochle_gui.screens.rules import RulesScene
from pinochle_gui.screens.screen import Overlay
from pinochle_gui.screens.settings import SettingsScene
from pinochle_gui.share import copy_hands, save_picture
from pinochle_gui.widgets import blit_text

if TYPE_CHECKING:
    from engine.game import Game
    from pinochle_gui.app_protocol import App


Entry = tuple[str, Callable[[], object], int | None, str]  # a button: its words, action, key and tooltip


class PauseScene(Overlay):
    heading = "Paused"
    panel_size = (460, 540)

    def content_state(self) -> object:
        return self.summary_lines()

    def __init__(self, app: App, game: Game, challenge: bool = False,
                 board: tuple[tuple[int, ...], int, int] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.challenge = challenge  # a deal of the duplicate challenge: "Continue challenge" brings it back
        # What the table's score board shows (over a hand's summary, that hand, not the one dealt next).
        self.board = board

    def build(self) -> None:
        app, game = self.app, self.game
        panel = self.panel_rect()
        kept, again = ("challenge", "Continue challenge") if self.challenge else ("game", "Continue")
        share: list[Entry] = [
            ("Copy hands", self.copy_hands, pygame.K_c, "The hands played so far, as text to share"),
            ("Save picture", self.save_picture, pygame.K_p, "A picture of the table, as it is behind this menu"),
        ]
        rows: list[list[Entry]] = [  # each row: one button, or two side by side
            [("Resume", self.back, pygame.K_r, "Back to the table (Esc)")],
            [("Rules", lambda: app.stack.push(RulesScene(app, game.rules), "fade"), None, "The rules in force")],
            [("Settings", lambda: app.stack.push(SettingsScene(app), "fade"), None, "Cards, table, sound")],
            [("Hand history", lambda: app.stack.push(HistoryScene(app, game), "fade"), pygame.K_h,
              "The hands of this game")],
            share,
            [("Save and quit to title", app.leave_game, None, f"Your {kept} is kept: {again} brings it back")],
            [("Quit", app.quit, None, f"Close the app; the {kept} is saved")],
        ]
        top = panel.y + self.px(56) + self.px_text(52)  # under the two lines of the game so far
        room = panel.bottom - self.px(20) - top
        h = min(self.px(50), room // len(rows) - self.px(8))
        gap = max(4, min(self.px(12), (room - h * len(rows)) // max(1, len(rows) - 1)))
        w = panel.w - self.px(64)
        first = None
        for i, row in enumerate(rows):
            bw = (w - gap * (len(row) - 1)) // len(row)
            for j, (text, action, hotkey, tip) in enumerate(row):
                rect = pygame.Rect(panel.centerx - w // 2 + j * (bw + gap), top + i * (h + gap), bw, h)
                b = self.button(rect, text, action, hotkey, tip)
                b.enabled = action != self.copy_hands or bool(game.hand_records)
                first = first or b
        self.set_focus(first)

    def copy_hands(self) -> None:
        """The hands finished in this game, as text on the clipboard (or in a file when there is none)."""
        message(self.app, *copy_hands(self.game.hand_records, self.app.storage.paths.data_dir))

    def save_picture(self) -> None:
        """The table behind this menu, as a PNG."""
        scenes = self.app.stack.scenes
        below = scenes[scenes.index(self) - 1] if self in scenes and scenes.index(self) > 0 else None
        if below is None:
            return
        picture = pygame.Surface(self.size)
        below.draw(picture)
        message(self.app, *save_picture(picture, self.app.storage.paths.data_dir, "table"))

    def summary_lines(self) -> tuple[str, str]:
        """The hand and deal numbers, and each side's score, as the table's score board shows them."""
        g = self.game
        board = self.board or (tuple(g.scores), g.hand_number,
                               shared_deal_number(g.deal_number, g.hand.deal.dealer, g.rules.players))
        points, hand_number, deal_number = board
        sides = [" & ".join(g.players[seat] for seat in team) for team in g.rules.teams]
        scores = "    ".join(f"{side} {score}" for side, score in zip(sides, points, strict=False))
        return f"Hand {hand_number}  ·  deal {deal_number}", scores

    def draw_content(self, surface: pygame.Surface) -> None:
        panel = self.panel_rect()
        t = self.theme
        width = panel.w - self.px(24)
        line, scores = self.summary_lines()
        blit_text(
            surface, line, self.px(16), t.text_dim, (panel.centerx, panel.y + self.px(56)), "regular", "midtop", width
        )
        y = panel.y + self.px(56) + self.px_text(22)
        blit_text(surface, scores, self.px(16), t.text, (panel.centerx, y), "bold", "midtop", width)
