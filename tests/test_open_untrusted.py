"""Hands from outside, opened at the app (Open a hand record: Paste, a file opened or dropped): a text that
cannot open all its hands opens the others and says which did not and why, a text edited in its readable
lines says so, and bad text or files (a zlib bomb, JSON nested too deep, a number too long, not text, not a
record) give a message in words, never a crash, and leave the file as it was."""

from __future__ import annotations

import base64
import json
import zlib
from functools import cache
from pathlib import Path

import pygame
import pytest
from test_screens_app import FakeApp, _display, app, render

import engine
from engine.hand_text import BEGIN, END, hand_text, share_text
from engine.record import HandRecord, write_records
from engine.sim import play_game
from pinochle_gui.screens.dialogs import MessageDialog
from pinochle_gui.screens.open_record import OpenRecordScene, open_record_file
from pinochle_gui.screens.review import ReviewScene

__all__ = ["_display", "app"]


@pytest.fixture(autouse=True)
def _no_analysis(app: FakeApp) -> None:
    app.update_settings(analyse_hands=False)  # the review's analysis is tested beside its screen


@cache
def three_hands() -> tuple[HandRecord, ...]:
    rules = engine.preset("two_hand")
    return tuple(play_game(engine.new_game(rules, seed=4), ["random", "random"], 4, 3).hand_records)


def paste(app: FakeApp, text: str) -> None:
    """Put ``text`` on the clipboard and press Paste in Open a hand record."""
    scene = app.stack.push(OpenRecordScene(app))
    pygame.scrap.put_text(text)
    scene.open_pasted()


def told(app: FakeApp, heading: str) -> str:
    """The message on top, which must have ``heading``; its words."""
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog), dialog
    assert dialog.heading == heading, dialog.lines
    render(app)
    return " ".join(text for _level, text in dialog.lines)


def under_the_message(app: FakeApp) -> object:
    return app.stack.scenes[-2]


def test_a_paste_with_a_hand_cut_short_opens_the_others_and_says_why(app: FakeApp) -> None:
    records = list(three_hands())
    full = [hand_text(record) for record in records]
    paste(app, full[0] + "\n" + full[1] + "\n" + full[2][: full[2].index(END) - 30])
    assert told(app, "Not every hand opened") == \
        "2 of 3 hands opened; hand 3: the record block is cut short (no END line)."
    review = under_the_message(app)
    assert isinstance(review, ReviewScene) and review.records == records[:2]


def test_a_paste_edited_in_its_readable_lines_opens_as_shared_and_says_so(app: FakeApp) -> None:
    record = three_hands()[0]
    text = hand_text(record)
    result = next(line for line in text.splitlines() if "total" in line)
    paste(app, text.replace(result, result.replace("total", "total about"), 1))
    assert told(app, "The text was edited") == "The text was edited: the hand opens as it was shared."
    review = under_the_message(app)
    assert isinstance(review, ReviewScene) and review.records == [record]


def test_a_paste_as_it_was_shared_opens_without_a_word(app: FakeApp) -> None:
    paste(app, "Look:\n\n" + share_text(three_hands()))
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.records == list(three_hands())


def _bomb() -> str:
    squeezer = zlib.compressobj(9)
    packed = b"".join(squeezer.compress(b" " * (1 << 20)) for _ in range(100)) + squeezer.flush()
    return f"{BEGIN}\n{base64.b64encode(packed).decode('ascii')}\n{END}\n"


def _block(data: bytes) -> str:
    return f"{BEGIN}\n{base64.b64encode(zlib.compress(data)).decode('ascii')}\n{END}\n"


BAD_PASTES = {
    "a zlib bomb": (_bomb, "inflates to more than a hand record can hold"),
    "16,000 BEGIN lines": (lambda: (BEGIN + "\n") * 16_000, "0 of 16,000 hands opened; hand 1: the record block "
                                                             "is cut short (no END line)"),
    "JSON nested 100,000 deep": (lambda: _block(b"[" * 100_000 + b"]" * 100_000), "nested too deeply"),
    "a 5,000-digit number": (lambda: _block(b'{"seed": ' + b"9" * 5000 + b"}"), "a number of 5,000 digits"),
    "JSON that is no object": (lambda: _block(b"[]"), "a hand record is a JSON object"),
    "not UTF-8": (lambda: _block(b'{"players": ["\xe9"]}'), "its record is not UTF-8 text"),
    "one block cut short": (lambda: BEGIN + "\nAAAA\n", "the record block is cut short (no END line)"),
    "no hand at all": (lambda: "hello", "the clipboard holds no hand"),
}


@pytest.mark.parametrize("what", sorted(BAD_PASTES))
def test_a_paste_that_opens_no_hand_says_why_in_words(app: FakeApp, what: str) -> None:
    make, reason = BAD_PASTES[what]
    paste(app, make())
    words = told(app, "No hand to paste")
    assert words.startswith("The copied text cannot be reviewed: ") and reason in words, words
    assert isinstance(under_the_message(app), OpenRecordScene)


def _deep_json() -> bytes:
    return b"[" * 100_000 + b"]" * 100_000


BAD_FILES = {
    "deep.json": (_deep_json, "nested too deeply"),
    "deep.jsonl": (lambda: _deep_json() + b"\n", "deep.jsonl:1: nested too deeply"),
    "number.json": (lambda: b'{"format": ' + b"1" * 5000 + b"}", "a number of 5,000 digits"),
    "number.jsonl": (lambda: b'{"seed": ' + b"1" * 5000 + b"}\n", "number.jsonl:1: a number of 5,000 digits"),
    "latin1.json": (lambda: '{"players": ["Ren\u00e9e"]}'.encode("latin-1"), "not UTF-8 text"),
    "latin1.jsonl": (lambda: '{"players": ["Ren\u00e9e"]}\n'.encode("latin-1"), "not UTF-8 text"),
    "latin1.txt": (lambda: "Ren\u00e9e".encode("latin-1"), "not UTF-8 text"),
    "list.json": (lambda: b"[1, 2]", "a hand record is a JSON object"),
    "text.json": (lambda: b'"a hand"', "a hand record is a JSON object"),
    "nan.json": (lambda: b'{"seed": NaN}', "NaN is not a number"),
    "bomb.txt": (lambda: _bomb().encode("ascii"), "inflates to more than a hand record can hold"),
    "junk.jsonl": (lambda: bytes(range(128, 256)) * 8, "not UTF-8 text"),
    "junk.txt": (lambda: bytes(range(256)) * 8, "not UTF-8 text"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_corrupt_or_foreign_file_gives_a_message_and_is_left_as_it_was(app: FakeApp, tmp_path: Path,
                                                                         name: str) -> None:
    make, reason = BAD_FILES[name]
    path = tmp_path / name
    data = make()
    path.write_bytes(data)
    assert not open_record_file(app, path)
    words = told(app, "Not a hand record")
    assert words.startswith(f"{name} cannot be reviewed: ") and reason in words, words
    assert path.read_bytes() == data


def test_a_text_file_with_a_hand_cut_short_opens_the_others(app: FakeApp, tmp_path: Path) -> None:
    records = list(three_hands())
    text = share_text(records)
    path = tmp_path / "hands.txt"
    path.write_text(text[: text.rindex(END)], encoding="utf-8")
    assert open_record_file(app, path)
    assert told(app, "Not every hand opened") == \
        "2 of 3 hands opened; hand 3: the record block is cut short (no END line)."
    review = under_the_message(app)
    assert isinstance(review, ReviewScene) and review.records == records[:2]


def test_a_json_file_of_several_records_and_a_json_lines_file_named_json_open(app: FakeApp, tmp_path: Path) -> None:
    records = list(three_hands())
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps(records, indent=2), encoding="utf-8")
    assert open_record_file(app, listed)
    assert isinstance(app.stack.top, ReviewScene) and app.stack.top.records == records
    lines = tmp_path / "lines.json"
    write_records(lines, records)
    assert open_record_file(app, lines)
    assert isinstance(app.stack.top, ReviewScene) and app.stack.top.records == records
