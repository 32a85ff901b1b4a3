"""Sharing at the app: the pause menu copies the game's hands as text (a .txt file beside the exports when
there is no clipboard, as under the dummy driver) and saves a picture of the table; the text opens the same
hands again from Open a hand record (the file, a drop, or the pasted text)."""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.hand_text import hand_text  # noqa: E402
from engine.record import RecordError  # noqa: E402
from pinochle_gui.screens.dialogs import MessageDialog  # noqa: E402
from pinochle_gui.screens.open_record import OpenRecordScene, load_records  # noqa: E402
from pinochle_gui.screens.pause import PauseScene  # noqa: E402
from pinochle_gui.screens.review import ReviewScene  # noqa: E402
from pinochle_gui.share import has_clipboard, pasted_hands, share_folder  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.widgets import Button  # noqa: E402
from tests.test_table_play import do_by_mouse, key, make_table, mouse_choices  # noqa: E402


def play_a_hand(tmp_path: Path) -> tuple[App, TableScene]:
    app, table, _screen = make_table(tmp_path, "two_hand", seed=4)
    rng = random.Random(2)
    for _ in range(20_000):
        if table.game.hand_records:
            return app, table
        app.tick(1 / 60)
        if table.director.hold is not None:
            table.director.hold.release()
        elif table.human_turn and table.director.idle:
            do_by_mouse(app, table, rng.choice(mouse_choices(table)))
    raise AssertionError("the hand never ended")


def button(scene: PauseScene | OpenRecordScene, text: str) -> Button:
    (found,) = [w for w in scene.widgets if isinstance(w, Button) and w.text == text]
    return found


def said(app: App) -> str:
    top = app.stack.top
    assert isinstance(top, MessageDialog), top
    return " ".join(text for _style, text in top.lines)


def test_the_pause_menu_copies_the_hands_as_text_that_opens_them_again(tmp_path: Path) -> None:
    app, table = play_a_hand(tmp_path)
    try:
        assert not has_clipboard()  # the dummy driver: the text goes to a file
        table.open_menu()
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        button(pause, "Copy hands").click()
        folder = share_folder(app.storage.paths.data_dir)
        (text_file,) = folder.glob("hands-*.txt")
        assert str(text_file) in said(app)
        assert load_records(text_file) == table.game.hand_records
        assert text_file.read_text(encoding="utf-8") == hand_text(table.game.hand_records[0])
        (folder / "notes.txt").write_text("not a hand", encoding="utf-8")
        chooser = OpenRecordScene(app)
        chooser.resize(app.size)
        assert text_file in chooser.files and folder / "notes.txt" not in chooser.files
    finally:
        app.close()


def test_the_pause_menu_saves_a_picture_of_the_table_behind_it(tmp_path: Path) -> None:
    app, table = play_a_hand(tmp_path)
    try:
        table.open_menu()
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        button(pause, "Save picture").click()
        (picture,) = share_folder(app.storage.paths.data_dir).glob("table-*.png")
        assert str(picture) in said(app)
        image = pygame.image.load(str(picture))
        assert image.get_size() == app.size
        expected = pygame.Surface(app.size)
        table.draw(expected)
        assert image.get_at((app.size[0] // 2, 5)) == expected.get_at((app.size[0] // 2, 5))  # not dimmed
    finally:
        app.close()


def test_open_a_hand_record_takes_the_text_file_and_the_pasted_text(tmp_path: Path) -> None:
    app, table = play_a_hand(tmp_path)
    try:
        records = table.game.hand_records
        text_file = tmp_path / "shared.txt"
        text_file.write_text("From a friend:\n\n" + hand_text(records[0]), encoding="utf-8")
        screen = OpenRecordScene(app)
        app.stack.push(screen)
        assert load_records(text_file) == records
        pygame.scrap.put_text("nothing to see")
        button(screen, "Paste").click()
        assert "no hand" in said(app)
        app.stack.pop()
        pygame.scrap.put_text(hand_text(records[0]))
        assert pasted_hands().whole() == records
        key(app, pygame.K_v, pygame.KMOD_CTRL)
        review = app.stack.top
        assert isinstance(review, ReviewScene) and review.records == list(records)
    finally:
        app.close()


def test_a_text_file_without_a_hand_is_refused_with_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("just some notes", encoding="utf-8")
    with pytest.raises(RecordError, match="no hand record block"):
        load_records(path)


def test_the_message_of_copied_hands_says_them_for_several_and_it_for_one(tmp_path: Path) -> None:
    from engine.game import new_game
    from engine.rules import preset
    from engine.sim import play_game
    from pinochle_gui.share import copy_hands

    records = play_game(new_game(preset("two_hand"), seed=3), ["random", "random"], 3, 2).hand_records
    _title, two = copy_hands(records[:2], tmp_path, now=0)
    _title, one = copy_hands(records[:1], tmp_path, now=1)
    assert "the 2 hands went to" in two and "review them again" in two and " it " not in two
    assert "the hand went to" in one and "review it again" in one
