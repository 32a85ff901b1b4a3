"""Every word can be read at the text size the player chose, in a standing window and in both landscape sizes.

Built on the screen walk's machinery (tests/test_screen_walk.py: every text drawn is recorded by
:func:`pinochle_gui.widgets.text.watch_text`, with where it went, its size in pixels and whether it was cut):

- no text is drawn smaller than the smallest print at the player's size (11 pixels at 100%, 13 at 125%,
  16 at 150%); the card corners are art, not text, and are not recorded;
- no text is cut without a way to read it whole: a row's help too long for it shows whole while the pointer
  is over the row; the labels of a list of rows share one size (none shrinks alone), and so do its values;
- no text is drawn over another on a screen, and at the table nothing covers a button or a card;
- the hand's summary (set without play in a standing window: the longest headline) keeps its headline whole.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from pinochle_gui.fonts import set_text_scale  # noqa: E402
from pinochle_gui.screens.screen import Screen  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.widgets import Row, ScrollList  # noqa: E402
from pinochle_gui.widgets.text import watch_text  # noqa: E402
from tests.test_screen_walk import make_home, problems, walk_a_hand, walk_every_screen  # noqa: E402

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


@pytest.mark.parametrize("size", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", TEXT_SIZES)
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
