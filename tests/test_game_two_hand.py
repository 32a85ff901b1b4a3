"""Two-handed pinochle (docs/rules.md): stock, draws, melds laid during play, the dix, phase 2, declaring out."""

from __future__ import annotations

import pytest
from conftest import act, assert_record_replays, assert_refused, event, hand_result, kinds, play_tricks, stacked_game

from engine.actions import DeclareOut, DrawChoice, LayMeld, NoMeld, Play
from engine.cards import HEARTS, format_cards, parse_card, parse_cards
from engine.events import EventKind
from engine.game import Phase
from engine.observation import observe
from engine.rules import preset

NON_DEALER = "AS AS QS JD 9H QH KD QD AC TC 9C 9D"
DEALER = "9S 9S JS JH JH 9D JC JC QC KC TD AD"


def two_hand(rules=None, **kwargs):  # noqa: ANN001, ANN201
    return stacked_game(rules or preset("two_hand"), [NON_DEALER, DEALER], turnup="KH", **kwargs)


def meld_named(game, name: str) -> LayMeld:  # noqa: ANN001
    found = [a for a in game.legal_actions() if isinstance(a, LayMeld) and a.play.meld.name == name]
    assert found, f"no {name} to lay among {[str(a) for a in game.legal_actions()]}"
    return found[0]


def test_deal_twelve_each_turned_up_trump_and_a_stock_of_24() -> None:
    game = two_hand()
    h = game.hand
    assert [len(x) for x in h.hands] == [12, 12] and len(h.stock) == 24
    assert h.stock[-1] == parse_card("KH") == h.deal.turnup and game.trump == HEARTS
    assert game.phase == Phase.PLAY and game.to_act == 0, "the non-dealer leads"
    assert game.scores == [0, 0]


def test_hoyle_option_turned_dix_scores_ten_for_the_dealer_at_once() -> None:
    game = stacked_game(preset("two_hand", turnup_dix_to_dealer=True), ["AS", "AD"], turnup="9H")
    assert game.scores == [0, 10]
    laid = event(game.opening_events(), EventKind.LAY_MELD)
    assert laid.seat == 1 and laid.name == "dix" and laid.points == 10
    play_tricks(game)
    record = assert_record_replays(game)
    assert record["melds"][0] == {"seat": 1, "points": 10, "items": [["dix", 10, "9H"]], "trick": 0}
    assert record["score_delta"][1] == 10 + record["trick_points"][1]


def test_second_card_is_free_and_the_winner_draws_first() -> None:
    game = two_hand()
    stock = list(game.hand.stock)
    act(game, "play AS")
    offered = {a.card for a in game.legal_actions() if isinstance(a, Play)}
    assert offered == set(parse_cards(DEALER)), "no need to follow suit or trump"
    events = act(game, "play 9S")
    trick = event(events, EventKind.TRICK)
    assert trick.seat == 0 and trick.points == 11 and not trick.last
    draws = [e for e in events if e.kind == EventKind.DRAW]
    assert [(e.seat, e.card, e.private_to) for e in draws] == [(0, stock[0], (0,)), (1, stock[1], (1,))]
    assert [len(x) for x in game.hand.hands] == [12, 12] and len(game.hand.stock) == 22
    assert game.phase == Phase.MELD and game.to_act == 0
    assert game.hand.tricks[0].draws == ((0, stock[0]), (1, stock[1]))


def test_loser_of_a_free_trick_can_win_it_with_a_trump() -> None:
    game = two_hand()
    events = act(game, "play AS", "play JH")
    assert event(events, EventKind.TRICK).seat == 1 and game.phase == Phase.MELD and game.to_act == 1


def test_one_meld_after_winning_scored_at_once_then_lead_from_hand_or_table() -> None:
    game = two_hand()
    act(game, "play AS", "play 9S")
    assert NoMeld() in game.legal_actions() and DeclareOut() in game.legal_actions()
    events = act(game, meld_named(game, "pinochle"))
    laid = event(events, EventKind.LAY_MELD)
    assert laid.seat == 0 and laid.points == 40 and format_cards(laid.cards) == "QS JD"
    assert game.scores == [40, 0]
    assert game.phase == Phase.PLAY and game.to_act == 0, "one meld per trick won; the winner leads"
    assert format_cards(game.hand.tables[0].cards()) == "QS JD"
    assert parse_card("QS") not in game.hand.hands[0]
    assert Play(parse_card("QS"), from_table=True) in game.legal_actions()
    act(game, "play QS from table")
    assert format_cards(game.hand.tables[0].cards()) == "JD"
    assert observe(game, 1).tables[0] == (parse_card("JD"),)


def test_melding_needs_a_won_trick() -> None:
    game = two_hand()
    act(game, "play AS", "play JH")  # the dealer wins
    assert game.to_act == 1
    assert all(not isinstance(a, LayMeld) or a.play.from_hand[0] in game.hand.hands[1] for a in game.legal_actions())
    act(game, "no meld")
    assert game.phase == Phase.PLAY and game.to_act == 1 and game.scores == [0, 0]


def test_first_dix_melded_is_exchanged_for_the_turnup_then_a_further_meld() -> None:
    game = two_hand()
    act(game, "play AS", "play 9S")
    events = act(game, meld_named(game, "dix"))
    assert event(events, EventKind.LAY_MELD).points == 10 and game.scores == [10, 0]
    exchange = event(events, EventKind.DIX_EXCHANGE)
    assert exchange.dix == parse_card("9H") and exchange.card == parse_card("KH")
    assert game.hand.stock[-1] == parse_card("9H") and parse_card("KH") in game.hand.hands[0]
    assert game.phase == Phase.MELD and game.to_act == 0, "a further meld is allowed"
    assert all(not (isinstance(a, LayMeld) and a.play.meld.kind == "dix") for a in game.legal_actions())
    events = act(game, meld_named(game, "royal marriage"))
    assert event(events, EventKind.LAY_MELD).points == 40 and game.scores == [50, 0]
    assert game.phase == Phase.PLAY, "only one further meld"
    assert format_cards(game.hand.tables[0].cards()) == "KH QH"
    assert observe(game, 1).turnup == parse_card("9H")


def test_the_second_dix_is_not_exchanged_and_scores_ten() -> None:
    game = stacked_game(preset("two_hand"), ["AS AS QS JD 9H 9H QH KD QD AC TC 9C", DEALER], turnup="KH")
    act(game, "play AS", "play 9S")
    act(game, meld_named(game, "dix"), "no meld")
    assert game.phase == Phase.PLAY and game.scores == [10, 0]
    act(game, "play AS", "play 9S")
    events = act(game, meld_named(game, "dix"))
    assert EventKind.DIX_EXCHANGE not in kinds(events) and event(events, EventKind.LAY_MELD).points == 10
    assert game.scores == [20, 0] and game.phase == Phase.PLAY, "no further meld after a dix that is not exchanged"
    assert game.hand.stock[-1] == parse_card("9H") and game.hand.dix_exchanges == [
        (0, parse_card("9H"), parse_card("KH"))]


def drive_to_last_two(game) -> None:  # noqa: ANN001
    while len(game.hand.stock) > 2 or game.phase != Phase.DRAW_CHOICE:
        actions = [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]
        game.apply(actions[0])


@pytest.mark.parametrize("take_trump", [True, False])
def test_last_two_cards_the_winner_chooses_then_may_meld_then_melds_return(take_trump: bool) -> None:
    game = two_hand()
    act(game, "play AS", "play 9S")
    act(game, meld_named(game, "pinochle"))
    drive_to_last_two(game)
    assert game.legal_actions() == [DrawChoice(False), DrawChoice(True), DeclareOut()]
    face_down, trump_card = game.hand.stock
    winner = game.to_act
    events = act(game, DrawChoice(take_trump))
    draws = [e for e in events if e.kind == EventKind.DRAW]
    first, second = (trump_card, face_down) if take_trump else (face_down, trump_card)
    assert [(e.seat, e.card) for e in draws] == [(winner, first), (1 - winner, second)]
    public = [e for e in draws if e.private_to is None]
    assert [e.card for e in public] == [trump_card], "only the face-up trump card is seen by both"
    assert game.phase == Phase.MELD and game.to_act == winner and not game.hand.stock
    events = act(game, "no meld")
    assert EventKind.MELDS_RETURN in kinds(events) and game.hand.tables == []
    assert sorted(len(x) for x in game.hand.hands) == [12, 12]
    assert game.phase == Phase.PLAY and game.to_act == winner


@pytest.mark.parametrize("option", ["always", "trump_led"])
def test_phase_two_must_follow_trump_and_win(option: str) -> None:
    game = two_hand(preset("two_hand", phase2_must_win=option))
    drive_to_last_two(game)
    act(game, "take face-down card", "no meld")
    assert not any(isinstance(a, LayMeld) for a in game.legal_actions())
    checked = 0
    while game.phase == Phase.PLAY:
        seat = game.to_act
        plays = [a for a in game.legal_actions() if isinstance(a, Play)]
        assert all(not a.from_table for a in plays)
        legal = {a.card for a in plays}
        hand = set(game.hand.hands[seat])
        if game.hand.trick:
            led = game.hand.trick[0][1]
            same = {c for c in hand if c.suit == led.suit}
            higher = {c for c in same if c.rank > led.rank}
            trumps = {c for c in hand if c.suit == HEARTS}
            must_win = option == "always" or led.suit == HEARTS
            if same:
                assert legal == (higher if must_win and higher else same)
            elif trumps:
                assert legal == trumps, "void: trump (any trump beats a plain lead)"
            else:
                assert legal == hand
            checked += 1
        else:
            assert legal == hand, "the leader leads anything"
        events = game.apply(plays[0])
        if EventKind.HAND_SCORED in kinds(events):
            break
    assert checked == 12


def test_twenty_four_tricks_last_trick_ten_and_the_hand_adds_laid_meld_and_tricks() -> None:
    game = two_hand()
    events = act(game, "play AS", "play 9S")
    events += act(game, meld_named(game, "pinochle")) + play_tricks(game)
    tricks = [e for e in events if e.kind == EventKind.TRICK]
    assert len(tricks) == 24 and tricks[-1].last
    points = [sum(t.points for t in tricks if t.seat == s) for s in (0, 1)]
    assert sum(points) == 250
    scored = hand_result(events)
    assert scored["trick_points"] == points and scored["meld"] == [40, 0]
    assert scored["score_delta"] == [40 + points[0], points[1]]
    assert scored["scores_after"] == scored["score_delta"] == game.scores
    record = assert_record_replays(game)
    assert record["melds"] == [{"seat": 0, "points": 40, "items": [["pinochle", 40, "QS JD"]], "trick": 1}]
    assert all("draws" in t for t in record["tricks"][:12]) and all("draws" not in t for t in record["tricks"][12:])
    assert game.hand_number == 2 and game.dealer == 0 and game.to_act == 1


@pytest.mark.parametrize(("before", "right"), [(1150, False), (1200, True), (1189, True)])
def test_declare_out_right_wins_wrong_loses(before: int, right: bool) -> None:
    game = two_hand(scores=[before, 900])
    act(game, "play AS", "play 9S")  # 11 trick points for the non-dealer
    events = act(game, "declare out")
    claim = event(events, "declare_out")
    assert claim.total == before + 11 and claim.right is right
    assert game.winner == (0 if right else 1) and game.phase == Phase.GAME_OVER and game.is_over
    assert event(events, EventKind.GAME_OVER).winner == game.winner
    assert game.legal_actions() == [] and game.to_act is None
    assert_refused(game, "play AC")
    assert_refused(game, DeclareOut())
    assert game.hand_records[-1]["declared_out"] == {"seat": 0, "total": before + 11, "right": right}


def test_two_hand_target_option() -> None:
    assert two_hand(preset("two_hand", game_target=1000)).target == 1000
    assert two_hand(preset("two_hand")).target == 1200


@pytest.mark.parametrize(("reductions", "run_points"), [(True, 110), (False, 150)])
def test_royal_marriage_completed_to_a_run_on_the_table(reductions: bool, run_points: int) -> None:
    rules = preset("two_hand", remeld_reductions=reductions)
    dealer = "9S 9S JS JD JD 9D JC JC QC KC TD AD"
    game = stacked_game(rules, ["AH TH KH QH JH AS AS AC TC 9C 9D QS", dealer], turnup="TH")
    act(game, "play AS", "play 9S")
    act(game, meld_named(game, "royal marriage"))
    assert game.scores == [40, 0]
    act(game, "play AS", "play 9S")
    run = meld_named(game, "run")
    assert run.play.meld.points == run_points and run.play.from_hand == tuple(parse_cards("AH TH JH"))
    act(game, run)
    assert game.scores == [40 + run_points, 0]
    assert format_cards(sorted(game.hand.tables[0].cards())) == format_cards(sorted(parse_cards("AH TH KH QH JH")))
