"""Cards to pass or bury, picked from a hand drawn as cards, as at the table: :class:`CardPicker`.

The picker shows the hand of the seat to act in a :class:`~engine.game.Game` whose decision is a pass, a
return or a bury (:func:`picks_cards`), the words over it saying how many cards to choose and how many are
chosen. A click on a card (or Space on the card under the keyboard's focus, Left and Right moving it) takes it
into the choice or out of it; the cards chosen stand raised. The rules are the engine's alone: the choice
becomes an action (:meth:`CardPicker.action`) only when the engine says it is legal
(:meth:`engine.game.Game.is_legal`), and it is then the very action the engine lists, so its words are the
analysis' words. Enter with such a choice calls ``on_confirm``; every change calls ``on_change``.

The small API, for any screen that lets the player pick cards (try again, a drill):

>>> picker = CardPicker(game, art, theme, on_confirm=play_it)       # doctest: +SKIP
>>> picker.rect = area; picker.choose(parse_cards("AS TS"))          # a quick pick   # doctest: +SKIP
>>> picker.action(), picker.refusal(), picker.chosen_cards()         # doctest: +SKIP

A screen gives it the keys it wants while it has the focus (:meth:`Focusable.wants_key`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import pygame

from engine.actions import Action, Bury, PassCards
from engine.cards import Card, cards_label, sort_hand
from engine.game import Game, Phase
from engine.rules import STRICT_BURY
from pinochle_gui.art import CardArt, card_height
from pinochle_gui.fonts import scaled
from pinochle_gui.theme import Theme
from pinochle_gui.widgets.core import Focusable, draw_focus_ring
from pinochle_gui.widgets.text import blit_text, saw_box, wrap

#: The decisions made by picking cards from the hand.
PICKING_PHASES = (Phase.PASSING, Phase.RETURN, Phase.BURY)
#: The keys the picker takes while it has the focus.
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_HOME,
        pygame.K_END)
#: The lines the status under the caption may take (a refusal with the rule's words takes two).
STATUS_LINES = 2
#: The least share of a card's width that shows beside the next in a row, how far a chosen card rises (a share
#: of its height), and the widest a card is drawn.
SHOWN, RISE, MOST_WIDTH = 0.42, 0.22, 110


def picks_cards(game: Game) -> bool:
    """Whether the decision to make in ``game`` is one of cards picked from the hand (a pass, a return, a bury)."""
    return game.to_act is not None and game.hand.phase in PICKING_PHASES


def hand_order(cards: Iterable[int], trump: int | None = None, sort_order: str = "trump_first") -> list[Card]:
    """``cards`` in the player's sort order (the settings' ``sort_order``): by suit, high to low, trumps first
    (``trump_first``) or not; ``low_to_high`` low to high within each suit."""
    ordered = sort_hand(cards, trump=trump if sort_order == "trump_first" else None)
    if sort_order == "low_to_high":
        suits: list[int] = []
        for c in ordered:
            if c.suit not in suits:
                suits.append(c.suit)
        ordered = sorted(ordered, key=lambda c: (suits.index(c.suit), c.rank))
    return ordered


class CardPicker(Focusable):
    """The hand of the seat to act in ``game``, cards picked from it for a pass, a return or a bury.

    ``names``: how each seat is called in the words ("North", "you"); ``on_change`` after every change of the
    choice, ``on_confirm(action)`` when Enter confirms a legal one."""

    def __init__(self, game: Game, art: CardArt, theme: Theme, names: Sequence[str] | None = None,
                 sort_order: str = "trump_first", on_change: Callable[[], object] = lambda: None,
                 on_confirm: Callable[[Action], object] = lambda action: None) -> None:
        super().__init__((0, 0, 0, 0), theme)
        if not picks_cards(game):
            raise ValueError(f"the decision in the {game.hand.phase} phase is not one of cards picked from the hand")
        seat = game.to_act
        assert seat is not None
        self.game = game
        self.seat = seat
        self.art = art
        self.phase = game.hand.phase
        self.count = game.rules.bury_count if self.phase == Phase.BURY else game.rules.pass_cards
        self.cards = hand_order(game.hand.hands[seat], game.hand.trump, sort_order)
        self.chosen: list[int] = []  # places in ``cards`` (a deck holds two of each card)
        self.at = 0  # the card under the keyboard's focus
        self.hovered: int | None = None
        self.names = list(names) if names is not None else list(game.players)
        self.on_change = on_change
        self.on_confirm = on_confirm
        self.text_size = 16
        self.note = ""  # a word for the player after a key that could not act ("Choose 4 cards first")
        self._legal: dict[tuple[Card, ...], Action | None] = {}

    # -- the words ----------------------------------------------------------------------------------------
    @property
    def verb(self) -> str:
        """"pass", "return" or "bury"."""
        if self.phase == Phase.BURY:
            return "bury"
        return "return" if self.phase == Phase.RETURN else "pass"

    def caption(self) -> str:
        """"Choose 4 cards to pass to North" (the table's words)."""
        partner = self.game.rules.partner_of(self.seat) if self.phase != Phase.BURY else None
        to = f" to {self.names[partner]}" if partner is not None and partner < len(self.names) else ""
        return f"Choose {self.count} cards to {self.verb}{to}"

    def status(self) -> str:
        """How far the choice is: "2 of 4 chosen: A♠ 10♠", why the engine refuses it, or a note after a key."""
        if self.note:
            return self.note
        chosen = self.chosen_cards()
        said = f"{len(chosen)} of {self.count} chosen" + (f": {cards_label(chosen)}" if chosen else "")
        refused = self.refusal()
        return f"{said}. {refused}" if refused else said

    def refusal(self) -> str:
        """Why the engine does not take the cards chosen, in words ("" when it does, or too few are chosen)."""
        if not self.complete or self.action() is not None:
            return ""
        if self.phase == Phase.BURY and self.game.rules.strict_bury:  # the option's own words
            option = STRICT_BURY
            return f"The rules do not allow these cards ({option.label}): {option.help[0].lower()}{option.help[1:]}"
        return "The rules do not allow these cards."

    # -- the choice ---------------------------------------------------------------------------------------
    @property
    def complete(self) -> bool:
        return len(self.chosen) == self.count

    def chosen_cards(self) -> list[Card]:
        """The cards chosen, in the order of the hand shown."""
        return [self.cards[i] for i in sorted(self.chosen)]

    def action(self) -> Action | None:
        """The cards chosen as the engine's own action (the one it lists, its cards in its order) when they are as
        many as needed and the engine says the choice is legal; else None."""
        if not self.complete:
            return None
        key = tuple(sorted(self.chosen_cards()))
        if key not in self._legal:
            made: Action = Bury(key) if self.phase == Phase.BURY else PassCards(key)
            listed = None
            if self.game.is_legal(made):
                wanted = Counter(key)
                listed = next((a for a in self.game.legal_actions() if isinstance(a, (PassCards, Bury))
                               and Counter(a.cards) == wanted), made)
            self._legal[key] = listed
        return self._legal[key]

    def toggle(self, place: int) -> None:
        """The card at ``place`` into the choice, or out of it (not past the count)."""
        self.at = place
        if place in self.chosen:
            self.chosen.remove(place)
        elif len(self.chosen) < self.count:
            self.chosen.append(place)
        else:
            self.note = f"{self.count} cards are chosen already: click one to put it back"
            return
        self.note = ""
        self.on_change()

    def choose(self, cards: Iterable[int]) -> None:
        """Exactly ``cards`` chosen (a quick pick); cards the hand does not hold are left out."""
        self.chosen = []
        for c in cards:
            place = next((i for i, held in enumerate(self.cards) if held == c and i not in self.chosen), None)
            if place is not None and len(self.chosen) < self.count:
                self.chosen.append(place)
        self.note = ""
        self.on_change()

    def clear(self) -> None:
        self.chosen = []
        self.note = ""
        self.on_change()

    # -- layout ---------------------------------------------------------------------------------------
    def status_lines(self) -> list[str]:
        """The status wrapped to the picker's width: at most :data:`STATUS_LINES` lines."""
        return wrap(self.status(), self.text_size - 2, self.rect.w)[:STATUS_LINES]

    def caption_height(self) -> int:
        """The words over the cards: the caption and the status's lines."""
        return scaled(self.text_size * 1.3) + STATUS_LINES * scaled((self.text_size - 2) * 1.3)

    def rows_and_width(self) -> tuple[int, int]:
        """How many rows the hand is laid in, and the cards' width: the rows (one to three) that let the cards be
        widest, each card showing at least its corner next to the one after it and a chosen one room to rise."""
        room_h = self.rect.h - self.caption_height() - 4
        n = max(1, len(self.cards))
        best = (1, 0)
        for rows in (1, 2, 3):
            per_row = -(-n // rows)
            by_width = int(self.rect.w / (1 + SHOWN * max(0, per_row - 1)))
            by_height = int(room_h / rows / (RISE + card_height(100) / 100))
            width = min(by_width, by_height, MOST_WIDTH)
            if width > best[1] + 2:  # another row only for cards clearly larger
                best = (rows, width)
        return best[0], max(24, best[1])

    def card_width(self) -> int:
        return self.rows_and_width()[1]

    def card_rects(self) -> list[pygame.Rect]:
        """Where each card lies (raised when chosen), left to right and row by row, the rows together in the
        middle of the room under the words."""
        rows, cw = self.rows_and_width()
        ch = card_height(cw)
        n = len(self.cards)
        per_row = -(-n // rows) if n else 0
        lift = round(ch * RISE)
        row_h = ch + lift
        top = self.rect.y + self.caption_height() + max(0, (self.rect.h - self.caption_height() - rows * row_h) // 2)
        rects = []
        for r in range(rows):
            places = range(r * per_row, min(n, (r + 1) * per_row))
            count = len(places)
            step = min(cw + 6, (self.rect.w - cw) // max(1, count - 1)) if count > 1 else 0
            x = self.rect.centerx - (cw + step * (count - 1)) // 2
            y = top + r * row_h + lift
            rects += [pygame.Rect(x + k * step, y - (lift if i in self.chosen else 0), cw, ch)
                      for k, i in enumerate(places)]
        return rects

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The place of the card under ``pos`` (the topmost where cards overlap)."""
        for i, rect in reversed(list(enumerate(self.card_rects()))):
            if rect.collidepoint(pos):
                return i
        return None

    # -- input ----------------------------------------------------------------------------------------
    def wants_key(self, event: pygame.event.Event) -> bool:
        return event.key in KEYS

    def activate(self) -> None:
        """Space (or a screen's activation): the card under the focus in or out."""
        if self.cards:
            self.toggle(self.at % len(self.cards))

    def adjust(self, step: int) -> None:
        """Left (-1) or Right (+1): the focus to the next card."""
        if self.cards:
            self.at = (self.at + step) % len(self.cards)
            self.on_change()

    def process_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.card_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            place = self.card_at(event.pos)
            if place is None:
                return False
            self.toggle(place)
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in KEYS:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.adjust(-1 if event.key == pygame.K_LEFT else 1)
            elif event.key in (pygame.K_HOME, pygame.K_END):
                self.at = 0 if event.key == pygame.K_HOME else len(self.cards) - 1
                self.on_change()
            elif event.key == pygame.K_SPACE:
                self.activate()
            else:
                action = self.action()
                if action is not None:
                    self.on_confirm(action)
                else:
                    self.note = self.refusal() or f"Choose {self.count} cards first"
                    self.on_change()
            return True
        return False

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        t = self.theme
        line = scaled(self.text_size * 1.3)
        blit_text(surface, self.caption(), self.text_size, t.accent, (self.rect.centerx, self.rect.y), "bold",
                  "midtop", self.rect.w)
        refused = bool(self.refusal()) or bool(self.note)
        for i, words in enumerate(self.status_lines()):
            blit_text(surface, words, self.text_size - 2, t.bad if refused else t.text,
                      (self.rect.centerx, self.rect.y + line + i * scaled((self.text_size - 2) * 1.3)), "regular",
                      "midtop", self.rect.w)
        rects = self.card_rects()
        for i, (c, rect) in enumerate(zip(self.cards, rects, strict=True)):
            state = "selected" if i in self.chosen else "hover" if i == self.hovered else "normal"
            surface.blit(self.art.face(c, rect.w, state), rect)
            saw_box(rect, f"the card {c}")
        if self.focused and rects:
            card = rects[self.at % len(rects)]
            draw_focus_ring(surface, card, t, radius=max(4, card.w // 10))


__all__ = ["PICKING_PHASES", "CardPicker", "hand_order", "picks_cards"]
