"""Kill at any instant: a writer of saves and statistics is killed with SIGKILL at random moments, many
times; after each kill the save must parse and be one complete save the writer wrote (the last one or
the one before), and the database must pass ``PRAGMA integrity_check`` with consistent rows.

Most kills hit a forked child (a few milliseconds to start, so many instants are cheap to try); a few
hit a fresh interpreter started like the game is, to be sure nothing inherited from the test matters.
"""

from __future__ import annotations

import inspect
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pinochle_gui.storage.safe_file import remove_stale_temp_files

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")

FORKED_KILLS = 100
FRESH_KILLS = 8
ROOT = Path(__file__).resolve().parent.parent


def writer_loop(home: str, ready_fd: int) -> None:
    """Save and record games forever, numbering them on from the save found (runs in the child); writes
    ``r`` to ``ready_fd`` when ready and ``+`` after each game saved and recorded."""
    import hashlib
    import os
    from pathlib import Path

    from pinochle_gui.storage import GameStat, HandStat, SaveStore, StatsStore

    def payload(n: int) -> str:
        return hashlib.sha256(str(n).encode()).hexdigest() * (n % 97 * 60 + 1)

    saves = SaveStore(Path(home) / "current_game.json", version="kill-test")
    stats, messages = StatsStore.open(Path(home) / "statistics.sqlite3")
    if messages or not stats.available:
        raise SystemExit(f"statistics did not open cleanly: {messages}")
    saved, messages = saves.load()
    if messages:
        raise SystemExit(f"the save did not load cleanly: {messages}")
    n = saved.game["n"] if saved else 0
    os.write(ready_fd, b"r")
    while True:
        n += 1
        body = payload(n)
        if saves.save({"n": n, "payload": body, "digest": hashlib.sha256(body.encode()).hexdigest()}):
            raise SystemExit("save failed")
        levels = (None, "hard")
        hands = [HandStat(f"g{n}", "two_hand", 0, levels, k, meld=n, score_change=k * 10) for k in (1, 2, 3)]
        if stats.record_hand(hands[0]):
            raise SystemExit("hand failed")
        game = GameStat(f"g{n}", "two_hand", 0, levels, ((0,), (1,)), (1200, n % 1200), n % 2, hands=3)
        if stats.record_game(game, hands=hands):
            raise SystemExit("game failed")
        os.write(ready_fd, b"+")


def expected_payload(n: int) -> str:
    import hashlib

    return hashlib.sha256(str(n).encode()).hexdigest() * (n % 97 * 60 + 1)


class Checker:
    """What must hold after every kill."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.last_n = 0
        self.last_games = 0
        self.temp_files: set[str] = set()
        self.kills_mid_save = 0  # kills that left a temporary file: the writer was inside a save

    def check(self) -> None:
        save = self.home / "current_game.json"
        if not save.exists():
            assert self.last_n == 0, "the save vanished"  # killed before the very first save was complete
            return
        data = json.loads(save.read_text(encoding="utf-8"))  # parses: never a torn file
        assert data["kind"] == "game" and data["app_version"] == "kill-test"
        n = data["game"]["n"]
        assert data["game"]["payload"] == expected_payload(n), f"save {n} is not the content written for it"
        assert n >= self.last_n, "an older save came back"
        self.last_n = n
        db = sqlite3.connect(self.home / "statistics.sqlite3")
        try:
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            games = db.execute("SELECT count(*) FROM games").fetchone()[0]
            assert games >= self.last_games, "recorded games were lost"
            self.last_games = games
            incomplete = db.execute(
                "SELECT count(*) FROM games g WHERE (SELECT count(*) FROM hands h WHERE h.game_id = g.game_id) != 3"
            ).fetchone()[0]
            assert incomplete == 0, "a game was recorded without all its hands"
            orphans = db.execute(
                "SELECT count(*) FROM hands h WHERE hand_number != 1 AND NOT EXISTS "
                "(SELECT 1 FROM games g WHERE g.game_id = h.game_id)"
            ).fetchone()[0]
            assert orphans == 0, "hands 2 and 3 are only ever written with their game"
            ratings = db.execute("SELECT rating_before, rating_after FROM games ORDER BY id").fetchall()
            for (_, after), (before, _) in zip(ratings, ratings[1:], strict=False):
                assert before == after, "the rating chain is broken"
            newest = db.execute("SELECT max(CAST(substr(game_id, 2) AS INTEGER)) FROM games").fetchone()[0] or 0
            assert newest <= n, "the statistics are never ahead of the save they follow"
        finally:
            db.close()
        leftovers = [p.name for p in self.home.iterdir() if p.name.endswith(".tmp")]
        assert all(name.startswith(".current_game.json.") for name in leftovers), leftovers
        self.kills_mid_save += bool(set(leftovers) - self.temp_files)
        self.temp_files.update(leftovers)


def wait_then_kill(read_fd: int, rounds: int, delay: float) -> None:
    """Wait until the writer is ready and has saved ``rounds`` more games, then ``delay`` seconds more:
    the progress between kills is counted, not hoped for from the machine's speed."""
    assert os.read(read_fd, 1) == b"r", "the writer did not start"
    for _ in range(rounds):
        assert os.read(read_fd, 1) == b"+", "the writer stopped"
    time.sleep(delay)


def kill_forked_child(home: Path, rounds: int, delay: float) -> None:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.close(read_fd)
            writer_loop(str(home), write_fd)
        finally:
            os._exit(3)
    os.close(write_fd)
    try:
        wait_then_kill(read_fd, rounds, delay)
    finally:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        os.close(read_fd)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, "the writer stopped by itself"


def kill_fresh_interpreter(home: Path, rounds: int, delay: float) -> None:
    read_fd, write_fd = os.pipe()
    source = textwrap.dedent(inspect.getsource(writer_loop)) + f"\nwriter_loop({str(home)!r}, {write_fd})\n"
    child = subprocess.Popen(
        [sys.executable, "-c", source], cwd=ROOT, pass_fds=(write_fd,), env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    os.close(write_fd)
    try:
        wait_then_kill(read_fd, rounds, delay)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        os.close(read_fd)
    assert child.returncode == -signal.SIGKILL


@pytest.mark.slow
def test_saves_and_statistics_survive_sigkill_at_any_instant(tmp_path: Path) -> None:
    rng = random.Random(2026)
    checker = Checker(tmp_path)
    waited = 0  # games the writers were seen to save and record
    for _ in range(FORKED_KILLS):
        rounds = rng.randrange(3)  # 0: the kill may come before the writer's first save
        kill_forked_child(tmp_path, rounds, rng.uniform(0.0, 0.04))
        waited += rounds
        checker.check()
    for _ in range(FRESH_KILLS):
        rounds = rng.randrange(3)
        kill_fresh_interpreter(tmp_path, rounds, rng.uniform(0.0, 0.1))
        waited += rounds
        checker.check()
    print(f"kills: {FORKED_KILLS + FRESH_KILLS}, inside a save: {checker.kills_mid_save}, saves: {checker.last_n}, "
          f"games recorded: {checker.last_games}")  # fmt: skip
    assert checker.last_n >= waited > FORKED_KILLS // 2, "every game seen saved is still in the save"
    assert checker.last_games >= waited, "and in the statistics"
    stale = list(tmp_path.glob(".current_game.json.*.tmp"))  # left by writers killed inside a save
    assert remove_stale_temp_files(tmp_path / "current_game.json", older_than=0) == len(stale)
    assert not list(tmp_path.glob("*.tmp"))
    assert not list(tmp_path.glob("*.bad-*")), "no file was ever found damaged"
