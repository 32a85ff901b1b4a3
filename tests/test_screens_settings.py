"""The settings screen: every change stored through storage at once, by clicks and keys."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_screens_app import (
    SIZES,
    FakeApp,
    _display,
    app,
    button_named,
    click,
    click_button,
    key,
    render,
    row_named,
    send,
    type_text,
)

from engine.rules import preset
from pinochle_gui.screens import settings_scene
from pinochle_gui.screens.settings import AvatarRow, SettingsScene
from pinochle_gui.storage import Storage

__all__ = ["_display", "app"]


def open_settings(app: FakeApp) -> SettingsScene:
    scene = app.stack.push(settings_scene(app))
    assert isinstance(scene, SettingsScene)
    render(app)
    return scene


def reopened(app: FakeApp, home: Path) -> Storage:
    return Storage.open(home)


def test_choices_are_stored_at_once(app: FakeApp, tmp_path: Path) -> None:
    scene = open_settings(app)
    for label, field, expected in (
        ("Deck", "deck_design", "four_color"),
        ("Card back", "card_back", "red"),
        ("Table", "table_theme", "blue"),
        ("Animation", "animation_speed", "fast"),
        ("Sort hand", "sort_order", "by_suit"),
    ):
        row = row_named(scene, label)
        scene.set_focus(row)
        click(app, row.arrows()[1].center)
        assert getattr(app.settings, field) == expected, label
    stored = reopened(app, tmp_path)
    assert (stored.settings.deck_design, stored.settings.table_theme) == ("four_color", "blue")
    stored.close()
    assert scene.theme.name == "blue"  # the screen itself changes at once
    render(app)


def test_toggles_and_volume_by_keys(app: FakeApp) -> None:
    scene = open_settings(app)
    sound = row_named(scene, "Sound")
    scene.set_focus(sound)
    key(app, pygame.K_RETURN)
    assert app.settings.sound_on is False
    volume = row_named(scene, "Volume")
    scene.set_focus(volume)
    key(app, pygame.K_LEFT, pygame.K_LEFT)
    assert app.settings.volume == pytest.approx(0.5)
    click(app, (volume.bar().right, volume.bar().centery))
    assert app.settings.volume == 1.0
    auto = row_named(scene, "Auto-play forced cards")
    scene.set_focus(auto)
    key(app, pygame.K_LEFT)
    assert app.settings.auto_play_forced is False


def test_names_typed_are_stored_and_never_empty(app: FakeApp) -> None:
    scene = open_settings(app)
    name = row_named(scene, "Your name")
    click(app, name.control_rect().center)
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)
    assert app.settings.player_name == "Y"  # an empty name is never stored
    key(app, pygame.K_BACKSPACE)
    assert app.settings.player_name == "Y"
    type_text(app, "Grace")
    assert app.settings.player_name == "Grace"
    right = row_named(scene, "Right computer")
    click(app, right.control_rect().center)
    type_text(app, "ie")
    assert app.settings.computer_names == ("West", "North", "Eastie")


def test_avatars_change_by_click(app: FakeApp) -> None:
    scene = open_settings(app)
    row = next(r for r in scene.focusables() if isinstance(r, AvatarRow))
    before = app.settings.avatars
    click(app, row.portraits()[2].center)
    assert app.settings.avatars == (before[0], before[1], before[2] + 1, before[3])
    pos = row.portraits()[2].center
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    assert app.settings.avatars == before


def test_default_variant_and_its_rule_options(app: FakeApp) -> None:
    scene = open_settings(app)
    variant = row_named(scene, "Default game")
    scene.set_focus(variant)
    key(app, pygame.K_LEFT)  # the preset before the partnership auction
    assert app.settings.default_variant == "partnership_turnup"
    scene = app.stack.top  # rebuilt with that variant's options
    assert isinstance(scene, SettingsScene)
    target = row_named(scene, "Game")
    scene.set_focus(target)  # scrolled into view
    click(app, target.arrows()[1].center)
    assert app.settings.rules_for() == preset("partnership_turnup", game_target=target.value)
    click_button(app, "Rule defaults")
    assert app.settings.rules_for() == preset("partnership_turnup")


def test_a_storage_error_is_shown(app: FakeApp) -> None:
    open_settings(app)
    app.storage.settings_store.path = Path("/proc/no/such/dir/settings.json")
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    scene.set_focus(row_named(scene, "Sound"))
    key(app, pygame.K_RETURN)
    assert type(app.stack.top).__name__ == "MessageDialog"


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_settings_fit_every_window(app: FakeApp, size: tuple[int, int]) -> None:
    app.stack.resize(size)
    scene = open_settings(app)
    window = pygame.Rect(0, 0, *size)
    assert window.contains(button_named(scene, "Done").rect)
    for row in scene.focusables():
        if row.visible:
            assert window.contains(row.rect)
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_two_clicks_on_the_text_size_arrow_give_150_percent(app: FakeApp) -> None:
    """The rows grow at 125%: the list once scrolled under the pointer and the second click changed the table."""
    from pinochle_gui.fonts import set_text_scale

    plain = app.update_settings

    def update_settings(**changes: object) -> list[object]:
        messages = plain(**changes)
        set_text_scale(app.settings.text_size)  # as the app does
        return list(messages)

    app.update_settings = update_settings  # type: ignore[method-assign, assignment]
    app.stack.resize((1280, 720))
    try:
        scene = open_settings(app)
        row = row_named(scene, "Text size")
        scene.set_focus(row)
        render(app)
        arrow = row_named(scene, "Text size").arrows()[1].center
        theme = app.settings.table_theme
        click(app, arrow)
        render(app)
        click(app, arrow)
        render(app)
        assert (app.settings.text_size, app.settings.table_theme) == (150, theme)
    finally:
        set_text_scale(100)
