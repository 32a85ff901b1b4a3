"""What a bid or a pass says about the bidder's hand, learned from simulated auctions.

Every action of an auction is given a *kind* (:func:`action_kinds`): an opening bid, an overcall or
a raise of the partner's bid, each by one step or a jump, and how high it went; a pass, at the seat's
first turn or after it had bid, with or without a bid of its partner standing, and how high the
auction was; a pass with help. A bid the rules forced (:func:`engine.phases.auction.forced_bids`)
has no kind: it says nothing. For each kind the model holds how often each simple feature of the
bidder's hand (:func:`hand_features`: its best meld, its longest suit, its aces) took each value
in auctions that the levels' own bidding played (``python -m engine.ai.players.learn_auction``, which writes
``auction_model.json`` beside this module).

:meth:`AuctionModel.likelihood` turns that into a weight for a hidden hand: how much more (or less)
likely the seat's bids and passes are with that hand than with an average one (the product over
the seat's actions and the features of P(feature | kind) / P(feature), each count smoothed toward
the average, each factor bounded). A hand is never ruled out by the auction, only made less likely;
so weighting the imagined deals by it never makes one inconsistent with what the seat saw.

>>> from engine.rules import preset
>>> rules = preset("partnership_auction")
>>> [k for _s, k in action_kinds(rules, [(1, 250), (2, "pass"), (3, 300)])]
['open step 0', 'pass first none 0', 'raise jump 1']
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources

from engine.cards import ACE, SUITS
from engine.history import PassCall
from engine.meld import meld_total
from engine.phases.auction import forced_bids
from engine.rules import Rules

__all__ = ["AuctionModel", "FEATURES", "FamilyCounts", "action_kinds", "family", "hand_features", "load_model",
           "model_of", "read_model_file"]

MODEL_FILE = "auction_model.json"
FEATURES = ("meld", "length", "aces")
# Bucket edges, in standard points (the meld) and cards: a value falls in the first bucket whose
# edge it is below, or in the last.
_MELD_EDGES = (20, 40, 60, 80, 100, 150, 250)
_LENGTH_EDGES = (4, 5, 6, 7, 8)
_ACE_EDGES = (1, 2, 3, 4)
SMOOTHING = 8.0       # pseudo-counts, spread as the feature's average distribution, added to each kind
BOUND = 8.0           # no single action's factor goes beyond 1/BOUND .. BOUND
Bids = Sequence[tuple[int, int | str]]


def family(rules: Rules) -> str:
    """Which auctions are alike: the model keeps one table per family."""
    if rules.double_deck:
        return "double deck"
    return "partners" if rules.partnerships else "alone"


def _bucket(value: float, edges: Sequence[float]) -> int:
    for i, edge in enumerate(edges):
        if value < edge:
            return i
    return len(edges)


def hand_features(hand: Sequence[int], rules: Rules) -> tuple[int, int, int]:
    """(best meld in any suit, longest suit, aces), each as a bucket number; in standard points
    and for a hand of twelve cards, so that the buckets mean the same in every variant."""
    unit = rules.trick_total / 250
    size = max(1, len(hand)) / 12
    tally = [0] * 24
    for c in hand:
        tally[c] += 1
    meld = max(meld_total(tally, s, rules) for s in SUITS) / unit / size
    length = max(sum(tally[s * 6: s * 6 + 6]) for s in SUITS) / size
    aces = sum(tally[s * 6 + ACE] for s in SUITS) / size
    return _bucket(meld, _MELD_EDGES), _bucket(length, _LENGTH_EDGES), _bucket(aces, _ACE_EDGES)


def _height(rules: Rules, amount: int | None) -> int:
    """How far above the minimum the auction stands, in steps of 50 standard points (0..3)."""
    if amount is None:
        return 0
    unit = rules.trick_total / 250
    return min(3, max(0, int((amount - rules.min_bid) / (50 * unit))))


def action_kinds(rules: Rules, bids: Bids) -> list[tuple[int, str | None]]:
    """Each action of the auction ``bids`` (``(seat, amount or "pass")``) with its kind; ``None``
    for a forced bid."""
    forced = forced_bids(rules, bids)
    partner = rules.partner_of  # None for a seat that plays alone
    high: int | None = None
    high_by: int | None = None
    high_forced = False
    spoke: set[int] = set()
    chose_bid: set[int] = set()
    out: list[tuple[int, str | None]] = []
    for (seat, amount), was_forced in zip(bids, forced, strict=True):
        kind: str | None
        if isinstance(amount, int):
            if was_forced:
                kind = None
            else:
                steps = len([b for b in rules.next_bids(high) if b <= amount])
                how = "jump" if steps > 1 else "step"
                if high is None or high_forced:
                    context = "open"
                elif high_by == partner(seat):
                    context = "raise"
                else:
                    context = "overcall"
                kind = f"{context} {how} {_height(rules, amount)}"
                chose_bid.add(seat)
            high, high_by, high_forced = amount, seat, was_forced
        elif amount == PassCall.WITH_HELP:
            kind = "pass with help"
        else:
            when = "after bidding" if seat in chose_bid else "first" if seat not in spoke else "again"
            backed = "partner bid" if partner(seat) in chose_bid else "none"
            kind = f"pass {when} {backed} {_height(rules, high)}"
        spoke.add(seat)
        out.append((seat, kind))
    return out


@dataclass(frozen=True)
class FamilyCounts:
    """A family of auctions' counts of each feature's buckets: over every hand (``"all"`` in the model file), and
    over the hands of each kind of action (feature -> counts)."""

    every_hand: list[list[float]]
    by_kind: Mapping[str, list[list[float]]]


@dataclass(frozen=True)
class AuctionModel:
    """Per family of auctions, per kind of action, the counts of each feature's buckets."""

    tables: Mapping[str, FamilyCounts]   # by family
    memo: dict[tuple[str, str, tuple[int, ...]], float] = field(default_factory=dict, compare=False, repr=False)

    def factor(self, rules: Rules, kind: str, features: Sequence[int]) -> float:
        """How much more likely the action ``kind`` is with a hand of these features than on average."""
        key = (family(rules), kind, tuple(features))
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._factor(key[0], kind, features)
        return found

    def _factor(self, fam: str, kind: str, features: Sequence[int]) -> float:
        table = self.tables.get(fam)
        if table is None or kind not in table.by_kind:
            return 1.0
        overall = table.every_hand
        counts = table.by_kind[kind]
        value = 1.0
        for f, bucket in enumerate(features):
            base = overall[f]
            base_total = sum(base) or 1.0
            prior = (base[bucket] + 1.0) / (base_total + len(base))
            seen = counts[f]
            p = (seen[bucket] + SMOOTHING * prior) / (sum(seen) + SMOOTHING)
            value *= min(BOUND, max(1.0 / BOUND, p / prior))
        return min(BOUND, max(1.0 / BOUND, value))

    def likelihood(self, rules: Rules, bids: Bids, hands: Mapping[int, Sequence[int]]) -> float:
        """How much more likely the auction is, for the seats in ``hands`` (their cards as they were
        in the auction), than with average hands."""
        return self.weight(rules, action_kinds(rules, bids), hands)

    def weight(self, rules: Rules, kinds: Sequence[tuple[int, str | None]],
               hands: Mapping[int, Sequence[int]]) -> float:
        """:meth:`likelihood` from the auction's :func:`action_kinds`, worked out once."""
        value = 1.0
        features: dict[int, tuple[int, int, int]] = {}
        for seat, kind in kinds:
            if kind is None or seat not in hands:
                continue
            if seat not in features:
                features[seat] = hand_features(hands[seat], rules)
            value *= self.factor(rules, kind, features[seat])
        return value

    def knows(self, rules: Rules) -> bool:
        return family(rules) in self.tables


#: How often each bucket of each feature was seen, by action kind ("all": every hand), in a model file.
Counts = dict[str, list[list[int]]]


def _count(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"not a count: {value!r}")
    return value


def read_model_file(text: str) -> dict[str, Counts]:
    """The counts of a model file by rules family: the one reader of its JSON (``{"command", "features",
    "tables": {family: {kind: rows}}}``, written by :mod:`engine.ai.players.learn_auction`); ``ValueError``,
    ``TypeError`` or ``AttributeError`` for a text that is not one."""
    match json.loads(text):
        case {"tables": dict(tables)}:
            return {str(fam): {str(kind): [[_count(x) for x in row] for row in rows] for kind, rows in kinds.items()}
                    for fam, kinds in tables.items()}
        case _:
            raise ValueError("not an auction model: no tables")


def model_of(counts: Mapping[str, Counts]) -> AuctionModel:
    """The model of a model file's counts (:func:`read_model_file`); a family without the counts over every hand
    (``"all"``) is left out (no information)."""
    tables = {}
    for fam, kinds in counts.items():
        match kinds:
            case {"all": every_hand, **by_kind}:
                tables[fam] = FamilyCounts(_floats(every_hand), {kind: _floats(rows) for kind, rows in by_kind.items()})
    return AuctionModel(tables)


def _floats(rows: list[list[int]]) -> list[list[float]]:
    return [[float(x) for x in row] for row in rows]


@functools.cache
def load_model() -> AuctionModel:
    """The model shipped beside this module (loaded once); an empty model if the file is missing
    or unreadable (then every auction reads as no information)."""
    try:
        counts = read_model_file(resources.files("engine.ai.search").joinpath(MODEL_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, TypeError, AttributeError):
        return AuctionModel({})
    return model_of(counts)
