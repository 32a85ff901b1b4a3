"""The analysis of a hand's decisions (engine/ai/analysis/hand.py): known best plays, reasons, records of
every preset, the background analyst, and the same deal played again by the hard computer.

Budgets are in search nodes and simulated deals, never seconds, so no verdict depends on the machine.
"""

from __future__ import annotations

import doctest
import importlib
import json
import math
import random
import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import WAIT_SECONDS, act, wait_until

from engine.actions import Action, Bid, Bury, DeclareOut, PassCards, Play, PlayOn, ThrowIn
from engine.ai.analysis.hand import (
    ANALYSIS_LEVELS,
    COSTLY,
    SEAT_VIEW,
    DecisionReview,
    Grade,
    HandAnalysis,
    _title,
    cost_threshold,
    decisions_in,
    game_before,
    grade,
    luck,
    play_with_hard,
    player_seat,
    review_at,
    review_decision,
    review_views,
)
from engine.ai.analysis.hand_json import analysis_from_json, analysis_to_json, review_from_json, review_to_json
from engine.ai.analysis.valuation import Valuation, contract_worth, valuation
from engine.ai.analysis.words import contradictions, possessive, reason_for, seat_word, shown_voids
from engine.ai.analysis.worker import Analyst
from engine.ai.bench.calibrate import KINDS, Tally, calibrate, players_for, the_seat
from engine.ai.bench.calibrate import worth as calibration_worth
from engine.ai.bench.card_costs import WAYS, CardCost, hand_costs
from engine.ai.bench.card_costs import ratio as card_costs_ratio
from engine.ai.bench.card_costs import report as card_costs_report
from engine.ai.players.levels import LEVELS
from engine.ai.search.trickplay import Position, greedy_playout
from engine.cards import DIAMONDS, HEARTS, new_deck, parse_card, parse_cards
from engine.game import Game, Phase, new_game
from engine.info_state import info_state
from engine.play import count_points
from engine.rules import PRESETS, preset
from engine.sim import play_game
from tests.test_ai_cardplay import staged
from tests.test_game_three_hand import won_auction

CODE = re.compile(r"\b[9JQKTA][SHDC]\b|[a-z]+_[a-z]+")
EASY = ANALYSIS_LEVELS["easy"]


@cache
def record_of(variant: str, seed: int = 1, players: str = "random") -> dict[str, Any]:
    """The first hand, played out trick by trick, of a game of ``variant`` from ``seed`` on."""
    rules = preset(variant)
    for s in range(seed, seed + 20):
        for record in play_game(new_game(rules, seed=s), [players] * rules.players, s, 3).hand_records:
            if record["tricks"] and not record.get("declared_out") and not record.get("thrown_in"):
                return record
    raise AssertionError(f"no hand of {variant} played out")


def test_the_threshold_follows_the_scale_of_the_scores() -> None:
    assert cost_threshold(preset("partnership_auction")) == 10
    assert cost_threshold(preset("two_hand")) == 10
    assert cost_threshold(preset("partnership_auction_div10")) == 1
    assert cost_threshold(preset("double_deck")) == 2


# -- positions with a known best play -----------------------------------------------------------------


def needs_twenty() -> Game:
    """Two tricks left, diamonds trump; South's side (declaring, 250 bid on 200 meld, 30 taken) needs
    20 more: only the A♥ now, which wins this trick, makes the bid (see test_ai_cardplay)."""
    game = staged(preset("partnership_auction"), ["AH 9H", "KH AH", "TS JS", "QS JS"], DIAMONDS)
    h = game.hand
    h.bid, h.meld_points = 250, [100, 0, 100, 0]
    h.trick_points = [30, 0]
    return game


def test_only_the_card_that_loses_the_bid_is_marked() -> None:
    game = needs_twenty()
    ace = review_at(game.clone(), Play(parse_card("AH")), 0, seed=1, viewer=0)
    nine = review_at(game.clone(), Play(parse_card("9H")), 0, seed=1, viewer=0)
    assert (ace.costly, ace.cost, ace.seen_cost) == (False, 0.0, 0.0)
    assert nine.costly and nine.cost >= cost_threshold(game.rules)
    assert nine.seen_cost is not None and nine.seen_cost >= cost_threshold(game.rules)
    assert nine.best[0].action == "A♥" and nine.chosen.action == "9♥"
    assert nine.best[0].value - nine.chosen.value == nine.cost
    assert "your side needed 20 more to make the bid" in nine.reason
    assert (ace.title, ace.trick, ace.grade) == ("Trick 11, your lead", 11, Grade.BEST)
    assert ace.reason.startswith("A♥ was the best choice here: 9♥, the next best, was worth about")
    assert nine.grade in COSTLY and nine.cost > 2 * nine.error


def exact_values(game: Game, seat: int) -> dict[Action, float]:
    """Every legal card's worth to ``seat``'s side (its score less the other's at the hand's end), by
    trying every line of play through the game itself: an exact search independent of the solver."""
    side = game.rules.team_of(seat)

    def worth(g: Game) -> float:
        if g.hand_records:
            delta = g.hand_records[0]["score_delta"]
            return float(delta[side] - delta[1 - side])
        mover = g.to_act
        assert mover is not None
        sign = 1 if g.rules.team_of(mover) == side else -1
        return sign * max(sign * worth(_after(g, a)) for a in _choices(g))

    return {a: worth(_after(game, a)) for a in _choices(game)}


def _choices(game: Game) -> list[Action]:
    return [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]


def _after(game: Game, action: Action) -> Game:
    copy = game.clone()
    copy.apply(action)
    return copy


def test_two_handed_endgames_are_marked_exactly() -> None:
    """The last three tricks of two-handed hands (every card known once the stock is gone): each card's
    cost is what an exhaustive search of the game says, and a card is marked (an inaccuracy or worse)
    exactly when that is 10 or more, a mistake when 30 or more (the random players of these hands make
    costly choices and good ones)."""
    marks = []
    for seed in (1, 2, 3):
        record = record_of("two_hand", seed)
        for index, seat in decisions_in(record):
            game, action = game_before(record, index)
            if game.phase != Phase.PLAY or len(game.hand.hands[seat]) > 3:
                continue
            truth = exact_values(game, seat)
            review = review_decision(record, index, seed=1)
            cost = max(truth.values()) - truth[action]
            assert review.cost == pytest.approx(cost) and review.seen_cost == pytest.approx(cost)
            assert review.costly == (cost >= 30) and (review.grade == Grade.INACCURACY) == (10 <= cost < 30)
            marks.append(review.grade not in (Grade.GOOD, Grade.BEST))
    assert True in marks and False in marks


def test_the_reason_names_the_void_shown() -> None:
    """North led the K♥, East trumped: South's A♥ goes to the opponents, and the reason says why."""
    game = staged(preset("partnership_auction"), ["AH 9H", "TD KD", "JH", "QD"], DIAMONDS,
                  trick=[(2, "KH"), (3, "9D")], leader=2)
    ace, nine = Play(parse_card("AH")), Play(parse_card("9H"))
    reason = reason_for(game, 0, ace, nine, {ace: -40.0, nine: -20.0}, "play", "9♥")
    assert "East was void in hearts (shown when East trumped trick 11)" in reason
    assert "TD" not in reason and "10♦" not in reason and "K♦" not in reason  # West's cards stay hidden


def test_two_handed_play_shows_no_void_while_the_stock_lasts() -> None:
    """Any card may be played while the stock lasts: not following then says nothing of a hand."""
    record = record_of("two_hand")
    early = [i for i, _s in decisions_in(record) if game_before(record, i)[0].hand.stock][-1]
    game, _action = game_before(record, early)
    assert len(game.hand.tricks) > 5
    assert shown_voids(game, 0) == [] and shown_voids(game, 1) == []
    late = decisions_in(record)[-1][0]
    game, _action = game_before(record, late)
    stock_over = next(n for n, t in enumerate(game.hand.tricks, 1) if not t.draws)
    assert all(number >= stock_over for _s, _suit, number, _t in shown_voids(game, 0))


# -- whole records -------------------------------------------------------------------------------------


def firsts_of_each_kind(record: dict[str, Any]) -> list[int]:
    """The record's first decision of each kind, and its last decision."""
    seen: dict[str, int] = {}
    found = decisions_in(record)
    for index, _seat in found:
        game, _action = game_before(record, index)
        seen.setdefault(game.phase, index)
    return sorted(set(seen.values()) | {found[-1][0]})


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_record_of_every_preset_is_analysed(variant: str) -> None:
    record = record_of(variant)
    rules = preset(variant)
    for index in firsts_of_each_kind(record):
        review = review_decision(record, index, seed=2, level=EASY, viewer=0)
        texts = [review.title, review.reason, review.chosen.action] + [b.action for b in review.best]
        assert not any(CODE.search(t) for t in texts), texts
        assert review.cost >= 0 and (review.seen_cost is None if overbid(record, index) else review.seen_cost >= 0)
        assert review.costly == (review.grade in COSTLY)
        assert bool(review.reason) == (review.grade != Grade.GOOD or review.luck == "unlucky"), review
        assert review.grade == Grade.GOOD or review.cost >= cost_threshold(rules) or review.grade == Grade.BEST
        assert review.chosen.action not in [b.action for b in review.best]
        assert [b.value for b in review.best] == sorted((b.value for b in review.best), reverse=True)
        assert review.cost <= max(0.0, max([review.chosen.value] + [b.value for b in review.best])
                                  - review.chosen.value) + 1e-9


def overbid(record: dict[str, Any], index: int) -> bool:
    game, action = game_before(record, index)
    return isinstance(action, Bid) and (record["declarer"], record["bid"]) != (game.to_act, action.amount)


def test_only_the_bid_that_won_the_auction_is_charged() -> None:
    """Each bid is valued as if it ended the auction: a bid the auction went past shows its values but
    costs nothing (else each raise of a long auction would count the same risk again); the winning bid
    and every pass are charged."""
    rules = preset("partnership_auction")  # seed 4: 250, 280 and 290 overbid, 300 wins
    record = play_game(new_game(rules, seed=4), ["random", "medium"] * 2, 4, 1).hand_records[0]
    before = [game_before(record, i) for i, _s in decisions_in(record)]
    bids = [(i, action) for (i, _s), (game, action) in zip(decisions_in(record), before, strict=True)
            if game.phase == "bidding"]
    passed = [i for i, b in bids if not isinstance(b, Bid)]
    went_past = [i for i, b in bids if isinstance(b, Bid) and overbid(record, i)]
    won = [i for i, b in bids if isinstance(b, Bid) and not overbid(record, i)]
    assert passed and went_past and len(won) == 1
    for index in went_past:
        review = review_decision(record, index, seed=2, level=EASY)
        assert review.cost == 0 and not review.costly and review.seen_cost is None and review.best
    for index in won + passed:
        review = review_decision(record, index, seed=2, level=EASY)
        assert review.seen_cost is not None
        assert review.cost <= max(0.0, max(b.value for b in review.best) - review.chosen.value) + 1e-9


def test_a_dix_kept_leaves_the_next_dix_to_a_seat_that_holds_one() -> None:
    """South keeps the dix and North, who holds the other nine of trumps, decides next: in the deals
    sampled to value South's choice North may not hold it, and then has no dix to decide on."""
    rules = preset("partnership_turnup")
    record = play_game(new_game(rules, seed=8), ["random"] * 4, 8, 1).hand_records[0]
    game, action = game_before(record, 0)
    assert game.phase == "dix" and game.hand.dix_seats == [0, 2] and str(action) == "keep dix"
    review = review_decision(record, 0, seed=1, level=EASY)
    assert {review.chosen.action, review.best[0].action} == {"Keep the dix", "Exchange the dix"}


@pytest.mark.slow
def test_a_review_is_the_same_under_its_seed_and_goes_through_json() -> None:
    record = record_of("partnership_auction")
    picks = firsts_of_each_kind(record)
    first = [review_decision(record, i, seed=3, level=EASY) for i in picks]
    # Every other one again (a whole hand's analysis is held to its seed by
    # test_the_analyst_in_worker_processes_finds_what_it_finds_at_home).
    again = [review_decision(record, i, seed=3, level=EASY) for i in picks[::2]]
    assert first[::2] == again
    analysis = HandAnalysis(0, tuple(first))
    assert analysis_from_json(json.loads(json.dumps(analysis_to_json(analysis)))) == analysis
    assert review_from_json(json.loads(json.dumps(review_to_json(first[0])))) == first[0]


@pytest.mark.parametrize("variant", ["three_hand", "partnership_turnup"])
def test_the_seat_view_is_the_review_without_the_view_with_every_card(variant: str) -> None:
    """What the app's cost of a hand finds (the seat view: the seat's view alone, as the review grades) is the review
    less the view with every card, and the review made from it is the review itself: the cost job and the review
    share it (pinochle_gui/shared_analysis.py)."""
    record = record_of(variant)
    for index in firsts_of_each_kind(record):
        full, view = review_views(record, index, seed=2, level=EASY, viewer=0)
        assert full == review_decision(record, index, seed=2, level=EASY, viewer=0)
        assert view.review == review_decision(record, index, seed=2, level=EASY, every_card=False, viewer=0)
        assert review_views(record, index, seed=2, level=EASY, viewer=0, known=view)[0] == full
        unseen = replace(full, chosen=replace(full.chosen, seen_value=None), seen_cost=None, luck="",
                         best=tuple(replace(b, seen_value=None) for b in full.best), reason=view.review.reason)
        assert unseen == view.review and (full.reason == view.review.reason or full.luck)
    with pytest.raises(ValueError, match="told to seat"):
        review_views(record, index, seed=2, level=EASY, viewer=1, known=view)


def test_decisions_are_those_with_a_choice() -> None:
    record = record_of("partnership_auction")
    found = decisions_in(record)
    assert [i for i, _s in found] == sorted(i for i, _s in found)
    for index, seat in found:
        game, _action = game_before(record, index)
        assert game.to_act == seat and len(_choices(game)) > 1
    with pytest.raises(ValueError):
        review_decision(record, len(record["actions"]) + 5)


# -- the analyst and the hand played again ----------------------------------------------------------------


@pytest.mark.slow
def test_the_analyst_delivers_every_decision_with_progress() -> None:
    record = record_of("partnership_auction")
    analyst = Analyst(processes=False, level="easy", every_card=False)
    analyst.start(record, seat=1, seed=4)
    came: list[DecisionReview] = []
    steps = []

    def poll() -> None:
        came.extend(analyst.poll())
        steps.append(analyst.progress[0])

    wait_until(analyst.done, "the analysis of every decision", step=poll)
    came += analyst.poll()
    analysis = analyst.result()
    analyst.close()
    found = decisions_in(record)
    assert analysis is not None and analyst.progress == (0, 0)  # closed: nothing under way
    assert sorted(r.action_index for r in came) == [i for i, _s in found]
    assert steps == sorted(steps) and steps[-1] <= len(found)
    mine = sum(1 for _i, s in found if s == 1)
    assert all(r.seat == 1 for r in came[:mine])  # the player's decisions first
    assert [r.action_index for r in analysis.decisions] == [i for i, _s in found]
    assert analysis.lost(1) == pytest.approx(sum(r.cost for r in came if r.seat == 1))
    costliest = analysis.costliest(1)
    assert len(costliest) <= 3 and all(r.costly and r.seat == 1 for r in costliest)
    assert [r.cost for r in costliest] == sorted((r.cost for r in costliest), reverse=True)


def test_the_analyst_in_worker_processes_finds_what_it_finds_at_home() -> None:
    """As the review screen runs it: in worker processes (whose results cross back pickled), the same
    analysis as in this process; medium's view, which searches."""
    record = record_of("three_hand")
    analyses = []
    for processes in (False, True):
        analyst = Analyst(processes=processes, workers=2, level="medium", every_card=False)
        analyst.start(record, seat=0, seed=3)
        analyses.append(analyst.wait(timeout=WAIT_SECONDS))
        assert analyst.processes == processes  # (not the thread it falls back on)
        analyst.close()
    assert analyses[0].decisions and analyses[1] == analyses[0]


def test_the_analyst_drops_a_cancelled_analysis() -> None:
    analyst = Analyst(processes=False, level="easy", every_card=False)
    analyst.start(record_of("three_hand"), seat=0)
    analyst.cancel()
    assert analyst.progress == (0, 0) and not analyst.done() and analyst.result() is None
    analyst.close()


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["two_hand", "three_hand"])
def test_played_with_hard_the_deal_is_the_same(variant: str) -> None:
    record = record_of(variant)
    again = play_with_hard(record, 0, [None] + ["easy"] * (record["seats"] - 1), seed=1)
    for key in ("deal", "dealer", "seed", "hand_number", "variant", "widow", "stock"):
        assert again.get(key) == record.get(key)


def test_the_seat_view_is_the_hard_search_without_a_clock() -> None:
    assert SEAT_VIEW.name == "hard" and SEAT_VIEW.think_seconds == 0 and SEAT_VIEW.search_nodes > 0


@pytest.mark.parametrize("module", ["engine.ai.analysis.accuracy", "engine.ai.analysis.advice",
                                    "engine.ai.analysis.hand", "engine.ai.analysis.hand_json",
                                    "engine.ai.analysis.words", "engine.ai.analysis.hint",
                                    "engine.ai.analysis.valuation", "engine.ai.analysis.worker"])
def test_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_a_bid_is_valued_with_the_seat_declaring_in_the_suit_it_would_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat's own contracts are played in the best suit of its hand's valuation (as it would name
    trump), not in a suit guessed by the quick value, which on a tie took spades over clubs."""
    from engine.ai.analysis import valuation

    rules = preset("partnership_auction")
    record = play_game(new_game(rules, seed=4), ["random", "medium"] * 2, 4, 1).hand_records[0]
    index, seat = next((i, s) for i, s in decisions_in(record) if game_before(record, i)[0].phase == "bidding")
    game, _action = game_before(record, index)
    named = valuation._hand_value(game, seat, EASY, None).best.trump
    trumps: list[int | None] = []
    real = valuation._contract_results

    def spy(rules_: Any, hands: Any, widow: Any, declarer: int, trump: int | None = None) -> Any:
        if declarer == seat:
            trumps.append(trump)
        return real(rules_, hands, widow, declarer, trump)

    monkeypatch.setattr(valuation, "_contract_results", spy)
    review_decision(record, index, seed=2, level=EASY, every_card=False)
    assert trumps and set(trumps) == {named}


def test_playing_on_counts_the_declarers_bury_as_the_computer_does() -> None:
    """Three-handed, the cards the declarer buried count for it as taken in tricks: playing on is valued with them
    (as the computer's own throw-in decision counts them), not as if they were lost."""
    game, _events = won_auction(preset("three_hand"))
    act(game, "trump hearts", "bury AD TD KD")
    assert game.phase == Phase.THROW_IN and game.to_act == 0
    h, rules = game.hand, game.rules
    buried = count_points(h.buried, rules)
    assert buried == 30
    taken = greedy_playout(Position.start(h.hands, HEARTS, rules, leader=0, side_of=[0, 1, 1]))[0] + buried
    ours, theirs = h.meld_points[0], sum(h.meld_points[1:])
    played_on = contract_worth(rules, h.bid, ours + taken, taken) - (theirs if taken < rules.trick_total else 0)
    valued = valuation(game, 0, LEVELS["perfect"], random.Random(1))
    assert valued.mean(PlayOn()) == pytest.approx(played_on)
    assert valued.mean(ThrowIn()) == -h.bid - theirs


def test_a_bury_keeps_the_meld_already_scored() -> None:
    """Three-handed the declarer melds from eighteen cards, then buries three: a card of the meld may be buried and
    the meld still counts. The review valued each bury with the meld of the cards kept, so burying the J♥ of a run
    looked like losing the run (a set, hundreds of points) where it cost the jack's trick at most."""
    game, _events = won_auction(preset("three_hand"))
    act(game, "trump hearts")
    assert game.phase == Phase.BURY and game.to_act == 0
    h, rules = game.hand, game.rules
    assert h.meld_points[0] == 150  # the run
    bury = Bury(tuple(parse_cards("JH 9C 9C")))
    valued = valuation(game, 0, LEVELS["perfect"], random.Random(1), chosen=bury)
    hands = [list(x) for x in h.hands]
    for card in bury.cards:
        hands[0].remove(card)
    taken = greedy_playout(Position.start(hands, HEARTS, rules, leader=0, points=[count_points(bury.cards, rules), 0],
                                          side_of=[0, 1, 1]))[0]
    assert valued.mean(bury) == pytest.approx(contract_worth(rules, h.bid, 150 + taken, taken))


def test_the_computer_buries_what_the_review_advises() -> None:
    """One verdict: the hard computer's bury and the review's value of it are one function
    (``decisions.bury_worths``), so with every card seen they choose alike at every bury of played hands. (Before,
    the computer counted the defenders apart and its tricks alone; the review the contract, with the meld wrong.)"""
    from engine.ai.players.decisions import choose_bury

    perfect = LEVELS["perfect"]
    seen = 0
    for seed in range(70, 82):
        record = play_game(new_game(preset("three_hand"), seed=seed), ["easy"] * 3, 1, 1).hand_records[0]
        index = next((i for i, a in enumerate(record["actions"]) if a.startswith("bury")), None)
        if index is None:
            continue
        game, _action = game_before(record, index)
        seat = game.to_act
        assert game.phase == Phase.BURY and seat is not None
        valued = valuation(game, seat, perfect, random.Random(1))
        advised = max(valued.worths, key=valued.mean)
        chosen, _why = choose_bury(info_state(game, seat, every_card=game), perfect, random.Random(1))
        assert valued.mean(chosen) == valued.mean(advised), (seed, chosen, advised)
        seen += 1
    assert seen >= 6


def test_the_computer_throws_in_where_the_review_advises_it() -> None:
    """One verdict: the hard computer's throw-in and the review's value of it are one function
    (``decisions.throw_in_worths``), so with every card seen they choose alike at every throw-in of played hands,
    the two defenders counted together three-handed as they defend. (Before they were one, the computer played
    its playouts with the defenders apart and differed at the throw-ins of seeds 71, 82 and 83.)"""
    from engine.ai.players.decisions import choose_throw_in

    perfect = LEVELS["perfect"]
    seen = 0
    for seed in range(70, 86):
        record = play_game(new_game(preset("three_hand"), seed=seed), ["easy"] * 3, 1, 1).hand_records[0]
        if not {"play on", "throw in"} & set(record["actions"]):
            continue
        index = next(i for i, a in enumerate(record["actions"]) if a in ("play on", "throw in"))
        game, _action = game_before(record, index)
        seat = game.to_act
        assert game.phase == Phase.THROW_IN and seat is not None
        valued = valuation(game, seat, perfect, random.Random(1))
        advised = PlayOn() if valued.mean(PlayOn()) >= valued.mean(ThrowIn()) else ThrowIn()
        chosen, _why = choose_throw_in(info_state(game, seat, every_card=game), perfect, random.Random(1))
        assert chosen == advised, (seed, valued.mean(PlayOn()), valued.mean(ThrowIn()))
        seen += 1
    assert seen >= 10


# -- the analysis a player can believe: passes, grades, luck, reasons, words --------------------------------


def passing_game(south: str, west: str, north: str, east: str, bid: int = 350) -> Game:
    """Four-handed auction, South (seat 0) declaring in hearts at ``bid``, North to pass."""
    game = new_game(preset("partnership_auction"), seed=1)
    h = game.hand
    h.hands = [parse_cards(x) for x in (south, west, north, east)]
    assert sorted(c for x in h.hands for c in x) == sorted(new_deck(False))
    h.phase, h.trump, h.declarer, h.bid, h.high_bid, h.high_bidder = Phase.PASSING, HEARTS, 0, bid, bid, 0
    h.to_act = 2
    return game


def the_reported_pass() -> Game:
    """North holds A♠ K♥ A♥ A♣ for South, who holds the run's other cards and the fourth ace: the pass
    makes South's run and aces around (the real return keeps them)."""
    return passing_game("TH KH QH JH 9H AD KS QS KD QD 9C 9S", "TH QH JH AH AC TC KC QC JC JC 9C TD",
                        "AS KH AH AC TS JS 9D JD TC KC QC 9H", "AS TS JS 9S QS KS AD TD KD QD JD 9D")


@pytest.mark.slow
def test_the_pass_that_makes_the_contract_is_not_marked_and_junk_is() -> None:
    """The declarer's return in the valuation is the hard computer's own (it keeps the aces around the
    pass made), so the good pass costs nothing in either view, and a junk pass is marked with a reason
    that speaks for the better pass."""
    good = review_at(the_reported_pass(), PassCards(tuple(parse_cards("AS KH AH AC"))), 5, seed=1, viewer=0)
    assert good.grade in (Grade.BEST, Grade.GOOD) and not good.costly and good.cost == 0 and good.seen_cost == 0
    assert good.title == "North's pass to you"
    junk = review_at(the_reported_pass(), PassCards(tuple(parse_cards("9H JD TC QC"))), 5, seed=1, viewer=0)
    assert junk.costly and junk.cost > 2 * junk.error and junk.seen_cost is not None and junk.seen_cost > 300
    assert junk.chosen.value < good.chosen.value and junk.best[0].action == "Pass A♠ K♥ A♥ A♣"
    assert not contradictions(the_reported_pass(), 2, PassCards(tuple(parse_cards("9H JD TC QC"))),
                              PassCards(tuple(parse_cards("AS KH AH AC"))), junk.reason)


def partner_winning_with_the_ten() -> Game:
    """North led the 10♥ and wins the trick; South, void in hearts, holds 10♣ and 9♣."""
    return staged(preset("partnership_auction"), ["TC 9C", "JC QC", "KH", "QH"], DIAMONDS,
                  trick=[(2, "TH"), (3, "9H")], leader=2)


@pytest.mark.parametrize("chosen, best, reason", [
    ("TC", "9C", "your partner was already winning the trick with the 10♥"),
    ("", "", "it gives the declarer 1 trump and 3 aces, the pass made 2 and 3"),
    ("", "", "it gives the declarer 3 trumps and 1 ace, the pass made 3 and 1"),
    ("", "", "it keeps meld 150 in your hand, the return made kept 190; "
             "it gives back 0 trumps, the return made gave back 0"),
])
def test_the_reason_check_catches_the_reported_sentences(chosen: str, best: str, reason: str) -> None:
    game = partner_winning_with_the_ten()
    one = Play(parse_card(chosen)) if chosen else PassCards(tuple(parse_cards("9S 9S 9D 9D")))
    other = Play(parse_card(best)) if best else PassCards(tuple(parse_cards("AS AS AD AD")))
    assert contradictions(game, 0, one, other, reason)


def test_the_reason_for_a_counter_thrown_on_partner_is_no_argument_for_it() -> None:
    """Partner winning speaks for the counter: a reason against the 10♣ never cites it, and the reason
    for the 10♣ over the 9♣ does."""
    game = partner_winning_with_the_ten()
    ten, nine = Play(parse_card("TC")), Play(parse_card("9C"))
    against_ten = reason_for(game, 0, ten, nine, {ten: 0.0, nine: 16.0}, "play", "9♣", viewer=0)
    assert "partner was already winning" not in against_ten and not contradictions(game, 0, ten, nine, against_ten)
    for_ten = reason_for(game, 0, nine, ten, {ten: 16.0, nine: 0.0}, "play", "10♣", viewer=0)
    assert "your partner was already winning the trick with the 10♥" in for_ten


def test_a_counter_thrown_under_an_opponents_card_says_whose_trick_it_was() -> None:
    """East leads the 10♥; South, void in hearts and without a trump, throws the 10♣ rather than the 9♣:
    the reason names the card winning the trick, and never speaks for the counter."""
    game = staged(preset("partnership_auction"), ["TC 9C", "JC QC", "KH 9H", "QH"], DIAMONDS,
                  trick=[(3, "TH")], leader=3)
    ten, nine = Play(parse_card("TC")), Play(parse_card("9C"))
    against_ten = reason_for(game, 0, ten, nine, {ten: 0.0, nine: 16.0}, "play", "9♣", viewer=0)
    assert "East was winning the trick with the 10♥" in against_ten
    for_ten = reason_for(game, 0, nine, ten, {ten: 16.0, nine: 0.0}, "play", "10♣", viewer=0)
    assert "winning the trick" not in for_ten


def test_a_lead_under_a_higher_card_out_says_which() -> None:
    """South leads the K♦ (trump) with the 10♦ out, where the A♠, the top spade left, was the lead."""
    game = staged(preset("partnership_auction"), ["KD AS", "TD 9S", "JD QS", "9D KS"], DIAMONDS)
    king, ace = Play(parse_card("KD")), Play(parse_card("AS"))
    assert "the 10♦ was still out" in reason_for(game, 0, king, ace, {king: 0.0, ace: 94.0}, "play", "A♠", viewer=0)


def test_grades_scale_with_the_threshold_and_clear_the_uncertainty() -> None:
    t = cost_threshold(preset("partnership_auction"))
    assert [grade(c, 0.0, None, t) for c in (0, 9, 10, 29, 30, 79, 80)] == [
        Grade.GOOD, Grade.GOOD, Grade.INACCURACY, Grade.INACCURACY, Grade.MISTAKE, Grade.MISTAKE, Grade.BLUNDER]
    assert grade(50, 30.0, None, t) == Grade.GOOD  # within two standard errors: no cost counted
    assert grade(50, 20.0, None, t) == Grade.MISTAKE
    assert grade(0, 0.0, 12.0, t) == Grade.BEST and grade(0, 0.0, 5.0, t) == Grade.GOOD
    assert grade(0, 10.0, 15.0, t) == Grade.GOOD  # the next best not clearly worse
    tenth = cost_threshold(preset("partnership_auction_div10"))
    assert grade(3, 0.0, None, tenth) == Grade.MISTAKE and grade(8, 0.0, None, tenth) == Grade.BLUNDER


def test_luck_says_when_the_two_views_disagree() -> None:
    assert luck(Grade.GOOD, 40.0, 10) == "unlucky" and luck(Grade.BEST, 30.0, 10) == "unlucky"
    assert luck(Grade.GOOD, 20.0, 10) == "" and luck(Grade.GOOD, None, 10) == ""
    assert luck(Grade.MISTAKE, 0.0, 10) == "lucky" and luck(Grade.INACCURACY, 5.0, 10) == "lucky"
    assert luck(Grade.BLUNDER, 100.0, 10) == ""


def test_a_review_without_the_new_fields_still_loads() -> None:
    review = review_at(needs_twenty(), Play(parse_card("9H")), 0, seed=1, viewer=0)
    data = json.loads(json.dumps(review_to_json(review)))
    assert review_from_json(data) == review
    old = {k: v for k, v in data.items() if k not in ("grade", "error", "luck")}
    loaded = review_from_json(old)
    assert (loaded.grade, loaded.error, loaded.luck) == (Grade.MISTAKE, 0.0, "") and loaded.costly
    old["costly"] = False
    assert review_from_json(old).grade == Grade.GOOD


def test_titles_speak_to_the_player_and_name_the_others() -> None:
    """(The review of this pass carries its title: test_the_pass_that_makes_the_contract_is_not_marked_and_junk_is.)"""
    game = the_reported_pass()
    game.players = ["You", "West", "North", "East"]
    names = ["You", "West", "North", "East"]
    seat = game.to_act
    assert seat == 2 and _title(game, seat, Phase.PASSING, names, 0) == "North's pass to you"
    assert _title(game, seat, Phase.PASSING, names, 2) == "Your pass to the hard computer"
    assert seat_word(names, 0, None) == "the hard computer" and seat_word(names, 2, None) == "North"
    assert possessive(seat_word(names, 1, 0)) == "West's" and possessive(seat_word(names, 0, 0)) == "your"
    assert player_seat({"players": names, "seats": 4}) == 0 and player_seat({"seats": 4}) is None


@pytest.mark.slow
def test_the_calibration_computes_every_number_on_a_few_small_hands() -> None:
    """Two hands played and analysed by medium, without the clock (a size that gives no verdict on the
    analysis: the numbers are computed and in range; docs/measurements/analysis-calibration.md has the runs)."""
    result = calibrate("partnership_auction", 2, 1, "medium", unplanted=3, repeats=1)
    assert result.hands == 2 and result.planted + result.not_charged + result.nothing_to_plant == 2
    assert 0 <= result.planted_marked <= result.planted and result.unplanted == 6
    assert 0 <= result.unplanted_marked <= result.unplanted and result.marked >= result.planted_marked
    assert (result.claimed > 0) == (result.marked > 0) and result.contradicted == []
    lines = result.report().splitlines()
    assert [line[:3] for line in lines[1:5]] == ["(a)", "(b)", "(c)", "(d)"]
    assert calibrate("partnership_auction", 2, 1, "medium", unplanted=3, repeats=1, workers=2) == result


def test_the_calibration_reports_each_kind_at_the_players_table(tmp_path: Path) -> None:
    """The player's seat (the hand's seed names it) at medium among easy computers, an error planted by kind:
    every tally is split by kind of decision, the report shows each, and the hands kept in ``out`` are not
    played again (numbers only, as above)."""
    rules, medium = preset("three_hand"), ANALYSIS_LEVELS["medium"]
    assert [p.level.name for p in players_for(rules, medium, 1, EASY, the_seat(rules, 4, "rotate"))] == \
        ["easy", "medium", "easy"]
    out = tmp_path / "hands.jsonl"
    result = calibrate("three_hand", 2, 1, "medium", unplanted=3, repeats=1, table="easy", plant_by="by-kind",
                       out=out)
    kinds = result.kinds.values()
    assert result.hands == 2 and result.unplanted == 6 and list(result.kinds) == [k for k in KINDS if k in result.kinds]
    assert (sum(t.planted for t in kinds), sum(t.planted_marked for t in kinds), sum(t.unplanted for t in kinds),
            sum(t.unplanted_marked for t in kinds), sum(t.marked for t in kinds)) == \
        (result.planted, result.planted_marked, result.unplanted, result.unplanted_marked, result.marked)
    assert sum(t.claimed for t in kinds) == pytest.approx(result.claimed)
    assert sum(t.own_marked for t in kinds) == len(result.own_marked) and \
        sum(t.own_claimed for t in kinds) == pytest.approx(result.own_claimed)
    assert len(result.own_marked) <= result.unplanted_marked
    lines = result.report().splitlines()
    assert lines[6].startswith("by kind") and {line.split(" |")[0].strip() for line in lines[7:7 + len(kinds)]} \
        == set(result.kinds)
    assert len(out.read_text().splitlines()) == 2
    assert calibrate("three_hand", 2, 1, "medium", unplanted=3, repeats=1, table="easy", plant_by="by-kind",
                     out=out) == result and len(out.read_text().splitlines()) == 2


def test_claimed_against_realised_has_a_standard_error_over_the_hands() -> None:
    """The hands are the samples of claimed / realised: three hands claiming 10, 20, 30 that realised 10, 10, 40
    have a ratio of 1 and residuals 0, 10, -10 (sum of squares 200, so a variance of the total of 3/2 x 200),
    whatever the hands' decisions were."""
    total = Tally()
    for claimed, realised in ((10.0, 10.0), (20.0, 10.0), (30.0, 40.0)):
        total.add(Tally(marked=1, claimed=claimed, realised=realised).of_one_hand())
    assert total.claimed / total.realised == 1.0
    assert total.ratio_error(3) == pytest.approx(math.sqrt(1.5 * 200) / 60)
    one = Tally(marked=1, claimed=10.0, realised=20.0).of_one_hand()
    assert math.isnan(one.ratio_error(3)) and math.isnan(Tally().ratio_error(3))  # one hand's ratio: no spread


@pytest.mark.slow
def test_the_card_costs_bench_measures_each_card_both_ways() -> None:
    """Two hands among medium computers: each card measured is a mistake's worth behind the best in the worlds that
    chose it, valued by the way its trick is (greedy or exact), and each ratio has its standard error (numbers only:
    docs/measurements/analysis-calibration.md has the runs)."""
    costs = [cost for seed in (1, 2) for cost in hand_costs("partnership_auction", seed, repeats=1)]
    assert costs and all(cost.way in WAYS for cost in costs)
    assert all(cost.claimed > 0 for cost in costs)  # the best of its worlds, ahead of the card
    assert card_costs_report(costs).splitlines()[0].startswith("| way | cards |")
    three = [CardCost("partnership_auction", 1, "greedy", 1, c, c, c, r)
             for c, r in ((10.0, 10.0), (20.0, 10.0), (30.0, 40.0))]
    assert card_costs_ratio(three, "claimed") == (1.0, pytest.approx(math.sqrt(300) / 60))


def test_a_cost_is_realised_in_the_points_the_analysis_claims_it_in() -> None:
    """Three-handed the analysis values a defender's choice for both defenders against the declarer (they defend
    together); the calibration's realised worth counts the same sides: a defender's is the two defenders' score
    change less the declarer's, the declarer's its own less both of theirs."""
    game = play_game(new_game(preset("three_hand"), seed=3), ["easy"] * 3, 1, 1)
    hand = game.hands_played[-1]
    declarer, delta = hand.declarer, hand.score_delta
    assert declarer is not None
    defender, other = (s for s in range(3) if s != declarer)
    assert calibration_worth(game, declarer) == delta[declarer] - delta[defender] - delta[other]
    assert calibration_worth(game, defender) == calibration_worth(game, other) == \
        delta[defender] + delta[other] - delta[declarer]
    four = play_game(new_game(preset("partnership_auction"), seed=3), ["easy"] * 4, 1, 1)
    assert calibration_worth(four, 0) == four.hands_played[-1].score_delta[0] - four.hands_played[-1].score_delta[1]


def test_a_valuation_knows_its_uncertainty() -> None:
    ace, nine = Play(parse_card("AH")), Play(parse_card("9H"))
    steady = Valuation({ace: (10.0, 20.0, 30.0), nine: (0.0, 10.0, 20.0)})
    assert steady.mean(ace) == 20 and steady.error(ace, nine) == 0  # 10 better in every deal: no doubt
    swinging = Valuation({ace: (10.0, 30.0), nine: (20.0, 0.0)})
    assert swinging.error(ace, nine) == pytest.approx(20.0)  # differences -10 and 30: sd 28.3 over root 2
    both = steady.joined(swinging)
    assert both.worths[ace] == (10.0, 20.0, 30.0, 10.0, 30.0) and both.mean(ace) == 20
    weighted = Valuation({ace: (0.0, 10.0), nine: (0.0, 0.0)}, (3.0, 1.0))
    assert weighted.mean(ace) == 2.5 and weighted.joined(steady).weights == (3.0, 1.0, 1.0, 1.0, 1.0)
    sure = Valuation({ace: (5.0, 15.0), nine: (0.0,)})  # a sure value against an average
    assert sure.error(ace, nine) == pytest.approx(5.0)
