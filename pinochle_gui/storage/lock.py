"""One copy of the game at a time writes to a data folder: the running copy holds a lock on the file
``pinochle.lock`` there for as long as it runs.

The lock is the operating system's (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows), not the
file's existence, so a copy that crashed or was killed never leaves a stale lock behind: the system
lets go of it with the process. A second copy that finds the lock held opens read-only (see
docs/reliability.md). Where no lock can be made at all (a folder that cannot be written, a file system
without locks) the game goes on as without one: saving there reports its own errors.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> first = AppLock.take(folder)
>>> first is not None, AppLock.take(folder)
(True, None)
>>> first.release()
>>> second = AppLock.take(folder)
>>> second is not None
True
>>> second.release()
"""

from __future__ import annotations

import errno
import sys
from pathlib import Path
from typing import BinaryIO

LOCK_NAME = "pinochle.lock"


class AppLock:
    """The data folder's lock, held until :meth:`release` (or the end of the process)."""

    def __init__(self, path: Path, file: BinaryIO | None) -> None:
        self.path = path
        self._file = file

    @classmethod
    def take(cls, folder: Path) -> AppLock | None:
        """The lock of ``folder``; ``None`` when another running copy of the game holds it."""
        path = Path(folder) / LOCK_NAME
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            file = open(path, "a+b")  # noqa: SIM115 - kept open: the lock lives as long as the file
        except OSError:
            return cls(path, None)  # no lock can be made here: go on without one
        try:
            _lock(file)
        except BlockingIOError:
            file.close()
            return None
        except OSError:  # e.g. a file system without locks
            file.close()
            return cls(path, None)
        return cls(path, file)

    def release(self) -> None:
        if self._file is not None:
            try:
                _unlock(self._file)
            except OSError:
                pass  # closing the file lets go of it all the same
            self._file.close()
            self._file = None


if sys.platform == "win32":
    import msvcrt

    def _lock(file: BinaryIO) -> None:
        file.seek(0)
        try:
            msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError as error:  # Windows says "permission denied" for a byte another process locked
            if error.errno in (errno.EACCES, errno.EDEADLOCK):
                raise BlockingIOError(*error.args) from None
            raise

    def _unlock(file: BinaryIO) -> None:
        file.seek(0)
        msvcrt.locking(file.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(file: BinaryIO) -> None:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # BlockingIOError when another holds it

    def _unlock(file: BinaryIO) -> None:
        fcntl.flock(file.fileno(), fcntl.LOCK_UN)


__all__ = ["LOCK_NAME", "AppLock"]
