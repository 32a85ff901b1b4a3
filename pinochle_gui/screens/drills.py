"""Practise your mistakes: the player's own costly decisions, set up again to be chosen anew.

:class:`DrillScene` goes through drills (:class:`pinochle_gui.storage.StoredDrill`: the costly decisions of the
hands the player played, kept by the cost job, or those of the hand a review shows). Each is shown as the player
saw it then: their hand, the trick on the table, the trump, the contract and the points so far, and the hand so far
in words (the auction, the meld shown, each trick), nothing the seat could not see. The choices are offered in an
order that tells nothing of their values (:func:`engine.ai.analysis.drills.choices_in_order`; a bid by steps, as at the
table). A choice is graded at once from the review's own values (:func:`engine.ai.analysis.drills.grade_choice`):
solved or not, the grade, how much it was worth against the choice made in the hand and why the best was better, in the
analysis' words; the attempt goes into the statistics. Then the computers play the hand on from it in the
background (:func:`engine.ai.analysis.try_again.play_on`: the table's computers at their levels, the hard one in the
player's seat, as try again plays), and the hand as played and the new line stand side by side.
**Choose again** (A), **Next drill** (N), **Step through it** (the new line in the review), **Back** (Esc).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from engine.actions import Action, action_to_json
from engine.ai.analysis.accuracy import did_words
from engine.ai.analysis.advice import ANALYSIS_LEVELS, APP_SEED
from engine.ai.analysis.drills import (
    Drill,
    Verdict,
    choices_in_order,
    drills_in,
    grade_choice,
    reason_against,
    value_choice,
    verdict_words,
)
from engine.ai.analysis.hand import ChoiceValue, DecisionReview, action_words, game_before
from engine.ai.analysis.try_again import play_on
from engine.ai.analysis.worker import background_pool, stop_pool
from engine.cards import SUIT_NAMES, Card, card_label
from engine.events import EventKind
from engine.game import Phase
from engine.record import HandRecord, read_hand
from engine.review import Step, review_steps, side_names
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import scaled, sized_by_layout, sized_for_player
from pinochle_gui.net_result import net, net_words
from pinochle_gui.screens.dialogs import show_messages
from pinochle_gui.screens.playing_on import PlayingOn
from pinochle_gui.screens.review_analysis import points_text
from pinochle_gui.screens.review_notes import GRADE_COLOURS
from pinochle_gui.screens.review_summary import TABLE_ROWS, hand_table, least_print
from pinochle_gui.screens.screen import Screen
from pinochle_gui.screens.try_again_words import verdict
from pinochle_gui.seat_words import who
from pinochle_gui.storage import StoredDrill
from pinochle_gui.table.cost_job import LAST
from pinochle_gui.table.seats import thinking_at_once
from pinochle_gui.table.summary import draw_table
from pinochle_gui.theme import Theme, draw_panel
from pinochle_gui.widgets import MenuButton, blit_text, same_text_size
from pinochle_gui.widgets.card_picker import CardPicker, hand_order, picks_cards
from pinochle_gui.widgets.text import text_width, wrap
from pinochle_gui.words import variant_name

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

#: The level of the computer that plays the player's seat when the hand is played on (a test may ask a smaller one).
LEVEL = "hard"
#: The search that values cards picked that the analysis did not value: the review's (a test may ask a smaller one).
VALUE_LEVEL = "hard"
#: How many bids the bid buttons' long step jumps.
BID_JUMP = 5
#: What the screen says when there is no drill.
NO_DRILLS = ("No drills yet. The costly decisions of the hands you play (mistakes and blunders, as the review "
             "marks them) become drills here once each hand's analysis is done, with “Analyse my hands” on in the "
             "settings.")


def waiting_words(app: App) -> str:
    """How many kept hands the cost job has still to look at for drills ("" when none, or when it is switched off:
    then they wait for nothing)."""
    waiting = app.storage.stats.hands_waiting() if app.settings.analyse_hands else 0
    if not waiting:
        return ""
    return f"{waiting} earlier {'hand' if waiting == 1 else 'hands'} still to be looked at for drills"


#: Where each seat sits round the table, by the number of seats (the player at the bottom).
PLACES = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}
TOWARDS = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}


def position_before(steps: Sequence[Step], action_index: int) -> tuple[Step, list[Step]]:
    """The step the hand stood at just before the record's action ``action_index``, and the steps before it."""
    first = next(i for i, s in enumerate(steps) if s.action_index == action_index)
    return steps[first - 1], list(steps[:first])


def story(record: HandRecord, steps: Sequence[Step]) -> list[str]:
    """The hand so far in words, as every seat saw it: the deal, the auction, trump, the passes (how many cards),
    the meld shown, and each trick with its cards ("West wins trick 1: 10 points (North 9♣, you Q♣, West 10♣)")."""
    lines = []
    for step in steps:
        if step.kind == EventKind.PLAY:
            continue  # each trick is told whole when it is won
        if step.kind == EventKind.TRICK:
            cards = ", ".join(f"{who(record, seat)} {card_label(card)}" for seat, card in step.trick)
            lines.append(f"{step.text} ({cards})")
        else:
            lines.append(step.text)
    return lines


def received(steps: Sequence[Step], kind: Phase, seat: int) -> list[Card]:
    """The cards the player was given just before the decision, marked in the hand as the table marks them: those
    passed to the declarer before the return, the widow taken before the bury."""
    given = {Phase.RETURN: EventKind.PASS_CARDS, Phase.BURY: EventKind.WIDOW}.get(kind)
    last = next((s for s in reversed(steps) if s.kind == given and s.seat is not None), None)
    if last is None or (kind == Phase.BURY and last.seat != seat) or (kind == Phase.RETURN and last.seat == seat):
        return []
    return list(last.shown)


def trump_at(steps: Sequence[Step], step: Step) -> int | None:
    """The trump suit at ``step``: named, or that of the card turned up at the deal (two-handed, turn-up)."""
    if step.trump is not None:
        return step.trump
    deal = steps[0] if steps else None
    if deal is not None and deal.shown_label == "Turned up" and deal.shown:
        return int(deal.shown[0]) // 6
    return None


def standing_words(record: HandRecord, step: Step, trump: int | None = None) -> str:
    """Trump, the contract and the trick points so far, as the player saw them at the step."""
    parts = []
    if trump is not None:
        parts.append(f"Trump {SUIT_NAMES[trump]}")
    if step.contract is not None:
        parts.append(f"bid {step.contract[1]} by {who(record, step.contract[0])}")
    if step.tricks_done:
        points = ", ".join(f"{side} {p}" for side, p in zip(side_names(record), step.points, strict=True))
        parts.append(f"after {step.tricks_done} trick{'s' * (step.tricks_done != 1)}: {points}")
    return " · ".join(parts)[:1].upper() + " · ".join(parts)[1:] if parts else "The auction: no trump yet"


def same_hand(one: HandRecord, other: HandRecord) -> bool:
    """Whether two records tell the same hand (the same deal, the same actions): a hand a review shows, and the one
    the statistics kept."""
    return all(one.get(k) == other.get(k) for k in ("game_id", "hand_number", "seed", "deal", "dealer", "actions"))


def review_drills(app: App, record: HandRecord, reviews: Iterable[DecisionReview], seat: int,
                  levels: Sequence[str | None]) -> DrillScene:
    """The drills from a hand's review: the costly decisions of the player in ``seat`` among its ``reviews`` first
    (with their progress where the statistics keep them; ``levels``: the table's computers), then the drills of
    the other hands played."""
    kept = app.storage.drills.drills()
    own = []
    for drill in drills_in(record, reviews, seat):
        found = next((d for d in kept if d.key is not None and d.key.action_index == drill.action_index
                      and same_hand(d.drill.record, record)), None)
        own.append(found or StoredDrill(None, drill, drill.hand.variant, tuple(levels)))
    rest = [d for d in kept if d not in own]
    if own:
        note = f"This hand's costly decisions first ({len(own)}), then those of the other hands you played"
    else:
        note = "No costly decision of yours in this hand: the drills of the other hands you played"
    return DrillScene(app, own + rest, 0, note)


def table_height(rows: int, room: int) -> int:
    """The tallest height up to ``room`` at which a hand's table of ``rows`` rows (its heading on one line) holds
    them all, its print following its height as :func:`pinochle_gui.table.summary.draw_table` sizes it; 0 where
    none does."""
    for height in range(room, 59, -1):
        size = max(13, min(26, height // 9))
        if 18 + scaled((size + 4) * 1.3) + rows * scaled(size * 1.6) <= height:
            return height
    return 0


def draw_lines(surface: pygame.Surface, area: pygame.Rect, theme: Theme, lines: Sequence[tuple[HandRecord, str]],
               side_seat: int, standing: bool, gap: int, size: int, short: bool = False) -> None:
    """Two hands' tables side by side in ``area`` (one above the other where ``standing``), each under its label
    and its net for the side of ``side_seat`` ("As played, net +80 (your side +230, the opponents +150)"; with
    ``short``, the net alone); ``size``: the labels' print."""
    label_h = round(size * 1.75)
    for i, (record, label) in enumerate(lines):
        if standing:
            tall = (area.h - gap - label_h) // 2
            box = pygame.Rect(area.x, area.y + i * (tall + gap + label_h), area.w, tall)
        else:
            half = (area.w - gap) // 2
            box = pygame.Rect(area.x + i * (half + gap), area.y, half, area.h)
        said = f"{net(record, side_seat):+d}" if short else net_words(record, side_seat)
        with sized_for_player():  # the labels at the player's print, where the tables follow their boxes
            blit_text(surface, f"{label}, net {said}", size, theme.accent,
                      (box.centerx, box.y - round(size / 4)), "bold", "midbottom", box.w)
        head, rows = hand_table(record)
        draw_table(surface, box, theme, head, rows, "", None)


class DrillScene(Screen):
    """The drills, one at a time: the position, the choices, the verdict and the hand played on."""

    heading = "Practise your mistakes"

    def __init__(self, app: App, drills: Sequence[StoredDrill], at: int = 0, note: str = "") -> None:
        super().__init__(app)
        self.drills = list(drills)
        self.at = max(0, min(at, len(self.drills) - 1))
        self.waiting = waiting_words(app)  # the hands the cost job has still to look at
        self.note = note or self.waiting  # said under the status: where these drills come from (or what waits)
        self.art = CardArt(app.settings.deck_design, app.settings.card_back)
        self.chosen: ChoiceValue | None = None
        self.verdict: Verdict | None = None
        self.why = ""
        self.line: HandRecord | None = None  # the hand played on from the new choice
        self.control: HandRecord | None = None  # the hand played on from the choice made, by the same computers
        self.control_as_played = False  # the control went as the hand really did
        self.failed = ""
        self.valuing = ""  # the cards picked that the analysis did not value, while they are valued
        self._pool: Executor | None = None
        self._playing_on = PlayingOn()  # the two hands played on, while they are
        self._valued: Future[Drill] | None = None
        self.picker: CardPicker | None = None  # a pass, a return or a bury: the cards picked on the hand
        self.confirm: MenuButton | None = None
        self.sets_at = 0  # where the words over the sets the analysis valued go
        self.card_spots: list[tuple[pygame.Rect, str]] = []  # where each card of the player's hand was drawn
        self.received: list[Card] = []  # cards given to the player just before the decision (marked)
        self.foot_buttons: list[MenuButton] = []
        self.trump: int | None = None  # the trump suit at the decision, once known
        self.set_up()

    # -- the drill shown ------------------------------------------------------------------------------
    @property
    def entry(self) -> StoredDrill | None:
        return self.drills[self.at] if self.drills else None

    def set_up(self) -> None:
        """Lay out the drill at :attr:`at`: its position, its choices in their neutral order, the hand to pick
        cards from (a pass, a return, a bury)."""
        self.chosen = self.verdict = None
        self.why, self.line, self.failed, self.valuing = "", None, "", ""
        self.drop_line()
        self.drop_control()
        self.picker = None
        entry = self.entry
        if entry is None:
            self.choices: list[ChoiceValue] = []
            return
        drill = entry.drill
        game, _made = game_before(drill.record, drill.action_index)
        if picks_cards(game):
            names = [who(drill.record, s) for s in range(drill.hand.seats)]
            self.picker = CardPicker(game, self.art, self.theme, names, self.app.settings.sort_order,
                                     on_change=self.picked, on_confirm=self.choose_picked)
        self.before, earlier = position_before(review_steps(drill.record), drill.action_index)
        self.story = story(drill.record, earlier)
        self.received = received(earlier, drill.review.kind, drill.seat)
        self.trump = trump_at(earlier, self.before)
        self.choices = self.in_order(drill)
        self.bids = [c for c in self.choices if c.words.startswith("Bid ")]
        self.bid_at = 0  # the bid the bid button offers: the lowest, as at the table

    def in_order(self, drill: Drill) -> list[ChoiceValue]:
        """The drill's choices in an order that tells nothing of their values, cards as the hand is drawn (the
        player's sort order)."""
        hand = hand_order(self.before.hands[drill.seat], self.trump, self.app.settings.sort_order)
        place = {card_label(c): i for i, c in reversed(list(enumerate(hand)))}
        return sorted(choices_in_order(drill), key=lambda c: place.get(c.words, len(place)))

    def content_state(self) -> object:
        entry = self.entry
        picked = tuple(sorted(self.picker.chosen)) if self.picker is not None else ()
        return (self.at, self.chosen, self.line is not None, self.control is not None, self.failed, self.valuing,
                self._playing_on.line is not None, None if entry is None else (entry.attempts, entry.solved),
                getattr(self, "bid_at", 0), picked)

    # -- choosing -------------------------------------------------------------------------------------
    def picked(self) -> None:
        """The cards picked changed: the confirm button follows the engine's word."""
        if self.confirm is not None and self.picker is not None:
            self.confirm.enabled = self.picker.action() is not None
        self.changed()

    def choose_picked(self, action: Action | None = None) -> None:
        """The cards picked on the hand, chosen: graded at once where the analysis valued them, else valued first as
        the review would have valued them (in the background)."""
        picker, entry = self.picker, self.entry
        action = action if action is not None else picker.action() if picker is not None else None
        if action is None or entry is None or picker is None:
            return
        words = action_words(action, picker.game)
        found = entry.drill.choice(words)
        if found is not None:
            self.choose(found)
            return
        self.valuing = words
        self._valued = self.pool().submit(value_choice, entry.drill, action_to_json(action), APP_SEED,
                                          ANALYSIS_LEVELS[VALUE_LEVEL])
        self.rebuild()

    def choose(self, choice: ChoiceValue) -> None:
        """Grade ``choice`` from the review's values, count the attempt, and play the hand on from it (and from the
        choice made, by the same computers)."""
        entry = self.entry
        if entry is None:
            return
        drill = entry.drill
        self.chosen, self.valuing = choice, ""
        self.verdict = grade_choice(drill, choice.words)
        against = drill.played if self.verdict.solved else choice
        self.why = reason_against(drill, against.words)
        self.drills[self.at] = replace(entry, attempts=entry.attempts + 1, solved=entry.solved or self.verdict.solved)
        if entry.key is not None:
            show_messages(self.app, self.app.storage.drills.attempted(entry.key, self.verdict.solved))
        self.play_on(drill, choice, entry.levels)
        self.rebuild()

    def pool(self) -> Executor:
        if self._pool is None:
            self._pool = background_pool("pinochle-drill", not thinking_at_once(), workers=2, niceness=LAST)
            assert self._pool is not None
        return self._pool

    def play_on(self, drill: Drill, choice: ChoiceValue, levels: Sequence[str | None]) -> None:
        """The rest of the hand from ``choice``, played in the background by the table's computers (the hard one
        in the player's seat), and, once a drill, from the choice made the same way: the two lines differ by the
        choice alone (the hand as it went had the player's own later decisions, which no computer repeats)."""
        self.drop_line()
        seats = [None if s == drill.seat else levels[s] for s in range(len(levels))]
        if self.control is None and self._playing_on.control is None:
            self._playing_on.control = self.pool().submit(play_on, drill.record, drill.action_index,
                                                          drill.played.action, LEVEL, seats)
        if choice != drill.played:
            self._playing_on.line = self.pool().submit(play_on, drill.record, drill.action_index, choice.action, LEVEL,
                                                       seats)

    def drop_line(self) -> None:
        self._playing_on.drop_line()
        if self._valued is not None:
            self._valued.cancel()
        self._valued = None

    def drop_control(self) -> None:
        self._playing_on.drop_control()
        self.control = None

    def choose_again(self) -> None:
        self.drop_line()
        self.chosen = self.verdict = None
        self.why, self.line, self.failed, self.valuing = "", None, "", ""
        self.rebuild()

    def next_drill(self) -> None:
        if self.at + 1 < len(self.drills):
            self.at += 1
            self.set_up()
            self.rebuild()

    def step_bid(self, by: int) -> None:
        self.bid_at = max(0, min(len(self.bids) - 1, self.bid_at + by))
        self.rebuild()

    def step_through(self) -> None:
        entry = self.entry
        if entry is not None and self.line is not None:
            self.app.review_hand([self.control or entry.drill.record, self.line], 1)

    def update(self, dt: float) -> None:
        super().update(dt)
        came = False
        if self._valued is not None and self._valued.done():
            future, self._valued = self._valued, None
            entry = self.entry
            try:
                drill = future.result()
            except Exception as err:  # noqa: BLE001 - told on the screen, the drill goes on
                self.failed, self.valuing = f"These cards could not be valued: {err}", ""
                self.rebuild()
                self.changed()
                return
            if entry is not None:
                self.drills[self.at] = replace(entry, drill=drill)
                self.choices = self.in_order(drill)
                chosen = drill.choice(self.valuing)
                if chosen is not None:
                    self.choose(chosen)
            self.changed()
        for control, running in self._playing_on.came():
            came = True
            try:
                result = running.result()
            except Exception as err:  # noqa: BLE001 - told on the screen, the drill goes on
                self.failed = f"The hand could not be played on: {err}"
                continue
            if control:
                self.control = result
                self.control_as_played = self.entry is not None and \
                    read_hand(result).actions == self.entry.drill.hand.actions
            else:
                self.line = result
        if self.chosen is not None and self.entry is not None and self.chosen == self.entry.drill.played:
            self.line = self.control  # the choice made again: the one line
        if came:
            self.rebuild()  # Step through it
            self.set_focus(self.next_button())
            self.changed()

    def leave(self) -> None:
        stop_pool(self._pool)
        self._pool = None
        self._playing_on, self._valued = PlayingOn(), None

    def same_as_played(self) -> bool:
        """The choice made, played on by the computers, is the hand as it really went."""
        entry = self.entry
        return entry is not None and self.control is not None and self.control_as_played

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.chosen is None and self.picker is None:
            for rect, words in reversed(self.card_spots):  # the card on top where they overlap
                choice = next((c for c in self.choices if c.words == words), None)
                if choice is not None and rect.collidepoint(event.pos):
                    self.app.sound.play("click")
                    self.choose(choice)
                    return True
        return super().process_event(event)

    # -- layout ---------------------------------------------------------------------------------------
    @property
    def landscape(self) -> bool:
        return self.size[0] >= self.size[1] * 1.15

    def build(self) -> None:
        w, h = self.size
        m, bh = self.px(16), self.px(46)
        foot = h - bh - self.px(14)
        top = self.px(84) + scaled(self.px(16) * 1.35) * (1 + bool(self.note))
        if self.landscape:
            left = round((w - 3 * m) * 0.5)
            self.story_box = pygame.Rect(m, top, left, round((foot - m - top) * 0.36))
            self.table = pygame.Rect(m, self.story_box.bottom + m, left, foot - m - self.story_box.bottom - m)
            self.panel = pygame.Rect(2 * m + left, top, w - 3 * m - left, foot - m - top)
        else:
            self.story_box = pygame.Rect(m, top, w - 2 * m, round((foot - top) * 0.15))
            self.table = pygame.Rect(m, self.story_box.bottom + m, w - 2 * m, round((foot - top) * 0.33))
            self.panel = pygame.Rect(m, self.table.bottom + m, w - 2 * m, foot - m - self.table.bottom - m)
        specs: list[tuple[str, Callable[[], object], int | None, str, bool]] = []
        if self.chosen is not None:
            specs.append(("Choose again", self.choose_again, pygame.K_a, "Another choice at the same drill", True))
            specs.append(("Step through it", self.step_through, None, "Your choice played on, in the review",
                          self.line is not None))
        specs.append(("Next drill", self.next_drill, pygame.K_n, "The next drill",
                      self.entry is not None and self.at + 1 < len(self.drills)))
        specs.append(("Back", self.back, None, "Back (Esc)", True))
        bw = min(self.px_text(200), (w - m * (len(specs) + 1)) // len(specs))
        x = (w - len(specs) * bw - (len(specs) - 1) * m) // 2
        made: list[MenuButton] = []
        for text, action, hotkey, tip, enabled in specs:
            b = self.button(pygame.Rect(x, foot, bw, bh), text, action, hotkey, tip)
            b.enabled = enabled
            made.append(b)
            x += bw + m
        same_text_size([*made])
        self.foot_buttons = made
        self.set_focus(self.next_button())
        self.confirm = None
        if self.picker is not None and self.chosen is None:
            pad = self.px(10)
            tall = max(self.px(150), round(self.table.h * 0.58))
            self.picker.rect = pygame.Rect(self.table.x + pad, self.table.bottom - pad - tall, self.table.w - 2 * pad,
                                           tall)
            self.picker.text_size = self.px(15)
            self.picker.set_theme(self.theme)
            self.picker.enabled = not self.valuing
            self.add(self.picker)
        if self.entry is not None and self.chosen is None and not self.valuing:
            self.choice_buttons()

    def next_button(self) -> MenuButton:
        """Where the focus rests among the buttons at the foot: on Next drill, else Back."""
        made = self.foot_buttons
        return next((b for b in made if b.enabled and b.text == "Next drill"), made[-1])

    def prompt(self) -> list[str]:
        """What the player did in the hand and what to do now, wrapped to the panel."""
        entry = self.entry
        if entry is None:
            return []
        review = entry.drill.review
        said = f"In the hand you {did_words(review)} here: a {review.grade.value}. Find the best choice."
        if self.picker is not None and self.chosen is None:
            said += " Pick the cards on your hand, or choose one of the sets the analysis valued (hard's own and " \
                    "yours, in no order of value)."
        return wrap(said, self.px(16), self.panel.w - 2 * self.px(14))

    def choice_buttons(self) -> None:
        """A button for each choice (cards, trump, passes: in their neutral order); a bid by steps, as at the
        table."""
        pad = self.px(14)
        title_h = scaled(self.px(19) * 1.4)
        top = self.panel.y + pad + title_h + scaled(self.px(16) * 1.35) * len(self.prompt()) + self.px(12)
        area = pygame.Rect(self.panel.x + pad, top, self.panel.w - 2 * pad, self.panel.bottom - pad - top)
        if self.bids:
            self.bid_buttons(area)
            return
        if self.picker is not None:  # under the sets valued: the cards picked on the hand, chosen or put back
            gap, bh = self.px(8), self.px(46)
            half = (area.w - gap) // 2
            self.confirm = self.button(pygame.Rect(area.x, area.bottom - bh, half, bh), "Choose the cards picked",
                                       self.choose_picked, tooltip="The cards picked on your hand (Enter)")
            self.confirm.enabled = self.picker.action() is not None
            clear = self.button(pygame.Rect(area.x + half + gap, area.bottom - bh, half, bh), "Clear",
                                self.picker.clear, tooltip="No card picked")
            same_text_size([self.confirm, clear])
            area = pygame.Rect(area.x, area.y, area.w, area.h - bh - self.px(16))
        longest = max(text_width(c.words, self.px(19), "bold") for c in self.choices)  # as a button says it
        columns = max(1, min(4, area.w // max(self.px_text(120), longest + self.px(40))))
        rows = -(-len(self.choices) // columns)
        gap = self.px(8)
        bh = max(self.px_text(30), min(self.px(46), (area.h - gap * (rows - 1)) // max(1, rows)))
        if self.picker is not None:
            self.sets_at = area.y
            area = pygame.Rect(area.x, area.y + scaled(self.px(14) * 1.4), area.w, area.h)
        bw = (area.w - gap * (columns - 1)) // columns
        made: list[MenuButton] = []
        for i, choice in enumerate(self.choices):
            column, row = i % columns, i // columns
            rect = pygame.Rect(area.x + column * (bw + gap), area.y + row * (bh + gap), bw, bh)
            made.append(self.button(rect, choice.words, partial(self.choose, choice), tooltip="Choose this"))
        same_text_size([*made])
        self.set_focus(self.picker if self.picker is not None else made[0])

    def bid_buttons(self, area: pygame.Rect) -> None:
        """Pass, and the bid offered with buttons to move it a bid and :data:`BID_JUMP` bids down and up."""
        gap, bh = self.px(8), self.px(46)
        passes = [c for c in self.choices if not c.words.startswith("Bid ")]
        bid = self.bids[self.bid_at]
        small = self.px_text(64)
        wide = (area.w - 4 * small - 4 * gap) // 2
        x, y = area.x, area.y
        specs: list[tuple[str, Callable[[], object], int, str, bool]] = [
            (f"−{BID_JUMP * 10}", partial(self.step_bid, -BID_JUMP), small, "Lower", self.bid_at > 0),
            ("−", partial(self.step_bid, -1), small, "The next lower bid", self.bid_at > 0),
            (bid.words, partial(self.choose, bid), wide, "Choose this bid", True),
            ("+", partial(self.step_bid, 1), small, "The next higher bid", self.bid_at + 1 < len(self.bids)),
            (f"+{BID_JUMP * 10}", partial(self.step_bid, BID_JUMP), small, "Higher", self.bid_at + 1 < len(self.bids))]
        made: list[MenuButton] = []
        for text, action, width, tip, enabled in specs:
            b = self.button(pygame.Rect(x, y, width, bh), text, action, tooltip=tip)
            b.enabled = enabled
            made.append(b)
            x += width + gap
        y += bh + gap
        for choice in passes:
            made.append(self.button(pygame.Rect(area.x, y, area.w, bh), choice.words, partial(self.choose, choice),
                                    tooltip="Choose this"))
            y += bh + gap
        same_text_size([*made])
        self.set_focus(made[2])

    # -- drawing --------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        t, w = self.theme, self.size[0]
        entry = self.entry
        if entry is None:
            y = self.px(140)
            for line in wrap(NO_DRILLS, self.px(18), min(w - self.px(80), self.px(900))):
                blit_text(surface, line, self.px(18), t.text, (w // 2, y), "regular", "midtop")
                y += scaled(self.px(18) * 1.4)
            if self.waiting:
                blit_text(surface, self.waiting + ".", self.px(16), t.text_dim, (w // 2, y + self.px(12)), "italic",
                          "midtop", w - self.px(40))
            return
        blit_text(surface, self.status(entry), self.px(16), t.text_dim, (w // 2, self.px(84)), "regular", "midtop",
                  w - self.px(40))
        if self.note:
            blit_text(surface, self.note, self.px(15), t.text_dim, (w // 2, self.px(84) + scaled(self.px(16) * 1.35)),
                      "italic", "midtop", w - self.px(40))
        self.draw_story(surface)
        self.draw_position(surface, entry.drill)
        self.draw_panel(surface, entry)

    def status(self, entry: StoredDrill) -> str:
        solved = sum(d.solved for d in self.drills)
        hand = entry.drill.hand
        tried = {0: "not tried yet", 1: "tried once"}.get(entry.attempts, f"tried {entry.attempts} times")
        when = time.strftime(" (%d %b)", time.localtime(entry.recorded_at)) if entry.recorded_at else ""
        parts = [f"Drill {self.at + 1} of {len(self.drills)}", f"{solved} solved",
                 f"{variant_name(hand.variant)}, hand {hand.hand_number}{when}",
                 tried + (", solved" if entry.solved else "")]
        return "  ·  ".join(parts)

    def draw_story(self, surface: pygame.Surface) -> None:
        """The hand so far in words, the latest that fit."""
        t, box = self.theme, self.story_box
        draw_panel(surface, box, t)
        pad, size = self.px(10), self.px(14)
        blit_text(surface, "The hand so far", self.px(15), t.accent, (box.x + pad, box.y + pad // 2), "bold",
                  "topleft", box.w - 2 * pad)
        step = scaled(size * 1.35)
        room = box.h - pad - scaled(self.px(15) * 1.4)
        lines = [line for said in self.story for line in wrap(said, size, box.w - 2 * pad)]
        shown = lines[-max(1, room // step):] if room >= step else []
        y = box.y + pad // 2 + scaled(self.px(15) * 1.4)
        for line in shown:
            blit_text(surface, line, size, t.text, (box.x + pad, y), "regular", "topleft", box.w - 2 * pad)
            y += step

    def card_width(self) -> int:
        return max(self.px(30), min(self.px(66), self.table.h // 4, self.table.w // 9))

    def draw_position(self, surface: pygame.Surface, drill: Drill) -> None:
        """The table as the player saw it: trump, contract and points on top, their cards at the foot, the other
        seats' counts round the trick, the meld laid on the table (two-handed)."""
        t, box, step = self.theme, self.table, self.before
        record = drill.record
        draw_panel(surface, box, t)
        pad = self.px(10)
        blit_text(surface, standing_words(record, step, self.trump), self.px(15), t.text, (box.centerx, box.y + pad),
                  "bold", "midtop", box.w - 2 * pad)
        top = box.y + pad + scaled(self.px(15) * 1.4)
        cw = self.card_width()
        ch = round(cw * 1.4)
        y = box.bottom - pad - ch
        label_top = y - self.px(4) - scaled(self.px(14) * 1.3)
        if self.picker is not None and self.picker in self.widgets:  # the hand to pick from, drawn as a widget
            label_top = self.picker.rect.y - self.px(4)
            self.card_spots = []
        else:
            self.draw_hand(surface, drill, cw, y)
        middle = (top + label_top) // 2
        places = PLACES[len(step.hands)]
        small = max(self.px(22), cw * 2 // 3)
        # two-handed, the meld laid on the table at the left, the trick at the right
        two = len(places) == 2
        laid_x, laid_room = (box.x + round(box.w * 0.32), round(box.w * 0.55)) if two else (box.centerx, box.w // 2)
        trick_x = box.centerx + (round(box.w * 0.3) if two else 0)
        for seat, place in enumerate(places):
            if seat == drill.seat:
                continue
            cards = len(step.hands[seat])
            label = f"{who(record, seat).capitalize()} · {cards} card{'s' * (cards != 1)}"
            dx, _dy = TOWARDS[place]
            at = (box.centerx + dx * (box.w // 2 - round(box.w * 0.17)), middle if dx else top + self.px(12))
            blit_text(surface, label, self.px(15), t.text, at, "bold", "center", round(box.w * 0.3))
            if step.laid[seat]:
                self.row_of(surface, step.laid[seat], (laid_x, at[1] + self.px(12) + round(small * 0.7)), laid_room,
                            small)
        if step.laid[drill.seat]:
            self.row_of(surface, step.laid[drill.seat], (laid_x, label_top - round(small * 0.7)), laid_room, small)
        trick_w = max(self.px(24), min(cw, round((label_top - top) / (1.4 * (1.9 if len(places) == 4 else 1.5)))))
        trick_h = round(trick_w * 1.4)
        for seat, card in step.trick if len(step.trick) < len(places) else ():  # a trick won is gathered in
            dx, dy = TOWARDS[places[seat]]
            if len(places) == 2:
                dx, dy = dy, 0
            rect = pygame.Rect(0, 0, trick_w, trick_h)
            rect.center = (trick_x + dx * round(trick_w * 0.6 if two else trick_w * 1.1),
                           middle + dy * round(trick_h * 0.45))
            surface.blit(self.art.face(card, trick_w), rect)

    def draw_hand(self, surface: pygame.Surface, drill: Drill, cw: int, y: int) -> None:
        """The player's cards in a row at ``y``, those that may be chosen as they are and the others dimmed (all as
        they are where the choice is no card); where each lies is kept, so that a click on one chooses it."""
        t, box, step = self.theme, self.table, self.before
        pad, ch = self.px(10), round(cw * 1.4)
        legal = {c.words for c in drill.review.choices}
        hand = hand_order(step.hands[drill.seat], self.trump, self.app.settings.sort_order)
        cards = any(card_label(c) in legal for c in hand)
        row = min(cw + self.px(4), (box.w - 2 * pad - cw) // max(1, len(hand) - 1)) if len(hand) > 1 else 0
        x = box.centerx - (cw + row * (len(hand) - 1)) // 2
        self.card_spots = []
        marked = list(self.received)
        for i, card in enumerate(hand):
            state = "normal" if card_label(card) in legal or not cards else "dimmed"
            if card in marked:  # given to the player just now (one copy each)
                marked.remove(card)
                state = "marked"
            surface.blit(self.art.face(card, cw, state), (x, y))
            self.card_spots.append((pygame.Rect(x, y, cw if i == len(hand) - 1 else row, ch), card_label(card)))
            x += row
        said = "Your cards: click one to choose it" if cards and self.chosen is None else "Your cards"
        if self.received:
            said += "; those just received are marked"
        blit_text(surface, said, self.px(14), t.text_dim, (box.centerx, y - self.px(4)), "italic", "midbottom",
                  box.w - 2 * pad)

    def row_of(self, surface: pygame.Surface, cards: Sequence[Card], center: tuple[int, int], room: int,
               cw: int) -> None:
        """Small cards (``cw`` wide) in a row centred on ``center``: the meld laid on the table."""
        step = min(cw + 2, (room - cw) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        x = center[0] - (cw + step * (len(cards) - 1)) // 2
        for card in cards:
            surface.blit(self.art.face(card, cw), (x, center[1] - round(cw * 0.7)))
            x += step

    def draw_panel(self, surface: pygame.Surface, entry: StoredDrill) -> None:
        """The decision, what was done in the hand, and once chosen the verdict, why, and the hand played on."""
        t, box = self.theme, self.panel
        draw_panel(surface, box, t)
        pad = self.px(14)
        width = box.w - 2 * pad
        x, y = box.x + pad, box.y + pad
        review = entry.drill.review
        blit_text(surface, review.title, self.px(19), t.accent, (x, y), "bold", "topleft", width)
        y += scaled(self.px(19) * 1.4)
        line = scaled(self.px(16) * 1.35)
        for text in self.prompt():
            blit_text(surface, text, self.px(16), t.text, (x, y))
            y += line
        if self.picker is not None and self.chosen is None and not self.valuing and self.sets_at:
            blit_text(surface, "Or one of the sets the analysis valued:", self.px(14), t.text_dim, (x, self.sets_at),
                      "italic", "topleft", width)
        if self.valuing or (self.failed and self.chosen is None):
            said = self.failed or f"{self.valuing}: the analysis did not value these cards. It values them now as " \
                                  "the review would have, had they been chosen (the same deals, the same search)…"
            for text in wrap(said, self.px(15), width, "italic"):
                y += scaled(self.px(15) * 1.35)
                blit_text(surface, text, self.px(15), t.text_dim, (x, y), "italic")
        verdict = self.verdict
        if verdict is None or self.chosen is None:
            return
        y += self.px(6)
        tenths = verdict.tenths
        grade = "Solved" if verdict.found_best else \
            f"{'Solved' if verdict.solved else 'Not yet'} · {verdict.grade.value.capitalize()}"
        colour = t.good if verdict.solved else getattr(t, GRADE_COLOURS[verdict.grade])
        blit_text(surface, f"Your choice: {self.chosen.words}   {grade}", self.px(17), colour, (x, y), "bold",
                  "topleft", width)
        y += scaled(self.px(17) * 1.45)
        for text in wrap(verdict_words(verdict), self.px(16), width, "bold"):
            blit_text(surface, text, self.px(16), t.text, (x, y), "bold")
            y += line
        if self.why:
            than = "your " + verdict.played.words if verdict.solved or self.chosen == verdict.played \
                else self.chosen.words
            for text in wrap(f"Why {verdict.best.words} was better than {than}: {self.why}", self.px(15), width):
                blit_text(surface, text, self.px(15), t.text, (x, y))
                y += scaled(self.px(15) * 1.35)
        values = self.values_words(verdict, tenths)
        for text in wrap(values, self.px(14), width, "italic"):
            blit_text(surface, text, self.px(14), t.text_dim, (x, y), "italic")
            y += scaled(self.px(14) * 1.35)
        y += self.px(8)
        self.draw_line(surface, entry, pygame.Rect(x, y, width, box.bottom - pad - y))

    def values_words(self, verdict: Verdict, tenths: bool) -> str:
        """The values the verdict comes from, as the review shows them: "From what you saw, in points of this
        hand: A♠ +20, 9♠ +5, your K♠ −19"."""
        shown = [(verdict.best, ""), (verdict.choice, ""), (verdict.played, "your ")]
        seen: list[str] = []
        parts = []
        for choice, mine in shown:
            if choice.words not in seen:
                seen.append(choice.words)
                parts.append(f"{mine}{choice.words} {points_text(choice.value, True, tenths)}")
        return "From what you saw, in points of this hand: " + ", ".join(parts)

    def draw_line(self, surface: pygame.Surface, entry: StoredDrill, area: pygame.Rect) -> None:
        """The choice made and the new choice, each played on by the same computers, side by side (the choice made's
        line is the hand as played where the computers played it so), or that they are being played on."""
        t = self.theme
        record = self.control
        if self.line is None or record is None:
            waiting = self.failed or "The computers are playing the hand on from your choice and from the choice " \
                                     "made in the hand, the same way…"
            for i, text in enumerate(wrap(waiting, self.px(15), area.w, "italic")):
                blit_text(surface, text, self.px(15), t.text_dim, (area.centerx, area.y + self.px(12) + i * scaled(
                    self.px(15) * 1.35)), "italic", "midtop", area.w)
            return
        first = "As played" if self.same_as_played() else "The choice made, played on"
        against = "as played" if self.same_as_played() else "the choice made"
        verdict_h = scaled(self.px(16) * 1.45)
        label = round(self.px(15) * 1.75)
        tables = pygame.Rect(area.x, area.y + label, area.w, area.h - label - verdict_h)
        # a table's print follows its height (table.summary.draw_table): each box as tall as holds its rows, and
        # readable; one above the other where the panel is narrow and the room is there, else side by side
        rows, gap = len(hand_table(record)[1]), self.px(12)
        readable = TABLE_ROWS * least_print()
        above = table_height(rows, min(self.px(170), (tables.h - gap - label) // 2))
        standing = tables.w < self.px(640) and above >= readable
        box_h = above if standing else table_height(rows, min(self.px(170), tables.h))
        tables.h = 2 * box_h + gap + label if standing else box_h
        if box_h < readable:  # no room: the net alone
            for i, text in enumerate(wrap(verdict(record, self.line, entry.drill.seat, against), self.px(16), area.w,
                                          "bold")):
                blit_text(surface, text, self.px(16), t.text, (area.centerx, area.y + i * scaled(self.px(16) * 1.35)),
                          "bold", "midtop", area.w)
            return
        with sized_by_layout():  # the tables' print follows their boxes, as the review's summary draws them
            draw_lines(surface, tables, t, ((record, first), (self.line, "Your choice played on")),
                       entry.drill.seat, standing, gap, self.px(15), short=not standing)
        blit_text(surface, verdict(record, self.line, entry.drill.seat, against), self.px(16), t.text,
                  (area.centerx, tables.bottom + self.px(4)), "bold", "midtop", area.w)


__all__ = ["BID_JUMP", "LEVEL", "NO_DRILLS", "VALUE_LEVEL", "DrillScene", "draw_lines", "position_before", "received",
           "review_drills", "same_hand", "standing_words", "story", "trump_at"]
