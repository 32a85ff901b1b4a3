"""The generated rules help: every preset renders, and the text follows the options in force."""

from __future__ import annotations

import re

import pytest

from engine.meld import meld_rows
from engine.rules import PRESETS, preset
from engine.rules_help import rules_help

SECTIONS = ("The deal", "Trump", "Meld", "Play", "Counting cards taken in tricks", "Scoring",
            "The end of the game", "House choices")


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_renders_with_its_sections(name: str) -> None:
    rules = preset(name)
    text = rules_help(rules)
    for head in SECTIONS:
        assert f"\n{head}\n{'-' * len(head)}\n" in text, head
    assert ("\nBidding\n" in text) == rules.auction
    assert ("\nMeld during play\n" in text) == (rules.trump_by == "stock")
    assert ("\nThe widow\n" in text) == bool(rules.widow_size)
    assert f"{rules.trick_total} points" in text
    # the meld table shows every row's single value, from the engine's own table
    for row in meld_rows(rules):
        if row.key != "dix":
            assert re.search(rf"\n  {row.key} +{row.points[0]} ", text), row.key


def test_minimum_bid_follows_the_option() -> None:
    assert "opening bid is 250" in rules_help(preset("partnership_auction"))
    text = rules_help(preset("partnership_auction", min_bid=300))
    assert "opening bid is 300" in text and "300, 310, 320" in text
    assert "stuck with the bid at 300" in text
    assert "minimum bid 300" in text  # listed among the changed options, by the option's name


def test_counting_follows_the_option() -> None:
    simplified = rules_help(preset("partnership_auction", count="simplified"))
    assert "K 5" in simplified and "Q 5" in simplified
    streamlined = rules_help(preset("partnership_auction"))
    assert "K 10" in streamlined and "Q 0" in streamlined
    old = rules_help(preset("two_hand"))
    assert "A 11" in old and "J 2" in old and "last trick 10" in old
    double = rules_help(preset("double_deck"))
    assert "last trick 2" in double and " 9 " not in double.split("Counting")[1].split("Scoring")[0]


def test_meld_values_follow_the_tables() -> None:
    plain = rules_help(preset("two_hand"))
    double = rules_help(preset("partnership_auction"))
    assert re.search(r"\n  run +150 +300\*", plain)
    assert re.search(r"\n  run +150 +1500\n", double)
    assert "eight aces (1000)" in double and "eight aces" not in plain
    bonus = rules_help(preset("partnership_auction", bonus_melds=True))
    assert re.search(r"\n  royal marriage +40 +300\n", bonus)
    assert re.search(r"\n  marriage +20 +150\n", bonus)
    masek = rules_help(preset("double_deck", meld_table="masek"))
    assert re.search(r"\n  run +15 +150 +500 +515\*", masek)
    assert "quadruple run = triple 500 + single 15" in masek
    deck2 = rules_help(preset("double_deck"))
    assert re.search(r"\n  pinochle +4 +30 +60 +90\n", deck2)
    seed001 = rules_help(preset("partnership_auction_div10"))
    assert "a run is worth 11 + 4" in seed001 and "dix (nine of trumps): 1 each" in seed001


def test_options_change_the_text() -> None:
    base = preset("partnership_auction")
    for option, value, phrase in [
        ("run_extra_marriage", True, "the extra card marries the run's partner card"),
        ("play_rule", "post_1945", "only when a trump is led"),
        ("pass_cards", 3, "passes 3 cards"),
        ("pass_simultaneous", True, "at the same time"),
        ("set_gives_bid", True, "the opponents add the bid"),
        ("all_pass", "redeal", "dealt again"),
        ("trump_needs_marriage", True, "must hold a marriage"),
        ("jump_bids", False, "exactly one step"),
        ("pass_with_help", True, "pass with help"),
        ("game_target", 2000, "first to 2000"),
        ("meld_needs", "trick", "takes at least one trick"),
    ]:
        assert phrase not in rules_help(base), option
        assert phrase in rules_help(preset("partnership_auction", **{option: value})), option


def test_two_handed_re_meld_numbers() -> None:
    text = rules_help(preset("two_hand"))
    assert "adds 110" in text and "adds 260" in text and "only 40" in text and "for 240" in text
    full = rules_help(preset("two_hand", remeld_reductions=False))
    assert "full 150" in full and "full 300" in full
    assert "must win only" not in full
    trump_led = rules_help(preset("two_hand", phase2_must_win="trump_led"))
    assert "only when a trump is led" in trump_led
    assert "Declaring out" in text and "1200" in text
