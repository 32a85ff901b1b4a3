"""Every phase refuses what it does not allow with IllegalAction, and leaves the game exactly as it was."""

from __future__ import annotations

import pytest
from conftest import act, assert_refused, snapshot, stacked_game

from engine.actions import (
    Bid,
    Bury,
    CallRedeal,
    DeclareOut,
    DrawChoice,
    ExchangeDix,
    NameTrump,
    NoMeld,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ThrowIn,
)
from engine.cards import parse_card, parse_cards
from engine.game import PHASE_HANDLERS, IllegalAction, Phase, new_game
from engine.rules import preset

AS = parse_card("AS")
EVERYTHING_ELSE = [Bid(250), Pass(), Pass(help=True), CallRedeal(True), NameTrump(1), ExchangeDix(True),
                   PassCards(tuple(parse_cards("AS AS AS AS"))), Bury(tuple(parse_cards("AS TS KS"))), ThrowIn(),
                   PlayOn(), Play(AS), Play(AS, from_table=True), NoMeld(), DrawChoice(True), DeclareOut()]


def refuse_all_but_legal(game) -> None:  # noqa: ANN001
    legal = game.legal_actions()
    for action in EVERYTHING_ELSE:
        if action not in legal and not game.is_legal(action):
            assert_refused(game, action)


def test_bidding_refuses_everything_but_bids_and_passes() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    refuse_all_but_legal(game)
    assert_refused(game, Bid(2510))
    assert_refused(game, Bid(0))
    assert_refused(game, Bid(-10))


def test_redeal_phase() -> None:
    game = stacked_game(preset("partnership_auction", redeal_nines=True), ["9S 9S 9H 9H 9D JS JS QS QS KS KS JH",
                                                                          "", "", ""])
    assert game.phase == "redeal"
    refuse_all_but_legal(game)


def test_trump_phase() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    act(game, "bid 250", "pass", "pass", "pass")
    refuse_all_but_legal(game)


def test_passing_and_return_phases() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    act(game, "bid 250", "pass", "pass", "pass", "trump spades")
    assert game.phase == "passing"
    refuse_all_but_legal(game)
    act(game, game.legal_actions()[0])
    assert game.phase == "return"
    refuse_all_but_legal(game)


def test_bury_and_throw_in_phases() -> None:
    game = new_game(preset("three_hand"), seed=3)
    act(game, "bid 250", "pass", "pass", "trump spades")
    assert game.phase == "bury"
    refuse_all_but_legal(game)
    assert_refused(game, Bury(tuple(game.hand.hands[0][:2])))
    act(game, game.legal_actions()[0])
    assert game.phase == "throw_in"
    refuse_all_but_legal(game)


def test_dix_phase() -> None:
    game = stacked_game(preset("partnership_turnup"), ["9H", "", "", "AD"], dealer=3, turnup="KH")
    assert game.phase == "dix"
    refuse_all_but_legal(game)


def test_play_phase_refuses_cards_not_held_not_allowed_or_from_a_table() -> None:
    west = "9S JH 9C 9C JC JC QC QC KC KC TC TC"
    game = stacked_game(preset("partnership_auction", pass_cards=0), ["AS KS", west, "", ""])
    act(game, "bid 250", "pass", "pass", "pass", "trump hearts", "play on", "play AS")
    refuse_all_but_legal(game)
    held = game.hand.hands[1]
    illegal = [c for c in held if Play(c) not in game.legal_actions()]
    assert illegal
    assert_refused(game, Play(illegal[0]))
    missing = next(c for c in map(parse_card, ["AH", "TH", "KH", "QH", "JH", "9H"]) if c not in held)
    assert_refused(game, Play(missing))


def test_meld_and_draw_choice_phases_of_the_two_handed_game() -> None:
    game = stacked_game(preset("two_hand"), ["AS", "9S"], turnup="KH")
    act(game, "play AS", "play 9S")
    assert game.phase == "meld"
    refuse_all_but_legal(game)
    while game.phase != "draw_choice":
        act(game, next(a for a in game.legal_actions() if not isinstance(a, DeclareOut)))
    refuse_all_but_legal(game)


def test_every_action_after_the_game_is_over_is_refused() -> None:
    game = stacked_game(preset("two_hand"), ["AS", "9S"], turnup="KH", scores=[0, 2000])
    act(game, "declare out")
    assert game.is_over and game.winner == 1 and game.legal_actions() == []
    before = snapshot(game)
    for action in EVERYTHING_ELSE:
        assert not game.is_legal(action)
        with pytest.raises(IllegalAction, match="over"):
            game.apply(action)
    assert snapshot(game) == before


def test_actions_read_from_json_that_are_not_actions() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    with pytest.raises(IllegalAction):
        game.action_from_json(12)
    with pytest.raises(IllegalAction):
        game.action_from_json({"meld": "run", "hand": "AH TH KH QH JH", "table": []})
    with pytest.raises(ValueError):
        game.action_from_json("bid lots")
    with pytest.raises(ValueError):
        game.action_from_json("play ZZ")


def test_illegal_action_message_names_the_phase_and_seat() -> None:
    game = new_game(preset("partnership_auction"), seed=3)
    with pytest.raises(IllegalAction, match="seat 0 is to act in the bidding phase"):
        game.apply(Play(AS))


def test_every_phase_of_a_decision_has_its_step_in_the_table() -> None:
    """Game.apply finds the step of each phase in PHASE_HANDLERS; only a game that is over takes no decision."""
    assert set(PHASE_HANDLERS) == set(Phase) - {Phase.GAME_OVER}
    assert all(step.__name__ == "_on_" + phase for phase, step in PHASE_HANDLERS.items())
