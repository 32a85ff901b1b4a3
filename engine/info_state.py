"""What one seat may know, as the computer players decide from it: an :class:`InfoState`, and the deals of
the cards the seat cannot see that are consistent with it (``determinize``, as OpenSpiel's games resample
an information state).

A seat knows its own cards, the public history of the hand (the calls, the meld shown or laid, the
tricks, the turned-up trump and who took it, the widow once turned up), the cards it passed, received or
buried itself, and what the play implies: a seat that did not follow suit is void in it, one that did not
trump is void in trumps, and under the must-beat rules one that followed without beating the winning card
holds nothing higher in that suit. :meth:`InfoState.knowledge` gathers all of that as a
:class:`Knowledge`: which unseen cards may lie where; :func:`sample_world` deals the unseen cards to the
hidden places (the other hands, the two-handed stock, the three-handed buried cards) so that every fact
holds, and :meth:`InfoState.dealt` makes a playable game of such a deal.

The boundary: every computer level but the all-seeing one decides from an :class:`InfoState` alone. It
keeps the game it was made from privately, for two uses only: its properties read the public parts of it
(the observation of :func:`engine.observation.observe` and a few public facts it lacks), and
:meth:`InfoState.dealt` copies it with every hidden place dealt anew. The all-seeing level and the hand
analysis's every-card view are given the whole game explicitly (:attr:`InfoState.every_card`), and nothing
else reads it. ``tests/test_info_state.py`` shuffles the cards a seat cannot see and checks that every
level's decision stays the same.

>>> import random
>>> from engine.game import new_game
>>> from engine.rules import preset
>>> game = new_game(preset("partnership_auction"), seed=4)
>>> info = info_state(game, 0)
>>> world = info.determinize(random.Random(1))
>>> sorted(world.hands[0]) == sorted(game.hand.hands[0]), [len(h) for h in world.hands]
(True, [12, 12, 12, 12])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from engine.actions import Action
from engine.cards import CARDS, KINDS, NINE, Card, card, counts, new_deck
from engine.game import Game, Phase
from engine.history import Call, DixExchange, PassedCards, TrickPlayed
from engine.observation import Observation, observe
from engine.play import FREE, MUST_BEAT, POST_1945, WIN_IF_ABLE, play_mode, trick_strengths
from engine.rules import Rules, TrumpBy
from engine.table_meld import MeldTable

ALL_KINDS = (1 << KINDS) - 1
_SUIT_MASK = tuple(sum(1 << (s * 6 + r) for r in range(6)) for s in range(4))


@dataclass(frozen=True, eq=False)
class InfoState:
    """What ``seat`` may know of a game now (see the module's doc). Make one with :func:`info_state`."""

    seat: int
    _game: Game = field(repr=False)
    # The whole game, every card visible: only for the all-seeing level and the analysis's every-card view,
    # which are given it explicitly (``info_state(game, seat, every_card=game)``); None for every other view.
    every_card: Game | None = field(default=None, repr=False)

    # -- the public state and the seat's own cards --------------------------------------------------

    @cached_property
    def observation(self) -> Observation:
        """Everything the seat sees (:func:`engine.observation.observe`)."""
        return observe(self._game, self.seat)

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def phase(self) -> Phase:
        return self._game.phase

    @property
    def to_act(self) -> int | None:
        return self._game.to_act

    @cached_property
    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions (empty unless it is to act)."""
        return tuple(self._game.legal_actions()) if self._game.to_act == self.seat else ()

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is one of the seat's legal actions now (:meth:`engine.game.Game.is_legal`)."""
        return self._game.to_act == self.seat and self._game.is_legal(action)

    @property
    def hand(self) -> list[Card]:
        """The seat's own cards (a copy)."""
        return list(self._game.hand.hands[self.seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(x) for x in self._game.hand.hands)

    @property
    def target(self) -> int:
        return self._game.target

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._game.scores)

    @property
    def dealer(self) -> int:
        return self._game.hand.deal.dealer

    # the auction (public)
    @property
    def bids(self) -> tuple[Call, ...]:
        return tuple(self._game.hand.bids)

    @property
    def high_bid(self) -> int | None:
        return self._game.hand.high_bid

    @property
    def high_bidder(self) -> int | None:
        return self._game.hand.high_bidder

    @property
    def out(self) -> tuple[bool, ...]:
        """Each seat: out of the auction."""
        return tuple(self._game.hand.out)

    @property
    def declarer(self) -> int | None:
        return self._game.hand.declarer

    @property
    def bid(self) -> int:
        return self._game.hand.bid

    @property
    def trump(self) -> int | None:
        return self._game.hand.trump

    # the exchanges
    @property
    def turnup(self) -> Card | None:
        """The card turned up for trump at the deal (four-handed turn-up, two-handed), public."""
        return self._game.hand.deal.turnup

    @property
    def dix_exchanges(self) -> tuple[DixExchange, ...]:
        """The dixes exchanged for the turned-up trump: public (the nine is shown, the card taken was face up)."""
        return tuple(self._game.hand.dix_exchanges)

    @property
    def pass_route(self) -> tuple[tuple[int, int], ...]:
        """Who passed to whom, every pass of the hand (public; the cards only to the two seats)."""
        return tuple((p.giver, p.receiver) for p in self._game.hand.passes)

    @property
    def passes(self) -> tuple[PassedCards, ...]:
        """The passes the seat gave or received, with their cards."""
        return tuple(p for p in self._game.hand.passes if self.seat in (p.giver, p.receiver))

    @property
    def widow(self) -> tuple[Card, ...]:
        """The widow, once turned up (after the auction)."""
        h = self._game.hand
        return tuple(h.deal.widow) if h.declarer is not None else ()

    @property
    def buried(self) -> tuple[Card, ...]:
        """The declarer's own bury (empty for every other seat)."""
        h = self._game.hand
        return h.buried if self.seat == h.declarer else ()

    @property
    def buried_count(self) -> int:
        """How many cards the declarer buried (public)."""
        return len(self._game.hand.buried)

    # the meld (public)
    @property
    def meld_points(self) -> tuple[int, ...]:
        """Each seat's meld points as scored (after dix credits)."""
        return tuple(self._game.hand.meld_points)

    @property
    def shown_meld(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Each seat's cards shown in its meld before the play (None: not shown yet)."""
        return tuple(tuple(m.shown_cards()) if m is not None else None for m in self._game.hand.meld)

    # the play (public)
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        return tuple(self._game.hand.trick)

    @property
    def tricks(self) -> tuple[TrickPlayed, ...]:
        """The finished tricks as the seat saw them (another seat's draws hidden)."""
        return self.observation.tricks

    @property
    def trick_points(self) -> tuple[int, ...]:
        return tuple(self._game.hand.trick_points)

    # two-handed
    @property
    def stock_size(self) -> int:
        return len(self._game.hand.stock)

    @property
    def stock_trump(self) -> Card | None:
        """Two-handed: the face-up trump card at the foot of the stock while the stock lasts."""
        stock = self._game.hand.stock
        return stock[-1] if stock else None

    @property
    def tables(self) -> tuple[MeldTable, ...]:
        """Two-handed: each seat's meld laid on the table (public)."""
        return tuple(self._game.hand.tables)

    @property
    def dix_melded(self) -> bool:
        return self._game.hand.dix_melded

    @property
    def turnup_scored(self) -> bool:
        return self._game.hand.turnup_scored

    # -- the cards the seat cannot see -------------------------------------------------------------

    def knowledge(self, memory: float = 1.0, rng: random.Random | None = None) -> Knowledge:
        """Where the unseen cards may lie (:func:`knowledge`)."""
        return knowledge(self, memory, rng)

    def determinize(self, rng: random.Random) -> World:
        """One deal of the cards the seat cannot see, consistent with everything it knows."""
        return sample_world(self.knowledge(), rng)

    def dealt(self, world: World) -> Game:
        """A playable copy of the game with the cards the seat cannot see where ``world`` deals them (the
        other hands, the stock; the seats still to decide on the dix: those holding a nine of trumps there)."""
        copy = self._game.clone()
        h = copy.hand
        for s in range(copy.rules.players):
            if s != self.seat:
                h.hands[s] = list(world.hands[s])
        if h.stock:
            h.stock = list(world.stock)
        if h.dix_seats and h.trump is not None:
            nine = card(h.trump, NINE)
            h.dix_seats = [s for s in h.dix_seats if s == self.seat or nine in h.hands[s]]
        return copy

    def whole_game(self) -> Game:
        """The whole game (:attr:`every_card`), for the all-seeing views only; an error for any other."""
        if self.every_card is None:
            raise ValueError("this view does not see every card: info_state(game, seat, every_card=game)")
        return self.every_card


def info_state(game: Game, seat: int, every_card: Game | None = None) -> InfoState:
    """What ``seat`` may know of ``game`` now; ``every_card`` (the game itself) only for a view that sees all."""
    if every_card is not None and every_card is not game:
        raise ValueError("every_card is the game the view is of")
    return InfoState(seat, game, every_card)


# -- where the unseen cards may lie ----------------------------------------------------------------


def _above(suit: int, rank: int) -> int:
    """The kinds of ``suit`` ranked above ``rank``."""
    return sum(1 << (suit * 6 + r) for r in range(rank + 1, 6))


@dataclass
class Knowledge:
    """What one seat knows about where the unseen cards are.

    Holders are the seats (``0 .. players-1``), then :attr:`stock` and :attr:`buried` when they
    hide cards. ``pinned[h]`` are cards known to be in holder ``h``; ``free`` the cards whose place
    is unknown, each with the holders it may be in (``places``); ``room[h]`` how many unknown cards
    holder ``h`` takes; ``allowed[h]`` a bit mask of the kinds ``h`` may hold (voids and caps).
    """

    seat: int
    players: int
    hand: tuple[Card, ...]
    pinned: list[list[Card]]
    room: list[int]
    allowed: list[int]
    free: list[Card]
    places: list[tuple[int, ...]]
    stock: int
    buried: int
    turnup: Card | None = None
    inferences: int = 0
    forgotten: list[Card] = field(default_factory=list)

    @property
    def holders(self) -> int:
        return len(self.room)


@dataclass
class World:
    """One deal of the unseen cards: every seat's hand (the real one for our own seat)."""

    hands: list[list[Card]]
    stock: list[Card]
    buried: list[Card]
    weight: float = 1.0


def played_by_seat(obs: Observation, players: int) -> list[list[Card]]:
    """The cards each seat played in the hand so far."""
    played: list[list[Card]] = [[] for _ in range(players)]
    for t in obs.tricks:
        for s, c in t.plays:
            played[s].append(c)
    for s, c in obs.trick:
        played[s].append(c)
    return played


def _subtract(cards: Sequence[Card], gone: Sequence[Card]) -> list[Card]:
    left = Counter(cards)
    left.subtract(gone)
    out: list[Card] = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    return out


def _max_merge(*groups: Sequence[Card]) -> list[Card]:
    """The fewest cards that contain every group (per card, the most copies any group names)."""
    best: Counter[Card] = Counter()
    for g in groups:
        for c, k in Counter(g).items():
            best[c] = max(best[c], k)
    return sorted(best.elements())


def knowledge(info: InfoState, memory: float = 1.0, rng: random.Random | None = None) -> Knowledge:
    """Everything ``info.seat`` knows about the unseen cards (see :class:`Knowledge`).

    ``memory`` below 1 forgets, each with that chance kept, the inferences from play and the
    other seats' played cards (a forgotten card is thought to be still out): the ``easy`` level.
    """
    obs = info.observation
    seat = info.seat
    rules = info.rules
    n = rules.players
    declarer = info.declarer

    def remember() -> bool:
        return memory >= 1.0 or rng is None or rng.random() < memory

    deck = counts(new_deck(rules.double_deck))
    seen: list[Card] = list(obs.hand)
    for t in obs.tables:
        seen.extend(t)
    played = played_by_seat(obs, n)
    forgotten: list[Card] = []
    for s in range(n):
        for c in played[s]:
            if s != seat and not remember():
                forgotten.append(c)
            else:
                seen.append(c)
    seen.extend(obs.buried)
    stock = obs.stock_size
    turnup = obs.turnup if stock else None
    if turnup is not None:
        seen.append(turnup)
        stock -= 1
    buried = info.buried_count if info.buried_count and seat != declarer else 0
    holders = n + 2
    pinned: list[list[Card]] = [[] for _ in range(holders)]
    # cards known to be in other hands, before play began (then less what those seats played)
    known: list[list[list[Card]]] = [[] for _ in range(n)]
    if rules.trump_by != TrumpBy.STOCK:
        for s, shown in enumerate(info.shown_meld):
            if s != seat and shown is not None:
                known[s].append(list(shown))
    passes = info.passes
    for giver, taker, cards in passes:
        if giver == seat and taker != seat:
            # the taker holds them, less any it may have passed back (a lower bound either way)
            back = [c for a, b, cs in passes if a == taker and b == seat for c in cs]
            known[taker].append(_subtract(list(cards), back))
    dealt_turnup = info.turnup
    if rules.trump_by == TrumpBy.TURNUP and dealt_turnup is not None:
        holder = info.dealer
        for exchanger, _dix, _taken in info.dix_exchanges:
            holder = exchanger
        if holder != seat:
            known[holder].append([dealt_turnup])
        for _s, dix, _taken in info.dix_exchanges:
            if info.dealer != seat:
                known[info.dealer].append([dix])
    if rules.trump_by == TrumpBy.STOCK:
        for s, _dix, taken in info.dix_exchanges:
            if s != seat:
                known[s].append([taken])
    # Three-handed, seen by an opponent: the widow's cards, and the meld shown before the bury unless
    # the strict bury keeps meld in hand, are with the declarer or among the buried cards.
    bury_group: list[Card] = []
    if buried and declarer is not None:
        bury_group = list(obs.widow)
        if not rules.strict_bury:
            bury_group = _max_merge(bury_group, *known[declarer])
            known[declarer] = []
    for s in range(n):
        if s == seat:
            continue
        pins = _subtract(_max_merge(*known[s]), played[s]) if known[s] else []
        if obs.tables:
            pins = _subtract(pins, obs.tables[s])
        pins = pins[: obs.hand_sizes[s]]
        pinned[s] = pins
    size = [0] * holders
    for s in range(n):
        if s != seat:
            size[s] = obs.hand_sizes[s]
    size[n] = stock
    size[n + 1] = buried
    seen_tally = counts(seen)
    for s in range(n):
        for c in pinned[s]:
            seen_tally[c] += 1
    free: list[Card] = []
    for code in range(KINDS):
        free.extend([CARDS[code]] * max(0, deck[code] - seen_tally[code]))
    room = [size[x] - len(pinned[x]) for x in range(holders)]
    widow_free: Counter[Card] = Counter()
    if bury_group and declarer is not None:
        widow_free = Counter(_subtract(bury_group, played[declarer] + pinned[declarer]))
    allowed = [ALL_KINDS] * holders
    inferences = 0
    mode = play_mode(rules)
    trump = obs.trump
    if not (rules.trump_by == TrumpBy.STOCK and stock > 0) and trump is not None and mode != FREE:
        tricks: list[list[tuple[int, int]]] = [[(s, int(c)) for s, c in done.plays] for done in obs.tricks]
        tricks.append([(s, int(c)) for s, c in obs.trick])
        if rules.trump_by == TrumpBy.STOCK:
            tricks = tricks[len(tricks) - 1 - phase2_tricks(obs, rules.hand_size):]
        for plays in tricks:
            for i in range(1, len(plays)):
                s, code = plays[i]
                if s == seat:
                    continue
                mask = _inference([x for _, x in plays[:i]], code, trump, mode)
                if mask != ALL_KINDS and remember():
                    allowed[s] &= mask
                    inferences += 1
    places: list[tuple[int, ...]] = []
    for c in free:
        if widow_free[c] > 0:
            widow_free[c] -= 1
            assert declarer is not None
            places.append(tuple(x for x in (declarer, n + 1) if room[x] > 0) or _open(room))
        else:
            places.append(_open(room))
    return Knowledge(seat, n, obs.hand, pinned, room, allowed, free, places, stock, buried, turnup, inferences,
                     forgotten)


def phase2_tricks(obs: Observation, hand_size: int) -> int:
    """Two-handed: how many finished tricks were played after the stock ran out."""
    return max(0, len(obs.tricks) - hand_size)


def _open(room: list[int]) -> tuple[int, ...]:
    return tuple(x for x, r in enumerate(room) if r > 0)


def _inference(before: list[int], played: int, trump: int, mode: int) -> int:
    """The kinds a seat may still hold after playing ``played`` to a trick holding ``before``."""
    led = before[0] // 6
    strength = trick_strengths(trump, led)
    best = max(strength[c] for c in before)
    mask = ALL_KINDS
    if mode == WIN_IF_ABLE and strength[played] <= best:
        # The seat held no card that could have won among those it might play.
        if played // 6 != led:
            return mask & ~_SUIT_MASK[led] & ~(_above(trump, best - 6) if best >= 6 else _SUIT_MASK[trump])
        if best < 6 or led == trump:  # (a card of the suit led cannot win a trumped trick)
            mask &= ~_above(led, best - 6 if led == trump else best)
        return mask
    if played // 6 != led:
        mask &= ~_SUIT_MASK[led]
        if played // 6 != trump:
            mask &= ~_SUIT_MASK[trump]
        elif mode == MUST_BEAT and best >= 6 and strength[played] <= best:
            mask &= ~_above(trump, best - 6)
        return mask
    if (best < 6 or led == trump) and (mode == MUST_BEAT or (led == trump and mode == POST_1945)):
        if strength[played] <= best:
            mask &= ~_above(led, best - 6 if led == trump else best)
    return mask


def sample_world(know: Knowledge, rng: random.Random, tries: int = 40) -> World:
    """Deal the unseen cards so every known fact holds (inferences are dropped only if they cannot all hold)."""
    n = know.players
    free = list(know.free) + list(know.forgotten)
    places = list(know.places) + [_open(know.room)] * len(know.forgotten)
    total_room = sum(know.room)
    spare = len(free) - total_room  # forgotten cards: some are really gone
    for attempt in range(tries + 1):
        relax = attempt == tries
        dealt = _deal(free, places, know, rng, spare, relax)
        if dealt is not None:
            break
    else:  # pragma: no cover - the relaxed deal always succeeds
        raise AssertionError("no consistent world")
    hands = [list(know.pinned[s]) + dealt[s] for s in range(n)]
    hands[know.seat] = list(know.hand)
    stock = dealt[n]
    if know.turnup is not None:
        stock = stock + [know.turnup]
    return World(hands, stock, dealt[n + 1])


def _deal(free: list[Card], places: list[tuple[int, ...]], know: Knowledge, rng: random.Random, spare: int,
          relax: bool) -> list[list[Card]] | None:
    order = list(range(len(free)))
    rng.shuffle(order)
    room = list(know.room)
    allowed = know.allowed

    def options(i: int) -> list[int]:
        c = free[i]
        return [x for x in places[i] if room[x] > 0 and (relax or allowed[x] >> c & 1)]

    order.sort(key=lambda i: len([x for x in places[i] if relax or allowed[x] >> free[i] & 1]))
    out: list[list[Card]] = [[] for _ in range(know.holders)]
    for i in order:
        choices = options(i)
        if not choices:
            if spare > 0:
                spare -= 1
                continue
            return None
        weights = [room[x] for x in choices]
        if spare > 0 and rng.random() < spare / (spare + sum(weights)):
            spare -= 1
            continue
        x = rng.choices(choices, weights)[0] if len(choices) > 1 else choices[0]
        room[x] -= 1
        out[x].append(free[i])
    if any(room):
        return None
    return out


def every_card_world(game: Game) -> World:
    """The actual cards, for a view given the whole game (the ``perfect`` level, the every-card analysis)."""
    h = game.hand
    return World([list(x) for x in h.hands], list(h.stock), list(h.buried))


__all__ = ["InfoState", "Knowledge", "World", "every_card_world", "info_state", "knowledge", "played_by_seat",
           "sample_world"]
