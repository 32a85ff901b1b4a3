"""A stack of scenes (menu, table, dialogs) with transitions; input goes to the top scene.

A :class:`Scene` has ``process_event``, ``update(dt)`` and ``draw(surface)``, and hooks for when it
enters, leaves, is covered and uncovered. The :class:`SceneStack` keeps them: ``push`` opens one on
top (a dialog over the table), ``pop`` closes it, ``replace`` swaps the top (menu to table). A scene
that is not ``opaque`` lets the scenes below show through (they are drawn, not updated).

Changes asked for while a scene handles an event or updates are applied at once; transitions are
drawn over the following frames and never block. Input is held back while a transition runs.

The app loop draws only when the picture may have changed (:mod:`pinochle_gui.frames`): the stack is
:attr:`SceneStack.dirty` after any input, a scene opened or closed, a resize, or a scene's
:meth:`Scene.changed`; and each scene says through :meth:`Scene.wake_in` when it changes by itself
(now, while something moves; at a timer's end; or never, until input comes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

import pygame

TRANSITIONS = ("none", "fade", "slide")

S = TypeVar("S", bound="Scene")


def soonest(times: Iterable[float | None]) -> float | None:
    """The soonest of the wake times ``times`` (``None``: never by itself); ``None`` if all are."""
    known = [t for t in times if t is not None]
    return min(known) if known else None


class Scene:
    """One screen. Subclasses override what they need; every hook has a harmless default."""

    opaque = True  # False: the scene below shows through (dialogs, overlays)

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    # -- life cycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        """The scene was pushed (or replaced another)."""

    def leave(self) -> None:
        """The scene was popped or replaced."""

    def cover(self) -> None:
        """Another scene was pushed on top of this one."""

    def uncover(self) -> None:
        """The scene on top of this one was popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (every scene in the stack hears it)."""

    # -- every frame ----------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        """Handle one input event; return ``True`` when it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto ``surface``."""

    def wake_in(self) -> float | None:
        """Seconds until the scene's picture changes by itself: 0.0 while something on it moves, the time
        left on a timer (a tooltip's delay, a blinking cursor), ``None`` when only input changes it. A
        scene that does not say keeps being drawn every frame."""
        return 0.0

    def changed(self) -> None:
        """The picture changed outside input and timers (a computer's answer arrived): draw it again."""
        if self.stack is not None:
            self.stack.dirty = True


class Transition:
    """The passage from one picture to the next over ``duration`` seconds."""

    def __init__(self, kind: str, duration: float, outgoing: pygame.Surface | None) -> None:
        if kind not in TRANSITIONS:
            raise ValueError(f"unknown transition {kind!r}; choose one of {', '.join(TRANSITIONS)}")
        self.kind = kind
        self.duration = duration
        self.elapsed = 0.0
        self.outgoing = outgoing  # what was on screen before the change

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration or self.outgoing is None or self.kind == "none"

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def draw(self, surface: pygame.Surface, incoming: pygame.Surface) -> None:
        t = self.progress
        t = t * t * (3 - 2 * t)  # smoothstep
        if self.outgoing is None or self.kind == "none":
            surface.blit(incoming, (0, 0))
        elif self.kind == "fade":
            surface.blit(self.outgoing, (0, 0))
            incoming.set_alpha(round(255 * t))
            surface.blit(incoming, (0, 0))
            incoming.set_alpha(None)
        else:  # slide: the new picture comes in from the right, pushing the old one out
            w = surface.get_width()
            shift = round(w * t)
            surface.blit(self.outgoing, (-shift, 0))
            surface.blit(incoming, (w - shift, 0))


class SceneStack:
    """The scenes of the app, bottom to top. When the last scene is popped, :attr:`running` turns false."""

    def __init__(self, size: tuple[int, int], transition_time: float = 0.3) -> None:
        self.size = size
        self.transition_time = transition_time
        self.scenes: list[Scene] = []
        self.transition: Transition | None = None
        self.running = True
        self.on_empty: Callable[[], None] | None = None
        self.dirty = True  # the picture may have changed since it was last drawn

    # -- the stack ---------------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def __contains__(self, scene: object) -> bool:
        return scene in self.scenes

    def push(self, scene: S, transition: str = "none") -> S:
        """Open ``scene`` on top; the one below is covered (still drawn if ``scene`` is not opaque)."""
        self._begin(transition)
        if self.scenes:
            self.scenes[-1].cover()
        scene.stack = self
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()
        return scene

    def pop(self, transition: str = "none") -> Scene:
        """Close the top scene and uncover the one below."""
        if not self.scenes:
            raise IndexError("pop from an empty scene stack")
        self._begin(transition)
        scene = self.scenes.pop()
        scene.leave()
        scene.stack = None
        if self.scenes:
            self.scenes[-1].uncover()
        else:
            self.running = False
            if self.on_empty is not None:
                self.on_empty()
        return scene

    def replace(self, scene: S, transition: str = "fade") -> S:
        """Swap the top scene for ``scene`` (the menu for the table, say)."""
        self._begin(transition)
        if self.scenes:
            old = self.scenes.pop()
            old.leave()
            old.stack = None
        scene.stack = self
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()
        return scene

    def clear(self) -> None:
        """Close every scene, top first."""
        while self.scenes:
            self.pop()

    def _begin(self, kind: str) -> None:
        if kind not in TRANSITIONS:
            raise ValueError(f"unknown transition {kind!r}; choose one of {', '.join(TRANSITIONS)}")
        self.dirty = True
        if kind == "none" or not self.scenes or self.transition_time <= 0:
            self.transition = None
            return
        # The picture going away: the scenes as they are now, drawn once off screen.
        outgoing = pygame.Surface(self.size)
        for scene in self.visible():
            scene.draw(outgoing)
        self.transition = Transition(kind, self.transition_time, outgoing)

    # -- every frame ----------------------------------------------------------------------------------------
    @property
    def in_transition(self) -> bool:
        return self.transition is not None and not self.transition.done

    def process_event(self, event: pygame.event.Event) -> bool:
        """Give ``event`` to the top scene. Window resizes go to every scene; the rest waits for
        transitions to end."""
        self.dirty = True  # hover, focus, a pressed button: any input may change the picture
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            self.resize(size)
            return True
        if event.type == pygame.QUIT:
            self.running = False
            return True
        top = self.top
        if top is None or self.in_transition:
            return False
        return top.process_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.transition = None
        self.dirty = True
        for scene in self.scenes:
            scene.resize(size)

    def update(self, dt: float) -> None:
        """Advance the top scene (scenes below wait) and the transition."""
        if self.transition is not None:
            self.transition.update(dt)
            if self.transition.done:
                self.transition = None
        top = self.top
        if top is not None:
            top.update(dt)

    def wake_in(self) -> float | None:
        """When the picture changes by itself (see :meth:`Scene.wake_in`): the top scene's time (the
        scenes below it are not advanced, so they stand still), 0.0 while a transition runs."""
        if self.in_transition:
            return 0.0
        top = self.top
        wake = None if top is None else top.wake_in()
        return None if wake is None else max(0.0, wake)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top opaque scene and everything above it."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible scenes, through the transition while one runs."""
        self.dirty = False
        if self.transition is not None and not self.transition.done:
            frame = pygame.Surface(surface.get_size())
            for scene in self.visible():
                scene.draw(frame)
            self.transition.draw(surface, frame)
        else:
            for scene in self.visible():
                scene.draw(surface)
