"""The computer players and the search they stand on (pure Python, no display).

The levels are ``easy``, ``medium``, ``hard`` and ``perfect`` (:data:`LEVELS`);
:func:`make_player` builds a player of a level, or the random seat, by name.
"""

from __future__ import annotations

from engine.ai.levels import LEVELS
from engine.ai.players import PLAYER_KINDS, ComputerPlayer, make_player

__all__ = ["LEVELS", "PLAYER_KINDS", "ComputerPlayer", "make_player"]
