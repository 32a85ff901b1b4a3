"""The duplicate challenge's two screens: after each deal, and the results at the end.

- :class:`ChallengeDealScene`, over the table once a deal's summary is closed: "Deal 3 of 8, net: you +40,
  the hard computer +120", each side's hand in a line, the totals so far; **Next deal** (Enter), **Review**
  (V: the player's hand, then the computer's a page away), **Stop for now** (the challenge is saved;
  the title screen's Continue challenge brings it back). After the last deal, **See the results**.
- :class:`ChallengeResultsScene`: the challenge number and the settings that deal the same set, then
  per deal the player's result, the computer's and the difference, and the totals; each deal's
  **Yours** and **Computer's** open its review. The computer's deals still being played show as such
  and fill in as they come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.record import HandRecord
from pinochle_gui.fonts import least_size, scaled
from pinochle_gui.screens.replay import hand_table
from pinochle_gui.screens.review import open_review
from pinochle_gui.screens.screen import Overlay, Screen
from pinochle_gui.widgets import MenuButton, blit_text, text_width, wrap

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App
    from pinochle_gui.challenge_run import ChallengeRun


def signed(value: int | None) -> str:
    return "…" if value is None else f"{value:+d}"


def deal_line(run: ChallengeRun, place: int) -> str:
    """"Deal 3 of 8, net: you +40, the hard computer +120" (or that the computer is still playing it)."""
    result = run.results()[place]
    head = f"Deal {place + 1} of {run.challenge.deals}, net: you {signed(result.player)}"
    if result.computer is None:
        return head + ", the hard computer is still playing it"
    return head + f", the hard computer {signed(result.computer)}"


def totals_line(run: ChallengeRun) -> str:
    mine, computer = run.totals()
    both = sum(1 for r in run.results() if r.computer is not None)
    if not both:
        return "The hard computer has not finished a deal yet"
    ahead = mine - computer
    verdict = "level with the hard computer" if ahead == 0 else \
        f"{abs(ahead)} {'ahead of' if ahead > 0 else 'behind'} the hard computer"
    return f"Over {both} deal{'s' if both != 1 else ''}, net: you {mine:+d}, the hard computer {computer:+d}, {verdict}"


def review_deal(app: App, run: ChallengeRun, place: int, computer: bool) -> None:
    """The review of deal ``place``: the player's hand, and the computer's a page away (Page Down)."""
    records: list[HandRecord] = [run.played[place]]
    theirs = run.computer_record(place)
    if theirs is not None:
        records.append(theirs)
    open_review(app, records, 1 if computer and theirs is not None else 0)


class ChallengeDealScene(Overlay):
    """A deal of the challenge is over: how both sides did on it."""

    heading = "Duplicate challenge"
    panel_size = (820, 350)
    standing_height = 480  # in a window taller than wide its lines may take two lines each

    def __init__(self, app: App) -> None:
        run = app.challenge
        assert run is not None
        self.run = run
        self.place = run.place - 1
        super().__init__(app)

    def content_state(self) -> object:
        return (len(self.run.computer), self.size)

    def build(self) -> None:
        panel = self.panel_rect()
        m, bh = self.px(16), self.px(48)
        y = panel.bottom - bh - self.px(18)
        last = self.run.finished
        specs = [("See the results" if last else "Next deal", self.next, pygame.K_n,
                  "Your results against the computer's" if last else "Deal the next hand (Enter)"),
                 ("Review", lambda: review_deal(self.app, self.run, self.place, False), pygame.K_v,
                  "This deal step by step; the hard computer's play of it a page further (V)"),
                 ("Stop for now", self.app.leave_challenge, None,
                  "The challenge is kept: Continue challenge on the title screen brings it back")]
        bw = min(self.px(240), (panel.w - m * (len(specs) + 1)) // len(specs))
        x = panel.centerx - (len(specs) * bw + (len(specs) - 1) * m) // 2
        first = None
        for text, action, hotkey, tip in specs:
            b = self.button(pygame.Rect(x, y, bw, bh), text, action, hotkey, tip)
            first = first or b
            x += bw + m
        self.set_focus(first)

    def next(self) -> None:
        if self.run.finished:
            self.app.show_challenge_results()
        else:
            self.app.play_challenge_deal()

    def back(self) -> None:
        """Escape does what Enter does: the challenge goes on (Stop for now is a button of its own)."""
        self.next()

    def draw_content(self, surface: pygame.Surface) -> None:
        panel, t = self.panel_rect(), self.theme
        width = panel.w - self.px(40)
        y = panel.y + self.px(76)
        y = self.wrapped(surface, deal_line(self.run, self.place), self.px(22), t.text, (panel.centerx, y), "bold",
                         width) + self.px(14)
        sides = [("At your table", self.run.played[self.place]),
                 ("With the hard computer in your seat", self.run.computer_record(self.place))]
        for who, record in sides:
            text = f"{who}: {hand_table(record)[0]}" if record is not None else f"{who}: still being played"
            y = self.wrapped(surface, text, self.px(18), t.text_dim, (panel.centerx, y), "regular", width)
            y += self.px(8)
        y += self.px(16)
        self.wrapped(surface, totals_line(self.run), self.px(18), t.accent, (panel.centerx, y), "bold", width)


class ChallengeResultsScene(Screen):
    """The finished challenge: per deal and in total, the player against the hard computer."""

    heading = "Challenge results"

    def __init__(self, app: App) -> None:
        run = app.challenge
        assert run is not None
        self.run = run
        self.computer_buttons: dict[int, MenuButton] = {}  # each deal's review of the computer's play
        super().__init__(app)

    def content_state(self) -> object:
        return (len(self.run.computer), len(self.run.failed))

    def header(self, surface: pygame.Surface | None = None) -> int:
        """The challenge's number and settings, and how to share it, wrapped to the window; the y under them."""
        w, t, c = self.size[0], self.theme, self.run.challenge
        y = self.wrapped(surface, f"Challenge {c.number} · {self.run.settings_words()}", self.px(18), t.text,
                         (w // 2, self.px(86)), "bold", w - self.px(48))
        return self.wrapped(surface, "The same number with the same settings deals the same cards on any machine: "
                            "share it.", self.px(15), t.text_dim, (w // 2, y + self.px(4)), "italic", w - self.px(48))

    def table_rect(self) -> pygame.Rect:
        w, h = self.size
        m = self.px(24)
        top = max(self.px(150), self.header() + self.px(12))
        return pygame.Rect(m, top, w - 2 * m, h - self.px(110) - top)

    def row_height(self) -> int:
        rows = self.run.challenge.deals + 2  # the header, the deals, the total
        return max(18, min(self.px(40), self.table_rect().h // rows))

    def columns(self) -> list[tuple[str, int]]:
        """Each column's heading and the x of its right edge (the review buttons after the last)."""
        area = self.table_rect()
        names = ["Deal", "You", "Computer", "Difference"]
        cut = round(area.w * 0.62)
        step = cut // len(names)
        return [(name, area.x + step * (i + 1)) for i, name in enumerate(names)]

    def build(self) -> None:
        w, h = self.size
        area, row_h = self.table_rect(), self.row_height()
        right = self.columns()[-1][1]
        gap = self.px(8)
        self.computer_buttons = {}
        bw = (area.right - right - 3 * gap) // 2
        for place in range(len(self.run.played)):
            y = area.y + row_h * (place + 1) + 2
            for i, (text, computer) in enumerate((("Yours", False), ("Computer's", True))):
                rect = pygame.Rect(right + gap * (2 + i) + i * bw, y, bw, row_h - 4)
                b = self.button(rect, text, self._review(place, computer),
                                tooltip=f"Deal {place + 1} step by step: {'the hard computer' if computer else 'you'}")
                if computer:
                    self.computer_buttons[place] = b
        self.update(0.0)
        bh = self.px(50)
        done = self.button(pygame.Rect(w - self.px(24) - self.px(200), h - bh - self.px(20), self.px(200), bh),
                           "Done", self.app.leave_challenge, tooltip="Back to the title screen (Esc)")
        self.set_focus(done)

    def update(self, dt: float) -> None:
        """The computer's review is there once its deal is (it may arrive while the screen is up)."""
        for place, b in self.computer_buttons.items():
            b.enabled = place in self.run.computer
        super().update(dt)

    def _review(self, place: int, computer: bool) -> Any:
        return lambda: review_deal(self.app, self.run, place, computer)

    def back(self) -> None:
        self.app.leave_challenge()

    def draw_content(self, surface: pygame.Surface) -> None:
        t, run = self.theme, self.run
        w = self.size[0]
        self.header(surface)
        area, row_h = self.table_rect(), self.row_height()
        columns = self.columns()
        size = max(least_size(), min(self.px(19), round(row_h * 0.5)))
        step = columns[1][1] - columns[0][1]
        while size > least_size() and any(text_width(name, size, "bold") > step - self.px(14) for name, _x in columns):
            size -= 1  # one size for the grid, at which no heading reaches its neighbour
        results = run.results()
        mine, computer = run.totals()
        waiting = [r.place for r in results if r.computer is None]
        rows: list[list[str]] = [[f"{r.place + 1}", signed(r.player), signed(r.computer), signed(r.difference)]
                                 for r in results]
        rows.append(["Total", f"{mine:+d}", f"{computer:+d}", f"{mine - computer:+d}"])
        for i, cells in enumerate([[name for name, _ in columns], *rows]):
            y = area.y + row_h * i + row_h // 2
            if i == 0 or i == len(rows):
                pygame.draw.line(surface, t.panel_border, (area.x, y + row_h // 2), (area.right, y + row_h // 2), 1)
            face = "bold" if i in (0, len(rows)) else "regular"
            for j, text in enumerate(cells):
                color = t.accent if i == 0 else t.text
                if j == 3 and i > 0 and text not in ("…", "+0"):
                    color = t.good if text.startswith("+") else t.bad
                blit_text(surface, text, size, color, (columns[j][1] - self.px(10), y), face, "midright")
        blit_text(surface, "Review", size, t.accent, ((columns[-1][1] + area.right) // 2, area.y + row_h // 2),
                  "bold", "center")
        failed = run.failed
        if failed:
            place, why = min(failed.items())
            note = f"The computer could not play deal {place + 1} ({why}); the totals count the deals both played."
        elif waiting:
            note = f"The computer is still playing deal {waiting[0] + 1}; the totals count the deals both have played."
        else:
            note = totals_line(run)
        face, room = "italic" if waiting else "bold", w - self.px(260)  # left of Done, on two lines if need be
        lines = wrap(note, self.px(17), room, face)
        line_h = scaled(self.px(17) * 1.3)
        for i, line in enumerate(lines):
            blit_text(surface, line, self.px(17), t.text_dim if waiting else t.accent,
                      (self.px(24), round(self.size[1] - self.px(70) + (i - (len(lines) - 1) / 2) * line_h)), face,
                      "midleft",
                      room)
