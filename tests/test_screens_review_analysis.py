"""The review's analysis and reasons: the computers' reasons shown with their bids and cards, the analysis
filling in with its progress, the costly decisions marked exactly where an exhaustive search of the game
says a card cost 10 or more, the jumps between them, and the hand's summary.

The analysis runs on a thread here (``PINOCHLE_THINK_AT_ONCE``); the tests wait for it to finish, so no
verdict depends on the machine's speed."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from conftest import easy_analysis, players_hand, two_handed_analysis, wait_until
from test_screens_app import FakeApp, _display, app, click, key, render

from engine.ai.analysis.advice import ANALYSIS_LEVELS, APP_SEED
from engine.ai.analysis.hand import Alternative, DecisionReview, Grade, decisions_in, game_before
from engine.ai.analysis.hint import hint, hint_words
from engine.ai.players.computer import make_player
from engine.game import Phase, new_game
from engine.rules import PRESETS, preset
from engine.sim import play_game
from pinochle_gui.screens import open_review, review_analysis
from pinochle_gui.screens.hand_steps import Nav
from pinochle_gui.screens.review import ReviewScene
from pinochle_gui.screens.review_analysis import MARKED
from pinochle_gui.screens.review_notes import bid_values_note, cost_sentence, step_x
from pinochle_gui.widgets.text import watch_text
from tests.test_analysis import exact_values, record_of

__all__ = ["_display", "app"]

pytestmark = pytest.mark.timeout(600)


def opened(app: FakeApp, records: list[dict[str, Any]], index: int = 0) -> ReviewScene:
    assert open_review(app, records, index)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    return scene


def analysed(app: FakeApp, scene: ReviewScene, hard: bool = False) -> None:
    """Poll the scene as the loop does until its analysis (and, with ``hard``, the hard computer's play) is in."""
    analysis = scene.analysis
    assert analysis is not None
    wait_until(lambda: analysis.finished if hard else analysis.analysed,
               "the hard computer's play of the hand" if hard else "the review's analysis",
               step=lambda: app.stack.update(0.1))
    app.stack.update(0.1)


def texts_at(app: FakeApp, scene: ReviewScene, at: int) -> list[str]:
    scene.go(at)
    with watch_text() as seen:
        render(app)
    return [t.text for t in seen]


@pytest.fixture(scope="module")
def endgames() -> tuple[dict[str, Any], dict[int, float]]:
    """A two-handed hand of random play, and the exact cost of each card of its last three tricks (every
    card known once the stock is gone), by trying every line of play through the game."""
    record = record_of("two_hand", 7)  # seat 0 and seat 1 each make one costly card there, and good ones
    costs = {}
    for index, seat in decisions_in(record):
        game, action = game_before(record, index)
        if game.phase == Phase.PLAY and len(game.hand.hands[seat]) <= 3:
            truth = exact_values(game, seat)
            costs[index] = max(truth.values()) - truth[action]
    return record, costs


@easy_analysis  # the hands of the coach's words for every seat: the two-handed one is analysed once
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_step_through_a_whole_analysed_hand_of_every_variant(app: FakeApp, variant: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Forward and back through a whole hand by keys, the analysis (the easy search, to be quick) shown at
    every decision: its title, the choice and its value, and the reason of a computer's."""
    monkeypatch.setattr(review_analysis, "LEVEL", "easy")
    record = players_hand(variant, 3)
    scene = opened(app, [record])
    analysed(app, scene)
    analysis = scene.analysis
    assert analysis is not None and len(analysis.decisions) + len(analysis.errors) == len(decisions_in(record))
    seen_decisions = set()
    for move in [pygame.K_RIGHT] * (len(scene.steps) - 1) + [pygame.K_LEFT] * (len(scene.steps) - 1):
        key(app, move)
        step = scene.step
        review = analysis.decisions.get(step.action_index) if step.action_index is not None else None
        if review is None or move == pygame.K_LEFT and step.kind not in ("bid", "trump", "pass_cards", "bury"):
            continue
        shown = " ".join(texts_at(app, scene, scene.at))
        assert review.title in shown and f"Chosen: {review.chosen.action}" in shown
        assert not step.reason or step.reason.split()[0] in shown
        seen_decisions.add(step.action_index)
    assert scene.at == 0 and seen_decisions == set(analysis.decisions)


@two_handed_analysis
def test_costly_decisions_are_marked_where_the_exact_search_says(
        app: FakeApp, endgames: tuple[dict[str, Any], dict[int, float]]) -> None:
    record, costs = endgames
    assert sorted(costs.values()) == [0.0, 0.0, 20.0, 30.0]
    scene = opened(app, [record])
    assert scene.analysis is not None and scene.analysis.seat == 0  # no person in the record: seat 0
    analysed(app, scene)
    # marked from a mistake on: 30 points single deck (engine.ai.analysis.hand.TIERS)
    for index, cost in costs.items():
        at = next(i for i, s in enumerate(scene.steps) if s.action_index == index)
        review = scene.analysis.decisions[index]
        assert review.cost == pytest.approx(cost) and review.costly == (cost >= 30)
        shown = " ".join(texts_at(app, scene, at))
        # the cost's sentence from an inaccuracy on (10 points single deck), marked red from a mistake on
        assert ("here cost about" in shown) == (cost >= 10), shown
        assert {"0.0": "Good", "20.0": "Inaccuracy", "30.0": "Mistake"}[str(cost)] in shown, shown
        assert f"Chosen: {review.chosen.action}" in shown
        mark = scene.layer().get_at((step_x(scene.bar, at, len(scene.steps)), scene.bar.y - 2))
        assert (mark[:3] == scene.theme.bad) == (cost >= 30 and review.seat == 0)


@two_handed_analysis
def test_keys_and_buttons_go_from_marked_decision_to_marked_decision(
        app: FakeApp, endgames: tuple[dict[str, Any], dict[int, float]]) -> None:
    scene = opened(app, [endgames[0]])
    analysed(app, scene)
    costly = scene.marked_steps()
    assert costly == [i for i, s in enumerate(scene.steps)
                      if s.action_index in scene.analysis.decisions  # type: ignore[union-attr]
                      and scene.analysis.decisions[s.action_index].grade in MARKED  # type: ignore[union-attr,index]
                      and s.seat == 0]
    visited = []
    scene.go(0)
    for _ in costly:
        key(app, pygame.K_c)
        visited.append(scene.at)
    assert visited == costly
    key(app, pygame.K_c)
    assert scene.at == costly[-1] and not scene.nav[Nav.NEXT_MARK].enabled
    click(app, scene.nav[Nav.PREVIOUS_MARK].rect.center)
    assert scene.at == (costly[-2] if len(costly) > 1 else costly[-1])
    key(app, pygame.K_c, mod=pygame.KMOD_SHIFT)
    assert scene.at == (costly[-3] if len(costly) > 2 else costly[0])
    click(app, (scene.bar.right - 7, scene.bar.centery))  # the bar: a click goes to the step under it
    assert scene.at == len(scene.steps) - 1


@pytest.mark.slow
def test_the_review_is_usable_at_once_and_shows_its_progress(app: FakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """(The easy search, to be quick: the progress is the same whatever the search.)"""
    monkeypatch.setattr(review_analysis, "LEVEL", "easy")
    record = record_of("partnership_auction", 2)
    scene = opened(app, [record])
    total = len(decisions_in(record))
    with watch_text() as seen:
        render(app)
    assert any(t.text.startswith(f"Analysing: 0 of {total} decisions") for t in seen)
    key(app, pygame.K_RIGHT)
    assert scene.at == 1  # stepping needs no analysis
    analysed(app, scene)
    assert scene.analysis is not None and len(scene.analysis.decisions) == total
    assert any(t.startswith(f"Analysed {total} decisions") for t in texts_at(app, scene, 1))
    key(app, pygame.K_w)  # another seat's decisions: the analysis starts again for the next seat
    assert scene.analysis is not None and scene.analysis.seat == 1
    assert any(t.startswith(f"Analysing: 0 of {total} decisions, {record['players'][1]}'s first")
               for t in texts_at(app, scene, 1))


@pytest.mark.slow
def test_a_hand_played_by_the_hint_reads_the_hint_advised_the_choice_made_at_every_step(
        app: FakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player follows the table's hint (the app's seed; the medium search for the hint and the review alike,
    to be quick) through a hand; its review says at each of the player's decisions that the hint advised the
    choice made, in the hint's words, and marks none of them, and the summary gives the player every decision
    best or good."""
    monkeypatch.setattr(review_analysis, "LEVEL", "medium")
    level = ANALYSIS_LEVELS["medium"]
    game = new_game(preset("partnership_auction"), seed=5)
    game.players, game.humans = ["You", "West", "North", "East"], (0,)
    others = {s: make_player("medium", 50 + s) for s in (1, 2, 3)}
    hinted: dict[int, str] = {}
    while not game.hand_records:
        seat = game.to_act
        assert seat is not None
        if seat == 0:
            action = hint(game, 0, APP_SEED, level)[0]
            hinted[len(game.log) - game.hand_start] = hint_words(action, game)
        else:
            action = others[seat].choose(game, seat)
        game.apply(action)
    record = game.hand_records[0]
    mine = [i for i, s in decisions_in(record) if s == 0]
    scene = opened(app, [record])
    analysed(app, scene)
    analysis = scene.analysis
    assert analysis is not None and mine and set(mine) <= set(analysis.decisions)
    for index in mine:
        shown = " ".join(texts_at(app, scene, next(i for i, s in enumerate(scene.steps) if s.action_index == index)))
        assert f"The hint advised {hinted[index]}, the choice made" in shown, shown
        assert analysis.decisions[index].grade in (Grade.BEST, Grade.GOOD)
    found = analysis.accuracy(0)
    assert (found.sound, found.decisions, found.lost) == (len(mine), len(mine), 0.0)
    key(app, pygame.K_s)
    assert f"100% ({len(mine)} of {len(mine)})" in texts_at(app, scene, scene.at)


def test_reasons_go_through_the_record_and_show_with_the_bids_and_cards(app: FakeApp) -> None:
    app.update_settings(analyse_hands=False)
    game = new_game(preset("partnership_auction"), seed=4)
    game.players = ["You", "West", "North", "East"]
    game.humans = (0,)
    record = play_game(game, ["random", "easy", "easy", "easy"], 4, 1).hand_records[0]
    reasons = dict(map(tuple, record["reasons"]))  # type: ignore[arg-type]
    assert reasons and 0 not in {s for i, s in decisions_in(record) if i in reasons}  # the person gives none
    scene = opened(app, [record])
    assert scene.analysis is None and not scene.nav[Nav.SUMMARY].enabled
    shown = {s.action_index: s.reason for s in scene.steps if s.reason}
    assert shown == reasons
    bid = next(i for i, s in enumerate(scene.steps) if s.kind in ("bid", "pass") and s.reason)
    step = scene.steps[bid]
    texts = " ".join(texts_at(app, scene, bid))
    who = record["players"][step.seat]  # type: ignore[index]
    assert f"{who}'s reason:" in texts
    assert step.reason.split()[0] in texts and step.text in texts  # the bid in the auction with its reason
    card = next(i for i, s in enumerate(scene.steps) if s.kind == "play" and s.reason)
    assert f"reason: “{scene.steps[card].reason[:20]}" in " ".join(texts_at(app, scene, card)).replace("\n", " ")


@two_handed_analysis
def test_the_summary_shows_accuracy_what_was_lost_the_key_moments_and_the_hard_play(
        app: FakeApp, endgames: tuple[dict[str, Any], dict[int, float]]) -> None:
    record = endgames[0]
    scene = opened(app, [record])
    key(app, pygame.K_s)
    assert scene.summary is not None
    analysed(app, scene, hard=True)
    analysis = scene.analysis
    assert analysis is not None and analysis.hard_record is not None
    assert analysis.hard_record["deal"] == record["deal"]
    texts = texts_at(app, scene, scene.at)
    assert "Accuracy and points lost to decisions" in texts
    for seat, who in ((0, "You" if 0 in record.get("humans", []) else record["players"][0]),
                      (1, f"{record['players'][1]}, opponent")):
        assert who in texts and analysis.points(analysis.lost(seat), signed=False) in texts
        found = analysis.accuracy(seat)
        assert f"{found.percent} ({found.sound} of {found.decisions})" in texts
    moments = [review for review, _words in analysis.key_moments()]
    marked = [d for s in (0, 1) for d in analysis.marked(s)]
    assert moments and len(moments) <= 3
    assert [d.cost for d in moments] == sorted((d.cost for d in marked), reverse=True)[:3]
    assert any(t.startswith("Hard in the seat:") for t in texts) and any(t.startswith("As played:") for t in texts)
    first = moments[0]
    rows = [w for w in scene.widgets if getattr(w, "text", "").startswith(first.title)]
    click(app, rows[0].rect.center)
    assert scene.summary is None and scene.step.action_index == first.action_index


def costly(kind: Phase, title: str, chosen: str, cost: float, best: float, value: float) -> DecisionReview:
    return DecisionReview(12, 0, kind, title, None, Alternative(chosen, value, None),
                          (Alternative("Pass", best, None),), cost, None, True, "your partner had passed",
                          Grade.BLUNDER)


def test_the_costly_sentence_says_the_choice_as_a_player_would() -> None:
    """A verb for every choice ("Bidding 330", "Passing A♠ ..."), no quoted code; how a bid is valued, and
    that its cost counts at most what it risks, in a note apart from the reason."""
    bid = costly(Phase.BIDDING, "Your bid", "Bid 330", 330.0, 254.0, -106.0)
    assert cost_sentence(bid) == "Bidding 330 here cost about 330: your partner had passed"
    assert bid_values_note(bid) == ("Each bid is valued as if it won the auction, a pass as if the high bidder "
                                    "kept the contract; a bid's cost counts at most the 330 it risks.")
    passed = costly(Phase.BIDDING, "Your bid", "Pass", 40.0, 10.0, -30.0)
    assert cost_sentence(passed).startswith("Passing here cost about 40:") and "at most" not in bid_values_note(passed)
    cards = costly(Phase.PASSING, "Your pass to North", "Pass A♠ K♥ A♥ A♣", 60.0, 10.0, -50.0)
    assert cost_sentence(cards).startswith("Passing A♠ K♥ A♥ A♣ here cost about 60")
    thrown = costly(Phase.THROW_IN, "Your throw-in", "Throw in", 30.0, 0.0, -30.0)
    assert cost_sentence(thrown).startswith("Throwing in ")
