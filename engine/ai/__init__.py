"""The computer players and the search they stand on (pure Python, no display).

Importing this package registers the levels ``easy``, ``medium``, ``hard`` and ``perfect`` in
:data:`engine.players.PLAYER_KINDS`, so :func:`engine.players.make_player` can build them.
"""

from __future__ import annotations

from engine.ai.levels import LEVELS
from engine.ai.players import ComputerPlayer, register

register()

__all__ = ["LEVELS", "ComputerPlayer", "register"]
