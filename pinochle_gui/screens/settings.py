"""Settings: names, avatars, deck design and back, table theme, text size and large cards, animation speed,
sound and volume, auto-play of forced cards, sort order, and the default variant with its rule options.

Every change is stored at once through ``app.update_settings`` (which also applies it: the table,
cards and sound change while you look), so leaving the screen never loses anything. A preview shows
the deck, back and avatars chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from engine.cards import parse_cards
from engine.rules import PRESETS
from pinochle_gui.art import AVATAR_COUNT, BACKS, DESIGNS, CardArt, render_avatar
from pinochle_gui.screens.dialogs import show_messages
from pinochle_gui.screens.new_game import RuleOptions
from pinochle_gui.screens.screen import Screen
from pinochle_gui.storage.settings import ANIMATION_SPEEDS, SORT_ORDERS, TEXT_SIZES
from pinochle_gui.theme import THEMES
from pinochle_gui.widgets import ChoiceRow, Row, ScrollList, SliderRow, TextRow, ToggleRow, blit_text
from pinochle_gui.words import MAX_NAME_LENGTH, clean_name, variant_name

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

PREVIEW = parse_cards("AH TD KC QS JD")
SORT_NAMES = {"trump_first": "Trumps first", "by_suit": "By suit", "low_to_high": "Low to high"}
TEXT_SIZE_LABEL = "Text size"


class AvatarRow(Row):
    """The four seats' portraits: click one for the next portrait; Left/Right change yours."""

    def __init__(self, avatars: tuple[int, int, int, int], on_change: Callable[[tuple[int, ...]], None]) -> None:
        super().__init__("Avatars", "Click a portrait to change it")
        self.avatars = list(avatars)
        self.on_change = on_change

    def portraits(self) -> list[pygame.Rect]:
        c = self.control_rect()
        size = min(self.rect.h - 6, (c.w - 12) // 4)
        gap = (c.w - 4 * size) // 3
        return [pygame.Rect(c.x + i * (size + gap), self.rect.centery - size // 2, size, size) for i in range(4)]

    def cycle(self, seat: int, step: int = 1) -> None:
        self.avatars[seat] = (self.avatars[seat] + step) % AVATAR_COUNT
        self.on_change(tuple(self.avatars))

    def activate(self) -> None:
        self.cycle(0)

    def adjust(self, step: int) -> None:
        self.cycle(0, step)

    def process_event(self, event: pygame.event.Event) -> bool:
        """Left click: the next portrait; right click: the one before."""
        if self.visible and event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for seat, rect in enumerate(self.portraits()):
                if rect.collidepoint(event.pos):
                    self.cycle(seat, -1 if event.button == 3 else 1)
                    return True
        return False

    def draw_control(self, surface: pygame.Surface) -> None:
        for seat, rect in enumerate(self.portraits()):
            face = render_avatar(self.avatars[seat], rect.w)
            surface.blit(face, rect)
            pygame.draw.circle(surface, self.theme.panel_border, rect.center, rect.w // 2, 1)


class SettingsScene(Screen):
    heading = "Settings"

    def content_state(self) -> object:
        s = self.app.settings
        return (s.deck_design, s.card_back, self.options.error)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        self.variant: str = s.default_variant if s.default_variant in PRESETS else "partnership_auction"
        self.options = RuleOptions(self.variant, dict(s.rule_overrides.get(self.variant, {})), self._rules_changed)
        self._art: CardArt | None = None

    # -- storing --------------------------------------------------------------------------------------
    def store(self, **changes: Any) -> None:
        show_messages(self.app, self.app.update_settings(**changes))
        for widget in self.widgets:
            widget.set_theme(self.theme)

    def _setter(self, name: str) -> Callable[[Any], None]:
        return lambda value: self.store(**{name: value})

    def _name_setter(self, index: int) -> Callable[[str], None]:
        def set_name(text: str) -> None:
            s = self.app.settings
            if index == 0:
                name = clean_name(text, "")
                if name and name != s.player_name:
                    self.store(player_name=name)
                return
            names = list(s.computer_names)
            name = clean_name(text, "")
            if name and name != names[index - 1]:
                names[index - 1] = name
                self.store(computer_names=(names[0], names[1], names[2]))

        return set_name

    def _set_theme(self, name: str) -> None:
        self.store(table_theme=name)

    def _set_text_size(self, percent: int) -> None:
        """The rows grow or shrink with their text; the text size row stays under the pointer, so that a
        second click on its arrow changes the text size again, not the row that came there."""
        before = self._text_size_row()
        y = before[1].rect.y if before is not None else None
        self.store(text_size=percent)
        self.rebuild()
        after = self._text_size_row()
        if after is not None and y is not None:
            after[0].keep_at(after[1], y)

    def _text_size_row(self) -> tuple[ScrollList, Row] | None:
        for widget in self.widgets:
            if isinstance(widget, ScrollList):
                for row in widget.rows:
                    if row.label == TEXT_SIZE_LABEL:
                        return widget, row
        return None

    def _set_variant(self, name: str) -> None:
        self.variant = name
        self.options = RuleOptions(name, dict(self.app.settings.rule_overrides.get(name, {})), self._rules_changed)
        self.store(default_variant=name)
        self.rebuild()

    def _rules_changed(self) -> None:
        if self.options.rules is not None:
            settings = self.app.settings.with_rules(self.options.overrides, self.variant)
            self.store(rule_overrides=settings.rule_overrides)

    def reset_options(self) -> None:
        self.options.reset()
        self._rules_changed()
        self.rebuild()

    # -- layout ---------------------------------------------------------------------------------------
    @property
    def landscape(self) -> bool:
        return self.size[0] >= self.size[1] * 1.2 and self.size[0] >= 960

    def general_rows(self) -> list[Row]:
        s = self.app.settings
        rows: list[Row] = [
            TextRow("Your name", s.player_name, self._name_setter(0), max_length=MAX_NAME_LENGTH),
            TextRow("Left computer", s.computer_names[0], self._name_setter(1), max_length=MAX_NAME_LENGTH),
            TextRow(
                "Partner computer",
                s.computer_names[1],
                self._name_setter(2),
                "Across the table; the opponent in a two-handed game",
                max_length=MAX_NAME_LENGTH,
            ),
            TextRow("Right computer", s.computer_names[2], self._name_setter(3), max_length=MAX_NAME_LENGTH),
            AvatarRow(s.avatars, lambda a: self.store(avatars=(a[0], a[1], a[2], a[3]))),
            ChoiceRow(
                "Deck", list(DESIGNS), s.deck_design, self._setter("deck_design"), fmt=lambda d: DESIGNS[d].label
            ),
            ChoiceRow("Card back", list(BACKS), s.card_back, self._setter("card_back"), fmt=lambda b: BACKS[b].label),
            ChoiceRow("Table", list(THEMES), s.table_theme, self._set_theme, fmt=lambda t: THEMES[t].label),
            ChoiceRow(
                TEXT_SIZE_LABEL, list(TEXT_SIZES), s.text_size, self._set_text_size, "Large print",
                fmt=lambda p: f"{p}%",
            ),
            ToggleRow("Large cards", s.large_cards, self._setter("large_cards"), "Your hand takes more of the table"),
            ChoiceRow(
                "Animation",
                list(ANIMATION_SPEEDS),
                s.animation_speed,
                self._setter("animation_speed"),
                "How fast cards move",
                fmt=lambda v: f"{v.capitalize()}",
            ),
            ToggleRow("Sound", s.sound_on, self._setter("sound_on")),
            SliderRow("Volume", s.volume, self._setter("volume")),
            ToggleRow(
                "Auto-play forced cards",
                s.auto_play_forced,
                self._setter("auto_play_forced"),
                "Play your only legal card for you",
            ),
            ToggleRow(
                "Meld goes on by itself",
                s.meld_goes_on,
                self._setter("meld_goes_on"),
                "The meld on the table goes on after a few seconds; else it waits for your click",
            ),
            ToggleRow(
                "Analyse my hands",
                s.analyse_hands,
                self._setter("analyse_hands"),
                "In the background: the review values your decisions, the statistics chart their cost per hand",
            ),
            ChoiceRow(
                "Sort hand",
                list(SORT_ORDERS),
                s.sort_order,
                self._setter("sort_order"),
                "How your cards are arranged",
                fmt=lambda o: SORT_NAMES.get(o, o),
            ),
        ]
        return rows

    def build(self) -> None:
        w, h = self.size
        m = self.px(24)
        top = self.px(96)
        bottom = h - self.px(84)
        row_h = self.px(58)
        general = self.general_rows()
        variant_row = ChoiceRow(
            "Default game",
            list(PRESETS),
            self.variant,
            self._set_variant,
            "What New game offers first",
            fmt=variant_name,
        )
        rule_rows = [variant_row, *self.options.rows]
        for row in [*general, *rule_rows]:
            row.text_size = self.px(17)
        if self.landscape:
            col_w = (w - 3 * m) // 2
            self.preview_rect = pygame.Rect(2 * m + col_w, bottom - self.px(150), col_w, self.px(150))
            self.general_area = pygame.Rect(m, top + self.px(30), col_w, bottom - top - self.px(30))
            self.rules_area = pygame.Rect(
                2 * m + col_w, top + self.px(30), col_w, self.preview_rect.y - top - self.px(40)
            )
            self.add(ScrollList(self.general_area, general, row_h))
            self.add(ScrollList(self.rules_area, rule_rows, row_h))
        else:
            self.preview_rect = pygame.Rect(m, top, w - 2 * m, self.px(130))
            self.general_area = pygame.Rect(
                m, self.preview_rect.bottom + self.px(12), w - 2 * m, bottom - self.preview_rect.bottom - self.px(12)
            )
            self.rules_area = self.general_area
            self.add(ScrollList(self.general_area, [*general, *rule_rows], row_h))
        bw, bh = self.px_text(170), self.px(50)
        y = h - bh - self.px(20)
        done = self.button(pygame.Rect(w - m - bw, y, bw, bh), "Done", self.back)
        self.button(
            pygame.Rect(m, y, bw, bh),
            "Rule defaults",
            self.reset_options,
            tooltip="The usual rules of the default game",
        )
        self.set_focus(done)

    # -- drawing --------------------------------------------------------------------------------------
    def art(self) -> CardArt:
        s = self.app.settings
        if self._art is None or (self._art.design, self._art.back_name) != (s.deck_design, s.card_back):
            self._art = CardArt(s.deck_design, s.card_back)
        return self._art

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        if self.landscape:
            blit_text(
                surface,
                "You and the table",
                self.px(20),
                t.accent,
                (self.general_area.x + 4, self.general_area.y - self.px(30)),
                "bold",
            )
            blit_text(
                surface,
                "Default game and its rules",
                self.px(20),
                t.accent,
                (self.rules_area.x + 4, self.rules_area.y - self.px(30)),
                "bold",
            )
        p = self.preview_rect
        back = pygame.Surface(p.size, pygame.SRCALPHA)
        pygame.draw.rect(back, t.panel, back.get_rect(), border_radius=self.px(10))
        surface.blit(back, p)
        card_w = max(24, min(round((p.h - self.px(20)) / 1.4), p.w // 9))
        x = p.x + self.px(14)
        y = p.centery - round(card_w * 1.4) // 2
        for card in PREVIEW:
            surface.blit(self.art().face(card, card_w), (x, y))
            x += round(card_w * 0.62)
        x += card_w - round(card_w * 0.62) + self.px(14)
        surface.blit(self.art().back(card_w), (x, y))
        s = self.app.settings
        tx = x + card_w + self.px(18)
        if tx < p.right - self.px(60):
            lines = [DESIGNS[s.deck_design].label, BACKS[s.card_back].label, THEMES[s.table_theme].label]
            for i, line in enumerate(lines):
                blit_text(
                    surface,
                    line,
                    self.px(16),
                    t.text if i == 0 else t.text_dim,
                    (tx, y + i * self.px(24)),
                    "bold" if i == 0 else "regular",
                    max_width=p.right - tx - 8,
                )
        if self.options.error:
            blit_text(
                surface,
                self.options.error,
                self.px(15),
                t.bad,
                (self.rules_area.x + 4, self.rules_area.bottom + self.px(4)),
                "bold",
                max_width=self.rules_area.w,
            )
