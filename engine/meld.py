"""Meld: the best meld of a hand under every meld table of docs/rules.md.

Meld falls into classes (``kind``): a physical card may serve in several melds of different
classes, never in two melds of the same class. Within a class the counting is simple except in
the trump suit, where runs and royal marriages compete for the same kings and queens; there the
best split is searched. Every table is data (:func:`meld_rows`), read by the scorer, by
:mod:`engine.table_meld` and by the rules help, so the numbers live in one place.

A meld of one table row can be single, double, triple or quadruple (double deck). A multiple the
table does not list scores as the best sum of listed ones: with plain values two runs score
150 + 150, and the Masek table's missing quadruple run scores a triple run plus a run.

>>> from engine.cards import parse_cards, HEARTS
>>> from engine.rules import preset
>>> score = score_meld(parse_cards("AH TH KH QH JH KS QS KD QD KC QC"), HEARTS, preset("two_hand"))
>>> score.total, [m.name for m in score.melds][:2]
(350, ['run', 'marriage'])
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine.cards import (
    ACE,
    CARDS,
    JACK,
    JACK_OF_DIAMONDS,
    KING,
    NINE,
    QUEEN,
    QUEEN_OF_SPADES,
    SUITS,
    TEN,
    Card,
    card,
    check_suit,
    checked_counts,
    counts,
)
from engine.rules import MeldTable, Rules


class MeldKind(StrEnum):
    """A meld's class: a card may serve in melds of different classes, never in two of the same class."""

    SEQUENCE = "sequence"  # runs and marriages
    MARRIAGE = "marriage"  # the divided-by-ten table puts marriages in a class of their own
    PINOCHLE = "pinochle"
    AROUND = "around"
    DIX = "dix"
    # Two-handed, the roundhouse laid at once (engine.table_meld: its parts take their own classes); in a
    # record's meld, any name the meld table lacks.
    ROUNDHOUSE = "roundhouse"


MULTIPLE_WORDS = ("", "double ", "triple ", "quadruple ")
RUN_RANKS = (ACE, TEN, KING, QUEEN, JACK)
AROUND_RANKS = (ACE, KING, QUEEN, JACK)


@dataclass(frozen=True)
class Meld:
    """One scored meld: its name, points, the physical cards it uses and its class."""

    name: str
    points: int
    cards: tuple[Card, ...]
    kind: MeldKind
    # Cards this meld shares with another meld of its own class by a rule's exception (the run's
    # partner card under ``run_extra_marriage``): not a second physical use.
    borrowed: tuple[Card, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return f"{self.name} {self.points} ({' '.join(map(str, self.cards))})"


@dataclass(frozen=True)
class MeldScore:
    """A hand's meld: the total and the melds that make it."""

    total: int
    melds: tuple[Meld, ...]

    def shown_cards(self) -> list[Card]:
        """What the player lays on the table (:func:`shown_cards`)."""
        return shown_cards(self.melds)


def shown_cards(melds: Iterable[Meld]) -> list[Card]:
    """What a player showing ``melds`` lays on the table: per card, the most copies any single class uses."""
    use: dict[MeldKind, list[int]] = {}
    for meld in melds:
        tally = use.setdefault(meld.kind, [0] * 24)
        for c in meld.cards:
            tally[c] += 1
        for c in meld.borrowed:
            tally[c] -= 1
    shown: list[Card] = []
    for code in range(24):
        shown.extend([CARDS[code]] * max((t[code] for t in use.values()), default=0))
    return shown


@dataclass(frozen=True)
class MeldRow:
    """One row of a meld table: a meld and its value single, double, triple and quadruple.

    ``points[n - 1]`` is the value of the meld ``n`` times over as one meld, or ``None`` when the
    table has no such meld (then ``n`` copies score as the best sum of listed multiples).
    """

    key: str  # "run", "royal marriage", "marriage", "dix", "pinochle", "aces around", ...
    kind: MeldKind
    points: tuple[int | None, ...]
    names: tuple[str, ...]  # the meld's name at each multiple

    def best(self, n: int) -> tuple[int, tuple[int, ...]]:
        """The value of ``n`` copies and the multiples it is made of (largest first)."""
        return _best_partition(self.points, n)


def _best_partition(points: tuple[int | None, ...], n: int) -> tuple[int, tuple[int, ...]]:
    best: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    for total in range(1, n + 1):
        choice: tuple[int, tuple[int, ...]] = (-1, ())
        for size in range(min(total, len(points)), 0, -1):
            value = points[size - 1]
            if value is None:
                continue
            rest_value, rest_parts = best[total - size]
            if rest_value < 0:
                continue
            candidate = (value + rest_value, tuple(sorted((size, *rest_parts), reverse=True)))
            if candidate[0] > choice[0]:
                choice = candidate
        best.append(choice if choice[0] >= 0 else (-1, ()))
    value, parts = best[n]
    return (value, parts) if value >= 0 else (0, ())


def _row(key: str, kind: MeldKind, points: Sequence[int | None], names: Sequence[str] | None = None) -> MeldRow:
    if names is None:
        names = tuple(MULTIPLE_WORDS[i] + key for i in range(len(points)))
    return MeldRow(key, kind, tuple(points), tuple(names))


@dataclass(frozen=True)
class MeldRows:
    """The rows of the meld table in force, one by meld; ``all``: every row, in the table's order."""

    all: tuple[MeldRow, ...]
    run: MeldRow
    royal_marriage: MeldRow
    marriage: MeldRow
    pinochle: MeldRow
    aces: MeldRow
    kings: MeldRow
    queens: MeldRow
    jacks: MeldRow
    dix: MeldRow | None  # the double deck has no nines

    @classmethod
    def of_table(cls, rows: tuple[MeldRow, ...]) -> MeldRows:
        def row(key: str) -> MeldRow:
            return next(r for r in rows if r.key == key)

        return cls(rows, row("run"), row("royal marriage"), row("marriage"), row("pinochle"), row("aces around"),
                   row("kings around"), row("queens around"), row("jacks around"),
                   next((r for r in rows if r.key == "dix"), None))

    @property
    def arounds(self) -> tuple[MeldRow, MeldRow, MeldRow, MeldRow]:
        """Aces, kings, queens and jacks around (the order of :data:`AROUND_RANKS`)."""
        return self.aces, self.kings, self.queens, self.jacks

    def by_key(self, key: str) -> MeldRow:
        """The row of ``key`` ("run", "aces around" ...)."""
        return next(r for r in self.all if r.key == key)


_MELD_ROWS_CACHE: dict[tuple[MeldTable, bool, bool], MeldRows] = {}


def meld_table_rows(rules: Rules) -> MeldRows:
    """The meld table in force, row by meld (the data the scorer, the meld laid in play and the help use)."""
    key = (rules.meld_table, rules.double_values, rules.bonus_melds)
    rows = _MELD_ROWS_CACHE.get(key)
    if rows is None:
        rows = MeldRows.of_table(_build_rows(*key))
        _MELD_ROWS_CACHE[key] = rows
    return rows


def meld_rows(rules: Rules) -> tuple[MeldRow, ...]:
    """The meld table in force: every row with its values, in the table's order."""
    return meld_table_rows(rules).all


def _build_rows(table: MeldTable, double_values: bool, bonus: bool) -> tuple[MeldRow, ...]:
    if table == MeldTable.STANDARD:
        dv = double_values
        return (
            _row("run", MeldKind.SEQUENCE, (150, 1500 if dv else None)),
            _row("royal marriage", MeldKind.SEQUENCE, (40, 300 if bonus else None)),
            _row("marriage", MeldKind.SEQUENCE, (20, 150 if bonus else None)),
            _row("dix", MeldKind.DIX, (10,)),
            _row("pinochle", MeldKind.PINOCHLE, (40, 300)),
            _row("aces around", MeldKind.AROUND, (100, 1000 if dv else None), ("aces around", "eight aces")),
            _row("kings around", MeldKind.AROUND, (80, 800 if dv else None), ("kings around", "eight kings")),
            _row("queens around", MeldKind.AROUND, (60, 600 if dv else None), ("queens around", "eight queens")),
            _row("jacks around", MeldKind.AROUND, (40, 400 if dv else None), ("jacks around", "eight jacks")),
        )
    if table == MeldTable.SEED001:
        return (
            _row("run", MeldKind.SEQUENCE, (11, 120)),
            _row("dix", MeldKind.DIX, (1,)),
            _row("royal marriage", MeldKind.MARRIAGE, (4, 30)),
            _row("marriage", MeldKind.MARRIAGE, (2, None)),
            _row("pinochle", MeldKind.PINOCHLE, (4, 30)),
            _row("aces around", MeldKind.AROUND, (10, 100), ("aces around", "eight aces")),
            _row("kings around", MeldKind.AROUND, (8, 80), ("kings around", "eight kings")),
            _row("queens around", MeldKind.AROUND, (6, 60), ("queens around", "eight queens")),
            _row("jacks around", MeldKind.AROUND, (4, 40), ("jacks around", "eight jacks")),
        )
    if table == MeldTable.DOUBLE_DECK:
        rows = (
            _row("run", MeldKind.SEQUENCE, (15, 150, 225, 300)),
            _row("royal marriage", MeldKind.SEQUENCE, (4, 8, 12, 16)),
            _row("marriage", MeldKind.SEQUENCE, (2, 4, 6, 8)),
            _row("pinochle", MeldKind.PINOCHLE, (4, 30, 60, 90)),
            _row("aces around", MeldKind.AROUND, (10, 100, 150, 200)),
            _row("kings around", MeldKind.AROUND, (8, 80, 120, 160)),
            _row("queens around", MeldKind.AROUND, (6, 60, 90, 120)),
            _row("jacks around", MeldKind.AROUND, (4, 40, 60, 80)),
        )
        return tuple(_with_bonus(row) for row in rows) if bonus else rows
    if table == MeldTable.MASEK:
        # The Masek table has no quadruple run or arounds ("---"): four copies score as the best
        # sum of listed melds (a triple and a single).
        return (
            _row("run", MeldKind.SEQUENCE, (15, 150, 500, None)),
            _row("royal marriage", MeldKind.SEQUENCE, (4, 30, 60, 240)),
            _row("marriage", MeldKind.SEQUENCE, (2, 4, 6, 8)),
            _row("pinochle", MeldKind.PINOCHLE, (4, 30, 90, 360)),
            _row("aces around", MeldKind.AROUND, (10, 100, 500, None)),
            _row("kings around", MeldKind.AROUND, (8, 80, 400, None)),
            _row("queens around", MeldKind.AROUND, (6, 60, 300, None)),
            _row("jacks around", MeldKind.AROUND, (4, 40, 200, None)),
        )
    raise ValueError(f"unknown meld table {table!r}")


# Scarne's bonus melds for games with more than one deck, at its own scale (a run 150): the double
# marriages, and the triple melds; "a quadruple bonus meld ... scores double the value of the
# corresponding triple bonus meld". The double deck scores at a tenth of that scale (the double-deck rules'
# double run 150, eight aces 100 and double pinochle 30 are Scarne's 1,500, 1,000 and 300), so
# there they count a tenth. Scarne prints 300 for three runs, less than a double run and a run:
# three runs then score as those (the best sum of listed melds, as for any multiple).
SEED004_DOUBLE_MARRIAGES = {"royal marriage": 300, "marriage": 150}
SEED004_TRIPLES = {"run": 300, "royal marriage": 900, "marriage": 300, "pinochle": 900, "aces around": 2000,
                   "kings around": 1900, "queens around": 1200, "jacks around": 800}


def _with_bonus(row: MeldRow) -> MeldRow:
    """A double-deck row with Scarne's bonus melds, at the double deck's scale."""
    double = SEED004_DOUBLE_MARRIAGES[row.key] // 10 if row.key in SEED004_DOUBLE_MARRIAGES else row.points[1]
    triple = SEED004_TRIPLES[row.key] // 10
    return MeldRow(row.key, row.kind, (row.points[0], double, triple, 2 * triple), row.names)


def run_shares_class(rules: Rules) -> bool:
    """Whether runs and marriages are one class (the run's own K-Q then score no marriage)."""
    rows = meld_table_rows(rules)
    return rows.run.kind == rows.royal_marriage.kind


def dix_value(rules: Rules) -> int:
    """What one nine of trumps melds for (0 where the deck has no nines)."""
    dix = meld_table_rows(rules).dix
    return (dix.points[0] or 0) if dix is not None else 0


def copies(rules: Rules) -> int:
    """How many copies of each card the deck has."""
    return 4 if rules.double_deck else 2


# -- the trump suit: runs against royal marriages ---------------------------------------------


@dataclass(frozen=True)
class _TrumpPlan:
    value: int
    runs: int  # how many runs (copies of A T K Q J used by runs)
    marriages: int  # royal marriages beside the runs
    lent: int  # of those, marriages made with a run's own K or Q (run_extra_marriage)


def _plan_trump(a: int, t: int, k: int, q: int, j: int, rules: Rules) -> _TrumpPlan:
    rows = meld_table_rows(rules)
    run_row, royal_row = rows.run, rows.royal_marriage
    if not run_shares_class(rules):
        runs = min(a, t, k, q, j)
        marriages = min(k, q)
        return _TrumpPlan(run_row.best(runs)[0] + royal_row.best(marriages)[0], runs, marriages, 0)
    best = _TrumpPlan(-1, 0, 0, 0)
    for runs in range(min(a, t, k, q, j) + 1):
        extra_k, extra_q = k - runs, q - runs
        own = min(extra_k, extra_q)
        lent = min(runs, abs(extra_k - extra_q)) if rules.run_extra_marriage else 0
        # Each choice of how many royal marriages to form (all of them is not always best when a
        # multiple is missing from the table, so try each).
        for marriages in range(own + lent + 1):
            value = run_row.best(runs)[0] + royal_row.best(marriages)[0]
            if value > best.value:
                best = _TrumpPlan(value, runs, marriages, max(0, marriages - own))
    return best


# -- fast totals ------------------------------------------------------------------------------


class _Calculator:
    """Lookup tables for one rule set: a meld total from a 24-slot tally in a few microseconds."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        rows = meld_table_rows(rules)
        n = copies(rules) + 1
        self.base = n
        self.trump_table = [0] * (n**5)
        for a, t, k, q, j in itertools.product(range(n), repeat=5):
            self.trump_table[(((a * n + t) * n + k) * n + q) * n + j] = _plan_trump(a, t, k, q, j, rules).value
        self.marriage = [rows.marriage.best(i)[0] for i in range(n)]
        self.pinochle = [rows.pinochle.best(i)[0] for i in range(n)]
        self.aces = [rows.aces.best(i)[0] for i in range(n)]
        self.kings = [rows.kings.best(i)[0] for i in range(n)]
        self.queens = [rows.queens.best(i)[0] for i in range(n)]
        self.jacks = [rows.jacks.best(i)[0] for i in range(n)]
        self.dix = dix_value(rules)
        self.melded = tuple(_meld_cards(suit, rules) for suit in SUITS)  # meld_cards, by trump

    def total(self, c: Sequence[int], trump: int) -> int:
        n = self.base
        b = trump * 6
        marriage = self.marriage
        total = self.trump_table[((((c[b + 5] * n + c[b + 4]) * n + c[b + 3]) * n + c[b + 2]) * n + c[b + 1])]
        total += c[b] * self.dix
        if trump != 0:
            total += marriage[min(c[3], c[2])]
        if trump != 1:
            total += marriage[min(c[9], c[8])]
        if trump != 2:
            total += marriage[min(c[15], c[14])]
        if trump != 3:
            total += marriage[min(c[21], c[20])]
        return (
            total
            + self.pinochle[min(c[2], c[13])]
            + self.aces[min(c[5], c[11], c[17], c[23])]
            + self.kings[min(c[3], c[9], c[15], c[21])]
            + self.queens[min(c[2], c[8], c[14], c[20])]
            + self.jacks[min(c[1], c[7], c[13], c[19])]
        )


_CALCULATORS: dict[int, tuple[Rules, _Calculator]] = {}
_CALCULATORS_BY_VALUE: dict[Rules, _Calculator] = {}


def _calculator(rules: Rules) -> _Calculator:
    entry = _CALCULATORS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    calc = _CALCULATORS_BY_VALUE.get(rules)
    if calc is None:
        calc = _Calculator(rules)
        _CALCULATORS_BY_VALUE[rules] = calc
    if len(_CALCULATORS) > 256:
        _CALCULATORS.clear()
    _CALCULATORS[id(rules)] = (rules, calc)
    return calc


def meld_total(tally: Sequence[int], trump: int, rules: Rules) -> int:
    """The meld total of a hand given as a 24-slot tally (see :func:`engine.cards.counts`).

    Fast (table lookups only), for the computer players' simulations. Equal to
    ``score_meld(hand, trump, rules).total``. Each tally entry must be within the deck's copies.
    """
    return _calculator(rules).total(tally, trump)


def meld_by_trump(hand: Iterable[int], rules: Rules) -> dict[int, int]:
    """The meld total of ``hand`` for each possible trump suit."""
    tally = counts(hand)
    calc = _calculator(rules)
    return {suit: calc.total(tally, suit) for suit in SUITS}


# -- the full meld, with its cards ------------------------------------------------------------


def _multiple_melds(row: MeldRow, n: int, one: Sequence[Card]) -> list[Meld]:
    _, parts = row.best(n)
    return [
        Meld(row.names[size - 1], row.points[size - 1] or 0, tuple(c for c in one for _ in range(size)), row.kind)
        for size in parts
    ]


def score_meld(hand: Iterable[int], trump: int, rules: Rules) -> MeldScore:
    """The maximum legal meld of ``hand`` with ``trump``, meld by meld.

    Raise :class:`~engine.cards.CardError` for a trump that is not a suit number, a code that is not
    a card, or more copies of a card than the deck of ``rules`` holds (:func:`meld_total` is the
    unchecked fast form).
    """
    check_suit(trump)
    tally = checked_counts(hand, rules.double_deck)
    rows = meld_table_rows(rules)
    melds: list[Meld] = []
    b = trump * 6
    plan = _plan_trump(tally[b + ACE], tally[b + TEN], tally[b + KING], tally[b + QUEEN], tally[b + JACK], rules)
    run_cards = [card(trump, r) for r in RUN_RANKS]
    melds.extend(_multiple_melds(rows.run, plan.runs, run_cards))
    royal = [card(trump, KING), card(trump, QUEEN)]
    if plan.lent:
        # A marriage of an extra king (or queen) with the run's own partner card.
        extra_king = tally[b + KING] > tally[b + QUEEN]
        borrowed = card(trump, QUEEN) if extra_king else card(trump, KING)
        own = plan.marriages - plan.lent
        melds.extend(_multiple_melds(rows.royal_marriage, own, royal))
        for _ in range(plan.lent):
            melds.append(Meld(rows.royal_marriage.names[0], rows.royal_marriage.points[0] or 0,
                              tuple(royal), rows.royal_marriage.kind, (borrowed,)))
    else:
        melds.extend(_multiple_melds(rows.royal_marriage, plan.marriages, royal))
    if rows.dix is not None:
        nine = card(trump, NINE)
        melds.extend(Meld("dix", rows.dix.points[0] or 0, (nine,), MeldKind.DIX) for _ in range(tally[nine]))
    for suit in SUITS:
        if suit != trump:
            king, queen = card(suit, KING), card(suit, QUEEN)
            melds.extend(_multiple_melds(rows.marriage, min(tally[king], tally[queen]), (king, queen)))
    pinochle = (QUEEN_OF_SPADES, JACK_OF_DIAMONDS)
    melds.extend(_multiple_melds(rows.pinochle, min(tally[QUEEN_OF_SPADES], tally[JACK_OF_DIAMONDS]),
                                 pinochle))
    for rank, row in zip(AROUND_RANKS, rows.arounds, strict=True):
        around = [card(suit, rank) for suit in SUITS]
        melds.extend(_multiple_melds(row, min(tally[c] for c in around), around))
    melds = [m for m in melds if m.points]
    return MeldScore(sum(m.points for m in melds), tuple(melds))


def meld_cards(trump: int, rules: Rules) -> frozenset[int]:
    """Every card a meld of ``rules``' table can use with ``trump`` (the cards of the melds :func:`score_meld` forms:
    the trump's run, royal marriage and dix where the table has one, each suit's marriage, the pinochle and the four
    arounds): no other card is ever shown as meld (:meth:`MeldScore.shown_cards`), nor counts in :func:`meld_total`.

    >>> from engine.cards import HEARTS, format_cards
    >>> from engine.rules import preset
    >>> format_cards(sorted(set(range(24)) - meld_cards(HEARTS, preset("partnership_auction"))))
    '9S TS 9D TD 9C TC'
    """
    return _calculator(rules).melded[check_suit(trump)]


def _meld_cards(trump: int, rules: Rules) -> frozenset[int]:
    cards = {card(trump, r) for r in RUN_RANKS}
    if meld_table_rows(rules).dix is not None:
        cards.add(card(trump, NINE))
    cards.update(card(suit, rank) for suit in SUITS for rank in (KING, QUEEN, *AROUND_RANKS))
    cards.update((QUEEN_OF_SPADES, JACK_OF_DIAMONDS))
    return frozenset(int(c) for c in cards)
