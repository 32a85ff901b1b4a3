"""Every screen, and every table state of a hand in each variant, read as the player reads them.

Each walk records every text drawn (through :func:`pinochle_gui.widgets.text.watch_text`) and fails on a
text cut to fit, on a card written as a code (``TH``) instead of rank and suit symbol, and on an
identifier of the code (``bid_step_high_from``) reaching the screen; at the table it also checks that
the hint box, the note on the cards received and the toasts cover no button and no card, and it shows the
tooltip of every button of each decision (within the window, over no other button); the statistics' charts
are stepped through with their picker. At 1280x720, 720x1200 and 1920x1080; and the same again at 1280x720
with the largest text size (150%) and large cards.
"""

from __future__ import annotations

import functools
import os
import random
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pytest
from conftest import each_once_fast, fast_where, param_id, two_handed_analysis, wait_until

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import engine  # noqa: E402
from engine.actions import Pass  # noqa: E402
from engine.rules import PRESETS  # noqa: E402
from pinochle_gui.fonts import set_text_scale  # noqa: E402
from pinochle_gui.screens.__main__ import ShotApp, fill_statistics, play, shots  # noqa: E402
from pinochle_gui.screens.screen import Screen  # noqa: E402
from pinochle_gui.screens.statistics import CHARTS, StatisticsScene  # noqa: E402
from pinochle_gui.screens.welcome import WelcomeScene  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.storage.hand_costs import HandCost  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.widgets import TOOLTIP_DELAY, ChoiceRow  # noqa: E402
from pinochle_gui.widgets.text import TextSeen, watch_text  # noqa: E402
from tests.test_table_play import click, do_by_mouse, key, make_table, mouse_choices  # noqa: E402

pytestmark = pytest.mark.timeout(600)

SIZES = [(1280, 720), (720, 1200), (1920, 1080)]
LARGE = (1280, 720)  # the window of the large-print walks
LARGEST_TEXT = 150
CARD_CODE = re.compile(r"\b[AKQJT9][SHDC]\b")
IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def problems(seen: Iterable[TextSeen], smallest: int = 0) -> list[str]:
    """What is wrong with the texts drawn: cut, card codes, identifiers, drawn under ``smallest`` pixels
    (each text once)."""
    found: set[str] = set()
    for text in seen:
        if text.cut:
            found.add(f"cut: {text.text!r}")
        if 0 < text.px < smallest and text.text.strip():
            found.add(f"smaller than {smallest} px ({text.px}): {text.text!r}")
        if CARD_CODE.search(text.text):
            found.add(f"card code: {text.text!r}")
        if IDENTIFIER.search(text.text):
            found.add(f"identifier: {text.text!r}")
    return sorted(found)


def text_overlaps(seen: Iterable[TextSeen]) -> list[str]:
    """Texts drawn over other texts: two different words whose lines cover each other by more than a third of
    the lower one's height (a line's box holds some room above and below its letters, so lines whose letters
    just touch may cover each other's boxes by a little less)."""
    placed = [t for t in seen if t.rect is not None]
    found: set[str] = set()
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            assert a.rect is not None and b.rect is not None
            if a.text == b.text or not a.text.strip() or not b.text.strip():
                continue  # a shadow under its own text
            inter = a.rect.clip(b.rect)
            if inter.w > 2 and inter.h > min(a.rect.h, b.rect.h) / 3:
                found.add(f"overlap: {a.text!r} and {b.text!r}")
    return sorted(found)


def ink(text: TextSeen) -> pygame.Rect:
    """Where a line's letters lie in its box (the font's height holds room above the capitals and below the
    descenders: about a fifth at the top, a twentieth at the bottom); a box with words of its own whole."""
    rect = text.rect
    assert rect is not None
    return rect if text.box else pygame.Rect(rect.x, rect.y + rect.h * 22 // 100, rect.w, rect.h * 72 // 100)


def _hides(over: pygame.Rect, under: pygame.Rect) -> bool:
    inter = over.clip(under)
    return inter.w > 2 and inter.h > 2


def covered_texts(seen: Sequence[TextSeen]) -> list[str]:
    """Texts nobody can read whole, from texts and boxes watched in the order drawn (``watch_text(boxes=True)``):
    a text (its letters: :func:`ink`), a button or a bubble covered by a box drawn after it (a panel, a card, a
    button), and two texts whose letters are drawn over each other. What lies under a cover (the hand's
    summary, the open pad, the last trick, a toast over the status line) is hidden on purpose and not counted;
    the card corners are art, not text, and are not recorded."""
    drawn = [t for t in seen if t.rect is not None and (t.box or t.text.strip())]

    def hidden_on_purpose(i: int) -> bool:
        return any(later.box == "cover" and _hides(later.rect, ink(drawn[i])) for later in drawn[i + 1:]
                   if later.rect is not None)

    found: set[str] = set()
    for i, what in enumerate(drawn):
        if what.box not in ("", "words") or hidden_on_purpose(i):
            continue
        name = what.text if what.box else repr(what.text)
        for j in range(i + 1, len(drawn)):
            later = drawn[j]
            assert later.rect is not None
            if later.box in ("box", "words") and _hides(later.rect, ink(what)):
                found.add(f"{later.text} covers {name}")
            elif not later.box and not what.box and later.text != what.text and _hides(ink(later), ink(what)) \
                    and not hidden_on_purpose(j):
                found.add(f"{name} and {later.text!r} are drawn over each other")
    return sorted(found)


def focus_ring_shows(screen: Screen, size: tuple[int, int]) -> bool:
    """The screen has a keyboard focus, and it is drawn: many more pixels of the accent colour around the
    focused control than when nothing has the focus."""
    focus = screen.focus
    if focus is None:
        return False

    def accent_around() -> int:
        surface = pygame.Surface(size)
        screen.draw(surface)
        band = surface.subsurface(focus.rect.inflate(14, 14).clip(surface.get_rect()))
        return int(pygame.transform.threshold(None, band, screen.theme.accent, (10, 10, 10, 255), None, 0))

    with_focus = accent_around()
    screen.set_focus(None)
    without = accent_around()
    screen.set_focus(focus)
    return with_focus - without > focus.rect.w  # at least a line of accent along the control


def test_the_checks_catch_what_they_look_for() -> None:
    seen = [TextSeen("play 9H"), TextSeen("From 'bid_step_high_from' on"), TextSeen("Play 9♥"),
            TextSeen("North melds 40", cut=True), TextSeen("Ten of hearts: 10♥ - A♠ K♠ Q♠ J♠")]
    assert problems(seen) == ["card code: 'play 9H'", "cut: 'North melds 40'",
                              "identifier: \"From 'bid_step_high_from' on\""]
    lines = [TextSeen("Hand 1", pygame.Rect(0, 0, 80, 30)), TextSeen("East bid 260", pygame.Rect(0, 18, 200, 30)),
             TextSeen("Hand 2", pygame.Rect(0, 44, 80, 30)), TextSeen("Hand 2", pygame.Rect(2, 46, 80, 30)),
             TextSeen("Hand 3", pygame.Rect(0, 67, 80, 30))]
    assert text_overlaps(lines) == ["overlap: 'Hand 1' and 'East bid 260'"]
    plate, note = pygame.Rect(0, 0, 200, 40), pygame.Rect(60, 10, 200, 60)
    drawn = [TextSeen("a plate", plate, box="box"), TextSeen("West", pygame.Rect(10, 5, 60, 30)),
             TextSeen("a note", note, box="box"), TextSeen("You took the widow", pygame.Rect(70, 20, 180, 30)),
             TextSeen("East", pygame.Rect(200, 30, 60, 30)),
             TextSeen("the button 'Play'", pygame.Rect(0, 100, 90, 40), box="words"),
             TextSeen("a card", pygame.Rect(60, 90, 50, 70), box="box"),
             TextSeen("the hand's summary", pygame.Rect(0, 0, 400, 90), box="cover"),
             TextSeen("Us 120", pygame.Rect(20, 10, 90, 30)), TextSeen("Them 80", pygame.Rect(20, 40, 90, 30))]
    assert covered_texts(drawn) == ["a card covers the button 'Play'"]  # the rest under the summary on purpose
    assert covered_texts(drawn[:7]) == ["'You took the widow' and 'East' are drawn over each other",
                                        "a card covers the button 'Play'", "a note covers 'West'"]


@pytest.fixture(autouse=True)
def usual_text_afterwards() -> Iterable[None]:
    """The text size is the whole app's: each test leaves it as it was found."""
    yield
    set_text_scale(100)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_home(tmp_path_factory.mktemp("home"))


@pytest.fixture(scope="module")
def large_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A player who reads the largest text, on large cards, in high contrast."""
    return make_home(tmp_path_factory.mktemp("large-home"), text_size=LARGEST_TEXT, large_cards=True,
                     table_theme="contrast")


def make_home(folder: Path, **settings: object) -> Path:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    storage = Storage.open(folder)
    storage.update_settings(toured=tuple(PRESETS), **settings)
    fill_statistics(storage, games=4)
    for game_id, hand, cost in (("shot-0", 1, 42.0), ("shot-0", 2, 12.5), ("shot-1", 1, 8.0)):  # the cost chart
        storage.stats.record_hand_cost(HandCost(game_id, hand, "two_hand", "hard", cost, 20, sound=17))
    for variant in ("partnership_auction", "three_hand"):  # the statistics' rows of other variants and seats
        game = play(variant, 2)
        storage.record_game(game.hand_records, 0, [None] + ["hard"] * (game.rules.players - 1), game_id=variant)
    storage.close()
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_shows_whole_texts_with_cards_named_for_the_player(home: Path, size: tuple[int, int]) -> None:
    walk_every_screen(home, size)


@pytest.mark.slow
def test_every_screen_in_large_print_shows_whole_texts(large_home: Path) -> None:
    walk_every_screen(large_home, LARGE, overlaps=True)


def walk_every_screen(home: Path, size: tuple[int, int], overlaps: bool = False, smallest: int = 0,
                      more: Callable[[Screen, pygame.Surface], list[str]] | None = None) -> None:
    """Every screen of :func:`shots` (the welcome's pages and the statistics' charts stepped through): fails on
    what :func:`problems` finds (texts under ``smallest`` pixels too); with ``overlaps``, on the top screen's
    texts drawn over texts and a focus without its ring; and on what ``more`` finds on the top screen."""
    game = play("partnership_auction", 7, hands=3)
    found: list[str] = []
    for name, make in shots().items():
        app = ShotApp(home, size)
        try:
            scene = make(app, game)
            app.stack.push(scene)
            surface = pygame.Surface(size)
            # the welcome's pages one after another, the statistics' charts one after another
            turns = [scene.next] * (len(scene.pages) - 1) if isinstance(scene, WelcomeScene) else []
            if isinstance(scene, StatisticsScene):  # the chart picker stepped as the player steps it
                picker = next(w for w in scene.widgets if isinstance(w, ChoiceRow) and w.label == "Chart")
                turns = [functools.partial(picker.adjust, 1) for _chart in CHARTS[1:]]
            for turn in [*turns, None]:
                with watch_text() as seen:
                    app.stack.update(0.0)
                    app.stack.draw(surface)
                found += [f"{name}: {p}" for p in problems(seen, smallest)]
                if more is not None and isinstance(app.stack.top, Screen):
                    found += [f"{name}: {p}" for p in more(app.stack.top, surface)]
                if overlaps:  # the top screen's own texts (an overlay's panel lies over the one below)
                    top = app.stack.top
                    if isinstance(top, Screen):
                        top._layer = None
                    with watch_text() as own:
                        top.draw(surface)
                    found += [f"{name}: {p}" for p in text_overlaps(own)]
                    if isinstance(top, Screen) and not focus_ring_shows(top, size):
                        found.append(f"{name}: no focus ring on {top.focus!r}")
                if turn is not None:
                    turn()
        finally:
            app.storage.close()
    assert not found, "\n".join(found)


@two_handed_analysis
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_review_with_its_analysis_and_summary_shows_whole_texts(home: Path, size: tuple[int, int]) -> None:
    walk_the_review(home, size)


@two_handed_analysis  # the same hand as at the other sizes: analysed once, in the process they run in
def test_the_review_in_large_print_shows_whole_texts(large_home: Path) -> None:
    walk_the_review(large_home, LARGE)


def walk_the_review(home: Path, size: tuple[int, int]) -> None:
    """Every step of an analysed hand (reasons in the auction and beside the cards, costly marks), then the
    hand's summary with the hard computer's play."""
    from engine.sim import play_game
    from pinochle_gui.screens import open_review
    from pinochle_gui.screens.review import ReviewScene
    from tests.test_analysis import record_of

    game = engine.new_game(engine.preset("partnership_auction"), seed=4)
    game.players, game.humans = ["You", "West", "North", "East"], (0,)
    with_reasons = play_game(game, ["random", "easy", "easy", "easy"], 4, 1).hand_records[0]
    found: list[str] = []
    for record in (record_of("two_hand", 7), with_reasons):
        app = ShotApp(home, size)
        try:
            assert open_review(app, [record])
            scene = app.stack.top
            assert isinstance(scene, ReviewScene) and scene.analysis is not None
            analysis, update = scene.analysis, functools.partial(app.stack.update, 0.1)
            wait_until(lambda a=analysis: a.analysed, "the review's analysis", step=update)
            surface = pygame.Surface(size)
            for at in range(len(scene.steps)):
                scene.go(at)
                with watch_text() as seen:
                    app.stack.update(0.1)
                    app.stack.draw(surface)
                found += [f"review step {at}: {p}" for p in problems(seen)]
            scene.toggle_summary()
            wait_until(lambda a=analysis: a.finished, "the hard computer's play of the hand", step=update)
            with watch_text() as seen:
                app.stack.update(0.1)
                app.stack.draw(surface)
            found += [f"summary: {p}" for p in problems(seen)]
            scene.leave()
        finally:
            app.storage.close()
    assert not found, "\n".join(found)


def walk_a_hand(tmp_path: Path, variant: str, size: tuple[int, int], seed: int = 3,
                pass_bids: bool = False, smallest: int = 0, **settings: object) -> tuple[list[str], list[str], int]:
    """Play the first hand of ``variant`` at ``size`` by mouse (passing every bid with ``pass_bids``), with
    these ``settings``; ask for a hint, the last trick and the score pad on the way. Returns what
    :func:`problems` found (texts under ``smallest`` pixels too), the overlaps seen and how many frames of a
    hold (the meld on the table) were checked."""
    if settings:  # in the table's home before the app opens it
        storage = Storage.open(tmp_path / "home")
        storage.update_settings(**settings)
        storage.close()
    app, table, screen = make_table(tmp_path, variant, size=size, seed=seed)
    found: list[str] = []
    overlaps: list[str] = []
    hinted = looked = False
    holds = 0
    tipped: set[str] = set()  # the phases whose buttons' tooltips were looked at
    try:
        rng = random.Random(1)
        for _ in range(40_000):
            if table.game.hand_records:
                with watch_text() as seen:
                    app.stack.draw(screen)
                found += problems(seen, smallest)
                break
            with watch_text() as seen:
                app.tick(1 / 60)
                app.stack.draw(screen)
            found += problems(seen, smallest)
            overlaps += table_overlaps(table)
            if table.director.hold is not None:
                holds += 1
                click(app, (size[0] // 2, size[1] // 2))
                continue
            if not (table.human_turn and table.director.idle):
                continue
            if not hinted:
                if table.hint_action is None:
                    if not table.hint_asked:
                        key(app, pygame.K_h)
                    continue
                hinted = True
                with watch_text() as seen:
                    app.stack.draw(screen)
                found += problems(seen, smallest)
                assert table.hud.hint_box is not None and any(t.text.startswith("Hint: ") for t in seen)
                assert not table.hud.hint.startswith("thinking")
                overlaps += table_overlaps(table)
            if not looked and table.obs.phase == "play" and table.director.news.last_trick:
                looked = True
                for k in (pygame.K_l, pygame.K_s):
                    key(app, k)
                    with watch_text() as seen:
                        app.stack.draw(screen)
                    found += problems(seen, smallest)
                    key(app, k)
            if table.obs.phase not in tipped:
                tipped.add(table.obs.phase)
                found_tips, overlaps_tips = tooltip_problems(app, table, screen)
                found += found_tips
                overlaps += overlaps_tips
            choices = mouse_choices(table)
            passes = [a for a in choices if isinstance(a, Pass)] if pass_bids else []
            do_by_mouse(app, table, passes[0] if passes else rng.choice(choices))
        else:
            raise AssertionError("the hand never ended")
    finally:
        app.close()
    return sorted(set(found)), sorted(set(overlaps)), holds


def tooltip_problems(app: App, table: TableScene, screen: pygame.Surface) -> tuple[list[str], list[str]]:
    """Hover every button of the table and the decision panel until its tooltip shows: the texts drawn then,
    and a tooltip off the window or over another button."""
    found: list[str] = []
    overlaps: list[str] = []
    window = screen.get_rect()
    buttons = [b for b in table.panel.buttons + table.buttons if b.visible]
    for button in buttons:
        if not button.tooltip:
            continue
        hover(app, button.rect.center)
        app.tick(TOOLTIP_DELAY + 0.05)
        with watch_text() as seen:
            app.stack.draw(screen)
        found += problems(seen)
        box = table.panel.tooltip_box or table.tooltip_box
        if box is None:
            overlaps.append(f"no tooltip over {button.text!r}")
            continue
        if not window.contains(box):
            overlaps.append(f"the tooltip of {button.text!r} is off the window: {box}")
        overlaps += [f"the tooltip of {button.text!r} covers button {other.text!r}" for other in buttons
                     if other is not button and box.colliderect(other.rect)]
    hover(app, (0, screen.get_height() // 2))
    app.tick(0.0)
    return found, overlaps


def hover(app: App, pos: tuple[int, int]) -> None:
    app.stack.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def table_overlaps(table: TableScene) -> list[str]:
    """The hint box or a toast over a button or a card of the table; a card resting over the top bar (while
    the table is idle or holds still: the meld on the table waiting for a click)."""
    covers = [("hint", table.hud.hint_box)] if table.hud.hint_box else []
    if table.hud.note_box is not None:
        covers.append(("the note on the cards received", table.hud.note_box))
    if table.director.still:
        covers.append(("the top bar", table.director.lay.status))
    if table.hud.toast_box is not None:
        covers.append(("a toast", table.hud.toast_box))
    buttons = [(f"button {b.text!r}", b.rect) for b in table.panel.buttons + table.tools if b.visible]
    cards = [(f"card {sprite.card}", sprite.rect()) for sprite in table.director.all_sprites()]
    buttons += [(f"name plate of seat {area.seat}", area.plate) for area in table.director.lay.seats]
    return [f"{name} covers {what}" for name, box in covers
            for what, rect in (cards if name == "the top bar" else buttons + cards) if box.colliderect(rect)]


@pytest.mark.parametrize(("variant", "size"), each_once_fast(sorted(PRESETS), SIZES),
                         ids=param_id)
def test_a_hand_at_the_table_shows_whole_texts_and_nothing_covers_a_button_or_card(
        tmp_path: Path, variant: str, size: tuple[int, int]) -> None:
    found, overlaps, _holds = walk_a_hand(tmp_path, variant, size)
    assert not found, "\n".join(found)
    assert not overlaps, "\n".join(overlaps)


@pytest.mark.parametrize("variant", fast_where(sorted(PRESETS), ["partnership_auction", "two_hand"]))
def test_a_hand_in_large_print_shows_whole_texts_and_nothing_covers_a_button_or_card(
        tmp_path: Path, variant: str) -> None:
    found, overlaps, _holds = walk_a_hand(tmp_path, variant, LARGE, text_size=LARGEST_TEXT, large_cards=True,
                                          table_theme="contrast")
    assert not found, "\n".join(found)
    assert not overlaps, "\n".join(overlaps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_cards_passed_to_north_rest_below_the_top_bar(tmp_path: Path, size: tuple[int, int]) -> None:
    """Partnership auction, seed 1: the player passes every bid, North declares and the player passes
    four cards to North, chosen (raised) by mouse. They lie flat in North's hand, below the top bar,
    through the return and the meld on the table that waits for a click."""
    found, overlaps, holds = walk_a_hand(tmp_path, "partnership_auction", size, seed=1, pass_bids=True)
    assert holds >= 1  # the meld on the table was held and checked
    assert not overlaps, "\n".join(overlaps)
    assert not found, "\n".join(found)
