"""When the app loop draws a frame, and how it waits for the next: nothing is drawn while nothing changes.

Each turn of the loop the :class:`FrameClock` says which input came and how long the scenes are to be
advanced, and whether the frame is to be drawn and presented:

- while something moves (the stack's :meth:`~pinochle_gui.scene.SceneStack.wake_in` is 0) the loop
  runs at :data:`FPS`, drawing every frame, and draws one more frame after the motion ends;
- otherwise it sleeps until input comes (looking every :data:`INPUT_LOOK` seconds: the answer is drawn
  in the same turn, well within a frame), until a scene's timer is due (a tooltip, a blinking cursor, a
  thinking computer's dots: then it draws), or for at most :data:`IDLE_POLL` seconds, to poll what
  other threads and processes do (a computer's move, a hint) without drawing. (``pygame.event.wait``
  with a timeout looks every millisecond: 1.5% of a core by itself, against 0.5% for this.)
- a frame is drawn when the stack is dirty (input, a scene opened or closed, a resize, a scene's
  :meth:`~pinochle_gui.scene.Scene.changed`), while something moves, or when a timer is due; the
  window being shown again (an expose event) counts as input.

``present`` (``pygame.display.flip`` by default) is the seam that puts a drawn frame on the screen;
:attr:`FrameClock.presents` counts them.

The window surface is presented through SDL's own frame buffer (``SDL_FRAMEBUFFER_ACCELERATION=0``,
set by :func:`prefer_plain_frame_buffer` unless the environment already says otherwise): on X11 that is
a shared-memory image, a 1920x1080 frame in about 0.2 ms, where SDL's default copies the whole frame
into an OpenGL texture each time, 10-12 ms of the process's time without a graphics card (Xvfb).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import pygame

from pinochle_gui.scene import SceneStack

FPS = 60
IDLE_POLL = 0.1  # seconds: how often a still picture looks whether a computer has moved (10 a second)
INPUT_LOOK = 0.005  # seconds: how often a still picture looks for input
MAX_STEP = 0.1  # seconds: the longest step the scenes are advanced by at once (after a stall)


def prefer_plain_frame_buffer() -> None:
    """Present through SDL's frame buffer, not an OpenGL texture (before the window opens)."""
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class FrameClock:
    """The pace of the loop: waits for input or the next frame, and says when to draw."""

    def __init__(self, stack: SceneStack, present: Callable[[], None] = pygame.display.flip,
                 now: Callable[[], float] = time.perf_counter, fps: int = FPS) -> None:
        self.stack = stack
        self.present = present
        self.now = now
        self.frame_time = 1.0 / fps
        self.presents = 0  # frames drawn and presented
        self.last_tick = now()
        self.moving = True  # something moved at the end of the last turn: the first frame is drawn
        self.timer_due: float | None = None  # when a scene's timer ends (the picture changes then)

    def wait(self) -> tuple[list[pygame.event.Event], float]:
        """The input of this turn and the seconds since the last one (at most :data:`MAX_STEP`).

        While something moves, the turn comes a frame after the last; otherwise the loop sleeps until
        input, a scene's timer or :data:`IDLE_POLL`."""
        wake = self.stack.wake_in()
        if self.moving or self.stack.dirty or wake == 0.0:
            spare = self.last_tick + self.frame_time - self.now()
            if spare > 0:
                time.sleep(spare)
            events = pygame.event.get()
        else:
            self.timer_due = None if wake is None else self.now() + wake
            timeout = IDLE_POLL if wake is None else min(IDLE_POLL, wake)
            end = self.now() + timeout
            while not pygame.event.peek() and self.now() < end:
                time.sleep(INPUT_LOOK)
            events = pygame.event.get()
        now = self.now()
        dt, self.last_tick = min(MAX_STEP, now - self.last_tick), now
        if events:
            self.stack.dirty = True  # an expose or focus event too: the window may need its picture again
        return events, dt

    def due(self) -> bool:
        """Whether to draw this turn (after the events and the update); remembers whether things move."""
        was_moving, self.moving = self.moving, self.stack.wake_in() == 0.0
        timer = self.timer_due is not None and self.now() >= self.timer_due
        if timer:
            self.timer_due = None
        return self.stack.dirty or self.moving or was_moving or timer

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scenes onto ``surface`` and present the frame."""
        self.stack.draw(surface)
        self.present()
        self.presents += 1


__all__ = ["FPS", "IDLE_POLL", "INPUT_LOOK", "MAX_STEP", "FrameClock", "prefer_plain_frame_buffer"]
