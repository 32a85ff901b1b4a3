"""Legality of plays, trick winners and counting (engine/play.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, format_cards, new_deck, parse_cards
from engine.play import (
    FREE,
    MUST_BEAT,
    POST_1945,
    WIN_IF_ABLE,
    beats,
    card_values,
    count_points,
    last_trick_bonus,
    legal_codes,
    legal_plays,
    play_mode,
    trick_winner,
)
from engine.rules import PRESETS, Rules, preset

MUST = preset("partnership_auction")
POST = preset("partnership_auction", play_rule="post_1945")
ALWAYS = preset("partnership_auction", play_rule="always_win")
WIN = preset("partnership_auction_div10")


def legal(hand: str, trick: str, trump: int, rules: Rules, free: bool = False) -> str:
    return format_cards(legal_plays(parse_cards(hand), parse_cards(trick), trump, rules, free))


# -- modes -------------------------------------------------------------------------------------


def test_play_mode_follows_the_options() -> None:
    assert play_mode(MUST) == MUST_BEAT
    assert play_mode(POST) == POST_1945
    assert play_mode(ALWAYS) == MUST_BEAT
    assert play_mode(WIN) == WIN_IF_ABLE
    assert play_mode(preset("partnership_auction", play_rule="win_if_able")) == WIN_IF_ABLE
    assert play_mode(preset("partnership_turnup")) == POST_1945
    assert play_mode(preset("double_deck")) == MUST_BEAT
    assert play_mode(preset("two_hand")) == MUST_BEAT
    assert play_mode(preset("two_hand", phase2_must_win="trump_led")) == POST_1945
    assert play_mode(preset("two_hand"), free=True) == FREE


# -- leading and free play ---------------------------------------------------------------------


@pytest.mark.parametrize("rules", [MUST, POST, ALWAYS, WIN])
def test_lead_any_card_each_once_in_hand_order(rules: Rules) -> None:
    assert legal("AH AH 9S KC 9S", "", HEARTS, rules) == "AH 9S KC"


def test_two_handed_phase_one_second_card_is_free() -> None:
    two = preset("two_hand")
    assert legal("9S KC JD", "AH", HEARTS, two, free=True) == "9S KC JD"
    assert legal("9S KC JD TH", "AH", HEARTS, two) == "TH"


def test_empty_hand_has_no_plays() -> None:
    assert legal_plays([], parse_cards("AH"), HEARTS, MUST) == []


# -- must-beat ---------------------------------------------------------------------------------


def test_must_beat_follows_and_beats_the_winner() -> None:
    assert legal("AS TS 9S KH", "KS", HEARTS, MUST) == "AS TS"
    # beats the card now winning, not only the card led, even a partner's
    assert legal("AS TS 9S KH", "KS QS TS", HEARTS, MUST) == "AS"


def test_must_beat_follows_low_when_unable_to_beat() -> None:
    assert legal("KS 9S AH", "AS", HEARTS, MUST) == "KS 9S"


def test_identical_card_does_not_beat() -> None:
    # the first AS wins; the second AS cannot beat it, so any spade
    assert legal("AS 9S", "AS", HEARTS, MUST) == "AS 9S"
    assert legal("AS 9S", "TS", HEARTS, MUST) == "AS"


def test_must_beat_after_trump_any_card_of_suit_led() -> None:
    assert legal("AS 9S TH", "KS 9H", HEARTS, MUST) == "AS 9S"


def test_must_beat_void_trumps_and_overtrumps() -> None:
    assert legal("AH 9H KC", "KS", HEARTS, MUST) == "AH 9H"
    assert legal("AH 9H KC", "KS QH", HEARTS, MUST) == "AH"
    # unable to overtrump: still must trump
    assert legal("JH 9H KC", "KS QH", HEARTS, MUST) == "JH 9H"


def test_must_beat_void_in_both_any_card() -> None:
    assert legal("KC QD 9C", "KS QH", HEARTS, MUST) == "KC QD 9C"


def test_must_beat_trump_led() -> None:
    assert legal("AH 9H KS", "KH", HEARTS, MUST) == "AH"
    assert legal("JH 9H KS", "KH", HEARTS, MUST) == "JH 9H"
    assert legal("KS QD", "KH", HEARTS, MUST) == "KS QD"


# -- post-1945 ---------------------------------------------------------------------------------


def test_post_1945_follow_any_card_of_suit() -> None:
    assert legal("AS TS 9S KH", "KS", HEARTS, POST) == "AS TS 9S"
    assert legal("AS TS 9S KH", "KS QS TS", HEARTS, POST) == "AS TS 9S"


def test_post_1945_void_any_trump() -> None:
    assert legal("AH 9H KC", "KS QH", HEARTS, POST) == "AH 9H"
    assert legal("AH 9H KC", "KS", HEARTS, POST) == "AH 9H"
    assert legal("KC QD", "KS QH", HEARTS, POST) == "KC QD"


def test_post_1945_trump_led_must_beat() -> None:
    assert legal("AH 9H KS", "KH", HEARTS, POST) == "AH"
    assert legal("AH TH 9H", "KH AH", HEARTS, POST) == "AH TH 9H"  # the first AH cannot be beaten
    assert legal("AH TH 9H", "KH TH", HEARTS, POST) == "AH"
    assert legal("KS QD", "KH", HEARTS, POST) == "KS QD"


# -- the divided-by-ten rules: follow suit, else any card; win the trick if able ------------------


def test_seed001_no_forced_losing_trump() -> None:
    # docs/rules.md, "Play": holding 9H KC on AS AH with hearts trump, 9H cannot win, so both are legal
    assert legal("9H KC", "AS AH", HEARTS, WIN) == "9H KC"
    assert legal("9H KC", "AS AH", HEARTS, MUST) == "9H"


def test_seed001_void_must_trump_when_a_trump_wins() -> None:
    # nobody has trumped: any trump wins the trick, so one must be played
    assert legal("9H JH KC", "AS TS", HEARTS, WIN) == "9H JH"
    # trumped with the KH: only a higher trump wins
    assert legal("9H AH KC", "AS KH", HEARTS, WIN) == "AH"


def test_seed001_follows_and_wins_even_over_the_partner() -> None:
    # the partner's TS is winning; holding the AS the player must take it
    assert legal("AS 9S KC", "KS TS QS", HEARTS, WIN) == "AS"
    # no spade beats the TS: any spade, never an off-suit card
    assert legal("JS 9S KC", "KS TS", HEARTS, WIN) == "JS 9S"
    # trumped: no spade can win, any spade will do
    assert legal("AS 9S TH", "KS 9H", HEARTS, WIN) == "AS 9S"


def test_two_handed_phase_two_options() -> None:
    always = preset("two_hand")
    trump_led = preset("two_hand", phase2_must_win="trump_led")
    assert legal("AS 9S", "KS", CLUBS, always) == "AS"
    assert legal("AS 9S", "KS", CLUBS, trump_led) == "AS 9S"
    assert legal("AC 9C", "KC", CLUBS, trump_led) == "AC"
    assert legal("9C JD", "KS", CLUBS, trump_led) == "9C"


def test_double_deck_four_identical_cards() -> None:
    dd = preset("double_deck")
    assert legal("AD AD AD TD", "AD", DIAMONDS, dd) == "AD TD"
    assert legal("AD AD KD", "TD", SPADES, dd) == "AD"


# -- trick winners -----------------------------------------------------------------------------


def test_trick_winner() -> None:
    assert trick_winner(parse_cards("KS AS TS QS"), HEARTS) == 1
    assert trick_winner(parse_cards("KS AS 9H QS"), HEARTS) == 2
    assert trick_winner(parse_cards("KS AS 9H TH"), HEARTS) == 3
    assert trick_winner(parse_cards("KS AD AC AS"), HEARTS) == 3
    assert trick_winner(parse_cards("KS AD AC 9S"), HEARTS) == 0
    assert trick_winner(parse_cards("AS AS"), HEARTS) == 0
    assert trick_winner(parse_cards("9H AS 9H"), HEARTS) == 0
    assert trick_winner(parse_cards("KS"), HEARTS) == 0


def test_beats() -> None:
    ks, as_, nine_h = parse_cards("KS AS 9H")
    assert beats(as_, ks, SPADES, HEARTS)
    assert not beats(ks, as_, SPADES, HEARTS)
    assert beats(nine_h, as_, SPADES, HEARTS)
    assert not beats(as_, as_, SPADES, HEARTS)


# -- counting ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "ace_ten_king_queen_jack_nine", "bonus"),
    [
        ("old_timers", (11, 10, 4, 3, 2, 0), 10),
        ("simplified", (10, 10, 5, 5, 0, 0), 10),
        ("streamlined", (10, 10, 10, 0, 0, 0), 10),
    ],
)
def test_counts(count: str, ace_ten_king_queen_jack_nine: tuple[int, ...], bonus: int) -> None:
    rules = preset("partnership_auction", count=count)
    values = card_values(rules)
    for suit_letter in "SHDC":
        cards = parse_cards([rank + suit_letter for rank in "ATKQJ9"])
        assert tuple(values[c] for c in cards) == ace_ten_king_queen_jack_nine
    assert last_trick_bonus(rules) == bonus
    assert count_points(new_deck(), rules) + bonus == 250


def test_seed001_and_double_deck_counts() -> None:
    div10 = preset("partnership_auction_div10")
    assert count_points(parse_cards("AS TS KS QS JS 9S"), div10) == 3
    assert last_trick_bonus(div10) == 1
    assert count_points(new_deck(), div10) + last_trick_bonus(div10) == 25 == div10.trick_total
    dd = preset("double_deck")
    assert count_points(parse_cards("AS TS KS QS JS"), dd) == 3
    assert last_trick_bonus(dd) == 2
    assert count_points(new_deck(double=True), dd) + last_trick_bonus(dd) == 50 == dd.trick_total


# -- properties --------------------------------------------------------------------------------

RULE_SETS = [MUST, POST, ALWAYS, WIN, preset("two_hand"), preset("double_deck"), preset("three_hand")]


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[int], list[int], int, Rules]:
    rules = draw(st.sampled_from(RULE_SETS))
    deck: list[int] = list(new_deck(rules.double_deck))
    rng = random.Random(draw(st.integers(0, 2**32)))
    rng.shuffle(deck)
    trick_len = draw(st.integers(0, rules.players - 1))
    hand_len = draw(st.integers(1, rules.hand_size))
    trick = deck[:trick_len]
    hand = deck[trick_len:trick_len + hand_len]
    return hand, trick, draw(st.sampled_from([SPADES, HEARTS, DIAMONDS, CLUBS])), rules


@settings(max_examples=300, deadline=None)
@given(positions())
def test_a_legal_play_always_exists_and_comes_from_the_hand(position: tuple[list[int], list[int], int, Rules]) -> None:
    hand, trick, trump, rules = position
    plays = legal_plays(hand, trick, trump, rules)
    assert plays
    assert len(set(plays)) == len(plays)
    assert set(plays) <= set(hand)
    assert plays == [c for c in dict.fromkeys(hand) if c in plays]  # hand order


@settings(max_examples=300, deadline=None)
@given(positions())
def test_must_beat_is_a_subset_of_post_1945(position: tuple[list[int], list[int], int, Rules]) -> None:
    hand, trick, trump, _rules = position
    must = legal_codes(hand, trick, trump, MUST_BEAT)
    post = legal_codes(hand, trick, trump, POST_1945)
    free = legal_codes(hand, trick, trump, FREE)
    assert set(must) <= set(post) <= set(free)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_must_beat_plays_win_whenever_a_winning_play_exists(position: tuple[list[int], list[int], int, Rules]) -> None:
    hand, trick, trump, _rules = position
    assume(trick)
    led = trick[0] // 6
    # the cards the player may choose from by suit alone: the suit led, else trumps, else any
    eligible = [c for c in hand if c // 6 == led] or [c for c in hand if c // 6 == trump] or hand
    can_win = {c for c in eligible if trick_winner([*trick, c], trump) == len(trick)}
    must = set(legal_codes(hand, trick, trump, MUST_BEAT))
    assert must == (can_win or set(eligible))  # no card wins: any the suit allows


@settings(max_examples=300, deadline=None)
@given(positions())
def test_win_if_able_plays_are_the_winning_cards_of_those_the_suit_allows(
        position: tuple[list[int], list[int], int, Rules]) -> None:
    hand, trick, trump, _rules = position
    assume(trick)
    allowed = [c for c in hand if c // 6 == trick[0] // 6] or hand
    winners = {c for c in allowed if trick_winner([*trick, c], trump) == len(trick)}
    assert set(legal_codes(hand, trick, trump, WIN_IF_ABLE)) == (winners or set(allowed))


def play_out(rules: Rules, seed: int) -> list[int]:
    """Deal and play a whole hand at random under ``rules``; trick points per seat."""
    rng = random.Random(seed)
    deck: list[int] = list(new_deck(rules.double_deck))
    rng.shuffle(deck)
    n = rules.players
    size = len(deck) // n
    hands = [deck[i * size:(i + 1) * size] for i in range(n)]
    trump = rng.randrange(4)
    mode = play_mode(rules)
    values = card_values(rules)
    points = [0] * n
    leader = 0
    for trick_number in range(size):
        trick: list[int] = []
        for i in range(n):
            seat = (leader + i) % n
            card = rng.choice(legal_codes(hands[seat], trick, trump, mode))
            hands[seat].remove(card)
            trick.append(card)
        winner = (leader + trick_winner(trick, trump)) % n
        points[winner] += sum(values[c] for c in trick)
        if trick_number == size - 1:
            points[winner] += last_trick_bonus(rules)
        leader = winner
    return points


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([*PRESETS.values(), preset("partnership_auction", count="old_timers")]), st.integers(0, 2**32))
def test_trick_points_of_a_whole_hand_total_trick_total(rules: Rules, seed: int) -> None:
    assert sum(play_out(rules, seed)) == rules.trick_total


def test_unknown_count_is_a_clear_error() -> None:
    import dataclasses

    # Rules are checked as they are built, so the count is refused before any card is counted.
    with pytest.raises(ValueError, match="option 'count' must be one of"):
        card_values(dataclasses.replace(MUST, count="nonsense"))
