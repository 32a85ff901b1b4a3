"""What one seat may know: its own cards and everything shown at the table, nothing else.

The computer players decide from an :class:`Observation` only; the GUI draws the human's view
from one. Cards held by others are never in it, except those that seat saw (cards it passed or
received, the widow once shown, laid or shown meld, played cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.cards import Card
from engine.game import Game, Phase
from engine.history import Call, Draw, MeldShown, TrickPlayed
from engine.play import count_points
from engine.rules import Rules, TrumpBy


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
    bids: tuple[Call, ...]
    declarer: int | None
    bid: int
    trump: int | None
    turnup: Card | None                     # while it is face up on the table
    widow: tuple[Card, ...]                 # once shown
    passed: tuple[Card, ...]                # cards this seat passed
    received: tuple[Card, ...]              # cards this seat received
    buried: tuple[Card, ...]                # the declarer's own bury
    melds: tuple[MeldShown, ...]            # meld shown or laid, every seat
    tables: tuple[tuple[Card, ...], ...]    # two-handed: each seat's laid cards still on the table
    stock_size: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickPlayed, ...]         # finished tricks (a draw this seat did not see: its card None)
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
    passed = tuple(c for p in h.passes if p.giver == seat for c in p.cards)
    received = tuple(c for p in h.passes if p.receiver == seat for c in p.cards)
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
        melds=tuple(h.melds),
        tables=tuple(tuple(t.cards()) for t in h.tables),
        stock_size=len(h.stock),
        trick=tuple(h.trick),
        tricks=seen_tricks(game, seat),
        trick_points=tuple(h.trick_points),
        tricks_won=tuple(h.tricks_won),
        scores=tuple(game.scores),
        target=game.target,
    )


def seen_tricks(game: Game, seat: int) -> tuple[TrickPlayed, ...]:
    """The finished tricks as ``seat`` saw them: two-handed, the cards the other seat drew are hidden (``None``),
    but for the face-up trump card (or the dix exchanged for it) that the last draw of the stock takes."""
    h = game.hand
    if game.rules.trump_by != TrumpBy.STOCK:
        return tuple(h.tricks)
    drawn = [i for i, t in enumerate(h.tricks) if t.draws]
    last_draw = drawn[-1] if drawn and not h.stock else None
    face_up = h.dix_exchanges[0].dix if h.dix_exchanges else h.deal.turnup
    tricks = []
    for i, t in enumerate(h.tricks):
        if not t.draws:
            tricks.append(t)
            continue
        public = next(n for n, (_s, c) in enumerate(t.draws) if c == face_up) if i == last_draw else None
        draws = tuple(d if d.seat == seat or n == public else Draw(d.seat, None) for n, d in enumerate(t.draws))
        tricks.append(TrickPlayed(t.leader, t.plays, t.winner, t.points, draws))
    return tuple(tricks)


def points_in_tricks(obs: Observation, rules: Rules) -> tuple[int, ...]:
    """Each side's points in tricks so far as ``obs.seat`` knows them: the tricks taken and, when the seat
    is the declarer who buried, the buried cards, which count for the declaring side as if taken in tricks
    (another seat learns their worth only when the hand is counted)."""
    points = list(obs.trick_points)
    if obs.buried and obs.declarer is not None:
        points[rules.team_of(obs.declarer)] += count_points(obs.buried, rules)
    return tuple(points)
