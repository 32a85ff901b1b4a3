"""The title and new-game screens, driven by posted clicks and keys through a fake app."""

from __future__ import annotations

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
    type_text,
)

from engine.rules import OPTIONS, PRESETS, preset
from pinochle_gui.screens import new_game_scene, title_scene
from pinochle_gui.screens.new_game import NewGameScene
from pinochle_gui.screens.screen import Screen
from pinochle_gui.screens.title import TitleScene
from pinochle_gui.screens.welcome import WelcomeScene
from pinochle_gui.storage import StorageMessage
from pinochle_gui.widgets import NumberRow
from pinochle_gui.words import computer_levels

__all__ = ["_display", "app"]


def open_new_game(app: FakeApp) -> NewGameScene:
    scene = app.stack.push(new_game_scene(app))
    assert isinstance(scene, NewGameScene)
    render(app)
    return scene


def test_title_lists_continue_only_when_a_game_is_saved(app: FakeApp) -> None:
    title = app.stack.push(title_scene(app))
    texts = [getattr(w, "text", "") for w in title.widgets]  # type: ignore[attr-defined]
    assert texts == ["New game", "Duplicate challenge", "Statistics", "Settings", "Open a hand record", "Rules",
                     "Quit"]
    app.storage.saves.save({"any": "game"}, {})
    app.storage.challenge_save.save({"any": "challenge"})
    title.uncover()
    texts = [getattr(w, "text", "") for w in title.widgets]  # type: ignore[attr-defined]
    assert texts[:2] == ["Continue", "Continue challenge"]
    click_button(app, "Continue")
    assert app.continued == 1
    click_button(app, "Quit")
    assert app.quitted == 1


def test_title_buttons_open_their_screens_and_escape_comes_back(app: FakeApp) -> None:
    app.stack.push(title_scene(app))
    for text, kind in (
        ("New game", "NewGameScene"),
        ("Duplicate challenge", "ChallengeSetupScene"),
        ("Statistics", "StatisticsScene"),
        ("Settings", "SettingsScene"),
        ("Open a hand record", "OpenRecordScene"),
        ("Rules", "RulesScene"),
    ):
        click_button(app, text)
        assert type(app.stack.top).__name__ == kind
        render(app)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, TitleScene)


def test_title_keyboard_moves_down_the_menu(app: FakeApp) -> None:
    app.stack.push(title_scene(app))
    key(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)
    assert type(app.stack.top).__name__ == "SettingsScene"


def test_the_title_shows_the_storage_messages_and_no_tour(app: FakeApp) -> None:
    app.storage.messages.append(StorageMessage("warning", "Settings: volume 7 is not valid; using 0.7."))
    app.stack.push(title_scene(app))
    assert type(app.stack.top).__name__ == "MessageDialog"
    key(app, pygame.K_RETURN)
    assert app.storage.messages == []
    # The tour is about the game played: it waits for a table, not the title (and its default variant).
    assert isinstance(app.stack.top, TitleScene) and not any(isinstance(s, WelcomeScene) for s in app.stack.scenes)


def test_later_runs_go_straight_to_the_menu(app: FakeApp) -> None:
    app.stack.push(title_scene(app))
    assert isinstance(app.stack.top, TitleScene)


def test_start_with_the_defaults(app: FakeApp) -> None:
    open_new_game(app)
    click_button(app, "Start")
    (game,) = app.started
    level = game["levels"][1]
    assert game["rules"] == preset(app.settings.default_variant)
    assert game["levels"] == [None, level, level, level] and level in computer_levels()
    assert game["names"] == ["You", "West", "North", "East"]
    assert game["deal_number"] is None


@pytest.mark.parametrize("variant", list(PRESETS))
def test_every_variant_can_be_chosen_and_started(app: FakeApp, variant: str) -> None:
    scene = open_new_game(app)
    click_button(app, scene_label(variant))
    option_labels = [r.label for r in scene.options.rows]
    expected = [o.label for o in OPTIONS.values() if PRESETS[variant].variant in o.variants]
    assert option_labels == expected and option_labels
    click_button(app, "Start")
    game = app.started[-1]
    players = PRESETS[variant].players
    assert game["rules"] == PRESETS[variant]
    assert len(game["names"]) == players and len(game["levels"]) == players
    assert app.settings.default_variant == variant


def scene_label(variant: str) -> str:
    from pinochle_gui.words import variant_name

    return variant_name(variant)


def test_an_option_changed_by_click_is_used_and_remembered(app: FakeApp) -> None:
    scene = open_new_game(app)
    row = row_named(scene, "Minimum bid")
    assert isinstance(row, NumberRow) and row.value == 250
    right = row.arrows()[1]
    click(app, right.center)
    click(app, right.center)
    assert row.value == 270
    click_button(app, "Start")
    assert app.started[-1]["rules"].min_bid == 270
    assert app.settings.rule_overrides == {"partnership_auction": {"min_bid": 270}}
    again = open_new_game(app)
    assert row_named(again, "Minimum bid").value == 270
    click_button(app, "Defaults")
    assert row_named(again, "Minimum bid").value == 250 and again.options.overrides == {}


def test_options_that_do_not_go_together_stop_the_start(app: FakeApp) -> None:
    scene = open_new_game(app)
    row = row_named(scene, "Bid step")
    scene.set_focus(row)
    key(app, pygame.K_RIGHT)  # a step of 11: 250 is no multiple of it
    assert row.value == 11
    assert "multiple" in scene.options.error and not scene.start_button.enabled
    render(app)
    click_button(app, "Start")
    assert app.started == []
    key(app, pygame.K_LEFT)
    assert scene.options.error == "" and scene.start_button.enabled


def test_names_and_deal_number_typed_in(app: FakeApp) -> None:
    scene = open_new_game(app)
    partner = row_named(scene, "Partner")
    click(app, partner.control_rect().center)
    assert scene.focus is partner
    for _ in range(5):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Ada")
    key(app, pygame.K_q)  # a letter key while typing is no shortcut
    deal = row_named(scene, "Deal number")
    click(app, deal.control_rect().center)
    type_text(app, "12a34")
    assert deal.text == "1234"
    key(app, pygame.K_F5)
    game = app.started[-1]
    assert game["names"][2] == "Ada" and game["deal_number"] == 1234
    assert app.settings.computer_names[1] == "Ada"


def test_levels_per_seat(app: FakeApp) -> None:
    scene = open_new_game(app)
    levels = computer_levels()
    row = row_named(scene, "Partner: level")
    first = row.value
    click(app, row.arrows()[1].center)
    click_button(app, "Start")
    chosen = app.started[-1]["levels"]
    assert chosen[2] == levels[(levels.index(first) + 1) % len(levels)]
    assert chosen[1] == chosen[3] == first


def test_three_handed_names_map_to_the_settings(app: FakeApp) -> None:
    scene = open_new_game(app)
    click_button(app, "Three-handed")
    assert [r.label for r in scene.focusables() if getattr(r, "label", "").endswith("opponent")] == [
        "Left opponent",
        "Right opponent",
    ]
    click_button(app, "Start")
    assert app.started[-1]["names"] == ["You", "West", "East"]


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_new_game_lays_out_at_every_size(app: FakeApp, size: tuple[int, int]) -> None:
    app.stack.resize(size)
    scene = open_new_game(app)
    window = pygame.Rect(0, 0, *size)
    for text in ("Back", "Rules", "Defaults", "Start"):
        assert window.contains(button_named(scene, text).rect)
    buttons = [button_named(scene, t).rect for t in ("Back", "Rules", "Defaults", "Start")]
    assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1 :])
    for row in scene.focusables():
        if row.visible:
            assert window.contains(row.rect), row
    if size[0] < size[1]:  # standing: the variant is one row, stepped through
        variant = row_named(scene, "Variant")
        click(app, variant.arrows()[1].center)
        assert scene.variant != "partnership_auction" or len(PRESETS) == 1
    render(app)


def test_wheel_scrolls_the_options(app: FakeApp) -> None:
    app.stack.resize(SIZES["small"])
    scene = open_new_game(app)
    lists = [w for w in scene.widgets if type(w).__name__ == "ScrollList"]
    assert isinstance(scene, Screen) and lists
    target = lists[0]
    click(app, (target.rect.centerx, target.rect.centery))  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    for event in pygame.event.get():
        app.stack.process_event(event)
    assert target.offset > 0  # type: ignore[attr-defined]


def test_enter_in_a_name_moves_to_the_next_field(app: FakeApp) -> None:
    scene = open_new_game(app)
    name = row_named(scene, "Your name")
    click(app, name.control_rect().center)
    key(app, pygame.K_RETURN)
    assert scene.focus is row_named(scene, "Left opponent")
    assert app.started == []


def test_keyboard_only_from_title_to_start(app: FakeApp) -> None:
    app.stack.push(title_scene(app))
    key(app, pygame.K_RETURN)  # New game has the focus
    assert isinstance(app.stack.top, NewGameScene)
    key(app, pygame.K_RETURN)  # Start has the focus
    assert len(app.started) == 1


@pytest.mark.parametrize(("variant", "labels"), [
    ("double_deck", ["Bonus melds", "Bidding rounds", "Pass before trump", "Marriage after the pass"]),
    ("partnership_auction_div10", ["Play rule", "Not on the board"]),
])
def test_issue_11_options_show_in_words(variant: str, labels: list[str]) -> None:
    from pinochle_gui.screens.new_game import RuleOptions

    options = RuleOptions(variant, {})
    rows = {row.label: row for row in options.rows}
    for label in labels:
        row = rows[label]
        assert row.help and "_" not in row.help and "_" not in row.label
    if variant == "partnership_auction_div10":
        assert rows["Play rule"].value_text() == "Win if able"
        assert "play a card that wins the trick" in rows["Play rule"].help


def test_a_new_challenge_takes_the_variant_levels_deals_and_number(app: FakeApp) -> None:
    from pinochle_gui.screens.challenge_setup import ChallengeSetupScene

    app.stack.push(title_scene(app))
    click_button(app, "Duplicate challenge")
    scene = app.stack.top
    assert isinstance(scene, ChallengeSetupScene)
    click_button(app, scene_label("three_hand"))
    scene = app.stack.top
    assert isinstance(scene, ChallengeSetupScene) and scene.variant == "three_hand"
    deals = row_named(scene, "Deals")
    assert deals.value == 8
    click(app, deals.arrows()[0].center)
    number = row_named(scene, "Challenge number")
    click(app, number.control_rect().center)
    type_text(app, "4711x")  # digits only
    click_button(app, "Start")
    ((challenge, names),) = app.challenges_started
    assert (challenge.number, challenge.deals, challenge.rules.variant) == (4711, 7, "three_hand")
    assert challenge.levels[0] is None and len(challenge.levels) == 3 and names[0] == "You"
    # with a challenge in progress, Start asks first
    app.storage.challenge_save.save({"any": "challenge"})
    click_button(app, "Start")
    assert type(app.stack.top).__name__ == "ConfirmDialog" and len(app.challenges_started) == 1
