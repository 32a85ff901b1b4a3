"""Try again from here: a finished hand played on from one of its decisions with another choice, or its
deal played again with the hard computer in a seat.

:func:`choices_at` lists what the seat could have done at a decision of a hand record (asked of the
engine, in words); :func:`play_on` takes the record's actions up to that decision, the new choice in its
place (passed or buried cards in any order), and lets the computers play the rest of the hand on the same
cards, the ``hard`` level in every seat by default; :func:`play_seat_again` plays the deal from the start
with the hard computer in one seat and the table's levels in the others. The computers play by their search
budgets alone, without the clock, each decision seeded from the game's seed, the seat and how far the game
has gone (as the duplicate challenge seeds them), so the same record, decision and choice give the same new
hand on any machine.

>>> from engine.game import new_game
>>> from engine.rules import preset
>>> from engine.sim import play_game
>>> record = play_game(new_game(preset("two_hand"), seed=3), ["easy"] * 2, 3, 1).hand_records[0]
>>> index = len(record["actions"]) - 5
>>> choices = choices_at(record, index)
>>> again = play_on(record, index, choices[-1][1], level="easy")
>>> again["actions"][:index] == record["actions"][:index], again == play_on(record, index, choices[-1][1], "easy")
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from engine.actions import Action, Bury, DeclareOut, PassCards, action_to_json
from engine.ai.analysis.duplicate import decide, decision_seed, seat_seed
from engine.ai.analysis.hand import action_words, game_before
from engine.ai.analysis.words import reason_for
from engine.cards import cards_label
from engine.game import Game
from engine.record import ActionValue, HandRecord, check_record, game_at_deal, record_humans, record_reasons

#: The level of the computers that play the hand on.
LEVEL = "hard"


def _choices(game: Game) -> list[Action]:
    return [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]


def choices_at(record: HandRecord, action_index: int) -> list[tuple[str, ActionValue]]:
    """(the choice in words, the choice as the record writes it) of every legal choice at the record's
    action ``action_index``, in the engine's order."""
    game, _action = game_before(record, action_index)
    return [(action_words(a, game), action_to_json(a)) for a in _choices(game)]


def play_on(record: HandRecord, action_index: int, choice: ActionValue, level: str = LEVEL,
            levels: Sequence[str | None] | None = None) -> HandRecord:
    """The record's hand with ``choice`` (as the record writes an action) taken at its action
    ``action_index`` and the computers playing every seat from there to the hand's end: ``levels[s]`` in each
    seat (the table's computers, so that the new line compares with the hand as played), ``level`` where
    there is none (a person's seat) or no ``levels`` at all. The new hand's record, with the record's names
    and the seats a person played. A choice that is not legal there raises :class:`ValueError`."""
    game, _action = game_before(record, action_index)
    try:
        action = game.action_from_json(choice)
    except (ValueError, TypeError, KeyError) as err:
        raise ValueError(f"{choice!r} is no choice at action {action_index}: {err}") from None
    if isinstance(action, DeclareOut) or not game.is_legal(action):  # passed or buried cards in any order
        raise ValueError(f"{action_words(action, game)} is not a legal choice at action {action_index}")
    game.humans = record_humans(record)
    reasons = {index: text for index, text in record_reasons(record).items() if index < action_index}
    game.reasons = {game.hand_start + index: text for index, text in reasons.items()}
    game.apply(action)
    seats = range(game.rules.players)
    return _played_out(game, [level] * len(seats) if levels is None else [levels[s] or level for s in seats])


def why_better(record: HandRecord, action_index: int, better: ActionValue, worse: ActionValue,
               values: Mapping[str, float], viewer: int | None) -> str:
    """Why ``better`` did better than ``worse`` at the record's action ``action_index``, in the analysis' words
    (:func:`engine.ai.analysis.words.reason_for`), told to the player in ``viewer``: what the seat could see
    that speaks for it, and what the analysis' deals said where ``values`` (by the choices' words) agree
    with the line; "" when nothing the seat saw speaks for it. Where the worse is not the choice made (the
    choice made did better), its cards name it ("the return A♥ K♥ Q♥ Q♣", not "the return made")."""
    game, chosen = game_before(record, action_index)
    seat = game.to_act
    assert seat is not None
    good, bad = game.action_from_json(better), game.action_from_json(worse)
    words = action_words(good, game), action_words(bad, game)
    good_value, bad_value = value_of(words[0], values), value_of(words[1], values)
    valued = good_value is not None and bad_value is not None and good_value > bad_value
    worths = {good: good_value or 0.0, bad: bad_value or 0.0}
    reason = reason_for(game, seat, bad, good, worths, game.phase, words[0], viewer, simulated=valued)
    if worse != action_to_json(chosen) and isinstance(bad, PassCards | Bury):
        # the worse is the choice tried, not the one made: named by its cards
        for made, tried in _MADE:
            reason = made.sub(tried.replace("CARDS", cards_label(bad.cards)), reason)
    return reason


#: How the analysis' words speak of the pass, return or bury made, set against the better one, and how they
#: speak of one tried instead (``CARDS``: its cards).
_MADE = [(re.compile(pattern), tried) for pattern, tried in (
    (r"\bthe (pass|return) made broke\b", r"the \1 CARDS breaks"),
    (r"\bthe return made gave back\b", "the return CARDS gives back"),
    (r"\bthe pass made (\d+) and (\d+)", r"the pass CARDS gives \1 and \2"),
    (r"\bthe bury made (\d+)", r"the bury CARDS banks \1"),
    (r"\bthe (pass|return|bury) made\b", r"the \1 CARDS"))]


def same_choice(words: str, other: str) -> bool:
    """Whether two choices in words are one: passed or buried cards in any order ("Pass A♠ 10♦" is
    "Pass 10♦ A♠"; the analysis names a pass with its cards in the order of their codes)."""
    return words == other or sorted(words.split()) == sorted(other.split())


def value_of(words: str, values: Mapping[str, float]) -> float | None:
    """The value ``values`` (by the choices' words) give the choice ``words`` (:func:`same_choice`), or None
    when the analysis did not value it."""
    if words in values:
        return values[words]
    return next((value for valued, value in values.items() if same_choice(words, valued)), None)


def play_seat_again(record: HandRecord, seat: int, levels: Sequence[str | None]) -> HandRecord:
    """The record's deal played from the start with the ``hard`` computer in ``seat`` and ``levels[s]`` in
    each other seat (``hard`` where there is none, a person's seat): the new hand's record, with the
    record's names."""
    check_record(record, replay=False)
    game = game_at_deal(record)
    return _played_out(game, [LEVEL if s == seat else levels[s] or LEVEL for s in range(game.rules.players)])


def _played_out(game: Game, levels: Sequence[str]) -> HandRecord:
    """``game`` played by the computers (``levels[seat]``) to the end of its hand: the hand's record."""
    while not game.hand_records:
        seat = game.to_act
        assert seat is not None
        game.apply(decide(levels[seat], decision_seed(seat_seed(game.seed, seat), len(game.log)), game, seat))
    return game.hand_records[0]


__all__ = ["LEVEL", "choices_at", "play_on", "play_seat_again", "same_choice", "value_of", "why_better"]
