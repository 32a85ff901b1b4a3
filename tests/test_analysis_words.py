"""The coach's words (engine/ai/analysis/words.py) read against cases where they would be false: every
reason template rendered for the player's own seat, for another seat, for nobody's, in a partnership game,
for a lone three-handed declarer and two-handed; the reasons of a broken meld, of a hand set without play
and of the view with every card seen, which never knows the order of a two-handed stock.

Quick: the values behind the reasons are given here, or come from the easy search and the real deal."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest
from test_ai_cardplay import staged
from test_analysis import passing_game

from engine.actions import Action, PassCards, Play
from engine.ai.analysis.hand import (
    ANALYSIS_LEVELS,
    EVERY_CARD,
    _title,
    action_words,
    as_the_cards_lay,
    decisions_in,
    game_before,
    review_at,
)
from engine.ai.analysis.valuation import valuation
from engine.ai.analysis.words import contradictions, praise_for, reason_for
from engine.cards import DIAMONDS, SPADES, parse_card, parse_cards
from engine.game import Game, Phase, new_game
from engine.review import seat_names
from engine.rules import preset
from engine.sim import play_game

NAMES = {4: ["You", "West", "North", "East"], 3: ["You", "West", "East"], 2: ["You", "East"]}
#: Phrases some reason must use across the hands rendered (so the check below reads every template).
TEMPLATES = ["needed", "void in", "was still out", "trumps were still out", "had passed", "had bid",
             "meld was", "at most", "cards of the suit", "banks", "broke", "gives", "best choice here",
             "over the deals played out", "already winning the trick", "winning the trick with", "gives back",
             "the pass made"]
YOUR = re.compile(r"\byour\b", re.IGNORECASE)


@cache
def hands_of(variant: str) -> tuple[dict[str, Any], ...]:
    """A few hands of ``variant``, the seats named as the app names them."""
    rules = preset(variant)
    game = new_game(rules, seed=5)
    game.players = list(NAMES[rules.players])
    return tuple(play_game(game, ["easy"] * rules.players, 5, 4).hand_records)


def alternatives(game: Game, made: Action) -> list[Action]:
    """A few other legal choices than ``made`` (a pass of cards has a thousand)."""
    legal = [a for a in game.legal_actions() if a != made and type(a).__name__ != "DeclareOut"]
    return legal[:4] + legal[-3:] if len(legal) > 7 else legal


def cases(variant: str) -> list[tuple[Game, int, Action, Action]]:
    """(the game before a decision, its seat, the choice made, another) of every decision of a few hands; in
    partnerships, the passes both ways of :func:`broken_run` too (the hands played may pass and return alike)."""
    found = []
    for record in hands_of(variant):
        for index, seat in decisions_in(record):
            game, made = game_before(record, index)
            found += [(game, seat, made, other) for other in alternatives(game, made)]
    if preset(variant).partnerships and variant == "partnership_auction":
        game, made, better = broken_run()
        found += [(game, 0, made, better), (game, 0, better, made)]
        before = passing_game("AS TS KS QS JS AD AD AC 9H 9H 9C 9C", "TH QH JH AH AC TC KC QC JC JC TD KD",
                              "AH KH KH QH JH QD JD 9D TC KC QC 9S", "AS TS JS 9S QS KS TD KD QD JD 9D TH")
        before.players = list(NAMES[4])
        junk, aces = PassCards(tuple(parse_cards("9D 9S JD QD"))), PassCards(tuple(parse_cards("AH KH KH QH")))
        found += [(before, 2, junk, aces)]
    return found


def rendered(variant: str) -> list[tuple[int, int | None, str]]:
    """(the deciding seat, the player's seat, the words) for every reason, praise and title of every case,
    told to the deciding seat, to every other seat and to nobody."""
    said: list[tuple[int, int | None, str]] = []
    for game, seat, made, other in cases(variant):
        names = seat_names({"players": game.players, "seats": game.rules.players})
        kind = game.phase
        values = {made: 0.0, other: 40.0}
        for viewer in [*range(game.rules.players), None]:
            said.append((seat, viewer, reason_for(game, seat, made, other, values, kind, action_words(other, game),
                                                  viewer)))
            said.append((seat, viewer, praise_for({made: 40.0, other: 0.0}, made, other, action_words(other, game),
                                                  game, seat, viewer, action_words(made, game))))
            said.append((seat, viewer, _title(game, seat, kind, names, viewer)))
    return said


@pytest.mark.parametrize("variant", ["partnership_auction", "partnership_turnup", "three_hand", "two_hand"])
def test_every_template_is_said_in_the_seats_own_words(variant: str) -> None:
    """"you" for the player only, never "You's" nor a capital "You" inside a sentence; seats by name; "your"
    never about another seat's things; sides only where there are partnerships."""
    partnerships = preset(variant).partnerships
    for seat, viewer, words in rendered(variant):
        assert "You's" not in words and "you's" not in words.lower(), words
        assert re.search(r"(?<!^)\bYou\b", words) is None, words  # a capital "You" only opens a title
        if viewer is None:
            assert re.search(r"\byou\b", words, re.IGNORECASE) is None, words
        if seat != viewer:
            assert YOUR.search(words) is None, (seat, viewer, words)
        if not partnerships:
            assert re.search(r"\bsides?\b", words) is None, words


def test_every_template_was_read() -> None:
    """The hands above reach every kind of reason (else the check of their words would read too few)."""
    said = " ".join(words for variant in ("partnership_auction", "partnership_turnup", "three_hand", "two_hand")
                    for _seat, _viewer, words in rendered(variant))
    assert [t for t in TEMPLATES if t not in said] == []


def test_the_player_is_you_in_a_partners_reason() -> None:
    """North's reasons name the player "you", never "North's partner"; the player's own say "your partner"."""
    game = staged(preset("partnership_auction"), ["", "", "KH 9H", "QH QH JH JH"], DIAMONDS,
                  trick=[(0, "AH"), (1, "9H")], leader=0)
    game.players = list(NAMES[4])
    assert game.to_act == 2
    king, nine = Play(parse_card("KH")), Play(parse_card("9H"))
    words = reason_for(game, 2, nine, king, {king: 20.0, nine: 0.0}, "play", "K♥", viewer=0)
    assert words.startswith("you were already winning the trick with the A♥") and "partner" not in words
    assert "you and North needed 250 more to make the bid" in words
    own = reason_for(game, 2, nine, king, {king: 20.0, nine: 0.0}, "play", "K♥", viewer=2)
    assert own.startswith("your partner was already winning") and "your side needed 250 more" in own


def test_a_lone_declarer_has_no_side() -> None:
    """Three-handed, what the declarer needed is said of the declarer alone."""
    game = staged(preset("three_hand"), ["TC 9C", "JC QH", "KH 9H"], DIAMONDS, declarer=2, bid=350)
    game.players = list(NAMES[3])
    ten, nine = Play(parse_card("TC")), Play(parse_card("9C"))
    words = reason_for(game, 0, ten, nine, {ten: 0.0, nine: 20.0}, "play", "9♣", viewer=0)
    assert "East needed" in words and "side" not in words


def test_praise_names_the_choice_made_first() -> None:
    game = staged(preset("partnership_auction"), ["KD AS", "TD 9S", "JD QS", "9D KS"], DIAMONDS)
    king, ace = Play(parse_card("KD")), Play(parse_card("AS"))
    words = praise_for({ace: 60.0, king: 38.0}, ace, king, "K♦", game, 0, 0, "A♠")
    assert words == "A♠ was the best choice here: K♦, the next best, was worth about 22 less to your side"


def broken_run() -> tuple[Game, PassCards, PassCards]:
    """South declares in spades holding A♠ 10♠ K♠ Q♠ J♠ and four aces after North's pass: returning
    A♠ A♦ A♦ A♣ breaks the run and the aces around; returning the four nines keeps both."""
    game = passing_game("AS TS KS QS JS AD AD AC 9H 9H 9C 9C", "TH QH JH AH AC TC KC QC JC JC TD KD",
                        "AH KH KH QH JH QD JD 9D TC KC QC 9S", "AS TS JS 9S QS KS TD KD QD JD 9D TH")
    game.hand.trump = SPADES
    game.apply(PassCards(tuple(parse_cards("AH KH KH QH"))))
    assert game.phase == Phase.RETURN and game.to_act == 0
    return game, PassCards(tuple(parse_cards("AS AD AD AC"))), PassCards(tuple(parse_cards("9H 9H 9C 9C")))


def test_a_return_that_breaks_the_run_says_so() -> None:
    """The reported return: its reason names the run and the aces around it broke, and the trump it gave."""
    game, made, better = broken_run()
    words = reason_for(game, 0, made, better, {made: -100.0, better: 30.0}, "return", "Return 9♥ 9♥ 9♣ 9♣",
                       viewer=0)
    assert words.startswith("the return made broke your run 150 and aces around 100: your meld was ")
    assert "the return made gave back 1 (A♠)" in words
    assert not contradictions(game, 0, made, better, words)
    assert contradictions(game, 0, better, made, "the return made broke your run 150: your meld was 270 after "
                          "it, 60 after this one")


def test_a_hand_set_without_play_has_no_luck_as_the_cards_lay() -> None:
    """Bid 700, beyond the side's meld and every trick: every return is set without play in the real deal,
    alike; so no return is "worth more as the cards lay"."""
    game = passing_game("AS TS KS QS JS AD AD AC 9H 9H 9C 9C", "TH QH JH AH AC TC KC QC JC JC TD KD",
                        "AH KH KH QH JH QD JD 9D TC KC QC 9S", "AS TS JS 9S QS KS TD KD QD JD 9D TH", bid=700)
    game.hand.trump = SPADES
    game.apply(PassCards(tuple(parse_cards("9D 9S JD QD"))))
    seen = valuation(game.clone(), 0, EVERY_CARD, random.Random(1), chosen=PassCards(tuple(parse_cards("AS AD AD AC"))))
    assert len({seen.mean(a) for a in seen.worths}) == 1, seen.worths
    review = review_at(game, PassCards(tuple(parse_cards("AS AD AD AC"))), 3, seed=1,
                       level=ANALYSIS_LEVELS["easy"], viewer=0)
    assert review.seen_cost == 0 and review.luck != "unlucky" and "as the cards lay" not in review.reason


def two_handed_in_the_stock() -> Game:
    game = new_game(preset("two_hand"), seed=3)
    game.players = list(NAMES[2])
    while game.phase != Phase.PLAY or len(game.hand.tricks) < 3:
        game.apply(game.legal_actions()[0])
    assert game.hand.stock and game.phase == Phase.PLAY
    return game


def test_the_view_with_every_card_seen_never_knows_the_order_of_the_stock() -> None:
    """Two-handed while the stock lasts: the same hands with the stock in another order (its trump card still
    last) get the very same values with every card seen, and its words say what it did not know."""
    game = two_handed_in_the_stock()
    other = game.clone()
    stock = other.hand.stock
    other.hand.stock = list(reversed(stock[:-1])) + stock[-1:]
    seat = game.to_act
    assert seat is not None
    one = valuation(game.clone(), seat, EVERY_CARD, random.Random(7))
    two = valuation(other, seat, EVERY_CARD, random.Random(7))
    assert one.worths == two.worths and max(len(w) for w in one.worths.values()) > 1
    assert "order of the stock" in as_the_cards_lay(game)
