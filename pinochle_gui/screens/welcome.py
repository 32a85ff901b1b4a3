"""The welcome tour: a few pages on the game about to be played, skippable, reachable again from Rules.

The pages on the rules are the engine's (:func:`engine.rules_help.tour_pages`, written from the rules in
force, every meld scored by the engine); this screen lays them out and adds the table's controls. The
tour shows by itself the first time a variant is played; finishing or skipping it marks that variant
toured in the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.cards import parse_cards
from engine.rules import Rules, preset_name
from engine.rules_help import TourPage, tour_pages
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import scaled
from pinochle_gui.screens.screen import Screen
from pinochle_gui.widgets import blit_text, wrap

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

MIN_CARD_W = 30  # the smallest card a tour page shows; with less room the page shows its words alone

#: The last page: how to play at this table (the pages before it are the engine's tour of the rules).
CONTROLS = TourPage(
    "Help is at hand",
    "Click a card to play it, or move along your hand with the arrow keys and press Enter; the cards you may "
    "play are raised, the others dimmed. At the table: H asks for a hint, U takes back your last move, L shows "
    "the last trick, S the score pad, O changes how your hand is sorted, M turns the sound off or on, F11 fills "
    "the screen, and Escape opens the menu with the rules, settings, the hand history and saving. The game is "
    "saved after every move, so you can stop at any time.",
    tuple(parse_cards("AD TD KC QS JD 9H")),
    "Your hand is at the bottom of the table, sorted as you choose",
)


def pages_for(rules: Rules) -> list[TourPage]:
    """The welcome's pages for ``rules``: the engine's tour of the game, then the table's controls."""
    return [*tour_pages(rules), CONTROLS]


class WelcomeScene(Screen):
    heading = ""

    def content_state(self) -> object:
        s = self.app.settings
        return (self.page, s.deck_design, s.card_back)

    def __init__(self, app: App, rules: Rules | None = None) -> None:
        super().__init__(app)
        self.rules = rules or app.settings.rules_for()
        self.pages = pages_for(self.rules)
        self.page = 0
        self._art: CardArt | None = None

    def build(self) -> None:
        w, h = self.size
        bw, bh, m = self.px(170), self.px(50), self.px(24)
        y = h - bh - self.px(24)
        self.skip_button = self.button(pygame.Rect(m, y, bw, bh), "Skip", self.finish, tooltip="Straight to the game")
        self.back_button = self.button(pygame.Rect(w - m - 2 * bw - self.px(14), y, bw, bh), "Back", self.previous)
        last = self.page == len(self.pages) - 1
        self.next_button = self.button(pygame.Rect(w - m - bw, y, bw, bh), "Let's play" if last else "Next", self.next)
        self.back_button.enabled = self.page > 0
        self.set_focus(self.next_button)

    def next(self) -> None:
        if self.page == len(self.pages) - 1:
            self.finish()
        else:
            self.page += 1
            self.rebuild()
            self.set_focus(self.next_button)

    def previous(self) -> None:
        if self.page > 0:
            self.page -= 1
            self.rebuild()
            self.set_focus(self.next_button)

    def finish(self) -> None:
        name = preset_name(self.rules)
        if name not in self.app.settings.toured:
            self.app.update_settings(toured=(*self.app.settings.toured, name))
        if self.stack is not None and self in self.stack.scenes:
            self.stack.pop("fade")

    def back(self) -> None:
        self.finish()

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self.next()
            return True
        if event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.previous()
            return True
        return False

    def art(self) -> CardArt:
        s = self.app.settings
        if self._art is None or (self._art.design, self._art.back_name) != (s.deck_design, s.card_back):
            self._art = CardArt(s.deck_design, s.card_back)
        return self._art

    def dots(self) -> tuple[int, int]:
        """The page dots' centre line and radius: above the row of buttons, clear of them at any width."""
        return self.size[1] - self.px(50 + 24 + 18), self.px(6)

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        t = self.theme
        page = self.pages[self.page]
        blit_text(surface, page.title, self.px_fixed(44), (0, 0, 0), (w // 2 + 2, self.px(40) + 2), "bold", "midtop")
        blit_text(surface, page.title, self.px_fixed(44), t.accent, (w // 2, self.px(40)), "bold", "midtop", w - 20)
        text_w = min(w - self.px(80), self.px(860))
        size = self.px(22)
        y = self.px(120)
        for line in wrap(page.text, size, text_w):
            blit_text(surface, line, size, t.text, ((w - text_w) // 2, y))
            y += scaled(size * 1.45)
        dots_y, r = self.dots()
        caption_size = self.px(18)
        caption_h = scaled(caption_size * 1.4)  # the caption's line at the player's text size
        room = dots_y - r - self.px(8) - caption_h - self.px(10) - (y + self.px(16))
        if page.cards and room >= MIN_CARD_W * 1.4:  # else large print leaves no room: the words alone
            card_w = min(self.px(140), round(room / 1.4), (w - self.px(80)) // (len(page.cards) + 1))
            step = min(card_w + self.px(10), (w - self.px(80) - card_w) // max(1, len(page.cards) - 1))
            total = step * (len(page.cards) - 1) + card_w
            x = (w - total) // 2
            top = y + self.px(16)
            for card in page.cards:
                face = self.art().face(card, card_w)
                pygame.draw.rect(
                    surface, (0, 0, 0), face.get_rect(topleft=(x + 4, top + 5)), border_radius=max(3, card_w // 12)
                )
                surface.blit(face, (x, top))
                x += step
            blit_text(
                surface,
                page.caption,
                caption_size,
                t.text_dim,
                (w // 2, top + round(card_w * 1.4) + self.px(10)),
                "italic",
                "midtop",
                w - 20,
            )
        start = w // 2 - (len(self.pages) - 1) * r * 2
        for i in range(len(self.pages)):
            color = t.accent if i == self.page else t.disabled
            pygame.draw.circle(surface, color, (start + i * r * 4, dots_y), r)
