"""Keys do something: every button of a screen is reached by Tab and by the arrows, and a button with a key
says which ("(V)"); at the hand's summary Tab and the arrows move a ringed focus through its buttons and
Enter clicks the one focused."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from pinochle_gui.fonts import set_text_scale  # noqa: E402
from pinochle_gui.screens.__main__ import ShotApp, play, shots  # noqa: E402
from pinochle_gui.screens.screen import Screen  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table import painter  # noqa: E402
from pinochle_gui.table.scene import SeatsConfig, TableScene  # noqa: E402
from pinochle_gui.widgets import Button, Focusable, MenuButton, Row  # noqa: E402
from pinochle_gui.widgets.buttons import key_label  # noqa: E402
from tests.test_screen_walk import make_home  # noqa: E402
from tests.test_table_play import key, make_table  # noqa: E402

pytestmark = pytest.mark.timeout(300)

#: Screens whose Right and Left do a job of their own, said on the screen.
ARROWS_OF_THEIR_OWN = {"welcome": "Right and Left turn its pages"}


@pytest.fixture(autouse=True)
def usual_text_afterwards() -> Iterable[None]:
    yield
    set_text_scale(100)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_home(tmp_path_factory.mktemp("home"))


def press(screen: Screen, k: int, mod: int = 0) -> None:
    screen.process_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def reached(screen: Screen, keys: list[int], steps: int) -> set[int]:
    """The widgets (by id) the focus stands on while ``keys`` are pressed in turn, ``steps`` times."""
    seen: set[int] = set()
    for _ in range(steps):
        for k in keys:
            press(screen, k)
            if screen.focus is not None:
                seen.add(id(screen.focus))
    return seen


def key_shown(button: Button) -> bool:
    """The button's key is named in its words or its tooltip: "(V)", "(Esc or R)", "Press N"."""
    assert button.hotkey is not None
    name = key_label(button.hotkey)
    return any(f"({name})" in words or f" or {name})" in words or f"Press {name}" in words
               for words in (button.text, button.tooltip))


def test_the_checks_see_a_key_shown_and_one_hidden() -> None:
    assert key_shown(Button((0, 0, 10, 10), "Review", None, "green", pygame.K_v, "Step by step (V)"))
    assert not key_shown(Button((0, 0, 10, 10), "Play again", None, "green", pygame.K_a, "The same cards"))
    assert key_shown(MenuButton((0, 0, 10, 10), "Resume", None, "green", pygame.K_r, "Back to the table (Esc)"))
    assert MenuButton((0, 0, 10, 10), "Resume", None, "green", pygame.K_r, "Back (Esc)").tooltip == "Back (Esc or R)"
    assert MenuButton((0, 0, 10, 10), "Start", None, "green", pygame.K_F5).tooltip == "Press F5"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_button_of_every_screen_is_reached_by_tab_and_by_the_arrows(home: Path, size: tuple[int, int]) -> None:
    game = play("partnership_auction", 7, hands=3)
    found: list[str] = []
    for name, make in shots().items():
        app = ShotApp(home, size)
        try:
            app.stack.push(make(app, game))
            screen = app.stack.top
            if not isinstance(screen, Screen):
                continue
            screen.draw(pygame.Surface(size))
            targets = {id(w): w for w in screen.focusables()}
            buttons = [w for w in screen.widgets if isinstance(w, Button) and w.visible and w.enabled]
            missing = [b.text for b in buttons if isinstance(b, MenuButton) and id(b) not in targets]
            found += [f"{name}: {text!r} is not reached by the keys" for text in missing]
            found += [f"{name}: {b.text!r} has a key it does not show" for b in buttons
                      if b.hotkey is not None and not key_shown(b)]
            steps = len(targets) + 1
            by_tab = reached(screen, [pygame.K_TAB], steps)
            by_arrows = reached(screen, [pygame.K_DOWN], steps) | reached(screen, [pygame.K_RIGHT], steps)
            for ids, words in ((by_tab, "Tab"), (by_arrows, "the arrows")):
                found += [f"{name}: {words} never reach {describe(targets[i])}" for i in sorted(set(targets) - ids)]
            # Right on a button moves the focus on, as Tab does (on a row it changes the row's value)
            for button in [w for w in targets.values() if isinstance(w, MenuButton)]:
                screen.set_focus(button)
                press(screen, pygame.K_RIGHT)
                if len(targets) > 1 and screen.focus is button and name not in ARROWS_OF_THEIR_OWN:
                    found.append(f"{name}: Right does not move on from {button.text!r}")
        finally:
            app.storage.close()
    assert not found, "\n".join(found)


def describe(widget: Focusable) -> str:
    return repr(widget.text if isinstance(widget, Button) else widget.label if isinstance(widget, Row) else widget)


def table_at_summary(tmp_path: Path, size: tuple[int, int], text_size: int = 100) -> tuple[App, TableScene,
                                                                                           pygame.Surface]:
    """Partnership auction, seed 0: the player bids 330 on a hand not on the board; the table at the hand's
    summary (set without play), the meld before it clicked through."""
    from tests.test_table_scene import run_until
    from tests.test_table_trust import overbid_hand

    storage = Storage.open(tmp_path / "home")
    storage.update_settings(text_size=text_size)
    storage.close()
    app, first, screen = make_table(tmp_path, "partnership_auction", size=size)
    game, _last = overbid_hand(0)
    table = TableScene(app, game, SeatsConfig(["You", "West", "North", "East"], [None, "random", "random", "random"],
                                              [1, 2, 3, 4], False, "overbid", 0.0))
    app.stack.replace(table, "none")
    run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
    table.apply(table.game.legal_actions()[0])
    for _ in range(3000):
        app.tick(1 / 60)
        app.stack.draw(screen)
        if table.director.news.summary is not None and table.director.hold is not None:
            return app, table, screen
        if table.director.hold is not None:
            table.director.release()
    raise AssertionError("the hand's summary never showed")


def rings_drawn(app: App, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[pygame.Rect]:
    """Where the table draws a focus ring in a frame."""
    rings: list[pygame.Rect] = []
    real: Callable[..., None] = painter.draw_focus_ring

    def ring(surface: pygame.Surface, rect: pygame.Rect, *args: object, **kwargs: object) -> None:
        rings.append(pygame.Rect(rect))
        real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(painter, "draw_focus_ring", ring)
    app.stack.draw(screen)
    monkeypatch.setattr(painter, "draw_focus_ring", real)
    return rings


def test_tab_and_the_arrows_move_through_the_summary_buttons_and_enter_clicks_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, table, screen = table_at_summary(tmp_path, (1280, 720))
    try:
        texts = [b.text for b in table.end_buttons]
        assert texts == ["Review", "Play this deal again"]
        assert all(key_shown(b) for b in table.end_buttons), [b.tooltip for b in table.end_buttons]
        assert rings_drawn(app, screen, monkeypatch) == []  # no focus yet: Enter goes on
        key(app, pygame.K_TAB)
        assert rings_drawn(app, screen, monkeypatch) == [table.end_buttons[0].rect]
        key(app, pygame.K_RIGHT)
        assert rings_drawn(app, screen, monkeypatch) == [table.end_buttons[1].rect]
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)  # past the first: none again
        assert rings_drawn(app, screen, monkeypatch) == []
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back round to the last
        assert rings_drawn(app, screen, monkeypatch) == [table.end_buttons[1].rect]
        replayed: list[object] = []
        monkeypatch.setattr(app, "replay_deal", lambda record: replayed.append(record) or True)
        key(app, pygame.K_RETURN)
        assert replayed == [table.game.hand_records[-1]]
        assert table.director.hold is not None  # Enter clicked the button; the summary still waits
    finally:
        app.close()
