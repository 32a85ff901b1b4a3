"""The coach's screens driven by posted keys and clicks: "you" said of the player only on every panel of the
review (every seat's analysis, the summary, a challenge's hard computer), one yardstick (net: a side's score
less the opponents'), the hard computer's play stepped through, and "try again from here" played on to the
hand's end and stepped through.

The analysis, the hard computer's play and the new line run on a thread here (``PINOCHLE_THINK_AT_ONCE``)
with small searches; the tests wait for them with a bound, so no verdict depends on the machine's speed."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from conftest import easy_analysis, fast_where, players_hand
from test_screens_app import FakeApp, _display, app, button_named, click, key, render

from engine.ai.analysis.hand import decisions_in
from engine.challenge import Challenge, challenge_deals, deal_game
from engine.game import Phase
from engine.record import check_record
from engine.rules import preset
from engine.sim import play_game
from pinochle_gui.challenge_run import new_run
from pinochle_gui.net_result import net
from pinochle_gui.screens import review_analysis, try_again
from pinochle_gui.screens.review import ReviewScene, open_review
from pinochle_gui.screens.review_graph import axis_labels, graph_points
from pinochle_gui.screens.try_again import TryAgainScene
from pinochle_gui.widgets.text import watch_text

__all__ = ["_display", "app"]

pytestmark = pytest.mark.timeout(600)

#: "you", "your", "yours", "You's" as words.
YOU = re.compile(r"\byou(r|rs|'s)?\b", re.IGNORECASE)
#: How long a background job may take here before the test fails (it never decides a verdict).
BOUND = 300.0


@pytest.fixture(autouse=True)
def _small_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_analysis, "LEVEL", "easy")
    monkeypatch.setattr(review_analysis, "OTHERS_LEVEL", "easy")
    monkeypatch.setattr(try_again, "LEVEL", "easy")


def until(app: FakeApp, done: Any, what: str) -> None:
    """Run the loop (as the app does) until ``done()``; fails clearly past :data:`BOUND` seconds."""
    end = time.monotonic() + BOUND
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"{what} did not finish within {BOUND:.0f} s")
        app.stack.update(0.1)
        time.sleep(0.01)
    app.stack.update(0.1)


def opened(app: FakeApp, records: list[dict[str, Any]], index: int = 0) -> ReviewScene:
    assert open_review(app, records, index)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    return scene


def analysed(app: FakeApp, scene: ReviewScene) -> None:
    until(app, lambda: scene.analysis is not None and scene.analysis.analysed, "the analysis")


def drawn(app: FakeApp) -> list[str]:
    with watch_text() as seen:
        render(app)
    assert not [t.text for t in seen if t.cut], "a text was cut"
    return [t.text for t in seen]


def every_step(app: FakeApp, scene: ReviewScene) -> list[tuple[int | None, str]]:
    """(the step's seat, each text drawn) at every step of the hand, stepped through by keys."""
    key(app, pygame.K_HOME)
    texts = [(scene.step.seat, text) for text in drawn(app)]
    for _ in range(len(scene.steps) - 1):
        key(app, pygame.K_RIGHT)
        texts += [(scene.step.seat, text) for text in drawn(app)]
    return texts


def own_words(scene: ReviewScene, text: str) -> bool:
    """A line of a computer's reason as it gave it when it decided (the record's words, quoted: its "your"
    is the computer's own seat)."""
    quoted = re.sub(r"^.*'s reason: “|^Your reason: “|”$", "", text)
    return any(quoted in step.reason for step in scene.steps if step.reason)


# -- the seat's own words -----------------------------------------------------------------------------------


@easy_analysis  # the player's hands of seed 3: the review's walk through every variant analyses them too
@pytest.mark.parametrize("variant", ["partnership_auction", "two_hand"])
def test_you_and_your_are_said_of_the_player_only_for_every_seat(app: FakeApp, variant: str) -> None:
    record = players_hand(variant, 3)
    names = record["players"]
    scene = opened(app, [record])
    for analysed_seat in range(record["seats"]):
        assert scene.analysis is not None and scene.analysis.seat == analysed_seat
        analysed(app, scene)
        for seat, text in every_step(app, scene):
            assert "You's" not in text and "you's" not in text
            if YOU.search(text) is None or own_words(scene, text):
                continue
            # the words say "you" only at the player's own step, or of the player's decisions listed, or of the
            # player as a third party in another seat's reason ("You were void in hearts ..."): never "your"
            # for another seat's things
            of_the_player = re.search(r"\b[Yy]ou (were void|did not follow|trumped)", text) is not None \
                and "your" not in text.lower()
            assert seat == 0 or of_the_player or analysed_seat == 0 and not any(f"{n}'s" in text for n in names[1:]), \
                text
        for review in scene.analysis.decisions.values():
            assert (YOU.search(review.title) is not None) == (review.seat == 0), review.title
            if review.seat != 0:
                assert f"{names[review.seat]}'s" in review.title
        key(app, pygame.K_w)  # the next seat's decisions


@pytest.mark.slow
def test_the_hard_computers_challenge_play_never_says_you(app: FakeApp) -> None:
    challenge = Challenge(7, preset("partnership_auction"), 2, (None, "easy", "easy", "easy"))
    run = new_run(challenge, ["Ada", "West", "North", "East"], [1, 2, 3, 4])
    game = deal_game(challenge.rules, challenge_deals(7, challenge.rules, 2)[0])
    game.players, game.humans = ["Ada", "West", "North", "East"], (0,)
    run.deal_played(play_game(game, ["easy"] * 4, 1, 1).hand_records[0])
    run.computer[0] = play_game(deal_game(challenge.rules, challenge_deals(7, challenge.rules, 2)[0]),
                                ["easy"] * 4, 2, 1).hand_records[0]
    theirs = run.computer_record(0)
    assert theirs is not None
    scene = opened(app, [run.played[0], theirs], 1)
    for _ in range(4):
        analysed(app, scene)
        said = [text for _seat, text in every_step(app, scene) if YOU.search(text) and not own_words(scene, text)]
        assert not said, said
        key(app, pygame.K_w)
    titles = [d.title for d in scene.analysis.decisions.values() if d.seat == 0] if scene.analysis else []
    assert titles and all("Hard computer's" in t or "hard computer's" in t for t in titles)
    key(app, pygame.K_s)  # the summary speaks of the hard computer too
    until(app, lambda: scene.analysis is not None and scene.analysis.finished, "the hard computer's play")
    assert not [text for text in drawn(app) if YOU.search(text) and not own_words(scene, text)]


# -- one yardstick and the hard computer's play ---------------------------------------------------------------


@pytest.mark.slow
def test_the_summary_reconciles_net_and_opens_the_hard_computers_play(app: FakeApp) -> None:
    record = players_hand("partnership_auction", 5)
    scene = opened(app, [record])
    analysed(app, scene)
    key(app, pygame.K_s)
    analysis = scene.analysis
    assert analysis is not None
    until(app, lambda: analysis.finished, "the hard computer's play")
    hard = analysis.hard_record
    assert hard is not None and hard["deal"] == record["deal"] and hard["players"][0] == "Hard computer"
    check_record(hard)
    texts = " ".join(drawn(app))
    mine, theirs = net(record, 0), net(hard, 0)
    side, others = record["score_delta"]
    assert mine == side - others
    assert f"As played: {mine:+d} (your side {side:+d}, the opponents {others:+d})" in texts
    assert f"The hard computer in your seat: {theirs:+d}" in texts
    assert f"Your marked decisions cost about {analysis.points(analysis.lost(0), signed=False)}" in texts
    click(app, button_named(scene, "The hard computer's play").rect.center)
    hard_review = app.stack.top
    assert isinstance(hard_review, ReviewScene) and hard_review is not scene
    assert hard_review.records[hard_review.index] is hard and hard_review.records[0] is record
    analysed(app, hard_review)
    key(app, pygame.K_END)
    said = [t for t in drawn(app) if YOU.search(t) and not own_words(hard_review, t)]
    assert not said, said  # nobody at that table is the player


# -- try again from here --------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", fast_where([(1280, 800), (720, 1200)], [(720, 1200)]))
def test_try_again_plays_the_hand_on_and_the_new_line_is_stepped_through(tmp_path: Path,
                                                                         size: tuple[int, int]) -> None:
    fake = FakeApp(tmp_path, size)
    try:
        record = players_hand("partnership_auction", 4)
        index = [i for i, seat in decisions_in(record) if seat == 0][-3]  # a card of the player's
        scene = opened(fake, [record])
        analysed(fake, scene)
        scene.go(next(i for i, s in enumerate(scene.steps) if s.action_index == index))
        render(fake)
        click(fake, button_named(scene, "Try again from here").rect.center)
        chooser = fake.stack.top
        assert isinstance(chooser, TryAgainScene)
        texts = drawn(fake)
        assert any(text.endswith("(as played)") for text in texts)
        words, _choice = next(c for c in chooser.choices if c[1] != record["actions"][index])
        other = next(b for b in chooser.focusables() if getattr(b, "text", "").split("  ")[0] == words)
        click(fake, other.rect.center)
        assert chooser.chosen is not None and chooser.chosen[1] != record["actions"][index]
        until(fake, lambda: chooser.line is not None and chooser.control is not None or chooser.failed,
              "the new line")
        line, control = chooser.line, chooser.control
        assert line is not None and control is not None and not chooser.failed
        check_record(line)  # played on to the hand's end, and the choice made too
        check_record(control)
        assert line["actions"][:index] == record["actions"][:index] and line["actions"][index] == chooser.chosen[1]
        assert control["actions"][: index + 1] == record["actions"][: index + 1]
        texts = " ".join(drawn(fake))
        first = "As played" if control["actions"] == record["actions"] else "The choice made, played on"
        assert f"{first} net {net(control, 0):+d} (" in texts and f"The new line net {net(line, 0):+d} (" in texts
        click(fake, button_named(chooser, "Step through it").rect.center)
        review = fake.stack.top
        assert isinstance(review, ReviewScene) and review.records[review.index] is line
        assert review.records[0] is control  # the line it is set against a page back
        key(fake, pygame.K_END)
        assert review.at == len(review.steps) - 1
        key(fake, pygame.K_ESCAPE)
        assert fake.stack.top is chooser
        click(fake, button_named(chooser, "Choose again").rect.center)
        assert chooser.chosen is None and chooser.line is None
        key(fake, pygame.K_ESCAPE)
        assert fake.stack.top is scene
    finally:
        fake.close()


def test_try_again_offers_a_short_list_where_there_are_hundreds_of_choices(app: FakeApp) -> None:
    record = players_hand("partnership_auction", 4)
    index = next(i for i, seat in decisions_in(record) if seat == 0)  # the player's first bid
    scene = opened(app, [record])
    analysed(app, scene)
    scene.go(next(i for i, s in enumerate(scene.steps) if s.action_index == index))
    key(app, pygame.K_t)
    chooser = app.stack.top
    assert isinstance(chooser, TryAgainScene)
    assert len(chooser.every) > try_again.MOST_CHOICES == len(chooser.choices)
    analysis = scene.analysis
    assert analysis is not None
    review = analysis.decisions[index]
    offered = [words for words, _ in chooser.choices]
    assert review.chosen.action in offered and all(b.action in offered for b in review.best)
    shown = " ".join(drawn(app))
    for alternative in (review.chosen, *review.best):  # each with its value to the analysis
        assert f"{alternative.action}  {analysis.points(alternative.value)}" in shown


def test_no_try_again_where_there_was_no_choice(app: FakeApp) -> None:
    record = players_hand("two_hand", 6)
    scene = opened(app, [record])
    key(app, pygame.K_HOME)
    render(app)
    assert not button_named(scene, "Try again from here").enabled
    key(app, pygame.K_t)
    assert app.stack.top is scene


# -- the graph of the hand -------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", fast_where([(1280, 800), (720, 1200)], [(1280, 800)]))
def test_the_graph_marks_every_decision_and_a_click_goes_there(tmp_path: Path, size: tuple[int, int]) -> None:
    fake = FakeApp(tmp_path, size)
    try:
        record = players_hand("partnership_auction", 5)
        scene = opened(fake, [record])
        analysed(fake, scene)
        analysis = scene.analysis
        assert analysis is not None
        key(fake, pygame.K_g)
        graph = scene.graph
        assert graph is not None
        texts = drawn(fake)  # none cut
        assert "Expected result for your side after each decision, net" in texts
        assert f"the result, {net(record, 0):+d}" in texts and "from what you saw" in texts
        start, *points = graph_points(analysis)
        assert [p.action_index for p in points] == sorted(analysis.decisions)
        first = analysis.decisions[points[0].action_index or 0]  # the start: the best there was at the first
        best = max([first.chosen.value, *(b.value for b in first.best)])
        assert start.action_index is None and start.value == (1 if first.seat in (0, 2) else -1) * best
        for point in points:  # the values turned to the player's side: the partner's kept, the opponents' turned
            assert point.action_index is not None
            review = analysis.decisions[point.action_index]
            sign = 1 if review.seat in (0, 2) else -1
            assert point.value == sign * review.chosen.value and point.own == (review.seat == 0)
            assert (point.seen_value is None) == (review.chosen.seen_value is None)
        assert len(graph.marks) == len(points)
        panel = scene.layer().get_at((graph.area.x + scene.px(6), graph.area.y + graph.area.h * 3 // 4))
        assert panel[:3] == scene.theme.panel[:3]  # an opaque panel: no felt shows through
        x, y, index = graph.marks[len(graph.marks) // 2]
        click(fake, (x, y))
        assert scene.graph is None and scene.step.action_index == index
        seat = analysis.decisions[index].seat  # the values under the reason: from what that seat saw
        seer = "you" if seat == 0 else record["players"][seat]
        assert f"In points of this hand, from what {seer} saw:" in drawn(fake)
        key(fake, pygame.K_g)
        assert scene.graph is not None
        click(fake, button_named(scene, "Back to the hand").rect.center)
        assert scene.graph is None
    finally:
        fake.close()


def test_the_graph_names_the_tricks_before_the_decisions_that_crowd_them() -> None:
    """A throw-in just before trick 1 gives way to "Trick 1" (the notes name a card by its trick); words that
    do not crowd another all stay, in the order of the hand, and none left of the panel's edge."""
    starts = [(70, "Auction"), (190, "Trump"), (218, "Passing"), (248, "Throw-in"), (290, "Trick 1"),
              (392, "Trick 2"), (480, "Trick 3")]
    shown = axis_labels(starts, lambda words: 8 * len(words), 16, 40)
    assert [words for _x, words in shown] == ["Auction", "Trump", "Trick 1", "Trick 2", "Trick 3"]
    assert axis_labels([(20, "Auction"), (200, "Trick 1")], lambda words: 60, 16, 40) == [(200, "Trick 1")]


def test_the_graph_of_a_three_handed_hand_keeps_the_defenders_together(app: FakeApp) -> None:
    record = players_hand("three_hand", 2)
    scene = opened(app, [record])
    analysed(app, scene)
    analysis = scene.analysis
    assert analysis is not None
    declarer = record["declarer"]
    for point in graph_points(analysis)[1:]:
        assert point.action_index is not None
        review = analysis.decisions[point.action_index]
        with_me = review.seat == 0 or review.kind != Phase.BIDDING and declarer not in (0, review.seat)
        assert point.value == (1 if with_me else -1) * review.chosen.value
