"""One seat's view: its own cards and what was shown, never others' hands, passes, bury or face-down draws."""

from __future__ import annotations

from conftest import act, stacked_game

from engine.cards import format_cards, parse_card, parse_cards
from engine.events import CardsPassedUnseen, EventKind, visible_to
from engine.observation import observe
from engine.rules import preset

SOUTH = "AH TH KH QH JH QS JD AS AS TS KC QC"
WEST = "9S 9S JS QS KS 9H JH 9D 9D JD QD KD"
NORTH = "KH QH 9C AD AC KS KD QD TS AH 9H JS"
EAST = "TH TD TD AD 9C JC JC QC KC TC TC AC"


def test_a_seat_sees_the_same_whatever_the_others_hold() -> None:
    rules = preset("partnership_auction")
    one = stacked_game(rules, [SOUTH, WEST, NORTH, EAST])
    two = stacked_game(rules, [SOUTH, EAST, WEST, NORTH])  # the other three hands moved round
    for game in (one, two):
        act(game, "pass", "bid 250", "bid 260")
    assert observe(one, 0) == observe(two, 0)
    assert observe(one, 1) != observe(two, 1)
    view = observe(one, 0)
    assert format_cards(view.hand) == SOUTH and view.hand_sizes == (12, 12, 12, 12)
    assert view.legal_actions == () and observe(one, 3).legal_actions == tuple(one.legal_actions())


def test_two_handed_opponent_hand_and_face_down_stock_are_hidden() -> None:
    rules = preset("two_hand")
    one = stacked_game(rules, ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", "9S 9S JS JH JH 9D JC JC QC KC TD AD"],
                       turnup="KH", stock="KS KS")
    two = stacked_game(rules, ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", "9S 9S JS JH JH 9D JC JC QC KC TD KS"],
                       turnup="KH", stock="KS AD")
    for game in (one, two):
        act(game, "play AS", "play 9S")  # non-dealer wins and draws KS; the dealer draws the second card
    assert observe(one, 0) == observe(two, 0)
    view = observe(one, 0)
    assert view.tricks[0].draws == ((0, parse_card("KS")), (1, None))
    assert observe(one, 1).tricks[0].draws == ((0, None), (1, parse_card("KS")))
    assert view.turnup == parse_card("KH") and view.stock_size == 22
    ks = parse_card("KS")
    assert one.hand.tricks[0].draws == ((0, ks), (1, ks)), "the game itself keeps both draws"


def test_passes_are_seen_only_by_the_pair() -> None:
    game = stacked_game(preset("partnership_auction"), [SOUTH, WEST, NORTH, EAST])
    events = act(game, "bid 250", "pass", "pass", "pass", "trump hearts", "pass cards AD AC TS AH")
    assert observe(game, 2).passed == tuple(parse_cards("AD AC TS AH"))
    assert observe(game, 0).received == tuple(parse_cards("AD AC TS AH"))
    for seat in (1, 3):
        view = observe(game, seat)
        assert view.passed == () and view.received == ()
    passed = next(e for e in events if e.kind == EventKind.PASS_CARDS)
    assert visible_to(passed, 1) == CardsPassedUnseen(passed.seat, passed.to, 4)
    assert visible_to(passed, 0).cards == passed.cards


def test_simultaneous_pass_is_hidden_from_the_declarer_until_both_chose() -> None:
    game = stacked_game(preset("partnership_auction", pass_simultaneous=True), [SOUTH, WEST, NORTH, EAST])
    act(game, "bid 250", "pass", "pass", "pass", "trump hearts", "pass cards AD AC TS AH")
    view = observe(game, 0)
    assert view.received == () and format_cards(view.hand) == SOUTH
    assert all(set(a.cards) <= set(parse_cards(SOUTH)) for a in view.legal_actions)


def test_the_bury_is_seen_only_by_the_declarer_and_the_widow_by_all_once_taken() -> None:
    game = stacked_game(preset("three_hand"), ["AH TH KH QH JH AS AS TS TS KS 9C 9C 9D 9D JC", "", ""], dealer=2,
                        widow="AD TD KD")
    assert observe(game, 1).widow == ()
    act(game, "bid 250", "pass", "pass")
    assert observe(game, 1).widow == tuple(parse_cards("AD TD KD"))
    act(game, "trump hearts", "bury AD TD KD")
    assert observe(game, 0).buried == tuple(parse_cards("AD TD KD"))
    assert observe(game, 1).buried == () and observe(game, 2).buried == ()
    assert observe(game, 1).hand_sizes == (15, 15, 15)


def test_shown_meld_and_played_cards_are_public() -> None:
    game = stacked_game(preset("partnership_auction", pass_cards=0), [SOUTH, WEST, NORTH, EAST])
    act(game, "bid 250", "pass", "pass", "pass", "trump hearts", "play on", "play AS")
    for seat in range(4):
        view = observe(game, seat)
        assert len(view.melds) == 4 and view.melds[0].seat == 0
        assert view.trick == ((0, parse_card("AS")),) and view.trump == 1 and view.bid == 250 and view.declarer == 0


def test_turnup_card_is_shown_until_the_meld() -> None:
    game = stacked_game(preset("partnership_turnup"), ["9H", "", "", "AD"], dealer=3, turnup="KH")
    assert observe(game, 1).turnup == parse_card("KH")
    act(game, "exchange dix")
    assert observe(game, 1).turnup is None


def test_the_face_up_trump_card_of_the_last_draw_is_seen_by_both() -> None:
    game = stacked_game(preset("two_hand"), ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", ""], turnup="KH")
    while game.phase != "draw_choice":
        game.apply(next(a for a in game.legal_actions() if str(a) not in ("declare out",) and
                        not str(a).startswith("meld")))
    winner = game.to_act
    act(game, "take face-down card")
    last = game.hand.tricks[-1].draws
    kh = parse_card("KH")
    assert last[1] == (1 - winner, kh)
    assert observe(game, winner).tricks[-1].draws == ((winner, last[0].card), (1 - winner, kh))
    assert observe(game, 1 - winner).tricks[-1].draws == ((winner, None), (1 - winner, parse_card("KH")))
    assert all(d[1] is None for t in observe(game, 1 - winner).tricks[:-1] for d in t.draws if d[0] == winner)
