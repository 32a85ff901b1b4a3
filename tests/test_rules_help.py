"""The generated rules help: every preset renders, and the text follows the options in force."""

from __future__ import annotations

import re

import pytest

from engine.meld import meld_rows
from engine.rules import OPTIONS, PRESETS, VARIATIONS, preset
from engine.rules_help import Heading, Paragraph, Table, Title, blocks_text, help_blocks, rules_help

SECTIONS = ("The deal", "Trump", "Meld", "Play", "Counting cards taken in tricks", "Scoring",
            "The end of the game", "House choices")


@pytest.mark.parametrize(("name", "options"), [(name, {}) for name in sorted(PRESETS)] + list(VARIATIONS))
def test_the_help_is_typed_blocks_and_the_text_is_written_from_them(name: str, options: dict[str, object]) -> None:
    blocks = help_blocks(preset(name, **options))
    assert isinstance(blocks[0], Title) and not any(isinstance(block, Title) for block in blocks[1:])
    assert [block.text for block in blocks if isinstance(block, Heading)][-1] == "House choices"
    for block in blocks:
        texts = [block.text] if isinstance(block, Title | Heading | Paragraph) else [*sum(block.rows, ()), *block.notes]
        assert all(text and "\n" not in text and text == text.strip() and "  " not in text for text in texts), block
    tables = [block for block in blocks if isinstance(block, Table)]
    assert tables[0].rows[0][0] == "meld" and len({len(row) for row in tables[0].rows}) == 1  # the meld table
    assert tables[1].rows[0][-1].startswith("last trick")  # the card values
    assert rules_help(preset(name, **options)) == blocks_text(blocks)


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


def test_saving_meld_says_which_side_needs_what() -> None:
    mfp = rules_help(preset("partnership_auction"))
    assert "declaring side's meld counts toward the bid whatever it takes in tricks" in mfp
    assert "only meld is one or both nines of trumps" in mfp and "does not save it" in mfp
    div10 = rules_help(preset("partnership_auction_div10"))
    assert "declaring side's meld counts toward the bid only if it takes at least one trick" in div10


def test_two_handed_dix_and_order_follow_the_rules_in_force() -> None:
    hay = rules_help(preset("two_hand"))
    assert "even if that is the other dix" in hay and "dealer scores" not in hay
    assert "Each nine of trumps scores once a hand" in hay
    assert "both draw a card from the stock, the winner first; then the winner may lay one meld" in hay
    hoyle = rules_help(preset("two_hand", turnup_dix_to_dealer=True, meld_before_draw=True))
    assert "the dealer scores 10 at once" in hoyle and "even if that is the other dix" not in hoyle
    assert "the winner may lay one meld, then both draw" in hoyle and "none after it" in hoyle


def test_two_handed_double_values_complete_beside_the_first() -> None:
    text = rules_help(preset("two_hand", double_values=True))
    assert "double run 1500 (adds 1350)" in text and "eight aces 1000 (adds 900)" in text
    assert "completes the double" not in rules_help(preset("two_hand"))


@pytest.mark.parametrize(("rules", "words"), [
    (preset("partnership_auction_div10"), "whoever holds a card that would win the trick must play one"),
    (preset("partnership_auction_div10"), "not set automatically: it chooses to throw in or to play on"),
    (preset("double_deck"), "not set automatically"),
    (preset("partnership_turnup"), "at least one more hand is played, to a target 250 higher"),
    (preset("partnership_turnup"), "own decisions (the dix exchange, a card to play)"),
    (preset("two_hand"), "the choice of the last two cards"),
    (preset("double_deck", bonus_melds=True), "aces around         10     100     200        400"),
    (preset("double_deck", bonus_melds=True), "three runs score 165 and four 300"),
    (preset("double_deck", bid_rounds=1), "goes round the table once only"),
    (preset("double_deck", pass_cards=3, pass_before_trump=True),
     "Before trump is named (a variation of the double-deck rules)"),
    (preset("double_deck", pass_cards=3, marriage_after_pass=True), "in it once the cards are passed"),
])
def test_issue_11_rules_say_which_document_they_follow(rules, words: str) -> None:  # noqa: ANN001
    assert words in rules_help(rules)


def test_not_on_board_default_follows_the_seed_of_each_preset() -> None:
    assert "set at once, without play" in rules_help(preset("partnership_auction"))  # My Family's Pinochle
    assert "set at once, without play" not in rules_help(preset("partnership_auction_div10"))  # divided-by-ten rules
    assert "set at once, without play" not in rules_help(preset("double_deck"))  # the double-deck rules


@pytest.mark.parametrize(("name", "options"), [(name, {}) for name in sorted(PRESETS)] + list(VARIATIONS))
def test_the_help_names_the_rule_books_in_words_not_by_file_number(name: str, options: dict[str, object]) -> None:
    text = rules_help(preset(name, **options))
    assert "seed 0" not in text.lower()  # "Bicycle's rules", "John Hay's order", never a source's file number


def test_the_options_explain_themselves_without_file_numbers() -> None:
    for option in OPTIONS.values():
        assert "seed 0" not in f"{option.label} {option.help}".lower(), option.name
