"""From engine events to moving cards: the director's queue of steps, its holds and its pacing.

The director keeps every card on the table as a :class:`TableCard` sprite in one zone (a seat's
hand, the trick, the widow or the buried cards, the stock and its turned-up card, a seat's laid
meld: :mod:`.zones`). An engine event becomes a *step* in a queue (its plan, given to the director:
:mod:`.event_plans`); when its turn comes the step moves sprites between zones and :meth:`Director.settle` tweens every
sprite that is not where its zone wants it (position, size and face). Steps run one after the other;
a :class:`Hold` waits for the player (the meld on the table, the hand's summary); the table gives the
seats the turn only when the queue is empty (:attr:`Director.idle`).

The director sees the table as the player at seat 0 does (:func:`engine.events.visible_to`), and
after each batch of events it checks its zones against the engine's observation
(:meth:`Director.resync`), so what is drawn always ends as the engine says, whatever happened. It also
keeps the news the HUD shows besides the cards (:class:`TableNews`).
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from engine.cards import Card, format_cards
from engine.deal import shared_deal_number
from engine.events import (
    AuctionWon,
    ClaimCount,
    Dealt,
    Event,
    GameOver,
    HandScored,
    Melded,
    NotOnBoard,
    TrickTaken,
    visible_to,
)
from engine.history import TrickPlayed
from engine.observation import Observation
from engine.rules import Rules, TrumpBy
from pinochle_gui.anim import Animation, Animator
from pinochle_gui.art import CardArt
from pinochle_gui.scene import soonest
from pinochle_gui.table.zones import VIEW_SEAT, TableCard, TableZones, Z

Step = Callable[[], Animation | None]
Plan = Callable[["Director", Event, Observation], Animation | None]  # what an event moves and says: its animation

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
    """One seat's meld as shown on the table: its items (name, points, cards text), total and cards.

    ``cards`` are the physical cards the seat lays down: a card serving in melds of different classes
    once, two dixes or a double pinochle as two copies (:meth:`engine.meld.MeldScore.shown_cards`).
    """

    seat: int
    points: int
    items: list[tuple[str, int, str]]
    cards: list[Card] = field(default_factory=list)


@dataclass
class LaidMeld:
    """Two-handed: a meld laid during play, with the sprites of its cards (they may leave the table:
    played, the dix exchanged for the turned-up trump, the melds gone back to the hands)."""

    seat: int
    name: str
    points: int
    sprites: list[TableCard] = field(default_factory=list)


#: The events after which the seats and the score board show something new (see :meth:`Director._see`).
SEEN_EVENTS = (Dealt, AuctionWon, Melded, NotOnBoard, TrickTaken, HandScored, GameOver)
BUBBLE_FADE = 0.3  # seconds a speech bubble takes to fade out at the end of its time


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
    laid: list[LaidMeld] = field(default_factory=list)  # two-handed: the melds laid this hand
    summary: HandScored | None = None  # the hand just scored (summary overlay)
    claim_counts: tuple[ClaimCount, ...] = ()  # a hand declared out in: what each side counted then
    summary_deal: int | None = None  # the deal number of that hand, as shared (with its dealer)
    game_over: GameOver | None = None
    last_trick: list[tuple[int, Card]] = field(default_factory=list)
    last_winner: int | None = None
    trick_points: dict[int, int] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)  # a log of what happened, newest last
    deal_number: int | None = None  # of the hand on the table, as shared (with its dealer)
    ending: str = ""  # why the game ended before its last hand was played out (a claim)
    board: tuple[tuple[int, ...], int, int] | None = None  # the score board: scores, hand and shared deal numbers
    hand_over: bool = False  # the hand on the table is scored: its points in tricks are in the scores


def marked_cards(obs: Observation) -> list[Card]:
    """The cards of the player's hand that stand out as new, as the table's animations leave them: those
    received from a partner or taken up from the widow, through the first trick; two-handed, the card just
    drawn, until the next trick begins."""
    if obs.seat != VIEW_SEAT or (obs.trick and obs.tricks):
        return []  # the marks went as a trick after the first began
    marked: list[Card] = []
    if len(obs.tricks) <= 1:
        new = Counter(obs.received) + Counter(obs.widow if obs.declarer == VIEW_SEAT else ())
        marked = list((new - Counter(obs.passed) - Counter(obs.buried)).elements())  # less what went on
    if obs.tricks:
        marked += [c for seat, c in obs.tricks[-1].draws if seat == VIEW_SEAT and c is not None]
    return marked


class Director(TableZones):
    """Turns engine events into animations on persistent sprites, for one game at one window size."""

    def __init__(self, rules: Rules, names: list[str], art: CardArt, animator: Animator,
                 size: tuple[int, int], plan: Plan, sort_order: str = "trump_first",
                 sound: Callable[[str], object] | None = None, pause_scale: float = 1.0) -> None:
        super().__init__(rules, art, animator, size, sort_order)
        self.names = names
        self.plan = plan  # the animation of each event (the table's: event_plans.plan)
        self.sound = sound or (lambda name: None)
        self.pause_scale = pause_scale  # the length of holds the player may skip (demo: shorter)
        self.steps: deque[Step] = deque()
        self.hold: Hold | None = None
        self.news = TableNews()
        self.seen: Observation | None = None  # the state the seats show: the engine's, as far as it is played
        self.auto_hold = False  # demo: holds end by themselves
        self.meld_goes_on = False  # the meld on the table goes on by itself (a setting); else it waits

    # -- the queue ---------------------------------------------------------------------------------
    @property
    def idle(self) -> bool:
        """Nothing moves and nothing waits: the seats may act."""
        return not self.steps and not self.animator.busy

    @property
    def still(self) -> bool:
        """No card moves: the table is idle, or rests on a hold (the meld on the table, the summary)."""
        return not any(a is not self.hold for a in self.animator.running)

    def wake_in(self) -> float | None:
        """Seconds until the cards and the speech bubbles change by themselves: 0.0 while something moves
        (or a step is about to start), the time left on a hold with a timeout or on a speech bubble
        before it fades; ``None`` when only the player moves things on (a hold waiting for a click)."""
        if (self.steps and not self.animator.busy) or any(a is not self.hold for a in self.animator.running):
            return 0.0
        hold = self.hold.timeout if self.hold is not None else None
        return soonest([hold, *(max(0.0, bubble.left - BUBBLE_FADE) for bubble in self.news.bubbles.values())])

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

    def make_hold(self, seconds: float | None) -> Hold:
        """A new hold, the one under way until it ends: ``seconds`` long, or (``None``) until released."""
        timeout = seconds if self.auto_hold or seconds is not None else None
        hold = Hold(timeout)
        self.hold = hold

        def done() -> None:
            if self.hold is hold:
                self.hold = None
        hold.on_done(done)
        return hold

    # -- events --------------------------------------------------------------------------------------
    def feed(self, events: Iterable[Event], obs: Observation, catch_up: bool = True) -> None:
        """Queue the animations of ``events`` (seen from :data:`VIEW_SEAT`); ``obs``: the state after them,
        which the table shows once they are played unless ``catch_up`` is false (a deal played again stops
        at its hand's summary: the next deal, already in ``obs``, is not shown)."""
        batch = [visible_to(e, VIEW_SEAT) for e in events]
        deals = [i for i, e in enumerate(batch) if isinstance(e, Dealt)]
        melds = [i for i, e in enumerate(batch) if isinstance(e, Melded)]
        for i, event in enumerate(batch):
            if isinstance(event, Dealt) and i != deals[-1]:
                continue  # a deal redealt within the same batch: only the last one is played
            if isinstance(event, SEEN_EVENTS):
                self.steps.append(functools.partial(self._see, event, obs))
            self.steps.append(functools.partial(self.plan, self, event, obs))
            if melds and i == melds[-1]:
                # Everybody's meld is on the table: a moment to look at it (a click goes on).
                self.steps.append(self.look_hold)
        if catch_up:
            self.steps.append(lambda: self._caught_up(obs))

    def _see(self, event: Event, obs: Observation) -> None:
        """What the seats show follows the events as they are played, not the engine, which is ahead:
        the declarer and the bid as the auction is won, nobody to act while the meld or the hand's summary
        is shown, the next hand (``obs``: the state after the batch) only once its deal is played."""
        seen = self.seen or obs
        if isinstance(event, Dealt):
            self.seen = obs
            self.news.hand_over = False
        elif isinstance(event, TrickTaken):  # its points count as the trick is taken, not when the batch ends
            side = self.rules.team_of(event.seat)
            points = tuple(p + event.points * (i == side) for i, p in enumerate(seen.trick_points))
            won = tuple(n + (i == side) for i, n in enumerate(seen.tricks_won))
            trick = TrickPlayed(event.cards[0][0], event.cards, event.seat, event.points)
            self.seen = dataclasses.replace(seen, trick_points=points, tricks_won=won, tricks=(*seen.tricks, trick),
                                            trick=())
        elif isinstance(event, AuctionWon):
            self.seen = dataclasses.replace(seen, declarer=event.seat, bid=event.bid or seen.bid)
        else:
            self.seen = dataclasses.replace(seen, to_act=None)
            self.news.hand_over = self.news.hand_over or isinstance(event, HandScored)

    def board_of(self, obs: Observation) -> tuple[tuple[int, ...], int, int]:
        """The score board as ``obs`` has it: the scores, the hand number and the deal number as shared."""
        return tuple(obs.scores), obs.hand_number, shared_deal_number(obs.deal_number, obs.dealer, self.players)

    def _caught_up(self, obs: Observation) -> Animation | None:
        """The batch is played out: the seats, the table and the score board show ``obs``."""
        self.seen = obs
        self.news.board = self.board_of(obs)
        return self.resync(obs)

    def look_hold(self) -> Hold:
        """What is face up on the table (the meld, the widow) waits for the player's click (or, in a demo or
        by the setting, a while)."""
        pace = max(0.3, self.animator.timing.factor)
        if self.auto_hold:
            return self.make_hold(2.8 * self.pause_scale * pace)
        return self.make_hold(6.0 * pace if self.meld_goes_on else None)

    def reset(self, obs: Observation) -> None:
        """Forget everything and show ``obs`` as it is, without animation (a restored or undone game)."""
        self.steps.clear()
        self.animator.cancel_all()
        self.hold = None
        self.seen = obs
        self.picked = []
        self.hands = [[] for _ in range(self.players)]
        self.trick, self.widow, self.stock, self.turnup, self.leaving = [], [], [], [], []
        self.tables = [[] for _ in range(self.players)]
        self.shown_hand = None
        board = self.board_of(obs)
        self.news = TableNews(status=self.news.status, deal_number=board[2], board=board)
        self.trump = obs.trump
        self.dealer = obs.dealer
        if obs.tricks:
            last = obs.tricks[-1]
            self.news.last_trick = list(last.plays)
            self.news.last_winner = last.winner
        if self.rules.trump_by != TrumpBy.STOCK and not obs.tricks and not obs.trick:
            for shown in obs.melds:
                items = [(m.name, m.points, format_cards(m.cards)) for m in shown.melds]
                self.show_meld(shown.seat, shown.points, items, shown.cards_shown())
        self.resync(obs, snap=True)
        self._mark(marked_cards(obs))
        for shown in obs.melds:
            if shown.laid:
                seat = shown.seat
                for meld in shown.melds:
                    cards = set(meld.cards)
                    on_table = [s for s in self.tables[seat] if s.card in cards] if seat < len(self.tables) else []
                    self.news.laid.append(LaidMeld(seat, meld.name, meld.points, on_table))

    def _mark(self, cards: Iterable[Card]) -> None:
        """Mark one card of the player's hand for each of ``cards`` (a card held twice: as often as given)."""
        free = list(self.hands[VIEW_SEAT])
        for c in cards:
            sprite = next((s for s in free if s.card == c), None)
            if sprite is not None:
                sprite.marked = True
                free.remove(sprite)

    # -- the news ------------------------------------------------------------------------------------------
    def say(self, text: str, seat: int | None = None, bubble: str | None = None, seconds: float = 1.6) -> None:
        """Put ``text`` on the status line and in the log; ``bubble``: said by ``seat`` for ``seconds``."""
        self.news.status = text
        self.news.messages.append(text)
        del self.news.messages[:-60]
        if seat is not None and bubble:
            self.news.bubbles[seat] = Bubble(bubble, seconds)

    def who(self, seat: int | None, verb: str) -> str:
        """The seat's name and the verb agreeing with it: "West plays", "You play"."""
        name = self.name_of(seat)
        if name != "You" or not verb.endswith("s") or verb in ("was", "is"):
            return f"{name} {verb}"
        plain = {"passes": "pass", "buries": "bury", "has": "have", "does": "do"}.get(verb, verb[:-1])
        return f"{name} {plain}"

    def whom(self, seat: int | None) -> str:
        """The seat as a sentence's object: "you" for the player named "You", else the seat's name."""
        name = self.name_of(seat)
        return "you" if name == "You" else name

    def name_of(self, seat: int | None) -> str:
        """The seat's name ("Nobody" for no seat)."""
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "Nobody"

    def show_meld(self, seat: int, points: int, items: list[tuple[str, int, str]], cards: list[Card]) -> None:
        """Show ``seat``'s meld on the table: its items (name, points, cards), total and the cards laid down."""
        self.news.melds[seat] = MeldShown(seat, points, list(items), cards)


__all__ = ["Director", "Hold", "LaidMeld", "MeldShown", "TableCard", "TableNews", "VIEW_SEAT", "Z"]
