"""A fair try again, driven by posted clicks and keys: a pass or a bury picked on the hand drawn as cards (the engine
saying which sets are legal), the sets the analysis valued as quick picks, best first with their values, the
choice made and the new line played on by the same computers and set side by side with a reason or what
differed, and the better line watched card by card.

The analysis is made up here and kept as the app keeps finished ones (``review_analysis.FINISHED``), and the
playing on is replaced by a quick stand-in where the test is about the screen, so each test takes a second or
two."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from conftest import players_hand
from test_screens_app import FakeApp, _display, app, button_named, click, key, render

from engine.actions import Bury, PassCards, action_to_json
from engine.ai.analysis.hand import Alternative, DecisionReview, Grade, HandAnalysis, action_words, game_before
from engine.ai.analysis.try_again import play_on, same_choice, value_of
from engine.cards import cards_label, parse_cards
from engine.game import Phase, new_game
from engine.record import HandRecord
from engine.rules import preset, with_options
from engine.sim import play_game
from pinochle_gui.art import CardArt
from pinochle_gui.net_result import net
from pinochle_gui.screens import open_review, review_analysis
from pinochle_gui.screens import try_again as try_again_screen
from pinochle_gui.screens.review import ReviewScene
from pinochle_gui.screens.try_again import TryAgainScene
from pinochle_gui.screens.watch import PACE, WatchScene
from pinochle_gui.theme import get_theme
from pinochle_gui.widgets.card_picker import CardPicker
from pinochle_gui.widgets.text import watch_text

__all__ = ["_display", "app"]

#: A four-handed hand (seed 10) whose player, the declarer, returns four cards to North at action 6.
RETURN_AT = 6


def returning_hand() -> HandRecord:
    record = players_hand("partnership_auction", 10)
    game, made = game_before(record, RETURN_AT)
    assert game.hand.phase == Phase.RETURN and game.to_act == 0 and isinstance(made, PassCards)
    return record


def valued_returns(record: HandRecord) -> HandAnalysis:
    """The return valued as the analysis would: the choice made +120, two others +150 and +95, named with their
    cards in the order of their codes (as the analysis names a pass)."""
    game, made = game_before(record, RETURN_AT)
    others = [a for a in game.legal_actions() if a != made]
    best, third = others[5], others[-5]
    def named(action: Any, value: float) -> Alternative:
        return Alternative("Return " + " ".join(action_words(type(action)(tuple(sorted(action.cards))), game)
                                                .split()[1:]), value, None)
    review = DecisionReview(RETURN_AT, 0, Phase.RETURN, "Your return to North", None, named(made, 120.0),
                            (named(best, 150.0), named(third, 95.0)), 30.0, None, True, "a reason", Grade.MISTAKE,
                            advised=action_words(best, game))
    return HandAnalysis(0, (review,))


@pytest.fixture
def review(app: FakeApp) -> Iterator[ReviewScene]:
    record = returning_hand()
    review_analysis.FINISHED[review_analysis.hand_key(record, 0)] = valued_returns(record)
    assert open_review(app, [record])
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.analysis is not None and scene.analysis.analysed
    yield scene
    review_analysis.FINISHED.pop(review_analysis.hand_key(record, 0), None)


def played_on(calls: list[Any], worse_by: int = 40) -> Any:
    """A stand-in for :func:`engine.ai.analysis.try_again.play_on`: the choice made gives the hand as played, another
    choice the same hand ``worse_by`` points worse for the player's side, its tricks as many fewer."""
    def play_on(record: HandRecord, index: int, choice: Any, level: str, levels: Any) -> HandRecord:
        calls.append((index, choice, levels))
        if choice == record["actions"][index]:
            return record
        tricks = [record["trick_points"][0] - worse_by, record["trick_points"][1] + worse_by]
        return {**record, "actions": [*record["actions"][:index], choice, *record["actions"][index + 1:]],
                "trick_points": tricks, "score_delta": [record["score_delta"][0] - worse_by, record["score_delta"][1]]}
    return play_on


def texts(app: FakeApp) -> list[str]:
    with watch_text() as seen:
        render(app)
    assert not [t.text for t in seen if t.cut], "a text was cut"
    return [t.text for t in seen]


def try_again_at_the_return(app: FakeApp, review: ReviewScene) -> TryAgainScene:
    review.go(next(i for i, s in enumerate(review.steps) if s.action_index == RETURN_AT))
    key(app, pygame.K_t)
    chooser = app.stack.top
    assert isinstance(chooser, TryAgainScene) and chooser.picker is not None
    return chooser


def until_played(app: FakeApp, chooser: TryAgainScene) -> None:
    for _ in range(500):
        app.stack.update(0.1)
        if chooser.line is not None and chooser.control is not None:
            return
        time.sleep(0.005)  # the stand-in runs on the pool's thread
    raise AssertionError(f"the lines were not played on: {chooser.failed}")


# -- picking the cards -------------------------------------------------------------------------------------


def test_a_return_is_picked_on_the_hand_and_played_on_as_the_engine_has_it(
        app: FakeApp, review: ReviewScene, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []
    monkeypatch.setattr(try_again_screen, "play_on", played_on(calls))
    chooser = try_again_at_the_return(app, review)
    picker = chooser.picker
    assert picker is not None and picker.count == 4 and len(picker.cards) == 16
    said = texts(app)
    assert "Choose 4 cards to return to North" in said and "0 of 4 chosen" in said
    confirm = button_named(chooser, "Play it on")
    assert not confirm.enabled
    fourth = next(i for i in range(3, len(picker.cards))  # a set the analysis did not value
                  if value_of(f"Return {cards_label([*picker.cards[:3], picker.cards[i]])}", chooser.worths) is None)
    for place in (0, 1, 2):
        click(app, picker.card_rects()[place].center)
    assert len(picker.chosen) == 3 and not confirm.enabled and "3 of 4 chosen" in " ".join(texts(app))
    click(app, picker.card_rects()[fourth].center)
    assert picker.complete and confirm.enabled
    action = picker.action()
    assert isinstance(action, PassCards) and sorted(action.cards) == sorted(picker.chosen_cards())
    assert "not valued by the analysis; the computers will play it on" in " ".join(texts(app))
    click(app, picker.card_rects()[0].center)  # a card put back: too few again
    assert not confirm.enabled
    click(app, picker.card_rects()[0].center)
    click(app, confirm.rect.center)
    assert chooser.chosen is not None and chooser.chosen[1] == action_to_json(action)
    until_played(app, chooser)
    made = review.records[0]["actions"][RETURN_AT]
    assert sorted(c[1] for c in calls) == sorted([made, action_to_json(action)])  # the choice made played on too
    assert all(c[2] == [None, "medium", "medium", "medium"] for c in calls)  # by the table's computers


def test_the_sets_the_analysis_valued_are_quick_picks_best_first_with_their_values(
        app: FakeApp, review: ReviewScene) -> None:
    chooser = try_again_at_the_return(app, review)
    analysis = review.analysis
    assert analysis is not None
    found = analysis.decisions[RETURN_AT]
    by_value = sorted((found.chosen, *found.best), key=lambda a: -a.value)
    quick = [w for w in chooser.widgets if getattr(w, "text", "").startswith("Return ")]
    assert [q.text.split("  ")[1] for q in quick] == [analysis.points(a.value) for a in by_value]  # best first
    assert [q.text.endswith("(as played)") for q in quick] == [a is found.chosen for a in by_value]
    assert "Or pick a set the analysis valued, best first:" in texts(app)
    click(app, quick[0].rect.center)  # the best: picked on the hand, not yet played
    picker = chooser.picker
    assert picker is not None and chooser.chosen is None
    best = next(value for words, value in chooser.every if same_choice(words, by_value[0].action))
    best_cards = game_before(review.records[0], RETURN_AT)[0].action_from_json(best)
    assert isinstance(best_cards, PassCards) and sorted(picker.chosen_cards()) == sorted(best_cards.cards)
    shown = " ".join(texts(app))
    assert f"valued {analysis.points(by_value[0].value)} by the analysis, from what you saw" in shown
    assert button_named(chooser, "Play it on").enabled
    key(app, pygame.K_RETURN)  # the focus went to Play it on
    assert chooser.chosen is not None and sorted(chooser.chosen[0].split()) == sorted(by_value[0].action.split())


def test_the_picker_asks_the_engine_and_refuses_what_the_rules_do_not_allow() -> None:
    """Three-handed with the strict bury: the declarer's meld cards may not be buried; the picker says so in the
    option's words and gives no action. Whatever the count, the engine's word decides (a refusing engine keeps
    every set refused)."""
    rules = with_options(preset("three_hand"), strict_bury=True)
    game = new_game(rules, seed=6)
    game.humans, game.players = (0,), ["Ada", "West", "North"]
    record = play_game(game, ["easy"] * 3, 6, 1).hand_records[0]
    before, made = game_before(record, 4)
    assert before.hand.phase == Phase.BURY and isinstance(made, Bury)
    confirmed: list[Any] = []
    picker = CardPicker(before, CardArt("classic"), get_theme("green"), on_confirm=confirmed.append)
    picker.rect = pygame.Rect(0, 0, 900, 260)
    assert picker.count == 3 and picker.caption() == "Choose 3 cards to bury"
    picker.choose(parse_cards("9C JC QC"))  # the run's cards
    assert picker.complete and picker.action() is None
    assert "Strict bury" in picker.refusal() and "may not bury cards used in meld" in picker.refusal()
    picker.focused = True
    picker.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert not confirmed and "Strict bury" in picker.status()
    picker.choose(made.cards)
    action = picker.action()
    assert action is not None and sorted(action.cards) == sorted(made.cards)
    picker.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert confirmed == [action]
    refusing = CardPicker(before, CardArt("classic"), get_theme("green"))
    refusing.game.is_legal = lambda *args: False  # type: ignore[method-assign]
    refusing.choose(made.cards)
    assert refusing.complete and refusing.action() is None and refusing.refusal()


def test_keys_pick_cards_as_at_the_table(app: FakeApp, review: ReviewScene, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(try_again_screen, "play_on", played_on([]))
    chooser = try_again_at_the_return(app, review)
    picker = chooser.picker
    assert picker is not None and chooser.focus is picker
    for _ in range(4):
        key(app, pygame.K_SPACE, pygame.K_RIGHT)
    assert picker.chosen == [0, 1, 2, 3]
    key(app, pygame.K_RETURN)
    assert chooser.chosen is not None


# -- the verdict and its reason -----------------------------------------------------------------------------


@pytest.mark.parametrize("why", ["", "it keeps the trumps"])
def test_every_difference_comes_with_its_reason_or_what_differed(
        app: FakeApp, review: ReviewScene, monkeypatch: pytest.MonkeyPatch, why: str) -> None:
    monkeypatch.setattr(try_again_screen, "play_on", played_on([]))
    monkeypatch.setattr(try_again_screen, "why_better", lambda *args: why)
    chooser = try_again_at_the_return(app, review)
    assert chooser.picker is not None
    chooser.picker.choose(chooser.picker.cards[:4])
    click(app, button_named(chooser, "Play it on").rect.center)
    until_played(app, chooser)
    shown = " ".join(texts(app))
    record = review.records[0]
    made = chooser.played_words
    assert "40 less than as played" in shown
    assert "Both lines are played on from here by the same computers" in shown
    if why:
        assert f"Why {made} did better: {why}." in shown
    else:  # the analysis valued the choice made, not the cards picked
        assert f"The analysis did not value {chooser.chosen[0]}, and nothing you could see speaks for {made}." \
            in shown
    tricks = record["trick_points"]
    assert f"What differed: your side's tricks {tricks[0]}, then {tricks[0] - 40}; the opponents' tricks " \
           f"{tricks[1]}, then {tricks[1] + 40}." in shown


def test_the_choice_made_played_on_is_what_the_new_line_is_set_against(
        app: FakeApp, review: ReviewScene, monkeypatch: pytest.MonkeyPatch) -> None:
    """Played on by the computers, the choice made may come out otherwise than the hand really went (the player's
    later decisions were the player's): the new line is set against it, and the real result said beside."""
    record = review.records[0]
    other = {**record, "actions": [*record["actions"][:-1], "x"], "score_delta": [record["score_delta"][0] - 10,
                                                                                 record["score_delta"][1]]}
    stand_in = played_on([], worse_by=30)
    monkeypatch.setattr(try_again_screen, "play_on",
                        lambda r, i, c, *rest: other if c == r["actions"][i] else stand_in(r, i, c, *rest))
    chooser = try_again_at_the_return(app, review)
    assert chooser.picker is not None
    chooser.picker.choose(chooser.picker.cards[:4])
    click(app, button_named(chooser, "Play it on").rect.center)
    until_played(app, chooser)
    shown = " ".join(texts(app))
    assert "The choice made, played on net " in shown and "than the choice made" in shown
    assert f"As the hand really went: {record['score_delta'][0] - record['score_delta'][1]:+d}." in shown


# -- watching ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 800), (720, 1280)])
def test_watch_it_plays_the_better_line_card_by_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     size: tuple[int, int]) -> None:
    fake = FakeApp(tmp_path, size)
    record = returning_hand()
    review_analysis.FINISHED[review_analysis.hand_key(record, 0)] = valued_returns(record)
    try:
        monkeypatch.setattr(try_again_screen, "play_on",  # the easy computers: whole hands, in a moment
                            lambda r, i, c, _level, _levels: play_on(r, i, c, "easy", ["easy"] * 4))
        assert open_review(fake, [record])
        scene = fake.stack.top
        assert isinstance(scene, ReviewScene)
        chooser = try_again_at_the_return(fake, scene)
        assert chooser.picker is not None
        texts(fake)  # nothing cut while choosing
        chooser.picker.choose(chooser.picker.cards[:4])
        click(fake, button_named(chooser, "Play it on").rect.center)
        until_played(fake, chooser)
        texts(fake)  # nor in the verdict
        click(fake, button_named(chooser, "Watch it").rect.center)
        watch = fake.stack.top
        lines = [chooser.control, chooser.line]
        better = 0 if net(lines[0], 0) > net(lines[1], 0) else 1  # the new line when the two come out the same
        assert isinstance(watch, WatchScene) and watch.records[watch.index] is lines[better]
        start = watch.at
        assert watch.steps[start + 1].action_index == RETURN_AT and watch.playing
        seen = [watch.at]
        while watch.playing:
            fake.stack.update(PACE)
            seen.append(watch.at)
        assert seen == list(range(start, len(watch.steps)))  # every step, one at a time, to the score
        played = {s.action_index for s in watch.steps[start + 1:] if s.action_index is not None}
        assert played == set(range(RETURN_AT, len(lines[better]["actions"])))  # every action from the decision on
        said = " ".join(texts(fake))
        names = [f"{chooser.first_label()}: Return", "The new line: "]  # the line shown, named
        assert "Paused: Space plays on" in said and names[better] in said
        key(fake, pygame.K_SPACE)  # from the decision again
        assert watch.playing and watch.at == start
        key(fake, pygame.K_SPACE)
        fake.stack.update(PACE * 3)
        assert watch.at == start and not watch.playing  # paused
        key(fake, pygame.K_RIGHT, pygame.K_RIGHT)
        assert watch.at == start + 2
        key(fake, pygame.K_PAGEDOWN)  # the other line, from the same decision
        assert watch.records[watch.index] is lines[1 - better] and watch.at == start
        assert names[1 - better] in " ".join(texts(fake))
        key(fake, pygame.K_ESCAPE)
        assert fake.stack.top is chooser
    finally:
        review_analysis.FINISHED.pop(review_analysis.hand_key(record, 0), None)
        fake.close()


def test_the_words_of_the_verdict() -> None:
    import doctest

    from pinochle_gui.screens import try_again_words

    result = doctest.testmod(try_again_words)
    assert result.attempted > 0 and result.failed == 0


def test_a_line_better_than_the_analysis_valued_it_is_said_to_be_the_cards(
        app: FakeApp, review: ReviewScene, monkeypatch: pytest.MonkeyPatch) -> None:
    """The new line came out better though the analysis valued its choice less: no reason is made up, the two
    values are said, and that the cards fell its way."""
    monkeypatch.setattr(try_again_screen, "play_on", played_on([], worse_by=-40))
    monkeypatch.setattr(try_again_screen, "why_better", lambda *args: "")
    chooser = try_again_at_the_return(app, review)
    analysis = review.analysis
    assert analysis is not None
    found = analysis.decisions[RETURN_AT]
    worst = min(found.best, key=lambda a: a.value)
    click(app, next(w for w in chooser.widgets if getattr(w, "text", "").startswith(worst.action)).rect.center)
    click(app, button_named(chooser, "Play it on").rect.center)
    until_played(app, chooser)
    shown = " ".join(texts(app))
    assert "40 more than as played" in shown
    gap = analysis.points(found.chosen.value - worst.value, signed=False)
    assert f"less than {chooser.played_words}, from what you saw ({analysis.points(worst.value)} against " \
           f"{analysis.points(found.chosen.value)}): here the cards fell its way." in shown and f" {gap} less" in shown
