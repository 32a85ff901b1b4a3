"""A duplicate challenge being played: its deals, the player's hands so far, the computer's, and its save.

The player plays the deals one after another at the table (each a one-hand game from 0-0); meanwhile
:class:`engine.ai.analysis.duplicate.DuplicatePlayer` plays the same deals with the hard level in the player's
seat, in the background. :class:`ChallengeRun` keeps both sides' hand records, scores them deal by deal
(:func:`engine.challenge.duplicate_score`) and writes itself with :meth:`to_dict` (the shell saves it
after each deal and when the player leaves, the deal under way with it). :func:`run_from_dict` reads a
save back, refusing with :class:`~engine.challenge.ChallengeError` anything that is not one.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypedDict

from engine.ai.analysis.duplicate import DuplicatePlayer
from engine.challenge import (
    Challenge,
    ChallengeDeal,
    ChallengeDict,
    ChallengeError,
    challenge_from_dict,
    deal_game,
    duplicate_score,
)
from engine.game import Game
from engine.record import HandRecord, RecordError, check_record, read_hand
from engine.rules import OPTIONS
from engine.save import game_from_dict
from pinochle_gui.seat_words import with_hard_computer
from pinochle_gui.words import label_text, variant_name


class ChallengeRunDict(TypedDict):
    """A challenge in progress as written (:meth:`ChallengeRun.to_dict`)."""

    challenge: ChallengeDict
    names: list[str]
    avatars: list[int]
    played: list[HandRecord]
    computer: dict[str, HandRecord]  # by deal (from 0), written as text
    current: Mapping[str, object] | None
    started_at: float


@dataclass(frozen=True)
class DealResult:
    """One deal's line of the results: the player's result, the computer's (``None`` while it plays)."""

    place: int
    player: int
    computer: int | None

    @property
    def difference(self) -> int | None:
        return None if self.computer is None else self.player - self.computer


@dataclass
class ChallengeRun:
    challenge: Challenge
    names: list[str]
    avatars: list[int]
    played: list[HandRecord] = field(default_factory=list)  # the player's hand records, deal by deal
    computer: dict[int, HandRecord] = field(default_factory=dict)  # the computer's, by deal (from 0)
    current: Mapping[str, object] | None = None  # the deal under way as the engine saves a game (checked when read)
    started_at: float = 0.0
    background: DuplicatePlayer | None = None
    counted: bool = False  # finished by both sides and in the statistics

    @property
    def deals(self) -> list[ChallengeDeal]:
        return self.challenge.deal_list()

    @property
    def place(self) -> int:
        """The deal to play next (from 0)."""
        return len(self.played)

    @property
    def finished(self) -> bool:
        return len(self.played) >= self.challenge.deals

    @property
    def complete(self) -> bool:
        """Every deal played by both sides."""
        return self.finished and len(self.computer) >= self.challenge.deals

    def game(self) -> Game:
        """The game of the deal to play: the one under way when there is one, else freshly dealt."""
        if self.current is not None:
            try:
                game = game_from_dict(self.current)
                if not game.hand_records and game.first_deal == self.deals[self.place].deal_number:
                    return game
            except (ValueError, KeyError, TypeError, IndexError):
                pass  # a deal under way that cannot be read is dealt again
            self.current = None
        return deal_game(self.challenge.rules, self.deals[self.place])

    def deal_played(self, record: HandRecord) -> None:
        self.played.append(record)
        self.current = None

    # -- the computer's side -----------------------------------------------------------------------------
    def start_background(self, processes: bool = True) -> None:
        """Have the hard computer play the deals it has not played yet, in the background."""
        if self.background is None:
            self.background = DuplicatePlayer(self.challenge, processes)
        self.background.start([p for p in range(self.challenge.deals) if p not in self.computer])

    def poll(self) -> bool:
        """Collect the computer's finished deals; True when one arrived."""
        if self.background is None:
            return False
        new = self.background.results()
        self.computer.update(new)
        return bool(new)

    @property
    def failed(self) -> dict[int, str]:
        """The deals the computer could not play (by place), and why."""
        return dict(self.background.errors) if self.background is not None else {}

    def wait(self) -> None:
        """Every computer deal, waited for (tests)."""
        if self.background is not None:
            self.computer.update(self.background.wait())

    def close(self) -> None:
        if self.background is not None:
            self.background.close()
            self.background = None

    def computer_record(self, place: int) -> HandRecord | None:
        """The computer's hand of deal ``place``, with the table's names and the hard computer in the player's seat."""
        record = self.computer.get(place)
        if record is None:
            return None
        return with_hard_computer({**record, "players": list(self.names)}, 0)

    # -- the score ---------------------------------------------------------------------------------------
    def results(self) -> list[DealResult]:
        """The deals played by the player, each with the computer's result when it is there."""
        return [DealResult(place, duplicate_score(record),
                           duplicate_score(self.computer[place]) if place in self.computer else None)
                for place, record in enumerate(self.played)]

    def totals(self) -> tuple[int, int]:
        """The player's total and the computer's, over the deals both have played."""
        both = [r for r in self.results() if r.computer is not None]
        return sum(r.player for r in both), sum(r.computer or 0 for r in both)

    # -- sharing -----------------------------------------------------------------------------------------
    def settings_words(self) -> str:
        """What another player needs, with the number, to play the same challenge: variant, deals, levels, options."""
        c = self.challenge
        levels = ", ".join(label_text(level) for level in c.levels[1:])
        options = "; ".join(f"{OPTIONS[name].label} {label_text(value)}"
                            for name, value in c.rules.changes().items() if name in OPTIONS)
        return (f"{variant_name(c.rules.variant)}, {c.deals} deals, computers {levels}"
                + (f"; rule options: {options}" if options else ""))

    # -- saving ------------------------------------------------------------------------------------------
    def to_dict(self) -> ChallengeRunDict:
        return {"challenge": self.challenge.to_dict(), "names": list(self.names), "avatars": list(self.avatars),
                "played": list(self.played), "computer": {str(p): r for p, r in self.computer.items()},
                "current": self.current, "started_at": self.started_at}


def new_run(challenge: Challenge, names: list[str], avatars: list[int]) -> ChallengeRun:
    return ChallengeRun(challenge, list(names), list(avatars), started_at=time.time())


def run_from_dict(data: object) -> ChallengeRun:
    """A challenge read back from :meth:`ChallengeRun.to_dict`; :class:`ChallengeError` says what is wrong."""
    if not isinstance(data, dict):
        raise ChallengeError("a saved challenge is an object")
    challenge = challenge_from_dict(data.get("challenge"))
    players = challenge.rules.players
    names, avatars = data.get("names"), data.get("avatars")
    if not (isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names)):
        raise ChallengeError(f"the names of the {players} seats")
    if not (isinstance(avatars, list) and all(isinstance(a, int) for a in avatars)):
        raise ChallengeError("the seats' pictures are numbers")
    played, computer = data.get("played"), data.get("computer")
    if not isinstance(played, list) or len(played) > challenge.deals or not isinstance(computer, dict):
        raise ChallengeError("the hands played")
    deals = challenge.deal_list()
    for key in computer:
        if not (isinstance(key, str) and key.isdigit() and int(key) < challenge.deals):
            raise ChallengeError(f"no deal {key!r} in this challenge")

    def checked(place: int, value: object) -> HandRecord:
        try:
            record = check_record(value)
        except RecordError as err:
            raise ChallengeError(f"deal {place + 1}: {err}") from None
        if read_hand(record).dealer != deals[place].dealer:
            raise ChallengeError(f"deal {place + 1} is not a deal of challenge {challenge.number}")
        return record

    records = [checked(place, value) for place, value in enumerate(played)]
    by_place = {int(key): checked(int(key), value) for key, value in computer.items()}
    current = data.get("current")
    if current is not None and not isinstance(current, dict):
        raise ChallengeError("the deal under way")
    started = data.get("started_at", 0.0)
    return ChallengeRun(challenge, names, avatars, records, by_place, current,
                        float(started) if isinstance(started, (int, float)) else 0.0)


__all__ = ["ChallengeRun", "DealResult", "new_run", "run_from_dict"]
