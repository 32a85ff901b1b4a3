"""Watch it: a line of try again played card by card on the review's table, every hand face up.

:class:`WatchScene` is the hand told step by step as the review tells it
(:class:`~pinochle_gui.screens.hand_steps.HandStepsScreen`), playing by itself:
from the step before the decision tried again it moves one step (a bid, a card, a trick won) every
:data:`PACE` seconds to the hand's score. Space (or **Pause** / **Play**) stops and goes on, Left and Right
(**Previous**, **Next**) step by hand and pause, Home goes back to the decision, End to the score, Page Up and
Page Down (**Other line**) show the other line from the same decision; Escape goes back. Nothing is
analysed here: the notes give each computer's reason as it decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from engine.record import HandRecord
from engine.review import Step
from pinochle_gui.fonts import least_size, scaled
from pinochle_gui.screens.hand_steps import HandStepsScreen, Nav, NavButton
from pinochle_gui.screens.screen import Screen
from pinochle_gui.widgets import blit_text, wrap

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

#: Seconds between two steps while the line plays.
PACE = 1.0


class WatchScene(HandStepsScreen):
    """``records`` (two lines of one hand from the same decision, ``labels`` their names, ``about`` a sentence on
    each: the choice, the net) watched card by card, ``records[index]`` first, from the step before the record's
    action ``start_action``."""

    heading = "Watch it"
    in_a_file = False  # two lines of one hand, named by their labels

    def __init__(self, app: App, records: Sequence[HandRecord], index: int, start_action: int,
                 labels: Sequence[str], about: Sequence[str] = ()) -> None:
        self.start_action = start_action
        self.labels = list(labels)
        self.about = list(about)
        self.playing = True
        self.waited = 0.0
        self.toggle_button: object | None = None
        super().__init__(app, records, index)

    # -- the line ---------------------------------------------------------------------------------------
    def show_hand(self, index: int) -> None:
        super().show_hand(index)
        self.at = self.start_step()
        self.waited = 0.0

    def start_step(self) -> int:
        """The step just before the decision tried again (the position it was made in)."""
        found = next((i for i, s in enumerate(self.steps) if s.action_index == self.start_action), 1)
        return max(0, found - 1)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def toggle(self) -> None:
        """Pause, or play on (from the decision again when the score is reached)."""
        if not self.playing and self.at >= self.last:
            self.go(self.start_step())
        self.playing = not self.playing
        self.waited = 0.0
        self.refresh_buttons()

    def step_by_hand(self, at: int) -> None:
        """A step chosen by hand: the line pauses there."""
        self.playing = False
        self.go(at)

    def other_line(self) -> None:
        """The other line, from the same decision."""
        if len(self.records) > 1:
            self.change_hand(1 if self.index == 0 else -1)

    def update(self, dt: float) -> None:
        Screen.update(self, dt)
        if not self.playing:
            return
        self.waited += dt
        if self.waited < PACE:
            return
        self.waited = 0.0
        if self.at < self.last:
            self.go(self.at + 1)
        if self.at >= self.last:
            self.playing = False
            self.refresh_buttons()
        self.changed()

    def wake_in(self) -> float | None:
        if self.playing:
            return max(0.0, PACE - self.waited)
        return Screen.wake_in(self)

    def key(self, event: pygame.event.Event) -> bool:
        moves = {pygame.K_RIGHT: self.at + 1, pygame.K_LEFT: self.at - 1, pygame.K_HOME: self.start_step(),
                 pygame.K_END: self.last}
        if event.key in moves:
            self.step_by_hand(moves[event.key])
            return True
        if event.key == pygame.K_SPACE:
            self.toggle()
            return True
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.other_line()
            return True
        return False

    # -- layout ---------------------------------------------------------------------------------------
    first_focus = Nav.PLAY_OR_PAUSE

    def nav_buttons(self) -> list[NavButton]:
        buttons = [
            NavButton(Nav.PREVIOUS, lambda: self.step_by_hand(self.at - 1), "One step back, paused (Left)"),
            NavButton(Nav.PLAY_OR_PAUSE, self.toggle, "Pause, or play on (Space)", "Pause" if self.playing else "Play"),
            NavButton(Nav.NEXT, lambda: self.step_by_hand(self.at + 1), "One step on, paused (Right)")]
        if len(self.records) > 1:
            buttons.append(NavButton(Nav.OTHER_LINE, self.other_line,
                                     "The other line, from the same decision (Page Down)"))
        buttons.append(NavButton(Nav.CLOSE, self.back, "Back to try again (Escape)"))
        return buttons

    def refresh_buttons(self) -> None:
        if not self.nav:
            return
        toggle = self.nav.get(Nav.PLAY_OR_PAUSE)
        if toggle is not None:
            toggle.text = "Pause" if self.playing else "Play"
        super().refresh_buttons()

    def content_state(self) -> object:
        return (self.index, self.at, self.playing)

    # -- drawing --------------------------------------------------------------------------------------
    def status(self, record: HandRecord, step: Step) -> str:
        label = self.labels[self.index] if self.index < len(self.labels) else ""
        return "  ·  ".join(part for part in (label, super().status(record, step)) if part)

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        pace = f"a step every {PACE:g} s" if PACE != 1 else "a step a second"
        said = f"Playing, {pace}: Space pauses" if self.playing else "Paused: Space plays on"
        said += ", Left and Right step, Home the decision" + (", Page Down the other line" if len(self.records) > 1
                                                              else "")
        size = max(self.px_fixed(14), least_size())
        x, y = self.progress_at  # where the review's buttons go: none here
        for line in wrap(said, size, self.notes.w - self.px(24), "italic"):
            blit_text(surface, line, size, self.theme.text_dim, (x, y), "italic", "topleft", self.notes.w - self.px(24))
            y += scaled(size * 1.3)
        self.draw_about(surface)

    def draw_about(self, surface: pygame.Surface) -> None:
        """At the foot of the notes: the line shown and the other, each its choice and its net."""
        if self.index >= len(self.about):
            return
        said = [f"Watching {_lower(self.about[self.index])}"]
        said += [f"The other line (Page Down): {_lower(text)}" for i, text in enumerate(self.about) if i != self.index]
        size, pad = self.px(15), self.px(12)
        width = self.notes_text.w - 2 * pad
        lines = [(line, i == 0) for i, text in enumerate(said) for line in wrap(text, size, width)]
        step = scaled(size * 1.35)
        y = self.notes_text.bottom - pad - len(lines) * step
        for line, shown in lines:
            blit_text(surface, line, size, self.theme.text if shown else self.theme.text_dim,
                      (self.notes_text.x + pad, y), "regular", "topleft", width)
            y += step


def _lower(text: str) -> str:
    """A sentence's words in the middle of another: "the new line, ..." of "The new line, ..."."""
    return text[:1].lower() + text[1:]


__all__ = ["PACE", "WatchScene"]
