"""Every screen, and every table state of a hand in each variant, read as the player reads them.

Each walk records every text drawn (through :func:`pinochle_gui.widgets.text.watch_text`) and fails on a
text cut to fit, on a card written as a code (``TH``) instead of rank and suit symbol, and on an
identifier of the code (``bid_step_high_from``) reaching the screen; at the table it also checks that
the hint box and the toasts cover no button and no card, at 1280x720 and 720x1100.
"""

from __future__ import annotations

import functools
import os
import random
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from conftest import two_handed_analysis, wait_until

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import engine  # noqa: E402
from engine.actions import Pass  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from pinochle_gui.screens.__main__ import ShotApp, fill_statistics, play, shots  # noqa: E402
from pinochle_gui.screens.statistics import CHARTS, StatisticsScene  # noqa: E402
from pinochle_gui.screens.welcome import WelcomeScene  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.storage.hand_costs import HandCost  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.widgets.text import TextSeen, watch_text  # noqa: E402
from tests.test_table_play import click, do_by_mouse, key, make_table, mouse_choices  # noqa: E402

pytestmark = pytest.mark.timeout(600)

SIZES = [(1280, 720), (720, 1100)]
CARD_CODE = re.compile(r"\b[AKQJT9][SHDC]\b")
IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def problems(seen: Iterable[TextSeen]) -> list[str]:
    """What is wrong with the texts drawn: cut, card codes, identifiers (each text once)."""
    found: set[str] = set()
    for text in seen:
        if text.cut:
            found.add(f"cut: {text.text!r}")
        if CARD_CODE.search(text.text):
            found.add(f"card code: {text.text!r}")
        if IDENTIFIER.search(text.text):
            found.add(f"identifier: {text.text!r}")
    return sorted(found)


def test_the_checks_catch_what_they_look_for() -> None:
    seen = [TextSeen("play 9H"), TextSeen("From 'bid_step_high_from' on"), TextSeen("Play 9♥"),
            TextSeen("North melds 40", cut=True), TextSeen("Ten of hearts: 10♥ - A♠ K♠ Q♠ J♠")]
    assert problems(seen) == ["card code: 'play 9H'", "cut: 'North melds 40'",
                              "identifier: \"From 'bid_step_high_from' on\""]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("home")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    storage = Storage.open(folder)
    storage.update_settings(first_run_done=True)
    fill_statistics(storage, games=4)
    for game_id, hand, cost in (("shot-0", 1, 42.0), ("shot-0", 2, 12.5), ("shot-1", 1, 8.0)):  # the cost chart
        storage.stats.record_hand_cost(HandCost(game_id, hand, "two_hand", "hard", cost, 20))
    for variant in ("partnership_auction", "three_hand"):  # the statistics' rows of other variants and seats
        game = play(variant, 2)
        storage.record_game(game.hand_records, 0, [None] + ["hard"] * (game.rules.players - 1), game_id=variant)
    storage.close()
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_every_screen_shows_whole_texts_with_cards_named_for_the_player(home: Path, size: tuple[int, int]) -> None:
    game = play("partnership_auction", 7, hands=3)
    found: list[str] = []
    for name, make in shots().items():
        app = ShotApp(home, size)
        try:
            scene = make(app, game)
            app.stack.push(scene)
            surface = pygame.Surface(size)
            # the welcome's pages one after another, the statistics' charts one after another
            turns = [scene.next] * (len(scene.pages) - 1) if isinstance(scene, WelcomeScene) else []
            if isinstance(scene, StatisticsScene):
                turns = [functools.partial(scene._set_chart, chart) for chart in CHARTS[1:]]
            for turn in [*turns, None]:
                with watch_text() as seen:
                    app.stack.update(0.0)
                    app.stack.draw(surface)
                found += [f"{name}: {p}" for p in problems(seen)]
                if turn is not None:
                    turn()
        finally:
            app.storage.close()
    assert not found, "\n".join(found)


@two_handed_analysis
@pytest.mark.parametrize("size", SIZES)
def test_the_review_with_its_analysis_and_summary_shows_whole_texts(home: Path, size: tuple[int, int]) -> None:
    """Every step of an analysed hand (reasons in the auction and beside the cards, costly marks), then the
    hand's summary with the hard computer's play."""
    from engine.sim import play_game
    from pinochle_gui.screens import open_review
    from pinochle_gui.screens.review import ReviewScene
    from tests.test_analysis import record_of

    game = engine.new_game(engine.preset("partnership_auction"), seed=4)
    game.players, game.humans = ["You", "West", "North", "East"], (0,)
    with_reasons = play_game(game, ["random", "easy", "easy", "easy"], 4, 1).hand_records[0]
    found: list[str] = []
    for record in (record_of("two_hand", 7), with_reasons):
        app = ShotApp(home, size)
        try:
            assert open_review(app, [record])
            scene = app.stack.top
            assert isinstance(scene, ReviewScene) and scene.analysis is not None
            analysis, update = scene.analysis, functools.partial(app.stack.update, 0.1)
            wait_until(lambda a=analysis: a.analysed, "the review's analysis", step=update)
            surface = pygame.Surface(size)
            for at in range(len(scene.steps)):
                scene.go(at)
                with watch_text() as seen:
                    app.stack.update(0.1)
                    app.stack.draw(surface)
                found += [f"review step {at}: {p}" for p in problems(seen)]
            scene.toggle_summary()
            wait_until(lambda a=analysis: a.finished, "the hard computer's play of the hand", step=update)
            with watch_text() as seen:
                app.stack.update(0.1)
                app.stack.draw(surface)
            found += [f"summary: {p}" for p in problems(seen)]
            scene.leave()
        finally:
            app.storage.close()
    assert not found, "\n".join(found)


def walk_a_hand(tmp_path: Path, variant: str, size: tuple[int, int], seed: int = 3,
                pass_bids: bool = False) -> tuple[list[str], list[str], int]:
    """Play the first hand of ``variant`` at ``size`` by mouse (passing every bid with ``pass_bids``); ask
    for a hint, the last trick and the score pad on the way. Returns what :func:`problems` found, the
    overlaps seen and how many frames of a hold (the meld on the table) were checked."""
    app, table, screen = make_table(tmp_path, variant, size=size, seed=seed)
    found: list[str] = []
    overlaps: list[str] = []
    hinted = looked = False
    holds = 0
    try:
        rng = random.Random(1)
        for _ in range(40_000):
            if table.game.hand_records:
                with watch_text() as seen:
                    app.stack.draw(screen)
                found += problems(seen)
                break
            with watch_text() as seen:
                app.tick(1 / 60)
                app.stack.draw(screen)
            found += problems(seen)
            overlaps += table_overlaps(table)
            if table.director.hold is not None:
                holds += 1
                click(app, (size[0] // 2, size[1] // 2))
                continue
            if not (table.human_turn and table.director.idle):
                continue
            if not hinted:
                if table.hint_action is None:
                    if not table.hint_asked:
                        key(app, pygame.K_h)
                    continue
                hinted = True
                with watch_text() as seen:
                    app.stack.draw(screen)
                found += problems(seen)
                assert table.hud.hint_box is not None and any(t.text.startswith("Hint: ") for t in seen)
                assert not table.hud.hint.startswith("thinking")
                overlaps += table_overlaps(table)
            if not looked and table.obs.phase == "play" and table.director.news.last_trick:
                looked = True
                for k in (pygame.K_l, pygame.K_s):
                    key(app, k)
                    with watch_text() as seen:
                        app.stack.draw(screen)
                    found += problems(seen)
                    key(app, k)
            choices = mouse_choices(table)
            passes = [a for a in choices if isinstance(a, Pass)] if pass_bids else []
            do_by_mouse(app, table, passes[0] if passes else rng.choice(choices))
        else:
            raise AssertionError("the hand never ended")
    finally:
        app.close()
    return sorted(set(found)), sorted(set(overlaps)), holds


def table_overlaps(table: TableScene) -> list[str]:
    """The hint box or a toast over a button or a card of the table; a card resting over the top bar (while
    the table is idle or holds still: the meld on the table waiting for a click)."""
    covers = [("hint", table.hud.hint_box)] if table.hud.hint_box else []
    if table.director.still:
        covers.append(("the top bar", table.director.lay.status))
    if table.hud.toast_box is not None:
        covers.append(("a toast", table.hud.toast_box))
    buttons = [(f"button {b.text!r}", b.rect) for b in table.panel.buttons + table.tools if b.visible]
    cards = [(f"card {sprite.card}", sprite.rect()) for sprite in table.director.all_sprites()]
    buttons += [(f"name plate of seat {area.seat}", area.plate) for area in table.director.lay.seats]
    return [f"{name} covers {what}" for name, box in covers
            for what, rect in (cards if name == "the top bar" else buttons + cards) if box.colliderect(rect)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_hand_at_the_table_shows_whole_texts_and_nothing_covers_a_button_or_card(
        tmp_path: Path, variant: str, size: tuple[int, int]) -> None:
    found, overlaps, _holds = walk_a_hand(tmp_path, variant, size)
    assert not found, "\n".join(found)
    assert not overlaps, "\n".join(overlaps)


@pytest.mark.parametrize("size", SIZES)
def test_cards_passed_to_north_rest_below_the_top_bar(tmp_path: Path, size: tuple[int, int]) -> None:
    """Partnership auction, seed 1: the player passes every bid, North declares and the player passes
    four cards to North, chosen (raised) by mouse. They lie flat in North's hand, below the top bar,
    through the return and the meld on the table that waits for a click."""
    found, overlaps, holds = walk_a_hand(tmp_path, "partnership_auction", size, seed=1, pass_bids=True)
    assert holds >= 1  # the meld on the table was held and checked
    assert not overlaps, "\n".join(overlaps)
    assert not found, "\n".join(found)
