"""The computer players, the search they stand on and the coach (pure Python, no display).

Four subpackages, each importing only those before it (docs/ai.md, "Where things live"):

- :mod:`engine.ai.search`: perfect-information play, the search, the hidden deals;
- :mod:`engine.ai.players`: the levels and the computer players' decisions;
- :mod:`engine.ai.analysis`: the coach - hint, hand analysis, drills, try again - and the worker processes;
- :mod:`engine.ai.bench`: benchmarks and measurements, run from the command line.

The levels are ``easy``, ``medium``, ``hard`` and ``perfect`` (:data:`LEVELS`);
:func:`make_player` builds a player of a level, or the random seat, by name.
"""

from __future__ import annotations

from engine.ai.players.computer import PLAYER_KINDS, ComputerPlayer, make_player
from engine.ai.players.levels import LEVELS

__all__ = ["LEVELS", "PLAYER_KINDS", "ComputerPlayer", "make_player"]
