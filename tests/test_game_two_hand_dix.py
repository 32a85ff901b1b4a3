"""Two-handed (John Hay's rules): the turned-up dix, each nine of trumps scoring once a hand, and the
order of meld and draw (Hoyle's order as an option)."""

from __future__ import annotations

import pytest
from conftest import act, assert_record_replays, event, kinds, stacked_game

from engine.actions import DeclareOut, DrawChoice, LayMeld, NoMeld, Play
from engine.cards import parse_card
from engine.events import EventKind
from engine.game import Game, Phase
from engine.play import trick_winner
from engine.rules import preset

NINE_OF_HEARTS = parse_card("9H")
DEALER = "9S 9S JS JH JH 9D JC JC QC KC TD AD"


def dix_melds(game: Game) -> list[LayMeld]:
    return [a for a in game.legal_actions() if isinstance(a, LayMeld) and a.play.meld.kind == "dix"]


def dix_points(game: Game) -> int:
    return sum(game.hand.dix_points)


def test_turned_up_dix_is_exchanged_for_the_first_dix_melded_seed_002() -> None:
    # "The first Dix to be melded is done so by exchanging it for the face-up trump card at the bottom of
    # the stock (even if it is the other Dix). The card taken from the bottom may be used immediately."
    game = stacked_game(preset("two_hand"), ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", DEALER], turnup="9H")
    assert game.scores == [0, 0] and EventKind.LAY_MELD not in kinds(game.opening_events()), "no 10 for the dealer"
    act(game, "play AS", "play 9S")
    events = act(game, dix_melds(game)[0])
    exchange = event(events, EventKind.DIX_EXCHANGE)
    assert exchange.dix == exchange.card == NINE_OF_HEARTS
    assert game.phase == Phase.MELD and game.to_act == 0, "the nine taken may be melded at once"
    act(game, dix_melds(game)[0])
    assert game.scores == [20, 0] and game.hand.dix_points == [10 + 10, 0] and game.phase == Phase.PLAY
    assert game.hand.stock[-1] == NINE_OF_HEARTS and game.hand.turnup_scored


def test_hoyle_option_turned_dix_stays_and_is_not_exchanged() -> None:
    rules = preset("two_hand", turnup_dix_to_dealer=True)
    game = stacked_game(rules, ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", DEALER], turnup="9H")
    assert game.scores == [0, 10]
    act(game, "play AS", "play 9S")
    events = act(game, dix_melds(game)[0])
    assert EventKind.DIX_EXCHANGE not in kinds(events) and game.phase == Phase.PLAY and game.scores == [10, 10]


def win_the_trick_for(game: Game, seat: int) -> None:
    """Play one phase-1 trick (any card may be played) so that ``seat`` wins it."""
    assert game.phase == Phase.PLAY and not game.hand.trick
    trump = game.trump
    assert trump is not None
    leader = game.to_act
    for lead in [a for a in game.legal_actions() if isinstance(a, Play)]:
        trial = game.clone()
        trial.apply(lead)
        for answer in [a for a in trial.legal_actions() if isinstance(a, Play)]:
            won_by = (leader, 1 - leader)[trick_winner([lead.card, answer.card], trump)]
            if won_by == seat:
                game.apply(lead)
                game.apply(answer)
                return
    raise AssertionError("no way to give the trick to that seat")


def drive_to_last_draw(game: Game, winner: int) -> None:
    """Play on (no meld) until the last two cards of the stock, the last trick before them won by ``winner``."""
    while True:
        if game.phase == Phase.MELD:
            act(game, NoMeld())
        elif game.phase == Phase.DRAW_CHOICE:
            return
        elif len(game.hand.stock) == 2:
            win_the_trick_for(game, winner)
        else:
            game.apply(next(a for a in game.legal_actions() if not isinstance(a, DeclareOut)))


@pytest.mark.parametrize("winner", [0, 1])
def test_an_exchanged_dix_drawn_again_at_the_last_draw_scores_no_more(winner: int) -> None:
    # The non-dealer melds both nines of trumps (10 + 10): the first goes under the stock in exchange for
    # the K of hearts. Whoever takes it back at the last draw (the same player or the other) may not meld
    # it again: at most 20 dix points a hand.
    game = stacked_game(preset("two_hand"), ["AS AS QS JD 9H 9H QH KD QD AC TC 9C", DEALER], turnup="KH")
    act(game, "play AS", "play 9S")
    act(game, dix_melds(game)[0])
    assert game.hand.stock[-1] == NINE_OF_HEARTS and parse_card("KH") in game.hand.hands[0]
    act(game, NoMeld(), "play AS", "play 9S")
    act(game, dix_melds(game)[0])
    assert dix_points(game) == 20
    drive_to_last_draw(game, winner)
    assert game.to_act == winner
    events = act(game, DrawChoice(True))
    assert [e.card for e in events if e.kind == EventKind.DRAW and e.seat == winner] == [NINE_OF_HEARTS]
    assert game.phase == Phase.MELD and game.to_act == winner
    assert dix_melds(game) == [], "a nine of trumps scores once a hand"
    act(game, NoMeld())
    assert dix_points(game) == 20


def test_hoyle_turned_dix_credited_to_the_dealer_cannot_be_melded_after_the_last_draw() -> None:
    # Hoyle's option: the turned-up dix scores 10 for the dealer; drawn at the last draw, it scores no
    # more; the other nine scores 10 once: 20 dix points from two nines.
    rules = preset("two_hand", turnup_dix_to_dealer=True)
    game = stacked_game(rules, ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", DEALER], turnup="9H")
    act(game, "play AS", "play 9S")
    act(game, dix_melds(game)[0])
    assert dix_points(game) == 20 and game.scores == [10, 10]
    for winner in (0, 1):
        trial = game.clone()
        drive_to_last_draw(trial, winner)
        act(trial, DrawChoice(True))
        assert NINE_OF_HEARTS in trial.hand.hands[winner] and dix_melds(trial) == []


def test_seed_002_order_draw_then_meld() -> None:
    game = stacked_game(preset("two_hand"), ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", DEALER], turnup="KH")
    events = act(game, "play AS", "play 9S")
    assert [e.kind for e in events].count(EventKind.DRAW) == 2 and game.phase == Phase.MELD
    assert sum(len(h) for h in game.hand.hands) == 24 and len(game.hand.stock) == 22


def test_meld_before_drawing_option_hoyle_order() -> None:
    rules = preset("two_hand", meld_before_draw=True)
    game = stacked_game(rules, ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", DEALER], turnup="KH")
    events = act(game, "play AS", "play 9S")
    assert EventKind.DRAW not in kinds(events) and game.phase == Phase.MELD and game.to_act == 0
    assert [len(h) for h in game.hand.hands] == [11, 11] and len(game.hand.stock) == 24
    events = act(game, next(a for a in game.legal_actions() if isinstance(a, LayMeld)
                            and a.play.meld.name == "pinochle"))
    assert [k for k in kinds(events) if k in ("lay_meld", "draw")] == ["lay_meld", "draw", "draw"]
    assert [len(h) for h in game.hand.hands] == [10, 12] and len(game.hand.stock) == 22
    assert game.phase == Phase.PLAY and game.to_act == 0 and game.scores == [40, 0]
    # The dix exchange still takes the turned-up card: meld first, then draw.
    act(game, "play AS", "play 9S")
    events = act(game, dix_melds(game)[0])
    assert event(events, EventKind.DIX_EXCHANGE).card == parse_card("KH")
    act(game, NoMeld())
    assert game.phase == Phase.PLAY and len(game.hand.stock) == 20
    # At the last two cards the winner melds first, then chooses; then the melds go back and phase 2 begins.
    while len(game.hand.stock) > 2 or game.phase != Phase.MELD:
        game.apply(next(a for a in game.legal_actions() if not isinstance(a, (DeclareOut, LayMeld))))
    act(game, NoMeld())
    assert game.phase == Phase.DRAW_CHOICE
    act(game, DrawChoice(False))
    assert game.phase == Phase.PLAY and game.hand.tables == [] and not game.hand.stock
    while game.hand_records == []:
        game.apply(next(a for a in game.legal_actions() if not isinstance(a, DeclareOut)))
    assert_record_replays(game)
