"""New game: the variant, its rule options (the engine's ``OPTIONS``, each with its one-line help), the
names and levels of the computer seats, and an optional deal number; Start hands it to the app.

The choices are remembered in the settings (default variant, rule options per variant, names, level).
Rule options that cannot go together are reported in the engine's words and Start waits until they
are fixed. :class:`RuleOptions` (the rows of one variant's options) is shared with the settings screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from engine.deal import SHARED_DEAL_DIGITS, shared_number_fits
from engine.game import Game
from engine.rules import (
    OPTIONS,
    PRESETS,
    Option,
    Rules,
    RulesDict,
    RulesError,
    preset,
    preset_help,
    preset_name,
)
from engine.save import game_from_dict
from pinochle_gui.fonts import scaled
from pinochle_gui.screens.dialogs import confirm, message
from pinochle_gui.screens.rules import RulesScene
from pinochle_gui.screens.screen import Screen
from pinochle_gui.storage.rating import COMPUTER_LEVELS
from pinochle_gui.storage.settings import seat_slot
from pinochle_gui.widgets import ChoiceRow, NumberRow, Row, ScrollList, TextRow, ToggleRow, blit_text, wrap
from pinochle_gui.words import DEFAULT_LEVEL, MAX_NAME_LENGTH, clean_name, computer_levels, variant_name

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

#: Options whose numbers are bids: they step by the variant's bid step.
BID_AMOUNTS = ("min_bid", "max_bid", "bid_step_high_from")
#: The seats of the computers by number of players, as the player sees them.
SEAT_LABELS = {
    2: {1: "Opponent"},
    3: {1: "Left opponent", 2: "Right opponent"},
    4: {1: "Left opponent", 2: "Partner", 3: "Right opponent"},
}


def default_level(app: App, levels: list[str]) -> str:
    for name in (app.settings.computer_level, DEFAULT_LEVEL):
        if name in levels:
            return name
    return levels[len(levels) // 2]


def number_step(option: Option, rules: Rules) -> int:
    if option.name in BID_AMOUNTS and rules.bid_step:
        return rules.bid_step
    if option.high <= 100:
        return 1
    return 10 if option.high <= 1000 else 50


def saved_game(app: App) -> Game | None | str:
    """The player's unfinished saved game (not a demo); ``None`` when there is none; a message when it
    cannot be read."""
    if not app.storage.saves.exists():
        return None
    saved, _messages = app.storage.saves.load()
    if saved is None or saved.demo:
        return None
    try:
        game = game_from_dict(saved.game)
    except (ValueError, KeyError, TypeError, IndexError, RulesError):
        return "A saved game of yours will be lost."
    return None if game.is_over else game


def game_in_progress(app: App) -> str | None:
    """Where the saved game stands, in words ("Two-handed: it is 640-410 after 5 hands"); ``None`` when no
    game of the player's is saved."""
    game = saved_game(app)
    if game is None or isinstance(game, str):
        return game
    hands = len(game.hand_records)
    score = "-".join(f"{s:,}" for s in game.scores)
    after = f"after {hands} hand{'s' if hands != 1 else ''}" if hands else "in the first hand"
    return f"{variant_name(game.rules.variant)}: it is {score} {after}. Starting a new game loses it."


class RuleOptions:
    """The rows of one preset's rule options, and the overrides they make (checked by the engine)."""

    def __init__(
        self, preset_name: str, overrides: RulesDict, on_change: Callable[[], None] | None = None
    ) -> None:
        self.preset_name = preset_name
        self.base = PRESETS[preset_name]
        self.overrides = {k: v for k, v in overrides.items() if k in OPTIONS}
        self.on_change = on_change
        self.error = ""
        self.rules: Rules | None = None
        self.check()
        self.rows = self._rows()

    def options(self) -> list[Option]:
        return [o for o in OPTIONS.values() if self.base.variant in o.variants]

    def value(self, name: str) -> Any:
        return self.overrides.get(name, getattr(self.base, name))

    def _rows(self) -> list[Row]:
        rows: list[Row] = []
        for option in self.options():
            current = self.value(option.name)
            setter = self._setter(option.name)
            if option.choices is not None:
                rows.append(ChoiceRow(option.label, option.choices, current, setter, option.help))
            elif isinstance(current, bool):
                rows.append(ToggleRow(option.label, current, setter, option.help))
            else:
                step = number_step(option, self.base)
                rows.append(NumberRow(option.label, int(current), option.low, option.high, step, setter, option.help))
            rows[-1].option_name = option.name  # type: ignore[attr-defined]
        return rows

    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_value(value: Any) -> None:
            if value == getattr(self.base, name):
                self.overrides.pop(name, None)
            else:
                self.overrides[name] = value
            self.check()
            if self.on_change is not None:
                self.on_change()

        return set_value

    def check(self) -> None:
        try:
            self.rules = preset(self.preset_name, **self.overrides)
            self.error = ""
        except RulesError as exc:
            self.rules = None
            self.error = str(exc)[:1].upper() + str(exc)[1:] + "."

    def reset(self) -> None:
        self.overrides = {}
        self.check()
        self.rows = self._rows()


class NewGameScene(Screen):
    heading = "New game"

    def content_state(self) -> object:
        return (self.variant, self.options.error, self.blurb(self.variant))

    def blurb(self, variant: str) -> str:
        """The variant's line of help, its figures (the game's target ...) those of the options chosen."""
        rules = self.options.rules if variant == self.variant else self._options_for(variant).rules
        return preset_help(rules or PRESETS[variant])

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        saved = saved_game(app)
        self.variant: str
        if isinstance(saved, Game):  # a game in progress: its variant, not the default one
            self.variant = preset_name(saved.rules)
        else:
            self.variant = s.default_variant if s.default_variant in PRESETS else "partnership_auction"
        self.levels_available = computer_levels()
        level = default_level(app, self.levels_available)
        self.names = [s.player_name, *s.computer_names]  # seat 0 and the three computer names
        self.levels = [level] * 3
        self.deal_text = ""
        self.options = self._options_for(self.variant)
        self.status = ""

    def _options_for(self, variant: str) -> RuleOptions:
        return RuleOptions(variant, dict(self.app.settings.rule_overrides.get(variant, {})), self._changed)

    def _changed(self) -> None:
        self.start_button.enabled = self.options.rules is not None

    # -- seats ----------------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return PRESETS[self.variant].players

    def name_index(self, seat: int) -> int:
        """Where seat ``seat``'s name is kept in ``self.names`` (the player's, then the three computers' names
        as the settings keep them)."""
        return seat_slot(seat, self.players)

    def seat_names(self) -> list[str]:
        settings = self.app.settings
        return [
            clean_name(self.names[self.name_index(seat)], settings.seat_name(seat, self.players))
            for seat in range(self.players)
        ]

    def seat_levels(self) -> list[str | None]:
        return [None] + [self.levels[self.name_index(seat) - 1] for seat in range(1, self.players)]

    # -- layout ---------------------------------------------------------------------------------------
    @property
    def landscape(self) -> bool:
        return self.size[0] >= self.size[1] * 1.2 and self.size[0] >= 960

    def player_rows(self) -> list[Row]:
        rows: list[Row] = [TextRow("Your name", self.names[0], self._set_name(0), max_length=MAX_NAME_LENGTH)]
        for seat, label in SEAT_LABELS[self.players].items():
            i = self.name_index(seat)
            rows.append(TextRow(label, self.names[i], self._set_name(i), max_length=MAX_NAME_LENGTH))
            rows.append(ChoiceRow(f"{label}: level", self.levels_available, self.levels[i - 1], self._set_level(i - 1)))
        rows.append(
            TextRow(
                "Deal number",
                self.deal_text,
                self._set_deal,
                "Replay a deal by its number (shown on every hand): the same cards in the same seats",
                max_length=SHARED_DEAL_DIGITS,
                allowed=str.isdigit,
                placeholder="random",
            )
        )
        return rows

    def _set_name(self, i: int) -> Callable[[str], None]:
        def set_name(text: str) -> None:
            self.names[i] = text

        return set_name

    def _set_level(self, i: int) -> Callable[[str], None]:
        def set_level(level: str) -> None:
            self.levels[i] = level

        return set_level

    def _set_deal(self, text: str) -> None:
        self.deal_text = text

    def content_top(self) -> int:
        """Where the columns start, under the heading."""
        return self.px(96)

    def build(self) -> None:
        w, h = self.size
        m = self.px(24)
        top = self.content_top()
        bottom = h - self.px(84)
        row_h = self.px(62)
        for row in self.options.rows:
            row.text_size = self.px(18)
        if self.landscape:
            left_w = round((w - 4 * m) * 0.24)
            mid_w = round((w - 4 * m) * 0.42)
            right_w = w - 4 * m - left_w - mid_w
            x_mid, x_right = 2 * m + left_w, 3 * m + left_w + mid_w
            self.variant_area = pygame.Rect(m, top, left_w, bottom - top)
            bh = min(self.px(44), (self.variant_area.h // 2) // len(PRESETS))
            for i, name in enumerate(PRESETS):
                b = self.button(
                    pygame.Rect(m, top + self.px(34) + i * (bh + self.px(8)), left_w, bh),
                    variant_name(name),
                    self._choose(name),
                )
                b.selected = name == self.variant
                b.tooltip = self.blurb(name)
            self.help_top = top + self.px(34) + len(PRESETS) * (bh + self.px(8)) + self.px(10)
            self.options_area = pygame.Rect(x_mid, top + self.px(34), mid_w, bottom - top - self.px(34))
            self.players_area = pygame.Rect(x_right, top + self.px(34), right_w, bottom - top - self.px(34))
            self.add(ScrollList(self.options_area, self.options.rows, row_h))
            players = self.player_rows()
            for row in players:
                row.text_size = self.px(17)
            self.add(ScrollList(self.players_area, players, row_h))
        else:
            self.variant_area = pygame.Rect(m, top, w - 2 * m, row_h)
            choice = ChoiceRow("Variant", list(PRESETS), self.variant, self._choose_now, fmt=variant_name)
            choice.rect = pygame.Rect(m, top, w - 2 * m, row_h - 4)
            choice.text_size = self.px(18)
            self.add(choice)
            self.help_top = top + row_h
            list_top = self.help_top + self.px(56)
            self.options_area = pygame.Rect(m, list_top, w - 2 * m, bottom - list_top)
            self.players_area = self.options_area
            players = self.player_rows()
            for row in players:
                row.text_size = self.px(18)
            self.add(ScrollList(self.options_area, [*players, *self.options.rows], row_h))
        bw, bh = self.px(170), self.px(50)
        y = h - bh - self.px(20)
        self.button(pygame.Rect(m, y, bw, bh), "Back", self.back)
        self.button(pygame.Rect(m + bw + self.px(14), y, bw, bh), "Rules", self.show_rules, tooltip="Rules in force")
        if self.landscape:
            reset = pygame.Rect(self.options_area.right - bw, y, bw, bh)
        else:
            reset = pygame.Rect(m + 2 * (bw + self.px(14)), y, bw, bh)
        self.button(reset, "Defaults", self.reset_options, tooltip="The usual rules of this variant")
        self.start_button = self.button(pygame.Rect(w - m - bw, y, bw, bh), "Start", self.start, pygame.K_F5)
        self.start_button.tooltip = "Deal the first hand (F5)"
        self._changed()
        self.set_focus(self.start_button)

    def _choose(self, name: str) -> Callable[[], None]:
        return lambda: self._choose_now(name)

    def _choose_now(self, name: str) -> None:
        if name != self.variant:
            self.variant = name
            self.options = self._options_for(name)
            self.rebuild()

    def reset_options(self) -> None:
        self.options.reset()
        self.rebuild()

    def show_rules(self) -> None:
        if self.options.rules is not None:
            self.app.stack.push(RulesScene(self.app, self.options.rules), "fade")

    def start(self) -> None:
        """Start the game chosen; a game in progress (saved, not a demo) is abandoned only when the player says so."""
        if self.options.rules is None:
            return
        progress = game_in_progress(self.app)
        if progress is None:
            self.start_now()
        else:
            confirm(self.app, "Abandon the game in progress?", progress, self.start_now, "Abandon it", "Keep it")

    def start_now(self) -> None:
        rules = self.options.rules
        if rules is None:
            return
        deal = int(self.deal_text) if self.deal_text else None
        if deal is not None and not shared_number_fits(deal, rules.players):
            message(self.app, "No such deal", "That number is too large for a deal number: copy it from a hand.")
            return
        names = self.remember_choices()
        self.app.start_game(rules, self.seat_levels(), names, None, deal)

    def remember_choices(self) -> list[str]:
        """Keep the variant, its options, the names and the level in the settings; the seats' names."""
        s = self.app.settings
        names = self.seat_names()
        computer = list(s.computer_names)
        for seat in range(1, self.players):
            computer[self.name_index(seat) - 1] = names[seat]
        level = self.levels[0] if self.levels[0] in COMPUTER_LEVELS else s.computer_level
        self.app.update_settings(default_variant=self.variant,
                                 rule_overrides=s.with_rules(self.options.overrides, self.variant).rule_overrides,
                                 player_name=names[0], computer_names=(computer[0], computer[1], computer[2]),
                                 computer_level=level)
        return names

    # -- drawing --------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        head = self.px_fixed(20)
        if self.landscape:
            for area, text in (
                (self.variant_area, "Variant"),
                (self.options_area.move(0, -self.px(34)), "Rule options"),
                (self.players_area.move(0, -self.px(34)), "Players"),
            ):
                blit_text(surface, text, head, t.accent, (area.x + 4, area.y), "bold")
        help_w = self.variant_area.w - 8
        y = self.help_top
        size = self.px(16)
        for line in wrap(self.blurb(self.variant), size, help_w)[:6]:
            blit_text(surface, line, size, t.text_dim, (self.variant_area.x + 4, y), "italic")
            y += scaled(size * 1.35)
        focus = self.focus
        if self.landscape and isinstance(focus, Row) and focus.help:
            y += scaled(size * 0.8)
            blit_text(surface, focus.label, size, t.accent, (self.variant_area.x + 4, y), "bold", max_width=help_w)
            y += scaled(size * 1.4)
            for line in wrap(focus.help, size, help_w)[:7]:
                blit_text(surface, line, size, t.text, (self.variant_area.x + 4, y))
                y += scaled(size * 1.35)
        if self.options.error:
            area = self.options_area
            y = (
                area.bottom + self.px(2)
                if not self.landscape
                else self.variant_area.y + self.variant_area.h - self.px(90)
            )
            x = area.x if not self.landscape else self.variant_area.x
            width = area.w if not self.landscape else self.variant_area.w
            for line in wrap(self.options.error, size, width)[:4]:
                blit_text(surface, line, size, t.bad, (x + 4, y), "bold")
                y += scaled(size * 1.35)
