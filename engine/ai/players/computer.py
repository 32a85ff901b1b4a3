"""The computer seats: one :class:`ComputerPlayer` per level, deciding every phase of the game.

Card play is decided by :mod:`engine.ai.players.cardplay`; every other decision (bids, trump, passing,
burying, throwing in, the dix, redeals, two-handed melds and draws, declaring out) by
:mod:`engine.ai.players.decisions`. Each decision comes with a short reason in plain words
(:meth:`ComputerPlayer.choose_with_reason`), which the GUI can show and the hint uses.

>>> from engine.game import new_game
>>> from engine.rules import preset
>>> from engine.ai.players.levels import LEVELS
>>> game = new_game(preset("two_hand"), seed=3)
>>> player = ComputerPlayer(LEVELS["easy"], seed=1)
>>> game.legal_actions().count(player.choose(game, game.to_act))
1

A player is deterministic: its random choices come from a generator seeded by the player's seed
and the state of the game (the deal, the hand and how many actions were taken), so the same
seed in the same position makes the same decision, whatever came before.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import (
    Action,
    Bid,
    Bury,
    CallRedeal,
    DeclareOut,
    DrawChoice,
    ExchangeDix,
    LayMeld,
    NameTrump,
    NoMeld,
    Pass,
    PassCards,
    Play,
    PlayOn,
)
from engine.ai.players.cardplay import choose_play
from engine.ai.players.decisions import decide, should_declare_out
from engine.ai.players.levels import LEVELS, Level
from engine.ai.players.playouts import choose_by_playouts, played_out
from engine.game import Game, Phase
from engine.info_state import InfoState, info_state
from engine.meld import meld_by_trump
from engine.play import card_values
from engine.players import Choice, Player, RandomPlayer
from engine.rules import TrumpBy


def decision_rng(seed: int, game: Game, seat: int) -> random.Random:
    """The random generator of one decision: seeded by the player's seed and the game's state."""
    return random.Random(f"{seed}|{game.seed}|{game.hand_number}|{game.deal_number}|{len(game.log)}|{seat}")


class ComputerPlayer:
    """A computer seat of one :class:`~engine.ai.players.levels.Level`; ``seed`` makes it repeatable."""

    def __init__(self, level: Level, seed: int = 0) -> None:
        self.level = level
        self.seed = seed
        self.name = level.name

    def choose(self, game: Game, seat: int) -> Action:
        """The action for ``seat`` (which must be the seat to act)."""
        return self.choose_with_reason(game, seat)[0]

    def choose_with_reason(self, game: Game, seat: int) -> Choice:
        """The action for ``seat`` and why, in a few plain words.

        The decision is made from the seat's :class:`~engine.info_state.InfoState` alone (and a random
        generator seeded by the player's seed and how far the game has gone); only a level that sees every
        card (``perfect``) is given the whole game with it."""
        if game.to_act != seat:
            raise ValueError(f"seat {seat} is not to act (seat {game.to_act} is)")
        rng = decision_rng(self.seed, game, seat)
        info = info_state(game, seat, every_card=game if self.level.sees_all else None)
        return self.decide(info, rng)

    def decide(self, info: InfoState, rng: random.Random) -> Choice:
        """The action for the seat of ``info`` (which must be to act) and why."""
        legal = info.legal_actions
        if not legal:
            raise ValueError("the game is over: nothing to decide")
        phase = info.phase
        if DeclareOut() in legal and should_declare_out(info, self.level, rng):
            return DeclareOut(), "your side has the points to win"
        if phase == Phase.PLAY:
            choice = choose_play(info, self.level, rng)
        else:
            choice = decide(info, self.level, rng)
        if self.level.stock_playouts and info.rules.trump_by == TrumpBy.STOCK and played_out(info):
            choice = choose_by_playouts(info, self.level, rng, usual=choice)
        action = choice[0]
        if not info.is_legal(action):  # a bug elsewhere must never become an illegal move
            fallback = _fallback(info)
            return fallback[0], f"{fallback[1]} (instead of an illegal {action})"
        return choice


def _factory(level: Level) -> Callable[[int], ComputerPlayer]:
    def make(seed: int) -> ComputerPlayer:
        return ComputerPlayer(level, seed)

    return make


# Every kind of computer player by name: the random seat and each level.
PLAYER_KINDS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer, **{name: _factory(level) for name, level in LEVELS.items()}}


def make_player(kind: str, seed: int = 0) -> Player:
    """A computer player of the named kind: ``random`` or a level of :data:`~engine.ai.players.levels.LEVELS`."""
    try:
        factory = PLAYER_KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown player kind {kind!r}; choose from {', '.join(sorted(PLAYER_KINDS))}") from None
    return factory(seed)


# -- the safety net ----------------------------------------------------------------------------


def _fallback(info: InfoState) -> Choice:
    """A plain, legal rule of thumb for every phase, should a decision ever come out illegal (a bug: the
    game goes on, with a move the rules allow)."""
    legal = info.legal_actions
    phase = info.phase
    rules = info.rules
    hand = info.hand
    values = card_values(rules)
    trump = info.trump
    if phase == Phase.BIDDING:
        best = max(meld_by_trump(hand, rules).values())
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids and Pass() not in legal:
            return bids[0], "the first bid is forced"
        if bids and best + rules.trick_total // 2 >= bids[0].amount:
            return bids[0], f"meld about {best}: worth the lowest bid"
        return Pass(), "not enough meld to bid"
    if phase == Phase.TRUMP:
        melds = meld_by_trump(hand, rules)
        named = [a for a in legal if isinstance(a, NameTrump)]
        pick = max(named, key=lambda a: (melds[a.suit] + 15 * sum(1 for c in hand if c // 6 == a.suit), -a.suit))
        return pick, f"most meld and length: {melds[pick.suit]} meld"
    if phase in (Phase.PASSING, Phase.RETURN):
        size = rules.pass_cards
        declarer = info.declarer
        to_declarer = info.seat != declarer

        def keep(c: int) -> tuple[int, int]:
            strong = (10 if trump is not None and c // 6 == trump else 0) + c % 6
            return (strong, values[c]) if to_declarer else (-strong, -values[c])

        cards = tuple(sorted(sorted(hand, key=keep, reverse=True)[:size]))
        return PassCards(cards), "strong cards to the declarer" if to_declarer else "low cards back to partner"
    if phase == Phase.BURY:
        pool = {c for a in legal if isinstance(a, Bury) for c in a.cards}
        buriable = sorted(pool, key=lambda c: (c // 6 == trump, c % 6))
        return Bury(tuple(sorted(buriable[:3]))), "bury the weakest side cards"
    if phase == Phase.THROW_IN:
        return PlayOn(), "play the hand out"
    if phase == Phase.DIX:
        return ExchangeDix(True), "take the turned-up trump for the nine"
    if phase == Phase.REDEAL:
        return CallRedeal(False), "keep the hand"
    if phase == Phase.MELD:
        lays = [a for a in legal if isinstance(a, LayMeld)]
        if lays:
            best_lay = max(lays, key=lambda a: a.play.meld.points)
            return best_lay, f"lay {best_lay.play.meld.name} for {best_lay.play.meld.points}"
        return NoMeld(), "nothing to meld"
    if phase == Phase.DRAW_CHOICE:
        return DrawChoice(True), "take the trump card"
    plays = [a for a in legal if isinstance(a, Play)]
    return (plays[0] if plays else legal[0]), "a legal card"


__all__ = ["PLAYER_KINDS", "ComputerPlayer", "decision_rng", "make_player"]
