"""Every word can be read at the text size the player chose, in a standing window and in both landscape sizes.

Built on the screen walk's machinery (tests/test_screen_walk.py: every text drawn is recorded by
:func:`pinochle_gui.widgets.text.watch_text`, with where it went, its size in pixels and whether it was cut):

- no text is drawn smaller than the smallest print at the player's size (11 pixels at 100%, 13 at 125%,
  16 at 150%); the card corners are art, not text, and are not recorded;
- no text is cut without a way to read it whole: a row's help too long for it shows whole while the pointer
  is over the row; the labels of a list of rows share one size (none shrinks alone), and so do its values;
- no text is drawn over another on a screen, and at the table nothing covers a button or a card;
- the hand's summary (set without play in a standing window: the longest headline) keeps its headline whole;
- at the table, where the most is shown (the first decision with a hint, everybody's meld, a trick under way
  with a hint, the score pad and the last trick open, a computer's claim laid face up, the hand's summary), in
  every preset, at each text size in each window shape: no text is covered by a panel, a card, a button or a
  bubble drawn after it, or drawn over another text (:func:`tests.test_screen_walk.covered_texts`, from the
  texts and boxes :func:`pinochle_gui.widgets.text.watch_text` sees drawn); no meld panel lies over another or
  over a name plate or an avatar. What the summary, the open pad, the last trick or a toast covers is covered on
  purpose; the card corners are art, not text.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable
from pathlib import Path

import pytest
from conftest import each_once_fast, fast_where, param_id

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.rules import PRESETS, TrumpBy  # noqa: E402
from pinochle_gui.fonts import set_text_scale  # noqa: E402
from pinochle_gui.screens.screen import Screen  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.widgets import Row, ScrollList  # noqa: E402
from pinochle_gui.widgets.text import watch_text  # noqa: E402
from tests.test_screen_walk import covered_texts, make_home, problems, walk_a_hand, walk_every_screen  # noqa: E402
from tests.test_table_play import click, do_by_mouse, key, make_table, mouse_choices  # noqa: E402

pytestmark = pytest.mark.timeout(300)

TEXT_SIZES = (100, 125, 150)
SHAPES = [(720, 1280), (1280, 720), (1920, 1080)]
SMALLEST_PRINT = 11  # pixels at 100%: a row's help, a chart's axis


def smallest_at(text_size: int) -> int:
    """The smallest text allowed at the player's ``text_size`` (percent)."""
    return SMALLEST_PRINT * text_size // 100


@pytest.fixture(autouse=True)
def usual_text_afterwards() -> Iterable[None]:
    yield
    set_text_scale(100)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_home(tmp_path_factory.mktemp("home"))


def at_text_size(home: Path, text_size: int) -> None:
    storage = Storage.open(home)
    storage.update_settings(text_size=text_size)
    storage.close()


def hover(screen: Screen, pos: tuple[int, int]) -> None:
    screen.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def rows_of(screen: Screen) -> list[tuple[ScrollList | None, Row]]:
    """Every form row of ``screen``, with the list it is in (None: on its own)."""
    found: list[tuple[ScrollList | None, Row]] = []
    for widget in screen.widgets:
        if isinstance(widget, ScrollList):
            found += [(widget, row) for row in widget.rows]
        elif isinstance(widget, Row):
            found.append((None, widget))
    return found


def whole_help_problems(screen: Screen, surface: pygame.Surface) -> list[str]:
    """Each row whose help is too long for it, brought into view and hovered: its help is drawn whole."""
    found = []
    for scroll, row in rows_of(screen):
        if not row.help or not row.help_is_cut():
            continue
        if scroll is not None:
            scroll.show(row)
        hover(screen, row.rect.center)
        with watch_text() as seen:
            screen.draw(surface)
        drawn = " ".join(t.text for t in seen if not t.elsewhere)  # the texts drawn whole
        if " ".join(row.help.split()) not in " ".join(drawn.split()):
            found.append(f"the help of {row.label!r} is never shown whole")
    hover(screen, (0, 0))
    return found


def uneven_rows(screen: Screen, surface: pygame.Surface) -> list[str]:
    """Lists whose visible rows draw their labels (or their values) at more than one size."""
    found = []
    for widget in screen.widgets:
        if not isinstance(widget, ScrollList):
            continue
        with watch_text() as seen:
            widget.draw(surface)
        rows = [r for r in widget.rows if r.visible]
        labels = {r.label for r in rows if not r.compact}
        values = {r.value_text() for r in rows if hasattr(r, "value_text")}
        for kind, texts in (("labels", labels), ("values", values - labels)):
            sizes = {t.px for t in seen if t.text in texts and t.px}
            if len(sizes) > 1:
                found.append(f"{kind} of one list at {sorted(sizes)} px: {sorted(texts)}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("size", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", TEXT_SIZES)
def test_every_screen_reads_whole_at_the_players_text_size(home: Path, text_size: int,
                                                           size: tuple[int, int]) -> None:
    """The screen walk's every screen (the statistics' charts stepped through) at this text size: no text
    under the smallest print or cut, none over another, every row's help shown whole, every list even."""
    at_text_size(home, text_size)
    walk_every_screen(home, size, overlaps=True, smallest=smallest_at(text_size),
                      more=lambda screen, surface: whole_help_problems(screen, surface) + uneven_rows(screen, surface))


@pytest.mark.slow
@pytest.mark.parametrize("size", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", TEXT_SIZES)
def test_a_double_deck_hand_reads_whole_at_the_players_text_size(tmp_path: Path, text_size: int,
                                                                 size: tuple[int, int]) -> None:
    """The fullest table (twenty cards a hand), played by mouse with a hint, the last trick, the pad and
    every tooltip looked at."""
    found, overlaps, _holds = walk_a_hand(tmp_path, "double_deck", size, smallest=smallest_at(text_size),
                                          text_size=text_size)
    assert not found, "\n".join(found)
    assert not overlaps, "\n".join(overlaps)


@pytest.mark.parametrize(("text_size", "size"), each_once_fast(TEXT_SIZES, SHAPES),
                         ids=param_id)
def test_a_hand_set_without_play_keeps_its_summary_whole(tmp_path: Path, text_size: int,
                                                         size: tuple[int, int]) -> None:
    from tests.test_keys_reach import table_at_summary

    app, table, screen = table_at_summary(tmp_path, size, text_size)
    try:
        with watch_text() as seen:
            app.stack.draw(screen)
        assert "You could not make 330: set without play" in " ".join(t.text for t in seen)  # on one line or two
        found = problems(seen, smallest_at(text_size))
        assert not found, "\n".join(found)
    finally:
        app.close()


# Deals of each preset whose first hands, played at random by mouse, show every moment of TABLE_MOMENTS (found
# by playing the first hands of seeds 0 to 44); two-handed deal 8 too, where the hint once covered the line
# naming the player's laid meld.
TABLE_SEEDS = {"double_deck": (2,), "partnership_auction": (13,), "partnership_auction_div10": (27,),
               "partnership_turnup": (4,), "three_hand": (5,), "two_hand": (4, 8)}
TABLE_MOMENTS = {"the first decision with a hint", "everybody's meld", "a trick under way with a hint",
                 "the score pad open", "the last trick open", "a claim laid face up", "the hand's summary"}


def table_views(app: App, table: TableScene, moment: str) -> list[str]:
    """The table as it stands in every window shape at every text size, laid out again for each as when the
    player changes them: the texts covered or drawn over one another, those under the smallest print or cut,
    and meld panels over one another or over a seat; each named with the moment and the view."""
    found: list[str] = []
    home = app.size
    try:
        for size in SHAPES:
            app.resize(size)
            surface = pygame.Surface(size)
            for text_size in TEXT_SIZES:
                set_text_scale(text_size)
                table.apply_settings()  # laid out again for the text size
                app.tick(0.0)  # the panel built again for the layout
                table.painter.static = None  # the seats and the score box drawn again, and seen
                with watch_text(boxes=True) as seen:
                    app.stack.draw(surface)
                melds = [t.rect for t in seen if t.box and t.text.startswith("the meld of") and t.rect is not None]
                seats = [r for area in table.director.lay.seats for r in (area.plate, area.avatar)]
                wrong = covered_texts(seen) + problems(seen, smallest_at(text_size))
                wrong += [f"meld panel {a} lies over {b}" for i, a in enumerate(melds)
                          for b in melds[i + 1:] + seats if a.colliderect(b)]
                found += [f"{moment}, {text_size}% in {size[0]}x{size[1]}: {w}" for w in wrong]
    finally:
        set_text_scale(100)
        app.resize(home)
        table.apply_settings()
        app.tick(0.0)
    return found


def walk_the_table(tmp_path: Path, variant: str, seed: int) -> tuple[list[str], set[str]]:
    """The first hand of ``variant``'s deal ``seed`` played at random by mouse (every hold clicked through), each
    moment of :data:`TABLE_MOMENTS` looked at in every view (:func:`table_views`) as it first comes, and the
    player's first decision with the meld on the table too (with a hint) when there is one. Returns what the
    views found and the moments seen."""
    size = (1280, 720)
    app, table, screen = make_table(tmp_path, variant, size=size, seed=seed)
    rng = random.Random(1)
    found: list[str] = []
    seen: set[str] = set()

    def look(*moments: str) -> None:
        seen.update(moments)
        app.stack.process_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, size[1] // 2), rel=(0, 0),
                                                   buttons=(0, 0, 0)))  # no tooltip over the table
        found.extend(table_views(app, table, " and ".join(moments)))

    try:
        for _ in range(40_000):
            app.tick(1 / 60)
            app.stack.draw(screen)
            director, obs = table.director, table.obs
            if director.news.summary is not None and director.hold is not None:
                look("the hand's summary")
                break
            if director.hold is not None:
                if director.shown_hand is not None and "a claim laid face up" not in seen:
                    look("a claim laid face up")
                if len(director.news.melds) == table.rules.players and "everybody's meld" not in seen:
                    look("everybody's meld")
                click(app, (size[0] // 2, size[1] // 2))
                continue
            if not (table.human_turn and director.idle):
                continue
            laid = table.rules.trump_by == TrumpBy.STOCK and obs.phase == "play" and any(director.tables)
            if laid and "everybody's meld" not in seen:  # two-handed: the meld laid on the table, named
                look("everybody's meld")
            now = {"the first decision with a hint": True,
                   "a decision with the meld on the table": bool(director.news.melds),
                   "a trick under way with a hint": obs.phase == "play" and len(obs.tricks) >= 2 and bool(obs.trick)}
            wanted = [moment for moment, here in now.items() if here and moment not in seen]
            if wanted:
                if table.hint_action is None:  # the hint first
                    if not table.hint_asked:
                        key(app, pygame.K_h)
                    continue
                look(*wanted)
                if "a trick under way with a hint" in wanted:
                    for k, moment in ((pygame.K_s, "the score pad open"), (pygame.K_l, "the last trick open")):
                        key(app, k)
                        look(moment)
                        key(app, k)
            do_by_mouse(app, table, rng.choice(mouse_choices(table)))
        else:
            raise AssertionError("the hand never ended")
    finally:
        app.close()
    return found, seen


@pytest.mark.parametrize("variant", fast_where(sorted(PRESETS), ["partnership_auction"]))
def test_nothing_at_the_table_is_drawn_over_a_text(tmp_path: Path, variant: str) -> None:
    """Every preset's fullest moments at 100, 125 and 150% text in 720x1280, 1280x720 and 1920x1080: at 150% in
    a standing window the meld panels lay over one another and over the player's name plate."""
    found: list[str] = []
    seen: set[str] = set()
    for seed in TABLE_SEEDS[variant]:
        found_here, seen_here = walk_the_table(tmp_path / str(seed), variant, seed)
        found += [f"deal {seed}: {problem}" for problem in found_here]
        seen |= seen_here
    assert seen >= TABLE_MOMENTS, f"never seen: {sorted(TABLE_MOMENTS - seen)}"
    assert not found, "\n".join(found)


def test_the_throw_in_with_every_meld_and_the_buried_cards_reads_whole(tmp_path: Path) -> None:
    """Three-handed: the player bids 250, names hearts and buries three cards. Deciding to play on or throw in,
    the decision panel, every seat's meld, the note on the widow and the buried cards share the table: the
    buried cards lay over the player's name plate."""
    from conftest import act, stacked_game

    from engine.rules import preset
    from pinochle_gui.cli import parse_args
    from pinochle_gui.table.scene import SeatsConfig

    game = stacked_game(preset("three_hand"), ["AH TH KH QH JH 9S 9C 9D JS JC QC KD TD JD TS", "", ""],
                        widow="AS AC TC")
    act(game, "bid 250", "pass", "pass", "trump H", "bury AS AC TC")
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    storage = Storage.open(tmp_path / "home")
    storage.update_settings(toured=tuple(PRESETS))  # no tour over the table
    app = App(parse_args(["--fast", "--size", "1280x720"]), screen, storage)
    table = TableScene(app, game, SeatsConfig(["You", "West", "East"], [None, "random", "random"], app.avatars(3),
                                              False, "throw-in", 0.0))
    app.stack.push(table)
    try:
        for _ in range(600):
            app.tick(1 / 60)
            app.stack.draw(screen)
            if table.director.hold is not None:
                click(app, (640, 360))
            elif table.human_turn and table.director.idle:
                break
        assert table.obs.phase == "throw_in" and len(table.director.news.melds) == 3
        found = table_views(app, table, "the throw-in")
        assert not found, "\n".join(found)
    finally:
        app.close()
