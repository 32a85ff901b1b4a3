"""Try again from here: at a decision of the hand review, choose again and see how the hand would have gone.

:class:`TryAgainScene` opens over the review at a decision. A pass, a return or a bury is chosen as at the
table, by picking the cards on the hand drawn as cards (:class:`~pinochle_gui.widgets.card_picker.CardPicker`:
the engine says which sets are legal), or by a quick pick of a set the analysis valued; any other decision
lists its legal choices (asked of the engine, :func:`engine.ai.analysis.try_again.choices_at`; where there are many,
the ones the analysis valued and the first others). The choices the analysis valued come first, best first,
each with its value as the review shows it (the analysis record's, from what the seat saw), the choice made
marked as played; a set of cards picked says its value, or that the analysis did not value it.

Once the player chooses, the computers play the rest of the hand on the same cards in the background
(:func:`engine.ai.analysis.try_again.play_on`: the table's computers at their levels, the hard one in a person's seat,
clockless), the window never waiting; and, the same way, the hand from the choice made, so that the two lines
differ by the choice alone (the hand as it really went had the person's own later decisions, which no
computer repeats). Then the two stand side by side, each net (its side's score less the opponents'), with
why the better one did better in the analysis' words (:func:`engine.ai.analysis.try_again.why_better`) and what
differed between them (:func:`~pinochle_gui.screens.try_again_words.what_differed`). **Watch it** plays the
better line card by card (:class:`~pinochle_gui.screens.watch.WatchScene`), **Step through it** opens the new
line in the review (the other a page back). **Choose again** goes back to the choices; Escape closes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from engine.actions import Action, Bury, PassCards, action_to_json
from engine.ai.analysis.hand import action_words, game_before
from engine.ai.analysis.try_again import choices_at, play_on, same_choice, value_of, why_better
from engine.ai.analysis.worker import background_pool, stop_pool
from engine.cards import cards_label
from engine.record import ActionValue, HandRecord, read_hand
from engine.review import Step
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import scaled
from pinochle_gui.net_result import net, net_words
from pinochle_gui.screens.playing_on import PlayingOn
from pinochle_gui.screens.review_analysis import OTHERS_LEVEL, ReviewAnalysis
from pinochle_gui.screens.review_summary import hand_table
from pinochle_gui.screens.screen import Overlay
from pinochle_gui.screens.try_again_words import verdict, what_differed
from pinochle_gui.screens.watch import WatchScene
from pinochle_gui.seat_words import capital, player_seat, who, whose
from pinochle_gui.table.cost_job import LAST
from pinochle_gui.table.seats import thinking_at_once
from pinochle_gui.table.summary import draw_table
from pinochle_gui.widgets import MenuButton, blit_text, text_width
from pinochle_gui.widgets.card_picker import CardPicker, picks_cards
from pinochle_gui.widgets.text import wrap

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

#: The level of the computers that play the hand on (a test may ask a smaller one).
LEVEL = "hard"
#: At most this many choices are offered as buttons (a bid may have hundreds).
MOST_CHOICES = 24

Choice = tuple[str, ActionValue]  # a choice in words, and as the record writes it


def offered(choices: list[Choice], valued: dict[str, float] | set[str], played: Any) -> list[Choice]:
    """The choices to offer: every one when they are few, else the one played, those the analysis valued (by
    their words) and the first others, :data:`MOST_CHOICES` in all; those the analysis valued first, best
    first (``valued``: their values), the rest in the engine's order."""
    worth = valued if isinstance(valued, dict) else dict.fromkeys(valued, 0.0)
    if len(choices) > MOST_CHOICES:
        wanted = [c for c in choices if c[1] == played or value_of(c[0], worth) is not None]
        others = [c for c in choices if c not in wanted][: max(0, MOST_CHOICES - len(wanted))]
        choices = [c for c in choices if c in wanted or c in others]
    values = {c[0]: value_of(c[0], worth) if isinstance(valued, dict) else None for c in choices}
    return sorted(choices, key=lambda c: (values[c[0]] is None, -(values[c[0]] or 0.0)))


class TryAgainScene(Overlay):
    """Another choice at one decision of a reviewed hand, and the hand played on from it and from the choice
    made, side by side."""

    heading = "Try again from here"
    panel_size = (1040, 620)
    standing_height = 1000  # standing: the two hands one above the other

    def __init__(self, app: App, record: HandRecord, step: Step, analysis: ReviewAnalysis | None,
                 open_line: Callable[[HandRecord, HandRecord], object],
                 levels: Sequence[str | None] | None = None) -> None:
        assert step.action_index is not None and step.seat is not None
        self.record = record
        hand = read_hand(record)
        self.index = step.action_index
        self.seat = step.seat
        self.analysis = analysis
        self.played = hand.actions[self.index]
        self.every = choices_at(record, self.index)
        self.played_words = next((words for words, value in self.every if value == self.played), str(self.played))
        self.game, _made = game_before(record, self.index)
        self.worths: dict[str, float] = {}  # the analysis' value of each choice it valued, by its words
        self.values: dict[str, str] = {}  # the same as the review shows them ("+38")
        self.title = f"{capital(whose(record, step.seat))} decision"
        # the table's computers play both lines on (a person's seat: the hard computer)
        table = list(levels) if levels is not None else analysis.levels if analysis is not None \
            else [OTHERS_LEVEL] * hand.seats
        self.levels: list[str | None] = [None if s in hand.humans else table[s] for s in range(hand.seats)]
        self.why = ""  # why the better of the two lines did better
        self.differed = ""  # what came out otherwise
        self.open_line = open_line  # opens the review of (the choice made played on, the new line)
        self.chosen: Choice | None = None
        self.line: HandRecord | None = None  # the new line
        self.control: HandRecord | None = None  # the choice made, played on the same way
        self.played_actions = hand.actions  # the hand's actions as it really went
        self.control_as_played = False  # the choice made, played on, went as the hand really did
        self.failed = ""
        self._pool: Executor | None = None
        self._playing_on = PlayingOn()  # the two hands played on, while they are
        mine = player_seat(record)
        self.side_seat = self.seat if mine is None else mine  # whose side the results are told for
        self.picker: CardPicker | None = None
        self.confirm: MenuButton | None = None
        self.art = CardArt(app.settings.deck_design, app.settings.card_back)
        self.picked_at = 0  # where the words on the cards picked go
        self.quick_at: int | None = None  # where the words over the quick picks go
        self.choices = offered(self.every, {}, self.played)
        self.told: HandRecord | None = None  # the new line the reasons were told for
        self.take_values()
        super().__init__(app)
        if picks_cards(self.game):
            names = [who(record, s) for s in range(hand.seats)]
            self.picker = CardPicker(self.game, self.art, self.theme, names, app.settings.sort_order,
                                     on_change=self.picked, on_confirm=self.play_picked)

    # -- the analysis' values -------------------------------------------------------------------------------
    def take_values(self) -> None:
        """The analysis record's values of this decision's choices (as the review shows them), when it has them."""
        analysis = self.analysis
        review = analysis.decisions.get(self.index) if analysis is not None else None
        if analysis is None or review is None:
            return
        self.title = review.title
        self.worths = {a.action: a.value for a in (review.chosen, *review.best)}
        self.values = {words: analysis.points(value) for words, value in self.worths.items()}
        self.choices = offered(self.every, self.worths, self.played)

    def valued(self) -> list[tuple[Choice, float]]:
        """The choices the analysis valued (each matched to the engine's, cards in any order), best first."""
        found = []
        for words, value in self.worths.items():
            choice = next((c for c in self.every if same_choice(c[0], words)), None)
            if choice is not None:
                found.append((choice, value))
        return sorted(found, key=lambda cv: -cv[1])

    def value_words(self, words: str) -> str:
        """The analysis' value of a choice as the review shows it ("+38"), "" when it did not value it."""
        return next((shown for valued, shown in self.values.items() if same_choice(words, valued)), "")

    @property
    def playing(self) -> bool:
        return self._playing_on.busy

    def content_state(self) -> object:
        picked = tuple(sorted(self.picker.chosen)) if self.picker is not None else ()
        return (self.chosen, self.line is not None, self.control is not None, self.failed, self.playing, picked,
                len(self.values))

    # -- choosing and playing on ----------------------------------------------------------------------
    def choose(self, choice: Choice) -> None:
        """Play the hand on from ``choice`` in the background, and from the choice made the same way (once)."""
        self.chosen, self.line, self.failed, self.why, self.differed, self.told = choice, None, "", "", "", None
        if self._pool is None:
            self._pool = background_pool("pinochle-try-again", not thinking_at_once(), workers=2, niceness=LAST)
            assert self._pool is not None
        if self.control is None and self._playing_on.control is None:
            self._playing_on.control = self._pool.submit(play_on, self.record, self.index, self.played, LEVEL,
                                                         self.levels)
        if choice[1] != self.played:
            self._playing_on.line = self._pool.submit(play_on, self.record, self.index, choice[1], LEVEL, self.levels)
        self.rebuild()

    def picked(self) -> None:
        """The cards picked changed: the confirm button follows the engine's word, the words their value."""
        if self.confirm is not None and self.picker is not None:
            self.confirm.enabled = self.picker.action() is not None
        self.changed()

    def play_picked(self, action: Action | None = None) -> None:
        """Play on from the cards picked (when the engine takes them)."""
        action = action if action is not None else self.picker.action() if self.picker is not None else None
        if action is not None:
            self.choose((self.picked_choice_words(action), action_to_json(action)))

    def picked_choice_words(self, action: Action) -> str:
        """The cards picked in words, in the order of the hand shown ("Return A♥ A♠ K♠ 10♦")."""
        if self.picker is None:
            return action_words(action, self.game)
        return f"{self.picker.verb.capitalize()} {cards_label(self.picker.chosen_cards())}"

    def quick_pick(self, choice: Choice) -> None:
        """A set the analysis valued, picked on the hand (the player confirms it)."""
        action = self.game.action_from_json(choice[1])
        if self.picker is not None and isinstance(action, (PassCards, Bury)):
            self.picker.choose(action.cards)
            self.set_focus(self.confirm)

    def choose_again(self) -> None:
        """Back to the choices; a line still being played is dropped (the choice made's is kept)."""
        self._playing_on.drop_line()
        self.chosen, self.line, self.failed = None, None, ""
        self.rebuild()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.analysis is not None and self.analysis.poll(dt):  # the review below waits: its analysis goes on
            had = len(self.values)
            self.take_values()
            if len(self.values) != had and self.chosen is None:
                self.rebuild()
            self.changed()
        came = False
        for control, future in self._playing_on.came():
            came = True
            try:
                result = future.result()
            except Exception as err:  # noqa: BLE001 - told on the panel, the review goes on
                self.failed = f"The hand could not be played on: {err}"
                continue
            if control:
                self.control = result
                self.control_as_played = read_hand(result).actions == self.played_actions
            else:
                self.line = result
        if self.chosen is not None and self.chosen[1] == self.played:
            self.line = self.control  # the choice made again: the one line
        if self.line is not None and self.control is not None and self.told is not self.line:
            self.tell(self.control, self.line)
        if came:
            self.rebuild()
            self.changed()

    def tell(self, control: HandRecord, line: HandRecord) -> None:
        """Why the better line did better (the analysis' words), and what differed between the two."""
        self.told = line
        self.why = self.reason(line, control)
        self.differed = what_differed(control, line, self.side_seat)

    def reason(self, line: HandRecord, control: HandRecord | None = None) -> str:
        """Why the better of the choice made and the new line did better, in the analysis' words ("" when they
        came out the same, or nothing the seat saw speaks for the better)."""
        if self.chosen is None:
            return ""
        first, then = net(control if control is not None else self.record, self.side_seat), net(line, self.side_seat)
        if first == then:
            return ""
        better, worse = (self.played, self.chosen[1]) if first > then else (self.chosen[1], self.played)
        return why_better(self.record, self.index, better, worse, self.worths, player_seat(self.record))

    # -- the words --------------------------------------------------------------------------------------
    def who_plays(self) -> str:
        """The computers that play the line on, in words: "medium in the other seats, as at the table; hard in
        your seat"."""
        humans = [s for s, level in enumerate(self.levels) if level is None]
        levels = sorted({level for level in self.levels if level is not None})
        table = f"{' and '.join(levels)} in the other seats, as at the table" if levels else ""
        people = f"hard in {whose(self.record, humans[0])} seat" if humans else ""
        return "; ".join(part for part in (table, people) if part)

    def intro(self) -> str:
        """The words over the choices: what a choice does, who plays on, how the choices are listed."""
        said = f"Choose again: the computers play the rest of the hand on the same cards ({self.who_plays()})."
        if self.picker is not None:
            said += " Pick the cards on the hand, as at the table, or a set the analysis valued."
        if self.values:
            seer = who(self.record, self.seat)
            said += f" Values are the analysis', as the review shows them: points of this hand, from what {seer} saw."
        elif self.analysis is not None and not self.analysis.analysed:
            said += " The analysis has not valued this decision yet."
        if self.picker is None and len(self.choices) < len(self.every):
            said += (f" {len(self.choices)} of the {len(self.every)} choices: the one played, those the analysis "
                     "valued and the first others.")
        return said

    def same_as_played(self) -> bool:
        """The choice made, played on by the computers, is the hand as it really went."""
        return self.control is not None and self.control_as_played

    def first_label(self) -> str:
        return "As played" if self.same_as_played() else "The choice made, played on"

    def fairness(self) -> str:
        """Why the two lines compare: both are played on by the same computers, the choice alone differing."""
        said = f"Both lines are played on from here by the same computers ({self.who_plays()}), so only the choice " \
               "differs."
        if self.control is not None and not self.same_as_played():
            said += f" As the hand really went: {net(self.record, self.side_seat):+d}."
        return said

    def picked_words(self) -> str:
        """What the analysis says of the cards picked: their value, or that it did not value them."""
        if self.picker is None:
            return ""
        action = self.picker.action()
        if action is None:
            return ""
        words = self.picked_choice_words(action)
        played = " (as played)" if same_choice(words, self.played_words) else ""
        shown = self.value_words(words)
        if shown:
            seer = who(self.record, self.seat)
            return f"{words}{played}: valued {shown} by the analysis, from what {seer} saw."
        return f"{words}{played}: not valued by the analysis; the computers will play it on."

    # -- moving on --------------------------------------------------------------------------------------
    def better_line(self) -> int:
        """Which of (the choice made, the new line) did better: the new line when they came out the same."""
        assert self.control is not None and self.line is not None
        return 0 if net(self.control, self.side_seat) > net(self.line, self.side_seat) else 1

    def watch(self) -> None:
        """The better line card by card, from this decision (the other a page away)."""
        if self.control is None or self.line is None:
            return
        chosen = self.chosen[0] if self.chosen is not None else ""
        labels = [f"{self.first_label()}: {self.played_words}", f"The new line: {chosen}"]
        about = [f"{label}, net {net_words(record, self.side_seat)}"
                 for label, record in zip(labels, (self.control, self.line), strict=True)]
        self.app.stack.push(WatchScene(self.app, [self.control, self.line], self.better_line(), self.index, labels,
                                       about), "fade")

    def step_through(self) -> None:
        if self.line is not None:
            self.open_line(self.control if self.control is not None else self.record, self.line)

    def leave(self) -> None:
        stop_pool(self._pool)
        self._pool = None
        self._playing_on = PlayingOn()

    # -- layout ---------------------------------------------------------------------------------------
    def text_width(self) -> int:
        return self.panel_rect().w - self.px(40)

    def build(self) -> None:
        panel = self.panel_rect()
        m, bh = self.px(16), self.px(46)
        foot = panel.bottom - bh - self.px(18)
        self.confirm = None
        if self.chosen is None:
            top = self.wrapped(None, self.intro(), self.px(14), self.theme.text_dim,
                               (panel.centerx, panel.y + self.px(84)), "italic", self.text_width()) + self.px(8)
            area = pygame.Rect(panel.x + m, top, panel.w - 2 * m, foot - m - top)
            if self.picker is not None:
                specs: list[tuple[str, Callable[[], object], str]] = [
                    ("Play it on", self.play_picked, "The computers play the hand on from the cards picked (Enter)"),
                    ("Clear", self.picker.clear, "No card picked"),
                    ("Back", self.back, "Back to the review (Esc)")]
                self.pick_area(area)
            else:
                specs = [("Back", self.back, "Back to the review (Esc)")]
                self.choice_buttons(area)
        elif self.line is None or self.control is None:
            specs = [("Choose again", self.choose_again, "Another choice"), ("Back", self.back, "Back to the review")]
        else:
            specs = [("Watch it", self.watch, "The better line card by card, from this decision; Space pauses"),
                     ("Step through it", self.step_through, "The new line in the review, step by step"),
                     ("Choose again", self.choose_again, "Another choice"), ("Back", self.back, "Back to the review")]
        bw = min(self.px(230), (panel.w - m * (len(specs) + 1)) // len(specs))
        x = panel.centerx - (len(specs) * bw + (len(specs) - 1) * m) // 2
        for i, (text, action, tip) in enumerate(specs):
            b = self.button(pygame.Rect(x, foot, bw, bh), text, action, tooltip=tip)
            if text == "Play it on":
                self.confirm = b
                b.enabled = self.picker is not None and self.picker.action() is not None
            if i == 0 and self.chosen is not None:  # the first button has the focus
                self.set_focus(b)
            x += bw + m
        if self.picker is not None and self.chosen is None:
            self.set_focus(self.picker)
        self.lay_out_lines(panel, foot)

    def lay_out_lines(self, panel: pygame.Rect, foot: int) -> None:
        """Where the two lines' tables go: under the fairness note, over the verdict and its reasons."""
        width = self.text_width()
        top = self.wrapped(None, self.fairness(), self.px(14), self.theme.text_dim,
                           (panel.centerx, panel.y + self.px(116)), "italic", width) + self.px(8) + self.label_height()
        under = scaled(self.px(17) * 1.35) + self.px(12)
        under += len(self.told_lines()) * scaled(self.px(14) * 1.35)
        self.tables = pygame.Rect(panel.x + self.px(16), top, panel.w - self.px(32), max(self.px(90), foot - top
                                  - under - self.px(12)))

    def label_height(self) -> int:
        """The two lines over each hand's table: its name, and its net."""
        return scaled(self.px(16) * 1.3) + scaled(self.px(14) * 1.3) + self.px(4)

    def told_lines(self) -> list[str]:
        """The lines under the verdict: why the better did better, what differed, wrapped."""
        return [line for text in self.reasons() for line in wrap(text, self.px(14), self.text_width(), "italic")]

    def reasons(self) -> list[str]:
        """Why the better did better (or that the analysis has no reason to give), and what differed."""
        if self.chosen is None or self.line is None or self.control is None:
            return []
        first, then = net(self.control, self.side_seat), net(self.line, self.side_seat)
        if first == then:
            return [f"What differed: {self.differed}."] if self.differed else []
        better, worse = (self.chosen[0], self.played_words) if then > first else (self.played_words, self.chosen[0])
        said = [f"Why {better} did better: {self.why}." if self.why else self.no_reason(better, worse)]
        said.append(f"What differed: {self.differed}." if self.differed else
                    "The contract, the meld and the tricks came out the same.")
        return said

    def no_reason(self, better: str, worse: str) -> str:
        """What the analysis says where it gives no reason for the better line: how it valued the two (the cards
        fell the better line's way where it valued it less), or that it did not value one and nothing the seat
        saw speaks for the better."""
        seer = who(self.record, self.seat)
        values = value_of(better, self.worths), value_of(worse, self.worths)
        if values[0] is None or values[1] is None or self.analysis is None:
            return f"The analysis did not value {better if values[0] is None else worse}, and nothing {seer} " \
                   f"could see speaks for {better}."
        shown = f"{self.analysis.points(values[0])} against {self.analysis.points(values[1])}"
        if values[0] < values[1]:
            gap = self.analysis.points(values[1] - values[0], signed=False)
            return f"The analysis valued {better} {gap} less than {worse}, from what {seer} saw ({shown}): " \
                   "here the cards fell its way."
        return f"The analysis valued {better} more, from what {seer} saw ({shown}), and nothing {seer} could see " \
               "says why in words."

    def pick_area(self, area: pygame.Rect) -> None:
        """The hand to pick from, the quick picks of the sets the analysis valued under it, and the words on the
        cards picked."""
        assert self.picker is not None
        valued = self.valued()
        gap, qh = self.px(6), self.px(36)
        size = self.px(15)
        labels = [self.quick_text(choice, value) for choice, value in valued]
        bw = min(area.w, max((text_width(t, size, "bold") for t in labels), default=0) + self.px(48))
        picked_h = 2 * scaled(self.px(14) * 1.35) + self.px(6)
        quick_h = (scaled(self.px(14) * 1.35) + len(labels) * (qh + gap)) if labels else 0
        self.picker.text_size = self.px(16)
        self.picker.rect = pygame.Rect(area.x, area.y, area.w, max(self.px(120), area.h - quick_h - picked_h))
        self.picker.set_theme(self.theme)
        self.add(self.picker)
        self.picked_at = self.picker.rect.bottom + self.px(4)
        y = self.picked_at + picked_h
        self.quick_at = y if labels else None
        y += scaled(self.px(14) * 1.35)
        for i, ((choice, _value), text) in enumerate(zip(valued, labels, strict=True)):  # best first, one a row
            rect = pygame.Rect(area.centerx - bw // 2, y + i * (qh + gap), bw, qh)
            self.button(rect, text, partial(self.quick_pick, choice),
                        tooltip=f"Pick {choice[0]} on the hand; Play it on plays it")

    def quick_text(self, choice: Choice, value: float) -> str:
        played = "  (as played)" if choice[1] == self.played or same_choice(choice[0], self.played_words) else ""
        return f"{choice[0]}  {self.value_words(choice[0])}{played}"

    def choice_buttons(self, area: pygame.Rect) -> None:
        """A button for each choice offered, in columns as wide as their words need."""
        choices = self.choices
        longest = max(len(words) for words, _ in choices)
        columns = max(1, min(4, area.w // max(self.px(150), self.px(11) * longest)))
        rows = -(-len(choices) // columns)
        gap = self.px(8)
        bh = max(self.px(26), min(self.px(42), (area.h - gap * (rows - 1)) // rows))
        bw = (area.w - gap * (columns - 1)) // columns
        first = None
        for i, (words, value) in enumerate(choices):
            column, row = i % columns, i // columns
            rect = pygame.Rect(area.x + column * (bw + gap), area.y + row * (bh + gap), bw, bh)
            as_played = value == self.played
            shown = self.value_words(words)
            text = words + (f"  {shown}" if shown else "") + ("  (as played)" if as_played else "")
            b = self.button(rect, text, partial(self.choose, (words, value)),
                            tooltip=f"{text}: the choice made" if as_played else f"{text}: the computers play on")
            first = first or b
        if first is not None:
            self.set_focus(first)

    # -- drawing --------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        panel, t = self.panel_rect(), self.theme
        width = self.text_width()
        blit_text(surface, self.title, self.px(20), t.accent, (panel.centerx, panel.y + self.px(60)), "bold",
                  "midtop", width)
        if self.chosen is None:
            self.wrapped(surface, self.intro(), self.px(14), t.text_dim, (panel.centerx, panel.y + self.px(84)),
                         "italic", width)
            if self.picker is not None:
                self.draw_pick_words(surface)
            return
        blit_text(surface, f"Instead of {self.played_words}: {self.chosen[0]}", self.px(17), t.text,
                  (panel.centerx, panel.y + self.px(90)), "bold", "midtop", width)
        if self.line is None or self.control is None:
            waiting = self.failed or "The computers are playing the hand on from this choice and from the choice " \
                                     "made, the same way…"
            self.wrapped(surface, waiting, self.px(17), t.text_dim, (panel.centerx, self.tables.centery), "italic",
                         width)
            return
        self.wrapped(surface, self.fairness(), self.px(14), t.text_dim, (panel.centerx, panel.y + self.px(116)),
                     "italic", width)
        gap, label_h = self.px(16), self.label_height()
        for i, (label, record) in enumerate(((self.first_label(), self.control), ("The new line", self.line))):
            if self.standing:
                tall = (self.tables.h - gap - label_h) // 2
                box = pygame.Rect(self.tables.x, self.tables.y + i * (tall + gap + label_h), self.tables.w, tall)
            else:
                half = (self.tables.w - gap) // 2
                box = pygame.Rect(self.tables.x + i * (half + gap), self.tables.y, half, self.tables.h)
            size, small = self.px(16), self.px(14)
            blit_text(surface, label, size, t.accent, (box.centerx, box.y - self.px(4) - scaled(small * 1.3)), "bold",
                      "midbottom", box.w)
            blit_text(surface, f"net {net_words(record, self.side_seat)}", small, t.text,
                      (box.centerx, box.y - self.px(4)), "regular", "midbottom", box.w)
            head, rows = hand_table(record)
            draw_table(surface, box, t, head, rows, "", None)
        against = "as played" if self.same_as_played() else "the choice made"
        y = self.tables.bottom + self.px(8)
        blit_text(surface, verdict(self.control, self.line, self.side_seat, against), self.px(17), t.text,
                  (panel.centerx, y), "bold", "midtop", width)
        y += scaled(self.px(17) * 1.35) + self.px(4)
        size = self.px(14)
        for line in self.told_lines():
            blit_text(surface, line, size, t.text_dim, (panel.centerx, y), "italic", "midtop", width)
            y += scaled(size * 1.35)

    def draw_pick_words(self, surface: pygame.Surface) -> None:
        """Under the hand: what the analysis says of the cards picked; over the quick picks, what they are."""
        panel, t = self.panel_rect(), self.theme
        words = self.picked_words()
        if words:
            self.wrapped(surface, words, self.px(14), t.text, (panel.centerx, self.picked_at), "regular",
                         self.text_width())
        if self.quick_at is not None:
            blit_text(surface, "Or pick a set the analysis valued, best first:", self.px(14), t.text_dim,
                      (panel.centerx, self.quick_at), "italic", "midtop", self.text_width())


__all__ = ["LEVEL", "MOST_CHOICES", "TryAgainScene", "offered"]
