"""A hint for the human: what the ``hard`` computer would do in the human's seat, and why.

>>> from engine.game import new_game
>>> from engine.rules import preset
>>> game = new_game(preset("three_hand"), seed=8)
>>> action, reason = hint(game, game.to_act)
>>> game.is_legal(action) and bool(reason)
True

The hint decides from the seat's own view only, like every computer level except ``perfect``,
and is repeatable: the same position always gets the same hint.
"""

from __future__ import annotations

from engine.ai.levels import LEVELS
from engine.ai.players import ComputerPlayer
from engine.game import Game
from engine.players import Choice

HINT_LEVEL = "hard"


def hint(game: Game, seat: int, seed: int = 0) -> Choice:
    """The action the ``hard`` level advises for ``seat`` (the seat to act) and its reason."""
    return ComputerPlayer(LEVELS[HINT_LEVEL], seed).choose_with_reason(game, seat)


__all__ = ["HINT_LEVEL", "hint"]
