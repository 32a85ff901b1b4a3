"""The rules screen (the engine's rules text, scrollable) and the welcome tour."""

from __future__ import annotations

import pygame
import pytest
from conftest import each_once_fast, param_id
from test_screens_app import SIZES, FakeApp, _display, app, button_named, click, click_button, key, render, send

from engine.cards import parse_cards
from engine.meld import score_meld
from engine.rules import PRESETS, preset
from engine.rules_help import Heading, Table, Title, help_blocks, rules_help
from pinochle_gui.screens import rules_scene, welcome_scene
from pinochle_gui.screens.rules import RulesScene
from pinochle_gui.screens.welcome import WelcomeScene, pages_for

__all__ = ["_display", "app"]


def test_the_help_blocks_are_laid_out_as_they_are(app: FakeApp) -> None:
    """Headings, paragraphs and table rows come from the engine's blocks, never from parsing its text."""
    scene = app.stack.push(rules_scene(app, preset("partnership_auction")))
    assert isinstance(scene, RulesScene) and scene.blocks == help_blocks(scene.rules)
    heads = [block.text for block in scene.blocks if isinstance(block, Heading)]
    assert [name for name, _ in scene.sections()] == heads
    title = next(block for block in scene.blocks if isinstance(block, Title))
    assert [text for kind, text, _ in scene.laid if kind == "title"] == [title.text]
    meld = next(block for block in scene.blocks if isinstance(block, Table))
    assert meld.rows[0][:2] == ("meld", "single")
    cells = [[cell for _, _, cell in columns] for columns in scene.columns.values()]
    assert [list(row) for row in meld.rows] == cells[: len(meld.rows)]  # each cell in a column of its own
    for note in meld.notes:
        assert any(kind == "table" and note.startswith(text) for kind, text, _ in scene.laid)
    assert not any("=" * 4 in text or "-" * 4 in text for _, text, _ in scene.laid)  # no underlines


@pytest.mark.parametrize("variant", list(PRESETS))
def test_rules_screen_shows_the_engine_text_of_the_rules_in_force(app: FakeApp, variant: str) -> None:
    rules = PRESETS[variant]
    scene = app.stack.push(rules_scene(app, rules))
    assert isinstance(scene, RulesScene)
    shown = " ".join(text for _, text, _ in scene.laid)
    for line in rules_help(rules).split("\n"):
        if set(line) <= {"=", "-"}:
            continue  # underlines become headings
        for word in line.split()[:3]:
            assert word in shown
    render(app)


def test_a_changed_option_changes_the_text(app: FakeApp) -> None:
    scene = app.stack.push(rules_scene(app, preset("partnership_auction", min_bid=300)))
    assert any("opening bid is 300" in text for _, text, _ in scene.laid)  # type: ignore[attr-defined]


def test_scrolling_by_keys_and_wheel(app: FakeApp) -> None:
    app.stack.resize(SIZES["small"])
    scene = app.stack.push(rules_scene(app, preset()))
    assert isinstance(scene, RulesScene) and scene.max_offset > 0
    key(app, pygame.K_DOWN)
    assert scene.offset > 0
    key(app, pygame.K_END)
    assert scene.offset == scene.max_offset
    render(app)
    key(app, pygame.K_HOME)
    assert scene.offset == 0
    send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert scene.offset > 0
    key(app, pygame.K_PAGEUP)
    assert scene.offset == 0


def test_rules_offer_the_welcome_again(app: FakeApp) -> None:
    app.stack.push(rules_scene(app, preset("three_hand")))
    render(app)
    click_button(app, "Welcome tour")
    welcome = app.stack.top
    assert isinstance(welcome, WelcomeScene) and welcome.rules == preset("three_hand")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_welcome_pages_go_forward_and_back_and_mark_the_game_toured(app: FakeApp) -> None:
    welcome = app.stack.push(welcome_scene(app, preset("two_hand")))
    assert isinstance(welcome, WelcomeScene)
    assert not button_named(welcome, "Back").enabled
    for page in range(1, len(welcome.pages)):
        click_button(app, "Next")
        assert welcome.page == page
        render(app)
    key(app, pygame.K_LEFT)
    assert welcome.page == len(welcome.pages) - 2
    key(app, pygame.K_RIGHT)
    assert app.settings.toured == ()
    click_button(app, "Let's play")
    assert app.settings.toured == ("two_hand",) and len(app.stack) == 0


def test_welcome_can_be_skipped_at_once(app: FakeApp) -> None:
    app.stack.push(welcome_scene(app))
    click_button(app, "Skip")
    assert app.settings.toured == (app.settings.default_variant,) and len(app.stack) == 0


@pytest.mark.parametrize("variant", list(PRESETS))
def test_welcome_numbers_come_from_the_rules(variant: str) -> None:
    rules = PRESETS[variant]
    pages = pages_for(rules)
    text = " ".join(p.text for p in pages)
    if rules.min_bid:
        assert f"Bids open at {rules.min_bid}" in text
    run = score_meld(parse_cards("AS TS KS QS JS"), 0, rules).total  # spades trumps
    assert f"A♠ 10♠ K♠ Q♠ J♠ scores {run}" in text  # cards named by rank and suit symbol
    target = rules.game_target or rules.game_hands
    assert str(target) in pages[0].text


@pytest.mark.parametrize("meld_first", [False, True])
def test_welcome_tells_the_two_handed_order_in_force(meld_first: bool) -> None:
    text = " ".join(p.text for p in pages_for(preset("two_hand", meld_before_draw=meld_first)))
    if meld_first:
        assert "the winner may lay one meld, then both draw" in text
    else:
        assert "both draw a card from the stock, the winner first; then the winner may lay one meld" in text


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_welcome_and_rules_fit_every_window(app: FakeApp, size: tuple[int, int]) -> None:
    app.stack.resize(size)
    window = pygame.Rect(0, 0, *size)
    for scene in (welcome_scene(app), rules_scene(app, preset())):
        app.stack.push(scene)
        render(app)
        for widget in scene.widgets:  # type: ignore[attr-defined]
            assert window.contains(widget.rect)
        app.stack.pop()


def test_wide_windows_list_the_sections_to_jump_to(app: FakeApp) -> None:
    scene = app.stack.push(rules_scene(app, preset()))
    assert isinstance(scene, RulesScene) and scene.with_index
    names = [name for name, _ in scene.sections()]
    assert names[:3] == ["The deal", "Bidding", "Passing cards"] and "Scoring" in names
    i = names.index("Meld")
    click(app, scene.section_rects()[i].center)
    assert scene.offset == min(scene.max_offset, scene.sections()[i][1]) and scene.current_section() == i
    key(app, pygame.K_n)
    assert scene.current_section() == i + 1
    key(app, pygame.K_p, pygame.K_p)
    assert scene.current_section() == i - 1
    render(app)
    app.stack.resize(SIZES["portrait"])
    assert not scene.with_index


@pytest.mark.parametrize("size", [(720, 1200), (700, 1150), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("variant", ["partnership_auction", "double_deck"])
def test_every_table_of_the_rules_reads_in_columns_within_the_text(app: FakeApp, size: tuple[int, int],
                                                                    variant: str) -> None:
    """The meld table and the counting table (down to "last trick 10") whole, within the text's width, no
    two cells of a row on each other."""
    from pinochle_gui.widgets.text import watch_text

    app.stack.resize(size)
    scene = app.stack.push(rules_scene(app, PRESETS[variant]))
    assert isinstance(scene, RulesScene)
    area = scene.text_rect()
    words = []
    while True:  # page by page: the texts of each page apart, within the text's width
        with watch_text() as seen:
            render(app)
        placed = [t for t in seen if t.rect is not None and area.colliderect(t.rect)]
        words += [t.text for t in placed]
        for i, text in enumerate(placed):
            assert not text.cut and area.left <= text.rect.left and text.rect.right <= area.right, (text.text, area)
            assert not [o.text for o in placed[i + 1:] if o.rect.colliderect(text.rect)], text.text
        if scene.offset >= scene.max_offset:
            break
        key(app, pygame.K_PAGEDOWN)
    assert any(word.startswith("last trick ") for word in words)


@pytest.mark.parametrize(("size", "percent"), each_once_fast([(1280, 720), (1280, 800), (720, 1100)], [100, 150]),
                         ids=param_id)
def test_the_page_dots_stay_under_the_tour_captions(app: FakeApp, size: tuple[int, int], percent: int) -> None:
    """At 150% the dots were drawn over the caption under the cards (the help page, the meld page)."""
    from pinochle_gui.fonts import set_text_scale
    from pinochle_gui.widgets.text import watch_text

    set_text_scale(percent)
    try:
        app.stack.resize(size)
        for variant in PRESETS:
            welcome = WelcomeScene(app, preset(variant))
            app.stack.push(welcome)
            for page in welcome.pages:
                welcome.page = welcome.pages.index(page)
                with watch_text() as seen:
                    render(app)
                captions = [t.rect for t in seen if t.text == page.caption and t.rect is not None]
                shown = 1 if page.cards else 0  # at 150% a long page may leave no room for its cards
                assert len(captions) == shown if percent == 100 else len(captions) <= shown
                dots_y, r = welcome.dots()
                for rect in captions:
                    assert rect.bottom <= dots_y - r, (variant, page.title, rect, dots_y)
            app.stack.pop()
    finally:
        set_text_scale(100)
