"""Settings: round trip, defaults for bad values one by one, bad files kept aside, newer files left alone."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from engine.rules import RulesError
from pinochle_gui.storage import Settings, SettingsStore, Storage, app_paths
from pinochle_gui.storage.paths import HOME_ENV
from pinochle_gui.storage.settings import SETTINGS_FORMAT, SETTINGS_KIND


def write(path: Path, content: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode() if isinstance(content, str) else content)


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".bad-*"))


def document(**settings: object) -> str:
    return json.dumps({"kind": SETTINGS_KIND, "format": SETTINGS_FORMAT, "settings": settings})


def test_missing_file_gives_defaults_and_no_message(tmp_path: Path) -> None:
    settings, messages = SettingsStore(tmp_path / "settings.json").load()
    assert settings == Settings() and messages == []


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "cfg" / "settings.json")
    changed = Settings(
        player_name="Ann",
        computer_names=("Bo", "Cy", "Di"),
        avatars=(7, 8, 9, 10),
        computer_level="hard",
        deck_design="four_color",
        card_back="pattern",
        table_theme="wood",
        animation_speed="instant",
        sound_on=False,
        volume=0.25,
        default_variant="three_hand",
        rule_overrides={"three_hand": {"min_bid": 300}, "two_hand": {"game_target": 1000}},
        auto_play_forced=False,
        meld_goes_on=True,
        analyse_hands=False,
        sort_order="low_to_high",
        toured=("two_hand",),
        text_size=150,
        large_cards=True,
        window_size=(1600, 900),
        fullscreen=True,
    )
    assert {f.name for f in dataclasses.fields(Settings)} <= {
        k for k, v in changed.to_dict().items() if v != getattr(Settings(), k)
    }, "every field is changed in this test"
    assert store.save(changed) == []
    loaded, messages = store.load()
    assert messages == [] and loaded == changed
    assert loaded.rules_for().min_bid == 300 and loaded.rules_for("two_hand").game_target == 1000


def test_each_bad_value_is_replaced_alone_and_unknown_keys_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    write(
        path,
        document(
            player_name="  Zoe \n ",
            volume=7,
            card_back="purple",
            table_theme="dark",
            avatars=[1, 2, "x", 4],
            window_size=[100, 100],
            sound_on="yes",
            computer_names=["A", "B", "C"],
            text_size=175,
            large_cards=True,
            future_option={"anything": 1},
        ),
    )
    settings, messages = SettingsStore(path).load()
    defaults = Settings()
    assert settings.player_name == "Zoe"
    assert settings.table_theme == "dark" and settings.computer_names == ("A", "B", "C")
    assert settings.large_cards and settings.text_size == defaults.text_size
    assert (settings.volume, settings.card_back, settings.avatars, settings.window_size, settings.sound_on) == (
        defaults.volume,
        defaults.card_back,
        defaults.avatars,
        defaults.window_size,
        defaults.sound_on,
    )
    texts = " | ".join(m.text for m in messages)
    for key in ("volume", "card_back", "avatars", "window_size", "sound_on", "text_size"):
        assert key in texts
    assert "future_option" not in texts
    (copy,) = backups(path)
    assert copy.read_bytes() == path.read_bytes(), "a copy as it was is kept; the file stays in place"
    assert messages[-1].level == "info" and copy.name in messages[-1].text


def test_invalid_rule_overrides_are_dropped_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    overrides = {
        "partnership_auction": {"min_bid": 300, "pass_cards": 2, "no_such_option": 1},
        "two_hand": {"pass_cards": 4},
        "eight_hand": {"min_bid": 10},
        "double_deck": "all of them",
    }
    write(path, document(rule_overrides=overrides, default_variant="no_such_game"))
    settings, messages = SettingsStore(path).load()
    assert settings.rule_overrides == {"partnership_auction": {"min_bid": 300}}
    assert settings.default_variant == "partnership_auction"
    texts = " | ".join(m.text for m in messages)
    for word in ("pass_cards", "no_such_option", "eight_hand", "double_deck", "default_variant"):
        assert word in texts
    assert settings.rules_for().min_bid == 300


def test_overrides_that_clash_together_are_reset() -> None:
    from pinochle_gui.storage.settings import check_rule_overrides

    kept, problems = check_rule_overrides({"partnership_auction": {"min_bid": 500, "max_bid": 400}})
    assert kept == {} and len(problems) == 1 and "max_bid" in problems[0]


def test_with_rules_checks_the_options() -> None:
    settings = Settings().with_rules({"game_target": 2000})
    assert settings.rules_for().game_target == 2000
    with pytest.raises(RulesError):
        Settings().with_rules({"pass_cards": 9})
    assert settings.with_rules({}).rule_overrides == {}


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b'{"kind": "pinochle-settings", "format": 1, "settings": {"volume": 0.', "damaged"),
        (b"\xff\xfe\x00garbage\x00", "not text"),
        (b"[1, 2, 3]", "not a settings file"),
        (b'{"name": "some other program", "version": 3}', "not a settings file"),
        (b'{"kind": "pinochle-settings", "format": "one", "settings": {}}', "unknown format"),
        (b'{"kind": "pinochle-settings", "format": 1, "settings": {"volume": NaN}}', "damaged"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ],
    ids=["empty", "blank", "truncated", "binary", "list", "foreign", "bad-format", "nan", "deep"],
)
def test_unusable_file_is_kept_aside_and_defaults_used(tmp_path: Path, content: bytes, why: str) -> None:
    path = tmp_path / "settings.json"
    write(path, content)
    store = SettingsStore(path)
    settings, messages = store.load()
    assert settings == Settings()
    assert len(messages) == 1 and why in messages[0].text and messages[0].level == "warning"
    (backup,) = backups(path)
    assert backup.read_bytes() == content, "the bad file is kept byte for byte"
    assert not path.exists()
    assert store.save(settings) == [] and store.load() == (settings, [])


def test_huge_file_is_refused_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    with open(path, "wb") as stream:  # sparse: 100 MB that take no disk space
        stream.truncate(100 * 1024 * 1024)
    opened: list[str] = []
    real_open = open

    def spy(file: object, *args: object, **kwargs: object) -> object:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", spy)
    settings, messages = SettingsStore(path).load()
    monkeypatch.undo()
    assert settings == Settings() and "too large" in messages[0].text
    assert str(path) not in opened
    assert len(backups(path)) == 1


def test_newer_format_is_refused_and_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    content = json.dumps({"kind": SETTINGS_KIND, "format": SETTINGS_FORMAT + 1, "settings": {"volume": 0.1}})
    write(path, content)
    store = SettingsStore(path)
    settings, messages = store.load()
    assert settings == Settings() and "newer version" in messages[0].text
    assert store.read_only
    assert store.save(dataclasses.replace(settings, volume=0.9)) == []
    assert path.read_text() == content and backups(path) == []


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="root ignores folder permissions")
def test_read_only_folder_gives_a_message_not_an_exception(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        messages = SettingsStore(folder / "settings.json").save(Settings())
    finally:
        folder.chmod(0o700)
    assert messages and messages[0].level == "error" and "could not be saved" in messages[0].text


def test_unwritable_target_gives_a_message(tmp_path: Path) -> None:
    # A folder where the file should be: writing cannot replace it, even as root.
    path = tmp_path / "settings.json"
    path.mkdir()
    store = SettingsStore(path)
    settings, messages = store.load()
    assert settings == Settings() and "not a regular file" in messages[0].text
    assert path.is_dir(), "nothing is moved or deleted"
    assert store.save(settings) == [] and store.read_only


def test_paths_env_override_and_storage_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    paths = app_paths()
    assert paths.settings_file == tmp_path / "home" / "config" / "settings.json"
    assert paths.save_file.parent == paths.stats_file.parent == tmp_path / "home" / "data"
    monkeypatch.delenv(HOME_ENV)
    assert "pinochle" in str(app_paths().config_dir)
    storage = Storage.open(tmp_path / "home")
    try:
        assert storage.messages == []
        assert storage.update_settings(player_name="Max", toured=("three_hand",)) == []
    finally:
        storage.close()
    again = Storage.open(tmp_path / "home")
    again.close()
    assert again.settings.player_name == "Max" and again.settings.toured == ("three_hand",)


def test_seat_names_follow_the_table() -> None:
    settings = Settings(player_name="Me", computer_names=("L", "A", "R"))
    assert [settings.seat_name(s, 4) for s in range(4)] == ["Me", "L", "A", "R"]
    assert [settings.seat_name(s, 3) for s in range(3)] == ["Me", "L", "R"]
    assert [settings.seat_name(s, 2) for s in range(2)] == ["Me", "A"]


def test_defaults_are_among_the_choices_offered() -> None:
    from pinochle_gui.storage import CHOICES

    for name, choices in CHOICES.items():
        assert getattr(Settings(), name) in choices, name
    assert "partnership_auction" in CHOICES["default_variant"] and "two_hand" in CHOICES["default_variant"]


def test_choices_match_what_the_table_can_draw() -> None:
    """The settings offer exactly the designs, backs, themes and speeds the art and animation know."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pinochle_gui.anim as anim
    import pinochle_gui.art.backs as backs
    import pinochle_gui.art.cards as cards
    import pinochle_gui.theme as theme
    from pinochle_gui.storage import CHOICES

    assert set(CHOICES["deck_design"]) == set(cards.DESIGNS)
    assert set(CHOICES["card_back"]) == set(backs.BACKS)
    assert set(CHOICES["table_theme"]) == set(theme.THEMES)
    assert set(CHOICES["animation_speed"]) == set(anim.SPEEDS)


def test_bad_settings_that_cannot_be_moved_aside_are_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    path = tmp_path / "settings.json"
    write(path, b'{"kind": "something else"}')
    real_replace = os.replace

    def locked(src: object, dst: object) -> None:
        if ".bad-" in str(dst):
            raise PermissionError(errno.EACCES, "The file is in use by another process")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", locked)
    store = SettingsStore(path)
    settings, messages = store.load()
    assert settings == Settings() and "could not be moved aside" in messages[0].text
    assert store.read_only and store.save(settings) == []
    assert path.read_bytes() == b'{"kind": "something else"}'
