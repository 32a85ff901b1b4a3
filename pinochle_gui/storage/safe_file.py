"""Files that survive a crash at any instant, and bad files that are kept rather than lost.

Writing: the new content goes to a temporary file in the same folder, is flushed and fsynced, then
moved over the old file with :func:`os.replace` (atomic on every platform Python supports), and the
folder itself is fsynced so the rename is on disk too. A reader therefore sees the old content or
the new one, never a mixture.

Reading: a file that is too large, not text, not JSON, or not what it claims to be is moved aside
as ``name.bad-YYYYmmdd-HHMMSS`` (never deleted) and the caller gets a :class:`StorageMessage` to show
the player, then carries on with defaults.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

#: A settings or save file is a few kilobytes; anything above this is refused unread.
MAX_JSON_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class StorageMessage:
    """Something the player should be told about their files (the GUI shows ``text``)."""

    level: str  # "info", "warning" or "error"
    text: str
    path: str = ""

    def __str__(self) -> str:
        return self.text


def info(text: str, path: Path | str = "") -> StorageMessage:
    return StorageMessage("info", text, str(path))


def warning(text: str, path: Path | str = "") -> StorageMessage:
    return StorageMessage("warning", text, str(path))


def error(text: str, path: Path | str = "") -> StorageMessage:
    return StorageMessage("error", text, str(path))


class ReadStatus(Enum):
    OK = "ok"
    MISSING = "missing"
    BAD = "bad"  # unusable; moved aside (or could not be moved: see the messages)
    UNREADABLE = "unreadable"  # could not be read, or is bad and could not be moved aside: left where it is


@dataclass
class JsonRead:
    """What :func:`read_json` found: the parsed data when ``status`` is OK, and messages."""

    status: ReadStatus
    data: Any = None
    messages: list[StorageMessage] | None = None

    @property
    def ok(self) -> bool:
        return self.status is ReadStatus.OK


class StorageError(OSError):
    """A file could not be written (full disk, read-only folder...); the old file is untouched."""


def fsync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened, e.g. Windows)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, content: bytes) -> None:
    """Replace ``path`` with ``content`` atomically and durably; raise :class:`StorageError` on failure."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise StorageError(exc.errno, f"cannot write in {path.parent}: {exc.strerror or exc}") from exc
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise StorageError(exc.errno, f"cannot write {path}: {exc.strerror or exc}") from exc
    fsync_directory(path.parent)


def atomic_write_json(path: Path, data: Any) -> None:
    """Write ``data`` as indented UTF-8 JSON with :func:`atomic_write_bytes`."""
    text = json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    atomic_write_bytes(path, text.encode("utf-8"))


#: A temporary file older than this is what a killed writer left behind.
STALE_TEMP_SECONDS = 60.0


def remove_stale_temp_files(path: Path, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete the temporary files a writer of ``path`` left when it was killed; how many went.

    Only files older than ``older_than`` seconds are removed, so a write under way is not disturbed.
    """
    path = Path(path)
    removed = 0
    now = time.time()
    try:
        candidates = list(path.parent.glob(f".{path.name}.*.tmp"))
    except OSError:
        return 0
    for temp in candidates:
        with contextlib.suppress(OSError):
            if now - temp.stat().st_mtime >= older_than:
                temp.unlink()
                removed += 1
    return removed


def backup_name(path: Path, now: float | None = None) -> Path:
    """``path`` with ``.bad-YYYYmmdd-HHMMSS`` added, made unique if such a backup already exists."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    candidate = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}.bad-{stamp}-{number}")
    return candidate


def keep_aside(path: Path, why: str, what: str, then: str = "defaults are used") -> list[StorageMessage]:
    """Move a bad file aside as a timestamped backup; the messages say what happened and where it went.

    ``what`` names the file for the player ("settings", "saved game"...), ``why`` says what is wrong,
    ``then`` what the game does instead.
    """
    path = Path(path)
    try:
        backup = backup_name(path)
        os.replace(path, backup)
    except OSError as exc:
        return [
            error(
                f"The {what} file {path} {why}. It could not be moved aside ({exc.strerror or exc}); "
                f"it is left as it is and not used.",
                path,
            )
        ]
    fsync_directory(path.parent)
    return [warning(f"The {what} file {path} {why}. It was kept as {backup.name} and {then}.", backup)]


def left_alone(path: Path, why: str, what: str, then: str = "defaults are used") -> StorageMessage:
    """What a copy of the game that may not write says of a bad file it leaves where it is."""
    return warning(f"The {what} file {path} {why}; it is left as it is and {then}.", path)


def read_json(path: Path, what: str, max_bytes: int = MAX_JSON_BYTES, then: str = "defaults are used",
              read_only: bool = False) -> JsonRead:
    """Read a JSON file, keeping it aside when it is empty, too large, not UTF-8 or not JSON.

    A missing file is not an error (status MISSING, no message). The caller validates the shape of
    the data and calls :func:`keep_aside` itself when the JSON is well formed but not what it expects.
    ``read_only`` (another copy of the game owns the folder): a bad file is left where it is.
    """
    path = Path(path)
    if not read_only:
        remove_stale_temp_files(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return JsonRead(ReadStatus.MISSING, messages=[])
    except OSError as exc:
        return JsonRead(
            ReadStatus.UNREADABLE,
            messages=[error(f"The {what} file {path} cannot be read: {exc.strerror or exc}.", path)],
        )
    if not path.is_file():
        return JsonRead(
            ReadStatus.UNREADABLE,
            messages=[error(f"The {what} file {path} is not a regular file; it is not used.", path)],
        )
    if size > max_bytes:
        return _bad(path, f"is too large ({size:,} bytes; at most {max_bytes:,} expected)", what, then, read_only)
    try:
        with open(path, "rb") as stream:
            raw = stream.read(max_bytes + 1)
    except OSError as exc:
        return JsonRead(
            ReadStatus.UNREADABLE,
            messages=[error(f"The {what} file {path} cannot be read: {exc.strerror or exc}.", path)],
        )
    if len(raw) > max_bytes:  # it grew between stat and read
        return _bad(path, "is too large", what, then, read_only)
    if not raw.strip():
        return _bad(path, "is empty", what, then, read_only)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return _bad(path, "is not text (it may be damaged)", what, then, read_only)
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        reason = (
            f"is damaged or cut short (not valid JSON: {exc})"
            if isinstance(exc, ValueError)
            else "is nested too deeply"
        )
        return _bad(path, reason, what, then, read_only)
    return JsonRead(ReadStatus.OK, data=data, messages=[])


def _bad(path: Path, why: str, what: str, then: str, read_only: bool = False) -> JsonRead:
    """Keep a bad file aside; if it cannot be moved, it must not be written over either (UNREADABLE)."""
    if read_only:
        return JsonRead(ReadStatus.UNREADABLE, messages=[left_alone(path, why, what, then)])
    messages = keep_aside(path, why, what, then)
    moved = all(message.level != "error" for message in messages)
    return JsonRead(ReadStatus.BAD if moved else ReadStatus.UNREADABLE, messages=messages)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")
