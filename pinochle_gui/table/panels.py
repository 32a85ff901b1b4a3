"""The player's decision panels: every choice the engine offers, as buttons, with keys.

One :class:`DecisionPanel` is built for each decision of the human seat from the engine's legal
actions (never from rules of its own): the auction with the next bid, jump bids, pass and pass
with help and the history of the bids; trump naming with the bid helper's meld per suit; the
redeal call; the dix exchange; cards to pass or bury (chosen on the hand, confirmed here); throw
in or play on; the two-handed meld to lay and the draw choice; declaring out.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from enum import StrEnum

import pygame

from engine.actions import (
    Action,
    Bid,
    Bury,
    CallRedeal,
    DeclareOut,
    DrawChoice,
    ExchangeDix,
    LayMeld,
    NameTrump,
    NoMeld,
    Pass,
    PassCards,
    PlayOn,
    ThrowIn,
)
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, cards_label
from engine.contract import contract_of
from engine.declare_out import Claim
from engine.game import Phase
from engine.meld import meld_by_trump
from engine.observation import Observation
from engine.rules import Rules
from engine.rules_help import NO_MARRIAGE, REDEAL_CALL, REDEAL_HAND
from pinochle_gui.art import draw_suit
from pinochle_gui.fonts import scaled
from pinochle_gui.layout import TableLayout
from pinochle_gui.table.hud import draw_cached_panel
from pinochle_gui.theme import Theme
from pinochle_gui.widgets import Button, Tooltip, blit_text, draw_focus_ring, same_text_size, wrap

SUIT_INK = {0: (30, 30, 36), 1: (200, 30, 40), 2: (200, 30, 40), 3: (30, 30, 36)}
SELECT_PHASES = (Phase.PASSING, Phase.RETURN, Phase.BURY)


class CardMode(StrEnum):
    """How the hand itself is part of the decision on show."""

    PLAY = "play"  # a card to play, from the hand (or, two-handed, from the meld on the table)
    SELECT = "select"  # cards chosen on the hand, then confirmed on the panel (a pass, the bury)


def suit_icon(suit: int, size: int) -> pygame.Surface:
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(icon, (250, 248, 240), (size // 2, size // 2), size // 2)
    pad = max(2, size // 5)
    draw_suit(icon, suit, (pad, pad, size - 2 * pad, size - 2 * pad), SUIT_INK[suit])
    return icon


def bid_history(obs: Observation, names: Sequence[str]) -> list[str]:
    """The auction so far, one short entry per call: "West 250", "North pass"."""
    out = []
    for seat, call in obs.bids:
        out.append(f"{names[seat]} {call}")
    return out


class DecisionPanel:
    """The widgets of the human's current decision; ``submit`` hands the chosen action to the table."""

    def __init__(self, theme: Theme, rules: Rules, names: Sequence[str], submit: Callable[[Action], None]) -> None:
        self.theme = theme
        self.rules = rules
        self.names = names
        self.submit = submit
        self.kind: Phase | None = None  # the phase of the decision on show
        self.title = ""
        self.lines: list[str] = []
        self.rect: pygame.Rect | None = None
        self.buttons: list[Button] = []
        self.focus = 0
        self.bids: list[int] = []
        self.bid_index = 0
        self.select_count = 0
        self.selection: list[Card] = []  # cards chosen on the hand (pass, bury)
        self.key: tuple[object, ...] = ()
        self.card_mode: CardMode | None = None  # None: the hand is no part of the decision
        self.declare_out: Button | None = None
        self.choices: list[Action | None] = []  # the action of each button (None: a step, a question)
        self.claim: Claim | None = None  # declaring out now, as the table reckons it (offered when plausible)
        self.asking_out = False  # the question before declaring out is open
        self.offer_out = False  # declaring out is offered in this decision
        self.rest_claimable = False  # every remaining trick is certain: the player may claim them
        self.claim_rest: Callable[[], None] = lambda: None  # the table's claim of the remaining tricks
        self.advised: Action | None = None  # a hint's pass or claim: Enter does it
        self.tooltip_box: pygame.Rect | None = None  # where a button's tooltip was drawn last
        self._bid_button: Button | None = None
        self._built_for: tuple[int, int] = (0, 0)

    def covered(self) -> list[pygame.Rect]:
        """What the panel and its buttons take of the table (nothing else should be drawn there)."""
        return ([self.rect] if self.rect is not None else []) + [b.rect for b in self.buttons if b.visible]

    # -- building -----------------------------------------------------------------------------------
    def build(self, obs: Observation, lay: TableLayout) -> None:
        """Make the widgets for ``obs`` (the human's turn) at ``lay``; keeps the chosen bid and cards."""
        actions = list(obs.legal_actions)
        key = (obs.phase, len(obs.bids), obs.hand_number, len(obs.tricks), len(obs.trick), tuple(map(str, actions[:3])),
               self.rest_claimable, self.asking_out)
        fresh = key != self.key
        if not fresh and (lay.width, lay.height) == self._built_for:
            return  # the same decision at the same size: the widgets stand
        if key[:-1] != self.key[:-1]:  # all but the question before declaring out
            self.advised = None  # a new position: the hint was for the last one
        self.key = key
        self._built_for = (lay.width, lay.height)
        self.kind = obs.phase
        self.buttons = []
        self.choices = []
        self.title = ""
        self.lines = []
        self.rect = None
        self.card_mode = None
        self.declare_out = None
        if fresh:
            self.focus = 0
            self.selection = []
        theme = self.theme
        phase = obs.phase
        row = list(lay.buttons)
        self.offer_out = self.claim is not None and self.claim.plausible and \
            any(isinstance(a, DeclareOut) for a in actions)
        if self.asking_out and self.offer_out and self.claim is not None:
            self._centre(lay, "Declare out?", self.claim.question(),
                         [("Declare out", DeclareOut()), ("Keep playing", self.keep_playing)])
            # A wrong claim loses the game: Enter keeps playing unless the hint advised the claim.
            self.focus = 0 if isinstance(self.advised, DeclareOut) else 1
            return
        self.asking_out = False
        if phase == Phase.BIDDING:
            self._build_bidding(obs, lay, actions, fresh)
        elif phase == Phase.TRUMP:
            self._build_trump(obs, lay, actions)
        elif phase == Phase.REDEAL:
            self._centre(lay, REDEAL_HAND.capitalize(), [REDEAL_CALL],
                         [("Redeal", CallRedeal(True)), ("Keep hand", CallRedeal(False))])
        elif phase == Phase.DIX:
            self._centre(lay, "The dix", ["Exchange your nine of trumps for the turned-up card?"],
                         [("Exchange", ExchangeDix(True)), ("Keep", ExchangeDix(False))])
        elif phase == Phase.THROW_IN:
            contract = contract_of(obs, self.rules)
            assert contract is not None, "the declarer throws in"
            self._centre(lay, f"Your bid: {obs.bid}", contract.explain(),
                         [("Play on", PlayOn()), ("Throw in", ThrowIn())])
        elif phase == Phase.DRAW_CHOICE:
            self._centre(lay, "Last draw", ["Take the face-down card or the turned-up trump?"],
                         [("Face-down card", DrawChoice(False)), ("Trump card", DrawChoice(True))])
        elif phase == Phase.MELD:
            self._build_lay_meld(obs, lay, actions)
        elif phase in SELECT_PHASES:
            self.card_mode = CardMode.SELECT
            self.select_count = self.rules.bury_count if phase == Phase.BURY else self.rules.pass_cards
            verb = "Bury" if phase == Phase.BURY else "Pass"
            partner = self.rules.partner_of(obs.seat)
            to = "" if partner is None else f" to {self.names[partner]}"
            self.title = f"Choose {self.select_count} cards to {verb.lower()}{to}"
            label = f"{verb} {self.select_count} cards"
            button = Button(row[len(row) // 2], label, self._confirm_selection, theme, pygame.K_RETURN,
                            "Click cards on your hand to choose them")
            self.buttons = [button]
        elif phase == Phase.PLAY:
            self.card_mode = CardMode.PLAY
            if self.rest_claimable:
                self.buttons.append(Button(row[0], "Claim the rest", self.claim_rest, theme, pygame.K_c,
                                           "Every trick left is yours whatever the others hold: take them all (C)"))
        if self.offer_out and self.declare_out is None:
            self.declare_out = Button(row[-1], "Declare out", self.ask_declare_out, theme, None,
                                      "Claim the game: right wins it, wrong loses it")
            self.buttons.append(self.declare_out)
        self.update_enabled(actions)

    def _centre(self, lay: TableLayout, title: str, lines: list[str],
                choices: Sequence[tuple[str, Action | Callable[[], None]]],
                icons: list[pygame.Surface | None] | None = None) -> None:
        panel = pygame.Rect(lay.bid_panel)
        self.rect = panel
        self.title = title
        self.lines = lines
        n = len(choices)
        gap = lay.margin
        bh = max(30, min(64, panel.h // 4))
        bw = min(260, (panel.w - gap * (n + 1)) // max(1, n))
        x = panel.centerx - (n * bw + (n - 1) * gap) // 2
        y = panel.bottom - bh - gap
        for i, (label, action) in enumerate(choices):
            icon = icons[i] if icons else None
            on_click = action if callable(action) else functools.partial(self.submit, action)
            self.choices.append(None if callable(action) else action)
            self.buttons.append(Button((x + i * (bw + gap), y, bw, bh), label, on_click, self.theme, None, "", "bold",
                                       icon))
        same_text_size(self.buttons[-n:])

    def _build_bidding(self, obs: Observation, lay: TableLayout, actions: list[Action], fresh: bool) -> None:
        self.bids = [a.amount for a in actions if isinstance(a, Bid)]
        if fresh or self.bid_index >= len(self.bids):
            self.bid_index = 0
        panel = pygame.Rect(lay.bid_panel)
        self.rect = panel
        history = bid_history(obs, self.names)
        current = max((b for _s, b in obs.bids if isinstance(b, int)), default=None)
        self.title = f"Your bid · high bid {current}" if current is not None else \
            f"Your bid · the minimum is {self.rules.min_bid}"
        self.lines = ["Bids: " + (", ".join(history[-8:]) if history else "none yet")]
        by_suit = meld_by_trump(obs.hand, self.rules)
        # each suit with its meld: a no-break space keeps the two on one line
        self.lines.append("Your meld with trumps " + "   ".join(f"{SUIT_SYMBOLS[s]}\u00a0{by_suit[s]}"
                                                                for s in range(4)))
        gap = lay.margin
        bh = max(30, min(60, panel.h // 4))
        y = panel.bottom - bh - gap
        small = bh
        passes = [a for a in actions if isinstance(a, Pass)]
        n_wide = 1 + len(passes)
        bw = min(220, (panel.w - 2 * small - gap * (n_wide + 3)) // max(1, n_wide))
        total = 2 * small + bw + gap * 2 + len(passes) * (bw + gap)
        x = panel.centerx - total // 2
        theme = self.theme
        if self.bids:
            minus = Button((x, y, small, bh), "-", lambda: self.step_bid(-1), theme, None, "A lower bid")
            bid_button = Button((x + small + gap // 2, y, bw, bh), self._bid_text(), self.make_bid, theme, None,
                                "Bid this amount (Enter)")
            plus = Button((x + small + bw + gap, y, small, bh), "+", lambda: self.step_bid(1), theme, None,
                          "A higher (jump) bid")
            self._bid_button = bid_button
            self.buttons += [minus, bid_button, plus]
            self.choices += [None, None, None]
            x += 2 * small + bw + gap * 2
        for p in passes:
            label = "Pass with help" if p.help else "Pass"
            tip = "Pass, and tell partner you hold a good hand" if p.help else "Leave the auction for this hand"
            self.buttons.append(Button((x, y, bw, bh), label, functools.partial(self.submit, p), theme, None, tip))
            self.choices.append(p)
            x += bw + gap
        same_text_size(self.buttons)
        self.focus = min(self.focus, len(self.buttons) - 1)

    def _bid_text(self) -> str:
        return f"Bid {self.bids[self.bid_index]}" if self.bids else "Bid"

    def step_bid(self, by: int) -> None:
        self.advised = None  # the player chooses a bid of their own
        if self.bids:
            self.bid_index = max(0, min(len(self.bids) - 1, self.bid_index + by))
            if self._bid_button is not None:
                self._bid_button.text = self._bid_text()

    def point_at(self, action: Action) -> None:
        """Move the keyboard's choice to ``action`` (a hint): a bid goes on the bid button, a pass or
        another choice gets the focus, a claim opens its question; Enter then does it."""
        if isinstance(action, Bid) and action.amount in self.bids:
            self.step_bid(self.bids.index(action.amount) - self.bid_index)
        elif action in self.choices:
            self.focus = self.choices.index(action)
            self.advised = action if isinstance(action, Pass) else None
        elif isinstance(action, DeclareOut) and self.declare_out is not None:
            self.advised = action

    def make_bid(self) -> None:
        if self.bids:
            self.submit(Bid(self.bids[self.bid_index]))

    def _build_trump(self, obs: Observation, lay: TableLayout, actions: list[Action]) -> None:
        legal = {a.suit for a in actions if isinstance(a, NameTrump)}
        by_suit = meld_by_trump(obs.hand, self.rules)
        bh = max(30, min(60, lay.bid_panel.h // 4))
        choices = [(str(by_suit[s]), NameTrump(s)) for s in range(4)]
        self._centre(lay, f"Name trump (your bid: {obs.bid})", ["Each suit with the meld it would give you:"],
                     choices, [suit_icon(s, round(bh * 0.62)) for s in range(4)])
        for button, s in zip(self.buttons, range(4), strict=True):
            button.enabled = s in legal
            button.tooltip = f"{SUIT_NAMES[s].capitalize()}: your meld would be {by_suit[s]}"
            if s not in legal:
                button.tooltip = f"{SUIT_NAMES[s].capitalize()}: {NO_MARRIAGE}"
        best = max(legal, key=lambda s: by_suit[s]) if legal else 0
        self.focus = best

    def _build_lay_meld(self, obs: Observation, lay: TableLayout, actions: list[Action]) -> None:
        melds = [a for a in actions if isinstance(a, LayMeld)]
        melds.sort(key=lambda a: -a.play.meld.points)
        panel = pygame.Rect(lay.bid_panel)
        shown = melds[:6]
        rows = len(shown) + 1
        bh = max(26, min(44, (lay.height // 2) // (rows + 2)))
        panel.h = max(panel.h, (rows + 1) * (bh + 6) + 40)
        panel.h = min(panel.h, lay.hand_area.y - lay.bar_bottom - 2 * lay.margin)
        panel.centery = (lay.bar_bottom + lay.hand_area.y) // 2
        self.rect = panel
        self.title = "You won the trick: lay a meld?" if melds else "You won the trick"
        self.lines = [] if len(melds) <= 6 else [f"{len(melds) - 6} more melds are possible; the best are shown"]
        y = panel.y + 40 + (18 if self.lines else 0)
        w = panel.w - 2 * lay.margin
        for a in shown:
            if y + bh > panel.bottom - bh - 12:
                break
            self.buttons.append(Button((panel.x + lay.margin, y, w, bh), self._meld_text(a),
                                       functools.partial(self.submit, a), self.theme, None, "", "regular"))
            self.choices.append(a)
            y += bh + 6
        last = panel.bottom - bh - 8
        half = (w - lay.margin) // 2
        self.buttons.append(Button((panel.x + lay.margin, last, half, bh), "No meld", lambda: self.submit(NoMeld()),
                                   self.theme))
        self.choices.append(NoMeld())
        if self.offer_out:
            self.declare_out = Button((panel.x + lay.margin * 2 + half, last, half, bh), "Declare out",
                                      self.ask_declare_out, self.theme)
            self.buttons.append(self.declare_out)

    def ask_declare_out(self) -> None:
        """Declaring out asks first: the side's count against the target, and what a wrong claim costs."""
        self.asking_out = True  # part of the panel's key: the panel is built again

    def keep_playing(self) -> None:
        self.asking_out = False

    @staticmethod
    def _meld_text(action: LayMeld) -> str:
        play = action.play
        name = play.meld.name.replace("_", " ").capitalize()
        table = f" ({len(play.from_table)} from the table)" if play.from_table else ""
        return f"{name} {play.meld.points}: {cards_label(play.meld.cards)}{table}"

    # -- the cards chosen on the hand ----------------------------------------------------------------
    def selection_action(self) -> Action | None:
        if self.kind == Phase.BURY:
            return Bury(tuple(sorted(self.selection)))
        if self.kind in (Phase.PASSING, Phase.RETURN):
            return PassCards(tuple(sorted(self.selection)))
        return None

    def _confirm_selection(self) -> None:
        action = self.selection_action()
        if action is not None and len(self.selection) == self.select_count:
            self.submit(action)

    def update_enabled(self, actions: Sequence[Action] = ()) -> None:
        if self.card_mode == CardMode.SELECT and self.buttons:
            self.buttons[0].enabled = len(self.selection) == self.select_count

    # -- input and drawing ---------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.process_event(event):
                return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if self.kind == Phase.BIDDING:
            if key in (pygame.K_UP, pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.step_bid(1)
                return True
            if key in (pygame.K_DOWN, pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.step_bid(-1)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(self.advised, Pass):
                self.submit(self.advised)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.bids:
                self.make_bid()
                return True
            if key == pygame.K_p:
                shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                help_pass = [b for b in self.buttons if b.text == "Pass with help"]
                if shifted and help_pass:
                    help_pass[0].click()
                else:
                    self.submit(Pass())
                return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(self.advised, DeclareOut) and \
                self.declare_out is not None:
            self.ask_declare_out()
            return True
        if self.card_mode is not None:
            return False  # arrows and Enter belong to the hand
        enabled = [b for b in self.buttons if b.enabled]
        if not enabled:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            step = -1 if key == pygame.K_LEFT else 1
            self.focus = (self.focus + step) % len(self.buttons)
            guard = 0
            while not self.buttons[self.focus].enabled and guard < len(self.buttons):
                self.focus = (self.focus + step) % len(self.buttons)
                guard += 1
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            focused = self.focus_button()
            if focused is not None:
                focused.click()
                return True
        if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.buttons):
            self.buttons[key - pygame.K_1].click()
            return True
        return False

    def ringed(self) -> Button | None:
        """The one button that carries the focus ring: what Enter does. Bidding, the bid button, unless a
        hint advised a pass (then that pass alone); elsewhere the focused button."""
        if self.card_mode is not None:
            return None
        if self.kind == Phase.BIDDING and self.advised is None:
            button = self._bid_button if self._bid_button in self.buttons else None
        else:
            button = self.buttons[self.focus] if 0 <= self.focus < len(self.buttons) else None
        return button if button is not None and button.enabled and button.visible else None

    def focus_button(self) -> Button | None:
        if 0 <= self.focus < len(self.buttons) and self.buttons[self.focus].enabled:
            return self.buttons[self.focus]
        return None

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)

    def draw_words(self, surface: pygame.Surface, size: int, small_share: float = 2 / 3) -> None:
        """The title and the lines (``small_share`` of the title's size; more in large print), wrapped and made
        smaller until they end above the panel's buttons."""
        assert self.rect is not None
        inside = [b.rect.top for b in self.buttons if self.rect.contains(b.rect)]
        limit = min(inside, default=self.rect.bottom) - 4
        width = self.rect.w - 24
        while True:
            small = max(12, int(size * small_share + 1e-9))
            blocks = [(line, size, self.theme.accent, "bold") for line in wrap(self.title, size, width, "bold")]
            blocks += [(line, small, self.theme.text, "regular") for text in self.lines
                       for line in wrap(text, small, width)]
            height = sum(scaled(s * 1.3) for _t, s, _c, _f in blocks)
            if self.rect.y + 10 + height <= limit or size <= 12:
                break
            size -= 1
        y = self.rect.y + 10
        for line, line_size, color, face in blocks:
            blit_text(surface, line, line_size, color, (self.rect.centerx, y), face, "midtop", width)
            y += scaled(line_size * 1.3)

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        theme = self.theme
        if self.rect is not None:
            draw_cached_panel(surface, self.rect, theme, f"the panel {self.title!r}")
            self.draw_words(surface, max(14, min(28, self.rect.h // 7)), min(0.85, 2 / 3 * lay.text ** 0.5))
        ringed = self.ringed()
        for i, button in enumerate(self.buttons):
            chosen = self.kind != Phase.BIDDING or self.advised is not None  # the bidding's Enter: the bid button
            button.selected = i == self.focus and self.card_mode is None and chosen
            button.draw(surface)
            if button is ringed:
                draw_focus_ring(surface, button.rect, theme)
        self.tooltip_box = None
        for button in self.buttons:
            if button.show_tooltip:
                tip = Tooltip(button.tooltip, theme, max(13, button.rect.h // 3))
                tip.place_by(button.rect, pygame.Rect(0, 0, lay.width, lay.height),
                             [b.rect for b in self.buttons if b is not button])
                tip.draw(surface)
                self.tooltip_box = tip.rect


__all__ = ["DecisionPanel", "SELECT_PHASES", "bid_history", "suit_icon"]
