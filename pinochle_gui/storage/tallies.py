"""What the statistics count: one hand and one game as the player saw them, and the summaries the
statistics screen reads back (:mod:`.stats` keeps them in SQLite)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.cards import SUIT_LETTERS
from engine.history import HandHistory
from engine.record import HandRecord, read_hand
from engine.rules import RulesDict
from engine.scoring import THROWN_IN

from .rating import INITIAL_RATING


def _read(record: HandRecord, what: str) -> HandHistory:
    """The typed history of a hand record (``ValueError``, starting with ``what``, for one that does not read)."""
    try:
        return read_hand(record)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise ValueError(f"{what}: {type(exc).__name__} {exc}") from exc


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
    ) -> HandStat:
        """Read a checked hand record (docs/records.md) through its typed history. Raises ``ValueError`` when it
        does not say how the hand scored, or ``player_seat`` is none of its seats."""
        return cls.from_hand(_read(record, "not a usable hand record"), player_seat, levels, game_id)

    @classmethod
    def from_hand(
        cls,
        hand: HandHistory,
        player_seat: int,
        levels: Sequence[str | None],
        game_id: str | None = None,
    ) -> HandStat:
        """One hand from the player's side (``game_id``: the game's key, the hand's own otherwise)."""
        if not 0 <= player_seat < hand.seats:
            raise ValueError(f"not a usable hand record: seat {player_seat} is not one of its {hand.seats} seats")
        if hand.scored is None:
            raise ValueError("not a usable hand record: it does not say how the hand scored")
        rules = hand.rules
        side = rules.team_of(player_seat)
        team = rules.teams[side]
        count = hand.count
        return cls(
            game_id=game_id if game_id is not None else hand.game_id,
            variant=hand.variant,
            rules=rules.to_dict(),
            player_seat=player_seat,
            levels=tuple(levels),
            hand_number=hand.hand_number,
            bid=hand.bid,
            declarer=hand.declarer,
            side_declared=hand.declarer is not None and hand.declarer in team,
            went_set=count is not None and count.went_set,
            thrown_in=count is not None and count.how == THROWN_IN,
            meld=sum(shown.points for shown in hand.melds if shown.seat in team),
            meld_counted=count.meld_counted[side] if count is not None else True,
            trick_points=count.trick_points[side] if count is not None else 0,
            score_change=hand.scored.score_delta[side],
            deal_number=hand.deal_number,
            trump=SUIT_LETTERS[hand.trump] if hand.trump is not None else None,
            declared_out=hand.declared_out is not None,
        )


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
        """A finished game from its checked hand records; the last one's ``winner`` is read as a side index."""
        if not records:
            raise ValueError("not a finished game: no hands")
        last = _read(records[-1], "not a finished game")
        winner = last.scored.winner if winner_side is None and last.scored is not None else winner_side
        teams = last.teams
        if last.scored is None or winner is None or not 0 <= winner < len(teams):
            raise ValueError(f"not a finished game: winner {winner!r} is not a side")
        return cls(
            game_id=last.game_id,
            variant=last.variant,
            rules=last.rules.to_dict(),
            player_seat=player_seat,
            levels=tuple(levels),
            teams=teams,
            final_scores=last.scored.scores_after,
            winner_side=winner,
            hands=len(records),
        )


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
