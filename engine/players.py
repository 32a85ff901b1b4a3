"""Seats played by the computer: the protocol every computer player follows, what its decisions
return, and the random one.

The computer levels, and :func:`engine.ai.players.computer.make_player` that builds a player by its kind's
name (``random`` included), live in :mod:`engine.ai`, above this module.

A player is asked for a decision with the game and its seat, and must decide only from what
:func:`engine.observation.observe` shows that seat (the game is passed so that a player can
simulate from it). Every player is deterministic under its seed.
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.actions import Action, Bid, DeclareOut
from engine.game import Game

Choice = tuple[Action, str]
"""What every decision of a computer player returns: the action and a short reason in plain words
("meld 180 + about 120 in tricks", "trump the ace: 30 points")."""


class Player(Protocol):
    name: str

    def choose(self, game: Game, seat: int) -> Action: ...


class RandomPlayer:
    """Plays uniformly among the legal actions, with two exceptions that keep its games finite:
    every bid counts as one choice, "raise" (by the smallest step), and it never declares out."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> Action:
        actions = [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]
        bids = [a for a in actions if isinstance(a, Bid)]
        if bids:
            actions = [a for a in actions if not isinstance(a, Bid)] + [min(bids, key=lambda b: b.amount)]
        return self.rng.choice(actions)
