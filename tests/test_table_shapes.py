"""The table in every window shape: every tool within reach, the hand in progress on the score pad, what
was passed and the widow named, and nothing of the next hand before the summary is closed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame  # noqa: E402

from engine.actions import Bid, Pass  # noqa: E402
from engine.game import new_game  # noqa: E402
from engine.meld import meld_by_trump  # noqa: E402
from engine.observation import Observation, observe  # noqa: E402
from engine.rules import preset  # noqa: E402
from pinochle_gui.layout import table_layout  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.table.panels import DecisionPanel  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.table.scorepad import draw_pad  # noqa: E402
from pinochle_gui.theme import get_theme  # noqa: E402
from pinochle_gui.widgets.text import watch_text  # noqa: E402
from tests.test_table_play import click, key, make_table  # noqa: E402
from tests.test_table_scene import run_until  # noqa: E402

pytestmark = pytest.mark.timeout(120)

SHAPES = [(720, 1200), (700, 1150), (1000, 620), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SHAPES)
def test_every_tool_is_a_button_on_the_table(tmp_path: Path, size: tuple[int, int]) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", size=size, seed=1)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        tools = {b.text: b for b in table.tools}
        assert list(tools) == ["Hint", "Undo", "Last", "Pad"]
        window = screen.get_rect()
        lay = table.director.lay
        for button in tools.values():
            assert window.contains(button.rect)
            for other in (lay.menu_button, lay.score_pad, table.status_rect, *(s.plate for s in lay.seats)):
                assert not button.rect.colliderect(other), (button.text, other)
        click(app, tools["Pad"].rect.center)
        assert table.show_pad
        click(app, tools["Pad"].rect.center)
        assert not table.show_pad
        click(app, tools["Last"].rect.center)
        assert table.hud.show_last_trick
        click(app, tools["Hint"].rect.center)
        assert table.hint_asked or table.hint_action is not None
    finally:
        app.close()


def test_nothing_of_the_next_hand_shows_before_the_summary_is_closed(tmp_path: Path) -> None:
    """The player's bid of 330 is not on the board: the hand is set without play. While its meld and then
    its summary are on the table the seats show that hand - its dealer, its declarer and bid, nobody to act -
    though the engine has dealt the next hand."""
    from pinochle_gui.table.scene import SeatsConfig
    from tests.test_table_trust import overbid_hand

    app, first, screen = make_table(tmp_path, "partnership_auction")
    game, _last = overbid_hand(0)
    table = TableScene(app, game, SeatsConfig(["You", "West", "North", "East"], [None, "random", "random", "random"],
                                              [1, 2, 3, 4], False, "overbid", 0.0))
    app.stack.replace(table, "none")
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        dealer, hand = table.obs.dealer, table.obs.hand_number
        table.apply(table.game.legal_actions()[0])
        assert table.obs.hand_number == hand + 1 and table.obs.dealer != dealer  # the engine is ahead
        seen_holds = 0
        for _ in range(3000):
            app.tick(1 / 60)
            app.stack.draw(screen)
            director = table.director
            if director.hold is None:
                if director.idle:
                    break
                continue
            seen = director.seen
            assert seen is not None
            assert (seen.dealer, seen.hand_number, seen.to_act) == (dealer, hand, None)
            assert (seen.declarer, seen.bid) == (0, 330)
            assert table.painter.static_key[3:7] == (None, dealer, 0, 330)  # what the seats were drawn from
            seen_holds += 1
            director.release()
        assert seen_holds >= 2  # the meld, then the summary
        assert table.director.seen is not None and table.director.seen.dealer == table.obs.dealer != dealer
    finally:
        app.close()


def declarer_to_name_trump(variant: str, seed: int) -> Observation:
    """The player wins the auction at the minimum bid (everybody else passes): the trump to name."""
    game = new_game(preset(variant), seed=seed)
    while game.phase == "bidding":
        legal = game.legal_actions()
        bids = [a for a in legal if isinstance(a, Bid)]
        game.apply(bids[0] if game.to_act == 0 and bids else next(a for a in legal if isinstance(a, Pass)))
    assert game.to_act == 0 and game.phase == "trump", game.phase
    return observe(game, 0)


@pytest.mark.parametrize("size", SHAPES)
@pytest.mark.parametrize("variant", ["three_hand", "double_deck"])
def test_the_trump_buttons_show_each_meld_whole_in_one_size(variant: str, size: tuple[int, int]) -> None:
    pygame.font.init()
    obs = declarer_to_name_trump(variant, 2)
    rules = preset(variant)
    lay = table_layout(*size, rules.players, len(obs.hand))
    panel = DecisionPanel(get_theme("green"), rules, ["You", "West", "North", "East"][:rules.players], lambda a: None)
    panel.build(obs, lay)
    by_suit = meld_by_trump(obs.hand, rules)
    assert [b.text for b in panel.buttons] == [str(by_suit[s]) for s in range(4)]
    surface = pygame.Surface(size)
    with watch_text() as seen:
        panel.draw(surface, lay)
    assert not [t.text for t in seen if t.cut]
    assert len({b.text_size for b in panel.buttons}) == 1 and panel.buttons[0].text_size is not None


@pytest.mark.parametrize("text_size", [100, 125, 150])
@pytest.mark.parametrize("size", [*SHAPES, (720, 1280)])
@pytest.mark.parametrize("sides", [["Us", "Them"], ["You", "West", "East"], ["You", "North"]])
def test_the_score_box_keeps_its_lines_inside(size: tuple[int, int], sides: list[str], text_size: int) -> None:
    """Every line whole, in the box, at the smallest print or larger and over no other, with the longest foot:
    at 150% in a standing window three-handed, the foot on three lines once squeezed the sides' lines."""
    from pinochle_gui.fonts import set_text_scale, sized_by_layout
    from tests.test_screen_walk import covered_texts, problems

    pygame.font.init()
    seats = {"Us": 4, "You": len(sides) if len(sides) == 3 else 2}[sides[0]]
    lay = table_layout(*size, seats, 12, text=text_size / 100, score_lines=len(sides))
    surface = pygame.Surface(size)
    set_text_scale(text_size)
    try:
        for target, hands, trick_points in ((1500, 0, [120] * len(sides)), (0, 10, None)):  # "game of 10 hands"
            with sized_by_layout(), watch_text(boxes=True) as seen:  # the longest deal number (under 2**31 * 4)
                draw_pad(surface, lay.score_pad, get_theme("green"), sides, [1234] * len(sides), target, trick_points,
                         12, 8_589_934_591, hands=hands)
            assert not covered_texts(seen) and not problems(seen, 11 * text_size // 100)
            placed = [t for t in seen if t.rect is not None and not t.box]
            assert any("deal 8589934591" in t.text for t in placed)
            for text in placed:
                assert lay.score_pad.inflate(-4, -4).contains(text.rect), (text.text, text.rect, lay.score_pad)
    finally:
        set_text_scale(100)


@pytest.mark.parametrize("size", [(720, 1200), (1280, 720)])
def test_the_score_pad_shows_the_hand_in_progress(tmp_path: Path, size: tuple[int, int]) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", size=size, seed=3)
    try:
        run_until(app, table, screen, lambda: table.director.idle and len(table.obs.tricks) >= 2)
        obs = table.obs
        table.toggle_pad()
        with watch_text() as seen:
            app.stack.draw(screen)
        words = " ".join(t.text for t in seen)
        assert not [t.text for t in seen if t.cut]
        assert obs.declarer is not None and obs.trump is not None
        assert f"Hand {obs.hand_number} now: {table.names[obs.declarer]} bid {obs.bid:,}" in words
        assert f"in tricks so far Us {obs.trick_points[0]}, Them {obs.trick_points[1]}" in words
        assert "meld Us " in words
    finally:
        app.close()


@pytest.mark.parametrize("size", SHAPES)
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_every_meld_shows_in_the_meld_box(size: tuple[int, int], seat: int) -> None:
    """A double-deck hand's many melds (West's 14 in a portrait window lost its last one): each is named."""
    from engine.cards import parse_cards
    from pinochle_gui.art import CardArt
    from pinochle_gui.table.director import MeldShown
    from pinochle_gui.table.meld_view import draw_melds

    pygame.font.init()
    lay = table_layout(*size, 4, 20)
    items = [("marriage", 2, "KH QH"), ("marriage", 2, "KC QC"), ("double_marriage", 4, "KS QS KS QS"),
             ("queens_around", 6, "QS QH QD QC"), ("pinochle", 4, "QS JD"), ("kings_around", 8, "KS KH KD KC"),
             ("run", 15, "AD TD KD QD JD")]
    cards = parse_cards("KH QH KC QC KS QS KS QS QD JD KD AD TD")
    shown = MeldShown(seat, sum(p for _n, p, _c in items), items, list(cards))
    names = ["You", "West", "North", "East"]
    with watch_text() as seen:
        draw_melds(pygame.Surface(size), lay, CardArt("classic", "blue"),
                   get_theme("green"), {seat: shown}, names)
    words = " · ".join(t.text for t in seen)
    assert not [t.text for t in seen if t.cut]
    for name, points in (("Marriage", 2), ("Double marriage", 4), ("Queens around", 6), ("Pinochle", 4),
                         ("Kings around", 8), ("Run", 15)):
        assert f"{name} {points}" in words, (name, words)
    assert words.count("Marriage 2") == 2


def drawn_words(app: App, table: TableScene, screen: pygame.Surface) -> str:
    """Every text of a frame of the table (the seats and status line drawn again, not kept)."""
    table.painter.static = None
    with watch_text() as seen:
        app.stack.draw(screen)
    return " | ".join(t.text for t in seen)


def test_the_widow_stays_face_up_until_the_player_goes_on_and_is_named_after(tmp_path: Path) -> None:
    """Three-handed, seed 3: East wins the auction; the widow lies face up until the player clicks, then
    goes to East and the table says what it was until the first trick is taken."""
    from engine.cards import cards_label
    from pinochle_gui.table.hud import cards_note

    app, table, screen = make_table(tmp_path, "three_hand", seed=3)
    try:
        director = table.director
        run_until(app, table, screen, lambda: director.hold is not None and director.widow_face_up)
        widow = list(director.widow)
        assert len(widow) == 3 and all(s.card is not None for s in widow)
        label = cards_label([s.card for s in widow if s.card is not None])
        for _ in range(60 * 20):  # twenty seconds later it is still there, face up
            app.tick(1 / 60)
        assert director.hold is not None and director.widow == widow and all(s.flip > 0.99 for s in widow)
        assert f"The widow: {label} goes to East: click or press Enter to go on" in drawn_words(app, table, screen)
        click(app, (screen.get_width() // 2, screen.get_height() // 2))
        run_until(app, table, screen, lambda: not director.widow_face_up, act=False)
        assert not director.widow and all(s in director.hands[2] for s in widow)
        run_until(app, table, screen, lambda: director.seen is not None and director.seen.declarer == 2, act=False)
        assert cards_note(director.seen, table.rules, table.names) == f"East took the widow: {label}"
    finally:
        app.close()


def test_the_cards_passed_to_the_player_are_named_and_stay_marked(tmp_path: Path) -> None:
    """Partnership auction: once partner's cards have come, the table names them, and the marked cards
    are the very ones received - a resync of the table does not move a mark to an equal twin."""
    from collections import Counter

    from engine.cards import cards_label
    from pinochle_gui.table.director import VIEW_SEAT
    from pinochle_gui.table.scene import SeatsConfig

    app, first, screen = make_table(tmp_path, "partnership_auction", seed=1)
    game = new_game(preset("partnership_auction"), seed=1)
    while game.phase == "bidding":  # the player wins the auction: North passes cards to the player
        legal = game.legal_actions()
        bids = [a for a in legal if isinstance(a, Bid)]
        game.apply(bids[0] if game.to_act == 0 and bids else next(a for a in legal if isinstance(a, Pass)))
    table = TableScene(app, game, SeatsConfig(["You", "West", "North", "East"], [None, "random", "random", "random"],
                                              [1, 2, 3, 4], False, "passed", 0.0))
    app.stack.replace(table, "none")
    try:
        director = table.director
        run_until(app, table, screen, lambda: table.human_turn and director.idle and table.obs.phase == "return")
        hand = director.hands[VIEW_SEAT]
        marked = [s for s in hand if s.marked]
        assert Counter(s.card for s in marked) == Counter(table.obs.received)
        assert f"North passed you {cards_label(table.obs.received)}" in drawn_words(app, table, screen)

        def twin_places() -> list[tuple[int, int]]:
            now = director.hands[VIEW_SEAT]
            return [(id(s), [x for x in now if x.card == s.card].index(s)) for s in marked]

        places = twin_places()
        assert any(rank for _id, rank in places) or any(
            sum(x.card == s.card for x in director.hands[VIEW_SEAT]) == 2 for s in marked)  # a twin in hand
        for _ in range(3):
            director.resync(table.obs, snap=True)
            assert twin_places() == places and all(s.marked for s in marked)
    finally:
        app.close()


def test_the_card_the_player_picked_leaves_the_hand_not_its_twin(tmp_path: Path) -> None:
    from engine.cards import parse_card
    from pinochle_gui.table.zones import TableCard

    app, table, _screen = make_table(tmp_path, "partnership_auction", seed=1)
    try:
        director = table.director
        ace = parse_card("AS")
        first, second = TableCard(ace, 0, 0, 40), TableCard(ace, 0, 0, 40)
        second.marked = True
        zone = [first, second]
        assert director.take(list(zone), ace) is first  # no choice: the first twin
        director.picked = [second]
        assert director.take(zone, ace, any_card=True) is second and zone == [first] and not director.picked
    finally:
        app.close()


@pytest.mark.parametrize("size", SHAPES)
@pytest.mark.parametrize("percent", [100, 150])
def test_the_hands_summary_cuts_no_word(size: tuple[int, int], percent: int) -> None:
    """In a portrait window the summary's header once read "Chan…"."""
    from conftest import event, play_out

    from engine.events import EventKind, HandScored
    from pinochle_gui.fonts import set_text_scale, sized_for_player
    from pinochle_gui.table.summary import draw_summary

    pygame.font.init()
    rules = preset("partnership_auction")
    summary = event(play_out(new_game(rules, seed=3)), EventKind.HAND_SCORED)
    assert isinstance(summary, HandScored)
    lay = table_layout(*size, 4, 12)
    centre = pygame.Rect(0, lay.bar_bottom, lay.width, lay.hand_area.y - lay.bar_bottom)
    set_text_scale(percent)
    try:
        with sized_for_player(), watch_text() as seen:
            draw_summary(pygame.Surface(size), centre, get_theme("green"), summary, ["Us", "Them"],
                         ["You", "West", "North", "East"], "Deal #7 · click or press Enter to go on", 0, True,
                         team_of=rules.team_of)
    finally:
        set_text_scale(100)
    assert not [t.text for t in seen if t.cut]
    header = [t.text for t in seen if t.text in ("Meld", "Tricks", "Change", "Score")]
    assert header == ["Meld", "Tricks", "Change", "Score"]


def test_the_widow_going_to_the_player_says_you(tmp_path: Path) -> None:
    """Three-handed, seed 7: the player bids by Enter and wins; the status said "goes to You"."""
    app, table, screen = make_table(tmp_path, "three_hand", seed=7)
    try:
        director = table.director
        for _ in range(10):
            run_until(app, table, screen, lambda: director.widow_face_up or (
                table.human_turn and director.idle and table.obs.phase == "bidding"), act=False)
            if director.widow_face_up:
                break
            key(app, pygame.K_RETURN)  # the focused choice: the lowest bid
        assert table.game.hand.declarer == 0
        words = drawn_words(app, table, screen)
        assert "goes to you: click or press Enter to go on" in words and "to You" not in words
    finally:
        app.close()


def to_the_bury(app: App, table: TableScene, screen: pygame.Surface) -> None:
    """Three-handed, seed 7: the player wins the auction and names trump by Enter (the focused choice: the
    lowest bid, the best trump, going on) and has cards to bury."""
    for _ in range(20):
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        if table.obs.phase == "bury":
            return
        key(app, pygame.K_RETURN)
    raise AssertionError("the player never came to bury")


@pytest.mark.parametrize("size", SHAPES)
def test_the_note_on_the_widow_keeps_clear_of_the_meld(tmp_path: Path, size: tuple[int, int]) -> None:
    """Three-handed, seed 7: the player bids, names trump and buries with the meld still on the table; the
    note "You took the widow" once covered the heading of the player's meld."""
    from pinochle_gui.fonts import sized_for_player
    from pinochle_gui.table.meld_view import draw_melds

    app, table, screen = make_table(tmp_path, "three_hand", size=size, seed=7)
    try:
        director = table.director
        to_the_bury(app, table, screen)
        assert director.news.melds
        words = drawn_words(app, table, screen)
        assert "You took the widow" in words and table.hud.note_box is not None
        with sized_for_player():
            melds = draw_melds(pygame.Surface(size), director.lay, table.art, table.theme, director.news.melds,
                               table.names)
        assert table.hud.note_box.collidelist(melds) < 0, (table.hud.note_box, melds)
    finally:
        app.close()


def test_the_keyboard_focus_shows_on_a_chosen_card(tmp_path: Path) -> None:
    """Burying by keys: a card chosen with Space looked like every other chosen card, focused or not."""
    from pinochle_gui.table.controls import focused_chosen
    from pinochle_gui.table.zones import VIEW_SEAT

    app, table, screen = make_table(tmp_path, "three_hand", seed=7)
    try:
        to_the_bury(app, table, screen)
        first = table.director.hands[VIEW_SEAT][table.focus]
        key(app, pygame.K_SPACE)
        for _ in range(30):  # the chosen card rises
            app.tick(1 / 60)
        assert focused_chosen(table) is first

        def accent_pixels() -> int:
            app.stack.draw(screen)
            around = first.rect().inflate(16, 16).clip(screen.get_rect())
            picture = screen.subsurface(around)
            return sum(picture.get_at((x, y))[:3] == table.theme.accent
                       for x in range(around.w) for y in range(around.h))

        ringed = accent_pixels()
        key(app, pygame.K_RIGHT)  # the focus moves on to a card not chosen
        assert focused_chosen(table) is None
        assert ringed > accent_pixels() + first.rect().h
    finally:
        app.close()


@pytest.mark.parametrize("size", SHAPES)
@pytest.mark.parametrize("seats", [3, 4])
def test_a_small_meld_is_headed_whole_in_large_print(size: tuple[int, int], seats: int) -> None:
    """Three-handed in a portrait window at 150%: "West melds 0" read "West mel…" in the narrow side box."""
    from pinochle_gui.art import CardArt
    from pinochle_gui.fonts import set_text_scale, sized_for_player
    from pinochle_gui.table.director import MeldShown
    from pinochle_gui.table.meld_view import draw_melds

    pygame.font.init()
    names = ["You", "West", "East"] if seats == 3 else ["You", "West", "North", "East"]
    set_text_scale(150)
    try:
        lay = table_layout(*size, seats, 15 if seats == 3 else 12, text=1.5)
        melds = {seat: MeldShown(seat, 0, [], []) for seat in range(seats)}
        with sized_for_player(), watch_text() as seen:
            panels = draw_melds(pygame.Surface(size), lay, CardArt("classic", "blue"), get_theme("green"), melds,
                                names)
    finally:
        set_text_scale(100)
    assert not [t.text for t in seen if t.cut]
    window = pygame.Rect(0, 0, *size)
    assert len(panels) == seats and all(window.contains(p) for p in panels)


@pytest.mark.parametrize("size", [(720, 1200), (1280, 720)])
def test_the_summary_and_its_buttons_cut_no_word_in_large_print(tmp_path: Path, size: tuple[int, int]) -> None:
    """Three-handed at 150% in a portrait window: the summary's grid shrank to small print and its button
    read "Play this deal ag…"."""
    from pinochle_gui.widgets import fit_text

    app, table, screen = make_table(tmp_path, "three_hand", size=size, seed=7)
    app.update_settings(text_size=150)
    try:
        director = table.director
        run_until(app, table, screen, lambda: director.news.summary is not None)
        for _ in range(30):
            app.tick(1 / 60)
        with watch_text() as seen:
            drawn_words(app, table, screen)
        assert "Change" in [t.text for t in seen] and not [t.text for t in seen if t.cut]
        buttons = {b.text: b for b in table.end_buttons}
        assert list(buttons) == ["Review", "Play this deal again"]
        for b in buttons.values():  # a button's face is drawn once and kept: its words are fitted here again
            assert fit_text(b.text, b.text_size or b.natural_size, b.text_room, b.face)[0] == b.text
    finally:
        app.update_settings(text_size=100)
        app.close()


def test_a_game_of_a_number_of_hands_says_so_on_the_score_pads(tmp_path: Path) -> None:
    """Partnership scored /10 plays five hands with no target: the pad read "game to 0"."""
    app, table, screen = make_table(tmp_path, "partnership_auction_div10", seed=7)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        assert "Hand 1 · game of 5 hands · deal 31" in drawn_words(app, table, screen)  # deal 7, dealt by seat 3
        table.toggle_pad()
        words = drawn_words(app, table, screen)
        assert "Score pad · game of 5 hands" in words and "game to 0" not in words
    finally:
        app.close()


@pytest.mark.parametrize("size", [(720, 1200), (700, 1150), (1280, 720)])
def test_a_long_status_takes_two_lines_rather_than_being_cut(size: tuple[int, int]) -> None:
    """A portrait window's status line (40 pixels high) cut "The widow: K♠ Q♠ 10♥ goes to East: click or …"."""
    from pinochle_gui.table.hud import Hud

    pygame.font.init()
    lay = table_layout(*size, 3, 15)
    with watch_text() as seen:
        hud = Hud(get_theme("green"), ["You", "West", "East"], [0, 1, 2])
        hud.draw_status(pygame.Surface(size), lay.status,
                        "The widow: K♠ Q♠ 10♥ goes to East: click or press Enter to go on", 2)
    assert seen and not [t.text for t in seen if t.cut]
