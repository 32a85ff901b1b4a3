"""A hand as text to share: readable words with suit symbols, and a record block that opens the very same record
again, for every variant; damaged or missing blocks are refused with a reason."""

from __future__ import annotations

import base64
import re
import textwrap
import tracemalloc
import zlib

import pytest

import engine
from engine.hand_text import (
    BEGIN,
    END,
    MAX_BLOCK,
    MAX_RECORD_BYTES,
    MAX_TEXT_BYTES,
    SharedHands,
    hand_text,
    has_hand_text,
    read_hand_text,
    record_block,
    records_from_text,
    share_text,
)
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


# -- text from outside: what an audit found could break the reader, each refused with RecordError --------------


def _block(data: bytes) -> str:
    """A record block holding ``data`` (compressed as a shared hand's record is)."""
    return "\n".join([BEGIN, *textwrap.wrap(base64.b64encode(zlib.compress(data, 9)).decode("ascii"), 64), END])


def test_sixteen_thousand_begin_lines_with_no_end_are_refused_at_once() -> None:
    """The old reader's pattern tried every BEGIN against the rest of the text: this took 50 s (it grows with
    the square of the length). The reader now goes through the text once; every BEGIN is a hand cut short."""
    text = (BEGIN + "\n") * 16_000
    with pytest.raises(RecordError, match="hand 1: the record block is cut short"):
        records_from_text(text)
    hands = read_hand_text(text)
    assert hands.records == [] and len(hands.refused) == 16_000
    assert hands.report().startswith("0 of 16,000 hands opened; hand 1: the record block is cut short (no END line)")
    assert hands.report().endswith("; and 15,997 more did not open")


def test_a_block_that_would_inflate_past_a_record_is_refused_without_inflating_it() -> None:
    """A zlib bomb: 200 MB of spaces squeezed into a block of 260,000 letters. Inflating stops at the largest a
    record may be; far less than the bomb's size is ever allocated."""
    squeezer = zlib.compressobj(9)
    packed = b"".join(squeezer.compress(b" " * (1 << 20)) for _ in range(200)) + squeezer.flush()
    text = "\n".join([BEGIN, base64.b64encode(packed).decode("ascii"), END])
    assert len(text) < MAX_BLOCK
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match="inflates to more than a hand record can hold"):
            records_from_text(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * MAX_RECORD_BYTES + 4 * len(text), f"{peak:,} bytes allocated"


def test_a_block_of_more_letters_than_a_record_can_take_is_refused_before_it_is_decoded() -> None:
    with pytest.raises(RecordError, match="hand 1: the record block is too long"):
        records_from_text(f"{BEGIN}\n{'A' * (MAX_BLOCK + 4)}\n{END}")
    with pytest.raises(RecordError, match="hand 1: the record block is too long"):
        records_from_text(f"{BEGIN}\n{'A ' * (MAX_BLOCK + 4)}\n{END}")


def test_the_hands_of_one_text_together_inflate_no_further_than_the_texts_cap() -> None:
    big = zlib.compress(b" " * (MAX_RECORD_BYTES - 10), 9)
    block = "\n".join([BEGIN, base64.b64encode(big).decode("ascii"), END])
    count = MAX_TEXT_BYTES // MAX_RECORD_BYTES + 2
    hands = read_hand_text("\n".join([block] * count))
    assert hands.records == [] and len(hands.refused) == count
    assert all("not JSON" in why for _n, why in hands.refused[:-2])  # spaces inflate, and are no JSON
    assert "the hands of the text together inflate to more than" in hands.refused[-1][1]


@pytest.mark.parametrize(("why", "data", "message"), [
    ("nested 100,000 deep", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ("a 5,000-digit number", b'{"format": ' + b"7" * 5000 + b"}", "5,000 digits"),
    ("not an object", b"[1, 2, 3]", "a hand record is a JSON object"),
    ("NaN", b'{"format": NaN}', "NaN is not a number"),
    ("not UTF-8", "{\"players\": [\"Ren\u00e9e\"]}".encode("latin-1"), "its record is not UTF-8 text"),
    ("not JSON", b"the hand", "not JSON"),
    ("a stream with more after its end", zlib.compress(b"{}") + b"more", "damaged"),
], ids=lambda value: value if isinstance(value, str) and len(value) < 40 else "")
def test_a_block_whose_record_is_not_json_of_a_record_is_refused_with_a_reason(why: str, data: bytes,
                                                                             message: str) -> None:
    text = _block(data) if why != "a stream with more after its end" else "\n".join(
        [BEGIN, base64.b64encode(data).decode("ascii"), END])
    with pytest.raises(RecordError, match=f"hand 1: .*{message}"):
        records_from_text(text)


def test_a_block_cut_short_or_without_its_top_is_told_and_the_other_hands_open() -> None:
    records = finished_hands("partnership_auction", hands=3)
    full = [hand_text(record) for record in records]
    cut = full[2][: full[2].index(END) - 40]  # the end of the third block lost in the copy
    hands = read_hand_text(full[0] + "\n" + full[1] + "\n" + cut)
    assert hands.records == records[:2] and hands.edited == []
    assert hands.refused == [(3, "the record block is cut short (no END line)")]
    assert hands.report() == "2 of 3 hands opened; hand 3: the record block is cut short (no END line)"
    with pytest.raises(RecordError, match="hand 2: the record block is cut short"):
        records_from_text(full[0] + cut + full[1])
    topless = full[0][full[0].index(BEGIN) + 100:]  # the first hand's words and its BEGIN line lost
    hands = read_hand_text(topless + "\n" + full[1])
    assert hands.records == [records[1]]
    assert hands.refused == [(1, "the record block has no BEGIN line (its top is cut off)")]
    middle = read_hand_text(full[0] + cut + "\n" + full[1])  # a cut block between two whole ones
    assert middle.records == [records[0], records[1]] and [n for n, _why in middle.refused] == [2]
    assert middle.edited == []


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_readable_lines_as_written_are_not_called_edited(variant: str) -> None:
    records = finished_hands(variant)
    text = share_text(records)
    assert read_hand_text(text) == SharedHands(records, [], [])
    quoted = "\r\n".join(">> " + line for line in ("Look at these:\n" + text).splitlines())
    assert read_hand_text(quoted).edited == []
    blocks_only = "\n\n".join("\n".join(record_block(record)) for record in records)
    assert read_hand_text(blocks_only) == SharedHands(records, [], [])  # no story pasted: nothing to compare


def test_a_card_edited_in_the_readable_lines_is_told_and_the_hand_opens_as_shared() -> None:
    records = finished_hands("two_hand", hands=2)
    text = share_text(records)
    second = text.index(BEGIN, text.index(END))
    deal = text.index("The deal", text.index(END))  # the second hand's deal
    line_end = text.index("\n", text.index(":", deal + 10))
    line = text[text.index("\n", deal) + 1:line_end]
    symbol = next(ch for ch in line if ch in "♠♥♦♣")
    edited_line = line.replace(symbol, next(s for s in "♠♥♦♣" if s != symbol), 1)
    assert edited_line != line and line_end < second
    edited = text[:text.index("\n", deal) + 1] + edited_line + text[line_end:]
    hands = read_hand_text(edited)
    assert hands.records == records and hands.refused == [] and hands.edited == [2]
    assert hands.report() == "the text of hand 2 was edited: it opens as it was shared"
    assert records_from_text(edited) == records  # the block is the record
    one = hand_text(records[0])
    result_line = next(ln for ln in one.splitlines() if "scores" in ln)
    single = read_hand_text(one.replace(result_line, result_line.replace("scores", "scored"), 1))
    assert single.edited == [1] and single.report() == "the text was edited: the hand opens as it was shared"
    rewrapped = one.replace(", ", ",\n   ", 3)  # an e-mail rewraps long lines: the words are the same
    assert read_hand_text(rewrapped).edited == []


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
