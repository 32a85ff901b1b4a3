"""Meld scoring: the worked examples of docs/rules.md and its sources, every table, and invariants."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    SUITS,
    TEN,
    Card,
    counts,
    new_deck,
    parse_cards,
)
from engine.meld import Meld, MeldScore, meld_by_trump, meld_rows, meld_total, score_meld
from engine.rules import Rules, RulesError, preset

STANDARD = preset("two_hand")  # plain values: duplicates count twice, double pinochle 300
DOUBLE_VALUES = preset("partnership_auction")
BONUS = preset("partnership_auction", bonus_melds=True)
EXTRA = preset("partnership_auction", run_extra_marriage=True)
SEED001 = preset("partnership_auction_div10")
DOUBLE_DECK = preset("double_deck")
MASEK = preset("double_deck", meld_table="masek")


def score(hand: str, trump: int, rules: Rules) -> MeldScore:
    return score_meld(parse_cards(hand), trump, rules)


def names(result: MeldScore) -> list[str]:
    return sorted(m.name for m in result.melds)


@pytest.mark.parametrize(
    ("hand", "trump", "rules", "total"),
    [
        # Scarne: a run plus K-Q in the three other suits, and the same with diamonds trump
        ("AH TH KH QH JH KS QS KD QD KC QC", HEARTS, STANDARD, 350),
        ("AD TD KD QD JD KS QS KH QH KC QC", DIAMONDS, STANDARD, 390),
        # a single piece of each kind
        ("KC QC", HEARTS, STANDARD, 20),
        ("KH QH", HEARTS, STANDARD, 40),
        ("9H 9H", HEARTS, STANDARD, 20),
        ("QS JD", HEARTS, STANDARD, 40),
        ("QS QS JD JD", HEARTS, STANDARD, 300),
        ("QS QS JD JD", HEARTS, DOUBLE_VALUES, 300),
        ("AS AH AD AC", CLUBS, STANDARD, 100),
        ("KS KH KD KC", CLUBS, STANDARD, 80),
        ("JS JH JD JC", CLUBS, STANDARD, 40),
        # a king and two queens make one marriage
        ("KS QS QS", HEARTS, STANDARD, 20),
        # duplicates count twice unless the double values are in force
        ("AH AH TH TH KH KH QH QH JH JH", HEARTS, STANDARD, 300),
        ("AH AH TH TH KH KH QH QH JH JH", HEARTS, DOUBLE_VALUES, 1500),
        ("AS AS AH AH AD AD AC AC", HEARTS, STANDARD, 200),
        ("AS AS AH AH AD AD AC AC", HEARTS, DOUBLE_VALUES, 1000),
        ("KS KS KH KH KD KD KC KC", HEARTS, DOUBLE_VALUES, 800),
        ("QS QS QH QH QD QD QC QC", CLUBS, DOUBLE_VALUES, 600),
        ("JS JS JH JH JD JD JC JC", CLUBS, DOUBLE_VALUES, 400),
        ("KS KS QS QS", HEARTS, STANDARD, 40),
        # the run's own K-Q do not marry again; a second K-Q beside the run does
        ("AH TH KH QH JH", HEARTS, STANDARD, 150),
        ("AH TH KH KH QH QH JH", HEARTS, STANDARD, 190),
        ("AH TH KH KH QH JH", HEARTS, STANDARD, 150),
        ("AH TH KH KH QH JH", HEARTS, EXTRA, 190),
        ("AH TH KH QH QH JH", HEARTS, EXTRA, 190),
        ("AH TH KH KH QH QH JH", HEARTS, EXTRA, 190),
        # bonus melds: a double marriage in trumps beats run + royal marriage
        ("AH TH KH KH QH QH JH", HEARTS, BONUS, 300),
        ("KS KS QS QS", HEARTS, BONUS, 150),
        # tens around score nothing; a run outside trumps is only its marriage
        ("TS TH TD TC", HEARTS, STANDARD, 0),
        ("AS TS KS QS JS", HEARTS, STANDARD, 20),
        # the divided-by-ten rules: the run's K-Q also count a royal marriage (a different class)
        ("AH TH KH QH JH", HEARTS, SEED001, 15),
        ("AH AH TH TH KH KH QH QH JH JH", HEARTS, SEED001, 120 + 30),
        ("KH KH QH QH", HEARTS, SEED001, 30),
        ("KS KS QS QS", HEARTS, SEED001, 4),
        ("9H 9H QS QS JD JD", HEARTS, SEED001, 2 + 30),
        ("AS AS AH AH AD AD AC AC", HEARTS, SEED001, 100),
        ("KS KH KD KC", CLUBS, SEED001, 8),
        # double deck (the double-deck rules) and its worked example
        ("AH TH KH KH KH QH QH JH QD QD JD QC QC AS KS KS QS QS JS JS", HEARTS, DOUBLE_DECK, 87),
        ("AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH", HEARTS, DOUBLE_DECK, 225),
        ("AH AH AH AH TH TH TH TH KH KH KH KH QH QH QH QH JH JH JH JH", HEARTS, DOUBLE_DECK, 300),
        ("QS QS QS JD JD JD", HEARTS, DOUBLE_DECK, 60),
        ("TS TH TD TC TS TH TD TC", HEARTS, DOUBLE_DECK, 0),
        ("KS KS KS QS QS QS", HEARTS, DOUBLE_DECK, 6),
        # Masek: triple run 500, quadruple (not in the table) = triple + single
        ("AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH", HEARTS, MASEK, 500),
        ("AH AH AH AH TH TH TH TH KH KH KH KH QH QH QH QH JH JH JH JH", HEARTS, MASEK, 515),
        ("KH KH KH KH QH QH QH QH", HEARTS, MASEK, 240),
        ("QS QS QS QS JD JD JD JD", HEARTS, MASEK, 360),
        ("AS AS AS AH AH AH AD AD AD AC AC AC", HEARTS, MASEK, 500),
    ],
)
def test_worked_totals(hand: str, trump: int, rules: Rules, total: int) -> None:
    result = score(hand, trump, rules)
    assert result.total == total, [str(m) for m in result.melds]
    assert meld_total(counts(parse_cards(hand)), trump, rules) == total


def test_double_deck_example_melds() -> None:
    result = score("AH TH KH KH KH QH QH JH QD QD JD QC QC AS KS KS QS QS JS JS", HEARTS, DOUBLE_DECK)
    assert names(result) == ["double marriage", "double queens around", "pinochle", "royal marriage", "run"]
    assert {m.name: m.points for m in result.melds} == {
        "run": 15, "royal marriage": 4, "double marriage": 4, "pinochle": 4, "double queens around": 60}
    # one queen of spades serves in the marriage, the pinochle and the around at once
    assert result.shown_cards().count(parse_cards("QS")[0]) == 2


def test_seed004_melds_and_names() -> None:
    result = score("AD TD KD QD JD KS QS KH QH KC QC", DIAMONDS, STANDARD)
    assert names(result) == ["kings around", "marriage", "marriage", "marriage", "pinochle", "queens around", "run"]
    assert sorted(result.shown_cards()) == sorted(parse_cards("AD TD KD QD JD KS QS KH QH KC QC"))


def test_double_value_names() -> None:
    assert names(score("AS AS AH AH AD AD AC AC", HEARTS, DOUBLE_VALUES)) == ["eight aces"]
    assert names(score("AS AS AH AH AD AD AC AC", HEARTS, STANDARD)) == ["aces around", "aces around"]
    assert names(score("AH AH TH TH KH KH QH QH JH JH", HEARTS, DOUBLE_VALUES)) == ["double run"]
    assert names(score("QS QS JD JD", HEARTS, STANDARD)) == ["double pinochle"]


def test_extra_marriage_borrows_the_runs_card() -> None:
    result = score("AH TH KH KH QH JH", HEARTS, EXTRA)
    marriage = next(m for m in result.melds if m.name == "royal marriage")
    assert marriage.borrowed == tuple(parse_cards("QH"))
    assert sorted(result.shown_cards()) == sorted(parse_cards("AH TH KH KH QH JH"))


def test_dix_each() -> None:
    result = score("9H 9H 9S", HEARTS, STANDARD)
    assert [m.name for m in result.melds] == ["dix", "dix"]
    assert result.total == 20


def test_meld_by_trump() -> None:
    hand = parse_cards("AD TD KD QD JD KS QS KH QH KC QC 9C")
    by_trump = meld_by_trump(hand, STANDARD)
    assert by_trump == {SPADES: 40 + 60 + 40 + 140 + 0, HEARTS: 40 + 60 + 40 + 140,
                        DIAMONDS: 390, CLUBS: 40 + 60 + 40 + 140 + 10}


def test_rows_are_the_values_in_force() -> None:
    rows = {row.key: row for row in meld_rows(DOUBLE_VALUES)}
    assert rows["run"].points == (150, 1500)
    assert rows["aces around"].names == ("aces around", "eight aces")
    plain = {row.key: row for row in meld_rows(STANDARD)}
    assert plain["run"].points == (150, None)
    assert plain["pinochle"].points == (40, 300)
    masek = {row.key: row for row in meld_rows(MASEK)}
    assert masek["run"].best(4) == (515, (3, 1))


# -- Scarne's bonus melds with the double deck (at its scale, a tenth) ----------------------------

DOUBLE_DECK_BONUS = preset("double_deck", bonus_melds=True)


@pytest.mark.parametrize(("hand", "trump", "plain", "bonus"), [
    # twelve aces: the double-deck table's triple 150; Scarne's "triple aces ... 2000 points", a tenth: 200
    ("AS AS AS AH AH AH AD AD AD AC AC AC TS TS TS TH TH TH TD TD", HEARTS, 150, 200),
    # sixteen aces: "a quadruple bonus meld ... scores double the value of the corresponding triple": 400
    ("AS AS AS AS AH AH AH AH AD AD AD AD AC AC AC AC TS TS TS TH", HEARTS, 200, 400),
    # triple marriage in trumps 900 and triple marriage 300, a tenth: 90 + 30 (the double-deck table: 12 + 6)
    ("KH KH KH QH QH QH KC KC KC QC QC QC", HEARTS, 18, 120),
    # double marriage in trumps 300 and double marriage 150, a tenth: 30 + 15 (the double-deck table: 8 + 4)
    ("KH KH QH QH KC KC QC QC", HEARTS, 12, 45),
    # docs/rules.md's 87: its double marriage in spades scores 15 instead of 4, and its hearts score more
    # as a double marriage in trumps (30) than as the run and a royal marriage (15 + 4): 87 + 11 + 11
    ("AH TH KH KH KH QH QH JH QD QD JD QC QC AS KS KS QS QS JS JS", HEARTS, 87, 109),
    # Scarne's triple run (300, a tenth 30) is less than a double run and a run: 150 + 15
    ("AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH", HEARTS, 225, 165),
])
def test_double_deck_bonus_melds_follow_seed_004(hand: str, trump: int, plain: int, bonus: int) -> None:
    assert score_meld(parse_cards(hand), trump, DOUBLE_DECK).total == plain
    assert score_meld(parse_cards(hand), trump, DOUBLE_DECK_BONUS).total == bonus
    assert meld_total(counts(parse_cards(hand)), trump, DOUBLE_DECK_BONUS) == bonus


def test_bonus_melds_do_not_go_with_the_masek_table() -> None:
    with pytest.raises(RulesError, match="Masek"):
        preset("double_deck", meld_table="masek", bonus_melds=True)


# -- properties ---------------------------------------------------------------------------------

ALL_TABLES = [STANDARD, DOUBLE_VALUES, BONUS, EXTRA, preset("partnership_auction", bonus_melds=True,
              run_extra_marriage=True), SEED001, DOUBLE_DECK, MASEK, DOUBLE_DECK_BONUS]


@st.composite
def hands(draw: st.DrawFn, double: bool) -> list[Card]:
    deck = new_deck(double)
    size = draw(st.integers(min_value=0, max_value=20 if double else 16))
    indices = draw(st.lists(st.integers(0, len(deck) - 1), min_size=size, max_size=size, unique=True))
    return [deck[i] for i in indices]


def _check_hand(hand: list[Card], trump: int, rules: Rules) -> None:
    result = score_meld(hand, trump, rules)
    assert result.total == sum(m.points for m in result.melds)
    assert meld_total(counts(hand), trump, rules) == result.total
    held = counts(hand)
    by_class: dict[str, list[int]] = {}
    for meld in result.melds:
        assert isinstance(meld, Meld) and meld.points > 0
        use = by_class.setdefault(meld.kind, [0] * 24)
        for c in meld.cards:
            use[c] += 1
        for c in meld.borrowed:
            use[c] -= 1
    for use in by_class.values():
        assert all(u <= h for u, h in zip(use, held, strict=True)), "a physical card used twice in one class"
    shown = counts(result.shown_cards())
    assert all(s <= h for s, h in zip(shown, held, strict=True))


@settings(max_examples=150, deadline=None)
@given(hand=hands(double=False), trump=st.sampled_from(SUITS), table=st.integers(0, 5))
def test_single_deck_fast_total_equals_full_meld(hand: list[Card], trump: int, table: int) -> None:
    _check_hand(hand, trump, ALL_TABLES[table])


@settings(max_examples=100, deadline=None)
@given(hand=hands(double=True), trump=st.sampled_from(SUITS), masek=st.booleans())
def test_double_deck_fast_total_equals_full_meld(hand: list[Card], trump: int, masek: bool) -> None:
    _check_hand(hand, trump, MASEK if masek else DOUBLE_DECK)


@settings(max_examples=60, deadline=None)
@given(hand=hands(double=False), trump=st.sampled_from(SUITS))
def test_adding_a_card_never_lowers_meld(hand: list[Card], trump: int) -> None:
    tally = counts(hand)
    base = meld_total(tally, trump, DOUBLE_VALUES)
    for code in range(24):
        if tally[code] < 2:
            tally[code] += 1
            assert meld_total(tally, trump, DOUBLE_VALUES) >= base
            tally[code] -= 1


# -- an independent oracle for the trump suit ---------------------------------------------------


def _listed(points: tuple[int | None, ...]) -> list[tuple[int, int]]:
    return [(size, p) for size, p in enumerate(points, start=1) if p is not None]


def _trump_oracle(a: int, t: int, k: int, q: int, j: int, rules: Rules) -> int:
    """Try every count of every listed run and royal-marriage meld: the best that fits the cards."""
    rows = {row.key: row for row in meld_rows(rules)}
    runs, royals = _listed(rows["run"].points), _listed(rows["royal marriage"].points)
    shared = rows["run"].kind == rows["royal marriage"].kind
    limit = max(a, t, k, q, j, 1)
    best = 0
    for run_counts in itertools.product(*(range(limit // size + 1) for size, _ in runs)):
        r = sum(size * n for (size, _), n in zip(runs, run_counts, strict=True))
        if r > min(a, t, k, q, j):
            continue
        run_value = sum(p * n for (_, p), n in zip(runs, run_counts, strict=True))
        for royal_counts in itertools.product(*(range(limit // size + 1) for size, _ in royals)):
            m = sum(size * n for (size, _), n in zip(royals, royal_counts, strict=True))
            value = run_value + sum(p * n for (_, p), n in zip(royals, royal_counts, strict=True))
            if not shared:
                if m <= min(k, q):
                    best = max(best, value)
                continue
            # Lent marriages (run_extra_marriage): an extra K with a run's Q, or an extra Q with a run's K,
            # at most one per run, each a single royal marriage.
            for lent_k in range(r + 1 if rules.run_extra_marriage else 1):
                for lent_q in range(r + 1 - lent_k if rules.run_extra_marriage else 1):
                    if r + m + lent_k <= k and r + m + lent_q <= q:
                        best = max(best, value + (lent_k + lent_q) * (rows["royal marriage"].points[0] or 0))
    return best


@pytest.mark.parametrize("rules", ALL_TABLES, ids=lambda r: f"{r.meld_table}-{r.double_values}-{r.bonus_melds}-"
                         f"{r.run_extra_marriage}")
def test_trump_suit_against_oracle(rules: Rules) -> None:
    n = 5 if rules.double_deck else 3
    for a, t, k, q, j in itertools.product(range(n), repeat=5):
        tally = [0] * 24
        for rank, count in zip((ACE, TEN, KING, QUEEN, JACK), (a, t, k, q, j), strict=True):
            tally[HEARTS * 6 + rank] = count
        assert meld_total(tally, HEARTS, rules) == _trump_oracle(a, t, k, q, j, rules), (a, t, k, q, j)
