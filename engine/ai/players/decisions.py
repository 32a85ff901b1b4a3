"""Every decision of a computer player but the card played: bids, trump, passes, bury, throw-in,
the dix, redeals, two-handed melds and draws, and declaring out.

Each function takes ``(info, level, rng)`` and returns a :data:`~engine.players.Choice`:
one of the seat's legal actions and a short reason in plain words. They read only the seat's
:class:`~engine.info_state.InfoState` (the ``perfect`` level, which sees every card by design, reads the
whole game it is given, ``info.every_card``); hidden cards are dealt at random, consistently with what
was seen, when a decision is simulated. The level's knobs decide how much: ``simulated_deals`` (0: rules of thumb only),
``slip`` (easy's human slips among near-equal choices), ``think_seconds``.

>>> import random
>>> from engine.game import new_game
>>> from engine.rules import preset
>>> from engine.ai.players.levels import LEVELS
>>> from engine.info_state import info_state
>>> game = new_game(preset("partnership_auction"), seed=11)
>>> action, reason = choose_bid(info_state(game, game.to_act), LEVELS["medium"], random.Random(1))
>>> action in game.legal_actions() and bool(reason)
True
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import NamedTuple

from engine.actions import (
    Action,
    Bid,
    Bury,
    CallRedeal,
    DrawChoice,
    ExchangeDix,
    LayMeld,
    NameTrump,
    NoMeld,
    Pass,
    PassCards,
    PlayOn,
    ThrowIn,
)
from engine.ai.players import bidding as bv
from engine.ai.players.levels import Level
from engine.ai.players.odds_words import how_often
from engine.ai.search import worlds as hidden
from engine.ai.search.auction_model import action_kinds, load_model
from engine.ai.search.trickplay import Position, greedy_playout
from engine.cards import ACE, NINE, SUIT_NAMES, SUITS, TEN, Card, cards_label
from engine.game import Phase
from engine.history import PassCall
from engine.info_state import InfoState, sample_world
from engine.meld import MeldKind, meld_by_trump, meld_cards, score_meld
from engine.observation import Observation
from engine.phases.auction import forced_bids
from engine.play import card_values
from engine.players import Choice
from engine.rules import Rules, TrumpBy

__all__ = [
    "ThrowInWorths",
    "bury_worths",
    "choose_bid",
    "choose_bury",
    "choose_dix",
    "choose_draw",
    "choose_pass",
    "choose_redeal",
    "choose_table_meld",
    "choose_throw_in",
    "choose_trump",
    "contract_worth",
    "decide",
    "should_declare_out",
    "throw_in_worths",
]

# -- the level's knobs, read as data --------------------------------------------------------------


def _caution(level: Level, rules: Rules) -> float:
    """The quantile of the simulated totals the player bids to (see :class:`Level`): each plays
    alone three-handed, where the declarer has the widow and the lead against two players who each
    score for themselves; the double deck is bid more carefully, as the greedy playouts that value a
    hand are too hopeful about 20-card hands."""
    if rules.double_deck:
        return level.caution_double_deck
    if not rules.partnerships and rules.players == 3:
        return level.caution_alone
    return level.caution


def _deadline(level: Level) -> float | None:
    return time.perf_counter() + level.think_seconds if level.think_seconds else None


def _slip(level: Level, rng: random.Random) -> bool:
    return level.slip > 0 and rng.random() < level.slip


def _pick(ranked: Sequence[tuple[float, tuple[Card, ...] | tuple[int, ...]]], level: Level,
          rng: random.Random) -> tuple[int, ...]:
    """The best candidate, or (a human slip) the second best when it is nearly as good."""
    if len(ranked) > 1 and _slip(level, rng) and ranked[1][0] >= ranked[0][0] - 15:
        return tuple(ranked[1][1])
    return tuple(ranked[0][1])


def _cards(values: Sequence[int]) -> tuple[Card, ...]:
    return tuple(Card(c) for c in sorted(values))


# -- worlds: hidden hands dealt consistently with what the seat saw ------------------------------------

World = tuple[list[list[int]], list[int]]


def sample_worlds(info: InfoState, level: Level, rng: random.Random, count: int) -> list[World]:
    """``count`` deals of every seat's hand consistent with the seat's view (meld shown, cards passed
    and returned, the widow), from :mod:`engine.ai.search.worlds`; the one real deal for a level that sees
    all. A level that reads the auction deals three times as many and draws ``count`` of them by
    how likely the auction, the passes and the play seen are in each (``bidding.weighted_pick``).
    Each world is (hands, unseen widow: always empty once the auction is over)."""
    if level.sees_all:
        return [([[int(c) for c in x] for x in info.whole_game().hand.hands], [])]
    know = info.knowledge()
    if not level.reads_auction:
        worlds = [sample_world(know, rng) for _ in range(count)]
    else:
        drawn = [sample_world(know, rng) for _ in range(bv.DRAWN_PER_DEAL * count)]
        weigh = hidden.world_weigher(info)
        weights = [weigh(w) for w in drawn]
        worlds = bv.weighted_pick(drawn, weights, count, rng)
    return [([[int(c) for c in hand] for hand in w.hands], []) for w in worlds]


# -- the auction -----------------------------------------------------------------------------------


def _auction_weigh(info: InfoState, level: Level) -> Callable[[list[list[int]]], float] | None:
    """For a level that reads the auction: a deal's hands -> how likely the other seats' bids and
    passes are with them (None when the auction says nothing yet, or the model has no table)."""
    rules = info.rules
    seat = info.seat
    model = load_model()
    bids = list(info.bids)
    if not level.reads_auction or level.sees_all or not model.knows(rules) or \
            not any(s != seat and kind for s, kind in action_kinds(rules, bids)):
        return None
    others = [s for s in range(rules.players) if s != seat]
    return lambda hands: model.likelihood(rules, bids, {s: hands[s] for s in others})


def _rival(info: InfoState) -> tuple[int, bool] | None:
    """The opponent who takes the contract if we pass, and whether it holds the high bid already:
    the high bidder if it is an opponent, else the next opponent still in the auction."""
    rules = info.rules
    seat = info.seat
    out = info.out
    bidder = info.high_bidder
    if bidder is not None and rules.team_of(bidder) != rules.team_of(seat):
        return bidder, True
    for step in range(1, rules.players):
        other = (seat + step) % rules.players
        if rules.team_of(other) != rules.team_of(seat) and not out[other]:
            return other, False
    return None


def _valuation(info: InfoState, level: Level, suits: list[int], rival: int | None = None) -> bv.HandValue:
    """The hand's value by simulation (the real deal for a level that sees all)."""
    rules = info.rules
    seat = info.seat
    hand = [int(c) for c in info.hand]
    if level.sees_all:
        whole = info.whole_game().hand
        return bv.evaluate_hand(hand, seat, rules, 1, suits=suits, known=whole.hands,
                                known_widow=whole.deal.widow, rival=rival)
    weigh = _auction_weigh(info, level)
    rng = random.Random(bv.stable_seed("auction", hand, seat, list(info.bids))) if weigh else None
    return bv.evaluate_hand(hand, seat, rules, level.simulated_deals, rng=rng, suits=suits, weigh=weigh,
                            rival=rival)


def _hand_value(info: InfoState, level: Level, rng: random.Random,
                bids: Sequence[int] = ()) -> tuple[float, int, str, str]:
    """(the highest bid the hand is worth as the declarer's, the best trump, how that was reckoned, how often
    that bid - or the next bid, when none is worth it - is made, in words to follow the bid: "" when not
    weighed). A level that bids for score weighs the ``bids`` it may make (below the lowest: none is worth it)."""
    rules = info.rules
    hand = [int(c) for c in info.hand]
    if not level.simulated_deals and not level.sees_all:
        suits = bv.trump_choices(hand, rules) if not rules.widow_size else [0, 1, 2, 3]
        if not suits:
            return 0.0, 0, "no marriage to name trump", ""
        best = max(suits, key=lambda s: (bv.quick_value(hand, s, rules), -s))
        value = bv.quick_value(hand, best, rules) * (1 + rng.gauss(0, 0.06))
        meld = meld_by_trump(hand, rules)[best]
        return value, best, f"meld {meld} in {SUIT_NAMES[best]} and some tricks", ""
    suits = bv.promising_suits(hand, rules, level.suits_weighed)
    if not suits:
        return 0.0, 0, "no marriage to name trump", ""
    # The score weighed is one side's against the other's: partnership games only (three-handed each
    # scores alone against two, and the quantile measured for it is kept).
    if not level.bids_for_score or not bids or not rules.partnerships:
        best_value = _valuation(info, level, suits).best
        limit_value = bv.bid_limit(best_value, _caution(level, rules))
        return limit_value, best_value.trump, _value_words(hand, rules, best_value), ""
    rival = _rival(info)
    best_value = _valuation(info, level, suits, rival[0] if rival else None).best
    high = info.high_bid
    passing = bv.rival_value(best_value, high if high is not None else rules.min_bid, rival[1]) if rival else 0.0
    limit = bv.score_limit(best_value, bids, 1 - _caution(level, rules), passing)
    words = _value_words(hand, rules, best_value)
    if limit is None:
        made = how_often(bv.made_share(best_value, min(bids)))
        return min(bids) - 1.0, best_value.trump, words, f"; you make the next bid only {made}"
    return float(limit), best_value.trump, words, f", which you make {how_often(bv.made_share(best_value, limit))}"


def _value_words(hand: list[int], rules: Rules, value: bv.TrumpValue) -> str:
    """The hand's worth in ``value.trump`` in whole points whose parts add up, the meld in hand now
    told apart from the meld expected with the pass, the widow or the partner: "meld 40 in clubs now,
    about 100 with the pass + about 120 in tricks = about 220"."""
    now = meld_by_trump(hand, rules)[value.trump]
    expected = round(value.meld + value.partner_meld)
    tricks = round(value.meld + value.partner_meld + value.tricks) - expected
    helpers = [word for word, there in (("the pass", rules.pass_cards), ("the widow", rules.widow_size),
                                        ("partner's meld", rules.partnerships)) if there]
    meld = f"meld {now} in {SUIT_NAMES[value.trump]}"
    if expected != now:
        meld += f" now, about {expected} with {' and '.join(helpers) or 'the rest of the hand'}"
    return f"{meld} + about {tricks} in tricks = about {expected + tricks}"


def hand_worth(info: InfoState, level: Level, bid: int | None = None) -> str:
    """What the seat's hand (in the auction) is worth as the declarer's, in whole points whose parts add
    up, and how often a bid of ``bid`` is made: "meld 120 in hearts + about 180 in tricks = about 300; you make
    260 about half the time" ("" for a hand with no marriage to name trump)."""
    rules = info.rules
    hand = [int(c) for c in info.hand]
    suits = bv.promising_suits(hand, rules, level.suits_weighed)
    if not suits:
        return ""
    value = _valuation(info, level, suits).best
    words = _value_words(hand, rules, value)
    if bid is None:
        return words
    return f"{words}; you make {bid} {how_often(bv.made_share(value, bid))}"


def _partner_help(obs: Observation, rules: Rules) -> float:
    """What the partner's bids say beyond an average hand (in this game's points); a bid the rules
    forced (the first bidder's opening, the stuck dealer's) says nothing."""
    partner = rules.partner_of(obs.seat)
    if partner is None:
        return 0.0
    unit = bv.scale(rules)
    help_ = 0.0
    for (s, b), forced in zip(obs.bids, forced_bids(rules, obs.bids), strict=True):
        if s != partner or forced:
            continue
        if isinstance(b, int):
            help_ = max(help_, 30.0)
        elif b == PassCall.WITH_HELP:
            help_ = max(help_, 40.0)
    return help_ * unit


def _partner_holds_bid(obs: Observation, rules: Rules) -> bool:
    """Whether the partner holds the high bid by choice: over a forced opening one bids as over no bid."""
    bids = [(s, forced) for (s, b), forced in zip(obs.bids, forced_bids(rules, obs.bids), strict=True)
            if isinstance(b, int)]
    return bool(bids) and bids[-1][0] == rules.partner_of(obs.seat) and not bids[-1][1]


JUMP_CUSHION = 10.0   # how far under its value a player that jumps bids (standard points)


def _jump(bids: Sequence[Bid], target: float) -> Bid:
    """The highest legal bid not above ``target`` (the lowest bid if none is)."""
    best = bids[0]
    for b in bids:
        if b.amount <= target:
            best = b
    return best


def choose_bid(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """Bid the next step while the hand (with the partner's expected help) is worth it; else pass."""
    rules = info.rules
    obs = info.observation
    legal = info.legal_actions
    bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.amount)
    passes = [a for a in legal if isinstance(a, Pass)]
    if not passes:
        return bids[0], f"the first bid is forced: {bids[0].amount}, whatever the hand"
    limit, trump, why, odds = _hand_value(info, level, rng, [b.amount for b in bids])
    if not level.reads_auction:
        help_ = _partner_help(obs, rules)
        limit += help_
        odds = odds if not help_ else ""  # the odds were of the hand alone
    unit = bv.scale(rules)
    pass_action: Action = passes[0]
    if len(passes) > 1:
        # Pass with help: tell the partner of good meld or aces.
        hand = info.hand
        aces = sum(1 for c in hand if c.rank == ACE)
        if max(meld_by_trump(hand, rules).values()) >= 100 * unit or aces >= 4:
            pass_action = next(a for a in passes if isinstance(a, Pass) and a.help)
    if not bids:
        return pass_action, "the bidding is beyond your hand"
    nxt = bids[0]
    if _partner_holds_bid(obs, rules):
        # Over the partner only with clearly more: it raises the side's own contract.
        if limit >= nxt.amount + 40 * unit:
            return nxt, f"over partner: {why}"
        return pass_action, f"partner holds the bid; {why}"
    if nxt.amount <= limit:
        # A player that jumps (between partners) bids just under the value at once; the others, and
        # every player alone, climb one step at a time and pay no more than the contract costs.
        jumping = level.jumps and rules.jump_bids and rules.partnerships
        bid = _jump(bids, limit - JUMP_CUSHION * unit) if jumping else nxt
        return bid, f"{why}; worth bidding up to about {limit:.0f}{odds}"
    return pass_action, f"{why}; worth bidding only up to about {limit:.0f}{odds}"


def choose_trump(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """Name the suit in which meld plus expected trick points is highest."""
    rules = info.rules
    seat = info.seat
    legal = [a for a in info.legal_actions if isinstance(a, NameTrump)]
    hand = [int(c) for c in info.hand]
    suits = [a.suit for a in legal]
    if not level.simulated_deals and not level.sees_all:
        ranked = sorted(suits, key=lambda s: (-bv.quick_value(hand, s, rules), s))
        best = ranked[0]
        if len(ranked) > 1 and _slip(level, rng) and \
                bv.quick_value(hand, ranked[1], rules) >= bv.quick_value(hand, best, rules) - 10 * bv.scale(rules):
            best = ranked[1]
        meld = meld_by_trump(hand, rules)[best]
        return NameTrump(best), f"meld {meld} and the most trick power"
    # The suits the auction weighed (the same evaluation, cached, when the hand is unchanged).
    suits = [s for s in bv.promising_suits(hand, rules, level.suits_weighed) if s in suits] or suits
    if level.sees_all:
        value = bv.evaluate_hand(hand, seat, rules, 1, suits=suits, known=info.whole_game().hand.hands)
    else:
        value = _valuation(info, level, suits)
    best_value = value.best
    return NameTrump(best_value.trump), _value_words(hand, rules, best_value)


# -- passing ---------------------------------------------------------------------------------------


def _simulate_side(rules: Rules, sampled: list[World], declarer: int, trump: int,
                   partner_pass: tuple[int, ...] | None, declarer_return: tuple[int, ...] | None) -> float:
    """The declaring side's mean meld + tricks over the ``sampled`` worlds after the given pass (the other way
    by rule of thumb), the bury and greedy play."""
    partner = rules.partner_of(declarer)
    assert partner is not None, "cards are passed between partners only"
    total = 0.0
    for hands, widow in sampled:
        hands = [list(h) for h in hands]
        if partner_pass is not None:
            for c in partner_pass:
                hands[partner].remove(c)
            hands[declarer].extend(partner_pass)
            back: Sequence[int] = bv.quick_return(hands[declarer], trump, rules.pass_cards) \
                if declarer_return is None else declarer_return
        else:
            back = declarer_return or ()
        for c in back:
            hands[declarer].remove(c)
        hands[partner].extend(back)
        total += bv.simulate_contract(hands, widow, declarer, trump, rules, passed=True)[3]
    return total / max(1, len(sampled))


def choose_pass(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """The partner passes the declarer trumps, aces and pinochle parts (keeping big meld of its own);
    the declarer returns singletons and non-counters, keeping its meld and trumps. Harder levels
    try the best few candidates in simulated deals."""
    rules = info.rules
    declarer = info.declarer
    assert declarer is not None
    size = rules.pass_cards
    hand = [int(c) for c in info.hand]
    # Cards passed before trump is named (a variation of the double-deck rules): pass as if for the suit this hand melds
    # and holds most in (the declarer: the suit it means to name).
    trump = info.trump if info.trump is not None else _likely_trump(hand, rules)
    to_declarer = info.seat != declarer
    if to_declarer:
        ranked = bv.pass_candidates(hand, trump, rules, size, limit=0 if level.reads_auction else 6)
    else:
        ranked = bv.return_candidates(hand, trump, rules, size, limit=0 if level.reads_auction else 6)
    if level.reads_auction:
        ranked = _in_order(ranked, hand, trump, rules, to_declarer)[:6]
    choice = _pick(ranked, level, rng)
    how = "rule of thumb"
    if level.simulated_deals and len(ranked) > 1:
        deadline = _deadline(level)
        sampled = sample_worlds(info, level, rng, max(4, level.simulated_deals // 4))
        best_score = None
        for _score, combo in ranked[: level.candidates]:
            if deadline is not None and best_score is not None and time.perf_counter() > deadline:
                break
            if to_declarer:
                value = _simulate_side(rules, sampled, declarer, trump, combo, None)
            else:
                value = _simulate_side(rules, sampled, declarer, trump, None, combo)
            if best_score is None or value > best_score:
                best_score, choice = value, combo
        how = f"the best over {len(sampled)} deals played out"
    action = PassCards(_cards(choice))
    if not info.is_legal(action):  # never: candidates are drawn from the hand
        action = PassCards(_cards(hand[:size]))
    kinds = _describe_pass(choice, trump) if to_declarer else _describe_return(choice, hand, trump)
    return action, f"{kinds} ({how})"


def _in_order(ranked: bv.Ranked, hand: Sequence[int], trump: int, rules: Rules, to_declarer: bool) -> bv.Ranked:
    """The candidates that keep the order of passing the receiver reads (``worlds.skipped_cards``:
    trumps, then aces, then the rest to the declarer; the reverse back), outside the meld the giver
    will show: so that what is passed tells what is left. All of them if none does.

    The meld is worked out only where it decides: a candidate whose kept cards keep the order even with the meld
    among them keeps it without (the meld's cards are kept cards), and one that keeps against the order a card no
    meld uses (:func:`engine.meld.meld_cards`) breaks it whatever the meld."""
    never = set(range(24)) - meld_cards(trump, rules)
    classes = [hidden.pass_class(c, trump) for c in range(24)]
    held = bv.tally(hand)
    kept_in_order = []
    for score, combo in ranked:
        if combo:
            kept = list(held)
            for c in combo:
                kept[c] -= 1
            if to_declarer:
                line = min(classes[c] for c in combo)
                against = [c for c in range(24) if kept[c] > 0 and classes[c] > line]
            else:
                line = max(classes[c] for c in combo)
                against = [c for c in range(24) if kept[c] > 0 and classes[c] < line]
            if any(c in never for c in against):
                continue
            if against:
                cards = [c for c in range(24) for _ in range(kept[c])]
                rest = Counter(cards) - Counter(int(c) for c in score_meld(cards, trump, rules).shown_cards())
                if hidden.skipped_cards(sorted(rest.elements()), combo, trump, to_declarer) != 0:
                    continue
        kept_in_order.append((score, combo))
    return kept_in_order or ranked


def _likely_trump(hand: Sequence[int], rules: Rules) -> int:
    """The suit this hand melds and holds most in."""
    melds = meld_by_trump(hand, rules)
    return max(SUITS, key=lambda s: (melds[s] + 15 * sum(1 for c in hand if c // 6 == s), -s))


def _describe_pass(cards: Sequence[int], trump: int) -> str:
    trumps = sum(1 for c in cards if c // 6 == trump)
    aces = sum(1 for c in cards if c % 6 == ACE and c // 6 != trump)
    parts = [f"{trumps} trump{'s' if trumps != 1 else ''}"] if trumps else []
    if aces:
        parts.append(f"{aces} ace{'s' if aces != 1 else ''}")
    text = " and ".join(parts) or "what helps most"
    return f"{text} for your partner"


def _describe_return(cards: Sequence[int], hand: Sequence[int], trump: int) -> str:
    voids = [s for s in range(4) if s != trump and any(c // 6 == s for c in hand)
             and all(c // 6 != s or c in cards for c in hand)
             and sum(1 for c in cards if c // 6 == s) == sum(1 for c in hand if c // 6 == s)]
    text = "keeps your meld and trumps"
    if voids:
        text += ", void in " + ", ".join(SUIT_NAMES[s] for s in voids)
    return text


# -- the widow and the bury ------------------------------------------------------------------------


def contract_worth(rules: Rules, bid: int, total: float, tricks: float) -> float:
    """The declaring side's score less the defenders' trick points, when it reaches ``total`` (meld
    and tricks) of which ``tricks`` in tricks, against a ``bid``: a set costs the bid (lost by the
    declarer, or where the rules say so given to the defenders, as :func:`~engine.ai.players.cardplay.hand_utility`
    counts it)."""
    score = total if total >= bid else -bid
    return score - (rules.trick_total - tricks)


def _declaring_sides(rules: Rules, seat: int) -> tuple[int, ...]:
    """The seat's side (0) against everyone else (1): the declarer against defenders who defend together."""
    side = rules.team_of(seat)
    return tuple(0 if rules.team_of(s) == side else 1 for s in range(rules.players))


def _side_meld(info: InfoState) -> int:
    rules = info.rules
    side = rules.team_of(info.seat)
    return sum(m.points for m in info.observation.melds if rules.team_of(m.seat) == side)


def bury_worths(info: InfoState, level: Level, rng: random.Random, candidates: Sequence[tuple[int, ...]],
                deadline: float | None = None) -> dict[tuple[int, ...], list[float]]:
    """What each bury of ``candidates`` is worth to the declarer in each deal of the hidden cards sampled from
    the seat's view (the real one for a level that sees all): the hand played out greedily from the declarer's
    lead, the buried cards counted as taken in tricks, the defenders together, the contract made or set
    (:func:`contract_worth`). The meld was scored before the bury and stays as it was: burying a card of it
    loses nothing but the card. The hard computer's bury (:func:`choose_bury`) and the review's value of it are
    both this. ``deadline``: no further candidate once the clock passes it (the first is always valued)."""
    rules = info.rules
    seat = info.seat
    trump, bid = info.trump, info.bid
    assert trump is not None and bid is not None
    values = card_values(rules)
    meld = _side_meld(info)
    sides = _declaring_sides(rules, seat)
    count = 1 if level.sees_all else max(8, level.simulated_deals // 4)
    worlds = [hands for hands, _widow in sample_worlds(info, level, rng, count)]
    worths: dict[tuple[int, ...], list[float]] = {}
    for combo in candidates:
        if deadline is not None and worths and time.perf_counter() > deadline:
            break
        worth = worths[combo] = []
        for dealt in worlds:
            hands = [list(x) for x in dealt]
            for c in combo:
                hands[seat].remove(c)
            start = Position.start(hands, trump, rules, leader=seat, points=[sum(values[c] for c in combo), 0],
                                   side_of=sides)
            tricks = greedy_playout(start)[0]
            worth.append(contract_worth(rules, bid, meld + tricks, tricks))
    return worths


def choose_bury(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """Bury counters that would be lost and cards that leave a void; keep trumps and aces."""
    rules = info.rules
    assert info.trump is not None
    hand = [int(c) for c in info.hand]
    # What may be buried (strict rules keep meld cards out): each card as often as a legal bury holds it.
    most: Counter[int] = Counter()
    for a in info.legal_actions:
        if isinstance(a, Bury):
            for c, k in Counter(int(x) for x in a.cards).items():
                most[c] = max(most[c], k)
    pool = [c for c in sorted(most) for _ in range(most[c])]
    ranked = bv.bury_candidates(hand, pool, info.trump, rules, limit=6)
    choice = _pick(ranked, level, rng)
    how = "rule of thumb"
    if (level.simulated_deals or level.sees_all) and len(ranked) > 1:
        worths = bury_worths(info, level, rng, [tuple(c) for _s, c in ranked[: level.candidates]], _deadline(level))
        choice = max(worths, key=lambda combo: statistics.fmean(worths[combo]))
        how = f"the best over {len(worths[choice])} deals played out"
    counted = sum(card_values(rules)[c] for c in choice)
    return Bury(_cards(choice)), f"{counted} points banked at once ({how})"


# -- throw-in ----------------------------------------------------------------------------------------


class ThrowInWorths(NamedTuple):
    """Playing on and throwing in, valued (see :func:`throw_in_worths`)."""

    playing_on: list[float]   # in each deal sampled, the side's score less the others'
    made: float               # the share of those deals in which playing on makes the bid
    throwing_in: float


def throw_in_worths(info: InfoState, level: Level, rng: random.Random,
                    deadline: float | None = None) -> ThrowInWorths:
    """What playing on is worth to the declaring side in each deal of the hidden cards sampled from the seat's
    view (the real one for a level that sees all), and what throwing in is worth: the side's score less the
    others' (the defenders, three-handed, together, as they defend: :func:`~engine.ai.search.worlds.playing_sides`).
    Playing on, the hand is played out greedily from the declarer's lead, the bury counted as taken in tricks; a
    set costs the bid, and the defenders' meld counts once they take a trick. Throwing in costs the bid, and the
    defenders keep their meld. The hard computer's choice (:func:`choose_throw_in`) and the review's value of it
    are both this. ``deadline``: stop after four deals when the clock passes it."""
    rules = info.rules
    obs = info.observation
    trump = info.trump
    bid = info.bid
    assert trump is not None and bid is not None
    ours = _side_meld(info)
    theirs = sum(m.points for m in obs.melds) - ours
    sides = _declaring_sides(rules, info.seat)
    values = card_values(rules)
    buried = sum(values[c] for c in obs.buried)
    total = rules.trick_total
    count = 1 if level.sees_all else max(8, level.simulated_deals // 2)
    worths: list[float] = []
    made = 0
    for i, (hands, _widow) in enumerate(sample_worlds(info, level, rng, count)):
        if deadline is not None and i >= 4 and time.perf_counter() > deadline:
            break
        tricks = greedy_playout(Position.start(hands, trump, rules, leader=info.seat, points=[buried, 0],
                                               side_of=sides))[0]
        made += ours + tricks >= bid
        worths.append(contract_worth(rules, bid, ours + tricks, tricks) - (theirs if tricks < total else 0))
    return ThrowInWorths(worths, made / len(worths), float(-bid - theirs))


def choose_throw_in(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """Throw in when the contract is out of reach: playing on would only give the opponents their
    trick points as well as the bid."""
    rules = info.rules
    trump = info.trump
    assert trump is not None
    bid = info.bid
    side_meld = _side_meld(info)
    need = bid - side_meld
    total = rules.trick_total
    if need <= 0:
        return PlayOn(), f"the meld ({side_meld}) already makes the bid"
    if need > total:
        return ThrowIn(), f"the meld ({side_meld}) is {need} short and only {total} are in the tricks"
    if not level.simulated_deals and not level.sees_all:
        hand = [int(c) for c in info.hand]
        buried = sum(card_values(rules)[c] for c in info.observation.buried)
        guess = buried + bv.keep_strength(hand, trump) * 1.6 * bv.scale(rules) * rules.hand_size / 12 + 0.2 * total
        if guess < need * 0.6:
            return ThrowIn(), f"need {need} in tricks, expect about {guess:.0f}"
        return PlayOn(), f"need {need} in tricks, expect about {guess:.0f}"
    worth = throw_in_worths(info, level, rng, _deadline(level))
    why = f"need {need} in tricks; you make that {how_often(worth.made)}"
    return (ThrowIn() if statistics.fmean(worth.playing_on) < worth.throwing_in else PlayOn()), why


# -- small decisions -------------------------------------------------------------------------------


def choose_dix(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """Exchange the nine of trumps for the turned-up card: a higher trump, and the dix still scores."""
    turnup = info.turnup
    return ExchangeDix(True), f"swap the dix for the {turnup.name if turnup is not None else 'turned-up card'}"


def choose_redeal(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """Five nines and no aces: call for a new deal unless the hand melds well anyway."""
    hand = info.hand
    best = max(meld_by_trump(hand, info.rules).values())
    if best >= 100 * bv.scale(info.rules):
        return CallRedeal(False), f"keep it: meld {best} despite the nines"
    nines = sum(1 for c in hand if c.rank == NINE)
    return CallRedeal(True), f"{nines} nines and no aces: ask for a new deal"


def choose_table_meld(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """Two-handed, after winning a trick: the dix first while it takes the turned-up trump (the first dix
    melded is exchanged for it, and the seat melds again at once); else lay the meld that scores most now
    (fewest cards from the hand among equals, so that more stays hidden and free for later melds);
    nothing if none scores."""
    legal = info.legal_actions
    lays = [a for a in legal if isinstance(a, LayMeld) and a.play.meld.points > 0]
    if not lays:
        return NoMeld(), "nothing to meld"
    dix = next((a for a in lays if a.play.meld.kind == MeldKind.DIX), None)
    face_up = info.stock_trump
    if dix is not None and not info.dix_melded and face_up is not None and not info.turnup_scored:
        return dix, f"the dix first: {dix.play.meld.points} points and the turned-up {cards_label([face_up])}, " \
                    "then meld again"
    ranked = sorted(lays, key=lambda a: (-a.play.meld.points, len(a.play.from_hand), str(a)))
    best = ranked[0]
    if len(ranked) > 1 and _slip(level, rng) and ranked[1].play.meld.points >= best.play.meld.points - 10:
        best = ranked[1]
    play = best.play
    return best, f"{play.meld.points} points"


def choose_draw(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """Two-handed, last two cards of the stock: take the face-up trump unless the face-down card is
    worth more on average (meld it would make now, and its power in the last twelve tricks)."""
    rules = info.rules
    seat = info.seat
    assert info.trump is not None
    trump = info.trump
    face_up = info.stock_trump
    assert face_up is not None
    trump_card = int(face_up)
    hand = [int(c) for c in info.hand]
    obs = info.observation
    tables = info.tables
    seen = hand + [int(c) for c in (obs.tables[seat] if obs.tables else ())]
    played = [int(c) for t in obs.tricks for _s, c in t.plays]
    others_table = [int(c) for s, t in enumerate(obs.tables) if s != seat for c in t]
    unseen = bv.unseen_cards(rules, seen + played + others_table + [trump_card])

    def worth(c: int) -> float:
        table = tables[seat] if tables else None
        gain = 0
        if table is not None:
            with_card = [Card(x) for x in hand + [c]]
            gain = max((o.meld.points for o in table.options(with_card, trump, rules)), default=0)
        suit, rank = divmod(c, 6)
        power = (10 + 3 * rank) if suit == trump else (6 if rank == ACE else 2 if rank == TEN else 0)
        return gain + power * bv.scale(rules)

    take = worth(trump_card)
    blind = sum(worth(c) for c in unseen) / max(1, len(unseen)) if unseen else 0.0
    if take >= blind:
        return DrawChoice(True), f"the {cards_label([trump_card])} is worth about {take:.0f}, a blind draw {blind:.0f}"
    return DrawChoice(False), f"a blind draw is worth about {blind:.0f}, the {cards_label([trump_card])} {take:.0f}"


def should_declare_out(info: InfoState, level: Level, rng: random.Random) -> bool:
    """Declare out only when sure: the side's score as the claim would count it reaches the target."""
    rules = info.rules
    if not rules.declare_out or info.target <= 0:
        return False
    obs = info.observation
    side = rules.team_of(info.seat)
    total = obs.scores[side] + obs.trick_points[side]
    if rules.trump_by != TrumpBy.STOCK and obs.tricks_won[side]:
        points = {m.seat: m.points for m in obs.melds}
        total += sum(points.get(s, 0) for s in rules.teams[side])
    return total >= obs.target


_PHASES = {
    Phase.BIDDING: choose_bid,
    Phase.TRUMP: choose_trump,
    Phase.PASSING: choose_pass,
    Phase.RETURN: choose_pass,
    Phase.BURY: choose_bury,
    Phase.THROW_IN: choose_throw_in,
    Phase.DIX: choose_dix,
    Phase.REDEAL: choose_redeal,
    Phase.MELD: choose_table_meld,
    Phase.DRAW_CHOICE: choose_draw,
}


def decide(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """The decision of any phase but the card play, from what the seat of ``info`` may know."""
    phase = info.phase
    try:
        function = _PHASES[phase]
    except KeyError:
        raise ValueError(f"no decision here for phase {phase!r}") from None
    return function(info, level, rng)
