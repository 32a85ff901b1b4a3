"""What the statistics count: one hand and one game as the player saw them, and the summaries the
statistics screen reads back (:mod:`.stats` keeps them in SQLite)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.record import HandRecord
from engine.rules import RulesDict

from .rating import INITIAL_RATING


def level_of(levels: Sequence[str | None]) -> str:
    """The computers' level, or "mixed" when they differ."""
    found = {level for level in levels if level is not None}
    return found.pop() if len(found) == 1 else ("mixed" if found else "none")


@dataclass(frozen=True)
class HandStat:
    """One hand as the statistics see it, from the player's side. Points are the side's."""

    game_id: str
    variant: str
    player_seat: int
    #: Each seat's computer level; ``None`` for the player's seat.
    levels: tuple[str | None, ...]
    hand_number: int
    rules: RulesDict = field(default_factory=dict)
    bid: int | None = None
    declarer: int | None = None
    #: The declarer's partner when the player's side declared (partnership games) counts as side_declared.
    side_declared: bool = False
    went_set: bool = False
    thrown_in: bool = False
    meld: int = 0
    meld_counted: bool = True
    trick_points: int = 0
    score_change: int = 0
    #: The deal's number (its seed in the hand record), to find the hand again.
    deal_number: int | None = None
    trump: str | None = None
    #: The hand ended early because a player claimed the game (declaring out).
    declared_out: bool = False
    recorded_at: float = 0.0

    @property
    def player_declared(self) -> bool:
        return self.declarer is not None and self.declarer == self.player_seat

    @classmethod
    def from_record(
        cls,
        record: HandRecord,
        player_seat: int,
        levels: Sequence[str | None],
        game_id: str | None = None,
        previous_scores: Sequence[int] | None = None,
    ) -> HandStat:
        """Read a hand record (docs/records.md). Raises ``ValueError`` when it lacks what is needed.

        A hand cut short by a claim (declaring out) may have no ``score_delta``; its score change is
        then ``scores_after`` less ``previous_scores`` (the game's scores before it; zero before the
        first hand), and without them the record is refused rather than guessed at.
        """
        try:
            teams = [list(team) for team in record["teams"]]
            side = next(i for i, team in enumerate(teams) if player_seat in team)
            declarer = record.get("declarer")
            melds = record.get("melds") or []
            meld = sum(int(m["points"]) for m in melds if m["seat"] in teams[side])
            counted = record.get("meld_counted")
            declared_out = bool(record.get("declared_out"))
            if "score_delta" in record:
                score_change = int(record["score_delta"][side])
            elif previous_scores is not None or int(record["hand_number"]) == 1:
                before = previous_scores[side] if previous_scores is not None else 0
                score_change = int(record["scores_after"][side]) - int(before)
            else:
                raise ValueError("the record has no score_delta, and the scores before it are not known")
            seed = record.get("seed")
            return cls(
                game_id=str(game_id if game_id is not None else record.get("game_id", "")),
                variant=str(record["variant"]),
                rules=dict(record.get("rules") or {}),
                player_seat=player_seat,
                levels=tuple(levels),
                hand_number=int(record["hand_number"]),
                bid=record.get("bid"),
                declarer=None if declarer is None else int(declarer),
                side_declared=declarer is not None and declarer in teams[side],
                went_set=bool(record.get("went_set", False)),
                thrown_in=bool(record.get("thrown_in", False)),
                meld=meld,
                meld_counted=bool(counted[side]) if isinstance(counted, list) else True,
                trick_points=int((record.get("trick_points") or [0] * len(teams))[side]),
                score_change=score_change,
                deal_number=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
                trump=str(record["trump"]) if record.get("trump") else None,
                declared_out=declared_out,
            )
        except (KeyError, IndexError, TypeError, ValueError, StopIteration) as exc:
            raise ValueError(f"not a usable hand record: {type(exc).__name__} {exc}") from exc


@dataclass(frozen=True)
class GameStat:
    """One finished game from the player's side."""

    game_id: str
    variant: str
    player_seat: int
    levels: tuple[str | None, ...]
    #: The seats of each side, as ``rules.teams``.
    teams: tuple[tuple[int, ...], ...]
    #: Each side's final score, in the order of ``teams``.
    final_scores: tuple[int, ...]
    #: The winning side's index in ``teams``.
    winner_side: int
    hands: int
    rules: RulesDict = field(default_factory=dict)
    started_at: float = 0.0
    ended_at: float = 0.0

    @property
    def player_side(self) -> int:
        return next(i for i, team in enumerate(self.teams) if self.player_seat in team)

    @property
    def won(self) -> bool:
        return self.winner_side == self.player_side

    @classmethod
    def from_records(
        cls,
        records: Sequence[HandRecord],
        player_seat: int,
        levels: Sequence[str | None],
        winner_side: int | None = None,
    ) -> GameStat:
        """A finished game from its hand records; the last one's ``winner`` is read as a side index."""
        try:
            last = records[-1]
            teams = tuple(tuple(int(s) for s in team) for team in last["teams"])
            winner = last.get("winner") if winner_side is None else winner_side
            if not isinstance(winner, int) or not 0 <= winner < len(teams):
                raise ValueError(f"winner {winner!r} is not a side")
            return cls(
                game_id=str(last.get("game_id", "")),
                variant=str(last["variant"]),
                rules=dict(last.get("rules") or {}),
                player_seat=player_seat,
                levels=tuple(levels),
                teams=teams,
                final_scores=tuple(int(s) for s in last["scores_after"]),
                winner_side=winner,
                hands=len(records),
            )
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise ValueError(f"not a finished game: {type(exc).__name__} {exc}") from exc


@dataclass(frozen=True)
class BestHand:
    score_change: int
    variant: str
    game_id: str
    hand_number: int
    recorded_at: float


@dataclass(frozen=True)
class StatsSummary:
    """What the statistics screen shows for one variant and computer level (or all)."""

    games: int = 0
    wins: int = 0
    hands: int = 0
    bids_won: int = 0
    bids_made: int = 0
    times_set: int = 0
    thrown_in: int = 0
    average_meld: float = 0.0
    average_contract: float = 0.0
    best_hand: BestHand | None = None
    longest_streak: int = 0
    current_streak: int = 0
    rating: float = INITIAL_RATING

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class BreakdownRow:
    """Games and hands of one variant against one computer level."""

    variant: str
    level: str
    games: int
    wins: int
    hands: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class GamePoint:
    """One game of a chart: the rating after it and the final scores."""

    game_id: str
    variant: str
    level: str
    ended_at: float
    won: bool
    player_score: int
    opponent_score: int
    rating: float
