"""The welcome tour is about the game being played, shows by itself the first time that game is played,
and every rules text the screens show is the engine's (no copy of a rule in the app)."""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import pinochle_gui  # noqa: E402
from engine.challenge import Challenge  # noqa: E402
from engine.rules import PRESETS, preset  # noqa: E402
from engine.rules_help import NO_MARRIAGE, REDEAL_HAND, help_blocks, rules_help, tour_pages  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.screens.new_game import NewGameScene  # noqa: E402
from pinochle_gui.screens.rules import RulesScene  # noqa: E402
from pinochle_gui.screens.title import TitleScene  # noqa: E402
from pinochle_gui.screens.welcome import CONTROLS, WelcomeScene  # noqa: E402
from pinochle_gui.shell import App, first_scene  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 800))


def open_app(home: Path, screen: pygame.Surface, *argv: str) -> App:
    return App(parse_args([*argv, "--fast", "--seed", "3", "--level", "easy"]), screen, Storage.open(home))


def tour_on_top(app: App) -> WelcomeScene:
    top = app.stack.top
    assert isinstance(top, WelcomeScene), f"{type(top).__name__} is on top, not the tour"
    return top


def test_a_newcomer_started_on_a_variant_gets_its_tour_over_the_table(tmp_path: Path, screen: pygame.Surface) -> None:
    app = open_app(tmp_path, screen, "--variant", "two_hand")
    try:
        table = first_scene(app)
        assert isinstance(table, TableScene) and table.rules.variant == "two_hand"
        tour = tour_on_top(app)
        assert tour.rules == table.rules
        assert "two-handed" in tour.pages[0].text
        tour.finish()
        assert app.stack.top is table and app.settings.toured == ("two_hand",)
        app.new_game_like(table)  # the same game again: no tour
        assert isinstance(app.stack.top, TableScene)
        app.start_game(preset("three_hand"), [None, "easy", "easy"], ["You", "West", "East"])  # a new game: its tour
        assert tour_on_top(app).rules == preset("three_hand")
    finally:
        app.close()


def test_after_a_two_handed_game_the_title_shows_no_tour_and_new_game_offers_two_handed(
        tmp_path: Path, screen: pygame.Surface) -> None:
    app = open_app(tmp_path, screen, "--variant", "two_hand")
    try:
        first_scene(app)
        tour_on_top(app).finish()
        app.leave_game()  # "Save and quit to title"
        assert isinstance(app.stack.top, TitleScene)
        assert not any(isinstance(scene, WelcomeScene) for scene in app.stack.scenes)
        assert app.settings.default_variant == "partnership_auction"  # the settings' default is another game
        new_game = app.stack.push(NewGameScene(app))
        assert new_game.variant == "two_hand"  # the game in progress
    finally:
        app.close()


def test_a_duplicate_challenge_in_a_new_game_gets_its_tour(tmp_path: Path, screen: pygame.Surface) -> None:
    app = open_app(tmp_path, screen)
    try:
        app.start_challenge(Challenge(5, preset("two_hand"), 2, (None, "easy")), ["You", "North"])
        assert tour_on_top(app).rules == preset("two_hand")
    finally:
        app.close()


def test_a_demo_shows_no_tour(tmp_path: Path, screen: pygame.Surface) -> None:
    app = open_app(tmp_path, screen, "--demo")
    try:
        assert isinstance(first_scene(app), TableScene) and isinstance(app.stack.top, TableScene)
    finally:
        app.close()


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_sentence_of_the_tour_fits_its_game(name: str) -> None:
    rules = PRESETS[name]
    text = " ".join(page.text + " " + page.caption for page in tour_pages(rules))
    if rules.trump_by == "stock":
        assert "every player shows the meld" not in text and "Before the play" not in text
        assert "whoever wins a trick while the stock lasts may lay one meld" in text
    else:
        assert "Before the play every player shows the meld" in text
    assert ("Bids open at" in text) == rules.auction
    assert ("buries" in text) == bool(rules.widow_size)
    assert ("passes" in text.replace("who passes is out", "")) == bool(rules.pass_cards and rules.partnerships)
    assert ("marriage (king and queen) in the trump suit" in text) == rules.trump_needs_marriage
    assert ("J 9 of every suit" in text) != rules.double_deck
    assert ("partner" in text) == rules.partnerships


def test_the_two_handed_tricks_page_follows_the_rule_after_the_stock() -> None:
    always = tour_pages(preset("two_hand"))[3].text
    trump_led = tour_pages(preset("two_hand", phase2_must_win="trump_led"))[3].text
    assert "Once it is gone: follow suit if you can and beat the winning card" in always
    assert "Once it is gone: follow suit if you can, or else play a trump; you must beat the winning card only when " \
           "trumps are led" in trump_led


def test_the_screens_show_the_engines_rules_text(tmp_path: Path, screen: pygame.Surface) -> None:
    app = open_app(tmp_path, screen)
    try:
        for name, rules in PRESETS.items():
            tour = WelcomeScene(app, rules)
            assert tour.pages == [*tour_pages(rules), CONTROLS], name
            assert RulesScene(app, rules).blocks == help_blocks(rules), name
    finally:
        app.close()


def _engine_sentences() -> set[str]:
    """Every sentence of rules text the engine writes for the presets, long enough to be a rule."""
    texts = []
    for rules in PRESETS.values():
        texts.append(rules_help(rules))
        texts += [page.text for page in tour_pages(rules)]
    sentences = {s.strip().lower() for text in texts for s in re.split(r"(?<=[.;:])\s+|\n", text)}
    return {s for s in sentences if len(s) >= 40} | {REDEAL_HAND, NO_MARRIAGE}


def _string_constants(source: str) -> list[str]:
    return [node.value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_the_app_keeps_no_copy_of_the_rules() -> None:
    sentences = _engine_sentences()
    assert len(sentences) > 100
    copies = []
    for path in sorted(Path(pinochle_gui.__file__).parent.rglob("*.py")):
        for text in _string_constants(path.read_text(encoding="utf-8")):
            copies += [(path.name, s) for s in sentences if s.rstrip(".") in text.lower()]
    assert copies == []


def test_the_copy_check_finds_a_copy() -> None:
    sentence = next(iter(sorted(_engine_sentences())))
    assert any(sentence.rstrip(".") in text.lower() for text in _string_constants(f"X = {sentence.capitalize()!r}\n"))
