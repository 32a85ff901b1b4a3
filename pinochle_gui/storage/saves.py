"""The game in progress, saved after every action so that nothing is lost if the game stops.

The file is an envelope around the engine's state (``game.to_dict()``), which this module treats
as an opaque JSON value::

    {"kind": "game", "format": 1, "app_version": "0.1.0", "saved_at": "2026-11-21T16:30:00Z",
     "demo": false, "game": {...engine state...}, "table": {...what the table wants back...}}

Writes are atomic (see :mod:`.safe_file`): after a crash the file holds the last complete save.
A damaged or foreign file is kept aside with a message; a file from a newer version is refused and
left untouched (and not written this run).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import pinochle_gui

from .safe_file import (
    MAX_JSON_BYTES,
    ReadStatus,
    StorageError,
    StorageMessage,
    atomic_write_bytes,
    error,
    fsync_directory,
    info,
    keep_aside,
    left_alone,
    read_json,
    warning,
)

SAVE_KIND = "game"
SAVE_FORMAT = 1
_AFRESH = "a new game can be started"


def app_version() -> str:
    """The running game's version (``pinochle_gui.__version__``), or ``"unknown"``."""
    version = getattr(pinochle_gui, "__version__", None)
    return version if isinstance(version, str) else "unknown"


@dataclass(frozen=True)
class SavedGame:
    """A save read back. ``restored`` is what the ``restore`` function given to :meth:`SaveStore.load` made."""

    game: dict[str, object]  # the engine's state, read back as it was written: the restore checks it
    table: dict[str, object] = field(default_factory=dict)  # the table's settings, likewise
    demo: bool = False
    saved_at: str = ""
    app_version: str = ""
    format: int = SAVE_FORMAT
    restored: Any = None


class SaveStore:
    """The save file of the game in progress.

    >>> import tempfile, pathlib
    >>> store = SaveStore(pathlib.Path(tempfile.mkdtemp()) / "current_game.json")
    >>> store.save({"hand": 3}, table={"selected": []})
    []
    >>> saved, messages = store.load()
    >>> saved.game, saved.demo, messages
    ({'hand': 3}, False, [])
    """

    def __init__(self, path: Path, max_bytes: int = MAX_JSON_BYTES, version: str | None = None) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.version = version or app_version()
        #: True when the file must not be written this run (from a newer version, or unreadable).
        self.read_only = False
        self._failure: str | None = None

    def exists(self) -> bool:
        return self.path.is_file()

    def save(
        self, game: Mapping[str, object], table: Mapping[str, object] | None = None, demo: bool = False
    ) -> list[StorageMessage]:
        """Save the game atomically; messages (never an exception) when it cannot be saved.

        A failure of the disk (full, read-only...) is reported once, not after every action while it
        lasts, and an info message says when saving works again. A save takes a few milliseconds
        (two fsyncs); :class:`SaveWorker` does it off the event loop.
        """
        content = self.encode(game, table, demo)
        if isinstance(content, list):
            return content
        return self.write(content)

    def encode(
        self, game: Mapping[str, object], table: Mapping[str, object] | None = None, demo: bool = False
    ) -> bytes | list[StorageMessage]:
        """The bytes of a save (a snapshot: later changes to ``game`` do not touch it), or why it cannot be made."""
        if not isinstance(cast(object, game), dict):  # a caller's mistake must not make a save that cannot load
            return [
                error(
                    f"The game could not be saved: its state is a {type(game).__name__}, not a table of values.",
                    self.path,
                )
            ]
        document = {
            "kind": SAVE_KIND,
            "format": SAVE_FORMAT,
            "app_version": self.version,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "demo": bool(demo),
            "game": game,
            "table": table or {},
        }
        try:
            text = json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n"
        except (TypeError, ValueError, RecursionError) as exc:
            return [error(f"The game could not be saved: its state is not plain data ({exc}).", self.path)]
        content = text.encode("utf-8")
        if len(content) > self.max_bytes:
            return [
                error(
                    f"The game could not be saved: the save would be {len(content):,} bytes, "
                    f"over the limit of {self.max_bytes:,}.",
                    self.path,
                )
            ]
        return content

    def write(self, content: bytes) -> list[StorageMessage]:
        """Write bytes made by :meth:`encode` atomically."""
        if self.read_only:
            return []
        try:
            atomic_write_bytes(self.path, content)
        except StorageError as exc:
            text = f"The game could not be saved: {exc.strerror or exc}"
            if text == self._failure:  # told once; not again after every move while the problem lasts
                return []
            self._failure = text
            return [error(text, self.path)]
        if self._failure is not None:
            self._failure = None
            return [info("The game is being saved again.", self.path)]
        return []

    def load(
        self, restore: Callable[[dict[str, object]], Any] | None = None
    ) -> tuple[SavedGame | None, list[StorageMessage]]:
        """The saved game, or ``None`` (no save, or an unusable one: the messages say which).

        ``restore`` (e.g. ``engine.game_from_dict``) is tried on the engine state; if it raises, the
        save is kept aside as damaged, so a bad save cannot stop the game from starting.
        """
        read = read_json(self.path, "saved game", self.max_bytes, _AFRESH, self.read_only)
        messages = list(read.messages or [])
        if read.status is ReadStatus.UNREADABLE:
            self.read_only = True
        if not read.ok:
            return None, messages
        data = read.data
        if not isinstance(data, dict) or data.get("kind") != SAVE_KIND or "game" not in data:
            return None, self._aside("is not a saved game of this program", "saved game", _AFRESH)
        version = data.get("format")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            return None, self._aside(f"has an unknown format {version!r}", "saved game", _AFRESH)
        if version > SAVE_FORMAT:
            self.read_only = True
            return None, [
                warning(
                    f"The saved game {self.path} was written by a newer version of the game "
                    f"({data.get('app_version', 'unknown')!s}, format {version}). It is left untouched and "
                    "cannot be continued with this version; games played now are not saved.",
                    self.path,
                )
            ]
        problem = _envelope_problem(data)
        if problem:
            return None, self._aside(f"is damaged ({problem})", "saved game", _AFRESH)
        restored: Any = None
        if restore is not None:
            try:
                restored = restore(data["game"])
            except Exception as exc:  # noqa: BLE001 - any failure of a bad save must not stop the game
                if is_newer_version(data.get("app_version"), self.version):
                    # The engine state may be of a newer kind this version cannot read: not damage.
                    self.read_only = True
                    return None, [
                        warning(
                            f"The saved game {self.path} was written by a newer version of the game "
                            f"({data['app_version']}) and cannot be continued with this one ({self.version}). "
                            "It is left untouched; games played now are not saved.",
                            self.path,
                        )
                    ]
                return None, self._aside(f"cannot be continued ({type(exc).__name__}: {exc})", "saved game", _AFRESH)
        saved = SavedGame(
            game=data["game"],
            table=data.get("table") or {},
            demo=data.get("demo", False),
            saved_at=data.get("saved_at", ""),
            app_version=data.get("app_version", ""),
            format=version,
            restored=restored,
        )
        return saved, messages

    def clear(self) -> list[StorageMessage]:
        """Remove the save (the game is over, or the player chose a new game)."""
        if self.read_only:
            return []
        try:
            self.path.unlink()
        except FileNotFoundError:
            return []
        except OSError as exc:
            return [
                error(f"The finished game's save {self.path} could not be removed: {exc.strerror or exc}", self.path)
            ]
        fsync_directory(self.path.parent)
        return []

    def keep_aside(self, why: str) -> list[StorageMessage]:
        """Move the save aside (e.g. the engine found it inconsistent later); tells the player."""
        if self.read_only or not self.path.exists():
            return []
        return self._aside(why, "saved game", _AFRESH)

    def _aside(self, why: str, what: str, then: str) -> list[StorageMessage]:
        if self.read_only:
            return [left_alone(self.path, why, what, then)]
        messages = keep_aside(self.path, why, what, then)
        if any(message.level == "error" for message in messages):
            self.read_only = True  # a bad file that could not be moved is never written over
        return messages


def _version_key(version: object) -> tuple[int, ...] | None:
    """``"1.2.10"`` to ``(1, 2, 10)``; ``None`` when it is not a plain dotted version."""
    if not isinstance(version, str):
        return None
    parts = version.split("+")[0].split(".")
    if not all(part.isdigit() for part in parts):
        return None
    return tuple(int(part) for part in parts)


def is_newer_version(saved: object, running: str) -> bool:
    """True when ``saved`` is a version of the game later than ``running`` (unknown versions are not).

    >>> is_newer_version("0.10.0", "0.9.3"), is_newer_version("0.9", "0.9.0"), is_newer_version("dev", "1.0")
    (True, False, False)
    """
    mine, theirs = _version_key(running), _version_key(saved)
    if mine is None or theirs is None:
        return False
    width = max(len(mine), len(theirs))
    return theirs + (0,) * (width - len(theirs)) > mine + (0,) * (width - len(mine))


def _envelope_problem(data: dict[str, object]) -> str:
    """What is wrong with the envelope of a save, or ``""``."""
    if not isinstance(data["game"], dict) or not data["game"]:
        return "the game state is missing"
    if not isinstance(data.get("table", {}), dict):
        return "the table part is not a table of values"
    if not isinstance(data.get("demo", False), bool):
        return "the demo flag is not true or false"
    for key in ("saved_at", "app_version"):
        if not isinstance(data.get(key, ""), str):
            return f"{key} is not text"
    return ""


class SaveWorker:
    """Saves off the event loop: :meth:`submit` returns at once, a thread writes the latest state.

    States submitted while a write is under way are not queued one by one: only the newest is
    written next (each save holds the whole game, so nothing is lost). Messages come back through
    :meth:`messages`, which the event loop polls; :meth:`close` writes what is pending and stops.

    >>> import tempfile, pathlib
    >>> worker = SaveWorker(SaveStore(pathlib.Path(tempfile.mkdtemp()) / "current_game.json"))
    >>> for move in range(50):
    ...     worker.submit({"move": move})
    >>> worker.close()
    >>> worker.store.load()[0].game, worker.messages()
    ({'move': 49}, [])
    """

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self._lock = threading.Condition()
        self._pending: bytes | None = None
        self._busy = False
        self._closed = False
        self._messages: list[StorageMessage] = []
        self._thread = threading.Thread(target=self._run, name="pinochle-save", daemon=True)
        self._thread.start()

    def submit(self, game: Mapping[str, object], table: Mapping[str, object] | None = None, demo: bool = False) -> None:
        """Save this state soon. It is encoded now, so the caller may go on changing ``game``."""
        content = self.store.encode(game, table, demo)
        with self._lock:
            if isinstance(content, list):
                self._messages.extend(content)
                return
            if self._closed:
                raise RuntimeError("the save worker is closed")
            self._pending = content
            self._lock.notify_all()

    def clear(self) -> list[StorageMessage]:
        """Forget pending saves and remove the save file (the game is over)."""
        with self._lock:
            self._pending = None
            while self._busy:
                self._lock.wait()
            return self.store.clear()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything submitted is on disk; False on timeout."""
        with self._lock:
            return self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def messages(self) -> list[StorageMessage]:
        """The messages since the last call (for the player)."""
        with self._lock:
            found, self._messages = self._messages, []
        return found

    def close(self, timeout: float | None = 10.0) -> None:
        """Write what is pending, then stop the thread."""
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                content, self._pending, self._busy = self._pending, None, True
            try:
                found = self.store.write(content)
            except Exception as exc:  # noqa: BLE001 - the thread must live on whatever happens
                found = [error(f"The game could not be saved: {exc}", self.store.path)]
            with self._lock:
                self._busy = False
                self._messages.extend(found)
                self._lock.notify_all()
