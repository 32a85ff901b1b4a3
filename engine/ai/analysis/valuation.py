"""What every choice of one decision was worth, in points of this hand, for the hand analysis.

:func:`value_choices` takes a game at a decision and values each choice the analysis shows - all
the legal ones for a card, a bid, trump, a throw-in, a dix, a two-handed meld or draw; for passes,
returns and buries (too many to try) the level's rule-of-thumb candidates and the choice made - as
the deciding seat's side's score less the opponents' (:func:`engine.ai.players.cardplay.hand_utility`):

* a card: over the worlds the level samples, played out or solved exactly near the end
  (:func:`engine.ai.players.cardplay.sampled_card_values`, the very values the ``hard`` level plays by);
  two-handed once the stock is gone, every card is known and the rest of the hand is solved;
* a bid: in sampled deals of the hidden cards, as if it won the auction (the side's meld and tricks
  when made, the bid lost when set, the defenders' meld and tricks), a pass as if the high bidder
  kept the contract at the bid standing (an opponent's: the side defends; in deals drawn by the auction,
  the bidder making its bid, as the ``hard`` computer counts its rival's contract);
* trump: each suit's simulated value (:func:`engine.ai.players.bidding.evaluate_hand`) at the bid;
* a pass to the declarer: in each simulated deal, the declarer's return chosen there by the ``hard``
  computer's own decision (:data:`CONTINUATION`), then the hand played out as the declarer's
  simulations play it; returns, buries and the throw-in: the candidates played out in simulated deals,
  as :mod:`engine.ai.players.decisions` tries them;
* the rest (two-handed play while the stock lasts, meld laid, the draw, the dix, a redeal): each choice
  made in a few sampled deals of the hidden cards and the hand played out by a quick policy
  (:mod:`engine.ai.players.playouts`).

The level decides the view: ``hard`` samples what the seat could not see, ``perfect`` values with every
card in view. :func:`valuation` keeps each choice's worth deal by deal (:class:`Valuation`), so that the
difference between two choices has a standard error. Everything comes from ``rng``: the same seed gives
the same values.

>>> import random
>>> from engine.ai.players.levels import LEVELS
>>> from engine.game import new_game
>>> from engine.rules import preset
>>> game = new_game(preset("partnership_auction"), seed=5)
>>> valued = value_choices(game, game.to_act, LEVELS["medium"], random.Random(1))
>>> sorted(type(a).__name__ for a, _v in valued)[:2], all(isinstance(v, float) for _a, v in valued)
(['Bid', 'Bid'], True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.actions import (
    Action,
    Bid,
    Bury,
    CallRedeal,
    DeclareOut,
    NameTrump,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ThrowIn,
)
from engine.ai.players import bidding as bv
from engine.ai.players.cardplay import sampled_card_values, solved_card_worths
from engine.ai.players.decisions import bury_worths, contract_worth, decide, sample_worlds, throw_in_worths
from engine.ai.players.levels import HARD, Level
from engine.ai.players.playouts import PLAYOUT_DEALS, played_out, playout_worths
from engine.cards import Card, counts
from engine.game import Game, Phase
from engine.info_state import InfoState, info_state
from engine.meld import meld_total
from engine.rules import Rules, TrumpBy

Valued = list[tuple[Action, float]]

# Who decides after a pass valued: the ``hard`` computer, without the clock (the same choice on any machine).
CONTINUATION = replace(HARD, think_seconds=0.0)
# Fresh deals in which the choice made and the best are valued again, where the choices are valued by
# playing the hand out (see second_look; hard's budget).
SECOND_LOOK_DEALS = 96
# Orders of the stock the view with every card seen plays a two-handed choice out in (it knows both hands,
# never the stock's order: playouts.hands_seen).
SEEN_STOCKS = 8
PASS_DEALS = 12          # sampled deals for a pass to the declarer (each with the declarer's own return chosen)


@dataclass(frozen=True)
class Valuation:
    """Each choice's worth in every deal it was valued in, and those deals' weights (None: equal).
    The choices of one decision are valued in the same deals, in the same order, so that two choices
    are compared deal by deal; a choice valued by one number (a throw-in's sure loss) has one."""

    worths: dict[Action, tuple[float, ...]]
    weights: tuple[float, ...] | None = None
    # Choices valued only because they were the choice made (a pass or a bury none of the level's own
    # candidates holds): never the level's advice (engine.ai.analysis.advice), which is the same with or without them.
    added: tuple[Action, ...] = ()

    def _weights(self, n: int) -> list[float]:
        weights = list(self.weights) if self.weights is not None and len(self.weights) == n else [1.0] * n
        total = sum(weights) or 1.0
        return [w / total for w in weights]

    def mean(self, action: Action) -> float:
        worths = self.worths[action]
        return sum(p * v for p, v in zip(self._weights(len(worths)), worths, strict=True))

    def _spread(self, values: Sequence[float]) -> float:
        """The variance of the weighted mean of ``values`` (one value: none known, 0)."""
        n = len(values)
        if n < 2:
            return 0.0
        shares = self._weights(n)
        mean = sum(p * v for p, v in zip(shares, values, strict=True))
        return sum(p * p * (v - mean) ** 2 for p, v in zip(shares, values, strict=True)) * n / (n - 1)

    def error(self, one: Action, other: Action) -> float:
        """The standard error of ``mean(one) - mean(other)``: deal by deal when both were valued in the
        same deals (the luck of the deals drawn cancels), else as two independent means."""
        a, b = self.worths[one], self.worths[other]
        if len(a) == len(b):
            return math.sqrt(self._spread([x - y for x, y in zip(a, b, strict=True)]))
        if len(a) == 1 or len(b) == 1:  # a sure value against an average
            return math.sqrt(self._spread(a if len(a) > 1 else b))
        return math.sqrt(_variance(a) / len(a) + _variance(b) / len(b))

    def valued(self) -> Valued:
        return [(a, self.mean(a)) for a in self.worths]

    def joined(self, more: Valuation) -> Valuation:
        """This valuation and ``more`` (the same choices valued in other deals) as one."""
        worths = {a: w + more.worths.get(a, ()) for a, w in self.worths.items()}
        if self.weights is None and more.weights is None:
            return Valuation(worths, added=self.added)
        return Valuation(worths, self._deal_weights() + more._deal_weights(), self.added)

    def _deal_weights(self) -> tuple[float, ...]:
        deals = max((len(w) for w in self.worths.values()), default=0)
        return self.weights if self.weights is not None else (1.0,) * deals


def _variance(values: Sequence[float]) -> float:
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)


def _same(worths: dict[Action, list[float]], added: Sequence[Action] = ()) -> Valuation:
    return Valuation({a: tuple(v) for a, v in worths.items()}, added=tuple(added))


def _view(game: Game, seat: int, level: Level) -> InfoState:
    """What ``seat`` may know of ``game``: with the whole game for the every-card view (a level that sees all)."""
    return info_state(game, seat, every_card=game if level.sees_all else None)


def value_choices(game: Game, seat: int, level: Level, rng: random.Random, chosen: Action | None = None) -> Valued:
    """Each choice of ``seat`` (to act in ``game``) with its value; ``chosen`` is always among them."""
    return valuation(game, seat, level, rng, chosen).valued()


def valuation(game: Game, seat: int, level: Level, rng: random.Random, chosen: Action | None = None) -> Valuation:
    """Each choice of ``seat`` (to act in ``game``) valued deal by deal; ``chosen`` is always among them."""
    phase = game.phase
    legal = [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]
    if phase == Phase.PLAY:
        plays = [a for a in legal if isinstance(a, Play)]
        if game.rules.trump_by == TrumpBy.STOCK and (game.hand.stock or game.hand.tables):
            return _by_playouts(game, seat, plays, level, rng)
        if game.rules.trump_by == TrumpBy.STOCK:
            # exact, as hard plays it without the clock; a node budget (hard's 216,000) cut the search
            # short and valued by the horizon's guess: K♠ charged 48 against 9♦, the two even when solved
            worths = solved_card_worths(game, seat, plays)
            return Valuation({p: (worths[int(p.card)],) for p in plays})
        valued = sampled_card_values(_view(game, seat, level), plays, level, rng)
        return Valuation({p: tuple(valued.per_world[int(p.card)]) for p in plays}, tuple(valued.weights))
    if phase == Phase.BIDDING:
        return _bids(game, seat, legal, level, rng)
    if phase == Phase.TRUMP:
        return _trumps(game, seat, legal, level)
    if phase in (Phase.PASSING, Phase.RETURN):
        return _passes(game, seat, level, rng, chosen)
    if phase == Phase.BURY:
        return _buries(game, seat, level, rng, chosen)
    if phase == Phase.THROW_IN:
        return _throw_in(game, seat, level, rng)
    if any(isinstance(a, CallRedeal) for a in legal):
        keep = _by_playouts(game, seat, [CallRedeal(False)], level, rng)
        return Valuation({CallRedeal(True): (0.0,), **keep.worths})
    return _by_playouts(game, seat, legal, level, rng)


def second_look(game: Game, seat: int, level: Level, rng: random.Random, choices: Sequence[Action]) -> Valuation | None:
    """``choices`` valued again in :data:`SECOND_LOOK_DEALS` fresh deals, where the decision is valued by
    playing the hand out (:func:`engine.ai.players.playouts.played_out`); else None. A valuation that averages a
    dozen choices over a few played-out deals each finds the best of them too good by the luck of those
    deals (the best of many noisy means is the luckiest); the choice made and the best ones, measured
    again in other deals, differ by what they are worth, without that luck."""
    if not played_out(info_state(game, seat)) or level.sees_all:
        return None
    return _by_playouts(game, seat, choices, level, rng, deals=SECOND_LOOK_DEALS)


# -- the contract's worth ------------------------------------------------------------------------


def _hand_value(game: Game, seat: int, level: Level, suits: Sequence[int] | None) -> bv.HandValue:
    rules = game.rules
    hand = [int(c) for c in game.hand.hands[seat]]
    if level.sees_all:
        widow = game.hand.deal.widow if len(hand) <= rules.hand_size else ()  # not yet taken
        return bv.evaluate_hand(hand, seat, rules, 1, suits=suits, known=game.hand.hands, known_widow=widow)
    return bv.evaluate_hand(hand, seat, rules, max(8, level.simulated_deals), suits=suits)


def _bids(game: Game, seat: int, legal: Sequence[Action], level: Level, rng: random.Random) -> Valuation:
    """In deals of the hidden cards sampled as the seat saw them (the real one with every card seen):
    a bid as if it won the auction, the seat declaring in its best suit; a pass as if the high bidder
    (an opponent when nobody has bid) kept the contract at the bid standing (:func:`_passing_worth`). Each deal
    is played out as :func:`engine.ai.players.bidding.simulate_contract` plays it; a side's worth is its score less the
    other side's (the defenders' meld counted when they take trick points)."""
    rules = game.rules
    h = game.hand
    standing = max(h.high_bid or 0, rules.min_bid)
    holder = h.high_bidder if h.high_bidder is not None and h.high_bidder != seat else (seat + 1) % rules.players
    holds = holder == h.high_bidder
    side = rules.team_of(seat)
    amounts = sorted({a.amount for a in legal if isinstance(a, Bid)})
    declaring: dict[int, list[float]] = {a: [] for a in amounts}
    passing: list[float] = []
    deals = _auction_deals(game, seat, level, rng)
    # The seat declares in the suit it would name (the best of its own hand's valuation, as
    # decisions.choose_trump names it); a guess by the quick value alone took spades over clubs on
    # a tie and valued a made 300 as set in two deals of three.
    trump = _hand_value(game, seat, level, None).best.trump if not rules.widow_size else None
    for hands, widow in deals:
        results = _contract_results(rules, hands, widow, seat, trump)
        for amount in amounts:
            declaring[amount].append(_side_worth(rules, results, amount, side))
        passing.append(_passing_worth(rules, _contract_results(rules, hands, widow, holder), standing, side, holds))
    worths: dict[Action, list[float]] = {a: declaring[a.amount] for a in legal if isinstance(a, Bid)}
    worths.update({a: passing for a in legal if isinstance(a, Pass)})
    return _same(worths)


def _auction_deals(game: Game, seat: int, level: Level, rng: random.Random) -> list[tuple[list[list[int]], list[int]]]:
    """(every hand, the widow) in deals of what the seat could not see: sampled as the level samples its worlds
    (:func:`engine.ai.players.decisions.sample_worlds`: for a level that reads the auction, drawn by how likely the
    bids and passes seen are with them), or the real one."""
    h = game.hand
    if level.sees_all:
        return [([[int(c) for c in x] for x in h.hands], [int(c) for c in h.deal.widow])]
    deals = []
    for hands, _widow in sample_worlds(_view(game, seat, level), level, rng, max(8, level.simulated_deals // 2)):
        deals.append((hands, bv.unseen_cards(game.rules, [c for x in hands for c in x])))
    return deals


ContractResult = tuple[int, int, int, int, int]  # declarer, trump, the side's trick points and total, defenders' meld


def _contract_results(rules: Rules, hands: list[list[int]], widow: list[int], declarer: int,
                      trump: int | None = None) -> ContractResult:
    """One deal played out with ``declarer`` taking the contract in ``trump``, else in the suit its cards
    (the widow's too) favour."""
    if trump is None:
        trump = (bv.promising_suits(hands[declarer] + widow, rules, 1) or [0])[0]
    _m, _p, tricks, total = bv.simulate_contract(hands, widow, declarer, trump, rules)
    side = rules.team_of(declarer)
    defence = sum(meld_total(counts(hands[s]), trump, rules) for s in range(rules.players) if rules.team_of(s) != side)
    return declarer, trump, tricks, total, defence


def _side_worth(rules: Rules, result: ContractResult, bid: int, side: int) -> float:
    """What a contract at ``bid`` played as in ``result`` is worth to ``side``."""
    declarer, _trump, tricks, total, defence = result
    worth = contract_worth(rules, bid, total, tricks) - (defence if tricks < rules.trick_total else 0)
    return worth if rules.team_of(declarer) == side else -worth


def _passing_worth(rules: Rules, result: ContractResult, bid: int, side: int, holds: bool) -> float:
    """What passing is worth to ``side`` when the contract stays at ``bid`` with the declarer of ``result``, as
    the hard computer counts its rival's contract (:func:`engine.ai.players.bidding.rival_value`): a declarer that
    ``holds`` the bid (it bid it) scores at least the bid, for players make most of the contracts they bid, where
    one dealt at random goes set in many deals and made passing look better than it is; one that has not bid
    takes the contract only in the deals in which its side reaches the bid, else nothing is scored."""
    declarer, trump, tricks, total, defence = result
    if total < bid:
        if not holds:
            return 0.0
        total = bid
    return _side_worth(rules, (declarer, trump, tricks, total, defence), bid, side)


def _trumps(game: Game, seat: int, legal: Sequence[Action], level: Level) -> Valuation:
    """Each suit's simulated deals (each suit's own: compared as independent means)."""
    rules = game.rules
    suits = [a.suit for a in legal if isinstance(a, NameTrump)]
    by_trump = _hand_value(game, seat, level, suits).by_trump
    bid = game.hand.bid
    worths = {s: tuple(contract_worth(rules, bid, t, v.tricks) for t in v.totals or (0,)) for s, v in by_trump.items()}
    worst = min(worths.values(), key=lambda w: sum(w) / len(w), default=(0.0,))
    return Valuation({NameTrump(s): worths.get(s, worst) for s in suits})


# -- passes, buries, the throw-in: candidates in simulated deals ------------------------------------------


def _worlds(game: Game, seat: int, level: Level, rng: random.Random, most: int = 0) -> list[list[list[int]]]:
    count = 1 if level.sees_all else max(8, level.simulated_deals // 4)
    count = min(count, most) if most else count
    return [hands for hands, _widow in sample_worlds(_view(game, seat, level), level, rng, count)]


def _with_chosen(candidates: list[tuple[int, ...]], chosen: Action | None,
                 make: type[PassCards] | type[Bury]) -> tuple[list[tuple[tuple[int, ...], Action]], list[Action]]:
    """Each candidate's cards and its action; the choice made among them, as the very action made (its
    cards in its own order), added if no candidate holds the same cards; and the choices so added."""
    found: list[tuple[tuple[int, ...], Action]] = [(c, make(tuple(Card(x) for x in c))) for c in candidates]
    added: list[Action] = []
    if isinstance(chosen, make):
        mine = tuple(sorted(int(c) for c in chosen.cards))
        if all(c != mine for c, _a in found):
            added.append(chosen)
        found = [(c, a) for c, a in found if c != mine] + [(mine, chosen)]
    return found, added


def _passes(game: Game, seat: int, level: Level, rng: random.Random, chosen: Action | None) -> Valuation:
    """A pass to the declarer: in each deal, the declarer's return chosen by the ``hard`` computer's own
    decision (:func:`engine.ai.players.decisions.choose_pass`, from the declarer's view of that deal), then the
    hand played out as the declarer's simulations play it. A return: the hand as the game goes on after it
    (set without play where the side's meld cannot reach the bid), then played out so."""
    rules = game.rules
    h = game.hand
    assert h.declarer is not None
    hand = [int(c) for c in h.hands[seat]]
    size = rules.pass_cards
    to_declarer = seat != h.declarer
    trump = h.trump if h.trump is not None else (bv.promising_suits(hand, rules, 1) or [0])[0]
    ranked = (bv.pass_candidates if to_declarer else bv.return_candidates)(hand, trump, rules, size, limit=6)
    candidates, added = _with_chosen([tuple(sorted(c)) for _s, c in ranked[: level.candidates]], chosen, PassCards)
    worlds = _worlds(game, seat, level, rng, PASS_DEALS)
    seeds = [rng.randrange(1 << 30) for _ in worlds]
    worths: dict[Action, list[float]] = {}
    for _cards, action in candidates:
        worths[action] = []
        for dealt, seed in zip(worlds, seeds, strict=True):
            worths[action].append(_after_pass(game, seat, dealt, action, random.Random(seed)))
    return _same(worths, added)


def _after_pass(game: Game, seat: int, dealt: list[list[int]], action: Action, rng: random.Random) -> float:
    """The contract's worth once ``action`` is passed in the deal ``dealt``: the declarer (and anyone
    else to decide before the play: trump, a return) decides as the ``hard`` computer does, then the
    hand is played out as the declarer's simulations play it (or, if the hand ends there, a contract
    the meld cannot reach, as the hand's score says)."""
    copy = game.clone()
    rules = copy.rules
    for s in range(rules.players):
        if s != seat:
            copy.hand.hands[s] = [Card(c) for c in dealt[s]]
    scored_before = len(copy.hand_records)  # the hands of the game scored before this one
    copy.apply(action)
    while copy.phase in (Phase.TRUMP, Phase.PASSING, Phase.RETURN) and len(copy.hand_records) == scored_before:
        actor = copy.to_act
        assert actor is not None
        copy.apply(decide(info_state(copy, actor), CONTINUATION, rng)[0])
    h = game.hand
    assert h.declarer is not None
    if len(copy.hand_records) > scored_before:
        delta = copy.hands_played[-1].score_delta
        side = rules.team_of(h.declarer)
        return float(delta[side] - sum(d for i, d in enumerate(delta) if i != side))
    assert copy.hand.trump is not None
    hands = [[int(c) for c in x] for x in copy.hand.hands]
    _m, _p, tricks, total = bv.simulate_contract(hands, [], h.declarer, copy.hand.trump, rules, passed=True)
    return contract_worth(rules, h.bid, total, tricks)


def _buries(game: Game, seat: int, level: Level, rng: random.Random, chosen: Action | None) -> Valuation:
    """Hard's rule-of-thumb candidates and the bury made, valued as the hard computer values them
    (:func:`~engine.ai.players.decisions.bury_worths`)."""
    rules = game.rules
    h = game.hand
    assert h.trump is not None
    hand = [int(c) for c in h.hands[seat]]
    pool = sorted({int(c) for a in game.legal_actions() if isinstance(a, Bury) for c in a.cards})
    ranked = bv.bury_candidates(hand, [c for c in pool for _ in range(hand.count(c))], h.trump, rules, limit=6)
    candidates, added = _with_chosen([tuple(sorted(c)) for _s, c in ranked[: level.candidates]], chosen, Bury)
    worths = bury_worths(_view(game, seat, level), level, rng, [combo for combo, _action in candidates])
    return _same({action: worths[combo] for combo, action in candidates}, added)


def _throw_in(game: Game, seat: int, level: Level, rng: random.Random) -> Valuation:
    """Playing on and throwing in, as the hard computer weighs them
    (:func:`~engine.ai.players.decisions.throw_in_worths`)."""
    worth = throw_in_worths(_view(game, seat, level), level, rng)
    return Valuation({PlayOn(): tuple(worth.playing_on), ThrowIn(): (worth.throwing_in,)})


# -- any other choice: made in sampled deals, the hand played out ---------------------------------------


def _by_playouts(game: Game, seat: int, choices: Sequence[Action], level: Level, rng: random.Random,
                 deals: int = PLAYOUT_DEALS) -> Valuation:
    """Each choice made in the same ``deals`` sampled deals of the hidden cards (a quarter of them for a level
    that samples fewer worlds than hard, the real one for a level that sees all), the rest of the hand
    played out (:func:`engine.ai.players.playouts.playout_worths`); each deal's worth to the seat's side."""
    quicker = level.worlds < HARD.worlds  # a smaller search takes a quicker look
    count = max(SEEN_STOCKS, deals // 2) if level.sees_all else max(4, deals // 4) if quicker else deals
    worths, _deals = playout_worths(info_state(game, seat), choices, count, rng,
                                    every_card=game if level.sees_all else None)
    return _same(worths)


__all__ = ["CONTINUATION", "Valuation", "Valued", "contract_worth", "second_look", "valuation",
           "value_choices"]
