"""Jobs for tests/test_quit.py that run far longer than any test waits: what a closed pool must not wait for.

Importable by name (``tests.quit_jobs``), so that a spawned worker process can unpickle them.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

#: Seconds a long job runs: ten times longer than any test here waits for anything.
LONG = 600.0


def work_for(seconds: float, started: str = "") -> float:
    """Mark the file ``started`` (when given), then work (here: sleep in short steps) for ``seconds``."""
    if started:
        Path(started).touch()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(0.02)
    return seconds


def endless(*args: Any, **kwargs: Any) -> Any:
    """Takes the arguments of any background job (a decision, its review, a hand played on) and works
    :data:`LONG` seconds instead."""
    return work_for(LONG)


def half_sent(started: str) -> None:
    """In a pool's worker process: begin sending a result as a large one is sent (its length, then the rest in a
    second write), mark the file ``started``, and never send the rest: a worker stopped between the two writes."""
    import gc
    import os
    import struct
    from multiprocessing.queues import SimpleQueue

    results = next(o for o in gc.get_objects() if isinstance(o, SimpleQueue))
    os.write(results._writer.fileno(), struct.pack("!i", 20_000) + b"\0" * 10)
    Path(started).touch()
    work_for(LONG)
