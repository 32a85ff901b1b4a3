"""A hand as text to share: readable words with suit symbols, and a record block that opens the very same record
again, for every variant; damaged or missing blocks are refused with a reason."""

from __future__ import annotations

import re

import pytest

import engine
from engine.hand_text import BEGIN, END, hand_text, has_hand_text, records_from_text, share_text
from engine.record import RecordError
from engine.rules import PRESETS
from engine.sim import play_game

CARD_CODE = re.compile(r"\b[AKQJT9][SHDC]\b")


def finished_hands(variant: str, seed: int = 3, hands: int = 2) -> list[dict[str, object]]:
    rules = engine.preset(variant)
    game = play_game(engine.new_game(rules, seed=seed), ["random"] * rules.players, seed, hands)
    return list(game.hand_records)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_variant_goes_to_text_and_back_exactly(variant: str) -> None:
    records = finished_hands(variant)
    text = share_text(records)
    assert records_from_text(text) == records
    for record in records:
        assert records_from_text(hand_text(record)) == [record]


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_words_tell_the_hand_with_suit_symbols_and_no_card_codes(variant: str) -> None:
    record = finished_hands(variant, hands=1)[0]
    words = hand_text(record).split(BEGIN)[0]
    players = record["players"]
    assert isinstance(players, list)
    assert all(str(name) in words for name in players)
    for head in ("The deal", "Meld", "Result"):
        assert f"\n{head}\n" in words
    assert "The auction" in words or "Trump:" in words
    if record["tricks"]:
        assert "Tricks" in words and "takes it" in words
    assert any(symbol in words for symbol in "♠♥♦♣")
    assert not CARD_CODE.search(words), CARD_CODE.findall(words)


def test_a_block_quoted_in_a_reply_or_with_other_line_breaks_still_opens() -> None:
    record = finished_hands("two_hand", hands=1)[0]
    text = hand_text(record)
    quoted = "\r\n".join("> " + line for line in text.splitlines())
    assert records_from_text("Look at this hand:\n" + quoted) == [record]
    assert has_hand_text(quoted) and not has_hand_text("just words")


def test_a_damaged_or_missing_block_is_refused_with_a_reason() -> None:
    record = finished_hands("three_hand", hands=1)[0]
    text = hand_text(record)
    with pytest.raises(RecordError, match="no hand record block"):
        records_from_text(text.split(BEGIN)[0])
    lines = text.split("\n")
    at = lines.index(BEGIN) + 2
    lines[at] = lines[at][:10] + ("A" if lines[at][10] != "A" else "B") + lines[at][11:]
    with pytest.raises(RecordError, match="hand 1: the record block is damaged"):
        records_from_text("\n".join(lines))


def test_a_block_whose_record_does_not_replay_is_refused() -> None:
    import base64
    import json
    import zlib

    record = dict(finished_hands("partnership_auction", hands=1)[0])
    record["score_delta"] = [0, 0]
    packed = base64.b64encode(zlib.compress(json.dumps(record).encode())).decode()
    with pytest.raises(RecordError, match="hand 1"):
        records_from_text(f"{BEGIN}\n{packed}\n{END}")


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_words_agree_with_you(variant: str) -> None:
    """The player is named "You": "You win the bid", "You take it", "You make 350", never "You wins"."""
    said = []
    for seed in range(1, 6):
        for record in finished_hands(variant, seed, 2):
            record["players"] = ["You", *[f"P{s}" for s in range(1, int(str(record["seats"])))]]
            said += [line for line in hand_text(record).splitlines() if "You" in line]  # type: ignore[arg-type]
    assert any("You take it" in line for line in said)
    wrong = [line for line in said if re.search(r"\bYou (wins|takes|makes|goes|passes|throws|trades|deals)\b", line)]
    assert not wrong, wrong


def test_the_deal_number_in_the_text_is_the_one_the_table_showed() -> None:
    from engine.deal import shared_deal_number
    record = finished_hands("partnership_auction", 5, 2)[1]
    shown = shared_deal_number(int(str(record["seed"])), int(str(record["dealer"])), 4)
    assert f"hand 2, deal {shown}" in hand_text(record)  # type: ignore[arg-type]
