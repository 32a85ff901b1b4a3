"""Try again from here: at a decision of the hand review, choose again and see how the hand would have gone.

:class:`TryAgainScene` opens over the review at a decision. It lists the legal choices there (asked of the
engine, :func:`engine.ai.try_again.choices_at`; where there are many, the ones the analysis valued and the
first others), the valued ones first, best first, each with its value, the choice made marked as played. Once
the player picks one, the computers play the rest of the hand on the same cards in the background
(:func:`engine.ai.try_again.play_on`: the table's computers at their levels, the hard one in a person's seat,
clockless), the window never waiting; then the hand as played and the new line stand side by side, each net
(its side's score less the opponents'), with why the better one did better in the analysis' words
(:func:`engine.ai.try_again.why_better`), and **Step through it** opens the new line in the review (the hand
as played a page back). **Choose again** goes back to the choices; Escape closes.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from engine.ai.try_again import choices_at, play_on, why_better
from engine.ai.worker import background_pool, stop_pool
from engine.record import ActionValue, HandRecord
from engine.review import Step
from pinochle_gui.net_result import difference_words, net, net_words
from pinochle_gui.screens.review_analysis import ReviewAnalysis
from pinochle_gui.screens.review_summary import hand_table
from pinochle_gui.screens.screen import Overlay
from pinochle_gui.seat_words import capital, player_seat, whose
from pinochle_gui.table.hand_costs import LAST
from pinochle_gui.table.seats import thinking_at_once
from pinochle_gui.table.summary import draw_table
from pinochle_gui.widgets import blit_text
from pinochle_gui.widgets.text import wrap

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

#: The level of the computers that play the hand on (a test may ask a smaller one).
LEVEL = "hard"
#: At most this many choices are offered (a bid may have hundreds, a pass of cards a thousand).
MOST_CHOICES = 24


def offered(choices: list[tuple[str, ActionValue]], valued: dict[str, float] | set[str],
            played: Any) -> list[tuple[str, ActionValue]]:
    """The choices to offer: every one when they are few, else the one played, those the analysis valued (by
    their words) and the first others, :data:`MOST_CHOICES` in all; those the analysis valued first, best
    first (``valued``: their values), the rest in the engine's order."""
    if len(choices) > MOST_CHOICES:
        wanted = [c for c in choices if c[1] == played or c[0] in valued]
        others = [c for c in choices if c not in wanted][: max(0, MOST_CHOICES - len(wanted))]
        choices = [c for c in choices if c in wanted or c in others]
    worth = valued if isinstance(valued, dict) else {}
    return sorted(choices, key=lambda c: (c[0] not in worth, -worth.get(c[0], 0.0)))


class TryAgainScene(Overlay):
    """Another choice at one decision of a reviewed hand, and the hand played on from it."""

    heading = "Try again from here"
    panel_size = (1040, 600)
    standing_height = 1000  # standing: the two hands one above the other

    def __init__(self, app: App, record: HandRecord, step: Step, analysis: ReviewAnalysis | None,
                 open_line: Callable[[HandRecord, HandRecord], object]) -> None:
        assert step.action_index is not None and step.seat is not None
        review = analysis.decisions.get(step.action_index) if analysis is not None else None
        self.record = record
        self.index = step.action_index
        self.seat = step.seat
        self.title = review.title if review is not None else f"{capital(whose(record, step.seat))} decision"
        self.played = record["actions"][self.index]
        # what the analysis valued each choice it tried at, and in words ("+38")
        self.worths = {} if analysis is None or review is None else {
            a.action: a.value for a in (review.chosen, *review.best)}
        self.values = {words: analysis.points(value) for words, value in self.worths.items()} \
            if analysis is not None else {}
        self.every = choices_at(record, self.index)
        self.choices = offered(self.every, self.worths, self.played)
        humans = record.get("humans") or []
        # the table's computers play the line on (a person's seat: the hard computer), as the hand was played
        table = analysis.levels if analysis is not None else [None] * record["seats"]
        self.levels: list[str | None] = [None if s in humans else table[s] for s in range(record["seats"])]
        self.why = ""  # why the better of the two lines did better
        self.open_line = open_line  # opens the review of (as played, the new line)
        self.chosen: tuple[str, Any] | None = None
        self.line: HandRecord | None = None
        self.failed = ""
        self._pool: Executor | None = None
        self._future: Future[HandRecord] | None = None
        mine = player_seat(record)
        self.side_seat = self.seat if mine is None else mine  # whose side the results are told for
        super().__init__(app)

    @property
    def playing(self) -> bool:
        return self._future is not None

    def content_state(self) -> object:
        return (self.chosen, self.line is not None, self.failed, self.playing)

    # -- choosing and playing on ----------------------------------------------------------------------
    def choose(self, choice: tuple[str, Any]) -> None:
        """Play the hand on from ``choice`` in the background."""
        self.chosen, self.line, self.failed = choice, None, ""
        if self._pool is None:
            self._pool = background_pool("pinochle-try-again", not thinking_at_once(), niceness=LAST)
            assert self._pool is not None
        self._future = self._pool.submit(play_on, self.record, self.index, choice[1], LEVEL, self.levels)
        self.rebuild()

    def choose_again(self) -> None:
        """Back to the choices; a line still being played is dropped."""
        if self._future is not None:
            self._future.cancel()
            self._future = None
        self.chosen, self.line, self.failed = None, None, ""
        self.rebuild()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._future is not None and self._future.done():
            try:
                self.line = self._future.result()
                self.why = self.reason(self.line)
            except Exception as err:  # noqa: BLE001 - told on the panel, the review goes on
                self.failed = f"The hand could not be played on: {err}"
            self._future = None
            self.rebuild()
            self.changed()

    def reason(self, line: HandRecord) -> str:
        """Why the better of the hand as played and the new line did better, in the analysis' words ("" when
        they came out the same, or nothing the seat saw speaks for the better)."""
        if self.chosen is None:
            return ""
        first, then = net(self.record, self.side_seat), net(line, self.side_seat)
        if first == then:
            return ""
        better, worse = (self.played, self.chosen[1]) if first > then else (self.chosen[1], self.played)
        return why_better(self.record, self.index, better, worse, self.worths, player_seat(self.record))

    def who_plays(self) -> str:
        """The computers that play the line on, in words: "medium in the other seats, as at the table; hard in
        your seat"."""
        humans = [s for s, level in enumerate(self.levels) if level is None]
        levels = sorted({level for level in self.levels if level is not None})
        table = f"{' and '.join(levels)} in the other seats, as at the table" if levels else ""
        people = f"hard in {whose(self.record, humans[0])} seat" if humans else ""
        return "; ".join(part for part in (table, people) if part)

    def intro(self) -> list[str]:
        """The lines over the choices: what a choice does, who plays on, how the choices are listed."""
        lines = ["Choose again: the computers play the rest of the hand on the same cards", f"({self.who_plays()})."]
        if self.values:
            lines.append("Those the analysis valued come first, best first, each with its value.")
        if len(self.choices) < len(self.every):
            lines.append(f"{len(self.choices)} of the {len(self.every)} choices: the one played, those the analysis "
                         "valued and the first others")
        return lines

    def step_through(self) -> None:
        if self.line is not None:
            self.open_line(self.record, self.line)

    def leave(self) -> None:
        stop_pool(self._pool)
        self._pool = None
        self._future = None

    # -- layout ---------------------------------------------------------------------------------------
    def build(self) -> None:
        panel = self.panel_rect()
        m, bh = self.px(16), self.px(46)
        foot = panel.bottom - bh - self.px(18)
        if self.chosen is None:
            specs: list[tuple[str, Callable[[], object], str]] = [("Back", self.back, "Back to the review (Esc)")]
            top = panel.y + self.px(84) + self.px(17) * len(self.intro()) + self.px(8)
            self.choice_buttons(pygame.Rect(panel.x + m, top, panel.w - 2 * m, foot - m - top))
        elif self.line is None:
            specs = [("Choose again", self.choose_again, "Another choice"), ("Back", self.back, "Back to the review")]
        else:
            specs = [("Step through it", self.step_through, "The new line in the review, step by step"),
                     ("Choose again", self.choose_again, "Another choice"), ("Back", self.back, "Back to the review")]
        bw = min(self.px(230), (panel.w - m * (len(specs) + 1)) // len(specs))
        x = panel.centerx - (len(specs) * bw + (len(specs) - 1) * m) // 2
        for i, (text, action, tip) in enumerate(specs):
            b = self.button(pygame.Rect(x, foot, bw, bh), text, action, tooltip=tip)
            if i == 0 and self.chosen is not None:  # while choosing, the first choice has the focus
                self.set_focus(b)
            x += bw + m
        self.tables = pygame.Rect(panel.x + m, panel.y + self.px(150), panel.w - 2 * m,
                                  foot - panel.y - self.px(150) - self.px(120))  # under them the verdict, and why

    def choice_buttons(self, area: pygame.Rect) -> None:
        """A button for each choice offered, in columns as wide as their words need."""
        longest = max(len(words) for words, _ in self.choices)
        columns = max(1, min(4, area.w // max(self.px(150), self.px(11) * longest)))
        rows = -(-len(self.choices) // columns)
        gap = self.px(8)
        bh = max(self.px(26), min(self.px(42), (area.h - gap * (rows - 1)) // rows))
        bw = (area.w - gap * (columns - 1)) // columns
        first = None
        for i, (words, value) in enumerate(self.choices):
            column, row = i % columns, i // columns
            rect = pygame.Rect(area.x + column * (bw + gap), area.y + row * (bh + gap), bw, bh)
            as_played = value == self.played
            text = words + (f"  {self.values[words]}" if words in self.values else "") + (" (as played)" * as_played)
            b = self.button(rect, text, partial(self.choose, (words, value)),
                            tooltip="The choice made" if as_played else "Choose this; the computers play on")
            first = first or b
        if first is not None:
            self.set_focus(first)

    # -- drawing --------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        panel, t = self.panel_rect(), self.theme
        width = panel.w - self.px(40)
        blit_text(surface, self.title, self.px(20), t.accent, (panel.centerx, panel.y + self.px(60)), "bold",
                  "midtop", width)
        if self.chosen is None:
            for i, line in enumerate(self.intro()):
                blit_text(surface, line, self.px(14), t.text_dim, (panel.centerx, panel.y + self.px(84 + 17 * i)),
                          "italic", "midtop", width)
            return
        played = next((words for words, value in self.every if value == self.played), "")
        blit_text(surface, f"Instead of {played}: {self.chosen[0]}", self.px(17), t.text,
                  (panel.centerx, panel.y + self.px(90)), "bold", "midtop", width)
        if self.line is None:
            waiting = self.failed or "The computers are playing the hand on from this choice…"
            blit_text(surface, waiting, self.px(17), t.text_dim, self.tables.center, "italic", "center", width)
            return
        gap, label_h = self.px(16), self.px(28)
        for i, (label, record) in enumerate((("As played", self.record), ("The new line", self.line))):
            if self.standing:
                tall = (self.tables.h - gap - label_h) // 2
                box = pygame.Rect(self.tables.x, self.tables.y + i * (tall + gap + label_h), self.tables.w, tall)
            else:
                half = (self.tables.w - gap) // 2
                box = pygame.Rect(self.tables.x + i * (half + gap), self.tables.y, half, self.tables.h)
            blit_text(surface, f"{label}, net {net_words(record, self.side_seat)}", self.px(16), t.accent,
                      (box.centerx, box.y - self.px(4)), "bold", "midbottom", box.w)
            head, rows = hand_table(record)
            draw_table(surface, box, t, head, rows, "", None)
        first, then = net(self.record, self.side_seat), net(self.line, self.side_seat)
        partners = len(next(team for team in self.record["teams"] if self.side_seat in team)) > 1
        owner = capital(whose(self.record, self.side_seat)) + (" side's" if partners else "")
        verdict = (f"{owner} net: {then:+d} on the new line, "
                   f"{difference_words(first, then)}" + (" than as played" if first != then else " as played"))
        y = self.tables.bottom + self.px(8)
        blit_text(surface, verdict, self.px(17), t.text, (panel.centerx, y), "bold", "midtop", width)
        if self.why:
            better = self.chosen[0] if then > first else played
            size = self.px(14)
            for line in wrap(f"Why {better} did better: {self.why}", size, width):
                y += round(size * 1.35)
                blit_text(surface, line, size, t.text_dim, (panel.centerx, y + self.px(6)), "italic", "midtop", width)


__all__ = ["LEVEL", "MOST_CHOICES", "TryAgainScene", "offered"]
