"""Animation: tweens on persistent card sprites, advanced by ``dt``, that report completion.

Nothing here blocks or sleeps. The table asks an :class:`Animator` to run animations (a
:class:`Tween` of a sprite's position, rotation, scale or flip; a :class:`Sequence` or a
:class:`Parallel` group of them; a :class:`Wait`; a :class:`Call`) and calls ``animator.update(dt)``
once a frame; each animation calls its ``on_done`` callbacks when it ends, and ``animator.busy``
says whether input should wait. All durations live in :data:`DURATIONS`, scaled by the speed
setting through :class:`Timing` ("instant" makes every animation end on its first update).
Tests drive time by hand with a :class:`ManualClock`.

>>> sprite = CardSprite(card=0, x=0, y=0)
>>> animator = Animator()
>>> animator.run(Tween(sprite, 1.0, "linear", x=100))  # doctest: +ELLIPSIS
<...Tween...>
>>> animator.update(0.5); round(sprite.x)
50
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from typing import Protocol

import pygame

Easing = Callable[[float], float]
Done = Callable[[], None]

# -- easing -------------------------------------------------------------------------------------------


def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card snapping into place."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "in_quad": ease_in_quad,
    "out_quad": ease_out_quad,
    "in_out_quad": ease_in_out_quad,
    "out_cubic": ease_out_cubic,
    "in_out_cubic": ease_in_out_cubic,
    "out_back": ease_out_back,
    "in_out_sine": ease_in_out_sine,
}

# -- durations and speed ---------------------------------------------------------------------------------

# Every duration of the table, in seconds at "normal" speed: the only place to tune the pace.
DURATIONS: dict[str, float] = {
    "deal": 0.22,  # one card from the deck to a hand
    "deal_gap": 0.04,  # between two cards of a deal
    "sort": 0.25,  # the hand re-arranging itself
    "raise": 0.08,  # a card rising when selected or hovered
    "flip": 0.22,  # a card turning over
    "play": 0.3,  # a card from a hand to the trick
    "trick_pause": 0.7,  # looking at a full trick before it is gathered
    "gather": 0.4,  # a trick sliding to its winner
    "meld": 0.35,  # a card going to or back from the meld area
    "pass": 0.45,  # a card passed to a partner
    "widow": 0.4,  # the widow or a stock card going to a hand
    "bubble": 1.1,  # a bid or pass shown in a speech bubble
    "fade": 0.3,  # a scene transition
    "toast": 2.2,  # a message on the status line
}

SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


class Timing:
    """The durations scaled by the speed the player chose."""

    def __init__(self, speed: str = "normal") -> None:
        self.speed = "normal"
        self.set_speed(speed)

    def set_speed(self, speed: str) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"unknown speed {speed!r}; choose one of {', '.join(SPEEDS)}")
        self.speed = speed

    @property
    def factor(self) -> float:
        return SPEEDS[self.speed]

    def __call__(self, kind: str) -> float:
        """How long ``kind`` (a key of :data:`DURATIONS`) lasts at this speed."""
        return DURATIONS[kind] * self.factor


# -- clocks ------------------------------------------------------------------------------------------------


class Clock(Protocol):
    def tick(self) -> float:
        """Seconds since the previous tick."""
        ...


class RealClock:
    """Wall time, with a cap on one step so a stall (a dragged window) does not make cards jump."""

    def __init__(self, max_step: float = 0.1) -> None:
        self.max_step = max_step
        self._last = time.perf_counter()

    def tick(self) -> float:
        now = time.perf_counter()
        dt, self._last = now - self._last, now
        return min(dt, self.max_step)


class ManualClock:
    """Time that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 0.0
        self._last = 0.0

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def tick(self) -> float:
        dt, self._last = self.now - self._last, self.now
        return dt


# -- sprites -------------------------------------------------------------------------------------------------


class CardSprite:
    """A card on the table that lives as long as the deal: animations move it, the table draws it.

    ``x``/``y`` are the centre; ``flip`` runs from 0 (back up) to 1 (face up) and squeezes the card
    edge-on half way; ``angle`` is in degrees, counter-clockwise; ``lift`` is how far it is raised.
    """

    __slots__ = ("card", "x", "y", "angle", "scale", "flip", "lift", "z", "state", "visible", "_cache")

    def __init__(
        self,
        card: int | None,
        x: float = 0.0,
        y: float = 0.0,
        angle: float = 0.0,
        scale: float = 1.0,
        face_up: bool = True,
        z: int = 0,
    ) -> None:
        self.card = card  # None: a card whose face this seat does not know (drawn as a back)
        self.x, self.y, self.angle, self.scale = x, y, angle, scale
        self.flip = 1.0 if face_up else 0.0
        self.lift = 0.0
        self.z = z
        self.state = "normal"
        self.visible = True
        self._cache: tuple[tuple[object, ...], pygame.Surface] | None = None

    @property
    def face_up(self) -> bool:
        return self.flip >= 0.5 and self.card is not None

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    def place(self, x: float, y: float) -> None:
        self.x, self.y = x, y

    def surface(self, face: pygame.Surface, back: pygame.Surface) -> pygame.Surface:
        """The picture to blit now, from the cached face and back at the right width.

        Rotation, scaling and the flip's squeeze are redone only when they change.
        """
        base = face if self.face_up else back
        squeeze = abs(math.cos(math.pi * self.flip))
        key = (id(base), round(self.angle, 1), round(self.scale, 3), round(squeeze, 2))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        picture = base
        w, h = base.get_size()
        if squeeze < 0.999 or abs(self.scale - 1.0) > 1e-3:
            picture = pygame.transform.smoothscale(
                base, (max(1, round(w * self.scale * squeeze)), max(1, round(h * self.scale)))
            )
        if abs(self.angle) > 0.05:
            picture = pygame.transform.rotozoom(picture, self.angle, 1.0)
        self._cache = (key, picture)
        return picture

    def rect_for(self, picture: pygame.Surface) -> pygame.Rect:
        return picture.get_rect(center=(round(self.x), round(self.y - self.lift)))

    def draw(self, target: pygame.Surface, face: pygame.Surface, back: pygame.Surface) -> pygame.Rect:
        if not self.visible:
            return pygame.Rect(round(self.x), round(self.y), 0, 0)
        picture = self.surface(face, back)
        return target.blit(picture, self.rect_for(picture))


# -- animations ---------------------------------------------------------------------------------------------


class Animation:
    """Something that runs for a while as ``update(dt)`` is called, then calls its ``on_done`` callbacks."""

    def __init__(self) -> None:
        self.done = False
        self.cancelled = False
        self._callbacks: list[Done] = []

    def on_done(self, callback: Done) -> Animation:
        """Call ``callback`` when this ends (at once if it has ended); returns ``self`` for chaining."""
        if self.done:
            callback()
        else:
            self._callbacks.append(callback)
        return self

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; returns the time left over after it ended (0 while running)."""
        if self.done:
            return dt
        left = self._advance(dt)
        if left is not None:
            self._finish()
            return left
        return 0.0

    def finish(self) -> None:
        """Jump to the end now (callbacks run)."""
        while not self.done:
            self.update(1e9)

    def cancel(self) -> None:
        """Stop where it is; callbacks do not run."""
        self.cancelled = True
        self.done = True
        self._callbacks.clear()

    def _advance(self, dt: float) -> float | None:
        """Subclasses: move on by ``dt``; return the leftover time once finished, else ``None``."""
        raise NotImplementedError

    def _finish(self) -> None:
        self.done = True
        callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()


class Tween(Animation):
    """Move attributes of ``target`` (``x``, ``y``, ``angle``, ``scale``, ``flip``, ``lift``...) to values.

    The start values are read when the tween first runs, so tweens queued in a sequence start from
    where the previous one left the sprite.
    """

    def __init__(
        self, target: object, duration: float, easing: Easing | str = ease_out_cubic, delay: float = 0.0, **ends: float
    ) -> None:
        super().__init__()
        if not ends:
            raise ValueError("a tween needs at least one attribute to change")
        for name in ends:
            if not hasattr(target, name):
                raise AttributeError(f"{type(target).__name__} has no attribute {name!r} to tween")
        self.target = target
        self.duration = max(0.0, duration)
        self.easing = EASINGS[easing] if isinstance(easing, str) else easing
        self.delay = max(0.0, delay)
        self.ends = ends
        self.elapsed = 0.0
        self._starts: dict[str, float] | None = None

    def _advance(self, dt: float) -> float | None:
        if self.delay > 0:
            used = min(dt, self.delay)
            self.delay -= used
            dt -= used
            if self.delay > 0:
                return None
        if self._starts is None:
            self._starts = {name: float(getattr(self.target, name)) for name in self.ends}
        self.elapsed += dt
        if self.elapsed >= self.duration:
            for name, end in self.ends.items():
                setattr(self.target, name, end)
            return self.elapsed - self.duration
        k = self.easing(self.elapsed / self.duration)
        for name, end in self.ends.items():
            start = self._starts[name]
            setattr(self.target, name, start + (end - start) * k)
        return None


class Wait(Animation):
    """A pause (e.g. to look at a full trick)."""

    def __init__(self, duration: float) -> None:
        super().__init__()
        self.left = max(0.0, duration)

    def _advance(self, dt: float) -> float | None:
        self.left -= dt
        return -self.left if self.left <= 0 else None


class Call(Animation):
    """Call a function, at once, as a step of a sequence (e.g. change a sprite's z-order)."""

    def __init__(self, function: Done) -> None:
        super().__init__()
        self.function = function

    def _advance(self, dt: float) -> float | None:
        self.function()
        return dt


class Sequence(Animation):
    """Animations one after another; time left over by one flows into the next."""

    def __init__(self, steps: Iterable[Animation]) -> None:
        super().__init__()
        self.steps = list(steps)
        self.index = 0

    def _advance(self, dt: float) -> float | None:
        left = dt
        while self.index < len(self.steps):
            step = self.steps[self.index]
            left = step.update(left)
            if not step.done:
                return None
            self.index += 1
        return left

    def cancel(self) -> None:
        for step in self.steps[self.index :]:
            step.cancel()
        super().cancel()


class Parallel(Animation):
    """Animations at the same time; ends when the last ends."""

    def __init__(self, members: Iterable[Animation]) -> None:
        super().__init__()
        self.members = list(members)

    def _advance(self, dt: float) -> float | None:
        left = dt
        for member in self.members:
            if not member.done:
                left = min(left, member.update(dt))
        return left if all(m.done for m in self.members) else None

    def cancel(self) -> None:
        for member in self.members:
            member.cancel()
        super().cancel()


def stagger(animations: Iterable[Tween], gap: float) -> Parallel:
    """Start each tween ``gap`` seconds after the one before (a deal, cards fanning out)."""
    tweens = list(animations)
    for i, tween in enumerate(tweens):
        tween.delay += i * gap
    return Parallel(tweens)


class Animator:
    """The animations now running; the table calls :meth:`update` once a frame."""

    def __init__(self, timing: Timing | None = None, clock: Clock | None = None) -> None:
        self.timing = timing or Timing()
        self.clock: Clock = clock or RealClock()
        self.running: list[Animation] = []

    @property
    def busy(self) -> bool:
        """Whether anything is still moving (input waits until it is not)."""
        return bool(self.running)

    def run(self, animation: Animation, on_done: Done | None = None) -> Animation:
        if on_done is not None:
            animation.on_done(on_done)
        self.running.append(animation)
        return animation

    def tween(
        self, target: object, kind: str, easing: Easing | str = ease_out_cubic, delay: float = 0.0, **ends: float
    ) -> Tween:
        """Run a tween lasting the duration of ``kind`` at the current speed."""
        tween = Tween(target, self.timing(kind), easing, delay * self.timing.factor, **ends)
        self.run(tween)
        return tween

    def update(self, dt: float | None = None) -> None:
        """Advance everything by ``dt`` (default: the clock's tick). Finished animations are dropped
        after their callbacks ran; callbacks may start new animations (they run from the next update)."""
        step = self.clock.tick() if dt is None else dt
        current, self.running = self.running, []
        still = []
        for animation in current:
            animation.update(step)
            if not animation.done:
                still.append(animation)
        self.running = still + self.running

    def finish_all(self) -> None:
        """End everything now (e.g. the player clicked to skip), callbacks included."""
        while self.running:
            current, self.running = self.running, []
            for animation in current:
                animation.finish()

    def cancel_all(self) -> None:
        for animation in self.running:
            animation.cancel()
        self.running = []
