"""Saves of the game in progress: envelope, atomic writes, and every kind of bad file."""

from __future__ import annotations

import errno
import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest
from conftest import WAIT_SECONDS

from pinochle_gui.storage import SaveStore, SaveWorker
from pinochle_gui.storage.safe_file import atomic_write_bytes, backup_name
from pinochle_gui.storage.saves import SAVE_FORMAT

STATE: dict[str, Any] = {"hand_number": 2, "dealer": 1, "scores": [250, 190], "hands": [["AS", "TH"], ["9D"]]}


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".bad-*"))


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "data" / "current_game.json", version="9.9.9")
    assert not store.exists()
    assert store.save(STATE, table={"selected": [3, 4]}, demo=True) == []
    data = json.loads(store.path.read_text())
    assert data["kind"] == "game" and data["format"] == SAVE_FORMAT and data["app_version"] == "9.9.9"
    assert data["saved_at"].endswith("Z") and data["demo"] is True
    saved, messages = store.load()
    assert messages == [] and saved is not None
    assert (saved.game, saved.table, saved.demo, saved.app_version) == (STATE, {"selected": [3, 4]}, True, "9.9.9")
    assert [p.name for p in store.path.parent.iterdir()] == ["current_game.json"], "no temporary file is left"


def test_restore_function_gets_the_state_and_its_failure_keeps_the_save_aside(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "current_game.json")
    store.save(STATE)
    saved, _ = store.load(restore=lambda state: ("restored", state["dealer"]))
    assert saved is not None and saved.restored == ("restored", 1)

    def broken(state: dict[str, Any]) -> object:
        raise KeyError("trick_winner")

    saved, messages = store.load(restore=broken)
    assert saved is None and "cannot be continued" in messages[0].text and "trick_winner" in messages[0].text
    assert len(backups(store.path)) == 1 and not store.exists()


def test_clear_removes_the_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "current_game.json")
    store.save(STATE)
    assert store.clear() == [] and not store.exists()
    assert store.clear() == [] and store.load() == (None, [])


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"", "empty"),
        (b'{"kind": "game", "format": 1, "game": {"hand_num', "damaged or cut short"),
        (b"\x80\x81\xfe\xff" * 50, "not text"),
        (b'"just a string"', "not a saved game"),
        (b'{"kind": "pinochle-settings", "format": 1, "settings": {}}', "not a saved game"),
        (b'{"kind": "game", "format": 0, "game": {"a": 1}}', "unknown format"),
        (b'{"kind": "game", "format": 1, "game": []}', "game state is missing"),
        (b'{"kind": "game", "format": 1, "game": {"a": 1}, "table": 5}', "table part"),
        (b'{"kind": "game", "format": 1, "game": {"a": 1}, "demo": "no"}', "demo flag"),
        (b'{"kind": "game", "format": 1, "game": {"a": 1}, "saved_at": 12}', "saved_at"),
    ],
    ids=["empty", "truncated", "binary", "string", "settings-file", "format-0", "game-list", "table", "demo", "time"],
)
def test_bad_save_is_kept_aside_with_a_message(tmp_path: Path, content: bytes, why: str) -> None:
    store = SaveStore(tmp_path / "current_game.json")
    store.path.write_bytes(content)
    saved, messages = store.load()
    assert saved is None and len(messages) == 1 and why in messages[0].text
    (backup,) = backups(store.path)
    assert backup.read_bytes() == content
    assert store.save(STATE) == [] and store.load()[0] is not None, "the game goes on saving"


def test_two_bad_files_in_the_same_second_get_two_backups(tmp_path: Path) -> None:
    path = tmp_path / "current_game.json"
    for content in (b"one", b"two"):
        path.write_bytes(content)
        SaveStore(path).load()
    assert sorted(p.read_bytes() for p in backups(path)) == [b"one", b"two"]
    assert backup_name(path).name.startswith("current_game.json.bad-")


def test_newer_save_is_refused_and_left_untouched(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "current_game.json")
    content = json.dumps({"kind": "game", "format": SAVE_FORMAT + 1, "app_version": "3.0", "game": {"x": 1}})
    store.path.write_text(content)
    saved, messages = store.load()
    assert saved is None and "newer version" in messages[0].text and "3.0" in messages[0].text
    assert store.save(STATE) == [] and store.clear() == [] and store.keep_aside("x") == []
    assert store.path.read_text() == content and backups(store.path) == []


def test_unsaveable_state_gives_a_message_and_keeps_the_previous_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "current_game.json", max_bytes=2000)
    store.save(STATE)
    before = store.path.read_bytes()
    assert "not plain data" in store.save({"cards": {1, 2}})[0].text
    assert "not plain data" in store.save({"score": float("nan")})[0].text
    assert "over the limit" in store.save({"big": "x" * 5000})[0].text
    assert "not a table" in store.save([1, 2])[0].text  # type: ignore[arg-type]
    assert store.path.read_bytes() == before


def test_huge_save_is_refused_unread(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "current_game.json", max_bytes=1000)
    store.path.write_bytes(b" " * 1001)
    saved, messages = store.load()
    assert saved is None and "too large" in messages[0].text and len(backups(store.path)) == 1


def test_failed_write_keeps_the_old_save_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(tmp_path / "current_game.json")
    store.save(STATE)
    before = store.path.read_bytes()

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    messages = store.save({"hand_number": 3})
    monkeypatch.undo()
    assert messages and "No space left" in messages[0].text
    assert store.path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["current_game.json"]


def test_read_only_folder_gives_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Root ignores permission bits, so the refusal of the system is simulated where the temp file is made.
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)
    messages = SaveStore(tmp_path / "current_game.json").save(STATE)
    assert messages and messages[0].level == "error" and "Permission denied" in messages[0].text


def test_atomic_write_replaces_whole_content(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    atomic_write_bytes(path, b"a" * 10_000)
    atomic_write_bytes(path, b"b")
    assert path.read_bytes() == b"b"


def test_save_of_a_newer_version_the_engine_cannot_read_is_not_called_damaged(tmp_path: Path) -> None:
    writer = SaveStore(tmp_path / "current_game.json", version="2.0.0")
    writer.save({"state": "of a kind only 2.0 knows"})
    content = writer.path.read_bytes()

    def old_engine(state: dict[str, Any]) -> object:
        raise ValueError("format 7 is newer than this engine")

    reader = SaveStore(writer.path, version="1.4.2")
    saved, messages = reader.load(restore=old_engine)
    assert saved is None and "newer version" in messages[0].text and "2.0.0" in messages[0].text
    assert reader.read_only and reader.save(STATE) == []
    assert writer.path.read_bytes() == content and backups(writer.path) == []
    # The same failure on a save of this version or an older one is damage: kept aside.
    older = SaveStore(writer.path, version="2.0.0")
    assert "cannot be continued" in older.load(restore=old_engine)[1][0].text
    assert len(backups(writer.path)) == 1


def test_a_lasting_disk_failure_is_reported_once_and_its_end_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(tmp_path / "current_game.json")

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    reports = [store.save({"move": n}) for n in range(5)]
    monkeypatch.undo()
    assert [len(r) for r in reports] == [1, 0, 0, 0, 0] and reports[0][0].level == "error"
    back = store.save({"move": 5})
    assert len(back) == 1 and back[0].level == "info" and store.save({"move": 6}) == []
    saved, _ = store.load()
    assert saved is not None and saved.game == {"move": 6}


def test_worker_writes_the_newest_state_and_skips_stale_ones(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "current_game.json")
    written: list[int] = []
    real_write = store.write
    submitted = threading.Event()

    def slow_write(content: bytes) -> list[Any]:
        # a disk slower than the 40 moves: all of them come while the first is written
        assert submitted.wait(WAIT_SECONDS)
        written.append(json.loads(content)["game"]["move"])
        return real_write(content)

    store.write = slow_write  # type: ignore[method-assign]
    worker = SaveWorker(store)
    state = {"move": 0}
    for move in range(40):
        state["move"] = move
        worker.submit(state)  # the same dict, changed after each submit: each save is a snapshot
    submitted.set()
    assert worker.flush(timeout=10)
    assert written[-1] == 39 and len(written) <= 2 and written == sorted(written)
    saved, _ = store.load()
    assert saved is not None and saved.game == {"move": 39}
    assert worker.clear() == [] and not store.exists()
    worker.submit({"move": 40})
    worker.close()
    assert store.load()[0].game == {"move": 40}  # type: ignore[union-attr]
    with pytest.raises(RuntimeError):
        worker.submit({"move": 41})


def test_worker_passes_messages_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    worker = SaveWorker(SaveStore(tmp_path / "current_game.json"))
    worker.submit({"cards": {1, 2}})
    assert "not plain data" in worker.messages()[0].text
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only file system")))
    worker.submit({"move": 1})
    worker.flush(timeout=10)
    worker.submit({"move": 2})
    worker.flush(timeout=10)
    monkeypatch.undo()
    messages = worker.messages()
    assert len(messages) == 1 and "Read-only file system" in messages[0].text
    worker.submit({"move": 3})
    worker.close()
    assert [m.level for m in worker.messages()] == ["info"]


@pytest.mark.parametrize("content", [b"", b'{"kind": "game", "format": 1, "game": []}'], ids=["unreadable", "envelope"])
def test_a_bad_save_that_cannot_be_moved_aside_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    store = SaveStore(tmp_path / "current_game.json")
    store.path.write_bytes(content)
    real_replace = os.replace

    def locked(src: object, dst: object) -> None:
        if ".bad-" in str(dst):
            raise PermissionError(errno.EACCES, "The file is in use by another process")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", locked)
    saved, messages = store.load()
    assert saved is None and messages[0].level == "error" and "could not be moved aside" in messages[0].text
    assert store.read_only and store.save(STATE) == [] and store.clear() == []
    assert store.path.read_bytes() == content
