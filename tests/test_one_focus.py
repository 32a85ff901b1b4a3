"""One focus at a time at the table: at most one card and one control carry the focus mark, so the player
always knows what Enter does - over a whole hand, with hints asked in the auction and in the play, and the
pointer resting on another card than the hint's."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.actions import Bid, Pass, Play  # noqa: E402
from engine.game import Phase  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.table import panels  # noqa: E402
from pinochle_gui.table.controls import focused_chosen  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.table.zones import VIEW_SEAT  # noqa: E402
from tests.test_table_play import card_point, do_by_mouse, key, make_table, mouse_choices  # noqa: E402

pytestmark = pytest.mark.timeout(300)

HINTED_PLAYS = 4  # the first tricks' plays are hinted too (a hint in the play takes the hard computer longest)


def focus_marks(table: TableScene, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """How many of the player's cards, and how many of the decision's buttons, carry a focus mark in a frame:
    a card drawn as the one focused (or as the hint's), risen as the focused one or ringed; a button ringed."""
    rings: list[pygame.Rect] = []
    real: Callable[..., None] = panels.draw_focus_ring

    def ring(surface: pygame.Surface, rect: pygame.Rect, *args: object, **kwargs: object) -> None:
        rings.append(pygame.Rect(rect))
        real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(panels, "draw_focus_ring", ring)
    table.app.stack.draw(screen)
    monkeypatch.setattr(panels, "draw_focus_ring", real)
    states = table.card_states()
    play = table.panel.card_mode == "play"
    cards = {i for i, state in states.items() if state == "hover" or (play and state == "selected")}
    if play:  # a card risen as the focused one is raised (the others that may be played rise a little)
        cards |= {id(s) for s in table.director.hands[VIEW_SEAT] if s.lift > table.director.lay.raise_px * 0.4}
    ringed = focused_chosen(table)
    if ringed is not None:
        cards.add(id(ringed))
    return len(cards), len(rings)


def wait_for_hint(app: App, table: TableScene) -> None:
    key(app, pygame.K_h)
    for _ in range(20_000):
        if table.hint_action is not None:
            return
        app.tick(1 / 60)
    raise AssertionError("the hint never came")


def hover_another_card(app: App, table: TableScene) -> bool:
    """Rest the pointer on a playable card that is not the hint's; False when there is none."""
    legal = table.legal_sprites()
    others = [s for s in table.director.hands[VIEW_SEAT] if id(s) in legal and legal[id(s)] != table.hint_action]
    if not others:
        return False
    where = tuple(round(v) for v in card_point(others[-1]))
    app.stack.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0)))
    app.tick(1 / 60)
    return True


def test_one_card_and_one_control_carry_the_focus_through_a_hand_with_hints(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=5)  # a bid and a pass hinted, then the play
    found: list[str] = []
    hinted = {"bid": 0, "pass": 0, "play": 0, "hovered": 0}
    try:
        turn = 0
        for _ in range(40_000):
            if table.game.hand_records:
                break
            app.tick(1 / 60)
            if table.director.hold is not None:
                table.director.release()
                continue
            if not (table.human_turn and table.director.idle):
                continue
            turn += 1
            phase = table.obs.phase
            where = f"turn {turn} ({phase})"
            if phase == Phase.BIDDING or (phase == Phase.PLAY and hinted["play"] < HINTED_PLAYS):
                wait_for_hint(app, table)
                kind = "pass" if isinstance(table.hint_action, Pass) else "bid" if isinstance(
                    table.hint_action, Bid) else "play"
                hinted[kind] += 1
                cards, controls = focus_marks(table, screen, monkeypatch)
                if cards > 1 or controls > 1:
                    found.append(f"{where}, the hint {table.hint_action} shown: {cards} cards, {controls} controls")
                if isinstance(table.hint_action, Play) and hover_another_card(app, table):
                    hinted["hovered"] += 1
                    cards, controls = focus_marks(table, screen, monkeypatch)
                    if cards > 1 or controls > 1:
                        found.append(f"{where}, the pointer on another card than the hint's: {cards} cards")
                key(app, pygame.K_RETURN)  # Enter does what the one focus says
                continue
            cards, controls = focus_marks(table, screen, monkeypatch)
            if cards > 1 or controls > 1:
                found.append(f"{where}: {cards} cards, {controls} controls")
            choices = mouse_choices(table)
            do_by_mouse(app, table, choices[turn % len(choices)])
        else:
            raise AssertionError("the hand never ended")
    finally:
        app.close()
    assert min(hinted.values()) >= 1, hinted  # a bid, a pass and plays were hinted, the pointer on another card
    assert not found, "\n".join(found)
