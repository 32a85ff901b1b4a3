"""Whole hands of every variant played through the real table: clicks and keys posted with explicit
positions, the computers deciding through their seats, down to the hand summary and the score pad."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from conftest import fast_where

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.actions import (  # noqa: E402
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
    Play,
    PlayOn,
    ThrowIn,
)
from engine.rules import PRESETS  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table.director import VIEW_SEAT, TableCard  # noqa: E402
from pinochle_gui.table.panels import DecisionPanel  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.table.scorepad import pad_rows  # noqa: E402

pytestmark = pytest.mark.timeout(120)


def make_table(tmp_path: Path, variant: str, size: tuple[int, int] = (1280, 720), seed: int = 5,
               level: str = "random") -> tuple[App, TableScene, pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    options = parse_args(["--variant", variant, "--fast", "--seed", str(seed), "--size", f"{size[0]}x{size[1]}"])
    storage = Storage.open(tmp_path / "home")
    storage.update_settings(toured=tuple(PRESETS))  # a player who knows the game: no tour over the table
    app = App(options, screen, storage)
    rules = app.settings.rules_for(variant)
    names = [app.settings.seat_name(s, rules.players) for s in range(rules.players)]
    table = app.new_table(rules, [None] + [level] * (rules.players - 1), names)
    return app, table, screen


def click(app: App, pos: tuple[float, float]) -> None:
    where = (round(pos[0]), round(pos[1]))
    app.stack.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0)))
    app.stack.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=1))
    app.stack.process_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=1))


def key(app: App, k: int, mod: int = 0) -> None:
    app.stack.process_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def card_point(sprite: TableCard) -> tuple[float, float]:
    """A point of the card that no neighbour covers: near its top-left corner."""
    w = sprite.width
    h = round(w * 1.4)
    return (sprite.x - w / 2 + max(3, w * 0.08), sprite.y - sprite.lift - h / 2 + max(3, h * 0.08))


def button_labelled(table: TableScene, text: str) -> pygame.Rect:
    for button in table.panel.buttons:
        if button.text == text and button.enabled:
            return button.rect
    raise AssertionError(f"no button {text!r} among {[b.text for b in table.panel.buttons]}")


def label_of(action: Action) -> str:
    match action:
        case Pass(help=True):
            return "Pass with help"
        case Pass():
            return "Pass"
        case CallRedeal(call=True):
            return "Redeal"
        case CallRedeal():
            return "Keep hand"
        case ExchangeDix(take=True):
            return "Exchange"
        case ExchangeDix():
            return "Keep"
        case PlayOn():
            return "Play on"
        case ThrowIn():
            return "Throw in"
        case DrawChoice(take_trump=True):
            return "Trump card"
        case DrawChoice():
            return "Face-down card"
        case NoMeld():
            return "No meld"
        case LayMeld():
            return DecisionPanel._meld_text(action)
    raise AssertionError(f"no label for {action}")


def do_by_mouse(app: App, table: TableScene, action: Action) -> None:
    """Take ``action`` the way a player would with the mouse."""
    if isinstance(action, Play):
        zone = table.director.tables[VIEW_SEAT] if action.from_table else table.director.hands[VIEW_SEAT]
        sprite = next(s for s in zone if s.card == action.card)
        click(app, card_point(sprite))
    elif isinstance(action, Bid):
        panel = table.panel
        plus = button_labelled(table, "+")
        while panel.bids[panel.bid_index] < action.amount:
            click(app, plus.center)
        click(app, button_labelled(table, f"Bid {action.amount}").center)
    elif isinstance(action, NameTrump):
        click(app, table.panel.buttons[action.suit].rect.center)
    elif isinstance(action, (PassCards, Bury)):
        free = list(table.director.hands[VIEW_SEAT])
        for c in action.cards:
            sprite = next(s for s in free if s.card == c)
            free.remove(sprite)
            click(app, card_point(sprite))
        for _ in range(20):  # the chosen cards rise, as the player sees them before the button
            app.tick(1 / 60)
        verb = "Bury" if isinstance(action, Bury) else "Pass"
        click(app, button_labelled(table, f"{verb} {len(action.cards)} cards").center)
    else:
        click(app, button_labelled(table, label_of(action)).center)


def mouse_choices(table: TableScene) -> list[Action]:
    """The legal actions the panel offers now (the two-handed meld list shows the best six)."""
    actions = [a for a in table.obs.legal_actions if not isinstance(a, DeclareOut)]
    shown = {b.text for b in table.panel.buttons}
    bids = sorted((a for a in actions if isinstance(a, Bid)), key=lambda a: a.amount)[:2]  # the next bid, a jump
    return [a for a in actions if (not isinstance(a, LayMeld) or label_of(a) in shown)
            and (not isinstance(a, Bid) or a in bids)]


def play_hand(app: App, table: TableScene, screen: pygame.Surface, choose: object, frames: int = 40_000) -> int:
    """Run the table until the first hand is scored and its summary closed; returns the actions taken."""
    rng = random.Random(3)
    taken = 0
    saw_summary = False
    for _ in range(frames):
        app.tick(1 / 60)
        app.stack.draw(screen)
        director = table.director
        if director.news.summary is not None:
            saw_summary = True
            click(app, (screen.get_width() // 2, screen.get_height() // 2))  # the summary: click to go on
            continue
        if director.hold is not None:
            click(app, (screen.get_width() // 2, screen.get_height() // 2))
            continue
        if saw_summary and director.idle:
            return taken
        if table.human_turn and director.idle:
            before = len(table.game.log)
            choose(app, table, rng)  # type: ignore[operator]
            assert len(table.game.log) == before + 1, f"the interface did not take the action in {table.obs.phase}"
            taken += 1
    raise AssertionError("the hand did not finish")


def random_by_mouse(app: App, table: TableScene, rng: random.Random) -> None:
    do_by_mouse(app, table, rng.choice(mouse_choices(table)))


@pytest.mark.parametrize("variant", fast_where(list(PRESETS), ["partnership_auction", "three_hand", "two_hand"]))
def test_a_whole_hand_of_each_variant_by_mouse(tmp_path: Path, variant: str) -> None:
    app, table, screen = make_table(tmp_path, variant)
    try:
        taken = play_hand(app, table, screen, random_by_mouse)
        assert taken > 0
        game = table.game
        assert len(game.hand_records) >= 1
        record = game.hand_records[0]
        assert record["players"][0] == app.settings.player_name
        # the score pad shows the hand just scored
        key(app, pygame.K_s)
        assert table.show_pad
        app.stack.draw(screen)
        key(app, pygame.K_ESCAPE)
        assert not table.show_pad
        rows = pad_rows(game.hands_played, table.names)
        assert [row[2:] for row in rows][0] == [f"{d:+d} = {t}" for d, t in zip(record["score_delta"],
                                                                              record["scores_after"], strict=True)]
    finally:
        app.close()


def by_keys(app: App, table: TableScene, rng: random.Random) -> None:
    """Only keys: arrows and Enter for cards and bids, P to pass, number keys for panel buttons."""
    obs = table.obs
    actions = [a for a in obs.legal_actions if not isinstance(a, DeclareOut)]
    if obs.phase == "bidding":
        bids = [a for a in actions if isinstance(a, Bid)]
        if bids and rng.random() < 0.5:
            for _ in range(rng.randrange(3)):
                key(app, pygame.K_UP)
            key(app, pygame.K_RETURN)
        else:
            key(app, pygame.K_p)
        return
    if obs.phase == "play":
        legal = table.legal_sprites()
        for _ in range(rng.randrange(len(legal))):
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        return
    if obs.phase in ("passing", "return", "bury"):
        chosen = 0
        need = table.panel.select_count
        hand = table.director.hands[VIEW_SEAT]
        for _ in range(len(hand)):
            if chosen == need:
                break
            if obs.phase != "bury" or any(isinstance(a, Bury) and hand[table.focus % len(hand)].card in a.cards
                                          for a in actions):
                before = len(table.selected)
                key(app, pygame.K_SPACE)
                chosen += len(table.selected) - before
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        return
    buttons = [b for b in table.panel.buttons if b.enabled and b.text != "Declare out"]
    index = table.panel.buttons.index(rng.choice(buttons))
    key(app, pygame.K_1 + index)


@pytest.mark.parametrize("variant", ["partnership_auction", "two_hand", "partnership_turnup", "double_deck"])
def test_a_whole_hand_by_keys_alone(tmp_path: Path, variant: str) -> None:
    app, table, screen = make_table(tmp_path, variant, seed=8)
    try:
        assert play_hand(app, table, screen, by_keys) > 0
        assert len(table.game.hand_records) >= 1
    finally:
        app.close()


def test_three_handed_by_keys_buries_what_the_engine_allows(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "three_hand", seed=4)
    try:
        assert play_hand(app, table, screen, by_keys) > 0
    finally:
        app.close()
