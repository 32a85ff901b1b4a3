"""The computer players' decisions other than card play: legal, deterministic, quick and sensible."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import replace

import pytest
from conftest import each_once_fast, fast_where

from engine.actions import (
    Bid,
    Bury,
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
from engine.ai.players import decisions
from engine.ai.players.levels import LEVELS, Level
from engine.cards import DIAMONDS, HEARTS, SPADES, counts, new_deck, parse_cards
from engine.game import Game, new_game
from engine.info_state import InfoState, info_state
from engine.meld import meld_cards, meld_total, score_meld
from engine.players import RandomPlayer
from engine.rules import PRESETS, Rules, preset
from tests.conftest import make_deal

# Tiny budgets: the tests check behaviour, not strength. No clock (think_seconds 0): the budgets are in
# deals and nodes only, so a loaded machine cannot cut a decision short and change a verdict.
TINY = {name: replace(level, worlds=min(level.worlds, 4), simulated_deals=min(level.simulated_deals, 16),
                      search_nodes=min(level.search_nodes, 12_000), think_seconds=0.0)
        for name, level in LEVELS.items()}

def _view(game: Game, seat: int | None, level: Level) -> InfoState:
    """The seat's information state, with the whole game for a level that sees every card."""
    assert seat is not None
    return info_state(game, seat, every_card=game if level.sees_all else None)



def _walk(name: str, seed: int, level: Level, hands: int = 1) -> list[tuple[str, object]]:
    """Play ``hands`` hands: every non-play decision by ``level`` (checked legal), the cards at random."""
    game = new_game(preset(name), seed=seed)
    cards = RandomPlayer(seed)
    seen: list[tuple[str, object]] = []
    while not game.is_over and len(game.hand_records) < hands:
        seat = game.to_act
        assert seat is not None
        if game.phase == "play":
            if decisions.should_declare_out(_view(game, seat, level), level, random.Random(seed)):
                assert game.rules.declare_out
            game.apply(cards.choose(game, seat))
            continue
        action, reason = decisions.decide(_view(game, seat, level), level, random.Random(seed * 31 + len(game.log)))
        assert game.is_legal(action), (name, game.phase, action)
        assert isinstance(reason, str) and reason
        seen.append((game.phase, action))
        game.apply(action)
    return seen


# The decisions outside the play that the walks below meet in every variant.
ASKED = {
    "double_deck": {"bidding", "trump", "throw_in"},
    "partnership_auction": {"bidding", "trump", "passing", "return", "throw_in"},
    "partnership_auction_div10": {"bidding", "trump", "passing", "return", "throw_in"},
    "partnership_turnup": {"dix"},
    "three_hand": {"bidding", "trump", "bury", "throw_in"},
    "two_hand": {"meld", "draw_choice"},
}


@pytest.mark.parametrize(("name", "level"), each_once_fast(sorted(PRESETS), ["easy", "medium", "hard", "perfect"]))
def test_every_decision_is_legal(name: str, level: str) -> None:
    phases = set()
    for seed in range(1, 4 if level == "easy" else 3):
        phases |= {phase for phase, _ in _walk(name, seed, TINY[level], hands=2 if level == "easy" else 1)}
    assert ASKED[name] <= phases, phases


def test_many_random_positions_easy_is_always_legal() -> None:
    """Thousands of decisions across every variant with the quick level."""
    count = 0
    for name in sorted(PRESETS):
        for seed in range(10, 22):
            count += len(_walk(name, seed, LEVELS["easy"], hands=3))
    assert count > 1000


@pytest.mark.parametrize("name", ["partnership_auction", "three_hand", "double_deck"])
def test_same_seed_same_decisions(name: str) -> None:
    assert _walk(name, 5, TINY["medium"]) == _walk(name, 5, TINY["medium"])


def test_time_limits() -> None:
    """Hard's non-play decisions stay well inside its budget (the real levels, not the tiny ones)."""
    worst = 0.0
    for name in ("partnership_auction", "three_hand"):
        game = new_game(preset(name), seed=3)
        cards = RandomPlayer(3)
        while not game.hand_records:
            seat = game.to_act
            assert seat is not None
            if game.phase == "play":
                game.apply(cards.choose(game, seat))
                continue
            started = time.process_time()
            action, _ = decisions.decide(info_state(game, seat), LEVELS["hard"], random.Random(1))
            worst = max(worst, time.process_time() - started)
            game.apply(action)
    assert worst <= 2.5


def _auction_game(hands: list[str], dealer: int = 3, **options: object) -> Game:
    rules = preset("partnership_auction", **options)
    return Game.for_deal(rules, make_deal(rules, hands, dealer=dealer))


def test_strong_hand_bids_and_weak_hand_passes() -> None:
    strong = _auction_game(["AH AH TH TH KH QH JH KS QS JD AC AD", "", "", ""])
    action, reason = decisions.choose_bid(info_state(strong, 0), TINY["medium"], random.Random(1))
    assert isinstance(action, Bid), reason
    weak = _auction_game(["9S 9H 9D 9C JS JH JC TS TC 9S KD QC", "", "", ""])
    action, reason = decisions.choose_bid(info_state(weak, 0), TINY["medium"], random.Random(1))
    assert isinstance(action, Pass), reason
    action, reason = decisions.choose_bid(info_state(weak, 0), LEVELS["easy"], random.Random(1))
    assert isinstance(action, Pass), reason


def test_names_the_suit_of_the_run() -> None:
    game = _auction_game(["AH TH KH QH JH 9H AS KS QD JC 9C 9D", "", "", ""])
    while game.phase == "bidding":
        seat = game.to_act
        game.apply(Bid(250) if seat == 0 else Pass())
    assert game.phase == "trump"
    for level in ("easy", "medium"):
        action, reason = decisions.choose_trump(_view(game, 0, TINY[level]), TINY[level], random.Random(1))
        assert action == NameTrump(HEARTS), reason


def test_partner_passes_trumps_and_aces_declarer_returns_no_trumps() -> None:
    game = _auction_game(["AH TH KH QH JH 9S 9C JC QD KD JS 9D", "", "AH TH 9H AS AC AD KC QC JS 9C JD QS", ""],
                         dealer=3)
    while game.phase == "bidding":
        game.apply(Bid(250) if game.to_act == 0 else Pass())
    game.apply(NameTrump(HEARTS))
    assert game.phase == "passing" and game.to_act == 2
    for level in ("easy", "medium", "hard"):
        action, reason = decisions.choose_pass(_view(game, 2, TINY[level]), TINY[level], random.Random(1))
        assert isinstance(action, PassCards)
        passed = list(action.cards)
        assert any(c.rank == 5 for c in passed if c.suit != HEARTS), (level, reason)  # an ace
        if LEVELS[level].reads_auction:
            # Hard passes in the order its partner reads: no trump kept but in the meld it shows
            # (here the nine of trumps, the dix, may be kept for its 10).
            kept = list((Counter(game.hand.hands[2]) - Counter(passed)).elements())
            shown = score_meld(kept, HEARTS, game.rules).shown_cards()
            assert all(c.suit != HEARTS or c in shown for c in kept), (level, reason)
        else:
            assert sum(1 for c in passed if c.suit == HEARTS) == 3, (level, reason)  # every trump
    action, _ = decisions.choose_pass(info_state(game, 2), TINY["medium"], random.Random(1))
    game.apply(action)
    assert game.phase == "return"
    back, reason = decisions.choose_pass(info_state(game, 0), TINY["medium"], random.Random(1))
    assert isinstance(back, PassCards)
    assert not any(c.suit == HEARTS for c in back.cards), reason
    hand = [int(c) for c in game.hand.hands[0]]
    kept = list(hand)
    for c in back.cards:
        kept.remove(int(c))
    assert bv.meld_total(bv.tally(kept), HEARTS, game.rules) >= 150  # the run stays home


def test_bury_keeps_trumps_and_aces() -> None:
    rules = preset("three_hand")
    deal = make_deal(rules, ["AS AS TS KS QS JS 9S AH AD AC TD KD 9C JC QH", "", ""], dealer=2,
                     widow="TC KC QC")
    game = Game.for_deal(rules, deal)
    while game.phase == "bidding":
        game.apply(Bid(250) if game.to_act == 0 else Pass())
    game.apply(NameTrump(SPADES))
    assert game.phase == "bury"
    for level in ("easy", "medium", "hard"):
        action, reason = decisions.choose_bury(_view(game, 0, TINY[level]), TINY[level], random.Random(2))
        assert isinstance(action, Bury)
        assert not any(c.suit == SPADES or c.rank == 5 for c in action.cards), (level, reason)


def test_throw_in_only_when_out_of_reach() -> None:
    # A tiny hand stuck with a big bid throws in; a strong one plays on.
    weak = _auction_game(["9S 9H JD JC 9C JS QH TC KD QC 9D JH", "", "", ""])
    while weak.phase == "bidding":
        weak.apply(Bid(400) if weak.to_act == 0 else Pass())
    weak.apply(NameTrump(DIAMONDS))
    while weak.phase in ("passing", "return"):
        action, _ = decisions.choose_pass(info_state(weak, weak.to_act), TINY["easy"], random.Random(1))
        weak.apply(action)
    if weak.phase == "throw_in":
        action, reason = decisions.choose_throw_in(info_state(weak, 0), TINY["medium"], random.Random(1))
        assert action == ThrowIn(), reason
    strong = _auction_game(["AH AH TH TH KH QH JH KS QS JD AC AD", "", "", ""])
    while strong.phase == "bidding":
        strong.apply(Bid(250) if strong.to_act == 0 else Pass())
    strong.apply(NameTrump(HEARTS))
    while strong.phase in ("passing", "return"):
        action, _ = decisions.choose_pass(info_state(strong, strong.to_act), TINY["easy"], random.Random(1))
        strong.apply(action)
    assert strong.phase == "throw_in"
    for level in ("easy", "medium"):
        action, reason = decisions.choose_throw_in(_view(strong, 0, TINY[level]), TINY[level], random.Random(1))
        assert action == PlayOn(), reason


def test_dix_is_exchanged() -> None:
    rules = preset("partnership_turnup")
    game = Game.for_deal(rules, make_deal(rules, ["9H AS", "", "", "KH"], dealer=3, turnup="AH"))
    assert game.phase == "dix" and game.to_act == 0
    action, _ = decisions.choose_dix(info_state(game, 0), LEVELS["easy"], random.Random(1))
    assert action == ExchangeDix(True)


def _two_hand_at(phase: str, seed: int) -> Game:
    game = new_game(preset("two_hand"), seed=seed)
    player = RandomPlayer(seed)
    while game.phase != phase and not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(player.choose(game, seat))
    return game


def test_two_handed_melds_the_dix_first_then_the_biggest() -> None:
    """The dix first while it takes the turned-up trump (and its player melds again at once), else the meld
    that scores most."""
    offered: Counter[str] = Counter()
    for seed in range(1, 60):
        game = _two_hand_at("meld", seed)
        if game.phase != "meld":
            continue
        seat = game.to_act
        assert seat is not None
        h = game.hand
        lays = [a for a in game.legal_actions() if isinstance(a, LayMeld)]
        action, reason = decisions.choose_table_meld(info_state(game, seat), LEVELS["medium"], random.Random(1))
        exchange = not h.dix_melded and bool(h.stock) and not h.turnup_scored
        if any(a.play.meld.kind == "dix" for a in lays) and exchange:
            assert isinstance(action, LayMeld) and action.play.meld.kind == "dix" and "then meld again" in reason
            before = len(game.log)
            game.apply(action)
            assert game.phase == "meld" and game.to_act == seat and len(game.log) == before + 1  # melds again
            offered["dix"] += 1
        elif lays:
            assert isinstance(action, LayMeld)
            assert action.play.meld.points == max(a.play.meld.points for a in lays)
            offered["biggest"] += 1
        else:
            assert action == NoMeld()
            offered["none"] += 1
    assert len(offered) == 3, offered  # every case met


def test_two_handed_draw_takes_a_high_trump() -> None:
    found = 0
    for seed in range(1, 80):
        game = _two_hand_at("draw_choice", seed)
        if game.phase != "draw_choice":
            continue
        seat = game.to_act
        assert seat is not None
        action, reason = decisions.choose_draw(info_state(game, seat), LEVELS["medium"], random.Random(1))
        assert isinstance(action, DrawChoice)
        if game.hand.stock[-1].rank >= 4:
            assert action.take_trump, reason
            found += 1
        if found >= 3:
            break
    assert found


def test_declare_out_only_when_sure() -> None:
    game = _two_hand_at("play", 4)
    seat = game.to_act
    assert seat is not None
    assert not decisions.should_declare_out(info_state(game, seat), LEVELS["hard"], random.Random(1))
    game.scores[game.side_of(seat)] = game.target
    assert decisions.should_declare_out(info_state(game, seat), LEVELS["hard"], random.Random(1))


def test_hand_value_follows_meld() -> None:
    rules = preset("partnership_auction")
    big = bv.evaluate_hand(parse_cards("AH AH TH KH QH JH 9H AS AD AC KS QS"), 0, rules, samples=12)
    small = bv.evaluate_hand(parse_cards("9S 9H JD JC 9C JS QH TC KD QC 9D JH"), 0, rules, samples=12)
    assert big.best.trump == HEARTS
    assert big.best.mean > small.best.mean + 150
    assert 0 <= big.best.tricks <= rules.trick_total


def test_declarer_returns_a_singleton_and_keeps_the_meld() -> None:
    rules = preset("partnership_auction")
    hand = [int(c) for c in parse_cards("AH TH KH QH JH 9H AH AS KS QS JD AD 9C 9S JS 9D")]
    _score, back = bv.return_candidates(hand, HEARTS, rules, 4, limit=1)[0]
    assert parse_cards("9C")[0] in back  # the lone club: a void for the trumps
    assert not any(c // 6 == HEARTS for c in back)
    kept = list(hand)
    for c in back:
        kept.remove(c)
    assert bv.meld_total(bv.tally(kept), HEARTS, rules) == bv.meld_total(bv.tally(hand), HEARTS, rules)


def test_partner_passes_the_pinochle_parts_with_diamonds_trump() -> None:
    rules = preset("partnership_auction")
    hand = [int(c) for c in parse_cards("AD TD QS JD 9S 9C JC 9H JH TS TC KC")]
    _score, given = bv.pass_candidates(hand, DIAMONDS, rules, 4, limit=1)[0]
    assert set(parse_cards("AD TD JD QS")) == {c for c in given}


def _in_order_by_the_meld(ranked: bv.Ranked, hand: list[int], trump: int, rules: Rules,
                          to_declarer: bool) -> bv.Ranked:
    """``decisions._in_order`` as it was first written: the meld worked out for every candidate."""
    from engine.ai.search import worlds

    kept_in_order = []
    for score, combo in ranked:
        kept = Counter(hand)
        kept.subtract(combo)
        cards = sorted(kept.elements())
        rest = Counter(cards) - Counter(int(c) for c in score_meld(cards, trump, rules).shown_cards())
        if worlds.skipped_cards(sorted(rest.elements()), combo, trump, to_declarer) == 0:
            kept_in_order.append((score, combo))
    return kept_in_order or ranked


@pytest.mark.parametrize("name", fast_where(["partnership_auction", "partnership_auction_div10", "double_deck"],
                                            ["partnership_auction"]))
def test_the_order_of_passing_is_read_as_the_meld_says_without_working_it_out_for_every_candidate(name: str) -> None:
    """The pass and the return candidates that keep the order of passing outside the meld: the same as working
    out the meld of every candidate's kept cards, on random hands (a card no meld uses is never shown, nor counts
    in the meld's total: the two-handed playouts skip it)."""
    rules = preset(name)
    rng = random.Random(5)
    deck = [int(c) for c in new_deck(rules.double_deck)]
    for _ in range(4):
        hand = sorted(rng.sample(deck, rules.hand_size + rules.pass_cards))
        trump = rng.randrange(4)
        for to_declarer, candidates in ((True, bv.pass_candidates), (False, bv.return_candidates)):
            ranked = candidates(hand, trump, rules, rules.pass_cards, limit=0)
            assert decisions._in_order(ranked, hand, trump, rules, to_declarer) == \
                _in_order_by_the_meld(ranked, hand, trump, rules, to_declarer)
        shown = {int(c) for c in score_meld(hand, trump, rules).shown_cards()}
        assert shown <= meld_cards(trump, rules)
        held = counts(hand)
        for c in set(hand) - meld_cards(trump, rules):  # nor counts in the meld's total
            without = list(held)
            without[c] -= 1
            assert meld_total(without, trump, rules) == meld_total(held, trump, rules)
