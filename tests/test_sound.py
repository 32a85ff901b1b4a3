"""Synthesised sound effects: each builds with the right length and plays, or stays silent, never raising."""

from __future__ import annotations

import array
import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from pinochle_gui import sound as sound_module  # noqa: E402
from pinochle_gui.sound import DURATIONS, SOUND_NAMES, SoundBank, synthesize, to_pcm  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture
def mixer() -> Iterator[None]:
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_the_six_effects_are_there() -> None:
    assert set(SOUND_NAMES) == {"deal", "play", "trick", "set", "win", "click"}


@pytest.mark.parametrize("name", SOUND_NAMES)
@pytest.mark.parametrize("rate", [22050, 44100])
def test_synthesis_is_bounded_audible_and_repeatable(name: str, rate: int) -> None:
    samples = synthesize(name, rate)
    assert len(samples) == round(DURATIONS[name] * rate)
    peak = max(abs(x) for x in samples)
    assert 0.5 < peak <= 0.9 + 1e-9, "normalised, never clipping"
    assert abs(samples[0]) < 0.05 and abs(samples[-1]) < 0.05, "faded at both ends"
    assert samples == synthesize(name, rate), "the same every time (seeded noise)"


def test_effects_differ() -> None:
    fingerprints = {name: tuple(round(x, 3) for x in synthesize(name, 22050)[200:260]) for name in SOUND_NAMES}
    assert len(set(fingerprints.values())) == len(SOUND_NAMES)


def test_the_set_falls_and_the_win_rises() -> None:
    def zero_crossings(samples: list[float]) -> int:
        return sum(1 for a, b in zip(samples, samples[1:], strict=False) if a < 0 <= b)

    rate = 22050
    low = synthesize("set", rate)
    half = len(low) // 2
    assert zero_crossings(low[:half]) > zero_crossings(low[half:]) * 1.2
    win = synthesize("win", rate)
    step = int(0.12 * rate)
    first, last = win[: step - 200], win[3 * step : 4 * step - 200]
    assert zero_crossings(last) > zero_crossings(first) * 1.5


@pytest.mark.parametrize(
    ("size", "code", "width"), [(-16, "h", 2), (16, "H", 2), (-8, "b", 1), (8, "B", 1), (32, "f", 4)]
)
def test_pcm_formats(size: int, code: str, width: int) -> None:
    pcm = to_pcm([0.0, 1.0, -1.0], size, channels=2)
    assert len(pcm) == 3 * 2 * width
    values = array.array(code, pcm)
    assert values[0] == values[1] and values[2] == values[3]
    assert values[2] > values[0] > values[4]
    with pytest.raises(ValueError):
        to_pcm([0.0], 24, 1)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_builds_in_the_mixer_with_its_length(mixer: None, name: str) -> None:
    bank = SoundBank(volume=0.5)
    assert bank.available
    built = bank.sound(name)
    assert built is not None
    assert built.get_length() == pytest.approx(DURATIONS[name], abs=0.001)
    assert built.get_volume() == pytest.approx(0.5 * sound_module.GAINS[name], abs=0.01)
    assert bank.play(name)


def test_sounds_follow_an_existing_mixer_format(mixer: None) -> None:
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    bank = SoundBank()
    bank.preload()
    for name in SOUND_NAMES:
        assert bank.sound(name).get_length() == pytest.approx(DURATIONS[name], abs=0.001)


def test_mute_volume_and_settings(mixer: None) -> None:
    bank = SoundBank(enabled=False, volume=0.8)
    assert not bank.play("deal")
    bank.apply_settings(enabled=True, volume=0.0)
    assert not bank.play("deal")
    bank.apply_settings(enabled=True, volume=0.6)
    assert bank.play("deal")
    bank.set_volume(5)
    assert bank.volume == 1.0 and bank.sound("deal").get_volume() == pytest.approx(sound_module.GAINS["deal"], abs=0.01)
    bank.set_volume(float("nan"))
    assert bank.volume == 0.0
    assert not bank.play("no_such_sound") and bank.sound("no_such_sound") is None


def test_silent_without_a_mixer(mixer: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    bank = SoundBank()
    assert not bank.available
    bank.preload()
    for name in SOUND_NAMES:
        assert bank.sound(name) is None and bank.play(name) is False
    bank.apply_settings(enabled=True, volume=0.3)


def test_not_started_bank_is_silent() -> None:
    bank = SoundBank(start_mixer=False)
    assert not bank.available and not bank.play("win")


def test_a_failing_sound_object_stays_silent(mixer: None, monkeypatch: pytest.MonkeyPatch) -> None:
    bank = SoundBank()

    class Broken:
        def __init__(self, **kwargs: object) -> None:
            raise pygame.error("bad format")

    monkeypatch.setattr(bank._mixer, "Sound", Broken)
    assert bank.sound("click") is None and not bank.play("click")
