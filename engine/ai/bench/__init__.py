"""Measuring the computers and the coach: tools run from the command line, never by the app.

Here: duplicate matches between levels (:mod:`~engine.ai.bench.matches`, ``python -m engine.bench ai``), who does
best in the player's seat (:mod:`~engine.ai.bench.seat`), whether the analysis can be believed
(:mod:`~engine.ai.bench.calibrate`, ``python -m engine.bench analysis --calibrate``) and how long it takes
(``python -m engine.ai.bench.analysis_time``).

A new benchmark or measurement of the AI goes here. It may import every other part of ``engine.ai``; nothing
but the engine's tools (``engine.bench``) imports it.
"""
