"""The player's settings: a typed value, kept as versioned JSON in the config folder.

>>> settings = Settings()
>>> settings.animation_speed, settings.rules_for("two_hand").game_target
('normal', 1200)

Loading never fails: unknown keys are ignored, each bad value is replaced by its default with a
message, an unreadable file is kept aside and defaults are used. A file written by a newer version
of the game is left untouched and nothing is written to it during this run.
"""

from __future__ import annotations

import dataclasses
import math
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from engine.rules import PRESET_NAMES, PRESETS, Rules, RulesDict, RulesError, Variant, preset
from pinochle_gui.words import DEFAULT_LEVEL, clean_name

from .rating import COMPUTER_LEVELS
from .safe_file import (
    MAX_JSON_BYTES,
    ReadStatus,
    StorageError,
    StorageMessage,
    atomic_write_json,
    backup_name,
    error,
    info,
    keep_aside,
    left_alone,
    read_json,
    warning,
)

SETTINGS_KIND = "pinochle-settings"
SETTINGS_FORMAT = 1

DECK_DESIGNS = ("classic", "four_color", "large_index", "large_four_color")
CARD_BACKS = ("blue", "red", "green", "pattern")
TABLE_THEMES = ("green", "blue", "wood", "dark", "contrast")
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
#: trump_first: trumps at the left, suits in alternating colours, high to low; by_suit: the same
#: without moving trumps; low_to_high: as by_suit, each suit from nine up.
SORT_ORDERS = ("trump_first", "by_suit", "low_to_high")
#: The size of all text, in percent of the usual size.
TEXT_SIZES = (100, 125, 150)
#: The choices of each setting that has a fixed list, for the settings screen.
CHOICES: dict[str, tuple[str, ...]] = {
    "computer_level": COMPUTER_LEVELS,
    "deck_design": DECK_DESIGNS,
    "card_back": CARD_BACKS,
    "table_theme": TABLE_THEMES,
    "animation_speed": ANIMATION_SPEEDS,
    "sort_order": SORT_ORDERS,
    "default_variant": PRESET_NAMES,
}
SEATS = 4
MIN_WINDOW = (640, 480)
MAX_WINDOW = (16384, 16384)


def seat_slot(seat: int, players: int = SEATS) -> int:
    """Where the settings keep the name and avatar of seat ``seat`` at a ``players``-handed table: 0 the player,
    1 to 3 the computers as they sit four-handed (left, across, right): three-handed the computers sit left
    and right, two-handed the opponent across."""
    if seat == 0 or players == SEATS:
        return seat
    return (1, 3)[seat - 1] if players == 3 else 2


class SettingsDict(TypedDict):
    """The settings as written in the settings file (:meth:`Settings.to_dict`)."""

    player_name: str
    computer_names: list[str]
    avatars: list[int]
    computer_level: str
    deck_design: str
    card_back: str
    table_theme: str
    animation_speed: str
    sound_on: bool
    volume: float
    default_variant: Variant
    rule_overrides: dict[str, RulesDict]
    auto_play_forced: bool
    meld_goes_on: bool
    analyse_hands: bool
    sort_order: str
    text_size: int
    large_cards: bool
    toured: list[str]
    window_size: list[int]
    fullscreen: bool


@dataclass(frozen=True)
class Settings:
    """Everything the player can set. Change with :func:`dataclasses.replace`."""

    player_name: str = "You"
    #: The computers' names, clockwise from the player's left (a three-seat game uses the first two).
    computer_names: tuple[str, str, str] = ("West", "North", "East")
    #: Seed of each seat's generated avatar, seat 0 being the player.
    avatars: tuple[int, int, int, int] = (1, 2, 3, 4)
    computer_level: str = DEFAULT_LEVEL
    deck_design: str = "classic"
    card_back: str = "blue"
    table_theme: str = "green"
    animation_speed: str = "normal"
    sound_on: bool = True
    volume: float = 0.7
    default_variant: Variant = "partnership_auction"
    #: Per preset name, the options the player changed (checked against the engine's rules).
    rule_overrides: dict[str, RulesDict] = field(default_factory=dict)
    auto_play_forced: bool = True
    meld_goes_on: bool = False  # the meld on the table goes on by itself after a while (else it waits for a click)
    analyse_hands: bool = True  # the review analyses the player's decisions; each hand's cost goes to the statistics
    sort_order: str = "trump_first"
    text_size: int = 100  # percent of the usual size of every text, one of TEXT_SIZES
    large_cards: bool = False  # the hand's cards take more of the table; the others give it room
    #: The games (preset names) whose welcome tour the player has been through: it shows by itself once each.
    toured: tuple[str, ...] = ()
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False

    def rules_for(self, preset_name: str | None = None) -> Rules:
        """The rules of a preset (the default variant if none) with the player's overrides."""
        name = preset_name or self.default_variant
        return preset(name, **self.rule_overrides.get(name, {}))

    def with_rules(self, rules_changes: RulesDict, preset_name: str | None = None) -> Settings:
        """These settings with new overrides for a preset; raises ``RulesError`` if they are not valid."""
        name = preset_name or self.default_variant
        preset(name, **rules_changes)  # check them
        overrides = {k: dict(v) for k, v in self.rule_overrides.items()}
        if rules_changes:
            overrides[name] = dict(rules_changes)
        else:
            overrides.pop(name, None)
        return dataclasses.replace(self, rule_overrides=overrides)

    def seat_name(self, seat: int, players: int = SEATS) -> str:
        """The name shown for a seat in a game of ``players`` (seat 0 is the player)."""
        slot = seat_slot(seat, players)
        return self.computer_names[slot - 1] if slot else self.player_name

    def seat_avatars(self, players: int) -> list[int]:
        """The avatars of the seats of a ``players``-handed table."""
        return [self.avatars[seat_slot(seat, players)] for seat in range(players)]

    def to_dict(self) -> SettingsDict:
        return {
            "player_name": self.player_name,
            "computer_names": list(self.computer_names),
            "avatars": list(self.avatars),
            "computer_level": self.computer_level,
            "deck_design": self.deck_design,
            "card_back": self.card_back,
            "table_theme": self.table_theme,
            "animation_speed": self.animation_speed,
            "sound_on": self.sound_on,
            "volume": self.volume,
            "default_variant": self.default_variant,
            "rule_overrides": {name: dict(options) for name, options in self.rule_overrides.items()},
            "auto_play_forced": self.auto_play_forced,
            "meld_goes_on": self.meld_goes_on,
            "analyse_hands": self.analyse_hands,
            "sort_order": self.sort_order,
            "text_size": self.text_size,
            "large_cards": self.large_cards,
            "toured": list(self.toured),
            "window_size": list(self.window_size),
            "fullscreen": self.fullscreen,
        }


# -- validation, one function per field ----------------------------------------------------------


class _Bad(ValueError):
    pass


def _name(value: Any) -> str:
    if not isinstance(value, str):
        raise _Bad("a name is text")
    cleaned = clean_name(value, "")
    if not cleaned:
        raise _Bad("a name cannot be empty")
    return cleaned


def _names(value: Any) -> tuple[str, str, str]:
    if not isinstance(value, list) or len(value) != 3:
        raise _Bad("three names are expected")
    a, b, c = (_name(v) for v in value)
    return (a, b, c)


def _avatars(value: Any) -> tuple[int, int, int, int]:
    if not isinstance(value, list) or len(value) != SEATS:
        raise _Bad(f"{SEATS} avatar numbers are expected")
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**31 for v in value):
        raise _Bad("avatar numbers are whole numbers from 0")
    return (value[0], value[1], value[2], value[3])


def _choice(choices: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in choices:
            raise _Bad(f"choose one of {', '.join(choices)}")
        return str(value)

    return check


def _variant(value: Any) -> Variant:
    for name in PRESET_NAMES:
        if value == name:
            return name
    raise _Bad(f"choose one of {', '.join(PRESET_NAMES)}")


def _text_size(value: Any) -> int:
    if isinstance(value, bool) or value not in TEXT_SIZES:
        raise _Bad(f"choose one of {', '.join(map(str, TEXT_SIZES))}")
    return int(value)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad("true or false expected")
    return value


def _toured(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Bad("a list of games expected")
    return tuple(dict.fromkeys(v for v in value if v in PRESETS))


def _volume(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _Bad("a number from 0 to 1 expected")
    if not 0 <= value <= 1:
        raise _Bad("the volume goes from 0 to 1")
    return float(value)


def _window(value: Any) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise _Bad("width and height expected")
    width, height = value
    if not (MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]):
        raise _Bad(f"at least {MIN_WINDOW[0]}x{MIN_WINDOW[1]}")
    return (width, height)


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "player_name": _name,
    "computer_names": _names,
    "avatars": _avatars,
    **{name: _choice(choices) for name, choices in CHOICES.items()},
    "default_variant": _variant,
    "sound_on": _bool,
    "volume": _volume,
    "auto_play_forced": _bool,
    "meld_goes_on": _bool,
    "analyse_hands": _bool,
    "text_size": _text_size,
    "large_cards": _bool,
    "toured": _toured,
    "window_size": _window,
    "fullscreen": _bool,
}
assert set(_CHECKS) | {"rule_overrides"} == {f.name for f in dataclasses.fields(Settings)}


def check_rule_overrides(value: object) -> tuple[dict[str, RulesDict], list[str]]:
    """Keep the overrides the engine accepts; say what was dropped and why."""
    problems: list[str] = []
    if not isinstance(value, dict):
        return {}, ["the rule options were not a table of options; they were reset"]
    kept: dict[str, RulesDict] = {}
    for name, options in value.items():
        if name not in PRESETS:
            problems.append(f"rule options for unknown game {name!r} were dropped")
            continue
        if not isinstance(options, dict):
            problems.append(f"the rule options for {name} were not a table of options; they were dropped")
            continue
        good: RulesDict = {}
        for key, option_value in options.items():
            try:
                preset(name, **{key: option_value})
            except (RulesError, TypeError) as exc:
                problems.append(f"{name}: {exc}; that option was dropped")
            else:
                good[key] = option_value
        try:
            preset(name, **good)
        except RulesError as exc:
            problems.append(f"{name}: {exc}; the options for this game were reset")
            continue
        if good:
            kept[name] = good
    return kept, problems


def settings_from_dict(data: dict[str, object]) -> tuple[Settings, list[str]]:
    """Settings from the ``settings`` part of a file: unknown keys ignored, bad values defaulted."""
    defaults = Settings()
    values: dict[str, Any] = {}  # checked values, by field
    problems: list[str] = []
    for key, check in _CHECKS.items():
        if key not in data:
            continue
        try:
            values[key] = check(data[key])
        except _Bad as exc:
            problems.append(f"{key} {data[key]!r} is not valid ({exc}); using {getattr(defaults, key)!r}")
    if data.get("first_run_done") is True and "toured" not in data:  # an older file: the default game was toured
        values["toured"] = (values.get("default_variant", defaults.default_variant),)
    if "rule_overrides" in data:
        values["rule_overrides"], rule_problems = check_rule_overrides(data["rule_overrides"])
        problems.extend(rule_problems)
    return dataclasses.replace(defaults, **values), problems


class SettingsStore:
    """Loads and saves :class:`Settings` in one file.

    >>> import tempfile, pathlib
    >>> store = SettingsStore(pathlib.Path(tempfile.mkdtemp()) / "settings.json")
    >>> settings, messages = store.load()
    >>> store.save(dataclasses.replace(settings, volume=0.5))
    []
    >>> store.load()[0].volume
    0.5
    """

    def __init__(self, path: Path, max_bytes: int = MAX_JSON_BYTES) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        #: True when the file must not be written this run (it is from a newer version of the game).
        self.read_only = False

    def load(self) -> tuple[Settings, list[StorageMessage]]:
        read = read_json(self.path, "settings", self.max_bytes, read_only=self.read_only)
        messages = list(read.messages or [])
        if read.status is ReadStatus.UNREADABLE:
            self.read_only = True
            return Settings(), messages
        if not read.ok:
            return Settings(), messages
        data = read.data
        if (
            not isinstance(data, dict)
            or data.get("kind") != SETTINGS_KIND
            or not isinstance(data.get("settings"), dict)
        ):
            return Settings(), self._aside("is not a settings file of this game", "settings")
        version = data.get("format")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            return Settings(), self._aside(f"has an unknown format {version!r}", "settings")
        if version > SETTINGS_FORMAT:
            self.read_only = True
            return Settings(), [
                warning(
                    f"The settings file {self.path} was written by a newer version of the game (format {version}). "
                    "It is left untouched; default settings are used and changes will not be saved this time.",
                    self.path,
                )
            ]
        settings, problems = settings_from_dict(data["settings"])
        messages.extend(warning(f"Settings: {p}.", self.path) for p in problems)
        if problems:
            messages.extend(self._keep_copy())
        return settings, messages

    def _keep_copy(self) -> list[StorageMessage]:
        """Copy the file as it was before its bad values are written over with defaults."""
        if self.read_only:
            return []  # nothing is written over
        backup = backup_name(self.path)
        try:
            shutil.copyfile(self.path, backup)
        except OSError as exc:
            self.read_only = True  # without a copy, the file is not rewritten
            return [
                error(f"A copy of the settings file could not be kept ({exc.strerror or exc}); it is left as it is.")
            ]
        return [info(f"The settings file as it was is kept as {backup.name}.", backup)]

    def _aside(self, why: str, what: str) -> list[StorageMessage]:
        if self.read_only:
            return [left_alone(self.path, why, what)]
        messages = keep_aside(self.path, why, what)
        if any(message.level == "error" for message in messages):
            self.read_only = True  # a bad file that could not be moved is never written over
        return messages

    def save(self, settings: Settings) -> list[StorageMessage]:
        """Write the settings; a message (never an exception) if they cannot be written."""
        if self.read_only:
            return []
        document = {"kind": SETTINGS_KIND, "format": SETTINGS_FORMAT, "settings": settings.to_dict()}
        try:
            atomic_write_json(self.path, document)
        except StorageError as exc:
            return [error(f"The settings could not be saved: {exc.strerror or exc}", self.path)]
        except (ValueError, TypeError) as exc:
            return [error(f"The settings could not be saved: {exc}", self.path)]
        return []
