"""Issue 13, "Duplicate challenge", in the app: a challenge chosen on its screen and played by posted clicks
and keys, both sides' scores after each deal and at the end, the challenge kept across a restart, and a
damaged challenge save. The computers decide at once (PINOCHLE_THINK_AT_ONCE, tests/conftest.py) and the
hard computer's side is played in this process, so no verdict depends on the machine's speed."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.challenge import challenge_deals, duplicate_score  # noqa: E402
from engine.rules import PRESETS, preset  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.screens.challenge import ChallengeDealScene, ChallengeResultsScene  # noqa: E402
from pinochle_gui.screens.challenge_setup import ChallengeSetupScene  # noqa: E402
from pinochle_gui.screens.dialogs import MessageDialog  # noqa: E402
from pinochle_gui.screens.review import ReviewScene  # noqa: E402
from pinochle_gui.screens.title import TitleScene  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.widgets import Row, ScrollList  # noqa: E402
from pinochle_gui.widgets.text import watch_text  # noqa: E402
from tests.test_table_play import click, do_by_mouse, key, mouse_choices  # noqa: E402

pytestmark = pytest.mark.timeout(300)

SIZE = (1280, 800)


def open_app(home: Path) -> tuple[App, pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    storage = Storage.open(home)
    storage.update_settings(toured=tuple(PRESETS))  # the tour of a new game is tested in test_tour.py
    app = App(parse_args(["--fast", "--seed", "3", "--size", f"{SIZE[0]}x{SIZE[1]}"]), screen, storage)
    app.open_title()
    return app, screen


def frame(app: App, screen: pygame.Surface) -> None:
    app.tick(1 / 60)
    app.stack.draw(screen)


def labelled(app: App, text: str) -> tuple[int, int]:
    """The centre of the button with this text on the scene on top."""
    scene = app.stack.top
    return next(w for w in scene.widgets if getattr(w, "text", None) == text).rect.center  # type: ignore[union-attr]


def row(scene: ChallengeSetupScene, label: str) -> Row:
    return next(r for w in scene.widgets if isinstance(w, ScrollList) for r in w.rows if r.label == label)


def choose_challenge(app: App, screen: pygame.Surface, deals: int, number: str) -> None:
    """From the title screen: Duplicate challenge, the variant, fewer deals and a number, by clicks and typing."""
    click(app, labelled(app, "Duplicate challenge"))
    frame(app, screen)
    setup = app.stack.top
    assert isinstance(setup, ChallengeSetupScene)
    click(app, labelled(app, "Partnership auction"))
    frame(app, screen)
    setup = app.stack.top
    assert isinstance(setup, ChallengeSetupScene)
    deals_row = row(setup, "Deals")
    for _ in range(deals_row.value - deals):  # type: ignore[attr-defined]
        click(app, deals_row.arrows()[0].center)  # type: ignore[attr-defined]
    number_row = row(setup, "Challenge number")
    click(app, number_row.control_rect().center)
    app.stack.process_event(pygame.event.Event(pygame.TEXTINPUT, text=number))
    frame(app, screen)
    click(app, setup.start_button.rect.center)


def texts_on(app: App, screen: pygame.Surface) -> list[str]:
    """Every text of the scene on top, drawn afresh."""
    top = app.stack.top
    assert top is not None
    top.rebuild()  # type: ignore[attr-defined]
    top._layer = None  # type: ignore[attr-defined] # the still picture is drawn again, whatever its key
    with watch_text() as seen:
        app.stack.draw(screen)
    return [t.text for t in seen]


def play_deal(app: App, screen: pygame.Surface, rng: random.Random) -> ChallengeDealScene:
    """Play the deal on the table at random by mouse until the deal's result stands over it."""
    table = app.table
    assert isinstance(table, TableScene) and table.challenge
    for _ in range(40_000):
        frame(app, screen)
        if isinstance(app.stack.top, ChallengeDealScene):
            return app.stack.top
        if table.director.hold is not None or table.director.news.summary is not None:
            click(app, (SIZE[0] // 2, SIZE[1] // 2))
        elif table.human_turn and table.director.idle:
            do_by_mouse(app, table, rng.choice(mouse_choices(table)))
    raise AssertionError("the challenge's deal never ended")


@pytest.mark.slow
def test_a_two_deal_challenge_by_clicks_reports_both_scores(tmp_path: Path) -> None:
    app, screen = open_app(tmp_path / "home")
    try:
        choose_challenge(app, screen, deals=2, number="2024")
        run = app.challenge
        assert run is not None and run.challenge.number == 2024 and run.challenge.deals == 2
        assert run.challenge.rules.variant == "partnership_auction"
        deals = challenge_deals(2024, preset("partnership_auction"), 2)
        rng = random.Random(5)
        for place in range(2):
            table = app.table
            assert table is not None and table.challenge and table.game.scores == [0, 0]
            assert table.game.deal_number == deals[place].deal_number and table.game.dealer == deals[place].dealer
            key(app, pygame.K_h)  # no hints in a challenge
            assert not table.hint_asked
            after = play_deal(app, screen, rng)
            mine = duplicate_score(run.played[place])
            theirs = duplicate_score(run.computer[place])
            assert f"Deal {place + 1} of 2, net: you {mine:+d}, the hard computer {theirs:+d}" in texts_on(app, screen)
            click(app, labelled(app, "See the results" if place == 1 else "Next deal"))
            assert after not in app.stack.scenes
        results = app.stack.top
        assert isinstance(results, ChallengeResultsScene)
        texts = texts_on(app, screen)
        lines = run.results()
        assert [r.computer is not None for r in lines] == [True, True]
        for r in lines:
            assert f"{r.player:+d}" in texts and f"{r.computer:+d}" in texts and f"{r.difference:+d}" in texts
        mine, theirs = run.totals()
        assert mine == sum(r.player for r in lines) and f"{mine - theirs:+d}" in texts
        # the computer's play of deal 2, one click away
        click(app, results.widgets[3].rect.center)
        review = app.stack.top
        assert isinstance(review, ReviewScene) and review.records[review.index]["players"][0] == "Hard computer"
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is results
        # into the challenges' statistics, not the games'; the save is gone
        recorded = app.storage.challenge_results.recent()
        assert [(c.number, c.player_total, c.computer_total) for c in recorded] == [(2024, mine, theirs)]
        assert app.storage.stats.summary().hands == 0
        assert not app.storage.challenge_save.exists()
        click(app, labelled(app, "Done"))
        assert isinstance(app.stack.top, TitleScene) and app.challenge is None
    finally:
        app.close()


@pytest.mark.slow
def test_a_challenge_left_halfway_continues_where_it_was(tmp_path: Path) -> None:
    home = tmp_path / "home"
    app, screen = open_app(home)
    try:
        choose_challenge(app, screen, deals=2, number="77")
        run = app.challenge
        assert run is not None
        play_deal(app, screen, random.Random(2))
        first = run.played[0]
        click(app, labelled(app, "Next deal"))
        table = app.table
        assert table is not None
        rng = random.Random(3)
        while len(table.game.log) < 6:  # a few actions into the second deal
            frame(app, screen)
            if table.human_turn and table.director.idle:
                do_by_mouse(app, table, rng.choice(mouse_choices(table)))
        actions = len(table.game.log)
        app.quit()
    finally:
        app.close()
    app, screen = open_app(home)
    try:
        frame(app, screen)
        click(app, labelled(app, "Continue challenge"))
        run = app.challenge
        table = app.table
        assert run is not None and run.played == [first] and table is not None and table.challenge
        assert len(table.game.log) == actions and table.game.deal_number == run.deals[1].deal_number
    finally:
        app.close()


@pytest.mark.parametrize("content", [b"{not json", json.dumps({"kind": "duplicate challenge", "format": 1,
                                                               "challenge": {"challenge": {"number": -4}}}).encode()])
def test_a_damaged_challenge_save_gives_a_message_and_a_new_challenge_can_start(tmp_path: Path, content: bytes) -> None:
    home = tmp_path / "home"
    storage = Storage.open(home)
    storage.paths.challenge_file.parent.mkdir(parents=True, exist_ok=True)
    storage.paths.challenge_file.write_bytes(content)
    storage.close()
    app, screen = open_app(home)
    try:
        frame(app, screen)
        click(app, labelled(app, "Continue challenge"))
        dialog = app.stack.top
        assert isinstance(dialog, MessageDialog)
        said = " ".join(text for _, text in dialog.lines)
        assert "saved challenge" in said and "a new challenge can be started" in said
        assert app.challenge is None and not app.storage.challenge_save.exists()
        assert list(app.storage.paths.data_dir.glob("challenge.json.bad-*"))  # kept aside, not lost
        key(app, pygame.K_RETURN)
        frame(app, screen)
        assert isinstance(app.stack.top, TitleScene)
        assert "Continue challenge" not in [getattr(w, "text", "") for w in app.stack.top.widgets]
    finally:
        app.close()


def test_finished_challenges_in_the_statistics_best_average_and_reset(tmp_path: Path) -> None:
    from pinochle_gui.screens.statistics import StatisticsScene
    from pinochle_gui.storage.challenges import FinishedChallenge

    app, screen = open_app(tmp_path / "home")
    try:
        results = app.storage.challenge_results
        assert results.recent() == [] and results.best_and_average() is None  # the table is made when needed
        for number, (mine, theirs) in enumerate([(100, 40), (-30, 50), (200, 90)], 1):
            assert results.record(FinishedChallenge(number, "two_hand", 8, mine, theirs, float(number))) == []
        assert [c.difference for c in results.recent()] == [60, -80, 110]
        assert results.best_and_average() == (110, 30.0, 3)
        scene = StatisticsScene(app)
        app.stack.push(scene)
        scene._set_chart("challenges")
        assert "Best +110, average +30 over 3 challenges" in texts_on(app, screen)
        assert app.storage.stats.reset() == []
        assert results.recent() == [] and results.best_and_average() is None
    finally:
        app.close()


@pytest.mark.slow
def test_a_challenge_played_out_before_the_computer_is_done_is_counted_after_a_restart(tmp_path: Path) -> None:
    """The player's deals are all played and saved, the computer's not yet: Continue challenge shows the
    results, the computer's deals fill in, and the challenge goes into the statistics."""
    from engine.challenge import Challenge, deal_game
    from engine.players import RandomPlayer
    from pinochle_gui.challenge_run import new_run

    home = tmp_path / "home"
    run = new_run(Challenge(5, preset("two_hand"), 2, (None, "easy")), ["You", "North"], [1, 3])
    for deal in run.deals:
        game = deal_game(run.challenge.rules, deal)
        players = [RandomPlayer(seat) for seat in range(2)]
        while not game.hand_records:
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game, seat))
        run.deal_played(game.hand_records[0])
    storage = Storage.open(home)
    storage.challenge_save.save(run.to_dict())
    storage.close()
    app, screen = open_app(home)
    try:
        frame(app, screen)
        click(app, labelled(app, "Continue challenge"))
        assert isinstance(app.stack.top, ChallengeResultsScene)
        frame(app, screen)
        continued = app.challenge
        assert continued is not None and continued.played == run.played and continued.complete
        mine, theirs = continued.totals()
        recorded = app.storage.challenge_results.recent()
        assert [(c.number, c.deals, c.player_total, c.computer_total) for c in recorded] == [(5, 2, mine, theirs)]
        assert not app.storage.challenge_save.exists()
    finally:
        app.close()
