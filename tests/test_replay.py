"""Issue 13, "Review" and "Play this deal again": the hand summary's buttons, a deal played again with the
same cards, seats, names and levels as a one-hand game, the two results side by side, and the saved game
and the statistics untouched by it. Everything by posted clicks and keys at explicit positions."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.cards import format_cards  # noqa: E402
from engine.challenge import duplicate_score  # noqa: E402
from engine.save import game_to_dict  # noqa: E402
from pinochle_gui.screens.hand_steps import Nav
from pinochle_gui.screens.history import HistoryScene  # noqa: E402
from pinochle_gui.screens.replay import ReplayResultScene, hand_table, verdict  # noqa: E402
from pinochle_gui.screens.review import ReviewScene  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from tests.test_table_play import click, do_by_mouse, key, make_table, mouse_choices  # noqa: E402

pytestmark = pytest.mark.timeout(180)


def frame(app: App, screen: pygame.Surface) -> None:
    app.tick(1 / 60)
    app.stack.draw(screen)


def to_summary(app: App, table: TableScene, screen: pygame.Surface, rng: random.Random) -> None:
    """Play (at random, by mouse) until the hand's summary stands on the table with its buttons."""
    for _ in range(40_000):
        frame(app, screen)
        director = table.director
        if director.news.summary is not None and table.end_buttons:
            return
        if director.hold is not None:
            click(app, (screen.get_width() // 2, screen.get_height() // 2))
        elif table.human_turn and director.idle:
            do_by_mouse(app, table, rng.choice(mouse_choices(table)))
    raise AssertionError("no summary")


def button(table: TableScene, text: str) -> tuple[int, int]:
    return next(b for b in table.end_buttons if b.text == text).rect.center


def saved_actions(app: App) -> list[Any]:
    app.saver.flush(10)
    saved, _ = app.storage.saves.load()
    assert saved is not None
    return list(saved.game["actions"])


def test_the_summarys_review_opens_the_hand_just_played(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=21)
    try:
        to_summary(app, table, screen, random.Random(1))
        assert [b.text for b in table.end_buttons] == ["Review", "Play this deal again"]
        click(app, button(table, "Review"))
        review = app.stack.top
        assert isinstance(review, ReviewScene)
        assert review.records[review.index] is table.game.hand_records[-1]
        key(app, pygame.K_ESCAPE)
        frame(app, screen)
        assert app.stack.top is table and table.director.news.summary is not None  # the summary waits
        key(app, pygame.K_v)  # V: the same review
        assert isinstance(app.stack.top, ReviewScene)
    finally:
        app.close()


def play_replay(app: App, screen: pygame.Surface, rng: random.Random) -> tuple[TableScene, ReplayResultScene]:
    """Play the deal again on the table on top until its result is shown beside the first time."""
    table = app.table
    assert table is not None and table.original is not None
    for _ in range(40_000):
        frame(app, screen)
        if isinstance(app.stack.top, ReplayResultScene):
            return table, app.stack.top
        if table.director.hold is not None:
            click(app, (screen.get_width() // 2, screen.get_height() // 2))
        elif table.human_turn and table.director.idle:
            do_by_mouse(app, table, rng.choice(mouse_choices(table)))
    raise AssertionError("the deal played again never ended")


def test_a_deal_played_again_has_the_same_cards_seats_and_levels_and_leaves_the_game_alone(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=8, level="easy")
    try:
        to_summary(app, table, screen, random.Random(4))
        original = table.game.hand_records[-1]
        saved = saved_actions(app)
        hands_counted = app.storage.stats.summary().hands
        assert hands_counted == 1
        click(app, button(table, "Play this deal again"))
        again = app.table
        assert isinstance(again, TableScene) and again is not table and again.original is original
        assert [format_cards(h) for h in again.game.hand.deal.hands] == original["deal"]  # dealt, before play
        assert again.config.names == table.config.names and again.config.levels == table.config.levels
        assert [s.level for s in again.seats] == [None, "easy", "easy", "easy"]
        replay_table, result = play_replay(app, screen, random.Random(9))
        replay = replay_table.game.hand_records[0]
        assert replay["deal"] == original["deal"] and replay["dealer"] == original["dealer"]
        assert replay["players"] == original["players"]
        assert len(replay_table.game.hand_records) == 1  # one hand: the next deal is never played
        # the two results side by side, as the panel draws them
        assert (result.original, result.replay) == (original, replay)
        for record in (original, replay):
            head, rows = hand_table(record)
            assert rows[0] == ["", "Meld", "Tricks", "Change"]
            assert [row[2] for row in rows[1:]] == [str(p) for p in record["trick_points"]]
            assert [row[3] for row in rows[1:]] == [f"{d:+d}" for d in record["score_delta"]]
            assert head.endswith(("made it", "went set")) or "threw in" in head or "could not" in head
        said = verdict(original, replay, 0)  # net: the side's score less the opponents', both times
        assert said.startswith("Your side's net") and f"{duplicate_score(original, 0):+d}" in said
        assert f"{duplicate_score(replay, 0):+d}" in said
        frame(app, screen)
        # Review original / Review replay / Back
        click(app, next(w for w in result.widgets if getattr(w, "text", "") == "Review replay").rect.center)
        review = app.stack.top
        assert isinstance(review, ReviewScene) and review.records[review.index] is replay
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is result
        click(app, next(w for w in result.widgets if getattr(w, "text", "") == "Back").rect.center)
        assert app.stack.top is table and app.table is table
        # nothing of the replay reached the save or the statistics
        assert saved_actions(app) == saved == game_to_dict(table.game)["actions"]
        assert app.storage.stats.summary().hands == hands_counted
    finally:
        app.close()


def test_a_replay_of_a_replay_plays_alike(tmp_path: Path) -> None:
    """The computers of a deal played again are seeded by its deal number: the same choices of the player
    give the very same hand, however often it is played again."""
    app, table, screen = make_table(tmp_path, "three_hand", seed=3, level="easy")
    try:
        to_summary(app, table, screen, random.Random(2))
        original = table.game.hand_records[-1]
        played = []
        for _ in range(2):
            assert app.replay_deal(original if not played else played[-1])
            replay_table, result = play_replay(app, screen, random.Random(5))
            played.append(replay_table.game.hand_records[0])
            result.back()
        assert played[0]["actions"] == played[1]["actions"] and played[0]["deal"] == original["deal"]
    finally:
        app.close()


def test_the_history_and_the_review_play_a_deal_again(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "two_hand", seed=6)
    try:
        to_summary(app, table, screen, random.Random(3))
        record = table.game.hand_records[-1]
        app.stack.push(HistoryScene(app, table.game))
        frame(app, screen)
        key(app, pygame.K_a)
        again = app.table
        assert isinstance(again, TableScene) and again.original is record
        assert [format_cards(h) for h in again.game.hand.deal.hands] == record["deal"]
        app.stack.pop()
        app.review_hand([record], 0)
        review = app.stack.top
        assert isinstance(review, ReviewScene)
        frame(app, screen)
        click(app, review.nav[Nav.PLAY_AGAIN].rect.center)
        assert isinstance(app.table, TableScene) and app.table.original is record and app.table is not again
    finally:
        app.close()


def test_a_one_deal_table_says_so_on_its_score_board() -> None:
    """A deal played again and a challenge's deal are no game to a target: the board's foot says so."""
    from pinochle_gui.table import scorepad
    from pinochle_gui.theme import get_theme
    from pinochle_gui.widgets.text import watch_text

    surface = pygame.Surface((400, 200))
    with watch_text() as seen:
        for one_deal in (False, True):
            scorepad.draw_pad(surface, pygame.Rect(0, 0, 300, 120), get_theme("green"), ["Us", "Them"], [0, 0], 1500,
                              hand_number=0 if one_deal else 3, deal_number=77, one_deal=one_deal)
    said = [t.text for t in seen if "deal 77" in t.text]
    assert said == ["Hand 3 · game to 1500 · deal 77", "One deal, scored alone · deal 77"]
