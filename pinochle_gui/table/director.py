"""From engine events to moving cards: persistent card sprites in zones, tweened to where they belong.

The director keeps every card on the table as a :class:`TableCard` sprite in one zone (:mod:`.zones`):
a seat's hand, the trick, the widow (or the buried cards), the stock and its turned-up card, a seat's
laid meld (two-handed). An engine event becomes a *step* in a queue: when its turn comes the step moves
sprites between zones and :meth:`Director.settle` tweens every sprite that is not where its zone
wants it (position, size and face). Steps run one after the other; the table gives the seats the
turn only when the queue is empty (:attr:`Director.idle`).

The director sees the table as the player at seat 0 does (:func:`engine.events.visible_to`), and
after each batch of events it checks its zones against the engine's observation
(:meth:`Director.resync`), so what is drawn always ends as the engine says, whatever happened.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine import events as ev
from engine.cards import NINE, SUIT_NAMES, Card, card
from engine.events import Event, visible_to
from engine.observation import Observation
from engine.rules import Rules
from pinochle_gui.anim import Animation, Animator, Parallel, Sequence, Tween, Wait
from pinochle_gui.art import CardArt
from pinochle_gui.table.zones import VIEW_SEAT, TableCard, TableZones, Z

Step = Callable[[], Animation | None]

class Hold(Animation):
    """A step that waits until :meth:`release` is called (the player clicks on), or ``timeout`` seconds."""

    def __init__(self, timeout: float | None = None) -> None:
        super().__init__()
        self.timeout = timeout
        self.released = False

    def release(self) -> None:
        self.released = True

    def finish(self) -> None:
        self.released = True  # ending a hold by force releases it (never waits forever)
        super().finish()

    def _advance(self, dt: float) -> float | None:
        if self.timeout is not None:
            self.timeout -= dt
            if self.timeout <= 0:
                self.released = True
        return 0.0 if self.released else None


@dataclass
class MeldShown:
    """One seat's meld as shown on the table: its items (name, points, cards text) and total."""

    seat: int
    points: int
    items: list[tuple[str, int, str]]
    laid: bool = False  # two-handed: laid during play


@dataclass
class Bubble:
    text: str
    left: float


@dataclass
class TableNews:
    """What the HUD shows besides the cards, kept by the director as events come."""

    status: str = ""
    bubbles: dict[int, Bubble] = field(default_factory=dict)
    melds: dict[int, MeldShown] = field(default_factory=dict)
    laid: list[tuple[int, str, int]] = field(default_factory=list)  # two-handed: (seat, meld name, points)
    summary: dict[str, Any] | None = None  # the hand just scored (summary overlay)
    game_over: dict[str, Any] | None = None
    last_trick: list[tuple[int, Card]] = field(default_factory=list)
    last_winner: int | None = None
    trick_points: dict[int, int] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)  # a log of what happened, newest last
    deal_number: int | None = None  # of the hand on the table


class Director(TableZones):
    """Turns engine events into animations on persistent sprites, for one game at one window size."""

    def __init__(self, rules: Rules, names: list[str], art: CardArt, animator: Animator,
                 size: tuple[int, int], sort_order: str = "trump_first",
                 sound: Callable[[str], object] | None = None, pause_scale: float = 1.0) -> None:
        super().__init__(rules, art, animator, size, sort_order)
        self.names = names
        self.sound = sound or (lambda name: None)
        self.pause_scale = pause_scale  # the length of holds the player may skip (demo: shorter)
        self.steps: deque[Step] = deque()
        self.hold: Hold | None = None
        self.news = TableNews()
        self.auto_hold = False  # demo: holds end by themselves

    # -- the queue ---------------------------------------------------------------------------------
    @property
    def idle(self) -> bool:
        """Nothing moves and nothing waits: the seats may act."""
        return not self.steps and not self.animator.busy

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        for seat in list(self.news.bubbles):
            bubble = self.news.bubbles[seat]
            bubble.left -= dt
            if bubble.left <= 0:
                del self.news.bubbles[seat]
        guard = 0
        while self.steps and not self.animator.busy and guard < 200:
            guard += 1
            step = self.steps.popleft()
            animation = step()
            if animation is not None:
                self.animator.run(animation)
                self.animator.update(0.0)  # zero-length animations end now; the rest start from here

    def skip(self, through_holds: bool = True) -> None:
        """Finish what is queued at once. A click while cards move stops at the next hold (the meld on
        the table, the hand's summary) so the player still sees it; ``through_holds`` goes past them too."""
        guard = 0
        while not self.idle and guard < 10_000:
            guard += 1
            if self.hold is not None and not self.hold.released:
                if not through_holds:
                    return
                self.hold.release()
            self.animator.finish_all()
            self.update(0.0)

    def release(self) -> bool:
        """End the hold under way (the summary, the meld): True if there was one."""
        if self.hold is not None and not self.hold.done:
            self.hold.release()
            return True
        return False

    def _hold(self, seconds: float | None) -> Hold:
        timeout = seconds if self.auto_hold or seconds is not None else None
        hold = Hold(timeout)
        self.hold = hold

        def done() -> None:
            if self.hold is hold:
                self.hold = None
        hold.on_done(done)
        return hold

    # -- events --------------------------------------------------------------------------------------
    def feed(self, events: Iterable[Event], obs: Observation) -> None:
        """Queue the animations of ``events`` (seen from :data:`VIEW_SEAT`); ``obs``: the state after them."""
        batch = [visible_to(e, VIEW_SEAT) for e in events]
        deals = [i for i, e in enumerate(batch) if e.kind == ev.DEAL]
        melds = [i for i, e in enumerate(batch) if e.kind == ev.MELD]
        for i, event in enumerate(batch):
            if event.kind == ev.DEAL and i != deals[-1]:
                continue  # a deal redealt within the same batch: only the last one is played
            handler = getattr(self, "_on_" + event.kind, None)
            if handler is not None:
                self.steps.append(functools.partial(handler, event, obs))
            if melds and i == melds[-1]:
                # Everybody's meld is on the table: a moment to look at it (a click goes on).
                self.steps.append(self._meld_hold)
        self.steps.append(lambda: self.resync(obs))

    def _meld_hold(self) -> Hold:
        pace = max(0.3, self.animator.timing.factor)
        return self._hold((2.8 * self.pause_scale if self.auto_hold else 6.0) * pace)

    def reset(self, obs: Observation) -> None:
        """Forget everything and show ``obs`` as it is, without animation (a restored or undone game)."""
        self.steps.clear()
        self.animator.cancel_all()
        self.hold = None
        self.hands = [[] for _ in range(self.players)]
        self.trick, self.widow, self.stock, self.turnup, self.leaving = [], [], [], [], []
        self.tables = [[] for _ in range(self.players)]
        self.news = TableNews(status=self.news.status, deal_number=obs.deal_number)
        self.trump = obs.trump
        self.dealer = obs.dealer
        if obs.tricks:
            last = obs.tricks[-1]
            self.news.last_trick = [(s, _card(c)) for s, c in last["plays"]]
            self.news.last_winner = last["winner"]
        if self.rules.trump_by != "stock" and not obs.tricks and not obs.trick:
            for entry in obs.melds:
                self._show_meld(entry["seat"], entry["points"], entry["items"])
        for entry in obs.melds:
            if "trick" in entry:
                for name, points, _cards in entry["items"]:
                    self.news.laid.append((entry["seat"], name, points))
        self.resync(obs, snap=True)

    def _say(self, text: str, seat: int | None = None, bubble: str | None = None, seconds: float = 1.6) -> None:
        self.news.status = text
        self.news.messages.append(text)
        del self.news.messages[:-60]
        if seat is not None and bubble:
            self.news.bubbles[seat] = Bubble(bubble, seconds)

    def _who(self, seat: int | None, verb: str) -> str:
        """The seat's name and the verb agreeing with it: "West plays", "You play"."""
        name = self._name(seat)
        if name != "You" or not verb.endswith("s") or verb in ("was", "is"):
            return f"{name} {verb}"
        plain = {"passes": "pass", "buries": "bury", "has": "have", "does": "do"}.get(verb, verb[:-1])
        return f"{name} {plain}"

    def _name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "Nobody"

    def _on_deal(self, event: Event, obs: Observation) -> Animation | None:
        self.news.melds.clear()
        self.news.laid.clear()
        self.news.summary = None
        self.news.last_trick, self.news.last_winner = [], None
        self.dealer = event.seat if event.seat is not None else obs.dealer
        self.trump = obs.trump
        dealer = self.dealer
        number = event.get("deal_number")
        self.news.deal_number = number
        self._say(f"{self._who(dealer, 'deals')} hand {event.get('hand_number', '')} (deal #{number})")
        self.hands = [[] for _ in range(self.players)]
        self.trick, self.widow, self.stock, self.turnup, self.leaving = [], [], [], [], []
        self.tables = [[] for _ in range(self.players)]
        self.buried_by = None
        origin = self.lay.seats[dealer].avatar.center
        w = self.lay.small_w

        def new(c: int | None) -> TableCard:
            sprite = TableCard(c, origin[0], origin[1], w)
            sprite.scale = 0.6
            return sprite

        mine = list(obs.hand)
        turnup = obs.turnup if self.rules.trump_by == "turnup" else None
        if turnup is not None and dealer == VIEW_SEAT and turnup in mine:
            mine.remove(turnup)
        for seat in range(self.players):
            count = obs.hand_sizes[seat] - (1 if turnup is not None and seat == dealer else 0)
            if seat == VIEW_SEAT:
                self.hands[seat] = [new(c) for c in self.sorted_cards(mine)]
            else:
                self.hands[seat] = [new(None) for _ in range(count)]
        if self.rules.widow_size and obs.declarer is None:
            self.widow = [new(None) for _ in range(self.rules.widow_size)]
        if self.rules.trump_by == "stock":
            self.stock = [new(None) for _ in range(max(0, obs.stock_size - 1))]
            if obs.turnup is not None:
                self.turnup = [new(obs.turnup)]
        elif turnup is not None:
            self.turnup = [new(turnup)]
        # The order cards leave the dealer: packets round the table from the dealer's left.
        order: list[TableCard] = []
        packet = max(1, self.rules.deal_packet)
        queues = [list(self.hands[(dealer + 1 + i) % self.players]) for i in range(self.players)]
        widow = list(self.widow)
        while any(queues):
            for q in queues:
                order.extend(q[:packet])
                del q[:packet]
            if widow:
                order.append(widow.pop(0))
        order += widow + self.stock + self.turnup
        gap = min(self.animator.timing("deal_gap"), 2.6 * self.animator.timing.factor / max(1, len(order)))
        self.sound("deal")
        return self.settle("deal", order=order, gap=gap)

    def _on_redeal(self, event: Event, obs: Observation) -> Animation | None:
        why = "five nines" if event.get("reason") == "nines" else "everybody passed"
        self._say(f"Redeal: {why}", event.seat, "Redeal" if event.seat is not None else None)
        return Wait(self.animator.timing("bubble") * 0.6)

    def _on_bid(self, event: Event, obs: Observation) -> Animation | None:
        amount = event["amount"]
        stuck = " (stuck)" if event.get("stuck") else ""
        self._say(f"{self._who(event.seat, 'bids')} {amount}{stuck}", event.seat, f"{amount}{stuck}")
        return None

    def _on_pass(self, event: Event, obs: Observation) -> Animation | None:
        text = "Pass with help" if event.get("help") else "Pass"
        self._say(f"{self._who(event.seat, 'passes')}" + (" with help" if event.get("help") else ""), event.seat, text)
        return None

    def _on_auction_won(self, event: Event, obs: Observation) -> Animation | None:
        self._say(f"{self._who(event.seat, 'wins')} the bid at {event['bid']}", event.seat, f"Won at {event['bid']}")
        return Wait(self.animator.timing("bubble") * 0.5)

    def _on_widow(self, event: Event, obs: Observation) -> Animation | None:
        declarer = event.seat
        assert declarer is not None
        cards = list(event["cards"])
        while len(self.widow) < len(cards):
            self.widow.append(self.spawn(None))
        for sprite, c in zip(self.widow, cards, strict=False):
            sprite.card = c
        self._say(f"The widow: {' '.join(str(c) for c in cards)} goes to {self._name(declarer)}")
        self.widow_face_up = True
        show = self.settle("flip")
        widow, self.widow = self.widow, []

        def take() -> Animation | None:
            for sprite in widow:
                sprite.marked = declarer == VIEW_SEAT
                if declarer != VIEW_SEAT:
                    sprite.card = None
            self.hands[declarer].extend(widow)
            self.widow_face_up = False
            self.resort()
            return self.settle("widow")

        self.steps.appendleft(take)
        return Sequence([a for a in (show, Wait(self.animator.timing("trick_pause") * 1.4)) if a is not None])

    def _on_trump(self, event: Event, obs: Observation) -> Animation | None:
        self.trump = event["suit"]
        self.resort()
        if event.get("turnup") is not None:
            self._say(f"{str(event['turnup'])} turned up: {SUIT_NAMES[self.trump]} are trump")
        else:
            self._say(f"{self._who(event.seat, 'names')} {SUIT_NAMES[self.trump]} trump", event.seat,
                      SUIT_NAMES[self.trump].capitalize())
        return self.settle("sort")

    def _on_no_marriage(self, event: Event, obs: Observation) -> Animation | None:
        self._say(f"{self._who(event.seat, 'holds')} no marriage: the hand is lost", event.seat, "No marriage")
        return Wait(self.animator.timing("bubble"))

    def _on_dix_exchange(self, event: Event, obs: Observation) -> Animation | None:
        seat = event.seat
        assert seat is not None
        dix, taken = event["dix"], event["card"]
        self._say(f"{self._who(seat, 'exchanges')} the dix for the {str(taken)}", seat, "Dix!")
        sprite = self.take(self.tables[seat], dix) or self.take(self.hands[seat], dix, any_card=True)
        if sprite is None:
            sprite = self.spawn(dix)
        sprite.card = dix
        got = self.turnup.pop() if self.turnup else self.spawn(taken)
        got.card = taken if seat == VIEW_SEAT else None
        self.turnup.append(sprite)
        self.hands[seat].append(got)
        self.resort()
        return self.settle("pass")

    def _on_pass_cards(self, event: Event, obs: Observation) -> Animation | None:
        giver, taker = event.seat, event["to"]
        assert giver is not None
        cards = event.get("cards")
        count = len(cards) if cards is not None else event.get("count", 0)
        moved: list[TableCard] = []
        for i in range(count):
            c = cards[i] if cards is not None else None
            sprite = self.take(self.hands[giver], c, any_card=True) or self.spawn(c)
            sprite.card = c if taker == VIEW_SEAT else None
            sprite.marked = taker == VIEW_SEAT
            moved.append(sprite)
        self.hands[taker].extend(moved)
        self.resort()
        self._say(f"{self._who(giver, 'passes')} {count} cards to {self._name(taker)}")
        return self.settle("pass")

    def _on_bury(self, event: Event, obs: Observation) -> Animation | None:
        seat = event.seat
        assert seat is not None
        cards = event.get("cards")
        count = len(cards) if cards is not None else event.get("count", 3)
        for i in range(count):
            c = cards[i] if cards is not None else None
            sprite = self.take(self.hands[seat], c, any_card=True) or self.spawn(c)
            sprite.card = c
            sprite.marked = False
            self.widow.append(sprite)
        self.buried_by = seat
        self._say(f"{self._who(seat, 'buries')} {count} cards")
        return self.settle("pass")

    def _show_meld(self, seat: int, points: int, items: list[Any]) -> None:
        self.news.melds[seat] = MeldShown(seat, points, [(str(n), int(p), str(c)) for n, p, c in items])

    def _on_meld(self, event: Event, obs: Observation) -> Animation | None:
        seat = event.seat
        assert seat is not None
        self.turnup_to_dealer()
        self.news.bubbles.clear()
        self._show_meld(seat, event["points"], event["melds"])
        self._say(f"{self._who(seat, 'melds')} {event['points']}")
        return self.settle("meld")

    def _on_not_on_board(self, event: Event, obs: Observation) -> Animation | None:
        self._say(f"{self._who(event.seat, 'cannot')} make {event['bid']} with {event['meld']} meld: set",
                  event.seat, "Set")
        return Wait(self.animator.timing("bubble"))

    def _on_throw_in(self, event: Event, obs: Observation) -> Animation | None:
        self._say(f"{self._who(event.seat, 'throws')} in the hand", event.seat, "Throw in")
        return Wait(self.animator.timing("bubble") * 0.8)

    def _on_play_on(self, event: Event, obs: Observation) -> Animation | None:
        self._say(f"{self._who(event.seat, 'plays')} the hand", event.seat, "Play")
        return None

    def _on_play(self, event: Event, obs: Observation) -> Animation | None:
        seat = event.seat
        assert seat is not None
        c = event["card"]
        if not self.trick:
            if self.rules.trump_by != "stock":
                self.news.melds.clear()
            for hand in self.hands:
                for s in hand:
                    s.marked = False
        self.turnup_to_dealer()
        source = self.tables[seat] if event.get("from_table") else self.hands[seat]
        sprite = self.take(source, c, any_card=True) or self.take(self.hands[seat], c, any_card=True)
        if sprite is None:
            sprite = self.spawn(c)
        sprite.card = c
        self.trick.append((seat, sprite))
        self.news.status = f"{self._who(seat, 'plays')} the {Card(c).name}"
        self.sound("play")
        return self.settle("play")

    def _on_trick(self, event: Event, obs: Observation) -> Animation | None:
        winner = event.seat
        assert winner is not None
        points = event.get("points", 0)
        self.news.last_trick = [(s, c) for s, c in event["cards"]]
        self.news.last_winner = winner
        self._say(f"{self._who(winner, 'takes')} the trick" + (f" ({points})" if points else "")
                  + (", the last" if event.get("last") else ""))

        def gather() -> Animation | None:
            target = self.lay.seats[winner].avatar.center
            tweens: list[Animation] = []
            for _seat, sprite in self.trick:
                sprite.z = Z["moving"]
                self.leaving.append(sprite)
                tweens.append(Tween(sprite, self.animator.timing("gather"), "in_out_cubic", x=target[0], y=target[1],
                                    scale=0.35, flip=0.0))
            gone = list(self.leaving)
            self.trick = []
            self.sound("trick")

            def drop() -> None:
                self.leaving = [s for s in self.leaving if s not in gone]
            return Parallel(tweens).on_done(drop) if tweens else None

        if event.get("last"):
            return Wait(self.animator.timing("trick_pause"))  # the last trick stays under the hand's summary
        self.steps.appendleft(gather)
        return Wait(self.animator.timing("trick_pause"))

    def _on_draw(self, event: Event, obs: Observation) -> Animation | None:
        seat = event.seat
        assert seat is not None
        c = event.get("card")
        sprite: TableCard | None = None
        if c is not None and self.turnup and self.turnup[-1].card == c and event.private_to is None:
            sprite = self.turnup.pop()
        elif self.stock:
            sprite = self.stock.pop()
        elif self.turnup:
            sprite = self.turnup.pop()
        if sprite is None:
            sprite = self.spawn(c)
        sprite.card = c if seat == VIEW_SEAT else None
        self.hands[seat].append(sprite)
        self.resort()
        return self.settle("widow")

    def _on_lay_meld(self, event: Event, obs: Observation) -> Animation | None:
        seat = event.seat
        assert seat is not None
        name, points = event["name"], event["points"]
        cards: list[Card] = list(event["cards"])
        from_table = len(event.get("from_table", []))
        on_table = [s.card for s in self.tables[seat]]
        used = 0
        for c in cards:
            if used < from_table and c in on_table:
                on_table.remove(c)
                used += 1
                continue
            sprite = self.take(self.hands[seat], c, any_card=True) or self.spawn(c)
            sprite.card = c
            self.tables[seat].append(sprite)
        self.news.laid.append((seat, name, points))
        label = name.replace("_", " ")
        self._say(f"{self._who(seat, 'lays')} {label} for {points}", seat, f"{label.capitalize()} {points}")
        return self.settle("meld")

    def _on_melds_return(self, event: Event, obs: Observation) -> Animation | None:
        for seat, table in enumerate(self.tables):
            self.hands[seat].extend(table)  # known to all, but held again (face down in others' hands)
        self.tables = [[] for _ in range(self.players)]
        self.resort()
        self._say("The stock is gone: melds go back to the hands")
        return self.settle("meld")

    def _on_declare_out(self, event: Event, obs: Observation) -> Animation | None:
        right = event.get("right")
        self._say(f"{self._who(event.seat, 'declares')} out with {event.get('total')}: "
                  + ("right!" if right else "wrong!"), event.seat, "Out!")
        return Wait(self.animator.timing("bubble"))

    def _on_hand_scored(self, event: Event, obs: Observation) -> Animation | None:
        self.news.summary = dict(event.info, deal_number=self.news.deal_number)
        self.news.melds.clear()
        self.news.bubbles.clear()
        set_ = bool(event.get("went_set"))
        self.sound("set" if set_ else "trick")
        self._say("Hand over" + (": the bid went set" if set_ else ""))

        def clear() -> None:
            self.news.summary = None
        hold = self._hold(3.5 * self.pause_scale * max(0.2, self.animator.timing.factor) if self.auto_hold else None)
        hold.on_done(clear)
        return hold

    def _on_game_over(self, event: Event, obs: Observation) -> Animation | None:
        self.news.game_over = dict(event.info)
        self.sound("win")
        self._say("Game over")
        return None

def _card(text: Any) -> Card:
    from engine.cards import parse_card

    return text if isinstance(text, Card) else parse_card(str(text))


__all__ = ["Director", "Hold", "MeldShown", "TableCard", "TableNews", "VIEW_SEAT", "Z", "card", "NINE"]
