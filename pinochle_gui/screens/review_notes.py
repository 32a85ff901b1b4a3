"""What the hand review says beside the table: the computer's reason for the step's decision, its analysis
(its grade, what the hint advised there, the value of the choice and of the best two others, from what the seat
saw and with every card visible, and for a costly one a mark and the sentence why), the analysis's progress,
and the step bar with the costly decisions marked along it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine.ai.analysis.hand import COSTLY, DecisionReview, Grade
from engine.game import Phase
from engine.review import Step
from pinochle_gui.fonts import scaled
from pinochle_gui.screens.review_analysis import ReviewAnalysis, points_text
from pinochle_gui.seat_words import capital, player_seat, who, whose
from pinochle_gui.theme import Theme, draw_panel
from pinochle_gui.widgets import blit_text
from pinochle_gui.widgets.text import wrap

#: The first word of a choice in words (:func:`engine.ai.analysis.hand.action_words`) as the sentence says it.
DOING = {"Bid": "Bidding", "Pass": "Passing", "Return": "Returning", "Bury": "Burying",
         "Throw": "Throwing", "Play": "Playing", "Take": "Taking", "Exchange": "Exchanging", "Keep": "Keeping",
         "Ask": "Asking"}


def cost_sentence(review: DecisionReview, tenths: bool = False) -> str:
    """"Leading the A♥ here cost about 30: East was void in hearts (shown when East trumped trick 3)",
    "Bidding 330 here cost about 330: ..."."""
    action = review.chosen.action
    first, _, rest = action.partition(" ")
    if review.kind == Phase.PLAY:
        doing = f"Leading the {action}" if "lead" in review.title.lower() else f"Playing the {action}"
    elif review.kind == Phase.TRUMP:
        doing = f"Naming {action.lower()} trump"
    elif first in DOING:
        doing = f"{DOING[first]} {rest}".rstrip()
    else:
        doing = f"“{action}”"
    sentence = f"{doing} here cost about {points_text(review.cost, False, tenths)}"
    return f"{sentence}: {review.reason}" if review.reason else sentence


def bid_values_note(review: DecisionReview, tenths: bool = False) -> str:
    """How a decision of the auction is valued, and what its cost counts at most when the difference of the
    values is more."""
    note = "Each bid is valued as if it won the auction, a pass as if the high bidder kept the contract"
    if review.best and 0 < review.cost < review.best[0].value - review.chosen.value:
        note += f"; a bid's cost counts at most the {points_text(review.cost, False, tenths)} it risks"
    return note + "."


def advice_words(review: DecisionReview, player: int | None) -> str:
    """What the hint advised at the decision, in the words the table's Hint says it: "The hint advised Q♥" at
    the player's decision, "The hint would have advised Q♥" at another seat's, and ", the choice made" where the
    choice made was that one; "" for an analysis made before the hint and the review were one."""
    if not review.advised:
        return ""
    verb = "advised" if review.seat == player else "would have advised"
    same = sorted(review.advised.split()) == sorted(review.chosen.action.split())  # passed cards in any order
    return f"The hint {verb} {review.advised}" + (", the choice made" if same else "")


#: The colour (a theme field) each grade is written in.
GRADE_COLOURS = {Grade.BEST: "good", Grade.GOOD: "text", Grade.INACCURACY: "text", Grade.MISTAKE: "bad",
                 Grade.BLUNDER: "bad"}


def grade_words(review: DecisionReview) -> str:
    """The decision's grade in a word or two, with its luck: "Mistake", "Best", "Good · unlucky"."""
    words = review.grade.value.capitalize()
    return f"{words} · {review.luck}" if review.luck else words


def value_lines(review: DecisionReview, tenths: bool = False) -> list[tuple[str, str, str]]:
    """(label, choice, values) of the choice made and the best two others."""
    def values(value: float, seen: float | None) -> str:
        shown = points_text(value, True, tenths)
        return shown + ("" if seen is None else f"  ·  every card seen {points_text(seen, True, tenths)}")

    rows = [("Chosen", review.chosen.action, values(review.chosen.value, review.chosen.seen_value))]
    for i, other in enumerate(review.best):
        rows.append(("Best" if i == 0 and other.value > review.chosen.value else "Other", other.action,
                     values(other.value, other.seen_value)))
    return rows


class NotesWriter:
    """Lines of text laid down a panel, each wrapped to its width; stops at the panel's foot."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        self.surface, self.rect, self.size = surface, rect, size
        self.y = rect.y

    def write(self, text: str, color: tuple[int, int, int], face: str = "regular", size: int | None = None,
              gap: int = 0) -> bool:
        """``text`` wrapped; False (and nothing drawn) when it does not fit whole in the room left."""
        size = size or self.size
        lines = wrap(text, size, self.rect.w, face)
        step = scaled(size * 1.35)
        if self.y + len(lines) * step > self.rect.bottom:
            return False
        for line in lines:
            blit_text(self.surface, line, size, color, (self.rect.x, self.y), face)
            self.y += step
        self.y += gap
        return True


def draw_notes(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, step: Step, owner: str,
               analysis: ReviewAnalysis | None, px: int) -> None:
    """The notes panel of ``step``: its reason and its analysis (``owner``: whose decision it is, "your" or
    "North's"; ``px``: the screen's unit of 16 px text)."""
    draw_panel(surface, rect, theme, radius=min(12, px // 2))
    pad = round(px * 0.8)
    inner = rect.inflate(-2 * pad, -2 * pad)
    notes = NotesWriter(surface, inner, px)
    review = analysis.decisions.get(step.action_index) if analysis is not None and step.action_index is not None \
        else None
    if review is not None:
        notes.write(review.title, theme.accent, "bold", round(px * 1.15), gap=px // 3)
    elif step.action_index is not None and step.seat is not None:
        notes.write(f"{capital(owner)} decision", theme.accent, "bold", round(px * 1.15), gap=px // 3)
    else:
        notes.write("Nothing to decide here", theme.text_dim, "italic", gap=px // 2)
        if analysis is not None:
            overview(notes, theme, analysis)
    tenths = analysis is not None and analysis.tenths
    if step.reason:
        notes.write(f"{capital(owner)} reason: “{step.reason}”", theme.text, gap=px // 2)  # in its own words
    if review is not None:
        notes.write(grade_words(review), getattr(theme, GRADE_COLOURS[review.grade]), "bold", gap=px // 4)
        assert analysis is not None  # the review is the analysis'
        advised = advice_words(review, player_seat(analysis.record))
        if advised:
            notes.write(advised, theme.text, gap=px // 4)
        if review.grade in (Grade.INACCURACY, *COSTLY):  # the sentence, marked down its left edge
            colour = theme.bad if review.costly else theme.text
            top = notes.y
            notes.write(cost_sentence(review, tenths), colour, "bold")
            pygame.draw.rect(surface, colour, (inner.x - pad // 2 - px // 6, top, px // 4, notes.y - top))
            notes.y += px // 2
        elif review.reason:  # the best choice praised, or a sound one the cards lay against
            notes.write(capital(review.reason), theme.good if review.grade == Grade.BEST else theme.text)
            notes.y += px // 2
        notes.write(f"In points of this hand, from what {who(analysis.record, review.seat)} saw:",
                    theme.text_dim, "italic")
        for label, action, values in value_lines(review, tenths):
            notes.write(f"{label}: {action}   {values}", theme.text)
        if review.kind == Phase.BIDDING and review.grade in (Grade.INACCURACY, *COSTLY):
            notes.y += px // 3
            notes.write(bid_values_note(review, tenths), theme.text_dim, "italic")
    elif analysis is not None and step.action_index is not None and not analysis.analysed:
        notes.write("Not analysed yet", theme.text_dim, "italic")
    elif analysis is not None and step.action_index is not None:
        notes.write("Only one choice here, or not analysed", theme.text_dim, "italic")


def overview(notes: NotesWriter, theme: Theme, analysis: ReviewAnalysis) -> None:
    """The analysed seat's marked decisions found so far, in the order of the hand (C goes to the next)."""
    marked = analysis.marked(analysis.seat)
    owner = capital(whose(analysis.record, analysis.seat))
    if not marked:
        if analysis.analysed:
            notes.write(f"{owner} decisions: none marked", theme.text)
        return
    notes.write(f"{owner} decisions marked so far (C: the next one):", theme.text)
    for review in marked:
        if not notes.write(f"{review.title}: {review.chosen.action}, {review.grade.value}, about "
                           f"{analysis.points(review.cost, signed=False)}", theme.bad if review.costly else theme.text):
            break


def draw_progress(surface: pygame.Surface, pos: tuple[int, int], width: int, theme: Theme,
                  analysis: ReviewAnalysis | None, size: int) -> None:
    if analysis is not None:
        blit_text(surface, analysis.progress_text(), size, theme.text_dim, pos, "italic", "topleft", width)


def draw_step_bar(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, steps: Sequence[Step], at: int,
                  analysis: ReviewAnalysis | None) -> None:
    """One tick per step, the analysed seat's decisions brighter, the costly ones marked red, its inaccuracies
    in the theme's marking colour, the step shown outlined."""
    pygame.draw.rect(surface, theme.panel, rect, border_radius=rect.h // 2)
    n = len(steps)
    seat = analysis.seat if analysis is not None else None
    for i, step in enumerate(steps):
        x = step_x(rect, i, n)
        review = analysis.decisions.get(step.action_index) if analysis is not None and step.action_index is not None \
            else None
        if review is not None and review.costly and review.seat == seat:
            pygame.draw.rect(surface, theme.bad, (x - 3, rect.y - 4, 7, rect.h + 8), border_radius=2)
        elif review is not None and review.grade == Grade.INACCURACY and review.seat == seat:
            pygame.draw.rect(surface, theme.marked, (x - 2, rect.y - 3, 5, rect.h + 6), border_radius=2)
        elif step.action_index is not None and step.seat == seat:
            pygame.draw.line(surface, theme.text, (x, rect.y + 2), (x, rect.bottom - 3), 2)
        else:
            pygame.draw.line(surface, theme.text_dim, (x, rect.y + rect.h // 3), (x, rect.bottom - rect.h // 3), 1)
    x = step_x(rect, at, n)
    pygame.draw.rect(surface, theme.highlight, (x - 5, rect.y - 6, 11, rect.h + 12), 2, border_radius=3)


def step_x(rect: pygame.Rect, i: int, n: int) -> int:
    return rect.x + 6 + (round((rect.w - 12) * i / (n - 1)) if n > 1 else (rect.w - 12) // 2)


def step_at(rect: pygame.Rect, x: int, n: int) -> int:
    """The step whose tick is nearest ``x`` on the bar."""
    if n <= 1:
        return 0
    return max(0, min(n - 1, round((x - rect.x - 6) * (n - 1) / max(1, rect.w - 12))))


__all__ = ["advice_words", "bid_values_note", "cost_sentence", "draw_notes", "draw_progress", "draw_step_bar",
           "step_at", "value_lines"]
