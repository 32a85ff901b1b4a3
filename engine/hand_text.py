"""A hand told as text to share: readable by anyone, and opened again as the same hand record.

:func:`hand_text` tells one finished hand (docs/records.md) in words and suit symbols: the players, the
deal, the auction, the exchanges, the meld, the tricks and the result. Under the words comes the record
itself, compressed and written in letters between two marker lines, so that pasting or opening the text
gives back exactly the record (:func:`records_from_text`), checked by replaying it like any record.
:func:`share_text` tells several hands (a game) one after another.

>>> from engine.sim import play_game
>>> import engine
>>> record = play_game(engine.new_game(engine.preset("two_hand"), seed=2), ["random", "random"], 2, 1).hand_records[0]
>>> records_from_text(hand_text(record)) == [record]
True

Pasted text comes from outside and is read as such (:func:`read_hand_text`): the blocks are found in one
pass over the text, each block is inflated no further than a hand record can be, its JSON is read by
:func:`engine.record.read_json`, and every hand that cannot open says why, while the others open. The
readable lines above a block are compared with the lines its record tells: a hand whose lines were edited
opens as it was shared, and the reader is told so.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import textwrap
import unicodedata
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, cards_label, sort_hand
from engine.deal import shared_deal_number
from engine.history import HandHistory
from engine.record import MAX_LINE, HandRecord, RecordError, check_record, read_hand, read_json
from engine.review import YOU_SAY
from engine.rules_help import TITLES
from engine.scoring import THROWN_IN

BEGIN = "-----BEGIN PINOCHLE HAND RECORD-----"
END = "-----END PINOCHLE HAND RECORD-----"
LINE = 64  # letters per line of the record block
# A block inflates to one record, at most engine.record.MAX_LINE bytes (a megabyte; the largest real record is
# 12.6 KB, see there): inflating stops there. Its letters are refused past what that many bytes could take:
# deflate grows a text that does not compress by 5 bytes per 16 KB at most, and base64 writes 3 bytes as 4.
MAX_RECORD_BYTES = MAX_LINE
MAX_BLOCK = (MAX_RECORD_BYTES + MAX_RECORD_BYTES // 1000 + 64) * 4 // 3
# All the hands of one text together: 32 MB is some 2,500 real hands, far more than a game holds.
MAX_TEXT_BYTES = 32 * MAX_RECORD_BYTES
MAX_REFUSALS_TOLD = 3  # hands that did not open named one by one in the report; the rest are counted
_NOT_LETTERS = re.compile(r"[^A-Za-z0-9+/=]")


def has_hand_text(text: str) -> bool:
    """True when ``text`` holds at least one hand told by :func:`hand_text` (its record block)."""
    return BEGIN in text


def share_text(records: Sequence[HandRecord]) -> str:
    """Every hand of ``records`` told by :func:`hand_text`, one after another."""
    return "\n\n".join(hand_text(record) for record in records)


def hand_text(record: HandRecord) -> str:
    """One hand told in words, followed by its record block."""
    return "\n".join([*story(record), "", *record_block(record)]) + "\n"


def record_block(record: HandRecord) -> list[str]:
    """The record compressed and written in letters, between the marker lines."""
    packed = zlib.compress(json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode("utf-8"), 9)
    return [BEGIN, *textwrap.wrap(base64.b64encode(packed).decode("ascii"), LINE), END]


def records_from_text(text: str, replay: bool = True) -> list[HandRecord]:
    """The hand records in ``text``, one per record block, each checked (by replaying it unless ``replay``
    is false); :class:`RecordError` saying why if there is none or one cannot open. The words around the
    blocks are not read: the block is the record."""
    return read_hand_text(text, replay).whole()


@dataclass(frozen=True)
class SharedHands:
    """The hands a text opened to: the records that opened, in the text's order; the hands that did not
    (their number in the text, and why); and the hands whose readable lines were edited (each opens as it
    was shared: the block is the record)."""

    records: list[HandRecord]
    refused: list[tuple[int, str]]
    edited: list[int]

    def whole(self) -> list[HandRecord]:
        """The records, when every hand opened; else :class:`RecordError` naming the first that did not."""
        if self.refused:
            number, why = self.refused[0]
            raise RecordError(f"hand {number}: {why}")
        return self.records

    def report(self) -> str:
        """What the reader should be told, in words: the hands that did not open and why, and the edited
        ones; empty when every hand opened as it was shared."""
        parts = []
        total = len(self.records) + len(self.refused)
        if self.refused and total == 1:
            parts.append(self.refused[0][1])
        elif self.refused:
            told = [f"hand {number}: {why}" for number, why in self.refused[:MAX_REFUSALS_TOLD]]
            more = len(self.refused) - len(told)
            parts.append(f"{len(self.records):,} of {total:,} hands opened; " + "; ".join(told)
                         + (f"; and {more:,} more did not open" if more else ""))
        if self.edited and total == 1:
            parts.append("the text was edited: the hand opens as it was shared")
        elif self.edited:
            which = ", ".join(str(n) for n in self.edited)
            hands = f"hand {which}" if len(self.edited) == 1 else f"hands {which}"
            parts.append(f"the text of {hands} was edited: {'it opens' if len(self.edited) == 1 else 'they open'}"
                         " as it was shared")
        return ". ".join(parts)


def read_hand_text(text: str, replay: bool = True) -> SharedHands:
    """Every hand told in ``text``: the ones that open (checked, by replaying them unless ``replay`` is false),
    the ones that do not and why, and the ones whose readable lines were edited (looked at when ``replay``:
    only a replayed record is sure to tell its story). :class:`RecordError` when the text holds no block."""
    blocks = _blocks(text)
    if not blocks:
        raise RecordError("no hand record block in the text (the lines between the BEGIN and END lines)")
    records: list[HandRecord] = []
    refused: list[tuple[int, str]] = []
    edited: list[int] = []
    budget = MAX_TEXT_BYTES
    for number, block in enumerate(blocks, 1):
        try:
            if block.letters is None:
                raise RecordError(block.problem)
            data = _inflate(block.letters, budget)
            budget -= len(data)
            record = check_record(read_json(data.decode("utf-8")), replay=replay)
        except UnicodeDecodeError:
            refused.append((number, "the record block is damaged (its record is not UTF-8 text)"))
            continue
        except RecordError as err:
            refused.append((number, str(err)))
            continue
        records.append(record)
        if replay and _edited(block.words, record):
            edited.append(number)
    return SharedHands(records, refused, edited)


@dataclass(frozen=True)
class _Block:
    """One hand of a text: the words before its block, and the block's letters (``None`` with the
    ``problem`` that left it without them)."""

    words: str
    letters: str | None
    problem: str = ""


def _blocks(text: str) -> list[_Block]:
    """The hands of ``text`` in order, found in one pass: each marker is looked for from where the last one
    ended, never again from further back (a regular expression that tries every BEGIN against the rest of
    the text takes time that grows with the square of its length)."""
    blocks: list[_Block] = []
    words_from = 0
    begin, end = text.find(BEGIN), text.find(END)
    while begin >= 0 or end >= 0:
        if begin < 0 or 0 <= end < begin:  # an END with no BEGIN before it
            blocks.append(_Block(text[words_from:end], None, "the record block has no BEGIN line (its top is cut off)"))
            words_from = end + len(END)
            end = text.find(END, words_from)
            continue
        start = begin + len(BEGIN)
        after = text.find(BEGIN, start)
        if end < 0 or 0 <= after < end:  # the next BEGIN, or the end of the text, comes before an END
            blocks.append(_Block(text[words_from:begin], None, "the record block is cut short (no END line)"))
            words_from, begin = start, after
            continue
        if end - start > 2 * MAX_BLOCK:  # before its letters are picked out (quoting marks, line breaks)
            blocks.append(_Block(text[words_from:begin], None, "the record block is too long for a hand record"))
        else:
            blocks.append(_Block(text[words_from:begin], text[start:end]))
        words_from, begin = end + len(END), after
        end = text.find(END, words_from)
    return blocks


def _inflate(block: str, budget: int) -> bytes:
    """The record a block's letters hold, inflated no further than :data:`MAX_RECORD_BYTES` (nor past
    ``budget``, what the text's other hands left); :class:`RecordError` when it is damaged or would
    inflate past that."""
    letters = _NOT_LETTERS.sub("", block)  # line breaks, quoting marks of an e-mail reply
    if len(letters) > MAX_BLOCK:
        raise RecordError("the record block is too long for a hand record")
    limit = min(MAX_RECORD_BYTES, budget)
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(base64.b64decode(letters, validate=True), limit + 1)
    except (binascii.Error, zlib.error):
        raise RecordError("the record block is damaged (a letter changed or missing)") from None
    if len(data) > limit:
        if limit < MAX_RECORD_BYTES:
            raise RecordError(f"the hands of the text together inflate to more than {MAX_TEXT_BYTES:,} bytes")
        raise RecordError(f"the record block inflates to more than a hand record can hold ({limit:,} bytes)")
    if not inflater.eof or inflater.unused_data:
        raise RecordError("the record block is damaged (a letter changed or missing)")
    return data


def _edited(words: str, record: HandRecord) -> bool:
    """Whether the readable lines before a block were edited: some of the lines its record tells are there
    (two at least, so the story was pasted, not left out) but the words at the end of them are not the
    story's, word for word. Quoting marks, line breaks and spacing do not count (an e-mail reply rewraps
    and quotes)."""
    told = [_plain(line) for line in story(record)]
    pasted = [_plain(line) for line in words.splitlines()]
    if len(set(filter(None, told)) & set(pasted)) < 2:
        return False  # the story was left out: only the block was pasted
    told_words = " ".join(told).split()
    pasted_words = " ".join(pasted).split()
    return pasted_words[-len(told_words):] != told_words


def _plain(line: str) -> str:
    """A line as compared: without quoting marks, its spaces collapsed, its symbols in one Unicode form
    (a suit symbol pasted as an emoji is the same suit)."""
    line = unicodedata.normalize("NFKC", line).replace("\ufe0f", "")
    return " ".join(line.lstrip("> \t").split())


# -- the words -------------------------------------------------------------------------------------------


def story(record: HandRecord) -> list[str]:
    """The hand in lines of words: who played, the deal, the auction, exchanges, meld, tricks and result."""
    hand = read_hand(record)
    names = hand.names()
    sides = hand.side_names()
    trump = hand.trump
    title = TITLES.get(hand.variant, hand.variant.replace("_", " ").capitalize())
    deal = shared_deal_number(hand.deal_number, hand.dealer, hand.seats)  # as the table showed it
    lines = [f"{title}: hand {hand.hand_number}, deal {deal}"]
    if len(sides) == 2 and all(len(team) == 2 for team in hand.teams):
        lines.append(f"{sides[0]} against {sides[1]}; {_says(names[hand.dealer], 'deals')}")
    else:
        lines.append(f"{', '.join(names)}; {_says(names[hand.dealer], 'deals')}")
    lines += ["", "The deal"]
    lines += [f"  {names[seat]}: {cards_label(sort_hand(cards, trump))}" for seat, cards in enumerate(hand.deal.hands)]
    if hand.deal.widow:
        lines.append(f"  Widow: {cards_label(hand.deal.widow)}")
    if hand.deal.turnup is not None:
        lines.append(f"  Turned up: {cards_label([hand.deal.turnup])}")
    lines += _auction(hand, names)
    lines += _exchanges(hand, names)
    lines += ["", "Meld"]
    for shown in hand.melds:
        items = ", ".join(f"{m.name} {m.points} ({cards_label(m.cards)})" for m in shown.melds) or "no meld"
        when = f" after trick {shown.trick}" if shown.trick is not None else ""
        lines.append(f"  {names[shown.seat]}{when}: {shown.points}, {items}")
    if hand.tricks:
        lines += ["", "Tricks"]
        for number, trick in enumerate(hand.tricks, 1):
            plays = ", ".join(f"{names[seat]} {cards_label([c])}" for seat, c in trick.plays)
            lines.append(f"  {number}. {plays}; {_says(names[trick.winner], 'takes')} it")
    lines += ["", "Result"]
    lines += [f"  {side}: {words}" for side, words in zip(sides, _side_results(hand), strict=False)]
    outcome = _outcome(hand, names)
    if outcome:
        lines.append(f"  {outcome}")
    return lines


def _says(name: str, verb: str) -> str:
    """The name and the verb agreeing with it: "West wins", "You win" (the app names the player "You")."""
    return f"{name} {YOU_SAY.get(verb, verb) if name == 'You' else verb}"


def _whom(name: str) -> str:
    """The name as a sentence's object: "you" for the player named "You"."""
    return "you" if name == "You" else name


def _auction(hand: HandHistory, names: list[str]) -> list[str]:
    """The bids and who won them, and the trump suit (for a game without an auction: the trump alone)."""
    trump = hand.trump
    trump_line = f"  Trump: {SUIT_NAMES[trump]} {SUIT_SYMBOLS[trump]}" if trump is not None else None
    if not hand.calls:
        return ["", trump_line.strip()] if trump_line else []
    lines = ["", "The auction", "  " + ", ".join(f"{names[call.seat]} {call.bid}" for call in hand.calls)]
    if hand.declarer is not None:
        lines.append(f"  {_says(names[hand.declarer], 'wins')} the bid at {hand.bid}")
    return lines + ([trump_line] if trump_line else [])


def _exchanges(hand: HandHistory, names: list[str]) -> list[str]:
    lines = [f"  {_says(names[p.giver], 'passes')} {cards_label(p.cards)} to {_whom(names[p.receiver])}"
             for p in hand.passes]
    lines += [f"  {_says(names[seat], 'trades')} the dix {cards_label([dix])} for {cards_label([taken])}"
              for seat, dix, taken in hand.dix_exchanges]
    if hand.buried:
        lines.append(f"  The declarer takes the widow and buries {cards_label(hand.buried)}")
    return ["", "Exchanges", *lines] if lines else []


def _side_results(hand: HandHistory) -> Iterable[str]:
    count, scored = hand.count, hand.scored
    for i in range(len(hand.teams)):
        parts = []
        if count is not None:
            parts.append(f"meld {count.meld[i]}" + ("" if count.meld_counted[i] else " (not counted)"))
            parts.append(f"tricks {count.trick_points[i]}")
        if scored is not None:
            parts.append(f"scores {scored.score_delta[i]:+d}")
            parts.append(f"total {scored.scores_after[i]}")
        yield ", ".join(parts)


def _outcome(hand: HandHistory, names: list[str]) -> str:
    who = names[hand.declarer] if hand.declarer is not None else ""
    count = hand.count
    if count is not None and count.how == THROWN_IN and who:
        words = f"{_says(who, 'throws')} in the hand at {hand.bid}"
    elif count is not None and count.went_set and who:
        words = f"{_says(who, 'goes')} set at {hand.bid}"
    elif count is not None and count.made and who:
        words = f"{_says(who, 'makes')} {hand.bid}"
    else:
        words = ""
    scored = hand.scored
    if scored is not None and scored.game_over and scored.winner is not None:
        team = hand.teams[scored.winner]
        won = (f"{' & '.join(names[s] for s in team)} win the game" if len(team) > 1
               else f"{_says(names[team[0]], 'wins')} the game")
        words = f"{words}. {won}" if words else won
    return words
