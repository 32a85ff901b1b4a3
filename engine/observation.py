"""What one seat may know: its own cards and everything shown at the table, nothing else.

The computer players decide from an :class:`Observation` only; the GUI draws the human's view
from one. Cards held by others are never in it, except those that seat saw (cards it passed or
received, the widow once shown, laid or shown meld, played cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.cards import Card, parse_card
from engine.game import Game, Phase
from engine.play import count_points
from engine.record_shape import MeldEntry
from engine.rules import Rules, TrumpBy


@dataclass(frozen=True)
class SeenTrick:
    """A finished trick as one seat saw it: who led, the cards in the order played, who won; two-handed,
    the draws after it (a card the seat did not see drawn is ``None``; none once the stock is gone)."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    draws: tuple[tuple[int, Card | None], ...] = ()


@dataclass(frozen=True)
class Observation:
    seat: int
    phase: Phase
    to_act: int | None
    legal_actions: tuple[Action, ...]       # empty unless this seat is to act
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]             # cards held by each seat (laid meld not included)
    dealer: int
    hand_number: int
    deal_number: int
    bids: tuple[tuple[int, int | str], ...]
    declarer: int | None
    bid: int
    trump: int | None
    turnup: Card | None                     # while it is face up on the table
    widow: tuple[Card, ...]                 # once shown
    passed: tuple[Card, ...]                # cards this seat passed
    received: tuple[Card, ...]              # cards this seat received
    buried: tuple[Card, ...]                # the declarer's own bury
    melds: tuple[MeldEntry, ...]            # meld shown or laid, every seat
    tables: tuple[tuple[Card, ...], ...]    # two-handed: each seat's laid cards still on the table
    stock_size: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[SeenTrick, ...]           # finished tricks (their draws only as this seat saw them)
    trick_points: tuple[int, ...]           # per side
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    target: int


def observe(game: Game, seat: int) -> Observation:
    """The state of ``game`` as ``seat`` sees it."""
    h = game.hand
    r = game.rules
    declared = h.declarer is not None
    turnup = h.deal.turnup
    if r.trump_by == TrumpBy.STOCK:
        turnup = h.stock[-1] if h.stock else None
    elif r.trump_by == TrumpBy.TURNUP and h.meld_shown:
        turnup = None
    passed = tuple(c for a, _b, cards in h.passes if a == seat for c in cards)
    received = tuple(c for _a, b, cards in h.passes if b == seat for c in cards)
    # The last draw of the stock takes the face-up trump card (or the dix exchanged for it): both see that one.
    drawn = [i for i, t in enumerate(h.tricks) if "draws" in t]
    last_draw = drawn[-1] if drawn and r.trump_by == TrumpBy.STOCK and not h.stock else None
    face_up = str(h.dix_exchanges[0][1] if h.dix_exchanges else h.deal.turnup)
    tricks: list[SeenTrick] = []
    for i, t in enumerate(h.tricks):
        drawn_here = t.get("draws", [])
        public = next(n for n, (_s, c) in enumerate(drawn_here) if c == face_up) if i == last_draw else None
        draws = tuple((int(s), parse_card(str(c)) if s == seat or n == public else None)
                      for n, (s, c) in enumerate(drawn_here))
        plays = tuple((int(s), parse_card(str(c))) for s, c in t["plays"])
        tricks.append(SeenTrick(t["leader"], plays, t["winner"], draws))
    return Observation(
        seat=seat,
        phase=game.phase,
        to_act=game.to_act,
        legal_actions=tuple(game.legal_actions()) if game.to_act == seat else (),
        hand=tuple(h.hands[seat]),
        hand_sizes=tuple(len(x) for x in h.hands),
        dealer=h.deal.dealer,
        hand_number=game.hand_number,
        deal_number=h.deal.deal_number,
        bids=tuple(h.bids),
        declarer=h.declarer,
        bid=h.bid,
        trump=h.trump,
        turnup=turnup,
        widow=tuple(h.deal.widow) if declared else (),
        passed=passed,
        received=received,
        buried=h.buried if seat == h.declarer else (),
        melds=tuple(h.meld_entries),
        tables=tuple(tuple(t.cards()) for t in h.tables),
        stock_size=len(h.stock),
        trick=tuple(h.trick),
        tricks=tuple(tricks),
        trick_points=tuple(h.trick_points),
        tricks_won=tuple(h.tricks_won),
        scores=tuple(game.scores),
        target=game.target,
    )


def points_in_tricks(obs: Observation, rules: Rules) -> tuple[int, ...]:
    """Each side's points in tricks so far as ``obs.seat`` knows them: the tricks taken and, when the seat
    is the declarer who buried, the buried cards, which count for the declaring side as if taken in tricks
    (another seat learns their worth only when the hand is counted)."""
    points = list(obs.trick_points)
    if obs.buried and obs.declarer is not None:
        points[rules.team_of(obs.declarer)] += count_points(obs.buried, rules)
    return tuple(points)
