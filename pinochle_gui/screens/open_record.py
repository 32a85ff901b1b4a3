"""Open a hand record: the record files found in the app's data folder (its exports) and in the folder
of the last file opened, a field to type a path, and a file dropped on the window (the shell calls
:func:`open_record_file`). pygame has no native file dialog, so these three are the choosers.

A file may hold many hands (JSON Lines): the review offers them all. A hand shared as text
(:mod:`engine.hand_text`, a ``.txt`` file or the clipboard's text, pasted with the Paste button) opens the
same way. A file that cannot be read or is not a hand record gives a message saying why
(:class:`engine.record.RecordError`), never a crash, and is left as it is. A text of several hands opens
those it can, and says which did not and why, and which were edited in their readable lines.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine.hand_text import SharedHands, has_hand_text, read_hand_text
from engine.record import HandRecord, RecordError, check_record, read_json, read_records
from pinochle_gui.screens.dialogs import message
from pinochle_gui.screens.review import open_review
from pinochle_gui.screens.screen import Screen
from pinochle_gui.share import pasted_hands
from pinochle_gui.widgets import Row, ScrollList, TextRow, blit_text

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App

SUFFIXES = (".jsonl", ".json", ".txt")
MAX_FILES = 200
TEXT_PEEK = 100_000  # characters of a .txt read to see whether it holds a shared hand (its words come first)
MAX_FILE_BYTES = 50_000_000  # thousands of hands; anything bigger is no record file of ours
LAST_FOLDER_FILE = "last_record_folder.txt"


def load_hands(path: Path) -> SharedHands:
    """The hands of a file. A shared text (.txt) opens hand by hand: those that cannot open say why, the
    others open. A records file (JSON Lines, or one JSON record or a list of them in a .json file) opens
    whole or not at all. :class:`RecordError` saying why when the file is none of these, or too big;
    ``OSError`` when it cannot be read at all."""
    if "\0" in str(path):
        raise RecordError("a file name cannot hold a NUL character")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise RecordError(f"{path.name} is too big for a file of hand records")
    suffix = path.suffix.lower()
    if suffix in (".txt", ".json"):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{path.name} is not UTF-8 text") from None
        if suffix == ".txt" and (has_hand_text(text) or not text.lstrip().startswith("{")):
            return read_hand_text(text)
        if suffix == ".json" and not _json_lines(text):
            data = read_json(text)
            return SharedHands([check_record(record) for record in (data if isinstance(data, list) else [data])],
                               [], [])
    return SharedHands(read_records(path), [], [])


def _json_lines(text: str) -> bool:
    """Whether a .json file's text is JSON Lines after all: more than one line, each an object."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return len(lines) > 1 and all(line.startswith("{") and line.endswith("}") for line in lines)


def load_records(path: Path) -> list[HandRecord]:
    """Every hand record of a file, or :class:`RecordError` naming the first hand that cannot open."""
    return load_hands(path).whole()


def open_record_file(app: App, path: str | Path) -> bool:
    """Open the review of the hands in ``path``, or say why not; True when the review is shown."""
    path = Path(path).expanduser()
    try:
        hands = load_hands(path)
    except RecordError as err:
        message(app, "Not a hand record", f"{path.name} cannot be reviewed: {err}")
        return False
    except OSError as err:
        message(app, "The file cannot be read", f"{path}: {err.strerror or err}")
        return False
    if not hands.records:
        if hands.refused:
            message(app, "Not a hand record", f"{path.name} cannot be reviewed: {hands.report()}.")
        else:
            message(app, "No hands in the file", f"{path.name} holds no hand record.")
        return False
    remember_folder(app, path.resolve().parent)
    return open_hands(app, hands)


def open_hands(app: App, hands: SharedHands) -> bool:
    """The review of the hands that opened, and over it a word on those that did not and why, or whose
    readable lines were edited; True when the review is shown."""
    shown = open_review(app, hands.records)
    told = hands.report()
    if shown and told:
        message(app, "Not every hand opened" if hands.refused else "The text was edited",
                told[0].upper() + told[1:] + ".")
    return shown


def _last_folder_file(app: App) -> Path:
    return app.storage.paths.data_dir / LAST_FOLDER_FILE


def remember_folder(app: App, folder: Path) -> None:
    try:
        _last_folder_file(app).write_text(str(folder), encoding="utf-8")
    except OSError:
        pass  # only a convenience: the list will miss this folder next time


def record_folders(app: App) -> list[Path]:
    """Where the list looks: the app's data folder, its exports, and the folder of the last file opened."""
    data = app.storage.paths.data_dir
    folders = [data, data / "exports"]
    try:
        last = Path(_last_folder_file(app).read_text(encoding="utf-8").strip())
    except (OSError, UnicodeDecodeError, ValueError):
        last = None
    if last is not None and str(last) and last not in folders:
        folders.append(last)
    return folders


def record_files(folders: list[Path]) -> list[Path]:
    """The record files in ``folders`` (not their subfolders), newest first."""
    found: list[tuple[float, Path]] = []
    for folder in folders:
        try:
            for path in folder.iterdir():
                if path.suffix.lower() in SUFFIXES and path.is_file() and _may_hold_hands(path):
                    found.append((path.stat().st_mtime, path))
        except OSError:
            continue
    return [path for _, path in sorted(found, key=lambda f: (-f[0], str(f[1])))][:MAX_FILES]


def _may_hold_hands(path: Path) -> bool:
    """Record files all; a text file only when it holds a hand shared as text (not any notes)."""
    if path.suffix.lower() != ".txt":
        return True
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return has_hand_text(f.read(TEXT_PEEK))
    except OSError:
        return False


class FileRow(Row):
    """One record file: its name, and its folder under it; Enter or a click opens it."""

    compact = False

    def __init__(self, path: Path, on_open: Callable[[Path], object]) -> None:
        super().__init__(path.name, str(path.parent))
        self.path = path
        self.on_open = on_open

    def activate(self) -> None:
        self.on_open(self.path)

    def process_event(self, event: pygame.event.Event) -> bool:
        if (self.visible and event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and self.rect.collidepoint(event.pos)):
            self.activate()
            return True
        return False

    def control_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right, self.rect.y, 0, self.rect.h)  # the row is all label


class OpenRecordScene(Screen):
    heading = "Open a hand record"

    def build(self) -> None:
        w, h = self.size
        m = self.px(40)
        width = min(w - 2 * m, self.px(900))
        x = (w - width) // 2
        top = self.px(96)
        self.path_row = TextRow("File", "", help="Type the path of a record file and press Open",
                                max_length=1000, placeholder="…/hands.jsonl")
        self.path_row.rect = pygame.Rect(x, top, width, self.px(62))
        self.path_row.text_size = self.px(18)
        self.add(self.path_row)
        bw, bh = self.px(190), self.px(50)
        y = h - bh - self.px(20)
        self.button(pygame.Rect(x, y, bw, bh), "Open", self.open_typed, None, "Open the file typed above")
        self.button(pygame.Rect(x + bw + self.px(16), y, bw, bh), "Paste", self.open_pasted, None,
                    "Open the hands copied as text")
        back = self.button(pygame.Rect(x + width - bw, y, bw, bh), "Back", self.back)
        list_top = top + self.px(110)
        self.files = record_files(record_folders(self.app))
        rows = [FileRow(path, self.open_path) for path in self.files]
        for row in rows:
            row.text_size = self.px(17)
        self.list_rect = pygame.Rect(x, list_top, width, max(self.px(60), y - list_top - self.px(16)))
        self.add(ScrollList(self.list_rect, rows, self.px(56), self.theme))
        self.set_focus(rows[0] if rows else back)

    def open_typed(self) -> None:
        typed = self.path_row.text.strip()
        if not typed:
            message(self.app, "No file named", "Type the path of a hand record file, choose one from the list, "
                                               "or drop a file on the window.")
            return
        self.open_path(Path(typed))

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:  # Ctrl+V: the copied hands
            self.open_pasted()
            return True
        return False

    def open_pasted(self) -> None:
        try:
            hands = pasted_hands()
        except RecordError as err:
            message(self.app, "No hand to paste", f"The copied text cannot be reviewed: {err}.")
            return
        if not hands.records:
            message(self.app, "No hand to paste", f"The copied text cannot be reviewed: {hands.report()}.")
            return
        open_hands(self.app, hands)

    def open_path(self, path: Path) -> None:
        open_record_file(self.app, path)

    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.theme
        r = self.list_rect
        text = ("Record files in the game's folder and where you last opened one"
                if self.files else "No record files found here yet: export hands from the hand history, "
                                   "type a path above, paste copied hands, or drop a file on the window.")
        blit_text(surface, text, self.px(16), t.text_dim, (r.x, r.y - self.px(8)), "italic", "bottomleft", r.w)
