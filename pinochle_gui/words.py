"""The app's shared words: variant names as the player reads them, option values, seat names, computer levels.

Several screens and the command line use these, so they live here, below everything else of the app:
this module imports the engine only, never another module of :mod:`pinochle_gui`.

>>> variant_name("partnership_auction"), variant_name("some_new_variant"), label_text(True)
('Partnership auction', 'Some new variant', 'On')
>>> clean_name("  Ada   Lovelace\\t ", "You"), clean_name("\\n", "You")
('Ada Lovelace', 'You')
>>> count_of(1, "hand"), count_of(14, "game")
('1 hand', '14 games')
>>> from engine.actions import action_from_text
>>> action_words(action_from_text("play TH")), action_words(action_from_text("pass cards KS KH TH QC"))
('Play 10♥', 'Pass K♠ K♥ 10♥ Q♣')
"""

from __future__ import annotations

from engine.actions import Action, Bury, LayMeld, NameTrump, PassCards, Play
from engine.ai.players.levels import LEVELS as AI_LEVELS
from engine.cards import SUIT_NAMES, cards_label
from engine.rules_help import CHOICE_WORDS

VARIANT_NAMES = {
    "two_hand": "Two-handed",
    "three_hand": "Three-handed",
    "partnership_turnup": "Partnership, turn-up",
    "partnership_auction": "Partnership auction",
    "partnership_auction_div10": "Partnership, scored /10",
    "double_deck": "Double deck",
}

#: The longest name a seat may have (the settings keep no more).
MAX_NAME_LENGTH = 20


def label_text(value: object) -> str:
    """An option value as the player reads it: ``old_timers`` -> ``Old timers``, True -> ``On``."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    text = CHOICE_WORDS.get(str(value), str(value).replace("_", " "))
    return text[:1].upper() + text[1:]


def count_of(n: int, noun: str) -> str:
    """``n`` and the noun, singular or plural: ``1 hand``, ``3 hands``, ``0 games``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def variant_name(name: str) -> str:
    """A variant (an engine preset) as the player reads it: ``three_hand`` -> ``Three-handed``."""
    return VARIANT_NAMES.get(name, label_text(name))


def clean_name(text: str, fallback: str) -> str:
    """A name as the settings keep it: printable, single spaces, at most 20 letters; ``fallback`` if empty."""
    cleaned = " ".join("".join(ch for ch in text if ch.isprintable()).split())[:MAX_NAME_LENGTH]
    return cleaned or fallback


def computer_levels() -> list[str]:
    """The levels a computer seat can play at: the engine's, weakest first (not the all-seeing benchmark one)."""
    return [name for name, level in AI_LEVELS.items() if not level.sees_all]


#: The levels the command line offers: "random" plays any legal card and is what --demo uses unless
#: told otherwise (quick, for watching and testing), then the computer levels.
LEVELS = ("random", *computer_levels())
#: The command line's level when --level is not given (the new-game screen starts from the settings' level).
DEFAULT_LEVEL = "medium"  # the command line's and the New game screen's (Settings.computer_level)
DEMO_LEVEL = "random"

__all__ = [
    "DEFAULT_LEVEL",
    "DEMO_LEVEL",
    "LEVELS",
    "MAX_NAME_LENGTH",
    "VARIANT_NAMES",
    "clean_name",
    "computer_levels",
    "label_text",
    "variant_name",
]


def action_words(action: Action) -> str:
    """An action as the player reads it, cards named by rank and suit symbol: ``Play 10♥``."""
    if isinstance(action, Play):
        return f"Play {cards_label([action.card])}" + (" from your laid meld" if action.from_table else "")
    if isinstance(action, PassCards):
        return f"Pass {cards_label(action.cards)}"
    if isinstance(action, Bury):
        return f"Bury {cards_label(action.cards)}"
    if isinstance(action, LayMeld):
        return f"Meld {action.play.meld.name}: {cards_label(action.play.meld.cards)}"
    if isinstance(action, NameTrump):
        return f"Make {SUIT_NAMES[action.suit]} trump"
    return label_text(str(action))
