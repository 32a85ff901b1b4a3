"""Statistics: totals per variant and computer level, a chart of the rating (or the final scores) over
the last games drawn by our own code, the breakdown by variant and level, and a reset with confirmation.

Everything shown is read from the statistics store (``app.storage.stats``); demo games never reach it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from engine.rules import PRESETS
from pinochle_gui.fonts import least_size, scaled, text_scale
from pinochle_gui.screens.challenge_chart import draw_challenge_chart
from pinochle_gui.screens.chart_axis import draw_value_axis, round_ticks, y_of
from pinochle_gui.screens.cost_chart import TITLE as COST_TITLE
from pinochle_gui.screens.cost_chart import draw_costs
from pinochle_gui.screens.dialogs import confirm, message, show_messages
from pinochle_gui.screens.drills import DrillScene
from pinochle_gui.screens.screen import Screen
from pinochle_gui.storage import GamePoint, StatsSummary
from pinochle_gui.widgets import ChoiceRow, blit_text, text_width
from pinochle_gui.widgets.rows import even_text
from pinochle_gui.words import computer_levels, count_of, variant_name

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

ALL = "all"
CHART_GAMES = 30
CHARTS = ("rating", "scores", "cost", "challenges", "breakdown")
# Short enough for the picker in every window shape; the chart's own title says more.
CHART_NAMES = {"rating": "Rating", "scores": "Final scores", "breakdown": "Win rate",
               "cost": "Decision cost", "challenges": "Challenges"}


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def tiles(summary: StatsSummary) -> list[tuple[str, str, str]]:
    """(label, value, note) of each number the screen shows, from one summary."""
    best = summary.best_hand
    best_text = f"{best.score_change:+d}" if best is not None else "–"
    best_note = f"{variant_name(best.variant)}, hand {best.hand_number}" if best is not None else ""
    return [
        ("Games", str(summary.games), f"{summary.wins} won"),
        ("Win rate", percent(summary.wins, summary.games), ""),
        ("Hands", str(summary.hands), ""),
        (
            "Bids won",
            str(summary.bids_won),
            percent(summary.bids_won, summary.hands) + " of hands" if summary.hands else "",
        ),
        (
            "Bids made",
            str(summary.bids_made),
            percent(summary.bids_made, summary.bids_won) + " of bids won" if summary.bids_won else "",
        ),
        ("Times set", str(summary.times_set), "your side as declarer"),
        ("Average meld", f"{summary.average_meld:.0f}", "per hand"),
        ("Average contract", f"{summary.average_contract:.0f}" if summary.bids_won else "–", "when you declared"),
        ("Best hand", best_text, best_note),
        ("Longest streak", str(summary.longest_streak), f"now {summary.current_streak}"),
        ("Thrown in", str(summary.thrown_in), "hands your side conceded"),
        ("Rating", f"{summary.rating:.0f}", "across all games"),
    ]


class StatisticsScene(Screen):
    heading = "Statistics"

    def content_state(self) -> object:
        return (self.loads, self.chart)

    def uncover(self) -> None:
        """Back from the drills (or a review): their progress read again."""
        self.load()

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.variant = ALL
        self.level = ALL
        self.chart = "rating"
        self.loads = 0  # how many times the numbers were read (the picture is redrawn after each)
        self.cost_spots: list[tuple[int, int]] = []  # where the cost chart drew each game's point
        self.load()

    def load(self) -> None:
        stats = self.app.storage.stats
        variant = None if self.variant == ALL else self.variant
        level = None if self.level == ALL else self.level
        self.summary = stats.summary(variant, level)
        self.points: list[GamePoint] = stats.recent_games(CHART_GAMES, variant, level)
        self.breakdown = stats.breakdown()
        challenges = self.app.storage.challenge_results
        self.challenges = challenges.recent(CHART_GAMES)
        self.challenge_best = challenges.best_and_average()
        self.costs = stats.cost_series(CHART_GAMES, variant, level)
        self.drills = self.app.storage.drills.progress(variant, level)
        self.available = stats.available
        self.loads += 1

    # -- layout ---------------------------------------------------------------------------------------
    @property
    def landscape(self) -> bool:
        return self.size[0] >= self.size[1] * 1.2

    def build(self) -> None:
        w, h = self.size
        m = self.px(24)
        row_h = self.px(50)
        variants = [ALL, *PRESETS]
        levels = [ALL, *dict.fromkeys([*computer_levels(), *self.app.storage.stats.levels_played()])]
        rows = [
            ChoiceRow(
                "Variant",
                variants,
                self.variant,
                self._set_variant,
                fmt=lambda v: "All variants" if v == ALL else variant_name(v),
            ),
            ChoiceRow(
                "Computers",
                levels,
                self.level,
                self._set_level,
                fmt=lambda v: "All levels" if v == ALL else v.capitalize(),
            ),
            ChoiceRow(
                "Chart",
                list(CHARTS),
                self.chart,
                self._set_chart,
                fmt=lambda c: CHART_NAMES[c],
            ),
        ]
        top = self.px(92)
        if self.landscape:
            filter_w = (w - 4 * m) // 3
            for i, row in enumerate(rows):
                row.rect = pygame.Rect(m + i * (filter_w + m), top, filter_w, row_h)
                row.compact = filter_w < self.px_text(330)  # no room for a label and the words of the value
        else:
            for i, row in enumerate(rows):
                row.rect = pygame.Rect(m, top + i * row_h, w - 2 * m, row_h - 4)
        for row in rows:
            row.text_size = self.px(16)
            self.add(row)
        even_text(rows)  # the three filters' values in one size
        content_top = rows[-1].rect.bottom + self.px(14)
        bottom = h - self.px(84) - self.px_text(22)  # over the buttons, the drills' progress
        if self.landscape:
            left_w = round((w - 3 * m) * min(0.6, 0.46 * text_scale() ** 0.5))  # the tiles' words grow with the text
            self.tiles_rect = pygame.Rect(m, content_top, left_w, bottom - content_top)
            self.chart_rect = pygame.Rect(2 * m + left_w, content_top, w - 3 * m - left_w, bottom - content_top)
        else:
            half = (bottom - content_top) // 2
            self.tiles_rect = pygame.Rect(m, content_top, w - 2 * m, half - self.px(8))
            self.chart_rect = pygame.Rect(m, content_top + half + self.px(8), w - 2 * m, half - self.px(8))
        bw, bh = self.px(190), self.px(50)
        y = h - bh - self.px(20)
        back = self.button(pygame.Rect(w - m - bw, y, bw, bh), "Back", self.back)
        reset = self.button(pygame.Rect(m, y, bw, bh), "Reset…", self.ask_reset, tooltip="Forget all statistics")
        reset.enabled = self.available
        pw = min(self.px_text(260), w - 4 * m - 2 * bw)
        self.practise_button = self.button(
            pygame.Rect((w - pw) // 2, y, pw, bh), "Practise your mistakes", self.practise, pygame.K_p,
            tooltip="Your costly decisions, from every hand you played: choose again")
        self.set_focus(back)

    def practise(self) -> None:
        """The drills of the variant and level chosen above."""
        self.app.stack.push(DrillScene(self.app, self.app.storage.drills.drills(*self.filters())), "fade")

    def filters(self) -> tuple[str | None, str | None]:
        return None if self.variant == ALL else self.variant, None if self.level == ALL else self.level

    def _set_variant(self, value: str) -> None:
        self.variant = value
        self.load()

    def _set_level(self, value: str) -> None:
        self.level = value
        self.load()

    def _set_chart(self, value: str) -> None:
        self.chart = value

    def process_event(self, event: pygame.event.Event) -> bool:
        if self.chart == "cost" and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.chart_rect.collidepoint(event.pos) and self.review_cost_at(event.pos[0]):
            return True
        return super().process_event(event)

    def review_cost_at(self, x: int) -> bool:
        """A click on the cost chart: the review of the costliest hand of the game nearest ``x``, if near one."""
        near = [(abs(spot[0] - x), point) for spot, point in zip(self.cost_spots, self.costs, strict=False)]
        if not near or min(near, key=lambda n: n[0])[0] > self.px(24):
            return False
        point = min(near, key=lambda n: n[0])[1]
        hands = self.app.storage.stats.costed_hands(point.game_id)
        if not hands:
            message(self.app, "No hand to review", "The hands of this game were not kept for a review.")
            return True
        costliest = max(range(len(hands)), key=lambda i: hands[i][1])
        self.app.review_hand([record for record, _cost in hands], costliest)
        return True

    def ask_reset(self) -> None:
        confirm(
            self.app,
            "Reset statistics?",
            "Every game, hand, challenge, drill and your rating will be forgotten. This cannot be undone.",
            self.reset,
            yes_text="Reset",
            no_text="Keep them",
        )

    def reset(self) -> None:
        show_messages(self.app, self.app.storage.stats.reset())
        self.load()

    # -- drawing --------------------------------------------------------------------------------------
    def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        back = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(back, self.theme.panel, back.get_rect(), border_radius=self.px(10))
        pygame.draw.rect(back, (*self.theme.panel_border, 120), back.get_rect(), 1, border_radius=self.px(10))
        surface.blit(back, rect)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_tiles(surface)
        self.draw_chart(surface)
        button = self.practise_button.rect
        blit_text(surface, self.drills.words, self.px(15), self.theme.text, (button.centerx, button.y - self.px(4)),
                  "bold", "midbottom", self.size[0] - self.px(48))

    def draw_tiles(self, surface: pygame.Surface) -> None:
        t = self.theme
        area = self.tiles_rect
        items = tiles(self.summary)
        cols = 3 if area.w > self.px(420) else 2
        rows = -(-len(items) // cols)
        gap = self.px(8)
        tw = (area.w - gap * (cols - 1)) // cols
        th = (area.h - gap * (rows - 1)) // rows
        for i, (label, value, note) in enumerate(items):
            r = pygame.Rect(area.x + (i % cols) * (tw + gap), area.y + (i // cols) * (th + gap), tw, th)
            self.panel(surface, r)
            small = max(least_size(), min(self.px(14), th // 5))
            big = max(12, min(self.px(30), round(th * 0.42)))
            blit_text(surface, label, small, t.text_dim, (r.x + self.px(10), r.y + self.px(6)), max_width=tw - 12)
            blit_text(surface, value, big, t.accent, (r.x + self.px(10), r.centery), "bold", "midleft", tw - 12)
            if note and th > small * 3.5:
                blit_text(
                    surface,
                    note,
                    small,
                    t.text_dim,
                    (r.x + self.px(10), r.bottom - self.px(5)),
                    "italic",
                    "bottomleft",
                    tw - 12,
                )
        if not self.available:
            blit_text(
                surface,
                "Statistics are off: the statistics file could not be opened.",
                self.px(15),
                t.bad,
                (area.x, area.bottom + self.px(4)),
                "bold",
                max_width=area.w,
            )

    def breakdown_rows(self) -> list[tuple[str, int, int, int]]:
        """(label, games, wins, hands) per variant and level played, as the filters allow."""
        rows = []
        for row in self.breakdown:
            if self.variant not in (ALL, row.variant) or self.level not in (ALL, row.level):
                continue
            rows.append((f"{variant_name(row.variant)} · {row.level.capitalize()}", row.games, row.wins, row.hands))
        return rows

    def draw_breakdown(self, surface: pygame.Surface, plot: pygame.Rect) -> None:
        t = self.theme
        rows = self.breakdown_rows()
        if not rows:
            blit_text(
                surface,
                "Finish a game to see it here.",
                self.px(17),
                t.text_dim,
                plot.center,
                "italic",
                "center",
                plot.w,
            )
            return
        bar_h = max(12, min(self.px(40), plot.h // len(rows) - self.px(8)))
        label_w = round(plot.w * 0.42)
        track_w = plot.w - label_w - self.px(104)
        for i, (label, games, wins, hands) in enumerate(rows[: max(1, plot.h // (bar_h + self.px(8)))]):
            y = plot.y + i * (bar_h + self.px(8))
            size = max(least_size(), min(self.px(15), bar_h // 2))
            blit_text(surface, label, size, t.text, (plot.x, y + bar_h // 2), "regular", "midleft", label_w - 8)
            track = pygame.Rect(plot.x + label_w, y, track_w, bar_h)
            pygame.draw.rect(surface, t.disabled, track, border_radius=self.px(4))
            share = wins / games if games else 0.0
            if share:
                filled = pygame.Rect(track.x, track.y, max(self.px(4), round(track.w * share)), track.h)
                pygame.draw.rect(surface, t.good, filled, border_radius=self.px(4))
            text = f"{percent(wins, games)} of {games}" if games else f"{hands} hands"
            blit_text(surface, text, size, t.text, (track.right + self.px(8), y + bar_h // 2), "bold", "midleft")

    def chart_series(self) -> list[float]:
        if self.chart == "rating":
            return [p.rating for p in self.points]
        return [float(p.player_score) for p in self.points]

    def draw_chart(self, surface: pygame.Surface) -> None:
        t = self.theme
        area = self.chart_rect
        self.panel(surface, area)
        title = {
            "rating": "Rating over the last games",
            "scores": "Final scores",
            "breakdown": "Win rate by variant and level",
            "challenges": "Duplicate challenges: you against the hard computer",
            "cost": COST_TITLE,
        }[self.chart]
        blit_text(
            surface,
            title,
            self.px(17),
            t.accent,
            (area.x + self.px(12), area.y + self.px(8)),
            "bold",
            max_width=area.w - 24,
        )
        top, bottom = self.px(8) + self.px_text(32), self.px(8) + self.px_text(62)  # under the title, above the foot
        plot = pygame.Rect(area.x + self.px_text(56), area.y + top, area.w - self.px_text(72), area.h - bottom)
        if self.chart == "challenges":
            draw_challenge_chart(surface, plot, t, self.px(15), self.challenges, self.challenge_best)
            return
        if self.chart == "breakdown":
            self.draw_breakdown(surface, pygame.Rect(area.x + self.px(16), plot.y, area.w - self.px(32), plot.h))
            return
        if self.chart == "cost":
            self.cost_spots = draw_costs(surface, plot, t, self.costs, self.px(16), "click a game: its costliest hand")
            return
        if not self.points:
            blit_text(
                surface,
                "Finish a game to see it here.",
                self.px(17),
                t.text_dim,
                plot.center,
                "italic",
                "center",
                plot.w,
            )
            return
        if self.chart == "rating":
            self.draw_rating(surface, plot)
        else:
            self.draw_scores(surface, plot)
        first = time.strftime("%d %b", time.localtime(self.points[0].ended_at)) if self.points[0].ended_at else ""
        blit_text(
            surface,
            count_of(len(self.points), "game") + (f" since {first}" if first else ""),
            self.px(13),
            t.text_dim,
            (plot.right, plot.bottom + self.px(6)),
            "regular",
            "topright",
        )

    def draw_rating(self, surface: pygame.Surface, plot: pygame.Rect) -> None:
        t = self.theme
        values = self.chart_series()
        ticks = round_ticks(min(values), max(values), least_step=1)
        draw_value_axis(surface, plot, t, ticks, self.px(12))
        n = len(values)
        points = [
            (plot.x + (round(plot.w * i / (n - 1)) if n > 1 else plot.w // 2), y_of(v, plot, ticks))
            for i, v in enumerate(values)
        ]
        if n > 1:
            fill = [*points, (points[-1][0], plot.bottom), (points[0][0], plot.bottom)]
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(shade, (*t.accent, 40), fill)
            surface.blit(shade, (0, 0))
            pygame.draw.lines(surface, t.accent, False, points, max(2, self.px(3)))
        for point, game in zip(points, self.points, strict=True):
            pygame.draw.circle(surface, t.good if game.won else t.bad, point, self.px(5))
            pygame.draw.circle(surface, (20, 20, 20), point, self.px(5), 1)

    def draw_scores(self, surface: pygame.Surface, plot: pygame.Rect) -> None:
        t = self.theme
        pairs = [(p.player_score, p.opponent_score) for p in self.points]
        ticks = round_ticks(min(0, *(min(a, b) for a, b in pairs)), max(0, *(max(a, b) for a, b in pairs)),
                            least_step=1)
        draw_value_axis(surface, plot, t, ticks, self.px(12))
        n = len(pairs)
        slot = plot.w / n
        bar = max(2, min(self.px(36), round(slot * 0.36)))
        zero = y_of(0, plot, ticks)
        labelled = slot >= self.px(70)  # room to write each score over its bar
        for i, (mine, theirs) in enumerate(pairs):
            x = plot.x + round(slot * i + slot / 2)
            above: pygame.Rect | None = None  # the label over the pair's first bar
            for value, color, dx in ((mine, t.good, -bar), (theirs, t.bad, 0)):
                y = y_of(value, plot, ticks)
                # a score of 0 still shows as a thin bar on the zero line
                rect = pygame.Rect(x + dx, min(y, zero - 2), bar, max(2, abs(zero - y)))
                pygame.draw.rect(surface, color, rect, border_top_left_radius=2, border_top_right_radius=2)
                if labelled:
                    size = self.px(12)
                    box = pygame.Rect(0, 0, text_width(f"{value:,}", size, "bold") + self.px(2), scaled(size * 1.2))
                    box.midbottom = (rect.centerx, rect.y - self.px(2))
                    if above is not None and box.colliderect(above):  # the two labels side by side touch
                        box.bottom = min(box.bottom, above.top)
                    blit_text(surface, f"{value:,}", size, t.text, box.midbottom, "bold", "midbottom")
                    above = box
        for i, (label, color) in enumerate((("Best other", t.bad), ("You", t.good))):
            x = plot.right - self.px(100) - i * self.px(90)
            y = self.chart_rect.y + self.px(12)
            pygame.draw.rect(surface, color, (x, y + self.px(3), self.px(12), self.px(12)))
            blit_text(surface, label, self.px(13), t.text, (x + self.px(18), y))
