"""Tweens, sequences, parallel groups, easing and speed, driven by a clock the test moves by hand."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from pinochle_gui.anim import (
    DURATIONS,
    EASINGS,
    SPEEDS,
    Animator,
    Call,
    CardSprite,
    ManualClock,
    Parallel,
    RealClock,
    Sequence,
    Timing,
    Tween,
    Wait,
    stagger,
)


def test_easings_start_at_zero_and_end_at_one() -> None:
    for name, ease in EASINGS.items():
        assert ease(0.0) == pytest.approx(0.0, abs=1e-9), name
        assert ease(1.0) == pytest.approx(1.0, abs=1e-9), name
    assert EASINGS["in_quad"](0.5) < 0.5 < EASINGS["out_quad"](0.5)
    assert max(EASINGS["out_back"](t / 100) for t in range(101)) > 1.0  # it overshoots, then settles


def test_tween_moves_a_sprite_over_its_duration_and_reports_completion() -> None:
    clock = ManualClock()
    animator = Animator(clock=clock)
    sprite = CardSprite(card=5, x=0, y=100)
    finished: list[str] = []
    animator.run(Tween(sprite, 0.4, "linear", x=200, y=0), on_done=lambda: finished.append("moved"))
    clock.advance(0.1)
    animator.update()
    assert (sprite.x, sprite.y) == pytest.approx((50, 75))
    assert animator.busy and not finished
    clock.advance(0.2)
    animator.update()
    assert sprite.x == pytest.approx(150)
    clock.advance(0.2)
    animator.update()
    assert (sprite.x, sprite.y) == (200, 0)
    assert finished == ["moved"] and not animator.busy


def test_tween_reads_its_start_when_it_begins() -> None:
    sprite = CardSprite(card=1, x=0)
    seq = Sequence([Tween(sprite, 1.0, "linear", x=100), Tween(sprite, 1.0, "linear", x=0, angle=90)])
    seq.update(1.5)  # the second tween starts from 100, half a second in
    assert sprite.x == pytest.approx(50) and sprite.angle == pytest.approx(45)
    seq.update(0.5)
    assert seq.done and sprite.x == 0 and sprite.angle == 90


def test_leftover_time_flows_through_a_sequence() -> None:
    sprite = CardSprite(card=1)
    calls: list[float] = []
    seq = Sequence([Wait(0.25), Call(lambda: calls.append(sprite.scale)), Tween(sprite, 0.5, "linear", scale=2.0)])
    seq.update(0.5)  # 0.25 of waiting, the call, then 0.25: half of the tween
    assert calls == [1.0]
    assert sprite.scale == pytest.approx(1.5)


def test_parallel_ends_with_its_longest_member_and_stagger_delays() -> None:
    a, b = CardSprite(card=0), CardSprite(card=1)
    group = Parallel([Tween(a, 0.2, "linear", x=10), Tween(b, 0.6, "linear", x=10)])
    assert group.update(0.3) == 0.0 and not group.done
    assert a.x == 10 and b.x == pytest.approx(5)
    assert group.update(0.4) == pytest.approx(0.1)  # the time it did not need
    assert group.done
    sprites = [CardSprite(card=i) for i in range(3)]
    deal = stagger([Tween(s, 0.1, "linear", y=50) for s in sprites], gap=0.1)
    deal.update(0.1)
    assert [s.y for s in sprites] == [50, 0, 0]
    deal.update(0.2)
    assert deal.done and all(s.y == 50 for s in sprites)


def test_flip_turns_a_back_into_a_face_half_way() -> None:
    sprite = CardSprite(card=3, face_up=False)
    assert not sprite.face_up
    tween = Tween(sprite, 1.0, "linear", flip=1.0)
    tween.update(0.4)
    assert not sprite.face_up
    tween.update(0.2)
    assert sprite.face_up
    unknown = CardSprite(card=None)
    assert not unknown.face_up  # a card nobody may see stays a back


def test_speed_scales_every_duration_and_instant_finishes_at_once() -> None:
    timing = Timing("normal")
    assert timing("play") == DURATIONS["play"]
    timing.set_speed("slow")
    assert timing("play") == pytest.approx(DURATIONS["play"] * SPEEDS["slow"])
    with pytest.raises(ValueError, match="unknown speed"):
        timing.set_speed("ludicrous")
    animator = Animator(Timing("instant"), ManualClock())
    sprite = CardSprite(card=0)
    done: list[bool] = []
    animator.tween(sprite, "gather", x=300, y=40).on_done(lambda: done.append(True))
    animator.update(0.0)
    assert (sprite.x, sprite.y) == (300, 40) and done == [True] and not animator.busy


def test_callbacks_may_chain_new_animations() -> None:
    animator = Animator(clock=ManualClock())
    sprite = CardSprite(card=0)
    log: list[str] = []

    def second() -> None:
        log.append("first done")
        animator.run(Tween(sprite, 0.1, "linear", y=10), on_done=lambda: log.append("second done"))

    animator.run(Tween(sprite, 0.1, "linear", x=10), on_done=second)
    animator.update(0.1)
    assert log == ["first done"] and animator.busy
    animator.update(0.1)
    assert log == ["first done", "second done"] and sprite.y == 10


def test_finish_all_and_cancel() -> None:
    animator = Animator(clock=ManualClock())
    sprite = CardSprite(card=0)
    log: list[str] = []
    animator.run(Sequence([Tween(sprite, 1, x=5), Wait(3), Tween(sprite, 1, y=7)]), on_done=lambda: log.append("end"))
    animator.finish_all()
    assert (sprite.x, sprite.y) == (5, 7) and log == ["end"] and not animator.busy
    cancelled = Tween(sprite, 1, x=100)
    cancelled.on_done(lambda: log.append("never"))
    animator.run(cancelled)
    animator.update(0.5)
    animator.cancel_all()
    assert cancelled.cancelled and "never" not in log and 5 < sprite.x < 100
    late: list[str] = []
    cancelled.on_done(lambda: late.append("at once"))  # an ended animation calls back at once
    assert late == ["at once"]


def test_tween_rejects_unknown_attributes() -> None:
    with pytest.raises(AttributeError, match="no attribute 'wobble'"):
        Tween(CardSprite(card=0), 1.0, wobble=3)
    with pytest.raises(ValueError, match="at least one"):
        Tween(CardSprite(card=0), 1.0)


def test_clocks() -> None:
    clock = ManualClock()
    clock.advance(0.25)
    assert clock.tick() == 0.25 and clock.tick() == 0.0
    real = RealClock(max_step=0.05)
    assert 0.0 <= real.tick() <= 0.05


def test_sprite_draws_cached_transforms() -> None:
    pygame.init()
    face = pygame.Surface((40, 56), pygame.SRCALPHA)
    face.fill((250, 250, 250, 255))
    back = pygame.Surface((40, 56), pygame.SRCALPHA)
    back.fill((20, 40, 160, 255))
    target = pygame.Surface((200, 200))
    sprite = CardSprite(card=7, x=100, y=100)
    rect = sprite.draw(target, face, back)
    assert rect.size == (40, 56) and rect.center == (100, 100)
    assert target.get_at((100, 100))[:3] == (250, 250, 250)
    sprite.flip = 0.25  # turning: squeezed and showing the back
    picture = sprite.surface(face, back)
    middle = picture.get_at((picture.get_width() // 2, 28))
    assert picture.get_width() < 40 and middle.b > 150 and middle.r < 30
    assert sprite.surface(face, back) is picture  # nothing changed: the same picture
    sprite.flip, sprite.angle, sprite.lift = 1.0, 90, 10
    turned = sprite.surface(face, back)
    assert turned.get_size() == (56, 40)
    assert sprite.rect_for(turned).center == (100, 90)
    sprite.visible = False
    assert sprite.draw(target, face, back).size == (0, 0)
