"""The app loop draws only when the picture may have changed (pinochle_gui.frames): nothing is presented
while a screen or the table stands still; input, a resize, a scene's change, a timer's end and moving
cards are presented, input in the very turn it comes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.rules import PRESETS  # noqa: E402
from pinochle_gui import screens  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.frames import FPS, IDLE_POLL, FrameClock  # noqa: E402
from pinochle_gui.screens.screen import Screen  # noqa: E402
from pinochle_gui.screens.title import TitleScene  # noqa: E402
from pinochle_gui.shell import App, turn  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.widgets import Button  # noqa: E402
from pinochle_gui.widgets.buttons import TOOLTIP_DELAY  # noqa: E402

pytestmark = pytest.mark.timeout(120)


class StepClock:
    """A clock that moves on by ``step`` seconds each time it is read: the loop's time, not the machine's."""

    def __init__(self, step: float) -> None:
        self.t = 1000.0
        self.step = step

    def __call__(self) -> float:
        self.t += self.step
        return self.t


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    storage = Storage.open(tmp_path)
    storage.update_settings(toured=tuple(PRESETS), sound_on=False)
    app = App(parse_args(["--fast", "--seed", "3", "--level", "easy"]), screen, storage)
    yield app
    app.close()
    pygame.event.clear()


def run_turns(app: App, frames: FrameClock, n: int) -> int:
    """Run ``n`` turns of the loop; the frames presented in them."""
    before = frames.presents
    screen = pygame.display.get_surface()
    assert screen is not None
    for _ in range(n):
        screen = turn(app, frames, screen)
    return frames.presents - before


def title(app: App) -> tuple[TitleScene, FrameClock]:
    pygame.event.clear()
    app.open_title()
    scene = app.stack.top
    assert isinstance(scene, TitleScene)
    presented: list[int] = []
    frames = FrameClock(app.stack, present=lambda: presented.append(1), now=StepClock(0.02))
    assert run_turns(app, frames, 1) == 1  # the first frame
    return scene, frames


def test_a_still_title_screen_presents_nothing(app: App) -> None:
    scene, frames = title(app)
    assert app.stack.wake_in() is None
    assert run_turns(app, frames, 40) == 0  # 40 turns, each a sleep of up to IDLE_POLL: nothing drawn


def test_input_is_drawn_in_the_turn_it_comes(app: App) -> None:
    scene, frames = title(app)
    run_turns(app, frames, 3)
    focus = scene.focus
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert run_turns(app, frames, 1) == 1  # handled and presented in one turn
    assert scene.focus is not focus and scene.focus is not None
    assert run_turns(app, frames, 5) == 0


def test_a_resize_and_an_exposed_window_are_drawn_again(app: App) -> None:
    scene, frames = title(app)
    run_turns(app, frames, 3)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    assert run_turns(app, frames, 1) == 1
    assert scene.size == (1000, 700)
    run_turns(app, frames, 3)
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert run_turns(app, frames, 1) == 1


def test_a_change_from_outside_input_is_drawn_once(app: App) -> None:
    scene, frames = title(app)
    run_turns(app, frames, 3)
    scene.changed()  # as a computer's answer arriving does
    assert run_turns(app, frames, 1) == 1
    assert run_turns(app, frames, 5) == 0


def test_a_tooltip_is_drawn_when_its_delay_ends_and_not_before(app: App) -> None:
    title(app)
    frames = FrameClock(app.stack, now=StepClock(0.02))
    app.stack.push(screens.statistics_scene(app))
    scene = app.stack.top
    assert isinstance(scene, Screen)
    run_turns(app, frames, 3)
    button = next(w for w in scene.widgets if isinstance(w, Button) and w.tooltip == "Forget all statistics")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert run_turns(app, frames, 1) == 1  # the hover
    assert app.stack.wake_in() == pytest.approx(TOOLTIP_DELAY, abs=0.05)
    shown = 0
    for _ in range(round(TOOLTIP_DELAY / IDLE_POLL) + 3):
        shown += run_turns(app, frames, 1)
        if not button.show_tooltip:
            assert shown == 0  # nothing drawn while the delay runs
    assert button.show_tooltip and shown == 1  # the tooltip, once, when its delay ended
    assert run_turns(app, frames, 5) == 0


def test_the_table_draws_every_frame_while_cards_move_and_nothing_while_it_waits_for_the_player(
        tmp_path: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    storage = Storage.open(tmp_path)
    storage.update_settings(sound_on=False, animation_speed="normal", toured=tuple(PRESETS))
    app = App(parse_args(["--seed", "3", "--level", "easy"]), screen, storage)
    try:
        rules = app.settings.rules_for("partnership_auction")
        table = app.new_table(rules, [None, "easy", "easy", "easy"], [f"P{s}" for s in range(4)])
        frames = FrameClock(app.stack, now=StepClock(1 / FPS))
        assert run_turns(app, frames, 30) == 30  # the deal: cards fly, every frame is drawn
        for _ in range(3000):  # on to the player's turn (the computers bid first), every card picture drawn
            run_turns(app, frames, 1)
            if table.human_turn and table.director.idle and table.art_ready and table.wake_in() is None:
                break
        assert isinstance(app.stack.top, TableScene) and table.human_turn
        run_turns(app, frames, 2)
        assert run_turns(app, frames, 30) == 0  # waiting for the player: nothing drawn
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
        assert run_turns(app, frames, 1) == 1
    finally:
        app.close()
        pygame.event.clear()


@pytest.mark.slow
def test_every_tooltip_of_the_table_shows_when_its_delay_ends(tmp_path: Path) -> None:
    """The menu button's "Pause menu (Esc)", the tools' and the bid panel's tooltips each show after
    TOOLTIP_DELAY of hovering, and the loop wakes for them."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    storage = Storage.open(tmp_path)
    storage.update_settings(toured=tuple(PRESETS), sound_on=False)
    app = App(parse_args(["--fast", "--seed", "3", "--level", "easy"]), screen, storage)
    try:
        rules = app.settings.rules_for("partnership_auction")
        table = app.new_table(rules, [None, "easy", "easy", "easy"], [f"P{s}" for s in range(4)])
        frames = FrameClock(app.stack, now=StepClock(1 / FPS))
        for _ in range(3000):
            run_turns(app, frames, 1)
            if table.human_turn and table.director.idle and table.art_ready and table.wake_in() is None:
                break
        assert table.human_turn and table.menu_button is not None
        tipped = [b for b in table.buttons + table.panel.buttons if b.tooltip and b.visible]
        assert table.menu_button in tipped and len(tipped) >= 5  # the menu, four tools, the panel's buttons
        for button in tipped:
            run_turns(app, frames, 2)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            run_turns(app, frames, 1)
            assert button.hovered and not button.show_tooltip
            assert table.wake_in() == pytest.approx(TOOLTIP_DELAY, abs=0.05)
            shown = sum(run_turns(app, frames, 1) for _ in range(round(TOOLTIP_DELAY * FPS) + 3))
            assert button.show_tooltip, button.tooltip
            assert shown >= 1
        assert table.menu_button.tooltip == "Pause menu (Esc)"
    finally:
        app.close()
        pygame.event.clear()
