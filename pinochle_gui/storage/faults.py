"""Try every kind of bad file on the storage and print what the game does: ``python -m pinochle_gui.storage.faults``.

Each fault is made in a fresh scratch folder (never the player's own), the storage is opened as the
game opens it at start-up, and the report shows the messages the player would get and the files left
on disk. docs/reliability.md quotes its output.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from . import Storage
from .paths import AppPaths
from .saves import SAVE_FORMAT
from .settings import SETTINGS_FORMAT, SETTINGS_KIND
from .stats import SCHEMA_VERSION
from .tallies import GameStat, HandStat


def _write(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)


def _sparse(path: Path, size: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as stream:
        stream.truncate(size)


def _good_stats(paths: AppPaths) -> bytes:
    storage = Storage.open(paths.config_dir.parent)
    hands = [HandStat("g", "two_hand", 0, (None, "medium"), number, meld=number) for number in range(1, 101)]
    game = GameStat("g", "two_hand", 0, (None, "medium"), ((0,), (1,)), (1200, 800), 0, hands=len(hands))
    storage.stats.record_game(game, hands=hands)
    storage.close()
    return paths.stats_file.read_bytes()


def _foreign_db(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, data BLOB)")
    db.commit()
    db.close()


def _newer_db(paths: AppPaths) -> None:
    _good_stats(paths)
    db = sqlite3.connect(paths.stats_file)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()


def _immutable_folders(paths: AppPaths) -> Callable[[], None] | None:
    """Both folders made immutable (``chattr +i``: even root cannot write in them); the undo, or None."""
    _good_stats(paths)
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    folders = [str(paths.config_dir), str(paths.data_dir)]

    def undo() -> None:
        subprocess.run(["chattr", "-i", *folders], check=False, capture_output=True)

    try:
        subprocess.run(["chattr", "+i", *folders], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        undo()
        return None
    return undo


#: Each fault makes its bad file(s) and may return how to undo what cannot simply be deleted.
FAULTS: dict[str, Callable[[AppPaths], Callable[[], None] | None]] = {
    "settings: empty": lambda p: _write(p.settings_file, b""),
    "settings: cut short": lambda p: _write(p.settings_file, b'{"kind": "pinochle-settings", "format": 1, "sett'),
    "settings: binary junk": lambda p: _write(p.settings_file, bytes(range(128, 256)) * 4),
    "settings: another program's JSON": lambda p: _write(p.settings_file, b'{"editor.fontSize": 14}'),
    "settings: wrong types and values": lambda p: _write(
        p.settings_file,
        json.dumps(
            {
                "kind": SETTINGS_KIND,
                "format": SETTINGS_FORMAT,
                "settings": {"volume": "loud", "table_theme": "plaid", "player_name": 42, "sound_on": False},
            }
        ).encode(),
    ),
    "settings: bad rule options": lambda p: _write(
        p.settings_file,
        json.dumps(
            {
                "kind": SETTINGS_KIND,
                "format": SETTINGS_FORMAT,
                "settings": {"rule_overrides": {"partnership_auction": {"min_bid": 300, "pass_cards": 7}}},
            }
        ).encode(),
    ),
    "settings: newer version": lambda p: _write(
        p.settings_file, json.dumps({"kind": SETTINGS_KIND, "format": SETTINGS_FORMAT + 1, "settings": {}}).encode()
    ),
    "settings: 100 MB file": lambda p: _sparse(p.settings_file, 100 * 1024 * 1024),
    "settings: a folder in its place": lambda p: p.settings_file.mkdir(parents=True),
    "save: empty": lambda p: _write(p.save_file, b""),
    "save: cut short": lambda p: _write(p.save_file, b'{"kind": "game", "format": 1, "game": {"act'),
    "save: another program's JSON": lambda p: _write(p.save_file, b'[{"id": 1}]'),
    "save: damaged envelope": lambda p: _write(p.save_file, b'{"kind": "game", "format": 1, "game": "x"}'),
    "save: newer version": lambda p: _write(
        p.save_file, json.dumps({"kind": "game", "format": SAVE_FORMAT + 1, "app_version": "9.0", "game": {}}).encode()
    ),
    "save: 100 MB file": lambda p: _sparse(p.save_file, 100 * 1024 * 1024),
    "statistics: not a database": lambda p: _write(p.stats_file, b"hello\n" * 1000),
    "statistics: cut short": lambda p: _write(p.stats_file, _good_stats(p)[:6000]),
    "statistics: damaged page": lambda p: _write(
        p.stats_file, (lambda b: b[:4096] + b"\xa5" * 4096 + b[8192:])(_good_stats(p))
    ),
    "statistics: another program's database": lambda p: _foreign_db(p.stats_file),
    "statistics: newer schema": _newer_db,
    "statistics: 1 GB file": lambda p: _sparse(p.stats_file, 1024 * 1024 * 1024),
    "folders: read-only (chattr +i)": _immutable_folders,
}


def try_fault(name: str, home: Path) -> str:
    """Make one fault under ``home``, open the storage as the game does, and describe what happened."""
    paths = AppPaths.under(home)
    undo = FAULTS[name](paths)
    if name == "folders: read-only (chattr +i)" and undo is None:
        return f"## {name}\n  (skipped: chattr +i is not available here)"
    storage = Storage.open(home)
    try:
        saved, save_messages = storage.saves.load()
        messages = storage.messages + save_messages
        writes = storage.settings_store.save(storage.settings) + storage.saves.save({"probe": 1})
        lines = [f"## {name}"]
        lines += [f"  {m.level}: {m.text.replace(str(home), '~')}" for m in messages + writes] or ["  (no message)"]
        lines.append(
            f"  settings in use: volume={storage.settings.volume} theme={storage.settings.table_theme}; "
            f"saved game: {'yes' if saved else 'none'}; statistics: {'on' if storage.stats.available else 'off'}"
        )
    finally:
        storage.close()
        if undo is not None:
            undo()
    files = sorted(str(f.relative_to(home)) + ("/" if f.is_dir() else "") for f in home.glob("*/*"))
    lines.append("  files now: " + ", ".join(files))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("faults", nargs="*", help="names to try (default: all); see --list")
    parser.add_argument("--list", action="store_true", help="list the faults")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(FAULTS))
        return 0
    unknown = [name for name in args.faults if name not in FAULTS]
    if unknown:
        parser.error(f"unknown fault(s): {', '.join(unknown)}")
    for name in args.faults or FAULTS:
        with tempfile.TemporaryDirectory(prefix="pinochle-fault-") as scratch:
            print(try_fault(name, Path(scratch)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
