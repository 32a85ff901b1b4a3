"""A new duplicate challenge: the new-game screen's variant, rule options, names and levels, with the number
of deals and the challenge number (empty: a new one) instead of a deal number.

The same number with the same settings deals the same set of deals on any machine: that is how a
challenge is shared. When a challenge is in progress (the title screen's **Continue challenge** brings
it back), Start asks before dropping it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.challenge import DEFAULT_DEALS, MAX_DEALS, MAX_NUMBER, MIN_DEALS, Challenge, random_number
from pinochle_gui.fonts import scaled
from pinochle_gui.screens.dialogs import confirm
from pinochle_gui.screens.new_game import NewGameScene
from pinochle_gui.widgets import NumberRow, Row, TextRow, blit_text, wrap

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

#: What a challenge is, under the heading (on two lines where one is too short).
WHAT_IT_IS = ("Play a set of deals; the hard computer plays the very same cards from your seat. "
              "Your score against its, deal by deal.")


class ChallengeSetupScene(NewGameScene):
    heading = "Duplicate challenge"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.deals = DEFAULT_DEALS
        self.number_text = ""

    def player_rows(self) -> list[Row]:
        rows = [row for row in super().player_rows() if row.label != "Deal number"]
        rows.append(NumberRow("Deals", self.deals, MIN_DEALS, MAX_DEALS, 1, self._set_deals,
                              "How many deals the challenge has"))
        rows.append(TextRow("Challenge number", self.number_text, self._set_number,
                            "A number a friend shared: the same deals",
                            max_length=len(str(MAX_NUMBER)), allowed=str.isdigit, placeholder="new"))
        return rows

    def _set_deals(self, deals: int) -> None:
        self.deals = deals

    def _set_number(self, text: str) -> None:
        self.number_text = text

    def build(self) -> None:
        super().build()
        self.start_button.tooltip = "Deal the first hand of the challenge (F5)"

    def start(self) -> None:
        if self.options.rules is None:
            return
        if self.app.storage.challenge_save.exists():
            confirm(self.app, "Drop the challenge in progress?", "Its deals played so far will not count.",
                    self.start_now, "Drop it", "Keep it")
        else:
            self.start_now()

    def start_now(self) -> None:
        rules = self.options.rules
        if rules is None:
            return
        names = self.remember_choices()
        number = int(self.number_text) if self.number_text else random_number()
        number = max(1, min(MAX_NUMBER, number))
        self.app.start_challenge(Challenge(number, rules, self.deals, tuple(self.seat_levels())), names)

    def explanation(self) -> list[str]:
        """What a challenge is, in lines as wide as the window, at the player's text size."""
        return wrap(WHAT_IT_IS, self.px(16), self.size[0] - self.px(40), "italic")

    def content_top(self) -> int:
        """The columns start under the explanation, however many lines it takes."""
        return max(super().content_top(), self.px(88) + len(self.explanation()) * scaled(self.px(16) * 1.3))

    def draw_heading(self, surface: pygame.Surface, text: str | None = None) -> int:
        bottom = super().draw_heading(surface, text)
        for i, line in enumerate(self.explanation()):
            blit_text(surface, line, self.px(16), self.theme.text, (self.size[0] // 2,
                      self.px(82) + i * scaled(self.px(16) * 1.3)), "italic", "midtop", self.size[0] - self.px(40))
        return bottom
