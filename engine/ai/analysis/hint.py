"""A hint for the human: the best choice the hand review would find at this position, and why.

The hint is the advice (:func:`engine.ai.analysis.advice.advise`): each choice valued with the ``hard`` level's search
from what the seat can see, the best of them. The hand review grades every decision against the advice at its
position, computed the same way in the same deals, so the hint a player was given is the review's best choice
there (the review says "The hint advised ..." in the words the table's Hint shows, :func:`hint_words`), and a
hand played by the hint is never marked worse than good.

>>> from engine.game import new_game
>>> from engine.rules import preset
>>> from engine.ai.analysis.advice import ANALYSIS_LEVELS
>>> game = new_game(preset("three_hand"), seed=8)
>>> action, reason = hint(game, game.to_act, level=ANALYSIS_LEVELS["medium"])
>>> game.is_legal(action) and bool(reason)
True

The hint decides from the seat's own view only, and is repeatable: the same position (and seed) always gets
the same hint, on any machine (the search is budgeted in nodes, never in seconds).
"""

from __future__ import annotations

from engine.actions import Action, Bid, DeclareOut
from engine.ai.analysis.advice import SEAT_VIEW, advise
from engine.ai.analysis.words import action_words, advice_reason
from engine.ai.players.decisions import hand_worth
from engine.ai.players.levels import Level
from engine.game import Game, Phase
from engine.info_state import info_state
from engine.players import Choice

#: The level whose search values the hint's choices (without the clock: :data:`engine.ai.analysis.advice.SEAT_VIEW`).
HINT_LEVEL = SEAT_VIEW.name
#: The reason of a hint to declare out (declaring out is decided by the count, not valued).
DECLARE_OUT = "your side has the points to win"


def hint(game: Game, seat: int, seed: int = 0, level: Level = SEAT_VIEW) -> Choice:
    """The action the advice gives ``seat`` (which must be the seat to act) and why, in words spoken to it."""
    if game.to_act != seat:
        raise ValueError(f"seat {seat} is not to act (seat {game.to_act} is)")
    choices = [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]
    if not choices:
        raise ValueError("the game is over: nothing to advise")
    if not game.has_choice() and DeclareOut() not in game.legal_actions():
        return choices[0], "the only choice there is"
    advice = advise(game, seed, level)
    if advice.declare_out:
        return DeclareOut(), DECLARE_OUT
    runner_up = advice.runner_up
    words = action_words(runner_up, game) if runner_up is not None else ""
    reason = advice_reason(advice.values, advice.best, runner_up, words, game, seat, seat)
    if game.phase == Phase.BIDDING:  # what the hand is worth, and how often the bid advised is made
        amount = advice.action.amount if isinstance(advice.action, Bid) else None
        worth = hand_worth(info_state(game, seat), level, amount)
        reason = f"{worth}; {reason}" if worth else reason
    return advice.action, reason


def hint_words(action: Action, game: Game) -> str:
    """The hint's choice in words, as the table's Hint says it and the review repeats it ("Q♥", "Bid 340")."""
    return action_words(action, game)


__all__ = ["DECLARE_OUT", "HINT_LEVEL", "hint", "hint_words"]
