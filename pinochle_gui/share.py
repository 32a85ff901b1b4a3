"""Sharing hands and pictures: a game's hands as text (:mod:`engine.hand_text`) on the clipboard, and a
picture of the window as a PNG file.

Where there is no clipboard other programs can read (SDL's dummy and offscreen drivers keep text inside
this process only) the text is saved as a ``.txt`` file beside the exported hand records instead, and
the message says where. Pasting the text back (:func:`pasted_hands`), or opening or dropping the file,
opens the same hands in the review.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from pathlib import Path

import pygame
import pygame.scrap

from engine.hand_text import SharedHands, has_hand_text, read_hand_text, share_text
from engine.record import HandRecord, RecordError, read_hand

NO_CLIPBOARD_DRIVERS = ("dummy", "offscreen")


def share_folder(data_dir: Path) -> Path:
    """Where shared text files and pictures go: beside the exported hand records."""
    return data_dir / "exports"


def has_clipboard() -> bool:
    """True when text put on the clipboard reaches other programs."""
    return pygame.display.get_init() and pygame.display.get_driver() not in NO_CLIPBOARD_DRIVERS


def _stamp(now: float | None) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "game"


def copy_hands(records: Sequence[HandRecord], data_dir: Path, now: float | None = None) -> tuple[str, str]:
    """Put the hands of ``records`` on the clipboard as text, else save them as a text file; returns a
    title and a sentence for the player saying which and where."""
    one = len(records) == 1
    count, are, it = ("The hand", "is", "it") if one else (f"The {len(records)} hands", "are", "them")
    text = share_text(records)
    if has_clipboard():
        try:
            pygame.scrap.put_text(text)
            if pygame.scrap.get_text() == text:
                return "Copied", (f"{count} {are} on the clipboard as text: paste {it} into a message, or into "
                                  f"Open a hand record to review {it} again.")
        except pygame.error:
            pass  # no clipboard after all: saved as a file below
    game_id = (read_hand(records[0]).game_id or "game") if records else "game"
    path = share_folder(data_dir) / f"hands-{_safe(game_id)}-{_stamp(now)}.txt"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        return "Not copied", f"There is no clipboard here, and the text could not be saved: {err.strerror or err}"
    return "Saved as text", (f"There is no clipboard here, so {count[:1].lower() + count[1:]} went to {path}. "
                             f"Open or drop that file to review {it} again.")


def save_picture(surface: pygame.Surface, data_dir: Path, what: str, now: float | None = None) -> tuple[str, str]:
    """Save ``surface`` as a PNG named after ``what`` (``"table"``); returns a title and a sentence."""
    path = share_folder(data_dir) / f"{_safe(what)}-{_stamp(now)}.png"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
    except (OSError, pygame.error) as err:
        return "No picture", f"The picture could not be saved: {getattr(err, 'strerror', None) or err}"
    return "Picture saved", f"The picture is {path}."


def pasted_hands() -> SharedHands:
    """The hands in the text on the clipboard: those that open, and those that do not and why
    (:func:`engine.hand_text.read_hand_text`); :class:`RecordError` saying why when it holds none."""
    text = ""
    if pygame.display.get_init():
        try:
            text = pygame.scrap.get_text()
        except pygame.error:
            text = ""
    if not has_hand_text(text):
        raise RecordError("the clipboard holds no hand: copy one first (pause menu, Copy hands)")
    return read_hand_text(text)
