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
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import textwrap
import zlib
from collections.abc import Iterable, Sequence

from engine.cards import SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS, CardError, cards_label, parse_cards, sort_hand
from engine.deal import shared_deal_number
from engine.record import HandRecord, RecordError, check_record
from engine.review import YOU_SAY
from engine.rules_help import TITLES

BEGIN = "-----BEGIN PINOCHLE HAND RECORD-----"
END = "-----END PINOCHLE HAND RECORD-----"
LINE = 64  # letters per line of the record block
MAX_BLOCK = 2_000_000  # letters; a hand record is a few thousand: refuse anything absurd before decoding
_BLOCK = re.compile(re.escape(BEGIN) + r"(.*?)" + re.escape(END), re.DOTALL)
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
    is false); :class:`RecordError` saying why if there is none or one is damaged. The words around the
    blocks are not read: the block is the record."""
    blocks = _BLOCK.findall(text)
    if not blocks:
        raise RecordError("no hand record block in the text (the lines between the BEGIN and END lines)")
    records = []
    for number, block in enumerate(blocks, 1):
        letters = _NOT_LETTERS.sub("", block)  # line breaks, quoting marks of an e-mail reply
        if len(letters) > MAX_BLOCK:
            raise RecordError(f"hand {number}: the record block is too long for a hand record")
        try:
            data = zlib.decompress(base64.b64decode(letters, validate=True))
            record = json.loads(data.decode("utf-8"))
        except (binascii.Error, zlib.error, UnicodeDecodeError, json.JSONDecodeError):
            raise RecordError(f"hand {number}: the record block is damaged (a letter changed or missing)") from None
        try:
            records.append(check_record(record, replay=replay))
        except RecordError as err:
            raise RecordError(f"hand {number}: {err}") from None
    return records


# -- the words -------------------------------------------------------------------------------------------


def story(record: HandRecord) -> list[str]:
    """The hand in lines of words: who played, the deal, the auction, exchanges, meld, tricks and result."""
    names = _names(record)
    sides = [" & ".join(names[s] for s in team) for team in record["teams"]]
    trump = _trump(record)
    title = TITLES.get(record["variant"], str(record["variant"]).replace("_", " ").capitalize())
    deal = shared_deal_number(record["seed"], record["dealer"], record["seats"])  # as the table showed it
    lines = [f"{title}: hand {record['hand_number']}, deal {deal}"]
    if len(sides) == 2 and all(len(team) == 2 for team in record["teams"]):
        lines.append(f"{sides[0]} against {sides[1]}; {_says(names[record['dealer']], 'deals')}")
    else:
        lines.append(f"{', '.join(names)}; {_says(names[record['dealer']], 'deals')}")
    lines += ["", "The deal"]
    lines += [f"  {names[seat]}: {_hand(hand, trump)}" for seat, hand in enumerate(record["deal"])]
    if record.get("widow"):
        lines.append(f"  Widow: {_cards(record['widow'])}")
    if record.get("turnup"):
        lines.append(f"  Turned up: {_cards(record['turnup'])}")
    lines += _auction(record, names, trump)
    lines += _exchanges(record, names)
    lines += ["", "Meld"]
    for entry in record["melds"]:
        items = ", ".join(f"{item[0]} {item[1]} ({_cards(item[2])})" if len(item) > 2 else f"{item[0]} {item[1]}"
                          for item in entry.get("items", [])) or "no meld"
        when = f" after trick {entry['trick']}" if "trick" in entry else ""
        lines.append(f"  {names[entry['seat']]}{when}: {entry.get('points', 0)}, {items}")
    if record["tricks"]:
        lines += ["", "Tricks"]
        for number, trick in enumerate(record["tricks"], 1):
            plays = ", ".join(f"{names[int(seat)]} {_cards(str(card))}" for seat, card in trick["plays"])
            lines.append(f"  {number}. {plays}; {_says(names[trick['winner']], 'takes')} it")
    lines += ["", "Result"]
    lines += [f"  {side}: {words}" for side, words in zip(sides, _side_results(record), strict=False)]
    outcome = _outcome(record, names)
    if outcome:
        lines.append(f"  {outcome}")
    return lines


def _says(name: str, verb: str) -> str:
    """The name and the verb agreeing with it: "West wins", "You win" (the app names the player "You")."""
    return f"{name} {YOU_SAY.get(verb, verb) if name == 'You' else verb}"


def _whom(name: str) -> str:
    """The name as a sentence's object: "you" for the player named "You"."""
    return "you" if name == "You" else name


def _names(record: HandRecord) -> list[str]:
    players = record.get("players")
    if isinstance(players, list) and len(players) == record["seats"]:
        return [str(p) for p in players]
    return [f"Seat {seat + 1}" for seat in range(record["seats"])]


def _trump(record: HandRecord) -> int | None:
    letter = record.get("trump")
    return SUIT_LETTERS.index(letter) if isinstance(letter, str) and letter in SUIT_LETTERS else None


def _cards(text: object) -> str:
    """Cards as the player reads them (``10♠ K♥``); text that is no cards is shown as it is."""
    try:
        cards = parse_cards(str(text))
    except CardError:
        return str(text)
    return cards_label(cards)


def _hand(text: str, trump: int | None) -> str:
    """A dealt hand sorted by suit (trumps first) and high to low, as the player holds it."""
    try:
        return cards_label(sort_hand(parse_cards(text), trump))
    except CardError:
        return text


def _auction(record: HandRecord, names: list[str], trump: int | None) -> list[str]:
    """The bids and who won them, and the trump suit (for a game without an auction: the trump alone)."""
    trump_line = f"  Trump: {SUIT_NAMES[trump]} {SUIT_SYMBOLS[trump]}" if trump is not None else None
    if not record.get("bids"):
        return ["", trump_line.strip()] if trump_line else []
    lines = ["", "The auction", "  " + ", ".join(f"{names[int(seat)]} {bid}" for seat, bid in record["bids"])]
    declarer = record.get("declarer")
    if isinstance(declarer, int):
        lines.append(f"  {_says(names[declarer], 'wins')} the bid at {record['bid']}")
    return lines + ([trump_line] if trump_line else [])


def _exchanges(record: HandRecord, names: list[str]) -> list[str]:
    lines = [f"  {_says(names[p['from']], 'passes')} {_cards(p['cards'])} to {_whom(names[p['to']])}"
             for p in record.get("passes", [])]
    lines += [f"  {_says(names[int(seat)], 'trades')} the dix {_cards(str(dix))} for {_cards(str(taken))}"
              for seat, dix, taken in record.get("dix_exchanges", [])]
    if record.get("buried"):
        lines.append(f"  The declarer takes the widow and buries {_cards(record['buried'])}")
    return ["", "Exchanges", *lines] if lines else []


def _side_results(record: HandRecord) -> Iterable[str]:
    meld, counted, tricks = record.get("meld", []), record.get("meld_counted", []), record.get("trick_points", [])
    deltas, after = record.get("score_delta", []), record.get("scores_after", [])
    for i in range(len(record["teams"])):
        parts = []
        if i < len(meld):
            parts.append(f"meld {meld[i]}" + (" (not counted)" if i < len(counted) and not counted[i] else ""))
        if i < len(tricks):
            parts.append(f"tricks {tricks[i]}")
        if i < len(deltas):
            parts.append(f"scores {deltas[i]:+d}")
        if i < len(after):
            parts.append(f"total {after[i]}")
        yield ", ".join(parts)


def _outcome(record: HandRecord, names: list[str]) -> str:
    declarer = record.get("declarer")
    who = names[declarer] if isinstance(declarer, int) else ""
    if record.get("thrown_in") and who:
        words = f"{_says(who, 'throws')} in the hand at {record.get('bid')}"
    elif record.get("went_set") and who:
        words = f"{_says(who, 'goes')} set at {record.get('bid')}"
    elif record.get("made") and who:
        words = f"{_says(who, 'makes')} {record.get('bid')}"
    else:
        words = ""
    winner = record.get("winner")
    if record.get("game_over") and isinstance(winner, int):
        team = record["teams"][winner]
        won = (f"{' & '.join(names[s] for s in team)} win the game" if len(team) > 1
               else f"{_says(names[team[0]], 'wins')} the game")
        words = f"{words}. {won}" if words else won
    return words
