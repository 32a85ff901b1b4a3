"""The computer's side of a duplicate challenge: the hard level plays each deal from the player's seat.

:func:`computer_hand` plays one deal of a :class:`~engine.challenge.Challenge` to its end, the hard level
in seat 0 and the challenge's levels at the other seats, every seat seeded as the table seeds its
computers (:func:`seat_seed`, :func:`decision_seed`): the same partners and opponents as the player
meets. It plays by the levels' search budgets alone, without their clock (which only cuts a search
short on a loaded machine), so a deal's record depends on the challenge alone: the same challenge
number gives the same computer results on any machine.

:class:`DuplicatePlayer` plays the deals in the background, in one worker process at a low priority
(``nice`` 15, below the table's own computers), so that the table never waits for it; its results
are polled. Without processes it plays a deal when it is asked for, on the caller's thread (tests).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import replace
from typing import Any

from engine.actions import Action
from engine.ai.analysis.advice import APP_SEED
from engine.ai.analysis.hint import hint
from engine.ai.analysis.worker import background_pool, stop_pool
from engine.ai.players.computer import ComputerPlayer
from engine.ai.players.levels import LEVELS
from engine.challenge import Challenge, ChallengeDeal, ChallengeDict, challenge_from_dict, deal_game
from engine.game import Game
from engine.players import RandomPlayer
from engine.record import HandRecord
from engine.rules import Rules

#: The level that plays the player's seat.
COMPUTER_LEVEL = "hard"
#: The seat that follows the table's hint at every decision (:func:`engine.ai.analysis.hint.hint`, the app's seed
#: :data:`~engine.ai.analysis.advice.APP_SEED`): a player who asks for the hint each time and plays it.
HINT = "hint"
#: How much lower than normal the background player's process runs (the table's thinker runs at 5).
NICENESS = 15


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer in ``seat`` of a game with ``game_seed`` (the table's, too)."""
    return game_seed + seat * 7919


def decision_seed(seat_seed: int, actions_so_far: int) -> int:
    """The seed of one decision of a computer seat: its seat's seed and how far the game has gone."""
    return (seat_seed * 1_000_003 + actions_so_far) % (2**31)


def decide(level: str, seed: int, game: Any, seat: int) -> Any:
    """One decision of ``level`` (by its search budgets alone), as the table's worker would make it; of
    :data:`HINT`, the table's hint (which has its own seed, the app's)."""
    if level == HINT:
        return hint(game, seat, APP_SEED)[0]
    if level not in LEVELS:
        return RandomPlayer(seed).choose(game, seat)
    return ComputerPlayer(replace(LEVELS[level], think_seconds=0.0), seed).choose(game, seat)


def play_hand(rules: Rules, deal: ChallengeDeal, levels: Sequence[str],
              watch: Callable[[Game, int, Action], None] | None = None) -> HandRecord:
    """The hand record of ``deal`` played with ``levels[s]`` (a level, :data:`HINT` or ``random``) in seat ``s``,
    every seat seeded as the table seeds it; ``watch(game, seat, action)`` is shown each decision before it is
    made (benchmarks)."""
    game = deal_game(rules, deal)
    while not game.hand_records:
        seat = game.to_act
        assert seat is not None
        action = decide(levels[seat], decision_seed(seat_seed(game.seed, seat), len(game.log)), game, seat)
        if watch is not None:
            watch(game, seat, action)
        game.apply(action)
    return game.hand_records[0]


def computer_hand(challenge: Challenge, place: int) -> HandRecord:
    """The hand record of deal ``place`` (from 0) of ``challenge`` played with the hard level in seat 0."""
    levels = [COMPUTER_LEVEL, *(level or COMPUTER_LEVEL for level in challenge.levels[1:])]
    return play_hand(challenge.rules, challenge.deal_list()[place], levels)


def computer_hand_from_dict(challenge: ChallengeDict, place: int) -> HandRecord:
    """:func:`computer_hand` of a challenge written by :meth:`Challenge.to_dict` (what the worker is sent)."""
    return computer_hand(challenge_from_dict(challenge), place)


class DuplicatePlayer:
    """Plays a challenge's deals in the background, one at a time in a low-priority worker process.

    ``start(places)`` queues the deals still to play; :meth:`results` hands over each record once it is
    there (once). ``processes=False``: no worker; :meth:`results` plays the queued deals itself.
    """

    def __init__(self, challenge: Challenge, processes: bool = True) -> None:
        self.challenge = challenge
        self.processes = processes
        self._executor: Executor | None = None
        self._futures: dict[int, Future[HandRecord]] = {}
        self._queued: list[int] = []
        self._retried: set[int] = set()
        self.errors: dict[int, str] = {}  # the deals that could not be played, and why

    def start(self, places: list[int]) -> None:
        """Play these deals (by place, from 0) in order, after any already started."""
        for place in places:
            if not self.processes:
                if place not in self._queued:
                    self._queued.append(place)
            elif place not in self._futures:
                self._submit(place)

    def _submit(self, place: int) -> None:
        for _ in range(2):
            try:
                self._futures[place] = self._pool().submit(computer_hand_from_dict, self.challenge.to_dict(), place)
                return
            except RuntimeError:  # a broken pool (its worker died): a fresh one, once
                self._drop_pool()
        self.errors[place] = "the background player could not be started"

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = background_pool("pinochle-challenge", niceness=NICENESS, thread_fallback=False)
            if self._executor is None:
                raise RuntimeError("no worker process could be started")
        return self._executor

    def _drop_pool(self) -> None:
        stop_pool(self._executor)
        self._executor = None

    @property
    def pending(self) -> int:
        """Deals started and not yet handed over."""
        return len(self._futures) + len(self._queued)

    def results(self) -> dict[int, HandRecord]:
        """The records of the deals finished since the last call, by place. A deal that fails is tried once
        more (in a fresh worker when the first one died), then left out with its reason in :attr:`errors`."""
        done: dict[int, HandRecord] = {}
        for place in self._queued:
            done[place] = computer_hand(self.challenge, place)
        self._queued = []
        for place, future in list(self._futures.items()):
            if not future.done():
                continue
            del self._futures[place]
            try:
                done[place] = future.result()
            except Exception as err:  # noqa: BLE001 - reported, never fatal
                if place in self._retried:
                    self.errors[place] = str(err) or type(err).__name__
                else:
                    self._retried.add(place)
                    self._submit(place)
        return done

    def wait(self) -> dict[int, HandRecord]:
        """Every deal started, waited for, retries too (tests and scripts)."""
        done = self.results()
        while self._futures:
            for future in list(self._futures.values()):
                try:
                    future.result()
                except Exception:  # noqa: BLE001, S110 - collected with its reason by results()
                    pass
            done.update(self.results())
        return done

    def close(self) -> None:
        """Stop the worker; deals not yet played are dropped."""
        for future in self._futures.values():
            future.cancel()
        self._futures = {}
        self._queued = []
        self._drop_pool()


__all__ = ["COMPUTER_LEVEL", "HINT", "DuplicatePlayer", "computer_hand", "computer_hand_from_dict", "decide",
           "decision_seed", "play_hand", "seat_seed"]
