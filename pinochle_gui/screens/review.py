"""The hand review: a finished hand told again from its hand record alone, every hand face up.

The steps, the table and the bar of the steps are those of :class:`~pinochle_gui.screens.hand_steps.HandStepsScreen`
(from :func:`engine.review.review_steps`: the deal, each bid, the widow, trump, the dix exchanges, the passes
both ways, the bury, every meld, then each card of each trick with the cards in hand shrinking, who won each
trick and the running trick points per side).

Beside the table, the notes: the computer's reason for the step's decision (from the record's ``reasons``)
and, as the analysis fills in in the background (:mod:`pinochle_gui.screens.review_analysis`), the value of
the choice and of the best two others, with a mark and the sentence why for a costly one
(:mod:`pinochle_gui.screens.review_notes`); under the table a bar of the steps with the costly decisions
marked on it (a click goes there). S shows the hand's summary (:mod:`pinochle_gui.screens.review_summary`).

Right (or Next) one step on, Left (or Previous) one back, Home and End the first and last step,
C and Shift+C the next and previous costly decision, W whose decisions are analysed (the next seat's),
T try again from the step's decision (:mod:`pinochle_gui.screens.try_again`), G the graph of the hand
(:mod:`pinochle_gui.screens.review_graph`), P practise your mistakes (:mod:`pinochle_gui.screens.drills`),
Page Up and Page Down the previous and next hand of a record file with many; A plays the deal again
(``app.replay_deal``); Escape closes.
:func:`open_review` is the door for the hand summary, the hand history and the record files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from engine.ai.analysis.hand import decisions_in
from engine.record import HandRecord, RecordError
from pinochle_gui.fonts import least_size
from pinochle_gui.screens.dialogs import message
from pinochle_gui.screens.drills import review_drills
from pinochle_gui.screens.hand_steps import HandStepsScreen, Nav, NavButton
from pinochle_gui.screens.review_analysis import OTHERS_LEVEL, ReviewAnalysis, analysed_seat, table_levels
from pinochle_gui.screens.review_graph import GraphView
from pinochle_gui.screens.review_notes import draw_progress
from pinochle_gui.screens.review_summary import SummaryView
from pinochle_gui.screens.try_again import TryAgainScene
from pinochle_gui.seat_words import player_seat
from pinochle_gui.widgets import same_text_size

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App


def open_review(app: App, records: Sequence[HandRecord], index: int = 0) -> bool:
    """Show the review of ``records[index]`` (the others a page away); a record that cannot be
    replayed gives a message instead. True when the review is shown."""
    try:
        scene = ReviewScene(app, records, index)
    except RecordError as err:
        message(app, "This hand cannot be reviewed", str(err))
        return False
    app.stack.push(scene, "fade")
    return True


class ReviewScene(HandStepsScreen):
    heading = "Hand review"

    def __init__(self, app: App, records: Sequence[HandRecord], index: int = 0) -> None:
        self.decisions: set[int] = set()  # the record's actions that were real decisions
        self.levels: list[str | None] | None = None  # the computer levels of the record's table, when it is open
        self.summary: SummaryView | None = None  # the hand's summary, shown instead of the table
        self.graph: GraphView | None = None  # the graph of the hand, shown instead of the table
        super().__init__(app, records, index)  # raises RecordError for a record that does not replay

    # -- moving through the hand ----------------------------------------------------------------------
    def show_hand(self, index: int) -> None:
        super().show_hand(index)
        self.decisions = {i for i, _seat in decisions_in(self.records[self.index])}  # more than one legal choice
        self.analyse(analysed_seat(self.records[self.index]))

    def analyse(self, seat: int) -> None:
        """Analyse the hand for ``seat`` (the player's, or the one chosen with W), dropping what runs."""
        self.close_analysis()
        record = self.records[self.index]
        self.levels = table_levels(self.stack.scenes if self.stack is not None else self.app.stack.scenes, record)
        if self.app.settings.analyse_hands:
            self.analysis = ReviewAnalysis(record, seat, self.levels, shared=self.app.shared_analysis,
                                           game=self.records)
        if self.summary is not None:
            self.summary = SummaryView(self.analysis) if self.analysis is not None else None
        if self.graph is not None:
            self.graph = GraphView(self.analysis) if self.analysis is not None else None

    def close_analysis(self) -> None:
        if self.analysis is not None:
            self.analysis.close()
            self.analysis = None

    def leave(self) -> None:
        self.close_analysis()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.analysis is not None and self.analysis.poll(dt):
            if self.summary is not None:
                self.rebuild()  # its rows of the costliest decisions are buttons
            self.refresh_buttons()
            self.changed()

    def marked_steps(self) -> list[int]:
        """The steps of the analysed seat's marked decisions (inaccuracies, mistakes, blunders), in order."""
        if self.analysis is None:
            return []
        indexes = {d.action_index for d in self.analysis.marked(self.analysis.seat)}
        return [i for i, s in enumerate(self.steps) if s.action_index in indexes]

    def go_marked(self, direction: int) -> None:
        """To the next (1) or previous (-1) marked decision, if there is one."""
        found = [i for i in self.marked_steps() if (i - self.at) * direction > 0]
        if found:
            self.go(found[0] if direction > 0 else found[-1])

    def go_action(self, action_index: int) -> None:
        """To the step of the record's action ``action_index`` (from the summary or the graph), the table
        shown again."""
        self.summary = self.graph = None
        self.rebuild()
        self.go(next((i for i, s in enumerate(self.steps) if s.action_index == action_index), self.at))

    def try_again(self) -> None:
        """Choose again at this step's decision (:mod:`pinochle_gui.screens.try_again`)."""
        step = self.step
        if step.action_index not in self.decisions:
            return
        self.app.stack.push(TryAgainScene(self.app, self.records[self.index], step, self.analysis, self.open_line,
                                          self.levels), "fade")

    def open_line(self, original: HandRecord, line: HandRecord) -> None:
        """A line played on from another choice, in a review of its own (the hand as played a page back)."""
        open_review(self.app, [original, line], 1)

    def practise(self) -> None:
        """Practise your mistakes: the player's costly decisions of this hand first (as analysed so far), then the
        drills of the other hands played (:mod:`pinochle_gui.screens.drills`)."""
        record, analysis = self.records[self.index], self.analysis
        seat = player_seat(record)
        mine = analysis is not None and seat is not None and analysis.seat == seat
        reviews = list(analysis.decisions.values()) if analysis is not None and mine else []
        levels = self.levels or (analysis.levels if analysis is not None else [OTHERS_LEVEL] * self.hand.seats)
        self.app.stack.push(review_drills(self.app, record, reviews, 0 if seat is None else seat, levels), "fade")

    def open_hard(self) -> None:
        """The same deal played with the hard computer in the analysed seat, in a review of its own (the hand
        as played a page back)."""
        if self.analysis is not None and self.analysis.hard_record is not None:
            open_review(self.app, [self.records[self.index], self.analysis.hard_record], 1)

    def toggle_summary(self) -> None:
        self.summary = None if self.summary is not None or self.analysis is None else SummaryView(self.analysis)
        self.graph = None
        self.rebuild()

    def toggle_graph(self) -> None:
        self.graph = None if self.graph is not None or self.analysis is None else GraphView(self.analysis)
        self.summary = None
        self.rebuild()

    def key(self, event: pygame.event.Event) -> bool:
        if super().key(event):
            return True
        if event.key == pygame.K_a:
            self.app.replay_deal(self.records[self.index])
            return True
        if event.key == pygame.K_c:
            self.go_marked(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key == pygame.K_s:
            self.toggle_summary()
            return True
        if event.key == pygame.K_t:
            self.try_again()
            return True
        if event.key == pygame.K_g:
            self.toggle_graph()
            return True
        if event.key == pygame.K_p:
            self.practise()
            return True
        if event.key == pygame.K_w and self.analysis is not None:  # whose decisions: the next seat's
            self.analyse((self.analysis.seat + 1) % len(self.step.hands))
            self.rebuild()
            return True
        return False

    # -- layout ---------------------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        pad, row, again_row, sw, sh = self.notes_rows
        if self.summary is not None:
            self.summary.build(self, self.middle)
        elif self.graph is not None:
            self.graph.build(self.middle, self.px(16))
            back = pygame.Rect(0, 0, self.px(200), sh)
            back.topright = (self.middle.right - pad, self.middle.y + pad)
            self.set_focus(self.button(back, "Back to the hand", self.toggle_graph, tooltip="The table again (G)"))
        else:
            self.notes_buttons(pad, row, again_row, sw, sh)
        self.refresh_buttons()

    def nav_buttons(self) -> list[NavButton]:
        *steps, close = super().nav_buttons()
        if len(self.records) > 1:
            steps += [NavButton(Nav.PREVIOUS_HAND, lambda: self.change_hand(-1), "The hand before (Page Up)"),
                      NavButton(Nav.NEXT_HAND, lambda: self.change_hand(1), "The hand after (Page Down)")]
        return [*steps, NavButton(Nav.PLAY_AGAIN, lambda: self.app.replay_deal(self.records[self.index]),
                                  "Play this deal again: the same cards and seats (A)"), close]

    def notes_buttons(self, pad: int, row: int, again_row: int, sw: int, sh: int) -> None:
        """The buttons in the notes' panel: the marks, the summary, try again and the graph (``row`` and
        ``again_row``: their two rows' tops, ``sw`` and ``sh`` a button's width and height)."""
        for i, (name, action, tip) in enumerate((
                (Nav.PREVIOUS_MARK, lambda: self.go_marked(-1),
                 "The decision marked before: an inaccuracy, a mistake or a blunder (Shift+C)"),
                (Nav.NEXT_MARK, lambda: self.go_marked(1),
                 "The next decision marked: an inaccuracy, a mistake or a blunder (C)"),
                (Nav.SUMMARY, self.toggle_summary, "Accuracy, the key moments, the hard computer's play (S)"))):
            self.nav[name] = self.button(pygame.Rect(self.notes.x + pad + i * (sw + pad), row, sw, sh), name.value,
                                         action, tooltip=tip)
        self.nav[Nav.TRY_AGAIN] = self.button(
            pygame.Rect(self.notes.x + pad, again_row, 2 * sw + pad, sh), "Try again from here",
            self.try_again, tooltip="Choose again here; the computers play the hand on (T)")
        self.nav[Nav.GRAPH] = self.button(
            pygame.Rect(self.notes.x + 3 * pad + 2 * sw, again_row, sw, sh), "Graph", self.toggle_graph,
            tooltip="The expected result after each decision; a click on a mark goes there (G)")
        same_text_size([self.nav[n] for n in (Nav.PREVIOUS_MARK, Nav.NEXT_MARK, Nav.SUMMARY, Nav.TRY_AGAIN, Nav.GRAPH)])

    def refresh_buttons(self) -> None:
        super().refresh_buttons()
        if Nav.SUMMARY in self.nav:
            self.nav[Nav.TRY_AGAIN].enabled = self.step.action_index in self.decisions
            self.nav[Nav.SUMMARY].enabled = self.nav[Nav.GRAPH].enabled = self.analysis is not None
            marked = self.marked_steps()
            self.nav[Nav.PREVIOUS_MARK].enabled = any(i < self.at for i in marked)
            self.nav[Nav.NEXT_MARK].enabled = any(i > self.at for i in marked)

    def content_state(self) -> object:
        a = self.analysis
        return (self.index, self.at, self.summary is not None, self.graph is not None,
                None if a is None else (len(a.decisions), a.done, a.analysed, a.hard_record is not None, a.failed))

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.graph is not None:
            index = self.graph.mark_at(event.pos, self.px(12))
            if index is not None:
                self.go_action(index)
                return True
        return super().process_event(event)

    # -- drawing --------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.summary is not None or self.graph is not None:  # shown instead of the table
            self.draw_head(surface)
            if self.summary is not None:
                self.summary.draw(surface, self)
            elif self.graph is not None:
                self.graph.draw(surface, self.theme, self.px(16), self.step.action_index)
            return
        super().draw_content(surface)
        draw_progress(surface, self.progress_at, self.notes.w - self.px(24), self.theme, self.analysis,
                      max(self.px_fixed(14), least_size()))
