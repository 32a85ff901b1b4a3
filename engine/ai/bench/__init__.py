"""Measuring the computers and the coach: tools run from the command line, never by the app.

Here: duplicate matches between levels (:mod:`~engine.ai.bench.matches`, ``python -m engine.bench ai``), who does
best in the player's seat (:mod:`~engine.ai.bench.seat`), whether the analysis can be believed
(:mod:`~engine.ai.bench.calibrate`, ``python -m engine.bench analysis --calibrate``) and how long it takes
(``python -m engine.ai.bench.analysis_time``).

A new benchmark or measurement of the AI goes here. It may import every other part of ``engine.ai``; nothing
but the engine's tools (``engine.bench``) imports it.
"""

import multiprocessing
from concurrent.futures import ProcessPoolExecutor


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """Processes for a benchmark's deals or hands, each forked from a fresh server process ("forkserver")
    rather than from this one: a process forked from one that runs threads (a test runner's, the app's) can
    inherit a lock held at that moment and never exit, which once held a test at its timeout."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method))


__all__ = ["worker_pool"]
