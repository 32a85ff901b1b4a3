"""Themed buttons, labels, panels and tooltips, driven by posted events with explicit positions."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from pinochle_gui.theme import THEMES, get_theme
from pinochle_gui.widgets import TOOLTIP_DELAY, Button, Label, Panel, Tooltip, fit_text


@pytest.fixture(autouse=True)
def _display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((400, 300))
    pygame.event.clear()
    yield


def _events(*events: pygame.event.Event) -> list[pygame.event.Event]:
    for event in events:
        pygame.event.post(event)
    return pygame.event.get()


def _down(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def _up(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def _move(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_button_clicks_on_release_inside_only() -> None:
    clicks: list[str] = []
    button = Button((10, 10, 120, 40), "Pass", on_click=lambda: clicks.append("pass"))
    for event in _events(_down((20, 20)), _up((20, 20))):
        button.process_event(event)
    assert clicks == ["pass"]
    for event in _events(_down((20, 20)), _up((300, 200))):  # dragged off: no click
        button.process_event(event)
    assert clicks == ["pass"] and not button.pressed
    for event in _events(_down((300, 200)), _up((20, 20))):  # pressed elsewhere: no click
        button.process_event(event)
    assert clicks == ["pass"]


def test_disabled_button_and_hotkey() -> None:
    clicks: list[int] = []
    button = Button((0, 0, 100, 30), "Bid", on_click=lambda: clicks.append(1), hotkey=pygame.K_b)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=5)
    for event in _events(key):
        assert button.process_event(event)
    button.enabled = False
    assert button.state == "disabled"
    for event in _events(key, _down((5, 5)), _up((5, 5))):
        assert not button.process_event(event)
    assert clicks == [1]


def test_button_faces_per_state_are_cached_and_differ() -> None:
    button = Button((0, 0, 140, 44), "Meld", theme="blue")
    faces = {}
    for state in ("normal", "hover", "pressed", "disabled", "selected"):
        button.enabled = state != "disabled"
        button.hovered = state in ("hover", "pressed")
        button.pressed = state == "pressed"
        button.selected = state == "selected"
        assert button.state == state
        faces[state] = button.picture()
        assert button.picture() is faces[state]
    colors = {state: tuple(face.get_at((70, 6))[:3]) for state, face in faces.items()}
    assert len(set(colors.values())) >= 4
    assert faces["normal"].get_at((0, 0)).a == 0  # rounded corners
    screen = pygame.Surface((200, 100))
    button.enabled, button.hovered, button.pressed, button.selected = True, False, False, False
    button.draw(screen)
    assert screen.get_at((70, 22))[:3] != (0, 0, 0)


def test_tooltip_shows_after_hovering_a_while() -> None:
    button = Button((50, 50, 100, 30), "Hint", tooltip="Suggest a card to play")
    panel = Panel((0, 0, 400, 300), children=[button])
    for event in _events(_move((60, 60))):
        panel.process_event(event)
    assert button.hovered and not button.show_tooltip
    panel.update(TOOLTIP_DELAY + 0.01)
    assert button.show_tooltip
    screen = pygame.Surface((400, 300))
    panel.draw(screen)
    for event in _events(_move((300, 250))):
        panel.process_event(event)
    assert not button.hovered and not button.show_tooltip


def test_tooltip_stays_inside_the_window() -> None:
    tip = Tooltip("A long explanation of an option", size=16)
    bounds = pygame.Rect(0, 0, 400, 300)
    tip.place((390, 290), bounds)
    assert bounds.contains(tip.rect) and tip.rect.w > 100


def test_panel_routes_clicks_to_children_and_swallows_its_own() -> None:
    clicks: list[str] = []
    ok = Button((20, 20, 80, 30), "OK", on_click=lambda: clicks.append("ok"))
    panel = Panel((10, 10, 200, 100), children=[ok], title="Bid")
    for event in _events(_down((30, 30)), _up((30, 30))):
        assert panel.process_event(event)
    assert clicks == ["ok"]
    for event in _events(_down((150, 90))):
        assert panel.process_event(event)  # on the panel, not on a button: still used
    for event in _events(_down((350, 250))):
        assert not panel.process_event(event)
    panel.set_theme(get_theme("dark"))
    assert ok.theme.name == "dark"


def test_label_fits_its_text_and_aligns() -> None:
    label = Label((0, 0, 80, 30), "A name far too long for the plate", align="right")
    picture = label.rendered()
    assert picture.get_width() <= 80
    screen = pygame.Surface((100, 30))
    label.draw(screen)
    text, size = fit_text("Declarer", 20, 1000)
    assert (text, size) == ("Declarer", 20)
    text, size = fit_text("Declarer made the bid", 20, 60)
    assert text.endswith("…") and size < 20
    label.text = "Ada"
    assert label.rendered().get_width() < picture.get_width()


def test_every_theme_draws_buttons() -> None:
    screen = pygame.Surface((200, 60))
    for theme in THEMES.values():
        button = Button((10, 10, 120, 40), "Play", theme=theme)
        button.draw(screen)
        assert tuple(screen.get_at((70, 30))[:3]) != (0, 0, 0)


def test_icon_button_shows_its_icon() -> None:
    from engine.cards import HEARTS
    from pinochle_gui.art.suits import render_suit

    heart = render_suit(HEARTS, 64, (200, 24, 36))
    plain = Button((0, 0, 120, 40), "Hearts", theme="green").picture()
    with_icon = Button((0, 0, 120, 40), "Hearts", theme="green", icon=heart).picture()
    reds = [with_icon.get_at((x, 20)) for x in range(120)]
    assert any(c.r > 180 and c.g < 60 and c.b < 70 for c in reds)  # the heart is drawn in its own red
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(with_icon, "RGBA")
    only_icon = Button((0, 0, 40, 40), "", icon=heart).picture()
    assert only_icon.get_at((20, 20)).r > 150


@pytest.mark.parametrize("side", ["bottom", "left", "top", "right"])
def test_speech_bubble_points_at_its_seat(side: str) -> None:
    from pinochle_gui.widgets import SpeechBubble

    bubble = SpeechBubble((10, 10, 120, 48), "300", side)
    picture = bubble.picture()
    w, h = picture.get_size()
    tips = {"bottom": (w // 2, h - 2), "top": (w // 2, 1), "left": (1, h // 2), "right": (w - 2, h // 2)}
    corners = {"bottom": (2, h - 2), "top": (2, 1), "left": (1, 2), "right": (w - 2, 2)}
    assert picture.get_at(tips[side]).a == 255  # the tail reaches the edge facing the seat
    assert picture.get_at(corners[side]).a == 0
    screen = pygame.Surface((200, 100))
    bubble.alpha = 0
    bubble.draw(screen)
    assert screen.get_at((70, 34))[:3] == (0, 0, 0)
    bubble.alpha = 255
    bubble.draw(screen)
    assert screen.get_at((tips[side][0] + 10, tips[side][1] + 10))[:3] != (0, 0, 0)
    with pytest.raises(ValueError, match="side"):
        SpeechBubble((0, 0, 10, 10), "x", "middle")


def test_fonts_are_cached_and_survive_a_pygame_restart() -> None:
    from pinochle_gui.fonts import card_font, font_path, get_font

    assert get_font(18, "bold") is get_font(18, "bold")
    assert get_font(18) is not get_font(18, "bold")
    assert get_font(2).get_height() >= 6  # never absurdly small
    pygame.quit()
    pygame.init()
    assert get_font(18, "bold").render("Declarer", True, (0, 0, 0)).get_width() > 40
    assert card_font(30).render("10", True, (0, 0, 0)).get_height() > 10
    with pytest.raises(ValueError, match="unknown font face"):
        font_path("gothic")


def test_suit_symbols_in_a_text_are_drawn_in_suit_colour_and_seen_by_a_watcher() -> None:
    from pinochle_gui.widgets.text import RED_SUIT_INK, render, text_width, watch_text

    white = (255, 255, 255)
    with watch_text() as seen:
        hearts = render("Play 10♥", 24, white)
    assert [t.text for t in seen] == ["Play 10♥"]
    pixels = [hearts.get_at((x, y)) for x in range(hearts.get_width()) for y in range(hearts.get_height())]
    assert any(p.a == 255 and (p.r, p.g, p.b) == RED_SUIT_INK for p in pixels)  # the heart, red
    spades = render("Play 10♠", 24, white)
    assert not any(p.a > 0 and p.r > p.g + 60 for x in range(spades.get_width()) for y in range(spades.get_height())
                   for p in [spades.get_at((x, y))])  # the spade in the text's own colour
    # the symbol takes about the room of a letter: "10♥" is wider than "10" and narrower than "10 WW"
    assert text_width("10", 24) < text_width("10♥", 24) < text_width("10 WW", 24)


def test_a_cut_text_is_reported_with_its_whole_words() -> None:
    from pinochle_gui.widgets import blit_text
    from pinochle_gui.widgets.text import watch_text

    surface = pygame.Surface((400, 100))
    words = "Double run 1500, eight aces 1000, kings 800, queens 600, jacks 400 instead of twice the single meld."
    with watch_text() as seen:
        blit_text(surface, words, 18, (255, 255, 255), (0, 0), max_width=200)
        blit_text(surface, "Meld", 18, (255, 255, 255), (0, 40), max_width=200)
    assert [(t.text, t.cut) for t in seen if t.rect is not None] == [(words, True), ("Meld", False)]


def test_a_long_path_wraps_whole_after_its_slashes() -> None:
    from pinochle_gui.widgets.text import text_width, wrap

    path = "/home/someone/.local/share/pinochle/exports/pinochle-game-20261126-234455-1234567890.jsonl"
    lines = wrap(f"12 hands written to {path}", 16, 300)
    assert lines[0] == "12 hands written to"
    assert "".join(lines[1:]) == path  # every character shown, nothing cut
    assert all(text_width(line, 16) <= 300 for line in lines)
    assert lines[1].endswith("/")
