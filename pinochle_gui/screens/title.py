"""The title screen: New game, Duplicate challenge, Continue (when a game is saved), Continue challenge (when
one is in progress), Statistics, Settings, Open a hand record, Rules, Quit.

The first time it shows, it lists the storage's messages about bad files (the app has started
anyway). The welcome tour is the table's: it shows when a game is first played (see the shell).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine.cards import parse_cards
from pinochle_gui import __version__
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import get_font, scaled
from pinochle_gui.screens.challenge_setup import WHAT_IT_IS, ChallengeSetupScene
from pinochle_gui.screens.dialogs import show_messages
from pinochle_gui.screens.new_game import NewGameScene
from pinochle_gui.screens.open_record import OpenRecordScene
from pinochle_gui.screens.rules import RulesScene
from pinochle_gui.screens.screen import Screen
from pinochle_gui.screens.settings import SettingsScene
from pinochle_gui.screens.statistics import StatisticsScene
from pinochle_gui.widgets import blit_text

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

FAN = parse_cards("JD QS KS TS AS")  # a pinochle and the rest of a spade run


class TitleScene(Screen):
    def content_state(self) -> object:
        s = self.app.settings
        return (self.has_saved_game(), self.app.storage.challenge_save.exists(), s.deck_design, s.card_back)

    def __init__(self, app: App) -> None:
        self.first_button = pygame.Rect(0, 0, 0, 0)  # where the menu starts (set by build)
        super().__init__(app)
        self.greeted = False
        self._fan: tuple[tuple[object, ...], pygame.Surface] | None = None

    # -- life cycle -----------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.greeted:
            return
        self.greeted = True
        messages = list(self.app.storage.messages)
        self.app.storage.messages.clear()
        show_messages(self.app, messages)

    def uncover(self) -> None:
        self.rebuild()  # a game may have been saved or the theme changed meanwhile

    # -- layout ---------------------------------------------------------------------------------------
    def has_saved_game(self) -> bool:
        return self.app.storage.saves.exists()

    def menu_rect(self) -> pygame.Rect:
        w, h = self.size
        width = min(w - self.px(40), self.px(340))
        if w > h * 1.15:  # landscape: the menu at the right of the card fan, under the subtitle and the line
            # over Continue ("A game is waiting for you") at any text size
            waiting_line = int(get_font(self.px(16), "italic").get_height())
            top = max(self.px(170), self.subtitle_bottom() + waiting_line + self.px(16))
            return pygame.Rect(w // 2 + self.px(40), top, width, h - self.px(60) - top)
        return pygame.Rect((w - width) // 2, round(h * 0.45), width, h - round(h * 0.45) - self.px(50))

    def name_center(self) -> tuple[int, int]:
        w, h = self.size
        return (w // 2, self.px(64)) if w > h * 1.15 else (w // 2, self.px(60))

    def subtitle_bottom(self) -> int:
        """Where the subtitle under the game's name ends (as :meth:`draw_heading` draws them)."""
        name_h = int(get_font(self.px_fixed(92), "bold").get_height())
        name_bottom = self.name_center()[1] - name_h // 2 + name_h
        return name_bottom - name_h // 24 + int(get_font(self.px(20), "italic").get_height())

    def fan_center(self) -> tuple[int, int]:
        w, h = self.size
        if w > h * 1.15:
            return (w // 2 - self.px(230), round(self.menu_rect().centery + self.px(10)))
        return (w // 2, round(h * 0.27))

    def build(self) -> None:
        app = self.app
        entries: list[tuple[str, Callable[[], object], int | None, str]] = []
        if self.has_saved_game():
            entries.append(("Continue", app.continue_game, pygame.K_c, "Go back to the game you left"))
        if app.storage.challenge_save.exists():
            entries.append(("Continue challenge", app.continue_challenge, None,
                            "Go back to the duplicate challenge you left"))
        entries += [
            ("New game", lambda: app.stack.push(NewGameScene(app), "fade"), pygame.K_n, "Choose a variant and play"),
            ("Duplicate challenge", lambda: app.stack.push(ChallengeSetupScene(app), "fade"), pygame.K_d, WHAT_IT_IS),
            ("Statistics", lambda: app.stack.push(StatisticsScene(app), "fade"), pygame.K_s, "Your games and rating"),
            ("Settings", lambda: app.stack.push(SettingsScene(app), "fade"), None, "Names, cards, table, sound"),
            ("Open a hand record", lambda: app.stack.push(OpenRecordScene(app), "fade"), None,
             "Review a hand, step by step, from a record file"),
            (
                "Rules",
                lambda: app.stack.push(RulesScene(app, app.settings.rules_for()), "fade"),
                pygame.K_r,
                "The rules of your default variant",
            ),
            ("Quit", app.quit, pygame.K_q, "Close the game"),
        ]
        area = self.menu_rect()
        h = min(self.px(56), max(30, (area.h - 10) // len(entries) - self.px(12)))
        gap = min(self.px(16), max(6, (area.h - h * len(entries)) // len(entries)))
        total = len(entries) * (h + gap) - gap
        y = area.y + max(0, (area.h - total) // 2) if self.size[0] > self.size[1] * 1.15 else area.y
        first = None
        for text, action, hotkey, tip in entries:
            b = self.button(pygame.Rect(area.x, y, area.w, h), text, action, hotkey, tip)
            first = first or b
            self.first_button = first.rect
            y += h + gap
        self.set_focus(first)

    def back(self) -> None:
        """Escape on the title screen does nothing: Quit is a button of its own."""

    # -- drawing --------------------------------------------------------------------------------------
    def fan(self) -> pygame.Surface:
        s = self.app.settings
        card_w = self.px(140) if self.size[0] > self.size[1] * 1.15 else min(self.px(130), self.size[1] // 7)
        key = (card_w, s.deck_design, s.card_back)
        if self._fan is not None and self._fan[0] == key:
            return self._fan[1]
        art = CardArt(s.deck_design, s.card_back)
        face_h = round(card_w * 1.4)
        side = round(face_h * 2.5)
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        pivot = (side // 2, round(side * 0.8))
        spread = 11.0
        for i, card in enumerate(FAN):
            angle = (i - (len(FAN) - 1) / 2) * spread
            face = art.face(card, card_w)
            holder = pygame.Surface((card_w + 8, face_h * 3), pygame.SRCALPHA)
            pygame.draw.rect(holder, (0, 0, 0, 70), (6, 6, card_w, face_h), border_radius=card_w // 12)
            holder.blit(face, (0, 0))
            turned = pygame.transform.rotozoom(holder, -angle, 1.0)
            # rotate about the bottom centre of the doubled holder (the fan's pivot)
            offset = pygame.math.Vector2(0, 0).rotate(angle)
            rect = turned.get_rect(center=(pivot[0] + offset.x, pivot[1] + offset.y))
            surface.blit(turned, rect)
        self._fan = (key, surface)
        return surface

    def draw_heading(self, surface: pygame.Surface, text: str | None = None) -> int:
        w = self.size[0]
        size = self.px_fixed(92)
        center = self.name_center()
        t = self.theme
        for dx, dy in ((3, 4), (0, 0)):
            color = (0, 0, 0) if dx else t.accent
            name = blit_text(surface, "Pinochle", size, color, (center[0] + dx, center[1] + dy), "bold", "center")
        below = blit_text(
            surface,
            "Every variant, strong computer partners and opponents",
            self.px(20),
            t.text_dim,
            (center[0], name.bottom - name.h // 24),  # just under the name's letters
            "italic",
            "midtop",
            w - 20,
        )
        return max(center[1] + scaled(size), below.bottom)

    def draw_content(self, surface: pygame.Surface) -> None:
        fan = self.fan()
        cx, cy = self.fan_center()
        glow_r = round(fan.get_width() * 0.36)
        glow = pygame.Surface((glow_r * 2, glow_r * 2), pygame.SRCALPHA)
        for r in range(glow_r, 0, -max(1, glow_r // 24)):
            alpha = round(40 * (1 - r / glow_r) ** 1.5)
            pygame.draw.circle(glow, (255, 240, 200, alpha), (glow_r, glow_r), r)
        surface.blit(glow, glow.get_rect(center=(cx, cy)))
        surface.blit(fan, fan.get_rect(center=(cx, cy)))
        if self.has_saved_game():
            above = self.first_button  # just over the Continue button, centred on it, clear of the subtitle
            size = self.px(16)
            blit_text(surface, "A game is waiting for you", size, self.theme.text_dim,
                      (above.centerx, above.y - self.px(6)), "italic", "midbottom")
        blit_text(
            surface,
            f"version {__version__}",
            self.px(14),
            self.theme.text_dim,
            (self.size[0] - self.px(12), self.size[1] - self.px(8)),
            "regular",
            "bottomright",
        )
