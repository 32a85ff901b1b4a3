"""A choice tried in sampled deals of the cards a seat cannot see, and the rest of the hand played out
after it by a quick policy: how two-handed choices are weighed while the stock lasts (the cards, the
melds laid, the draw, the dix), and a redeal.

Two-handed, the stock hides most of the cards, the melds change hands' worth trick by trick and no
search reaches the end of the hand: each choice is made in the same few deals of the hidden cards, the
hand played to its end by :data:`PLAYOUT` (rules of thumb that remember everything and never slip,
greedy play once the stock is gone), and the choice is worth the average of the hand's score to the
seat's side less the opponent's. The hand analysis values these decisions so
(:mod:`engine.ai.analysis.valuation`), and the ``hard`` computer chooses by it (:func:`choose_by_playouts`).
Everything comes from ``rng``: the same seed gives the same worths (a deadline only cuts the deals short).

>>> import random
>>> from engine.game import new_game
>>> from engine.info_state import info_state
>>> from engine.rules import preset
>>> game = new_game(preset("two_hand"), seed=3)
>>> while game.phase != "play": game.apply(game.legal_actions()[0])
>>> info = info_state(game, game.to_act)
>>> played_out(info), len(playout_worths(info, game.legal_actions()[:2], 2, random.Random(1))[0])
(True, 2)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import replace

from engine.actions import Action, DeclareOut
from engine.ai.players.cardplay import choose_play, playout_worth
from engine.ai.players.decisions import decide
from engine.ai.players.levels import EASY, Level
from engine.ai.search.worlds import World, real_world
from engine.game import Game, Phase
from engine.info_state import InfoState, info_state, sample_world
from engine.players import Choice
from engine.rules import TrumpBy

PLAYOUT_DEALS = 16  # sampled deals a choice is played out in (the analysis's first look; hard's own choice)
# The quick policy that plays the rest of a hand out after a choice: rules of thumb and greedy play,
# remembering everything, never slipping.
PLAYOUT = replace(EASY, name="playout", memory=1.0, slip=0.0)
LEAST_DEALS = 4  # a deadline never cuts a choice's deals below this

Worths = dict[Action, list[float]]


def played_out(info: InfoState) -> bool:
    """Whether the decision now (seen from ``info``) is weighed by playing the hand out after each choice in a few
    sampled deals: two-handed play while the stock lasts, the melds, draws and dix of two-handed, a redeal
    (every decision but the auction's, the passes', the buries', the throw-in's and the card play that a
    search values)."""
    phase = info.phase
    if phase == Phase.PLAY:
        return info.rules.trump_by == TrumpBy.STOCK and bool(info.stock_size or info.tables)
    return phase not in (Phase.BIDDING, Phase.TRUMP, Phase.PASSING, Phase.RETURN, Phase.BURY, Phase.THROW_IN)


def playout_worths(info: InfoState, choices: Sequence[Action], deals: int, rng: random.Random,
                   deadline: float | None = None, every_card: Game | None = None) -> tuple[Worths, int]:
    """Each of ``choices`` made in the same ``deals`` deals of the cards the seat cannot see, dealt consistently
    with ``info`` (for the every-card view, given the whole game as ``every_card``: every hand as dealt and,
    while a stock lasts, ``deals`` orders of it: see :func:`hands_seen`) and the hand played out: its worth in
    each deal, and how many deals were played (fewer if ``deadline``, a ``time.perf_counter()`` reading, passed;
    never under :data:`LEAST_DEALS`)."""
    seat = info.seat
    if every_card is not None:
        worlds = [hands_seen(every_card, rng) for _ in range(deals if info.stock_size else 1)]
    else:
        know = info.knowledge()
        worlds = [sample_world(know, rng) for _ in range(deals)]
    seeds = [rng.randrange(1 << 30) for _ in worlds]
    worths: Worths = {action: [] for action in choices}
    played = 0
    for world, seed in zip(worlds, seeds, strict=True):
        if deadline is not None and played >= LEAST_DEALS and time.perf_counter() > deadline:
            break
        for action in choices:
            copy = info.dealt(world)
            copy.apply(action)
            worths[action].append(play_out(copy, seat, random.Random(seed)))
        played += 1
    return worths, played


def hands_seen(game: Game, rng: random.Random) -> World:
    """The real deal as a view with every card seen knows it: every hand, and the stock in an order drawn from
    ``rng`` (its turned-up trump card kept last). No seat could know the order of the stock, so no view
    values a choice by it."""
    world = real_world(game)
    hidden = sorted(world.stock[:-1])  # the order dealt tells nothing
    rng.shuffle(hidden)
    return replace(world, stock=hidden + world.stock[-1:])


def choose_by_playouts(info: InfoState, level: Level, rng: random.Random, usual: Choice) -> Choice:
    """The choice of the seat worth most over ``level.stock_playouts`` deals played out (on the clock, the
    deals that fit in about the level's time, at least :data:`LEAST_DEALS`); ``usual``, the level's
    rule-of-thumb choice and its reason, wins a tie and stands alone when there is nothing else to choose."""
    choices = [usual[0]] + [a for a in info.legal_actions if a != usual[0] and not isinstance(a, DeclareOut)]
    if len(choices) == 1:
        return usual
    deadline = time.perf_counter() + level.think_seconds if level.think_seconds > 0 else None
    worths, deals = playout_worths(info, choices, level.stock_playouts, rng, deadline=deadline)
    means = {a: sum(w) / len(w) for a, w in worths.items()}
    best = max(choices, key=lambda a: means[a])  # the first of equals: the usual choice
    if best == usual[0]:
        return usual
    return best, f"the best of {len(choices)} choices when the rest of the hand was played out in {deals} deals"


def play_out(game: Game, seat: int, rng: random.Random) -> float:
    """The hand's worth to ``seat``'s side once played to its end by :data:`PLAYOUT` (greedy play once
    no stock is left to draw from)."""
    hands_before = len(game.hand_records)
    while len(game.hand_records) == hands_before and not game.is_over:
        phase = game.phase
        h = game.hand
        if phase == Phase.PLAY and not (h.stock or h.tables):
            return playout_worth(game, seat)
        actor = game.to_act
        assert actor is not None
        view = info_state(game, actor)  # each seat of the played-out deal decides from what it sees there
        if phase == Phase.PLAY:
            action = choose_play(view, PLAYOUT, rng)[0]
        else:
            action = decide(view, PLAYOUT, rng)[0]
        game.apply(action)
    if len(game.hand_records) == hands_before:
        return 0.0
    delta = game.hands_played[-1].score_delta
    side = game.rules.team_of(seat)
    return float(delta[side] - sum(d for i, d in enumerate(delta) if i != side))


__all__ = ["PLAYOUT", "PLAYOUT_DEALS", "choose_by_playouts", "play_out", "played_out", "playout_worths"]
