"""A finished hand told again step by step, from its hand record alone (docs/records.md).

:func:`review_steps` replays the record's actions through the game and keeps one :class:`Step` per
thing that happened: the hands as dealt, each bid, the widow, trump, dix exchanges, passes both ways,
the bury, every meld, then each card of each trick, its winner, the draws and meld laid during
two-handed play, and the hand's score. Each step holds every seat's cards at that moment (face up),
the cards of the trick on the table and the trick points per side so far.

The cards in hand are followed from the events and checked against the game after every action, and
the trick points at the end against the record's ``trick_points``: a record that does not tell the
same hand is refused with :class:`~engine.record.RecordError`, never shown wrong.

>>> from engine.game import new_game
>>> from engine.rules import preset
>>> from engine.sim import play_game
>>> record = play_game(new_game(preset("partnership_auction"), seed=3), ["random"] * 4, 3, 1).hand_records[0]
>>> steps = review_steps(record)
>>> steps[0].text, [len(h) for h in steps[0].hands]
('Hand 1, dealt by East', [12, 12, 12, 12])
>>> list(steps[-1].points) == record["trick_points"]
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.actions import Action, CallRedeal, ExchangeDix, LayMeld
from engine.cards import SUIT_NAMES, Card, sort_hand
from engine.events import (
    AuctionWon,
    BidMade,
    Buried,
    CardPlayed,
    CardsPassed,
    Dealt,
    DeclaredOut,
    DixExchanged,
    Drawn,
    Event,
    EventKind,
    HandScored,
    Melded,
    MeldLaid,
    MeldsReturned,
    NoMarriage,
    NotOnBoard,
    Passed,
    PlayedOn,
    ThrownIn,
    TrickTaken,
    TrumpNamed,
    WidowTaken,
)
from engine.game import Game, IllegalAction
from engine.history import HandHistory
from engine.play import count_points
from engine.record import HandRecord, RecordError, check_record, game_at_deal, read_hand, record_names, record_sides
from engine.rules import TrumpBy

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Step:
    """The hand at one moment of the review."""

    kind: EventKind                          # what happened (the event's kind)
    seat: int | None                         # who acted, if anyone
    text: str                                # what happened, in words
    hands: tuple[Cards, ...]                 # every seat's cards in hand now
    laid: tuple[Cards, ...]                  # two-handed meld on the table now, per seat
    trick: tuple[tuple[int, Card], ...]      # the cards of the trick on the table, (seat, card)
    shown: Cards                             # the cards this step is about: widow, pass, meld, draw...
    shown_label: str                         # what they are, e.g. "Passed"
    tricks_done: int                         # tricks finished so far
    points: tuple[int, ...]                  # trick points per side so far (order of ``teams``)
    trump: int | None                        # the trump suit once known
    contract: tuple[int, int] | None         # (declarer, bid) once the auction is won
    action_index: int | None = None          # the record's action this step is the first thing of
    reason: str = ""                         # the computer's reason for that action, when the record has it


#: The names a record gives its seats, and its sides (:func:`engine.record.record_names`, ``record_sides``).
seat_names, side_names = record_names, record_sides


def review_steps(record: HandRecord) -> list[Step]:
    """Every step of the hand of ``record``; :class:`RecordError` if it is not a record we can replay."""
    check_record(record)
    hand = read_hand(record)
    game = game_at_deal(record, hand.rules)
    review = _Review(hand, game)
    review.follow(game.opening_events())
    reasons = dict(hand.reasons)
    claim = hand.claim
    if claim is not None:  # the claim's first play says so; what the record's computer said follows
        said = reasons.get(claim.action, "")
        claimed = f"{hand.names()[claim.seat]} claims the remaining tricks"
        reasons[claim.action] = f"{claimed}: {said}" if said else claimed
    try:
        for index, value in enumerate(hand.actions):
            review.action = game.action_from_json(value)
            review.action_index, review.reason = index, reasons.get(index, "")
            seat, chose = game.to_act, game.has_choice()
            review.follow(game.apply(review.action))
            if review.action_index is not None and chose and seat is not None:
                review.chosen(review.action, seat)  # a choice no event tells: "You lay no meld"
            if game.hand_records:
                break  # the game has dealt the next hand
            review.check_against(game)
    except (IllegalAction, ValueError) as err:  # check_record replayed them: a bug of the review
        if isinstance(err, RecordError):
            raise
        raise RecordError(f"the hand could not be followed: {err}") from None
    count = hand.count
    if count is not None and review.points != list(count.trick_points):
        raise RecordError(f"the tricks count {review.points}, the record says {list(count.trick_points)}")
    return review.steps


class _Review:
    """The hand followed event by event, a :class:`Step` kept for each event worth showing."""

    def __init__(self, hand: HandHistory, game: Game) -> None:
        self.hand = hand
        self.rules = hand.rules
        self.names = hand.names()
        self.hands: list[list[Card]] = [list(h) for h in game.hand.deal.hands]
        self.laid: list[list[Card]] = [[] for _ in self.hands]
        self.trick: list[tuple[int, Card]] = []
        self.tricks_done = 0
        self.points = [0] * len(hand.rules.teams)
        self.trump: int | None = None
        self.contract: tuple[int, int] | None = None
        self.steps: list[Step] = []
        self.action: Action | None = None  # the action being replayed
        self.action_index: int | None = None  # its index in the record, until its first step is kept
        self.reason = ""
        self.buried: list[Card] = []

    # -- following the events -------------------------------------------------------------------------
    def follow(self, events: Iterable[Event]) -> None:
        for event in events:
            if isinstance(event, Dealt) and self.steps:
                return  # the next hand: not this record's
            told = self.tell(event)
            if told is not None:
                self.keep(event, *told)

    def tell(self, event: Event) -> tuple[str, Sequence[Card], str] | None:
        """Apply ``event`` to the cards followed; its words, the cards it shows and their label."""
        seat = event.seat
        who = self.names[seat] if seat is not None else ""
        match event:
            case Dealt(turnup=turnup):
                deal = f"Hand {self.hand.hand_number}, dealt by {who}"
                if turnup is not None:
                    return deal, [turnup], "Turned up"
                return deal, self.hand.deal.widow, "Widow"
            case BidMade(amount=amount, stuck=stuck):
                return f"{who} bids {amount}" + (" (the dealer is stuck)" if stuck else ""), (), ""
            case Passed(help=help_):
                return f"{who} passes" + (" and shows help for partner" if help_ else ""), (), ""
            case AuctionWon(seat=declarer, bid=bid):
                self.contract = (declarer, bid)
                return f"{who} wins the bid at {bid}", (), ""
            case WidowTaken(seat=declarer, cards=cards):
                self.hands[declarer] += cards
                return f"{who} takes the widow", cards, "Widow"
            case TrumpNamed(suit=suit, turnup=turnup):
                self.trump = suit
                if turnup is not None:
                    return f"The turned-up card makes {SUIT_NAMES[suit]} trump", [turnup], "Turned up"
                return f"{who} names {SUIT_NAMES[suit]} trump", (), ""
            case NoMarriage():
                return f"{who} holds no marriage to name trump: the hand is lost", (), ""
            case DixExchanged(seat=holder, dix=dix, card=taken):
                if self.rules.trump_by == TrumpBy.STOCK:  # the dix was laid on the table; the turned-up trump to hand
                    _take(self.laid[holder], [dix])
                else:  # the dealer held the turned-up card
                    _take(self.hands[holder], [dix])
                    _take(self.hands[self.hand.dealer], [taken])
                    self.hands[self.hand.dealer].append(dix)
                self.hands[holder].append(taken)
                return f"{who} exchanges the dix for the turned-up card", [dix, taken], "Exchanged"
            case CardsPassed(seat=giver, to=to, cards=cards):
                _take(self.hands[giver], cards)
                self.hands[to] += cards
                count = len(cards)
                return f"{who} passes {count} card{'s' * (count != 1)} to {self.names[to]}", cards, "Passed"
            case Buried(seat=declarer, cards=cards):
                _take(self.hands[declarer], cards)
                self.buried = list(cards)
                return f"{who} buries {len(cards)} cards", cards, "Buried"
            case Melded(points=points, melds=melds, cards=cards):
                items = ", ".join(f"{name} {worth}" for name, worth, _cards_text in melds)
                if not items and not points:
                    return f"{who} has no meld", (), ""
                return f"{who} melds {points}" + (f": {items}" if items else ""), cards, "Meld"
            case NotOnBoard(meld=meld, bid=bid):
                whose = f"{who}'s side has" if self.rules.partnerships else f"{who} has"
                return f"{whose} {meld} meld and cannot make {bid}: set without play", (), ""
            case ThrownIn():
                return f"{who} throws the hand in", (), ""
            case PlayedOn():
                return f"{who} plays the hand", (), ""
            case CardPlayed(seat=player, card=played, from_table=from_table):
                if len(self.trick) == self.rules.players:
                    self.trick = []
                _take(self.laid[player] if from_table else self.hands[player], [played])
                self.trick.append((player, played))
                return f"{who} plays" + (" from the meld on the table" if from_table else ""), (), ""
            case TrickTaken(seat=winner, points=points, last=last):
                self.tricks_done += 1
                self.points[self.rules.team_of(winner)] += points
                bonus = " (with the last trick's bonus)" if last else ""
                return f"{who} wins trick {self.tricks_done}: {points} points{bonus}", (), ""
            case Drawn(seat=drawer, card=drawn):
                self.hands[drawer].append(drawn)
                return f"{who} draws from the stock", [drawn], "Drawn"
            case MeldLaid(seat=layer, name=name, points=points, cards=cards):
                if not isinstance(self.action, LayMeld):  # a turned-up dix scores for the dealer, left in the stock
                    return f"The turned-up dix scores {points} for {who}", cards, "Meld"
                # the event names the table's cards by slot; the action says which came from the hand
                _take(self.hands[layer], self.action.play.from_hand)
                self.laid[layer] += self.action.play.from_hand
                return f"{who} lays {name} for {points}", cards, "Meld"
            case MeldsReturned():
                for hand, laid in zip(self.hands, self.laid, strict=True):
                    hand += laid
                    laid.clear()
                return "The stock is gone: the laid meld goes back to the hands", (), ""
            case DeclaredOut(total=total, right=right):
                return f"{who} declares out with {total}: " + ("right" if right else "wrong"), (), ""
            case HandScored():
                scored = self.hand.scored
                change = ", ".join(f"{side} {d:+d}" for side, d in zip(self.hand.side_names(),
                                                                         scored.score_delta if scored else (),
                                                                         strict=False))
                if self.buried and self.tricks_done and self.contract is not None:
                    worth = count_points(self.buried, self.rules)
                    self.points[self.rules.team_of(self.contract[0])] += worth
                    change = f"the buried cards count {worth} for {self.names[self.contract[0]]}; " + change
                return "The hand is scored" + (f": {change}" if change else ""), (), ""
        return None  # redeals, the game's end, what another seat may not see: not part of this hand's story

    def chosen(self, action: Action, seat: int) -> None:
        """A step for a choice that no event tells (a two-handed "no meld", a dix kept, a hand kept), so that
        every decision of the hand has its step."""
        if isinstance(action, ExchangeDix):
            done = "exchanges the dix" if action.take else "keeps the dix"
        elif isinstance(action, CallRedeal):
            done = "asks for a new deal" if action.call else "keeps the hand"
        else:
            done = CHOICES.get(type(action).__name__, f"chooses: {action}")
        kind = {ExchangeDix: EventKind.DIX_EXCHANGE, CallRedeal: EventKind.REDEAL}.get(type(action), EventKind.LAY_MELD)
        self.keep_step(kind, seat, f"{self.names[seat]} {done}", (), "")

    def keep(self, event: Event, text: str, shown: Sequence[Card], label: str) -> None:
        self.keep_step(event.kind, event.seat, text, shown, label)

    def keep_step(self, kind: EventKind, seat: int | None, text: str, shown: Sequence[Card], label: str) -> None:
        trump = self.trump
        text = second_person(text)
        self.steps.append(Step(
            kind=kind, seat=seat, text=text,
            hands=tuple(tuple(sort_hand(h, trump)) for h in self.hands),
            laid=tuple(tuple(sort_hand(t, trump)) for t in self.laid),
            trick=tuple(self.trick), shown=tuple(shown), shown_label=label if shown else "",
            tricks_done=self.tricks_done, points=tuple(self.points), trump=trump, contract=self.contract,
            action_index=self.action_index, reason=self.reason))
        self.action_index, self.reason = None, ""

    def check_against(self, game: Game) -> None:
        """The cards followed are the game's (a mismatch is a bug or a record of another hand)."""
        h = game.hand
        tables = [t.cards() for t in h.tables] if h.tables else [[] for _ in self.hands]
        for seat in range(len(self.hands)):
            if Counter(self.hands[seat]) != Counter(h.hands[seat]) or Counter(self.laid[seat]) != Counter(tables[seat]):
                raise RecordError(f"the review lost track of {self.names[seat]}'s cards")


#: What a seat did, in words after its name, for a choice that no event tells.
CHOICES = {"NoMeld": "lays no meld"}

#: The verbs of the steps' words, as they go after "You".
YOU_SAY = {"bids": "bid", "keeps": "keep", "asks": "ask", "chooses": "choose", "passes": "pass", "wins": "win",
           "takes": "take", "names": "name", "holds": "hold",
           "exchanges": "exchange", "buries": "bury", "melds": "meld", "has": "have", "throws": "throw",
           "plays": "play", "draws": "draw", "lays": "lay", "declares": "declare", "makes": "make", "goes": "go",
           "trades": "trade", "deals": "deal"}


def second_person(text: str) -> str:
    """A step's words about a seat named "You" (the app's name for the player) as one says them:
    "You play", "Your side has 40 meld", "Hand 2, dealt by you", "North passes 3 cards to you"."""
    if text.startswith("You's "):
        text = "Your " + text[len("You's "):]
    first, _, rest = text.partition(" ")
    verb, _, after = rest.partition(" ")
    if first == "You" and verb in YOU_SAY:
        text = " ".join(w for w in ("You", YOU_SAY[verb], after.replace("and shows", "and show")) if w)
    head, tail = text[:4], text[4:]  # only the first word keeps its capital
    return head + re.sub(r"\bYou's\b", "your", re.sub(r"\bYou\b(?!')", "you", tail))


def _take(cards: list[Card], taken: Iterable[Card]) -> None:
    for c in taken:
        cards.remove(c)
