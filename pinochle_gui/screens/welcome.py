"""The first-run welcome: a few pages on the default variant, skippable, reachable again from Rules.

Every number on the pages comes from the rules in force (the player's default variant with their
options) and every meld shown is scored by the engine, so the pages never disagree with the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine.cards import RANK_LETTERS, Card, cards_label, parse_cards
from engine.meld import score_meld
from engine.play import card_values, last_trick_bonus
from engine.rules import PRESET_HELP, Rules, preset_name
from engine.rules_help import meld_and_draw_order
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import scaled
from pinochle_gui.screens.screen import Screen
from pinochle_gui.widgets import blit_text, wrap
from pinochle_gui.words import variant_name

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

SPADES = 0
RANK_WORDS = {"A": "aces", "T": "tens", "K": "kings", "Q": "queens", "J": "jacks", "9": "nines"}


PLAY_RULES = {
    "must_beat": "Follow suit if you can and beat the winning card if you can; with no card of the suit led, "
    "play a trump if you have one.",
    "post_1945": "Follow suit if you can, or else play a trump; you must beat the winning card only when trumps "
    "are led.",
    "always_win": "Every player must try to win every trick: follow suit and beat the winning card, or trump.",
    "win_if_able": "Follow suit if you can, or else play any card; but if you hold a card that wins the trick, "
    "you must play one.",
}
FIRST_LEAD = {
    "auction": "The declarer leads the first trick.",
    "turnup": "The player left of the dealer leads the first trick.",
    "stock": "The non-dealer leads the first trick.",
}
STOCK_PLAY = "While the stock lasts, any card may be played; once it is gone, the rule above applies."


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    cards: tuple[Card, ...] = ()
    caption: str = ""


def _bidding(rules: Rules) -> str:
    if rules.trump_by == "auction":
        text = (
            f"After the deal the players bid for the right to name trumps. Bids open at {rules.min_bid} "
            f"and go up by {rules.bid_step}; a player who passes is out. The highest bidder, the declarer, "
            "names trumps and must then make the bid in meld and tricks together."
        )
        if rules.widow_size:
            text += f" The declarer also takes the {rules.widow_size}-card widow and buries as many cards."
        if rules.pass_cards:
            text += (
                f" The declarer's partner passes {rules.pass_cards} cards to the declarer,"
                f" who passes {rules.pass_cards} back."
            )
        return text
    if rules.trump_by == "turnup":
        return (
            "There is no bidding: the dealer's last card is turned up and its suit is trumps. "
            "A player holding the nine of trumps (the dix) may exchange it for the turned-up card."
        )
    return (
        f"Two players get {rules.hand_size} cards each; the next card, turned up, names trumps, and the rest"
        " is the stock. " + meld_and_draw_order(rules)
    )


def _trump_cards(rules: Rules) -> tuple[tuple[Card, ...], str]:
    """The picture under the bidding page: a hand to bid on, or the card turned up for trumps."""
    if rules.trump_by == "auction":
        return tuple(parse_cards("AH TH KH QH JH")), "A run in hearts: a hand to bid on, with hearts as trumps"
    return tuple(parse_cards("QD")), "The turned-up card: diamonds are trumps"


def _counting(rules: Rules) -> str:
    values = card_values(rules)
    by_rank: dict[int, int] = {}
    for code, value in enumerate(values):
        by_rank[code % 6] = value
    counters = [r for r in sorted(by_rank, reverse=True) if by_rank[r]]
    if len({by_rank[r] for r in counters}) == 1 and counters:
        words = ", ".join(RANK_WORDS[RANK_LETTERS[r]] for r in counters)
        text = f"In the play, {words} count {by_rank[counters[0]]} each"
    else:
        text = "In the play, " + ", ".join(f"{RANK_WORDS[RANK_LETTERS[r]]} {by_rank[r]}" for r in counters)
    bonus = last_trick_bonus(rules)
    if bonus:
        text += f", and the last trick {bonus} more"
    return text + "."


def pages_for(rules: Rules) -> list[Page]:
    """The welcome's pages for ``rules``."""
    name = preset_name(rules)
    goal = f"first to {rules.game_target} points" if rules.game_target else f"{rules.game_hands} hands, highest score"
    partners = (
        "You play with the partner across the table against the other two."
        if rules.partnerships
        else "Everybody plays alone."
    )
    pages = [
        Page(
            "Welcome to Pinochle",
            f"You are about to play {variant_name(name).lower()} pinochle. {PRESET_HELP.get(name, '')} "
            f"{partners} A game goes on until one side wins: {goal}. "
            "These pages show the main ideas; the Rules screen has every detail, and these pages again.",
            tuple(parse_cards("AS TS KS QS JS 9S")),
            "The pinochle deck: A 10 K Q J 9 of every suit, twice.",
        ),
        Page("Bidding and trumps", _bidding(rules), *_trump_cards(rules)),
    ]
    run = parse_cards("AS TS KS QS JS")
    pinochle = parse_cards("QS JD")
    aces = parse_cards("AS AH AD AC")
    melds = [(cards, score_meld(cards, SPADES, rules).total) for cards in (run, pinochle, aces)]
    pages.append(
        Page(
            "Meld",
            "Before the play every player shows the meld in the hand and scores it: runs and marriages of "
            "kings and queens, the pinochle (queen of spades and jack of diamonds), and four of a rank in "
            "four suits. With spades as trumps: "
            + "; ".join(
                f"{cards_label(cards)} scores {points}"
                for cards, points in melds
            )
            + ".",
            tuple(run) + tuple(pinochle),
            "A run in spades and a pinochle",
        )
    )
    pages.append(
        Page(
            "Tricks",
            FIRST_LEAD.get(rules.trump_by, "")
            + " After that the winner of each trick leads. "
            + PLAY_RULES.get(rules.play_rule, "")
            + (" " + STOCK_PLAY if rules.trump_by == "stock" else "")
            + " "
            + _counting(rules)
            + " The cards you may play are raised, the others dimmed.",
            tuple(parse_cards("KS AS TS")),
            "Spades led and no trump played: the ace takes the trick",
        )
    )
    pages.append(
        Page(
            "Help is at hand",
            "Click a card to play it, or move along your hand with the arrow keys and press Enter. "
            "At the table: H asks for a hint, U takes back your last move, L shows the last trick, S the score "
            "pad, O changes how your hand is sorted, M turns the sound off or on, F11 fills the screen, and "
            "Escape opens the menu with the rules, settings, the hand history and saving. The game is saved "
            "after every move, so you can stop at any time.",
            tuple(parse_cards("AD TD KC QS JD 9H")),
            "Your hand is at the bottom of the table, sorted as you choose",
        )
    )
    return pages


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
        if not self.app.settings.first_run_done:
            self.app.update_settings(first_run_done=True)
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
        if page.cards:
            bottom = h - self.px(120)
            room = bottom - y - self.px(40)
            card_w = max(30, min(self.px(140), round(room / 1.4), (w - self.px(80)) // (len(page.cards) + 1)))
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
                self.px(18),
                t.text_dim,
                (w // 2, top + round(card_w * 1.4) + self.px(10)),
                "italic",
                "midtop",
                w - 20,
            )
        # page dots
        r = self.px(6)
        dots_y = h - self.px(50)
        start = w // 2 - (len(self.pages) - 1) * r * 2
        for i in range(len(self.pages)):
            color = t.accent if i == self.page else t.disabled
            pygame.draw.circle(surface, color, (start + i * r * 4, dots_y), r)
