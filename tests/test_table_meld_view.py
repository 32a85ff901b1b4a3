"""The meld at the table: every physical card of a seat's meld is drawn, and two-handed labels name only
the melds whose cards lie on the table."""

from __future__ import annotations

import os
from collections import Counter

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from conftest import act, stacked_game  # noqa: E402

from engine.actions import LayMeld, NoMeld  # noqa: E402
from engine.cards import Card, parse_cards  # noqa: E402
from engine.events import Event, Melded  # noqa: E402
from engine.game import Game, Phase  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.rules import Rules, preset  # noqa: E402
from pinochle_gui.anim import Animator, ManualClock, Timing  # noqa: E402
from pinochle_gui.art import CardArt  # noqa: E402
from pinochle_gui.table.director import VIEW_SEAT, Director  # noqa: E402
from pinochle_gui.table.event_plans import plan  # noqa: E402
from pinochle_gui.table.meld_view import draw_melds, laid_labels  # noqa: E402
from pinochle_gui.theme import get_theme  # noqa: E402

SIZE = (1280, 800)
WEST = 1


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.display.set_mode(SIZE)


class CountingArt(CardArt):
    """Card art that remembers every face it was asked to draw."""

    def __init__(self) -> None:
        super().__init__()
        self.faces: list[Card] = []

    def face(self, c: int, width: int) -> pygame.Surface:  # type: ignore[override]
        self.faces.append(Card(c) if not isinstance(c, Card) else c)
        return super().face(c, width)


def director_for(rules: Rules) -> Director:
    names = ["You"] + [f"P{s}" for s in range(1, rules.players)]
    return Director(rules, names, CardArt(), Animator(Timing("instant"), ManualClock()), SIZE, plan)


def to_the_meld(game: Game, trump: str) -> list[Event]:
    """The first seat to bid takes it at the minimum and names ``trump``; everybody keeps the dix; every other
    choice is the first one offered. All events up to and with everybody's meld."""
    out = list(game.opening_events())
    while not any(isinstance(e, Melded) for e in out):
        legal = [str(a) for a in game.legal_actions()]
        bids = [a for a in legal if a.startswith("bid ")]
        if f"trump {trump}" in legal or "keep dix" in legal:
            pick = f"trump {trump}" if f"trump {trump}" in legal else "keep dix"
        elif bids and not game.hand.bids:
            pick = bids[0]
        else:
            pick = "pass" if "pass" in legal else legal[0]
        out += act(game, pick)
    return out


def drawn_meld(director: Director, seat: int) -> Counter[Card]:
    art = CountingArt()
    surface = pygame.Surface(SIZE)
    draw_melds(surface, director.lay, art, get_theme("green"), {seat: director.news.melds[seat]},
               director.names)
    return Counter(art.faces)


# West's hand in each variant, the trump, and the cards West's meld lays down (from the meld tables of
# docs/rules.md: two dixes are two nines; two marriages in spades and a double pinochle share their Q♠s, two
# of them; a double run beside a royal marriage needs three K♥ and three Q♥; quadruple aces are 16 aces).
CASES = [
    ("partnership_turnup", dict(hands=["", "9H 9H KS KS QS QS JD JD TH TH KH QH", "", "AH"], dealer=3,
                                turnup="AH"), "hearts", "9H 9H KS KS QS QS JD JD KH QH", 400),
    ("partnership_auction", dict(hands=["", "9H 9H KS KS QS QS JD JD TH TH KH QH", "", ""], dealer=3),
     "hearts", "9H 9H KS KS QS QS JD JD KH QH", 400),
    ("three_hand", dict(hands=["", "9H 9H KS KS QS QS JD JD AH TH KH QH JH AS AD", ""], dealer=1), "hearts",
     "9H 9H KS KS QS QS JD JD AH TH KH QH JH", 510),
    ("double_deck", dict(hands=["", "AH AH TH TH KH KH KH QH QH QH JH JH AS AS AS AS AD AD AD AD", "", ""],
                         dealer=0), "hearts", "AH AH TH TH KH KH KH QH QH QH JH JH", 154),
]


@pytest.mark.parametrize(("variant", "deal", "trump", "west_shows", "west_points"), CASES,
                         ids=[c[0] for c in CASES])
def test_every_physical_card_of_a_meld_is_drawn(variant: str, deal: dict[str, object], trump: str,
                                                west_shows: str, west_points: int) -> None:
    rules = preset(variant, pass_cards=0) if variant == "double_deck" else preset(variant)
    game = stacked_game(rules, **deal)  # type: ignore[arg-type]
    events = to_the_meld(game, trump)
    director = director_for(rules)
    director.feed(events, observe(game, VIEW_SEAT))
    director.skip()
    west = director.news.melds[WEST]
    assert west.points == west_points
    assert Counter(west.cards) == Counter(parse_cards(west_shows))
    assert drawn_meld(director, WEST) == Counter(parse_cards(west_shows))
    # A table restored from a save finds the same cards again from the meld as the hand record keeps it.
    restored = director_for(rules)
    restored.reset(observe(game, VIEW_SEAT))
    assert Counter(restored.news.melds[WEST].cards) == Counter(parse_cards(west_shows))


TWO_HAND_DEALER = "9S 9S JS JH JH 9D JC JC QC KC TD AD"


def two_hand_director(game: Game) -> Director:
    director = director_for(game.rules)
    director.feed(game.opening_events(), observe(game, VIEW_SEAT))
    director.skip()
    return director


def play(director: Director, game: Game, *actions: str | LayMeld) -> None:
    director.feed(act(game, *actions), observe(game, VIEW_SEAT))
    director.skip()


def dix(game: Game) -> LayMeld:
    return next(a for a in game.legal_actions() if isinstance(a, LayMeld) and a.play.meld.kind == "dix")


def test_a_dix_exchanged_for_the_turned_up_trump_leaves_no_label_where_no_card_lies() -> None:
    # John Hay: the first dix melded is exchanged for the turned-up trump, here the other dix.
    game = stacked_game(preset("two_hand"), ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", TWO_HAND_DEALER], turnup="9H")
    director = two_hand_director(game)
    play(director, game, "play AS", "play 9S")
    play(director, game, dix(game))
    assert [s.card for s in director.tables[0]] == [] and director.turnup[-1].card == parse_cards("9H")[0]
    assert laid_labels(director.news.laid, director.tables) == {}
    # The nine taken is melded at once: it lies on the table, and the seat's meld this hand is both dixes.
    play(director, game, dix(game))
    assert [s.card for s in director.tables[0]] == parse_cards("9H")
    assert laid_labels(director.news.laid, director.tables) == {0: "Meld 20: Dix 10 ×2"}  # both counted


def test_hoyles_turned_up_dix_scores_for_the_dealer_without_a_card_on_the_table() -> None:
    game = stacked_game(preset("two_hand", turnup_dix_to_dealer=True), ["AS", "AD"], turnup="9H")
    director = two_hand_director(game)
    assert [len(t) for t in director.tables] == [0, 0] and len(director.hands[1]) == 12
    assert director.turnup[-1].card == parse_cards("9H")[0]
    assert laid_labels(director.news.laid, director.tables) == {}
    assert "P1 scores the turned-up dix: 10" in director.news.messages


def test_a_label_names_the_melds_still_on_the_table_and_goes_when_the_melds_go_back() -> None:
    game = stacked_game(preset("two_hand"), ["AS AS QS JD 9H QH KD QD AC TC 9C 9D", TWO_HAND_DEALER], turnup="KH")
    director = two_hand_director(game)
    play(director, game, "play AS", "play 9S")
    pinochle = next(a for a in game.legal_actions() if isinstance(a, LayMeld) and a.play.meld.name == "pinochle")
    play(director, game, pinochle)
    assert laid_labels(director.news.laid, director.tables) == {0: "Meld 40: Pinochle 40"}
    while game.hand.tables:  # no more meld; the first card offered, until the stock is gone
        legal = game.legal_actions()
        play(director, game, next(a for a in legal if isinstance(a, NoMeld)) if game.phase == Phase.MELD else legal[0])
    assert all(not t for t in director.tables) and laid_labels(director.news.laid, director.tables) == {}


@pytest.mark.parametrize("text_size", [100, 125, 150])
@pytest.mark.parametrize("size", [(720, 1280), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_laid_meld_line_wraps_whole_beside_its_cards(size: tuple[int, int], text_size: int) -> None:
    """Two-handed in a standing window the line naming a seat's many melds was cut ("Meld 90: Marriage 20 ×2,
    Dix 10, Pinoc…"): it wraps after a meld, whole, at the smallest print or larger, in the seat's meld area
    and clear of where its laid cards lie."""
    from pinochle_gui.fonts import set_text_scale, sized_by_layout
    from pinochle_gui.layout import cards_in, table_layout
    from pinochle_gui.table.meld_view import draw_laid_labels
    from pinochle_gui.widgets.text import watch_text

    text = "Meld 330: Run 150, Royal marriage 40, Pinochle 40, Marriage 20 ×3, Dix 10 ×2"
    set_text_scale(text_size)
    try:
        lay = table_layout(*size, 2, 12, text=text_size / 100)
        with sized_by_layout(), watch_text() as seen:
            drawn = draw_laid_labels(pygame.Surface(size), lay, get_theme("green"), {0: text, 1: text})
    finally:
        set_text_scale(100)
    assert not [t.text for t in seen if t.cut] and min(t.px for t in seen) >= 11 * text_size // 100
    words = " ".join(t.text for t in seen)
    assert all(words.count(meld) == 2 for meld in ("Meld 330:", "Run 150,", "Royal marriage 40,", "Dix 10 ×2"))
    for seat in (0, 1):
        lines = [r for r in drawn if lay.seats[seat].meld.contains(r)]
        cards = cards_in(lay.laid_cards_area(seat), 12, lay.small_w, lay.small_h)
        assert lines and not any(line.collidelist(cards) >= 0 for line in lines), (seat, lines, cards)
    assert len(drawn) == len([r for seat in (0, 1) for r in drawn if lay.seats[seat].meld.contains(r)])
