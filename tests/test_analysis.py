"""The analysis of a hand's decisions (engine/ai/analysis.py): known best plays, reasons, records of
every preset, the background analyst, and the same deal played again by the hard computer.

Budgets are in search nodes and simulated deals, never seconds, so no verdict depends on the machine.
"""

from __future__ import annotations

import doctest
import importlib
import json
import re
from functools import cache
from typing import Any

import pytest

from engine.actions import Action, Bid, DeclareOut, Play
from engine.ai.analysis import (
    ANALYSIS_LEVELS,
    COSTLY,
    SEAT_VIEW,
    DecisionReview,
    Grade,
    HandAnalysis,
    cost_threshold,
    decisions_in,
    game_before,
    play_with_hard,
    review_at,
    review_decision,
)
from engine.ai.analysis_words import reason_for, shown_voids
from engine.ai.worker import Analyst
from engine.cards import DIAMONDS, parse_card
from engine.game import PLAY, Game, new_game
from engine.rules import PRESETS, preset
from engine.sim import play_game
from tests.test_ai_cardplay import staged

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
    assert ace.reason.startswith("the best choice here: 9♥, the next best, was worth about")
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
    cost is what an exhaustive search of the game says, and a card is marked (an inaccuracy or worse) exactly
    when that is 10 or more, a mistake when 30 or more (the random players of these hands make costly choices and good ones)."""
    marks = []
    for seed in (1, 2, 3):
        record = record_of("two_hand", seed)
        for index, seat in decisions_in(record):
            game, action = game_before(record, index)
            if game.phase != PLAY or len(game.hand.hands[seat]) > 3:
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
    stock_over = next(n for n, t in enumerate(game.hand.tricks, 1) if not t.get("draws"))
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
        assert bool(review.reason) == (review.grade not in (Grade.GOOD,)), review
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


def test_a_review_is_the_same_under_its_seed_and_goes_through_json() -> None:
    record = record_of("partnership_auction")
    picks = firsts_of_each_kind(record)
    first = [review_decision(record, i, seed=3, level=EASY) for i in picks]
    again = [review_decision(record, i, seed=3, level=EASY) for i in picks]
    assert first == again
    analysis = HandAnalysis(0, tuple(first))
    assert HandAnalysis.from_json(json.loads(json.dumps(analysis.to_json()))) == analysis
    assert DecisionReview.from_json(json.loads(json.dumps(first[0].to_json()))) == first[0]


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


def test_the_analyst_delivers_every_decision_with_progress() -> None:
    record = record_of("partnership_auction")
    analyst = Analyst(processes=False, level="easy", every_card=False)
    analyst.start(record, seat=1, seed=4)
    came: list[DecisionReview] = []
    steps = []
    while not analyst.done():
        came += analyst.poll()
        steps.append(analyst.progress[0])
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
        analyses.append(analyst.wait())
        assert analyst.processes == processes  # (not the thread it falls back on)
        analyst.close()
    assert analyses[0].decisions and analyses[1] == analyses[0]


def test_the_analyst_drops_a_cancelled_analysis() -> None:
    analyst = Analyst(processes=False, level="easy", every_card=False)
    analyst.start(record_of("three_hand"), seat=0)
    analyst.cancel()
    assert analyst.progress == (0, 0) and not analyst.done() and analyst.result() is None
    analyst.close()


@pytest.mark.parametrize("variant", ["two_hand", "three_hand"])
def test_played_with_hard_the_deal_is_the_same(variant: str) -> None:
    record = record_of(variant)
    again = play_with_hard(record, 0, [None] + ["easy"] * (record["seats"] - 1), seed=1)
    for key in ("deal", "dealer", "seed", "hand_number", "variant", "widow", "stock"):
        assert again.get(key) == record.get(key)


def test_the_seat_view_is_the_hard_search_without_a_clock() -> None:
    assert SEAT_VIEW.name == "hard" and SEAT_VIEW.think_seconds == 0 and SEAT_VIEW.search_nodes > 0


@pytest.mark.parametrize("module", ["engine.ai.analysis", "engine.ai.analysis_words", "engine.ai.valuation",
                                    "engine.ai.worker"])
def test_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_a_bid_is_valued_with_the_seat_declaring_in_the_suit_it_would_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat's own contracts are played in the best suit of its hand's valuation (as it would name
    trump), not in a suit guessed by the quick value, which on a tie took spades over clubs."""
    from engine.ai import valuation

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
