"""The scene stack: push, pop, replace, transitions, and input routed to the top scene."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from pinochle_gui.scene import Scene, SceneStack, Transition


@pytest.fixture(autouse=True)
def _display() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    pygame.event.clear()
    yield


class Recorder(Scene):
    """A scene that notes what happens to it and fills the screen with its colour."""

    def __init__(self, name: str, color: tuple[int, int, int], log: list[str], opaque: bool = True) -> None:
        super().__init__()
        self.name = name
        self.color = color
        self.log = log
        self.opaque = opaque
        self.clicks: list[tuple[int, int]] = []
        self.time = 0.0
        self.size = (0, 0)

    def enter(self) -> None:
        self.log.append(f"{self.name} enter")

    def leave(self) -> None:
        self.log.append(f"{self.name} leave")

    def cover(self) -> None:
        self.log.append(f"{self.name} cover")

    def uncover(self) -> None:
        self.log.append(f"{self.name} uncover")

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.clicks.append(event.pos)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.stack is not None:
            self.stack.pop()
            return True
        return False

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            surface.fill(self.color)
        else:
            pygame.draw.rect(surface, self.color, pygame.Rect(50, 25, 100, 50))


def _pump(stack: SceneStack) -> None:
    for event in pygame.event.get():
        stack.process_event(event)


def test_push_pop_replace_and_hooks() -> None:
    log: list[str] = []
    stack = SceneStack((200, 100))
    menu = stack.push(Recorder("menu", (0, 0, 255), log))
    table = stack.replace(Recorder("table", (0, 128, 0), log), transition="none")
    dialog = stack.push(Recorder("dialog", (255, 0, 0), log, opaque=False))
    assert stack.top is dialog and len(stack) == 2 and menu not in stack
    assert stack.pop() is dialog
    assert log == [
        "menu enter",
        "menu leave",
        "table enter",
        "table cover",
        "dialog enter",
        "dialog leave",
        "table uncover",
    ]
    assert table.stack is stack and dialog.stack is None
    stack.clear()
    assert not stack.running and len(stack) == 0
    with pytest.raises(IndexError):
        stack.pop()


def test_posted_events_go_to_the_top_scene_only() -> None:
    log: list[str] = []
    stack = SceneStack((200, 100))
    table = stack.push(Recorder("table", (0, 128, 0), log))
    dialog = stack.push(Recorder("dialog", (255, 0, 0), log, opaque=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(60, 30), button=1))
    _pump(stack)
    assert dialog.clicks == [(60, 30)] and table.clicks == []
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    _pump(stack)
    assert stack.top is table and table.clicks == [(5, 5)]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    _pump(stack)
    assert not stack.running


def test_only_the_top_scene_updates_and_overlays_show_what_is_below() -> None:
    log: list[str] = []
    stack = SceneStack((200, 100))
    table = stack.push(Recorder("table", (0, 128, 0), log))
    dialog = stack.push(Recorder("dialog", (255, 0, 0), log, opaque=False))
    stack.update(0.5)
    assert dialog.time == 0.5 and table.time == 0.0
    screen = pygame.Surface((200, 100))
    stack.draw(screen)
    assert screen.get_at((10, 10))[:3] == (0, 128, 0)  # the table shows around the dialog
    assert screen.get_at((100, 50))[:3] == (255, 0, 0)
    assert stack.visible() == [table, dialog]
    stack.push(Recorder("options", (9, 9, 9), log))
    assert len(stack.visible()) == 1  # an opaque scene hides everything below it


def test_fade_transition_blends_then_ends_and_holds_input_meanwhile() -> None:
    log: list[str] = []
    stack = SceneStack((200, 100), transition_time=0.4)
    stack.push(Recorder("menu", (0, 0, 200), log))
    table = stack.replace(Recorder("table", (200, 0, 0), log), transition="fade")
    assert stack.in_transition
    screen = pygame.Surface((200, 100))
    stack.draw(screen)
    assert screen.get_at((5, 5))[:3] == (0, 0, 200)  # nothing of the new scene yet
    stack.update(0.2)
    stack.draw(screen)
    r, _, b = screen.get_at((5, 5))[:3]
    assert 60 < r < 140 and 60 < b < 140  # half way: a blend of the two
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    _pump(stack)
    assert table.clicks == []  # input waits for the transition
    stack.update(0.25)
    assert not stack.in_transition
    stack.draw(screen)
    assert screen.get_at((5, 5))[:3] == (200, 0, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    _pump(stack)
    assert table.clicks == [(1, 1)]


def test_slide_transition_and_bad_names() -> None:
    old = pygame.Surface((100, 10))
    old.fill((0, 0, 255))
    new = pygame.Surface((100, 10))
    new.fill((255, 0, 0))
    slide = Transition("slide", 1.0, old)
    slide.update(0.5)
    screen = pygame.Surface((100, 10))
    slide.draw(screen, new)
    assert screen.get_at((10, 5))[:3] == (0, 0, 255) and screen.get_at((90, 5))[:3] == (255, 0, 0)
    with pytest.raises(ValueError, match="unknown transition"):
        Transition("spin", 1.0, old)
    stack = SceneStack((100, 10))
    with pytest.raises(ValueError, match="unknown transition"):
        stack.push(Scene(), transition="spin")


def test_resize_reaches_every_scene() -> None:
    log: list[str] = []
    stack = SceneStack((200, 100))
    a = stack.push(Recorder("a", (1, 1, 1), log))
    b = stack.push(Recorder("b", (2, 2, 2), log, opaque=False))
    assert a.size == b.size == (200, 100)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    _pump(stack)
    assert a.size == b.size == (640, 480) == stack.size
