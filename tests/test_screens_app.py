"""The fake app the screen tests drive (real scene stack and storage, recorded requests), and the dialogs.

Other ``test_screens_*`` modules import :class:`FakeApp` and the event helpers from here.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from engine.challenge import Challenge
from engine.record import HandRecord
from engine.rules import Rules
from pinochle_gui.app_protocol import App
from pinochle_gui.challenge_run import ChallengeRun
from pinochle_gui.scene import Scene, SceneStack
from pinochle_gui.screens.dialogs import ConfirmDialog, MessageDialog, confirm, message, show_messages
from pinochle_gui.screens.screen import Screen
from pinochle_gui.shared_analysis import SharedAnalysis
from pinochle_gui.storage import Settings, Storage, StorageMessage
from pinochle_gui.widgets import Focusable

SIZES = {"landscape": (1280, 800), "portrait": (720, 1100), "small": (640, 480), "large": (1920, 1080)}


class FakeSound:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True


class FakeApp:
    """The app as the screens see it: a real stack and storage; games started or continued are recorded."""

    def __init__(self, home: Path, size: tuple[int, int] = (1280, 800)) -> None:
        self.stack = SceneStack(size, transition_time=0.0)
        self.storage = Storage.open(home)
        self.sound = FakeSound()
        self.started: list[dict[str, Any]] = []
        self.continued = 0
        self.left = 0
        self.quitted = 0
        self.replayed: list[dict[str, Any]] = []
        self.challenges_started: list[tuple[Challenge, list[str]]] = []
        self._challenge: ChallengeRun | None = None
        self.shared_analysis = SharedAnalysis()

    @property
    def settings(self) -> Settings:
        return self.storage.settings

    def update_settings(self, **changes: Any) -> list[StorageMessage]:
        return self.storage.update_settings(**changes)

    def start_game(
        self,
        rules: Rules,
        levels: Sequence[str | None],
        names: Sequence[str],
        seed: int | None = None,
        deal_number: int | None = None,
    ) -> None:
        self.started.append(
            {"rules": rules, "levels": list(levels), "names": list(names), "seed": seed, "deal_number": deal_number}
        )

    def continue_game(self) -> None:
        self.continued += 1

    def leave_game(self) -> None:
        self.left += 1

    def quit(self) -> None:
        self.quitted += 1

    def replay_deal(self, record: dict[str, Any]) -> bool:
        self.replayed.append(record)
        return True

    def review_hand(self, records: Sequence[HandRecord], index: int) -> None:
        from pinochle_gui.screens import open_review

        open_review(self, records, index)  # type: ignore[arg-type]  # the fake stands for the app

    @property
    def challenge(self) -> ChallengeRun | None:
        return self._challenge

    def start_challenge(self, challenge: Challenge, names: Sequence[str]) -> None:
        self.challenges_started.append((challenge, list(names)))

    def continue_challenge(self) -> None:
        self.continued += 1

    def play_challenge_deal(self) -> None:
        """The fake has no table."""

    def show_challenge_results(self) -> None:
        """The fake has no table."""

    def leave_challenge(self) -> None:
        self.left += 1

    def close(self) -> None:
        """As the app closes: every scene left (a review's analysis, a table's computers stopped, so no work
        of this test runs on in the background through the tests after it), then the storage closed."""
        for scene in self.stack.scenes:
            scene.leave()
        self.storage.close()


def _check_protocol(app: FakeApp) -> App:
    return app  # mypy checks that the fake has everything the protocol asks for


# -- driving a scene with posted events -------------------------------------------------------------------


def send(app: FakeApp, *events: pygame.event.Event) -> None:
    """Post ``events`` to pygame's queue, take them back and give them to the stack, as the app loop does."""
    for event in events:
        pygame.event.post(event)
    for event in pygame.event.get():
        app.stack.process_event(event)
    app.stack.update(0.016)


def click(app: FakeApp, pos: tuple[int, int]) -> None:
    send(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def key(app: FakeApp, *keys: int, mod: int = 0) -> None:
    for k in keys:
        send(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def type_text(app: FakeApp, text: str) -> None:
    send(app, pygame.event.Event(pygame.TEXTINPUT, text=text))


def button_named(scene: Scene, text: str) -> Any:
    assert isinstance(scene, Screen)
    for widget in scene.widgets:
        if getattr(widget, "text", None) == text and hasattr(widget, "click"):
            return widget
    raise AssertionError(
        f"no button {text!r} on {type(scene).__name__}: {[getattr(w, 'text', '') for w in scene.widgets]}"
    )


def click_button(app: FakeApp, text: str) -> None:
    top = app.stack.top
    assert top is not None
    click(app, button_named(top, text).rect.center)


def row_named(scene: Scene, label: str) -> Any:
    assert isinstance(scene, Screen)
    for item in scene.focusables():
        if getattr(item, "label", None) == label:
            return item
    raise AssertionError(f"no row {label!r} on {type(scene).__name__}")


def render(app: FakeApp) -> pygame.Surface:
    surface = pygame.Surface(app.stack.size)
    app.stack.draw(surface)
    return surface


def focus_on(app: FakeApp, widget: Focusable) -> None:
    """Move the keyboard focus down until it reaches ``widget``."""
    top = app.stack.top
    assert isinstance(top, Screen)
    for _ in range(len(top.focusables()) + 1):
        if top.focus is widget:
            return
        key(app, pygame.K_DOWN)
    raise AssertionError("the focus never reached the widget")


@pytest.fixture(autouse=True)
def _display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    pygame.event.clear()
    yield


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FakeApp]:
    fake = FakeApp(tmp_path)
    yield fake
    fake.close()


# -- the dialogs -------------------------------------------------------------------------------------------


def test_confirm_yes_by_click_runs_the_action_after_closing(app: FakeApp) -> None:
    done: list[int] = []
    dialog = confirm(app, "Reset?", "All statistics will be forgotten.", lambda: done.append(len(app.stack)))
    render(app)
    click_button(app, "Yes")
    assert done == [0] and dialog.answered is True and len(app.stack) == 0


def test_confirm_focus_starts_on_the_safe_answer(app: FakeApp) -> None:
    done: list[str] = []
    confirm(app, "Reset?", "Sure?", lambda: done.append("yes"), on_no=lambda: done.append("no"))
    key(app, pygame.K_RETURN)
    assert done == ["no"]
    confirm(app, "Reset?", "Sure?", lambda: done.append("yes"))
    key(app, pygame.K_LEFT, pygame.K_RETURN)
    assert done == ["no", "yes"]


def test_confirm_shortcuts_and_escape(app: FakeApp) -> None:
    done: list[str] = []
    confirm(app, "Quit?", "Sure?", lambda: done.append("yes"), on_no=lambda: done.append("no"))
    key(app, pygame.K_ESCAPE)
    confirm(app, "Quit?", "Sure?", lambda: done.append("yes"))
    key(app, pygame.K_y)
    assert done == ["no", "yes"]


def test_storage_messages_are_listed_with_the_worst_level_as_title(app: FakeApp) -> None:
    messages = [
        StorageMessage("info", "The settings file as it was is kept as settings.json.bad."),
        StorageMessage("error", "The statistics file could not be read; statistics are off this time."),
    ]
    assert show_messages(app, messages)
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog) and dialog.heading == "Something went wrong"
    assert [text for _, text in dialog.lines] == [m.text for m in messages]
    render(app)
    key(app, pygame.K_RETURN)
    assert len(app.stack) == 0
    assert not show_messages(app, [])


def test_a_bad_settings_file_is_shown_and_the_app_goes_on(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text("{ not json", encoding="utf-8")
    fake = FakeApp(tmp_path)
    assert fake.storage.messages and fake.settings == Settings()
    show_messages(fake, fake.storage.messages)
    top = fake.stack.top
    assert isinstance(top, MessageDialog)
    assert any("settings" in text for _, text in top.lines)
    picture = render(fake)
    assert picture.get_at((fake.stack.size[0] // 2, fake.stack.size[1] // 2)) != picture.get_at((2, 2))
    fake.storage.close()


def test_message_dialog_fits_every_window_size(app: FakeApp) -> None:
    long_text = "A long explanation of what happened to the file. " * 12
    for size in SIZES.values():
        app.stack.resize(size)
        dialog = message(app, "Note", long_text)
        panel = dialog.panel_rect()
        assert pygame.Rect(0, 0, *size).contains(panel)
        ok = button_named(dialog, "OK")
        assert panel.contains(ok.rect)
        render(app)
        click(app, ok.rect.center)
        assert len(app.stack) == 0


def test_overlay_lets_the_scene_below_show_and_keeps_clicks_from_it(app: FakeApp) -> None:
    clicks: list[int] = []

    class Below(Scene):
        def process_event(self, event: pygame.event.Event) -> bool:
            clicks.append(event.type)
            return True

        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((200, 0, 0))

    app.stack.push(Below())
    dialog = confirm(app, "Sure?", "Really?", lambda: None)
    assert isinstance(dialog, ConfirmDialog)
    assert app.stack.visible() == [app.stack.scenes[0], dialog]
    picture = render(app)
    assert picture.get_at((1, 1))[0] > 0  # the red scene shows through the veil
    click(app, (3, 3))
    assert clicks == []


def test_fake_app_meets_the_protocol(app: FakeApp) -> None:
    proto: App = _check_protocol(app)
    proto.update_settings(player_name="Ada")
    assert dataclasses.replace(Settings(), player_name="Ada").player_name == app.settings.player_name


def test_the_still_picture_is_drawn_once_until_its_state_changes(app: FakeApp) -> None:
    drawn: list[int] = []

    class Counting(Screen):
        value = 0

        def content_state(self) -> object:
            return self.value

        def draw_content(self, surface: pygame.Surface) -> None:
            drawn.append(self.value)

    scene = app.stack.push(Counting(app))
    for _ in range(5):
        render(app)
    assert drawn == [0]
    scene.value = 1
    render(app)
    render(app)
    app.stack.resize((900, 700))
    render(app)
    assert drawn == [0, 1, 1]


def test_an_overlay_darkens_what_is_below_it(app: FakeApp) -> None:
    class White(Scene):
        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((255, 255, 255))

    app.stack.push(White())
    message(app, "Note", "Text")
    picture = render(app)
    corner = picture.get_at((2, 2))
    assert 90 < corner[0] < 140 and corner[0] == corner[1] == corner[2]
