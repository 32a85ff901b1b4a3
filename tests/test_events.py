"""The engine's events are typed values: every event of random hands of every variant is one of the
event classes, and what a seat may not see of a pass, a bury or a draw is hidden from it."""

from __future__ import annotations

import random
from typing import get_args

import pytest
from conftest import play_hands, short_game

from engine.events import (
    Buried,
    BuriedUnseen,
    CardsPassed,
    CardsPassedUnseen,
    Dealt,
    Drawn,
    DrawnUnseen,
    Event,
    EventKind,
    GameOver,
    HandScored,
    visible_to,
)
from engine.game import new_game
from engine.rules import PRESETS

EVENT_CLASSES = get_args(Event)


def random_hands(variant: str, seed: int, hands: int = 3) -> list[Event]:
    """The events of a whole game of ``variant`` of ``hands`` hands played by random legal choices (no claims),
    from the opening deal to the game's end."""
    game = new_game(short_game(PRESETS[variant], hands), seed=seed)
    events = game.opening_events() + play_hands(game, random.Random(seed))
    assert game.is_over
    return events


@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_event_is_a_typed_event_and_private_cards_stay_private(variant: str, seed: int) -> None:
    """Every event of a whole game of three hands (its end included) is typed, and a seat sees only its own."""
    players = PRESETS[variant].players
    events = random_hands(variant, seed)
    assert sum(isinstance(e, HandScored) for e in events) >= 3 and isinstance(events[-1], GameOver)
    assert sum(isinstance(e, Dealt) for e in events) >= 3
    for event in events:
        assert isinstance(event, EVENT_CLASSES), f"{event!r} is not an event class"
        assert isinstance(event.kind, EventKind)
        for seat in range(players):
            seen = visible_to(event, seat)
            match event:
                case CardsPassed(seat=giver, to=to, cards=cards) if seat not in (giver, to):
                    assert seen == CardsPassedUnseen(giver, to, len(cards))
                case Buried(seat=declarer, cards=cards) if seat != declarer:
                    assert seen == BuriedUnseen(declarer, len(cards))
                case Drawn(seat=drawer, face_up=False) if seat != drawer:
                    assert seen == DrawnUnseen(drawer)
                case _:
                    assert seen is event, f"{event!r} changed for seat {seat}"
            assert seen.kind == event.kind


@pytest.mark.parametrize(("variant", "private"), [("partnership_auction", CardsPassed), ("three_hand", Buried),
                                                  ("two_hand", Drawn)])
def test_the_random_hands_have_private_events(variant: str, private: type) -> None:
    """The hands above do meet passes, buries and draws: the hiding is tested, not skipped."""
    assert any(isinstance(e, private) for e in random_hands(variant, 1))
