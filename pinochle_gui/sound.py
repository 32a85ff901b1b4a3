"""Sound effects, synthesised by our own code at start-up: no sound files.

Each effect is a short list of samples in [-1, 1] made with the standard library (:func:`synthesize`),
turned into the mixer's format and handed to ``pygame.mixer.Sound(buffer=...)``. :class:`SoundBank`
plays them at the volume of the settings and stays silent, without raising, when sound is off or the
mixer cannot start (no audio device, a headless machine).

>>> samples = synthesize("click", 22050)
>>> len(samples) == round(DURATIONS["click"] * 22050), max(map(abs, samples)) <= 1.0
(True, True)
"""

from __future__ import annotations

import array
import logging
import math
import random
import sys
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: How long each effect lasts, in seconds.
DURATIONS: dict[str, float] = {
    "deal": 0.09,  # a card flicked across the table
    "play": 0.08,  # a card snapped down on the trick
    "trick": 0.32,  # the trick swept to its winner
    "set": 0.56,  # the declarer went set: two low tones, falling
    "win": 0.78,  # the game is won: a short rising arpeggio
    "click": 0.035,  # a button
}
SOUND_NAMES: tuple[str, ...] = tuple(DURATIONS)
#: How loud each effect is next to the others (the settings' volume scales them all).
GAINS: dict[str, float] = {"deal": 0.5, "play": 0.8, "trick": 0.45, "set": 0.4, "win": 0.5, "click": 0.35}

MIXER_FREQUENCY = 44100


# -- synthesis ------------------------------------------------------------------------------------


def _noise(count: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(count)]


def _low_pass(samples: list[float], cutoffs: Callable[[int], float], rate: int) -> list[float]:
    """A one-pole low-pass filter whose cutoff (Hz) may change sample by sample."""
    out = []
    level = 0.0
    for i, x in enumerate(samples):
        alpha = 1.0 - math.exp(-2.0 * math.pi * cutoffs(i) / rate)
        level += alpha * (x - level)
        out.append(level)
    return out


def _high_pass(samples: list[float], cutoff: float, rate: int) -> list[float]:
    low = _low_pass(samples, lambda _: cutoff, rate)
    return [x - y for x, y in zip(samples, low, strict=True)]


def _ring(
    out: list[float], start: int, frequency: float, rate: int, decay: float, harmonics: tuple[float, ...], end: int = 0
) -> None:
    """Add a decaying note with harmonics to ``out[start:end]`` (a rotating phasor: no sin call per sample)."""
    turn = complex(math.cos(2 * math.pi * frequency / rate), math.sin(2 * math.pi * frequency / rate))
    fall = math.exp(-1.0 / (decay * rate))
    attack = max(1, int(0.005 * rate))
    z, level = 1 + 0j, 1.0
    for i in range(start, end or len(out)):
        power, value = z, 0.0
        for amplitude in harmonics:
            value += amplitude * power.imag
            power *= z
        k = i - start
        out[i] += value * level * (k / attack if k < attack else 1.0)
        z *= turn
        level *= fall
        if level < 1e-4:
            break


def _deal(n: int, rate: int) -> list[float]:
    # A bright burst of air: high-passed noise with a fast attack and decay, plus a faint tick.
    air = _high_pass(_noise(n, 11), 1800.0, rate)
    out = []
    for i, x in enumerate(air):
        t = i / rate
        envelope = min(1.0, t / 0.004) * math.exp(-t / 0.025)
        out.append(1.6 * x * envelope + 0.25 * math.sin(2 * math.pi * 3200 * t) * math.exp(-t / 0.004))
    return out


def _play(n: int, rate: int) -> list[float]:
    # The snap: a very short click of noise on top of a low thump of the table.
    crack = _low_pass(_noise(n, 23), lambda _: 5000.0, rate)
    out = []
    for i, x in enumerate(crack):
        t = i / rate
        thump = math.sin(2 * math.pi * (150 - 400 * t) * t) * math.exp(-t / 0.02)
        out.append(2.2 * x * math.exp(-t / 0.006) + 0.7 * thump)
    return out


def _trick(n: int, rate: int) -> list[float]:
    # A sweep: noise through a filter that opens and closes, swelling and fading.
    def cutoff(i: int) -> float:
        return 500.0 + 3500.0 * math.sin(math.pi * i / n)

    swish = _low_pass(_noise(n, 37), cutoff, rate)
    out = []
    for i, x in enumerate(swish):
        phase = i / n
        out.append(3.0 * x * math.sin(math.pi * phase) ** 2 * (1.0 - 0.3 * phase))
    return out


def _set(n: int, rate: int) -> list[float]:
    # Two low tones, the second lower: a soft square-ish timbre from a few odd harmonics.
    half = n // 2
    out = [0.0] * n
    _ring(out, 0, 196.0, rate, 0.35, (1.0, 0.0, 0.3, 0.0, 0.12), end=half)
    _ring(out, half, 147.0, rate, 0.35, (1.0, 0.0, 0.3, 0.0, 0.12))
    gap = max(1, int(0.04 * rate))  # each tone fades out before the next begins and at the end
    for end in (half, n):
        for k in range(1, gap + 1):
            out[end - k] *= (k - 1) / gap
    return out


def _win(n: int, rate: int) -> list[float]:
    # C E G C: bell-like notes that ring on under the next ones, the last one longest.
    notes = (523.25, 659.25, 783.99, 1046.5)
    out = [0.0] * n
    for k, frequency in enumerate(notes):
        _ring(out, int(k * 0.12 * rate), frequency, rate, 0.5 if k == len(notes) - 1 else 0.16, (1.0, 0.25, 0.08))
    fade = int(0.03 * rate)
    for k in range(1, fade + 1):
        out[n - k] *= (k - 1) / fade
    return out


def _click(n: int, rate: int) -> list[float]:
    return [math.sin(2 * math.pi * 1900 * i / rate) * math.exp(-i / rate / 0.008) for i in range(n)]


_MAKERS: dict[str, Callable[[int, int], list[float]]] = {
    "deal": _deal,
    "play": _play,
    "trick": _trick,
    "set": _set,
    "win": _win,
    "click": _click,
}


def synthesize(name: str, rate: int) -> list[float]:
    """The samples of an effect at ``rate`` samples a second, normalised to peak at 0.9, in [-1, 1]."""
    if name not in _MAKERS:
        raise KeyError(f"no sound {name!r}; sounds are {', '.join(SOUND_NAMES)}")
    count = round(DURATIONS[name] * rate)
    samples = _MAKERS[name](count, rate)
    peak = max((abs(x) for x in samples), default=0.0)
    scale = 0.9 / peak if peak > 0 else 0.0
    # Short fades at both ends so no effect starts or stops with a click of its own.
    fade_in, fade_out = max(1, int(0.0005 * rate)), max(1, int(0.003 * rate))
    for i in range(min(fade_in, count)):
        samples[i] *= i / fade_in
    for i in range(min(fade_out, count)):
        samples[count - 1 - i] *= i / fade_out
    return [max(-1.0, min(1.0, x * scale)) for x in samples]


def to_pcm(samples: list[float], size: int, channels: int) -> bytes:
    """Samples as the mixer wants them: ``size`` as ``pygame.mixer.get_init()`` reports it."""
    channels = max(1, channels)
    data: array.array[Any]
    if size == 32:  # float
        data = array.array("f", (x for x in samples for _ in range(channels)))
    elif abs(size) == 16:
        offset = 0 if size < 0 else 32768
        data = array.array(
            "h" if size < 0 else "H", (int(x * 32767) + offset for x in samples for _ in range(channels))
        )
    elif abs(size) == 8:
        offset = 0 if size < 0 else 128
        data = array.array("b" if size < 0 else "B", (int(x * 127) + offset for x in samples for _ in range(channels)))
    else:
        raise ValueError(f"unsupported sample size {size}")
    if sys.byteorder == "big" and data.itemsize > 1:  # SDL's default formats are little-endian here
        data.byteswap()
    return data.tobytes()


# -- playing --------------------------------------------------------------------------------------


class SoundBank:
    """The game's sounds. Never raises: without a mixer every call is silently a no-op.

    ``SoundBank(enabled=settings.sound_on, volume=settings.volume)``; ``bank.play("deal")``.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.7, start_mixer: bool = True) -> None:
        self.enabled = enabled
        self.volume = _clamp(volume)
        self._sounds: dict[str, Any] = {}
        self._mixer: Any = None
        self._format: tuple[int, int, int] | None = None
        if start_mixer:
            self._start()

    @property
    def available(self) -> bool:
        """True when the mixer runs and sounds can be heard."""
        return self._format is not None

    def _start(self) -> None:
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=MIXER_FREQUENCY, size=-16, channels=2, buffer=512)
            found = pygame.mixer.get_init()
            if found:
                self._mixer = pygame.mixer
                self._format = (int(found[0]), int(found[1]), int(found[2]))
        except Exception as exc:  # noqa: BLE001 - no audio device, no SDL audio, a broken driver: play silently
            log.info("sound is off: the mixer did not start (%s)", exc)
            self._format = None

    def apply_settings(self, enabled: bool, volume: float) -> None:
        """Follow the settings' sound on/off and volume."""
        self.enabled = enabled
        self.set_volume(volume)

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)
        for name, sound in self._sounds.items():
            self._apply_volume(name, sound)

    def sound(self, name: str) -> Any:
        """The ``pygame.mixer.Sound`` of an effect (made on first use), or ``None`` without a mixer."""
        if self._format is None or name not in DURATIONS:
            return None
        if name not in self._sounds:
            frequency, size, channels = self._format
            try:
                sound = self._mixer.Sound(buffer=to_pcm(synthesize(name, frequency), size, channels))
            except Exception as exc:  # noqa: BLE001 - an odd mixer format: this effect stays silent
                log.warning("sound %s could not be made: %s", name, exc)
                self._sounds[name] = None
                return None
            self._apply_volume(name, sound)
            self._sounds[name] = sound
        return self._sounds[name]

    def preload(self) -> None:
        """Make every effect now (about a tenth of a second) so the first play has no delay."""
        for name in SOUND_NAMES:
            self.sound(name)

    def play(self, name: str) -> bool:
        """Play an effect; True if it was started (False when muted, silent or unknown)."""
        if not self.enabled or self.volume <= 0.0:
            return False
        sound = self.sound(name)
        if sound is None:
            return False
        try:
            return sound.play() is not None
        except Exception as exc:  # noqa: BLE001 - the device went away mid-game
            log.info("sound %s could not be played: %s", name, exc)
            return False

    def _apply_volume(self, name: str, sound: Any) -> None:
        if sound is None:
            return
        try:
            sound.set_volume(self.volume * GAINS[name])
        except Exception:  # noqa: BLE001
            pass


def _clamp(volume: float) -> float:
    try:
        value = float(volume)
    except (TypeError, ValueError):
        return 0.0
    return 0.0 if math.isnan(value) else max(0.0, min(1.0, value))
