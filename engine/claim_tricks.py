"""Claiming the remaining tricks: when a seat on lead is certain to take every trick left, it may say so
and the hand is finished at once.

A claim is offered only when it is *certain from what the claiming seat can see*: its own cards, the
cards it buried itself, and the cards already played. Every other card - the other hands, a bury it did
not make - is *unseen*, wherever it really lies, partner's included. The seat is certain when

* it is on lead, the trick is empty and the stock (two-handed) is gone;
* its trumps are at least as many as the unseen trumps, and each is at least as high as every unseen
  trump: leading them first draws every trump the others hold (each must follow suit), and a trump
  equal to its own never wins, since of identical cards the first played takes the trick;
* each of its other cards is at least as high as every unseen card of its suit: once the trumps are
  drawn nobody can trump it and nobody can beat it.

Then leading its trumps, highest first, and its other cards, highest first, takes every trick
whatever the others hold and play, under every rule of play (a claimer's card can only be matched,
never beaten). :func:`claimed_plays` plays the hand out that way - the claimer's cards in that order,
each other seat its lowest legal card - so the hand record, the review and the score are exactly those
of the hand played to the end: every card left goes to the claimer's side either way. It plays the hand
being played to its end, whichever hand of the game that is.
:func:`claim_the_rest` is the claim itself: it notes the claim in the hand's record (``claim``, see
docs/records.md) before the plays are applied, and says it with the claimer's hand laid face up
(:class:`~engine.events.TricksClaimed`) so that every seat can check it.
"""

from __future__ import annotations

from engine.actions import Action, Play
from engine.cards import Card, counts, new_deck
from engine.events import TricksClaimed
from engine.game import Game, Phase
from engine.history import Claimed

__all__ = ["claim_plan", "claim_the_rest", "claimed_plays"]


def _unseen(game: Game, seat: int) -> list[int]:
    """How many of each card ``seat`` cannot see: the deck less its own cards, its own bury and the cards
    played."""
    h = game.hand
    unseen = counts(new_deck(game.rules.double_deck))
    for c in h.hands[seat]:
        unseen[c] -= 1
    if h.declarer == seat:
        for c in h.buried:
            unseen[c] -= 1
    for trick in h.tricks:
        for _seat, c in trick.plays:
            unseen[c] -= 1
    for _seat, c in h.trick:
        unseen[c] -= 1
    return unseen


def _top_unseen(unseen: list[int], suit: int) -> int:
    """The rank of the highest unseen card of ``suit``, -1 when none is unseen."""
    for rank in range(5, -1, -1):
        if unseen[suit * 6 + rank]:
            return rank
    return -1


def claim_plan(game: Game, seat: int) -> list[Card] | None:
    """The order in which ``seat`` leads its cards to take every remaining trick, when that is certain
    from what it can see (see the module's text); ``None`` when it is not, or when there is no claim
    to make (not ``seat``'s lead, one card left: the last trick plays itself)."""
    h = game.hand
    trump = h.trump
    if (game.phase != Phase.PLAY or game.to_act != seat or h.trick or h.stock or trump is None
            or any(t.cards() for t in h.tables) or len(h.hands[seat]) < 2):
        return None
    unseen = _unseen(game, seat)
    mine = sorted(h.hands[seat], key=lambda c: -(c % 6))
    trumps = [c for c in mine if c // 6 == trump]
    unseen_trumps = sum(unseen[trump * 6 + rank] for rank in range(6))
    if len(trumps) < unseen_trumps:
        return None
    top = [_top_unseen(unseen, suit) for suit in range(4)]
    if any(c % 6 < top[c // 6] for c in mine):
        return None
    plan = trumps + [c for c in mine if c // 6 != trump]
    if not game.is_legal(Play(plan[0]), seat):
        return None
    return plan


def claimed_plays(game: Game, seat: int) -> list[Action]:
    """The plays that finish the hand of a certain claim by ``seat``: its cards in :func:`claim_plan`'s
    order, every other seat's lowest legal card (which it plays changes nothing: every card left goes
    to the claimer's side). ``ValueError`` when ``seat`` has no certain claim."""
    plan = claim_plan(game, seat)
    if plan is None:
        raise ValueError("no certain claim of the remaining tricks")
    board = game.clone()
    hand_number = board.hand_number  # the hand being played (the game may have scored others before it)
    plays: list[Action] = []
    lead = iter(plan)
    while board.hand_number == hand_number and board.phase == Phase.PLAY:
        to_act = board.to_act
        legal = [a for a in board.legal_actions() if isinstance(a, Play)]
        if to_act == seat:
            action: Play = Play(next(lead))
            assert action in legal, "a certain claim's lead is always legal"
        else:
            action = min(legal, key=lambda a: (a.card % 6, a.card))
        board.apply(action)
        plays.append(action)
    return plays


def claim_the_rest(game: Game, seat: int) -> tuple[TricksClaimed, list[Action]]:
    """``seat`` claims the remaining tricks: the game notes the claim (the hand's record says who claimed
    and from which action, so that the review does not weigh the plays that followed as anybody's
    decisions). Returns the claim as every seat sees it (the claimer's hand face up) and the plays that
    finish the hand, for the caller to apply one by one (the table animates them). ``ValueError`` when
    ``seat`` has no certain claim."""
    plays = claimed_plays(game, seat)
    game.hand.claim = Claimed(seat, len(game.log) - game.hand_start)
    return TricksClaimed(seat, tuple(game.hand.hands[seat])), plays
