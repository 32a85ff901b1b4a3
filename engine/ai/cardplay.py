"""Card play for the computer levels (first cut: the rule of thumb of the playouts)."""

from __future__ import annotations

import random

from engine.actions import PLAYS, Play
from engine.ai.choice import Choice
from engine.ai.levels import Level
from engine.ai.trickplay import greedy_choice
from engine.game import Game
from engine.play import card_values, play_mode


def choose_play(game: Game, seat: int, level: Level, rng: random.Random) -> Choice:
    h = game.hand
    assert h.trump is not None
    plays = [a for a in game.legal_actions() if isinstance(a, Play)]
    if any(a.from_table for a in plays) or len(plays) == 1:
        return plays[0], "the only sensible card"
    rules = game.rules
    side_of = [rules.team_of(s) for s in range(rules.players)]
    card = greedy_choice(h.hands[seat], [c for _, c in h.trick], seat, h.trick[0][0] if h.trick else seat, side_of,
                         h.trump, play_mode(rules), card_values(rules))
    return PLAYS[card], "rule of thumb"
