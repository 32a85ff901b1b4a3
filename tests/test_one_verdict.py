"""One verdict: the table's hint and the hand review's best are one computation (engine/ai/analysis/advice.py).

For recorded hands, the choice each review says the hint advised is what the hint returns at that position
with the same seed and level; a hand played by following the hint is never marked worse than good, each of
its steps saying the hint advised the very choice made; the hint is the same in the game being played, in
the game the record rebuilds, and in the worker the table asks.
"""

from __future__ import annotations

import pytest

from engine.actions import Action, DeclareOut, PassCards
from engine.ai.analysis.advice import ANALYSIS_LEVELS, SEAT_VIEW, advise, as_advised, decision_number
from engine.ai.analysis.hand import Grade, decisions_in, game_before, review_decision
from engine.ai.analysis.hint import hint, hint_words
from engine.ai.analysis.worker import Thinker
from engine.ai.players.computer import make_player
from engine.game import Game, new_game
from engine.record import HandRecord
from engine.rules import preset
from engine.sim import play_game

#: A smaller search than the app's (the same for the hint and the review, as the app has them the same).
LEVEL = ANALYSIS_LEVELS["medium"]
SEED = 3

pytestmark = pytest.mark.timeout(600)


def hand_of(variant: str, seed: int) -> HandRecord:
    """The first hand of a game of ``variant``, every seat the medium computer."""
    rules = preset(variant)
    return play_game(new_game(rules, seed=seed), ["medium"] * rules.players, seed, 1).hand_records[0]


@pytest.mark.parametrize(("variant", "seed"), [pytest.param("partnership_auction", 2, marks=pytest.mark.slow),
                                               ("three_hand", 4),
                                               pytest.param("two_hand", 1, marks=pytest.mark.slow)])
def test_the_advice_each_step_shows_is_the_hint_at_that_position(variant: str, seed: int) -> None:
    record = hand_of(variant, seed)
    found = decisions_in(record)
    assert found
    for index, seat in found:
        review = review_decision(record, index, SEED, level=LEVEL, every_card=False, viewer=0)
        game, _made = game_before(record, index)
        action, _reason = hint(game, seat, SEED, LEVEL)
        assert review.advised == hint_words(action, game), (index, review)
        if review.grade in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER):  # the better choice is the hint's
            assert review.best[0].action == review.advised, (index, review)


def by_the_hint(variant: str, seed: int) -> tuple[HandRecord, dict[int, Action]]:
    """A hand in which seat 0 follows the hint at every decision (the others are medium computers); the hint
    given at each of its decisions, by its place in the hand, each checked against the hint at the same
    position rebuilt from the record."""
    game = new_game(preset(variant), seed=seed)
    others = {s: make_player("medium", seed * 10 + s) for s in range(1, game.rules.players)}
    given: dict[int, Action] = {}
    while not game.hand_records:
        seat = game.to_act
        assert seat is not None
        if seat == 0:
            action = hint(game, 0, SEED, LEVEL)[0]
            if game.has_choice() and not isinstance(action, DeclareOut):
                given[decision_number(game)] = action
        else:
            action = others[seat].choose(game, seat)
        game.apply(action)
    record = game.hand_records[0]
    for index, action in given.items():
        rebuilt, made = game_before(record, index)
        assert made == action and hint(rebuilt, 0, SEED, LEVEL)[0] == action
    return record, given


@pytest.mark.parametrize(("variant", "seed"), [pytest.param("partnership_auction", 5, marks=pytest.mark.slow),
                                               ("three_hand", 2),
                                               pytest.param("two_hand", 6, marks=pytest.mark.slow)])
def test_a_hand_played_by_the_hint_is_never_marked_worse_than_good(variant: str, seed: int) -> None:
    record, given = by_the_hint(variant, seed)
    mine = [index for index, seat in decisions_in(record) if seat == 0]
    assert mine and sorted(given) == mine
    for index in mine:
        review = review_decision(record, index, SEED, level=LEVEL, every_card=False, viewer=0)
        game, made = game_before(record, index)
        assert review.grade in (Grade.BEST, Grade.GOOD) and review.cost == 0.0, (index, review)
        assert review.advised == review.chosen.action == hint_words(made, game), (index, review)


def test_the_hint_is_the_same_in_the_game_played_and_in_the_worker() -> None:
    """The table asks its worker (the game saved and rebuilt there); a game well into its second hand."""
    game = new_game(preset("partnership_auction"), seed=9)
    play_game(game, ["easy"] * 4, 9, 1)
    while not game.has_choice() or game.phase.value != "play":
        seat = game.to_act
        assert seat is not None
        game.apply(make_player("easy", seat).choose(game, seat))
    seat = game.to_act
    assert seat is not None and game.hand_start > 0
    thinker = Thinker("at_once")
    try:
        thinker.start_hint(game, seat, SEED)
        assert thinker.wait(game, timeout=120) == hint(game, seat, SEED, SEAT_VIEW)
    finally:
        thinker.close()


@pytest.mark.slow
def test_the_advice_does_not_hang_on_the_choice_made() -> None:
    """A pass none of the computer's candidates holds is valued beside them, in the same deals, and never
    advised; the advised cards passed in another order are the advice itself."""
    record = hand_of("partnership_auction", 2)
    index, seat = next((i, s) for i, s in decisions_in(record) if isinstance(game_before(record, i)[1], PassCards))
    game, _made = game_before(record, index)
    alone = advise(game, SEED, LEVEL, index=index)
    assert isinstance(alone.best, PassCards)
    hand = sorted(game.hand.hands[seat])
    odd = PassCards(tuple(hand[: game.rules.pass_cards]))  # the lowest cards: none of a computer's passes
    turned = PassCards(tuple(reversed(alone.best.cards)))
    for chosen in (odd, turned):
        beside = advise(game, SEED, LEVEL, chosen=chosen, index=index)
        assert beside.action == alone.action == as_advised(turned), chosen
        assert {as_advised(a): v for a, v in beside.values.items() if a != odd} == \
            {as_advised(a): v for a, v in alone.values.items()}, chosen
        assert beside.valued.added == ((odd,) if chosen == odd else ()), chosen


def test_the_hints_words_are_the_reviews() -> None:
    """The hint names its choice as the review does, and says why in the values it was chosen by."""
    game: Game = new_game(preset("partnership_auction"), seed=12)
    seat = game.to_act
    assert seat is not None
    action, reason = hint(game, seat, level=LEVEL)
    assert hint_words(action, game).startswith(("Bid ", "Pass")) and "the next best" in reason
    assert hint(game, seat, level=LEVEL) == (action, reason)
