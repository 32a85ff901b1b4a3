"""The pause menu over the table and the hand history of the game in progress (view and export)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from test_screens_app import SIZES, FakeApp, _display, app, button_named, click, click_button, key, render

import engine
from engine.cards import HEARTS, SPADES, parse_card, parse_cards
from engine.deal import shared_deal_number
from engine.events import HandCount
from engine.game import Game
from engine.history import DixExchange, PassedCards
from engine.players import RandomPlayer
from engine.record import read_records
from pinochle_gui.scene import Scene
from pinochle_gui.screens import history_scene, pause_scene
from pinochle_gui.screens.dialogs import MessageDialog
from pinochle_gui.screens.history import HistoryScene, detail_lines, export_path, result_text
from pinochle_gui.screens.pause import PauseScene
from pinochle_gui.screens.rules import RulesScene
from pinochle_gui.screens.settings import SettingsScene
from pinochle_gui.widgets import MenuButton

__all__ = ["_display", "app"]


def played(variant: str, hands: int, seed: int = 3) -> Game:
    game = engine.new_game(engine.preset(variant), seed=seed)
    players = [RandomPlayer(seat) for seat in range(game.rules.players)]
    while len(game.hand_records) < hands and not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    return game


class Table(Scene):
    """Stands in for the table scene under the pause menu."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 90, 40))


def open_pause(app: FakeApp, game: Game) -> PauseScene:
    app.stack.push(Table())
    scene = app.stack.push(pause_scene(app, game))
    assert isinstance(scene, PauseScene)
    render(app)
    return scene


def test_resume_by_button_and_by_escape(app: FakeApp) -> None:
    game = played("partnership_auction", 1)
    open_pause(app, game)
    click_button(app, "Resume")
    assert isinstance(app.stack.top, Table)
    app.stack.push(pause_scene(app, game))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, Table)


def test_rules_settings_and_history_open_over_the_pause(app: FakeApp) -> None:
    game = played("three_hand", 1)
    pause = open_pause(app, game)
    for text, kind in (("Rules", RulesScene), ("Settings", SettingsScene), ("Hand history", HistoryScene)):
        click_button(app, text)
        assert isinstance(app.stack.top, kind)
        render(app)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is pause
    click_button(app, "Rules")
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.rules == game.rules


def test_save_and_quit_and_quit_go_to_the_app(app: FakeApp) -> None:
    open_pause(app, played("two_hand", 0))
    click_button(app, "Save and quit to title")
    assert app.left == 1
    click_button(app, "Quit")
    assert app.quitted == 1


def test_pause_shows_hand_deal_and_scores(app: FakeApp) -> None:
    game = played("partnership_auction", 2)
    game.players = ["Ada", "Bert", "Cleo", "Dan"]
    pause = open_pause(app, game)
    line, scores = pause.summary_lines()
    shared = shared_deal_number(game.deal_number, game.hand.deal.dealer, 4)  # the deal and its dealer in one
    assert line == f"Hand 3  ·  deal {shared}"
    assert scores == f"Ada & Cleo {game.scores[0]}    Bert & Dan {game.scores[1]}"


def test_the_pause_over_a_hands_summary_names_the_hand_the_table_shows(app: FakeApp) -> None:
    """Over hand 2's summary the engine has dealt hand 3 already: the pause says what the table's board does."""
    game = played("two_hand", 2)
    game.players = ["You", "North"]
    pause = app.stack.push(pause_scene(app, game, board=((410, 380), 2, 1234567)))
    assert isinstance(pause, PauseScene) and game.hand_number == 3
    assert pause.summary_lines() == ("Hand 2  ·  deal 1234567", "You 410    North 380")


@pytest.mark.parametrize("variant", list(engine.PRESETS))
def test_history_lists_every_finished_hand(app: FakeApp, variant: str) -> None:
    game = played(variant, 2)
    scene = app.stack.push(history_scene(app, game))
    assert isinstance(scene, HistoryScene)
    assert scene.records == game.hand_records and scene.selected == len(game.hand_records) - 1
    render(app)
    record = game.hand_records[0]
    lines = " ".join(text for _, text in detail_lines(game.hands_played[0]))
    assert f"Deal {record['seed']}" in lines
    for entry in record["melds"]:
        assert f"{record['players'][entry['seat']]}: {entry['points']}" in lines
    for delta in record["score_delta"]:
        assert f"change {delta:+d}" in lines


def test_history_choose_a_hand_by_keys_and_click(app: FakeApp) -> None:
    game = played("partnership_auction", 3)
    scene = app.stack.push(history_scene(app, game))
    assert isinstance(scene, HistoryScene)
    key(app, pygame.K_UP)
    assert scene.selected == 1
    key(app, pygame.K_HOME)
    assert scene.selected == 0
    click(app, scene.item_rect(2).center)
    assert scene.selected == 2
    render(app)


def test_result_text_reads_the_hand() -> None:
    hand = played("partnership_auction", 1).hands_played[0]
    assert hand.scored is not None and isinstance(hand.scored.ended, HandCount)
    went_set = replace(hand.scored, ended=replace(hand.scored.ended, went_set=True, how="played"))
    north = replace(hand, players=("You", "West", "North", "East"), declarer=2, bid=310, trump=HEARTS,
                    scored=went_set)
    assert result_text(north) == "North 310 in hearts: set"
    assert result_text(replace(hand, declarer=None, bid=None, trump=SPADES)) == "Trump spades"


def test_export_writes_hand_records_that_read_back(app: FakeApp) -> None:
    game = played("partnership_auction", 2)
    scene = app.stack.push(history_scene(app, game))
    assert isinstance(scene, HistoryScene)
    click_button(app, "Export records")
    assert isinstance(app.stack.top, MessageDialog)
    path = scene.exported
    assert path is not None
    assert path.parent == app.storage.paths.data_dir / "exports"
    assert read_records(path) == game.hand_records
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene


def test_export_failure_is_reported(app: FakeApp, tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.mkdir(exist_ok=True)
    (blocker / "exports").write_text("a file where the folder should be", encoding="utf-8")
    scene = app.stack.push(history_scene(app, played("two_hand", 1)))
    click_button(app, "Export records")
    top = app.stack.top
    assert isinstance(top, MessageDialog) and top.heading == "Export failed"
    assert scene is not top


def test_no_hands_yet(app: FakeApp) -> None:
    scene = app.stack.push(history_scene(app, played("two_hand", 0)))
    assert not button_named(scene, "Export records").enabled
    render(app)


def test_export_names_are_safe() -> None:
    path = export_path(Path("/x"), "../../etc 7", now=0)
    assert path.parent == Path("/x") and path.name.startswith("pinochle-etc7-")


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_pause_and_history_fit_every_window(app: FakeApp, size: tuple[int, int]) -> None:
    app.stack.resize(size)
    game = played("double_deck", 2)
    window = pygame.Rect(0, 0, *size)
    for scene in (pause_scene(app, game), history_scene(app, game)):
        app.stack.push(scene)
        render(app)
        for widget in scene.widgets:  # type: ignore[attr-defined]
            assert window.contains(widget.rect)
        app.stack.pop()


def test_the_pause_menu_takes_a_theme_changed_in_the_settings_at_once(app: FakeApp) -> None:
    pause = open_pause(app, played("two_hand", 1))
    assert app.settings.table_theme != "wood"
    click_button(app, "Settings")
    app.update_settings(table_theme="wood")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is pause
    render(app)
    assert {w.theme.name for w in pause.widgets} == {"wood"}


def test_the_hand_history_names_cards_by_rank_and_suit_symbol() -> None:
    hand = played("partnership_auction", 1).hands_played[0]
    hand = replace(hand, players=("You", "West", "North", "East"),
                   passes=(PassedCards(2, 0, tuple(parse_cards("AS TH KD QC"))),),
                   deal=replace(hand.deal, turnup=parse_card("9D")),
                   dix_exchanges=(DixExchange(1, parse_card("9H"), parse_card("KH")),))
    lines = [text for _style, text in detail_lines(hand)]
    assert "North passed A♠ 10♥ K♦ Q♣ to You" in lines
    assert "Turned up: 9♦" in lines and "West exchanged the dix 9♥ for K♥" in lines


def test_a_hand_set_without_play_says_why() -> None:
    hand = played("partnership_auction", 1).hands_played[0]
    assert hand.scored is not None and isinstance(hand.scored.ended, HandCount)
    not_on_board = replace(hand.scored, ended=replace(hand.scored.ended, went_set=True, how="not_on_board"))
    north = replace(hand, players=("You", "West", "North", "East"), declarer=2, bid=310, trump=HEARTS,
                    scored=not_on_board)
    assert result_text(north) == "North 310 in hearts: set (before play, too little meld)"


def test_during_a_duplicate_challenge_the_pause_speaks_of_the_challenge(app: FakeApp) -> None:
    game = played("partnership_auction", 1)
    app.stack.push(Table())
    tips = {}
    for challenge in (False, True):
        scene = app.stack.push(pause_scene(app, game, challenge))
        render(app)
        tips[challenge] = {b.text: b.tooltip for b in scene.widgets if isinstance(b, MenuButton)}
        app.stack.pop()
    assert tips[False]["Save and quit to title"] == "Your game is kept: Continue brings it back"
    assert tips[True]["Save and quit to title"] == "Your challenge is kept: Continue challenge brings it back"
    assert tips[True]["Quit"] == "Close the app; the challenge is saved"
