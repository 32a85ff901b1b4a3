"""Two-handed melding during play (docs/rules.md, "Meld during play": John Hay's rules).

In phase 1 the winner of a trick may lay one meld face up and score it at once. Laid cards stay
playable from the table. A :class:`MeldTable` is one player's laid meld: it knows each table
card's history (the classes it has served in and the melds it belongs to), offers every legal
meld to lay now with the points it would score, and records what is laid.

The rules it applies:

- at least one card of a laid meld comes from the hand;
- a table card may join a later meld only of a class it has not served in (a K of a marriage may
  join kings around or a roundhouse's around part, never a second marriage);
- exceptions in the same class: a royal marriage still on the table completed to a run, and a
  pinochle still on the table doubled (with double values, a run or an around doubled too: eight
  aces, a double run); with ``rules.remeld_reductions`` they add the value less the meld already
  scored (110, 260; 900 for eight aces), otherwise the full value; a pinochle laid after the
  first was broken up is simply a pinochle (40);
- with ``rules.run_extra_marriage`` a run on the table lends its K or Q (once) to a royal
  marriage with a trump K or Q from the hand;
- a roundhouse (K and Q of every suit) may be laid at once for the sum of its parts (240);
  laid around a run's own trump K and Q it scores 40 less (the run's K-Q marry no second time);
- the dix is laid alone from the hand; the state machine exchanges the first one with the
  turned-up trump (and then takes it off the table with :meth:`MeldTable.remove`).

>>> from engine.cards import parse_cards, HEARTS
>>> from engine.rules import preset
>>> rules, table = preset("two_hand"), MeldTable()
>>> hand = parse_cards("KH QH AH TH JH 9S")
>>> royal = next(p for p in table.options(hand, HEARTS, rules) if p.meld.name == "royal marriage")
>>> table.lay(royal)
40
>>> run = [p for p in table.options(parse_cards("AH TH JH 9S"), HEARTS, rules) if p.meld.name == "run"]
>>> [(p.meld.points, len(p.from_hand)) for p in run]
[(110, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from engine.cards import JACK_OF_DIAMONDS, KING, NINE, QUEEN, QUEEN_OF_SPADES, SUITS, Card, card, counts
from engine.meld import (
    AROUND_RANKS,
    RUN_RANKS,
    Meld,
    MeldKind,
    MeldRow,
    copies,
    meld_table_rows,
)
from engine.rules import Rules

ROUNDHOUSE = "roundhouse"  # its name and its key (its class: MeldKind.ROUNDHOUSE)


@dataclass(frozen=True)
class MeldPlay:
    """One meld a player may lay now: the meld (with the points it scores now) and where its cards come from.

    ``from_table`` are slots of the player's :class:`MeldTable`. ``absorbs`` are laid melds (record
    numbers) this one completes by a same-class exception; ``borrows`` is the run record that lends
    its K or Q under ``run_extra_marriage``.
    """

    meld: Meld
    from_hand: tuple[Card, ...]
    from_table: tuple[int, ...]
    classes: tuple[MeldKind, ...] = ()
    sources: tuple[int, ...] = ()  # per card of the meld: -1 from the hand, else its table slot
    absorbs: tuple[int, ...] = ()
    borrows: int | None = None
    parts: tuple[tuple[str, MeldKind, tuple[int, ...]], ...] = ()  # (name, kind, indexes into meld.cards)


@dataclass
class _Slot:
    card: Card
    classes: set[MeldKind] = field(default_factory=set)


@dataclass
class _Record:
    name: str
    kind: MeldKind
    slots: list[int]
    absorbed: bool = False
    lent: bool = False


@dataclass(frozen=True)
class _Spec:
    """A meld that could be laid: its cards and the classes it takes."""

    name: str
    key: str  # the meld table row ("run", "royal marriage", ...) or "roundhouse"
    multiple: int
    points: int
    kind: MeldKind
    classes: tuple[MeldKind, ...]
    cards: tuple[Card, ...]
    parts: tuple[tuple[str, MeldKind, tuple[int, ...]], ...]
    needs: tuple[tuple[Card, int], ...]  # each card of the meld and how many of it


def _needs(cards: tuple[Card, ...]) -> tuple[tuple[Card, int], ...]:
    return tuple((c, cards.count(c)) for c in dict.fromkeys(cards))


@cache
def _specs(trump: int, rules: Rules) -> tuple[_Spec, ...]:
    """Every meld that could be laid with ``trump`` under ``rules`` (the same at every call: kept)."""
    rows = meld_table_rows(rules)
    specs: list[_Spec] = []

    def add(row: MeldRow, one: Sequence[Card]) -> None:
        for size, points in enumerate(row.points, start=1):
            if points is None or size > copies(rules):
                continue
            cards = tuple(c for c in one for _ in range(size))
            name = row.names[size - 1]
            specs.append(_Spec(name, row.key, size, points, row.kind, (row.kind,), cards,
                               ((name, row.kind, tuple(range(len(cards)))),), _needs(cards)))

    add(rows.run, [card(trump, r) for r in RUN_RANKS])
    add(rows.royal_marriage, [card(trump, KING), card(trump, QUEEN)])
    for suit in SUITS:
        if suit != trump:
            add(rows.marriage, [card(suit, KING), card(suit, QUEEN)])
    add(rows.pinochle, [QUEEN_OF_SPADES, JACK_OF_DIAMONDS])
    for rank, around in zip(AROUND_RANKS, rows.arounds, strict=True):
        add(around, [card(suit, rank) for suit in SUITS])
    # The roundhouse: K and Q of every suit, its marriages and the two arounds laid at once.
    kings, queens = rows.kings, rows.queens
    cards = tuple(c for suit in SUITS for c in (card(suit, KING), card(suit, QUEEN)))
    parts: list[tuple[str, MeldKind, tuple[int, ...]]] = []
    points = (kings.points[0] or 0) + (queens.points[0] or 0)
    for i, suit in enumerate(SUITS):
        row = rows.royal_marriage if suit == trump else rows.marriage
        points += row.points[0] or 0
        parts.append((row.names[0], row.kind, (2 * i, 2 * i + 1)))
    parts.append((kings.names[0], kings.kind, (0, 2, 4, 6)))
    parts.append((queens.names[0], queens.kind, (1, 3, 5, 7)))
    classes = tuple(sorted({rows.marriage.kind, rows.royal_marriage.kind, kings.kind}))
    specs.append(_Spec(ROUNDHOUSE, ROUNDHOUSE, 1, points, MeldKind.ROUNDHOUSE, classes, cards, tuple(parts),
                       _needs(cards)))
    return tuple(specs)


@dataclass
class MeldTable:
    """One player's meld laid on the table in two-handed play; copyable and JSON-serialisable."""

    slots: list[_Slot | None] = field(default_factory=list)
    records: list[_Record] = field(default_factory=list)
    dixes: int = 0  # nines of trump melded so far
    # The last options worked out, by the table, the hand, the trump and the rules they were for: a computer asks
    # for them to choose a meld, the game again to check the one chosen.
    _last: tuple[tuple[object, ...], Rules, tuple[MeldPlay, ...]] | None = \
        field(default=None, init=False, repr=False, compare=False)

    # -- what is on the table ------------------------------------------------------------------
    def cards(self) -> list[Card]:
        """The cards on the table, playable like the hand's."""
        return [s.card for s in self.slots if s is not None]

    def card_at(self, slot: int) -> Card | None:
        s = self.slots[slot] if 0 <= slot < len(self.slots) else None
        return s.card if s is not None else None

    def slots_of(self, c: int) -> list[int]:
        """The table slots holding card ``c``."""
        return [i for i, s in enumerate(self.slots) if s is not None and s.card == c]

    def copy(self) -> MeldTable:
        return MeldTable(
            [None if s is None else _Slot(s.card, set(s.classes)) for s in self.slots],
            [_Record(r.name, r.kind, list(r.slots), r.absorbed, r.lent) for r in self.records],
            self.dixes,
        )

    # -- the legal melds -----------------------------------------------------------------------
    def options(self, hand: Sequence[Card], trump: int, rules: Rules) -> list[MeldPlay]:
        """Every legal single meld to lay now (the dix too), with the points it scores now."""
        key = (tuple(None if s is None else (s.card, frozenset(s.classes)) for s in self.slots),
               tuple((r.name, r.kind, tuple(r.slots), r.absorbed, r.lent) for r in self.records), self.dixes,
               tuple(hand), trump)
        if self._last is not None and self._last[0] == key and self._last[1] is rules:
            return list(self._last[2])
        found = self._options(hand, trump, rules)
        self._last = (key, rules, tuple(found))
        return found

    def _options(self, hand: Sequence[Card], trump: int, rules: Rules) -> list[MeldPlay]:
        tally = counts(hand)
        plays: list[MeldPlay] = []
        row = meld_table_rows(rules).dix
        nine = card(trump, NINE)
        if row is not None and tally[nine] and self.dixes < copies(rules):
            dix = Meld("dix", row.points[0] or 0, (nine,), MeldKind.DIX)
            plays.append(MeldPlay(dix, (nine,), (), (MeldKind.DIX,), (-1,), parts=(("dix", MeldKind.DIX, (0,)),)))
        held = counts(self.cards())
        for spec in _specs(trump, rules):
            if all(tally[c] + held[c] >= n for c, n in spec.needs):  # the hand and the table have its cards
                plays.extend(self._plays(spec, tally, rules))
        return _prune(plays)

    def _intact(self, record: _Record) -> bool:
        return not record.absorbed and all(self.slots[i] is not None for i in record.slots)

    def _records_of(self, slot: int) -> list[int]:
        return [n for n, r in enumerate(self.records) if slot in r.slots]

    def _plays(self, spec: _Spec, tally: list[int], rules: Rules) -> list[MeldPlay]:
        """Every way to lay ``spec`` from the hand (``tally``) and this table (its cards all there)."""
        results: list[MeldPlay] = []
        sources: list[int] = []  # per card of spec.cards: -1 from the hand, else a table slot
        used_hand = [0] * 24

        def choose(i: int) -> None:
            if i == len(spec.cards):
                play = self._evaluate(spec, sources, rules)
                if play is not None:
                    results.append(play)
                return
            c = spec.cards[i]
            floor = sources[i - 1] if i and spec.cards[i - 1] == c else -2  # identical cards: one order
            if used_hand[c] < tally[c] and floor <= -1:
                used_hand[c] += 1
                sources.append(-1)
                choose(i + 1)
                sources.pop()
                used_hand[c] -= 1
            seen: set[tuple[object, ...]] = set()
            for slot in self.slots_of(c):
                if slot <= floor or slot in sources:
                    continue
                s = self.slots[slot]
                assert s is not None
                signature = (frozenset(s.classes), tuple(self._records_of(slot)))
                if signature in seen:
                    continue
                seen.add(signature)
                sources.append(slot)
                choose(i + 1)
                sources.pop()

        choose(0)
        return results

    def _evaluate(self, spec: _Spec, sources: list[int], rules: Rules) -> MeldPlay | None:
        """The play these sources make, or ``None`` if a table card may not serve in it."""
        if all(src >= 0 for src in sources):
            return None  # at least one card from the hand
        table = [src for src in sources if src >= 0]
        points = spec.points
        parts = spec.parts
        absorbs: list[int] = []
        borrows: int | None = None
        reused: list[int] = []
        for slot in table:
            if self._slot(slot).classes & set(spec.classes):
                reused.append(slot)
        rows = meld_table_rows(rules)
        if reused:
            records = {n for slot in reused for n in self._records_of(slot)
                       if self.records[n].kind in spec.classes}
            if spec.key == "run" and spec.multiple == 1:
                # A royal marriage still on the table completed to a run.
                if len(records) != 1:
                    return None
                (n,) = records
                r = self.records[n]
                if r.name != rows.royal_marriage.names[0] or not self._intact(r):
                    return None
                if sorted(r.slots) != sorted(reused):
                    return None
                absorbs.append(n)
                if rules.remeld_reductions:
                    points -= rows.royal_marriage.points[0] or 0
            elif spec.multiple == 2:
                # A pinochle (or, with double values, a run or an around) still on the table doubled.
                single = rows.by_key(spec.key)
                live = [n for n in records if not self.records[n].absorbed]
                if len(live) != 1:
                    return None
                (n,) = live
                r = self.records[n]
                if r.name != single.names[0] or not self._intact(r) or sorted(r.slots) != sorted(reused):
                    return None
                absorbs.append(n)
                if rules.remeld_reductions:
                    points -= single.points[0] or 0
            elif spec.key == "royal marriage" and spec.multiple == 1 and rules.run_extra_marriage:
                # A run lends its own K or Q to a royal marriage with an extra trump K or Q.
                if len(reused) != 1 or len(records) != 1:
                    return None
                (n,) = records
                r = self.records[n]
                if r.name != rows.run.names[0] or r.lent:
                    return None
                borrows = n
            elif spec.key == ROUNDHOUSE:
                # Around a run's own trump K and Q: their marriage does not score again.
                royal_part = next(part for part in spec.parts if part[0] == rows.royal_marriage.names[0])
                slot_k, slot_q = (sources[i] for i in royal_part[2])
                if slot_k < 0 or slot_q < 0 or sorted(reused) != sorted((slot_k, slot_q)):
                    return None
                around_kind = rows.kings.kind
                if any(around_kind in self._slot(slot).classes for slot in reused):
                    return None
                run_name = rows.run.names[0]
                if any(self.records[n].name != run_name for n in records):
                    return None
                if not set(self._records_of(slot_k)) & set(self._records_of(slot_q)) & records:
                    return None
                points -= rows.royal_marriage.points[0] or 0
                parts = tuple(part for part in parts if part is not royal_part)
            else:
                return None
        cards = spec.cards
        meld = Meld(spec.name, points, cards, spec.kind)
        from_hand = tuple(c for c, src in zip(cards, sources, strict=True) if src < 0)
        return MeldPlay(meld, from_hand, tuple(src for src in sources if src >= 0), spec.classes, tuple(sources),
                        tuple(absorbs), borrows, parts)

    # -- laying and playing --------------------------------------------------------------------
    def lay(self, play: MeldPlay) -> int:
        """Record a meld from :meth:`options` (the caller moves the hand cards); its points."""
        if len(play.sources) != len(play.meld.cards):
            raise ValueError("a meld play must come from MeldTable.options")
        for c, slot in zip(play.meld.cards, play.sources, strict=True):
            if slot >= 0 and self.card_at(slot) != c:
                raise ValueError(f"table slot {slot} does not hold {c}: the meld was offered for another table")
        if play.meld.kind == MeldKind.DIX and self.dixes >= 2:
            raise ValueError("both dixes are already melded")
        where: list[int] = []
        for c, slot in zip(play.meld.cards, play.sources, strict=True):
            if slot < 0:
                self.slots.append(_Slot(c))
                slot = len(self.slots) - 1
            where.append(slot)
        for slot in where:
            self._slot(slot).classes.update(play.classes)
        for n in play.absorbs:
            self.records[n].absorbed = True
        if play.borrows is not None:
            self.records[play.borrows].lent = True
        for name, kind, idx in play.parts:
            self.records.append(_Record(name, kind, [where[i] for i in idx]))
        if play.meld.kind == MeldKind.DIX:
            self.dixes += 1
        return play.meld.points

    def _slot(self, slot: int) -> _Slot:
        s = self.slots[slot]
        if s is None:
            raise ValueError(f"table slot {slot} is empty")
        return s

    def remove(self, c: Card, slot: int | None = None) -> None:
        """A table card was played. Without ``slot``, the copy whose loss breaks the least is taken."""
        if slot is None:
            candidates = self.slots_of(c)
            if not candidates:
                raise ValueError(f"{c} is not on the table")

            def cost(i: int) -> tuple[int, int, int]:
                s = self.slots[i]
                assert s is not None
                intact = sum(1 for n in self._records_of(i) if self._intact(self.records[n]))
                return (intact, -len(s.classes), -i)

            slot = min(candidates, key=cost)
        if self.card_at(slot) != c:
            raise ValueError(f"table slot {slot} does not hold {c}")
        self.slots[slot] = None

    def take_back(self) -> list[Card]:
        """Phase 2: the melds return to the hand. Empties the table and returns its cards."""
        cards = self.cards()
        self.slots.clear()
        self.records.clear()
        return cards


def _prune(plays: list[MeldPlay]) -> list[MeldPlay]:
    """Drop duplicates and plays that score no more yet take more from the hand than another."""
    unique: dict[tuple[object, ...], MeldPlay] = {}
    for p in plays:
        key = (p.meld.name, p.meld.points, tuple(sorted(p.from_hand)), tuple(sorted(p.from_table)))
        unique.setdefault(key, p)
    kept: list[MeldPlay] = []
    items = list(unique.values())
    for p in items:
        hand = counts(p.from_hand)
        dominated = False
        for q in items:
            if q is p or q.meld.name != p.meld.name or q.meld.points < p.meld.points:
                continue
            other = counts(q.from_hand)
            if other != hand and all(o <= h for o, h in zip(other, hand, strict=True)):
                dominated = True
                break
        if not dominated:
            kept.append(p)
    return kept
