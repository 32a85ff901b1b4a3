"""The animation plan of each engine event: what moves where, what is said, how long the table waits.

Each plan is a function of the :class:`~pinochle_gui.table.director.Director`, the event (seen from
:data:`~pinochle_gui.table.zones.VIEW_SEAT`) and the observation after the batch of events. It runs
when its step's turn comes in the director's queue: it moves sprites between zones, tells the news
(status line, bubbles, melds, the hand's summary) and returns the animation to run, if any. A plan
may put a further step at the front of the queue (the widow taken up, the trick gathered).
:func:`plan` gives the plan of each event.
"""

from __future__ import annotations

from typing import assert_never

from engine.cards import SUIT_NAMES, Card, cards_label
from engine.deal import WIDOW, dealing_order, shared_deal_number
from engine.events import (
    AuctionWon,
    BidMade,
    Buried,
    BuriedUnseen,
    CardPlayed,
    CardsPassed,
    CardsPassedUnseen,
    Dealt,
    DeclaredOut,
    DixExchanged,
    Drawn,
    DrawnUnseen,
    Event,
    GameOver,
    HandCount,
    HandScored,
    Melded,
    MeldLaid,
    MeldsReturned,
    NoMarriage,
    NotOnBoard,
    Passed,
    PlayedOn,
    Redealt,
    ThrownIn,
    TricksClaimed,
    TrickTaken,
    TrumpNamed,
    WidowTaken,
)
from engine.observation import Observation
from engine.rules import TrumpBy
from pinochle_gui.anim import Animation, Parallel, Sequence, Tween, Wait
from pinochle_gui.table.director import Director, LaidMeld, Plan
from pinochle_gui.table.summary import claim_sentence
from pinochle_gui.table.zones import VIEW_SEAT, TableCard, Z


def on_deal(director: Director, event: Dealt, obs: Observation) -> Animation | None:
    director.news.melds.clear()
    director.news.laid.clear()
    director.news.summary = None
    director.news.last_trick, director.news.last_winner = [], None
    director.dealer = event.seat
    director.trump = obs.trump
    dealer = director.dealer
    number = shared_deal_number(event.deal_number, dealer, director.players)
    director.news.deal_number = number
    director.say(f"{director.who(dealer, 'deals')} hand {event.hand_number} (deal #{number})")
    director.hands = [[] for _ in range(director.players)]
    director.trick, director.widow, director.stock, director.turnup, director.leaving = [], [], [], [], []
    director.tables = [[] for _ in range(director.players)]
    director.buried_by = None
    director.shown_hand = None
    origin = director.lay.seats[dealer].avatar.center
    w = director.lay.small_w

    def new(c: int | None) -> TableCard:
        sprite = TableCard(c, origin[0], origin[1], w)
        sprite.scale = 0.6
        return sprite

    mine = list(obs.hand)
    turnup = obs.turnup if director.rules.trump_by == TrumpBy.TURNUP else None
    if turnup is not None and dealer == VIEW_SEAT and turnup in mine:
        mine.remove(turnup)
    for seat in range(director.players):
        count = obs.hand_sizes[seat] - (1 if turnup is not None and seat == dealer else 0)
        if seat == VIEW_SEAT:
            director.hands[seat] = [new(c) for c in director.sorted_cards(mine)]
        else:
            director.hands[seat] = [new(None) for _ in range(count)]
    if director.rules.widow_size and obs.declarer is None:
        director.widow = [new(None) for _ in range(director.rules.widow_size)]
    if director.rules.trump_by == TrumpBy.STOCK:
        director.stock = [new(None) for _ in range(max(0, obs.stock_size - 1))]
        if obs.turnup is not None:
            director.turnup = [new(obs.turnup)]
    elif turnup is not None:
        director.turnup = [new(turnup)]
    # The order cards leave the dealer, as the engine deals them.
    order: list[TableCard] = []
    queues = [list(hand) for hand in director.hands]
    widow = list(director.widow)
    for place in dealing_order(director.rules, dealer):
        source = widow if place == WIDOW else queues[place]
        if source:
            order.append(source.pop(0))
    order += [c for q in queues for c in q] + widow + director.stock + director.turnup
    gap = min(director.animator.timing("deal_gap"), 2.6 * director.animator.timing.factor / max(1, len(order)))
    director.sound("deal")
    return director.settle("deal", order=order, gap=gap)


def on_redeal(director: Director, event: Redealt, obs: Observation) -> Animation | None:
    why = "five nines" if event.reason == "nines" else "everybody passed"
    director.say(f"Redeal: {why}", event.seat, "Redeal" if event.seat is not None else None)
    return Wait(director.animator.timing("bubble") * 0.6)


def on_bid(director: Director, event: BidMade, obs: Observation) -> Animation | None:
    amount = event.amount
    stuck = " (stuck)" if event.stuck else ""
    director.say(f"{director.who(event.seat, 'bids')} {amount}{stuck}", event.seat, f"{amount}{stuck}")
    return None


def on_pass(director: Director, event: Passed, obs: Observation) -> Animation | None:
    text = "Pass with help" if event.help else "Pass"
    director.say(f"{director.who(event.seat, 'passes')}" + (" with help" if event.help else ""), event.seat,
                 text)
    return None


def on_auction_won(director: Director, event: AuctionWon, obs: Observation) -> Animation | None:
    director.say(f"{director.who(event.seat, 'wins')} the bid at {event.bid}", event.seat, f"Won at {event.bid}")
    return Wait(director.animator.timing("bubble") * 0.5)


def on_widow(director: Director, event: WidowTaken, obs: Observation) -> Animation | None:
    declarer = event.seat
    cards = list(event.cards)
    while len(director.widow) < len(cards):
        director.widow.append(director.spawn(None))
    for sprite, c in zip(director.widow, cards, strict=False):
        sprite.card = c
    director.say(f"The widow: {cards_label(cards)} goes to {director.whom(declarer)}")
    director.widow_face_up = True
    show = director.settle("flip")

    def take() -> Animation | None:  # after the player has looked: the widow goes to the declarer
        widow, director.widow = director.widow, []
        for sprite in widow:
            sprite.marked = declarer == VIEW_SEAT
            if declarer != VIEW_SEAT:
                sprite.card = None
        director.hands[declarer].extend(widow)
        director.widow_face_up = False
        director.resort()
        return director.settle("widow")

    director.steps.appendleft(take)
    return Sequence([a for a in (show, director.look_hold()) if a is not None])


def on_trump(director: Director, event: TrumpNamed, obs: Observation) -> Animation | None:
    director.trump = event.suit
    director.resort()
    if event.turnup is not None:
        director.say(f"{cards_label([event.turnup])} turned up: {SUIT_NAMES[event.suit]} are trump")
    else:
        director.say(f"{director.who(event.seat, 'names')} {SUIT_NAMES[event.suit]} trump", event.seat,
                     SUIT_NAMES[event.suit].capitalize())
    return director.settle("sort")


def on_no_marriage(director: Director, event: NoMarriage, obs: Observation) -> Animation | None:
    director.say(f"{director.who(event.seat, 'holds')} no marriage: the hand is lost", event.seat, "No marriage")
    return Wait(director.animator.timing("bubble"))


def on_dix_exchange(director: Director, event: DixExchanged, obs: Observation) -> Animation | None:
    seat = event.seat
    dix, taken = event.dix, event.card
    director.say(f"{director.who(seat, 'exchanges')} the dix for the {cards_label([taken])}", seat, "Dix!")
    sprite = director.take(director.tables[seat], dix) or director.take(director.hands[seat], dix, any_card=True)
    if sprite is None:
        sprite = director.spawn(dix)
    sprite.card = dix
    got = director.turnup.pop() if director.turnup else director.spawn(taken)
    got.card = taken if seat == VIEW_SEAT else None
    director.turnup.append(sprite)
    director.hands[seat].append(got)
    director.resort()
    return director.settle("pass")


def on_pass_cards(director: Director, event: CardsPassed | CardsPassedUnseen, obs: Observation) -> Animation | None:
    giver, taker = event.seat, event.to
    cards: list[Card | None] = list(event.cards) if isinstance(event, CardsPassed) else [None] * event.count
    count = len(cards)
    moved: list[TableCard] = []
    for c in cards:
        sprite = director.take(director.hands[giver], c, any_card=True) or director.spawn(c)
        sprite.card = c if taker == VIEW_SEAT else None
        sprite.marked = taker == VIEW_SEAT
        moved.append(sprite)
    director.hands[taker].extend(moved)
    director.resort()
    director.say(f"{director.who(giver, 'passes')} {count} cards to {director.whom(taker)}")
    return director.settle("pass")


def on_bury(director: Director, event: Buried | BuriedUnseen, obs: Observation) -> Animation | None:
    seat = event.seat
    cards: list[Card | None] = list(event.cards) if isinstance(event, Buried) else [None] * event.count
    count = len(cards)
    for c in cards:
        sprite = director.take(director.hands[seat], c, any_card=True) or director.spawn(c)
        sprite.card = c
        sprite.marked = False
        director.widow.append(sprite)
    director.buried_by = seat
    director.say(f"{director.who(seat, 'buries')} {count} cards")
    return director.settle("pass")



def on_meld(director: Director, event: Melded, obs: Observation) -> Animation | None:
    seat = event.seat
    director.turnup_to_dealer()
    director.news.bubbles.clear()
    director.show_meld(seat, event.points, list(event.melds), list(event.cards))
    director.say(f"{director.who(seat, 'melds')} {event.points}")
    return director.settle("meld")


def on_not_on_board(director: Director, event: NotOnBoard, obs: Observation) -> Animation | None:
    director.say(f"{director.who(event.seat, 'cannot')} make {event.bid} with {event.meld} meld: set",
                 event.seat, "Set")
    return Wait(director.animator.timing("bubble"))


def on_throw_in(director: Director, event: ThrownIn, obs: Observation) -> Animation | None:
    director.say(f"{director.who(event.seat, 'throws')} in the hand", event.seat, "Throw in")
    return Wait(director.animator.timing("bubble") * 0.8)


def on_play_on(director: Director, event: PlayedOn, obs: Observation) -> Animation | None:
    director.say(f"{director.who(event.seat, 'plays')} the hand", event.seat, "Play")
    return None


def on_play(director: Director, event: CardPlayed, obs: Observation) -> Animation | None:
    seat = event.seat
    c = event.card
    if not director.trick:
        if director.rules.trump_by != TrumpBy.STOCK:
            director.news.melds.clear()
        if director.news.last_trick:  # the cards received stay marked through the first trick
            for hand in director.hands:
                for s in hand:
                    s.marked = False
    director.turnup_to_dealer()
    source = director.tables[seat] if event.from_table else director.hands[seat]
    sprite = director.take(source, c, any_card=True) or director.take(director.hands[seat], c, any_card=True)
    if sprite is None:
        sprite = director.spawn(c)
    sprite.card = c
    director.trick.append((seat, sprite))
    director.news.status = f"{director.who(seat, 'plays')} the {Card(c).name}"
    director.sound("play")
    return director.settle("play")


LAST_TRICK_LOOK = 2.5  # the last trick stays this many times as long as the others before the summary


def on_trick(director: Director, event: TrickTaken, obs: Observation) -> Animation | None:
    winner = event.seat
    points = event.points
    director.news.last_trick = list(event.cards)
    director.news.last_winner = winner
    director.say(f"{director.who(winner, 'takes')} the trick" + (f" ({points})" if points else "")
                 + (", the last" if event.last else ""))

    def gather() -> Animation | None:
        target = director.lay.seats[winner].avatar.center
        tweens: list[Animation] = []
        for _seat, sprite in director.trick:
            sprite.z = Z.MOVING
            director.leaving.append(sprite)
            tweens.append(Tween(sprite, director.animator.timing("gather"), "in_out_cubic", x=target[0], y=target[1],
                                scale=0.35, flip=0.0))
        gone = list(director.leaving)
        director.trick = []
        director.sound("trick")

        def drop() -> None:
            director.leaving = [s for s in director.leaving if s not in gone]
        return Parallel(tweens).on_done(drop) if tweens else None

    if event.last:  # the last trick stays to be seen, then under the hand's summary
        return Wait(LAST_TRICK_LOOK * director.animator.timing("trick_pause"))
    director.steps.appendleft(gather)
    return Wait(director.animator.timing("trick_pause"))


def on_draw(director: Director, event: Drawn | DrawnUnseen, obs: Observation) -> Animation | None:
    seat = event.seat
    c = event.card if isinstance(event, Drawn) else None
    sprite: TableCard | None = None
    if isinstance(event, Drawn) and event.face_up and director.turnup and director.turnup[-1].card == c:
        sprite = director.turnup.pop()
    elif director.stock:
        sprite = director.stock.pop()
    elif director.turnup:
        sprite = director.turnup.pop()
    if sprite is None:
        sprite = director.spawn(c)
    sprite.card = c if seat == VIEW_SEAT else None
    sprite.marked = seat == VIEW_SEAT  # the card just drawn stands out until the next trick starts
    director.hands[seat].append(sprite)
    director.resort()
    return director.settle("widow")


def on_lay_meld(director: Director, event: MeldLaid, obs: Observation) -> Animation | None:
    seat = event.seat
    name, points = event.name, event.points
    cards = list(event.cards)
    label = name.replace("_", " ")
    if not obs.tricks:
        # Meld before the first trick is Hoyle's option: the turned-up dix scores for the dealer where it
        # lies, under the stock.
        director.news.laid.append(LaidMeld(seat, name, points))
        director.say(f"{director.who(seat, 'scores')} the turned-up {label}: {points}", seat, f"Dix {points}")
        return None
    director.say(f"{director.who(seat, 'lays')} {label} for {points}", seat, f"{label.capitalize()} {points}")
    from_table = len(event.from_table)
    on_table = list(director.tables[seat])
    sprites: list[TableCard] = []  # the meld's cards, those already on the table and those laid now
    used = 0
    for c in cards:
        lying = next((s for s in on_table if s.card == c), None) if used < from_table else None
        if lying is not None:
            on_table.remove(lying)
            used += 1
        else:
            lying = director.take(director.hands[seat], c, any_card=True) or director.spawn(c)
            lying.card = c
            director.tables[seat].append(lying)
        sprites.append(lying)
    director.news.laid.append(LaidMeld(seat, name, points, sprites))
    return director.settle("meld")


def on_melds_return(director: Director, event: MeldsReturned, obs: Observation) -> Animation | None:
    for seat, table in enumerate(director.tables):
        director.hands[seat].extend(table)  # known to all, but held again (face down in others' hands)
    director.tables = [[] for _ in range(director.players)]
    director.resort()
    director.say("The stock is gone: melds go back to the hands")
    return director.settle("meld")


def on_claim(director: Director, event: TricksClaimed, obs: Observation) -> Animation | None:
    """A claim of the remaining tricks: the claimer's hand is laid face up, with the claim's words, and the
    table waits for the player to look (a click goes on) before the tricks are played out and gathered."""
    seat = event.seat
    if seat == VIEW_SEAT:  # the player's own cards are face up already
        director.say(f"{director.who(seat, 'claims')} the remaining tricks", seat, "Claim")
        return None
    director.say(f"{director.who(seat, 'claims')} the remaining tricks: the cards are face up", seat, "Claim")
    for sprite, c in zip(director.hands[seat], director.sorted_cards(event.cards), strict=False):
        sprite.card = c
    director.shown_hand = seat
    return Sequence([a for a in (director.settle("flip"), director.look_hold()) if a is not None])


def on_declare_out(director: Director, event: DeclaredOut, obs: Observation) -> Animation | None:
    count = event.counts[event.side] if event.side < len(event.counts) else None
    director.news.ending = claim_sentence(director.name_of(event.seat), event.total, obs.target, count)
    director.say(f"{director.who(event.seat, 'declares')} out with {event.total}: "
                 + ("right!" if event.right else "wrong!"), event.seat, "Out!")
    return Wait(director.animator.timing("bubble"))


def on_hand_scored(director: Director, event: HandScored, obs: Observation) -> Animation | None:
    director.news.summary = event
    director.news.claim_counts = event.ended.counts if isinstance(event.ended, DeclaredOut) else ()
    director.news.summary_deal = director.news.deal_number
    if director.news.board is not None:  # the scores change as the summary shows
        director.news.board = (event.scores_after, *director.news.board[1:])
    director.news.melds.clear()
    director.news.bubbles.clear()
    set_ = isinstance(event.ended, HandCount) and event.ended.went_set
    director.sound("set" if set_ else "trick")
    director.say("Hand over" + (": the bid went set" if set_ else ""))

    def clear() -> None:
        director.news.summary = None
    hold = director.make_hold(3.5 * director.pause_scale * max(0.2, director.animator.timing.factor)
                              if director.auto_hold else None)
    hold.on_done(clear)
    return hold


def on_game_over(director: Director, event: GameOver, obs: Observation) -> Animation | None:
    director.news.game_over = event
    director.sound("win")
    director.say("Game over")
    return None


def plan(director: Director, event: Event, obs: Observation) -> Animation | None:
    """The table's plan of every event: what the event moves and says, the animation to run."""
    match event:
        case Dealt():
            return on_deal(director, event, obs)
        case Redealt():
            return on_redeal(director, event, obs)
        case BidMade():
            return on_bid(director, event, obs)
        case Passed():
            return on_pass(director, event, obs)
        case AuctionWon():
            return on_auction_won(director, event, obs)
        case WidowTaken():
            return on_widow(director, event, obs)
        case TrumpNamed():
            return on_trump(director, event, obs)
        case NoMarriage():
            return on_no_marriage(director, event, obs)
        case DixExchanged():
            return on_dix_exchange(director, event, obs)
        case CardsPassed() | CardsPassedUnseen():
            return on_pass_cards(director, event, obs)
        case Buried() | BuriedUnseen():
            return on_bury(director, event, obs)
        case Melded():
            return on_meld(director, event, obs)
        case NotOnBoard():
            return on_not_on_board(director, event, obs)
        case ThrownIn():
            return on_throw_in(director, event, obs)
        case PlayedOn():
            return on_play_on(director, event, obs)
        case CardPlayed():
            return on_play(director, event, obs)
        case TrickTaken():
            return on_trick(director, event, obs)
        case Drawn() | DrawnUnseen():
            return on_draw(director, event, obs)
        case MeldLaid():
            return on_lay_meld(director, event, obs)
        case MeldsReturned():
            return on_melds_return(director, event, obs)
        case TricksClaimed():
            return on_claim(director, event, obs)
        case DeclaredOut():
            return on_declare_out(director, event, obs)
        case HandScored():
            return on_hand_scored(director, event, obs)
        case GameOver():
            return on_game_over(director, event, obs)
    assert_never(event)


__all__ = ["Plan", "plan"]
