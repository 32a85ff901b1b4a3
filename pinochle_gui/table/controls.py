"""The player's hands on the table: shortcut keys, clicks and keys on the cards, the cards' lift and look.

Plain functions of the :class:`~pinochle_gui.table.scene.TableScene`: :func:`process_event` routes an
input event (shortcuts, the buttons, closing the pad or the last trick, ending a hold, skipping an
animation, the decision panel, then the cards); :func:`legal_sprites` gives the cards that may be played,
:func:`update_lift` raises the cards that may be chosen and :func:`card_states` says how each is drawn
(dimmed, hovered, selected).
"""

from __future__ import annotations

import pygame

from engine.actions import Action, Play
from engine.cards import Card
from engine.game import Phase
from pinochle_gui.table.panels import CardMode
from pinochle_gui.table.view import TableView
from pinochle_gui.table.zones import VIEW_SEAT, TableCard


def process_event(table: TableView, event: pygame.event.Event) -> bool:
    """Act on an input event; True if it was used."""
    if event.type == pygame.KEYDOWN and _shortcut(table, event):
        return True
    if table.menu_button is not None and table.menu_button.process_event(event):
        return True
    for button in table.tools + table.end_buttons:
        if button.process_event(event):
            return True
    if event.type == pygame.KEYDOWN and table.end_buttons and _end_key(table, event):
        return True
    if table.show_pad or table.hud.show_last_trick:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key not in (pygame.K_RETURN, pygame.K_ESCAPE,
                                                                  pygame.K_SPACE, pygame.K_KP_ENTER):
                return False
            table.show_pad = False
            table.hud.show_last_trick = False
            return True
        return False
    if table.director.hold is not None:
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            table.director.release()
            return True
        return False
    if not table.director.idle:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            table.director.skip(through_holds=False)
            return True
        return False
    if not table.human_turn:
        return False
    if table.hint_asked and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return True  # Enter does what the hint advises: nothing until the hint has come
    if table.panel.process_event(event):
        return True
    return _hand_event(table, event)


def _shortcut(table: TableView, event: pygame.event.Event) -> bool:
    """The keys that work at any moment (see :mod:`pinochle_gui.table.scene`)."""
    key = event.key
    ctrl = bool(event.mod & pygame.KMOD_CTRL) if hasattr(event, "mod") else False
    if key == pygame.K_ESCAPE:
        if table.show_pad or table.hud.show_last_trick:
            table.show_pad = table.hud.show_last_trick = False
        else:
            table.open_menu()
        return True
    if key == pygame.K_h:
        table.ask_hint()
        return True
    if key == pygame.K_u or (ctrl and key == pygame.K_z):
        table.undo()
        return True
    if key == pygame.K_l:
        table.toggle_last_trick()
        return True
    if key == pygame.K_s and not ctrl:
        table.toggle_pad()
        return True
    if key == pygame.K_o:
        table.cycle_sort()
        return True
    if key == pygame.K_m:
        muted = table.app.toggle_mute()
        table.hud.toast("Sound off" if muted else "Sound on")
        return True
    if key in (pygame.K_r, pygame.K_F1):
        table.app.open_rules(table.rules)
        return True
    if key == pygame.K_F11:
        table.app.toggle_fullscreen()
        return True
    return False


def _end_key(table: TableView, event: pygame.event.Event) -> bool:
    """Under the hand's summary or the game's end: Tab and the arrows move the focus through its buttons and
    back to none (Enter goes on), Enter or Space clicks the focused button."""
    buttons = [b for b in table.end_buttons if b.visible and b.enabled]
    stops: list[int | None] = [*range(len(buttons)), None]
    at = stops.index(table.end_focus) if table.end_focus in stops else len(buttons)
    if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
        back = event.key in (pygame.K_LEFT, pygame.K_UP) or (
            event.key == pygame.K_TAB and bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT))
        table.end_focus = stops[(at + (-1 if back else 1)) % len(stops)]
        return True
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and table.end_focus is not None:
        buttons[at].click()
        return True
    return False


def legal_sprites(table: TableView) -> dict[int, Action]:
    """The player's cards (and two-handed table cards) that may be played now, by sprite id."""
    out: dict[int, Action] = {}
    if table.obs.phase != Phase.PLAY or not table.human_turn:
        return out
    plays = [a for a in table.obs.legal_actions if isinstance(a, Play)]
    for zone, from_table in ((table.director.hands[VIEW_SEAT], False), (table.director.tables[VIEW_SEAT], True)):
        for sprite in zone:
            for a in plays:
                if a.card == sprite.card and a.from_table == from_table:
                    out[id(sprite)] = a
    return out


def _hand_event(table: TableView, event: pygame.event.Event) -> bool:
    """The pointer and the keys on the player's cards (and two-handed table cards) in the player's turn."""
    mode = table.panel.card_mode
    hand = table.director.hands[VIEW_SEAT]
    clickable = hand + (table.director.tables[VIEW_SEAT] if mode == CardMode.PLAY else [])
    if event.type == pygame.MOUSEMOTION:
        table.hovered = table.director.sprite_at(event.pos, clickable)
        choices = focus_choices(table)
        if table.hovered in choices:  # one focus: the pointer takes the keyboard's with it
            table.focus = choices.index(table.hovered)
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        sprite = table.director.sprite_at(event.pos, clickable)
        if sprite is None:
            return False
        _choose(table, sprite)
        return True
    if event.type == pygame.KEYDOWN and mode is not None and clickable:
        choices = focus_choices(table)
        if not choices:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            table.focus = (table.focus + step) % len(choices)
            return True
        if event.key in (pygame.K_UP, pygame.K_SPACE) and mode == CardMode.SELECT:
            _choose(table, choices[table.focus % len(choices)])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if mode == CardMode.SELECT:
                action = table.panel.selection_action()
                if action is not None and len(table.panel.selection) == table.panel.select_count:
                    table.submit(action)
                else:
                    table.hud.toast(f"Choose {table.panel.select_count} cards first")
                return True
            _choose(table, choices[table.focus % len(choices)])
            return True
    return False


def focus_choices(table: TableView) -> list[TableCard]:
    """The cards the one focus moves among (arrows, the pointer): the playable ones when playing, the whole
    hand when choosing cards to pass or bury."""
    mode = table.panel.card_mode if table.human_turn else None
    hand = table.director.hands[VIEW_SEAT]
    if mode == CardMode.PLAY:
        legal = table.legal_sprites()
        return [s for s in hand + table.director.tables[VIEW_SEAT] if id(s) in legal]
    return list(hand) if mode == CardMode.SELECT else []


def focused_card(table: TableView) -> TableCard | None:
    """The card under the focus (Enter plays it, Space chooses it), or None outside the player's turn."""
    choices = focus_choices(table) if table.director.idle else []
    return choices[table.focus % len(choices)] if choices else None


def _choose(table: TableView, sprite: TableCard) -> None:
    """A card chosen: played, or (passing, burying) taken into or out of the selection."""
    mode = table.panel.card_mode
    if mode == CardMode.PLAY:
        action = table.legal_sprites().get(id(sprite))
        if action is None:
            table.hud.toast("That card may not be played now", bad=True)
            return
        table.director.picked = [sprite]
        table.submit(action)
    elif mode == CardMode.SELECT:
        if id(sprite) in table.selected:
            table.selected.remove(id(sprite))
        elif len(table.selected) < table.panel.select_count:
            table.selected.append(id(sprite))
        else:
            table.hud.toast(f"{table.panel.select_count} cards are chosen already")
        by_id = {id(s): s for s in table.director.hands[VIEW_SEAT]}
        chosen = (by_id[i].card for i in table.selected if i in by_id)
        table.panel.selection = [Card(c) for c in chosen if c is not None]
        table.panel.update_enabled()


def update_lift(table: TableView, dt: float) -> bool:
    """Ease the player's cards up or down: the chosen ones, the one under focus, the playable ones.
    True while a card still moves."""
    lay = table.director.lay
    mode = table.panel.card_mode if table.human_turn and table.director.idle else None
    legal = table.legal_sprites() if mode == CardMode.PLAY else {}
    hand = table.director.hands[VIEW_SEAT]
    focus_sprite = focused_card(table) if mode is not None else None
    k = min(1.0, dt * 18) if table.timing.factor > 0 else 1.0
    moving = False
    for sprite in hand:
        target = 0.0
        if mode == CardMode.SELECT and id(sprite) in table.selected:
            target = lay.raise_px
        elif mode == CardMode.PLAY and sprite is focus_sprite:
            target = lay.raise_px * 0.6
        elif mode == CardMode.PLAY and id(sprite) in legal:
            target = lay.raise_px * 0.25
        sprite.lift += (target - sprite.lift) * k
        if abs(target - sprite.lift) < 0.5:
            sprite.lift = target  # close enough: it stops, and the table may stand still
        else:
            moving = True
    return moving


def focused_chosen(table: TableView) -> TableCard | None:
    """Choosing cards to pass or bury: the card under the keyboard's focus when it is chosen already (its
    chosen look hides the focus's, so the table rings it), else None."""
    if table.panel.card_mode != CardMode.SELECT:
        return None
    focused = focused_card(table)
    return focused if focused is not None and id(focused) in table.selected else None


def card_states(table: TableView) -> dict[int, str]:
    """How the player's cards are drawn now, by sprite id: dimmed, hover (under the pointer or the keyboard's
    focus) or selected."""
    states: dict[int, str] = {}
    if not (table.human_turn and table.director.idle):
        return states
    mode = table.panel.card_mode
    hand = table.director.hands[VIEW_SEAT]
    focused = focused_card(table)  # the one card marked: Left/Right and the pointer move it, Enter plays it
    if mode == CardMode.PLAY:
        legal = table.legal_sprites()
        for sprite in hand + table.director.tables[VIEW_SEAT]:
            if id(sprite) not in legal:
                states[id(sprite)] = "dimmed"
            elif sprite is focused:  # the hint's card, once the hint has moved the focus there, in its own look
                states[id(sprite)] = "selected" if legal[id(sprite)] == table.hint_action else "hover"
    elif mode == CardMode.SELECT:
        for sprite in hand:
            if id(sprite) in table.selected:
                states[id(sprite)] = "selected"
            elif sprite is focused:
                states[id(sprite)] = "hover"
    return states


__all__ = ["card_states", "focus_choices", "focused_card", "focused_chosen", "legal_sprites", "process_event",
           "update_lift"]
