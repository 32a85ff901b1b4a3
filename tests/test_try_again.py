"""Try again from here (:mod:`engine.ai.analysis.try_again`): a hand played on from one of its decisions with another
choice, the computers in every seat, to the hand's end; the same every time; an illegal choice refused."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import PassCards, Play, action_to_json
from engine.ai.analysis.hand import action_words, decisions_in, game_before
from engine.ai.analysis.try_again import choices_at, play_on, play_seat_again, same_choice, value_of, why_better
from engine.ai.analysis.words import reason_for
from engine.cards import cards_label, parse_cards
from engine.game import new_game
from engine.record import check_record
from engine.rules import preset, with_options
from engine.sim import play_game


def hand(variant: str, seed: int) -> dict[str, Any]:
    game = new_game(preset(variant), seed=seed)
    game.humans = (0,)
    game.players = ["You", "West", "North", "East"][: game.rules.players]
    return play_game(game, ["easy"] * game.rules.players, seed, 1).hand_records[0]


@pytest.mark.parametrize("variant", ["partnership_auction", "two_hand", "three_hand"])
def test_another_choice_plays_on_to_the_hands_end(variant: str) -> None:
    record = hand(variant, 4)
    index, seat = next(d for d in decisions_in(record) if d[1] == 0)
    chosen = record["actions"][index]
    words, choice = next((w, c) for w, c in choices_at(record, index) if c != chosen)
    again = play_on(record, index, choice, level="easy")
    check_record(again)  # a whole hand that replays, scored
    assert again["actions"][:index] == record["actions"][:index]
    assert again["actions"][index] == choice != chosen
    assert again["deal"] == record["deal"] and again["dealer"] == record["dealer"]
    assert again["players"] == record["players"] and again["humans"] == [0]
    assert len(again["score_delta"]) == len(record["score_delta"])
    assert words and seat == 0


def test_the_same_choice_gives_the_same_hand() -> None:
    record = hand("partnership_auction", 6)
    index = decisions_in(record)[len(decisions_in(record)) // 2][0]
    choice = choices_at(record, index)[0][1]
    assert play_on(record, index, choice, level="medium") == play_on(record, index, choice, level="medium")


@pytest.mark.slow
def test_the_hard_computers_finish_the_last_tricks() -> None:
    record = hand("partnership_auction", 8)
    index = decisions_in(record)[-6][0]
    choices = choices_at(record, index)
    again = play_on(record, index, choices[-1][1])
    check_record(again)
    assert again["actions"][index] == choices[-1][1]


def test_an_illegal_choice_is_refused() -> None:
    record = hand("partnership_auction", 4)
    index = decisions_in(record)[-4][0]
    game, _action = game_before(record, index)
    assert game.to_act is not None
    mine = game.hand.hands[game.to_act]
    elsewhere = next(c for s, h in enumerate(game.hand.hands) if s != game.to_act for c in h if c not in mine)
    for choice in (action_to_json(Play(elsewhere)), "pass", "bid 500"):
        with pytest.raises(ValueError):
            play_on(record, index, choice, level="easy")
    with pytest.raises(ValueError):
        play_on(record, len(record["actions"]) + 3, record["actions"][-1], level="easy")


def test_choices_are_in_words_with_suit_symbols() -> None:
    record = hand("partnership_auction", 4)
    index = next(i for i, s in decisions_in(record) if len(record["actions"]) - i < 12)
    assert all(any(mark in words for mark in "♠♥♦♣") for words, _choice in choices_at(record, index))


@pytest.mark.slow
def test_the_deal_played_again_with_the_hard_computer_in_the_seat() -> None:
    record = hand("three_hand", 5)
    again = play_seat_again(record, 0, [None, "easy", "easy"])
    check_record(again)
    assert again["deal"] == record["deal"] and again["players"] == record["players"] and "humans" not in again
    assert again == play_seat_again(record, 0, [None, "easy", "easy"])


def test_the_line_is_played_by_the_tables_computers() -> None:
    """The new line's computers are the table's (``levels``), a person's seat played by ``level``: with easy
    at the table it is the very line the easy computers play everywhere, and not hard's."""
    record = hand("partnership_auction", 6)
    index = next(i for i, seat in decisions_in(record) if seat == 0)
    choice = choices_at(record, index)[-1][1]
    table = play_on(record, index, choice, level="easy", levels=[None, "easy", "easy", "easy"])
    assert table == play_on(record, index, choice, level="easy")
    mixed = play_on(record, index, choice, level="hard", levels=[None, "easy", "easy", "easy"])
    assert mixed["actions"][:index + 1] == table["actions"][:index + 1]
    check_record(mixed)


def test_why_one_line_did_better_is_said_in_the_analysis_words() -> None:
    """The reason for the better choice names what the seat could see; the analysis' deals are cited only where
    its values agree with the line."""
    record = hand("partnership_auction", 4)
    index = [i for i, seat in decisions_in(record) if seat == 0][-3]
    game, made = game_before(record, index)
    played = record["actions"][index]
    words, other = next((w, c) for w, c in choices_at(record, index) if c != played)
    made_words = next(w for w, c in choices_at(record, index) if c == played)
    better = game.action_from_json(other)
    agreeing = why_better(record, index, other, played, {words: 30.0, made_words: 0.0}, viewer=0)
    assert agreeing and agreeing == reason_for(game, 0, made, better, {better: 30.0, made: 0.0}, "play", words, 0)
    against = why_better(record, index, other, played, {words: 0.0, made_words: 30.0}, viewer=0)
    assert "simulated deals" not in against and "You" not in against


def test_passed_cards_play_on_in_any_order_and_their_values_are_found_so() -> None:
    """A return picked on the hand names its cards in the hand's order, the analysis in the order of their codes:
    the same choice, played on and valued alike."""
    record = hand("partnership_auction", 10)
    index = 6  # the player, the declarer, returns four cards to North
    game, made = game_before(record, index)
    assert isinstance(made, PassCards)
    other = next(a for a in game.legal_actions() if isinstance(a, PassCards) and a != made)
    backwards = PassCards(tuple(reversed(other.cards)))
    again = play_on(record, index, action_to_json(backwards), level="easy")
    check_record(again)
    words = action_words(other, game)
    named = "Return " + " ".join(reversed(words.split()[1:]))
    assert same_choice(words, named) and not same_choice(words, action_words(made, game))
    assert value_of(words, {named: 38.0}) == 38.0 and value_of(words, {"Pass": 1.0}) is None


def test_when_the_choice_made_did_better_the_other_is_named_by_its_cards() -> None:
    """"The return made" is the choice made: where that did better, the worse return tried is named by its cards."""
    record = hand("partnership_auction", 10)
    game, made = game_before(record, 6)
    tried = next(a for a in game.legal_actions() if isinstance(a, PassCards)
                 and sorted(a.cards) == sorted(parse_cards("AH KH QH QC")))
    said = why_better(record, 6, record["actions"][6], action_to_json(tried), {}, 0)
    assert "made" not in said and f"the return {cards_label(tried.cards)} breaks your royal marriage 40 and aces " \
        f"around 100" in said and f"the return {cards_label(tried.cards)} gives back 3" in said
    backwards = why_better(record, 6, action_to_json(tried), record["actions"][6], {}, 0)
    assert "the return made" in backwards or not backwards  # the choice made is "the return made" still
    game = new_game(with_options(preset("three_hand"), strict_bury=True), seed=6)
    game.humans, game.players = (0,), ["You", "West", "North"]
    buried = play_game(game, ["easy"] * 3, 6, 1).hand_records[0]
    before, _made = game_before(buried, 4)
    lighter = next(a for a in before.legal_actions() if sorted(a.cards) == sorted(parse_cards("TS 9H TD")))
    said = why_better(buried, 4, buried["actions"][4], action_to_json(lighter), {}, 0)
    assert said.startswith("it banks 30 points, the bury 10♠ 9♥ 10♦ banks 20"), said
