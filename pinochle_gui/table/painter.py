"""Drawing the table scene: the felt and seats (kept while they do not change), the cards, the melds, the
buttons and panel, and over them the hand's summary, the game's end, the last trick and the score pad.

A :class:`TablePainter` belongs to one :class:`~pinochle_gui.table.scene.TableScene` and keeps the
surfaces it reuses from frame to frame; :func:`status_text` says what the status line shows.
"""

from __future__ import annotations

import pygame

from engine.cards import SUIT_NAMES
from engine.game import Phase
from engine.rules import TrumpBy
from pinochle_gui.fonts import sized_for_player
from pinochle_gui.table.controls import focused_chosen
from pinochle_gui.table.hud import cards_note
from pinochle_gui.table.meld_view import draw_laid_labels, draw_melds, laid_labels
from pinochle_gui.table.panels import CardMode
from pinochle_gui.table.scorepad import draw_full_pad, draw_pad, hand_in_progress, score_box
from pinochle_gui.table.seats import ComputerSeat, HumanSeat
from pinochle_gui.table.summary import draw_game_over, draw_summary
from pinochle_gui.table.view import TableView
from pinochle_gui.table.zones import VIEW_SEAT
from pinochle_gui.theme import felt_surface
from pinochle_gui.widgets import draw_focus_ring

PHASE_WORDS = {
    Phase.BIDDING: "bidding", Phase.TRUMP: "naming trump", Phase.DIX: "deciding on the dix",
    Phase.PASSING: "passing cards", Phase.RETURN: "passing cards back", Phase.BURY: "burying",
    Phase.THROW_IN: "deciding to play or throw in", Phase.MELD: "laying meld",
    Phase.DRAW_CHOICE: "choosing a card to draw", Phase.REDEAL: "deciding on a redeal",
}


def status_text(table: TableView) -> str:
    """What the status line says: the news while cards move, else whose turn it is and to do what."""
    obs = table.observation_now()
    news = table.director.news
    if table.director.hold is not None and news.melds and not table.demo:
        return "The meld is on the table: click or press Enter to go on"
    if table.director.hold is not None and table.director.widow_face_up and not table.demo:
        return f"{news.status}: click or press Enter to go on"
    if not table.director.idle and news.status:
        return news.status
    if table.game.is_over:
        return news.status or "Game over"
    seat = obs.to_act
    if seat is None:
        return news.status
    trump = f" · {SUIT_NAMES[obs.trump]} are trump" if obs.trump is not None else ""
    if obs.phase == Phase.PLAY:
        if obs.trick:
            led = SUIT_NAMES[obs.trick[0][1].suit]
            doing = f"{led} led{trump}"
        else:
            doing = f"to lead{trump}"
        human = isinstance(table.seats[seat], HumanSeat)
        if obs.trick:
            return f"{'Your turn' if human else table.names[seat] + ' to play'} - {doing}"
        return f"{'Your lead' if human else table.names[seat] + ' to lead'}{trump}"
    words = PHASE_WORDS.get(obs.phase, obs.phase)
    if isinstance(table.seats[seat], HumanSeat) and table.panel.card_mode == CardMode.SELECT and table.panel.title:
        chosen = len(table.panel.selection)
        return f"{table.panel.title} ({chosen} chosen){trump}"
    if isinstance(table.seats[seat], HumanSeat):
        return f"Your turn: {words}{trump}"
    return f"{table.names[seat]} is {words}{trump}"


class TablePainter:
    """Draws a table scene each frame, reusing the felt, the static layer and the veil while they fit."""

    def __init__(self) -> None:
        self.felt: pygame.Surface | None = None
        self.veil_surface: pygame.Surface | None = None
        self.static: pygame.Surface | None = None
        self.static_key: tuple[object, ...] = ()
        self.laid_boxes: list[pygame.Rect] = []  # where the static layer's two-handed meld lines are

    def draw(self, table: TableView, surface: pygame.Surface) -> None:
        """Draw the table: felt and seats, the cards, the melds, the buttons and panel, the overlays."""
        lay = table.director.lay
        news = table.director.news
        self.draw_static(table, surface)
        thinking = next((i for i, s in enumerate(table.seats) if isinstance(s, ComputerSeat) and s.thinking), None)
        if thinking is not None:
            table.hud.draw_thinking(surface, lay, thinking)
        table.director.draw(surface, table.card_states())
        ringed = focused_chosen(table)
        if ringed is not None:
            card = ringed.rect()
            draw_focus_ring(surface, card, table.theme, radius=max(4, card.w // 10))
        melds: list[pygame.Rect] = []
        panel_shown = table.human_turn and table.director.idle and not table.game.is_over
        bubbles = list(table.hud.bubble_boxes(lay, news).values())
        if news.melds:  # clear of the bubbles and the decision panel drawn over them
            with sized_for_player():  # sized by the cards, not by the layout's bars
                melds = draw_melds(surface, lay, table.art, table.theme, news.melds, table.names,
                                   bubbles + (table.panel.covered() if panel_shown else []))
        table.hud.draw_bubbles(surface, lay, news)
        if table.menu_button is not None:
            table.menu_button.draw(surface)
        for button in table.tools:
            button.enabled = not table.demo or button.text in ("Last", "Pad")
            button.draw(surface)
        if panel_shown:
            table.panel.draw(surface, lay)
        table.draw_tooltips(surface)
        cards = [sprite.rect() for sprite in table.director.all_sprites()]
        plates = [area.plate for area in lay.seats] + [area.avatar for area in lay.seats]
        avoid = table.panel.covered() + cards + plates + bubbles + melds + self.laid_boxes
        if table.director.idle and news.summary is None and news.game_over is None:  # none half behind a panel
            note = cards_note(table.director.seen or table.obs, table.rules, table.names)
            avoid += table.hud.draw_note(surface, lay, note, avoid)
        else:
            table.hud.note_box = None
        table.hud.draw_hint(surface, lay, avoid, cards_rise=table.panel.card_mode is not None)
        table.hud.draw_toasts(surface, table.status_rect)
        with sized_for_player():  # the summary, the last trick and the pad are not sized by the layout
            centre = pygame.Rect(0, lay.bar_bottom, lay.width, lay.hand_area.y - lay.bar_bottom)
            if news.summary is not None or (news.game_over is not None and table.director.idle):
                self.veil(surface)
            if news.summary is not None:
                number = news.summary_deal
                footer = f"Deal #{number}" if number is not None else ""
                if not table.demo:
                    footer = f"{footer} · click or press Enter to go on" if footer else "Click or press Enter to go on"
                buttons = table.summary_buttons_shown
                box = draw_summary(surface, centre, table.theme, news.summary, table.sides, table.names, footer,
                                   table.rules.team_of(VIEW_SEAT), buttons, team_of=table.rules.team_of,
                                   counts=news.claim_counts)
                if buttons:
                    table.place_end_buttons(box, "summary")
                    draw_end_buttons(table, surface)
            elif news.game_over is not None and table.director.idle:
                box = draw_game_over(surface, centre, table.theme, news.game_over, table.sides,
                                     table.rules.team_of(VIEW_SEAT), len(table.game.hand_records),
                                     (f"{news.ending}. " if news.ending else "")
                                     + ("" if table.demo else "Start a new game, or go back to the menu."))
                table.place_end_buttons(box)
                draw_end_buttons(table, surface)
            table.hud.draw_last_trick(surface, lay, table.art, news)
            if table.show_pad:
                hands = table.game.hands_played
                now = hand_in_progress(table.director.seen or table.obs, news, table.rules, table.names,
                                       table.sides, hands)
                draw_full_pad(surface, pygame.Rect(0, 0, lay.width, lay.height), table.theme, table.sides,
                              hands, table.names, table.game.scores, table.game.target, now,
                              table.rules.game_hands)

    def draw_static(self, table: TableView, surface: pygame.Surface) -> None:
        """The felt, the seats, the status line and the score pad: drawn again only when they change."""
        lay = table.director.lay
        obs = table.director.seen or table.obs  # the seats as far as the events are played
        news = table.director.news
        status = table.status_text()
        # The score board changes when the director gets there (the hand's summary), not when the engine does.
        box = score_box(obs, news, table.rules)
        laid = laid_labels(news.laid, table.director.tables) if table.rules.trump_by == TrumpBy.STOCK else {}
        key = (surface.get_size(), lay.width, lay.height, obs.to_act, obs.dealer, obs.declarer, obs.bid, obs.bids,
               box, obs.tricks_won, obs.phase, obs.target, status, obs.trump,
               tuple(laid.items()))
        if self.static is None or key != self.static_key or self.static.get_size() != surface.get_size():
            if self.felt is None or self.felt.get_size() != surface.get_size():
                self.felt = felt_surface(table.theme.name, *surface.get_size())
            layer = self.felt.copy()
            table.hud.draw_seats(layer, lay, obs, news, table.rules.teams, None)
            self.laid_boxes = draw_laid_labels(layer, lay, table.theme, laid)
            table.hud.draw_status(layer, table.status_rect, status, obs.trump)
            draw_pad(layer, lay.score_pad, table.theme, table.sides, list(box.scores), obs.target, box.tricks,
                     0 if table.replaying else box.hand_number, box.deal_number, one_deal=table.replaying,
                     hands=table.rules.game_hands)
            self.static, self.static_key = layer, key
        surface.blit(self.static, (0, 0))

    def veil(self, surface: pygame.Surface) -> None:
        """Darken the table under a summary or the game's end, so the panel reads clearly."""
        size = surface.get_size()
        if self.veil_surface is None or self.veil_surface.get_size() != size:
            self.veil_surface = pygame.Surface(size, pygame.SRCALPHA)
            self.veil_surface.fill((0, 0, 0, 110))
        surface.blit(self.veil_surface, (0, 0))


def draw_end_buttons(table: TableView, surface: pygame.Surface) -> None:
    """The buttons under the hand's summary or the game's end, the one under the keyboard's focus ringed."""
    for i, button in enumerate(table.end_buttons):
        button.draw(surface)
        if i == table.end_focus and button.visible:
            draw_focus_ring(surface, button.rect, table.theme)


__all__ = ["PHASE_WORDS", "TablePainter", "status_text"]
