"""Hand records (docs/records.md) as files: one JSON object per hand, written as JSON Lines.

Our records carry the hand's actions too, so reading one back can replay the hand from its deal
and check every field; a record that does not replay to itself is refused, as is one we cannot
understand. Nothing is guessed. A game builds the record of each hand it finishes
(:mod:`engine.hand_record`, in :attr:`engine.game.Game.hand_records`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple, cast

from engine.actions import Action, Play
from engine.cards import SUIT_LETTERS, Card, CardError, format_cards, parse_card, parse_cards, shown_value
from engine.claim_tricks import claim_plan
from engine.deal import Deal, deal_from_text, is_seed
from engine.events import DeclaredOut as ClaimOfGame
from engine.events import HandCount, HandScored
from engine.game import Game, IllegalAction, Phase
from engine.hand_record import FORMAT
from engine.history import (
    Call,
    Claimed,
    DixExchange,
    Draw,
    HandHistory,
    MeldShown,
    PassCall,
    PassedCards,
    TrickPlayed,
    seat_names,
    side_names,
)
from engine.meld import Meld, MeldKind, meld_rows
from engine.play import card_values, last_trick_bonus
from engine.record_shape import (
    ActionValue,
    CardPass,
    ClaimNote,
    DeclaredOut,
    HandFields,
    HandRecord,
    HandResult,
    LaidMeldValue,
    MeldEntry,
    MeldItemValue,
    SeatBid,
    SeatCard,
    Seating,
    TrickRecord,
)
from engine.rules import Rules, RulesError, Variant, preset_name, rules_from_dict

# The longest record text either reader takes (a line of a records file, a shared block once inflated),
# in characters and in bytes of UTF-8. The largest real record measured is a double-deck hand whose every
# action carries a computer's reason: 12.6 KB (engine.sim, medium computers at every seat); an auction that
# climbs by 1 from 50 to 500 with a 150-character reason per bid would add about 70 KB. A megabyte is twelve
# times that, and still nothing a reader cannot hold.
MAX_LINE = 1_000_000
MAX_DEPTH = 16  # lists and objects inside each other; a record nests 5 deep (record, tricks, trick, plays, play)
MAX_DIGITS = 30  # digits of one number; the largest a record holds is a deal number below 2**63 (19 digits)


class RecordError(ValueError):
    """A hand record that is malformed, from an unknown format, or does not replay to itself."""


def read_json(text: object) -> object:
    """The value of JSON ``text`` from outside the engine (a records file, a shared block): the one place
    such text is parsed. :class:`RecordError` saying why, for anything but text of plain JSON: not text,
    not JSON, NaN or Infinity, a number of more than :data:`MAX_DIGITS` digits, lists and objects nested
    more than :data:`MAX_DEPTH` deep, text that is not Unicode (a lone surrogate). Never a
    ``RecursionError`` or the integer conversion's ``ValueError``. Its length is the caller's to limit: a
    line of a records file, a block, a whole file."""
    if not isinstance(text, str):
        raise RecordError("not text")
    try:
        value = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(f"nested too deeply (a hand record nests {MAX_DEPTH} deep at most)") from None
    except json.JSONDecodeError as err:
        raise RecordError(f"not JSON ({err})") from None
    except ValueError as err:  # a number Python will not convert
        raise RecordError(f"not JSON a hand record can hold ({err})") from None
    _check_nesting(value)
    return value


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"a number of {len(digits.lstrip('-')):,} digits (a hand record's numbers have "
                          f"{MAX_DIGITS} at most)")
    return int(digits)


def _no_constant(name: str) -> object:
    raise RecordError(f"{name} is not a number a hand record holds")


def _check_nesting(value: object) -> None:
    """Refuse lists and objects nested deeper than :data:`MAX_DEPTH`, and text with lone surrogates (looked
    at without recursion, so that nothing reading the value later can run out of stack)."""
    below: list[tuple[object, int]] = [(value, 0)]
    while below:
        item, depth = below.pop()
        if isinstance(item, str):
            if not item.isascii() and any("\ud800" <= ch <= "\udfff" for ch in item):
                raise RecordError("text that is not Unicode (a lone surrogate)")
            continue
        if isinstance(item, dict):
            inner: list[object] = [*item.keys(), *item.values()]
        elif isinstance(item, list):
            inner = item
        else:
            continue
        if depth >= MAX_DEPTH:
            raise RecordError(f"nested too deeply (a hand record nests {MAX_DEPTH} deep at most)")
        below.extend((v, depth + 1) for v in inner)


def write_records(path: str | Path, records: Iterable[HandRecord], append: bool = True) -> None:
    """Write records as JSON Lines (appending by default)."""
    with open(path, "a" if append else "w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, separators=(",", ":")) + "\n")


def read_records(path: str | Path, replay: bool = True) -> list[HandRecord]:
    """Read and check every record of a JSON Lines file; raise :class:`RecordError` at the first bad one."""
    records = []
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        number = 0
        while line := f.readline(MAX_LINE + 2):  # no more of a line than a record may be (and its line end)
            number += 1
            if any("\udc80" <= ch <= "\udcff" for ch in line):
                raise RecordError(f"{path}:{number}: not UTF-8 text")
            if not line.strip():
                continue
            if len(line.rstrip("\r\n")) > MAX_LINE:
                raise RecordError(f"{path}:{number}: line too long for a hand record")
            try:
                records.append(check_record(read_json(line.rstrip("\r\n")), replay=replay))
            except RecordError as err:
                raise RecordError(f"{path}:{number}: {err}") from None
    return records


REQUIRED = ("format", "variant", "rules", "hand_number", "seed", "seats", "teams", "dealer", "deal", "tricks",
            "melds")
# Fields of cards written as one space-separated string, and what a message calls them.
CARD_FIELDS = {"widow": "the widow is", "stock": "the stock is", "buried": "the buried cards are"}


def check_record(record: object, replay: bool = True) -> HandRecord:
    """``record`` as a hand record, once it is one we understand and, with ``replay``, it replays from its
    deal and actions to exactly the same record; else raise :class:`RecordError`."""
    if not isinstance(record, dict):
        raise RecordError("a hand record is a JSON object")
    version = record.get("format")
    if not _whole(version) or version != FORMAT:
        raise RecordError(f"unknown record format {shown_value(version)} (this version reads format {FORMAT})")
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        raise RecordError(f"missing field(s): {', '.join(missing)}")
    seed, hand_number = record["seed"], record["hand_number"]
    if not is_seed(seed) or not _whole(hand_number) or hand_number < 1:
        raise RecordError("seed and hand_number must be whole numbers")
    try:
        rules = rules_from_dict(record["rules"])
    except RulesError as err:
        raise RecordError(f"bad rules: {err}") from None
    if preset_name(rules) != record["variant"]:
        raise RecordError(f"variant {shown_value(record['variant'])} does not match its rules ({preset_name(rules)})")
    if record["seats"] != rules.players or record["teams"] != [list(t) for t in rules.teams]:
        raise RecordError("seats or teams do not match the variant")
    if not _whole(record["dealer"]) or not 0 <= record["dealer"] < rules.players:
        raise RecordError(f"bad dealer {shown_value(record['dealer'])}")
    deal = record["deal"]
    if not isinstance(deal, list) or len(deal) != rules.players:
        raise RecordError("deal must list one hand per seat")
    if not all(isinstance(h, str) for h in deal):
        raise RecordError("bad card in deal: every hand is written as text")
    try:
        hands = [parse_cards(h) for h in deal]
    except CardError as err:
        raise RecordError(f"bad card in deal: {err}") from None
    if any(len(h) != rules.hand_size for h in hands):
        raise RecordError(f"every hand of {record['variant']} is dealt {rules.hand_size} cards")
    _check_cards(record)
    players = record.get("players")
    if "players" in record and not (isinstance(players, list) and len(players) == rules.players
                                    and all(isinstance(p, str) for p in players)):
        raise RecordError(f"players must list one name per seat ({rules.players} names)")
    if "game_id" in record and not isinstance(record["game_id"], str):
        raise RecordError("game_id must be text")
    for key in ("scores_after", "score_delta"):
        if key in record and not (isinstance(record[key], list) and len(record[key]) == len(rules.teams)
                                  and all(_whole(x) for x in record[key])):
            raise RecordError(f"{key} must list a whole number of points per side")
    if "target" in record and not (_whole(record["target"]) and record["target"] >= 0):
        raise RecordError(f"bad target {shown_value(record['target'])}")
    _check_annotations(record, rules)
    for key, fits in SHAPES.items():
        if key in record and not fits(record[key]):
            raise RecordError(f"bad {key}: not written as a hand record writes it")
    checked = cast(HandRecord, record)  # every field of HandRecord present is checked above
    if replay:
        if "actions" not in record:
            raise RecordError("record has no actions to replay (written by another program?)")
        _check_by_replay(checked, rules)
    return checked


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: object) -> bool:
    return isinstance(value, str)


def _yes_no(value: object) -> bool:
    return isinstance(value, bool)


def _seat_or_none(value: object) -> bool:
    return value is None or _whole(value)


def _list_of(fits: Callable[[object], bool]) -> Callable[[object], bool]:
    """A check of a list each of whose items ``fits``."""
    return lambda value: isinstance(value, list) and all(fits(v) for v in value)


def _row(*fits: Callable[[object], bool]) -> Callable[[object], bool]:
    """A check of a list of ``len(fits)`` items, each fitting its own check."""
    return lambda value: isinstance(value, list) and len(value) == len(fits) and all(
        f(v) for f, v in zip(fits, value, strict=True))


def _object(required: dict[str, Callable[[object], bool]],
            optional: dict[str, Callable[[object], bool]] | None = None) -> Callable[[object], bool]:
    """A check of a JSON object with the ``required`` fields and perhaps the ``optional`` ones, each fitting
    (other fields are left alone, as at the top of a record)."""
    fields = {**(optional or {}), **required}
    return lambda value: (isinstance(value, dict) and all(k in value for k in required)
                          and all(fits(value[k]) for k, fits in fields.items() if k in value))


def _bid(value: object) -> bool:
    """A bid in points, or a pass (with help, where the rules let a pass help the partner)."""
    return _whole(value) or value in ("pass", "pass with help")


_seat_card = _row(_whole, _text)
_whole_list = _list_of(_whole)
_laid_meld = _object({"meld": _text, "hand": _text, "table": _whole_list})

#: The shape of each field not checked above, as :class:`HandRecord` types it (where present).
SHAPES: dict[str, Callable[[object], bool]] = {
    "stacked": _yes_no,
    "bids": _list_of(_row(_whole, _bid)),
    "declarer": _seat_or_none,
    "bid": _seat_or_none,
    "dix_exchanges": _list_of(_row(_whole, _text, _text)),
    "passes": _list_of(_object({"from": _whole, "to": _whole, "cards": _text})),
    "melds": _list_of(_object({"seat": _whole, "points": _whole, "items": _list_of(_row(_text, _whole, _text))},
                              {"trick": _whole})),
    "tricks": _list_of(_object({"leader": _whole, "plays": _list_of(_seat_card), "winner": _whole},
                               {"draws": _list_of(_seat_card)})),
    "trick_points": _whole_list,
    "meld": _whole_list,
    "meld_counted": _list_of(_yes_no),
    "went_set": _yes_no,
    "made": lambda value: value is None or _yes_no(value),
    "thrown_in": _yes_no,
    "how": _text,
    "game_over": _yes_no,
    "winner": _seat_or_none,
    "declared_out": _object({"seat": _whole, "total": _whole, "right": _yes_no}),
    "actions": _list_of(lambda value: _text(value) or _laid_meld(value)),
}


def _check_cards(record: dict[str, object]) -> None:
    """The fields that are cards (where present) are cards, each in the notation of docs/rules.md."""
    for key, what in CARD_FIELDS.items():
        if key in record:
            cards = record[key]
            if not isinstance(cards, str):
                raise RecordError(f"{what} not a list of cards written as text")
            try:
                parse_cards(cards)
            except CardError as err:
                raise RecordError(f"bad card in the {key}: {err}") from None
    turnup = record.get("turnup")
    if turnup is not None:
        if not isinstance(turnup, str):
            raise RecordError(f"bad turned-up card: not a card: {shown_value(turnup)}")
        try:
            parse_card(turnup)
        except CardError as err:
            raise RecordError(f"bad turned-up card: {err}") from None
    trump = record.get("trump")
    if trump is not None and not (isinstance(trump, str) and len(trump) == 1 and trump in SUIT_LETTERS):
        raise RecordError(f"bad trump {shown_value(trump)} (a suit letter, one of {', '.join(SUIT_LETTERS)})")


#: Fields the replay cannot know, written beside the hand (checked by :func:`_check_annotations`).
ANNOTATIONS = ("reasons", "humans", "claim")
MAX_REASON = 2000  # characters of one computer's reason


def _check_annotations(record: dict[str, object], rules: Rules) -> None:
    """``reasons``: ``[[action_index, "words"], ...]``, indexes rising and within the actions;
    ``humans``: the seats a person played, each once; ``claim``: ``{"seat": s, "action": i}``, a seat that
    claimed the remaining tricks and the first action the claim played."""
    if "reasons" in record:
        reasons, actions = record["reasons"], record.get("actions")
        if not isinstance(reasons, list) or not all(
                isinstance(r, list) and len(r) == 2 and _whole(r[0]) and isinstance(r[1], str) for r in reasons):
            raise RecordError("reasons must list [action index, reason in words] pairs")
        indexes = [r[0] for r in reasons]
        if indexes != sorted(set(indexes)) or (indexes and indexes[0] < 0):
            raise RecordError("the reasons' action indexes must rise, each once")
        if isinstance(actions, list) and indexes and indexes[-1] >= len(actions):
            raise RecordError(f"a reason for action {indexes[-1]}, but the hand has {len(actions)} actions")
        if any(len(r[1]) > MAX_REASON for r in reasons):
            raise RecordError("a reason is too long")
    if "humans" in record:
        humans = record["humans"]
        if not (isinstance(humans, list) and all(_whole(s) and 0 <= s < rules.players for s in humans)
                and len(set(humans)) == len(humans)):
            raise RecordError(f"humans must list seats (0 to {rules.players - 1}), each once")
    if "claim" in record:
        claim, actions = record["claim"], record.get("actions")
        count = len(actions) if isinstance(actions, list) else None
        if not (isinstance(claim, dict) and set(claim) == {"seat", "action"} and _whole(claim["seat"])
                and 0 <= claim["seat"] < rules.players and _whole(claim["action"]) and claim["action"] >= 0
                and (count is None or claim["action"] < count)):
            raise RecordError("claim must name the claiming seat and the action within the hand the claim began at")


def read_hand(record: HandRecord) -> HandHistory:
    """The typed history of the hand of ``record``, checked by :func:`check_record` (with or without replay):
    where a record's shapes (:mod:`engine.record_shape`) are read, so that no other module reads them. What a
    record from another program lacks is empty (``players``, ``actions``) or ``None`` (``scored``)."""
    rules = rules_from_dict(record["rules"])
    deal = Deal(record["dealer"], record["seed"], [parse_cards(h) for h in record["deal"]],
                parse_cards(record.get("widow", "")), parse_cards(record.get("stock", "")),
                parse_card(record["turnup"]) if record.get("turnup") is not None else None)
    trump = record.get("trump")
    claim = record.get("claim")
    return HandHistory(
        rules=rules, game_id=record.get("game_id", ""), hand_number=record["hand_number"], deal=deal,
        stacked=record.get("stacked") is True, players=tuple(record.get("players", ())),
        calls=tuple(Call(int(seat), bid if isinstance(bid, int) else PassCall(bid))
                    for seat, bid in record.get("bids", [])),
        declarer=record.get("declarer"), bid=record.get("bid"),
        trump=SUIT_LETTERS.index(trump) if trump is not None else None,
        dix_exchanges=tuple(DixExchange(int(seat), parse_card(str(dix)), parse_card(str(taken)))
                            for seat, dix, taken in record.get("dix_exchanges", [])),
        passes=tuple(PassedCards(p["from"], p["to"], tuple(parse_cards(p["cards"]))) for p in record.get("passes", [])),
        buried=tuple(parse_cards(record.get("buried", ""))),
        melds=tuple(_meld_shown(entry, rules) for entry in record["melds"]),
        tricks=_tricks_played(record["tricks"], deal, rules),
        scored=_scored(record, rules), actions=tuple(record.get("actions", [])), reasons=record_reasons(record),
        humans=tuple(record.get("humans", ())), claim=Claimed(claim["seat"], claim["action"]) if claim else None)


def _meld_shown(entry: MeldEntry, rules: Rules) -> MeldShown:
    """A meld entry, each meld in the class its name has in the meld table of ``rules`` (a name the table lacks,
    the two-handed roundhouse, in :attr:`MeldKind.ROUNDHOUSE`). The record does not say which royal marriage
    borrowed a run's card (``run_extra_marriage``): such a marriage shows its own king and queen."""
    kinds = {name: row.kind for row in meld_rows(rules) for name in row.names}
    melds = tuple(Meld(str(name), int(points), tuple(parse_cards(str(text))), kinds.get(str(name), MeldKind.ROUNDHOUSE))
                  for name, points, text in entry["items"])
    return MeldShown(entry["seat"], entry["points"], melds, entry.get("trick"))


def _tricks_played(tricks: list[TrickRecord], deal: Deal, rules: Rules) -> tuple[TrickPlayed, ...]:
    """The record's tricks, each counted as the game counted it: its cards, and the last trick of the hand's
    cards (the deal's hands and stock, less a widow buried) its bonus."""
    values, bonus = card_values(rules), last_trick_bonus(rules)
    last = (sum(len(h) for h in deal.hands) + len(deal.stock)) // rules.players - 1
    played = []
    for n, t in enumerate(tricks):
        plays = tuple((int(seat), parse_card(str(c))) for seat, c in t["plays"])
        points = sum(values[c] for _s, c in plays) + (bonus if n == last else 0)
        draws = tuple(Draw(int(seat), parse_card(str(c))) for seat, c in t.get("draws", []))
        played.append(TrickPlayed(t["leader"], plays, t["winner"], points, draws))
    return tuple(played)


def _scored(record: HandRecord, rules: Rules) -> HandScored | None:
    """How the hand counted, as the record's result says (``None`` if it does not say it whole)."""
    try:
        claim = record.get("declared_out")
        if claim is not None:
            ended: HandCount | ClaimOfGame = ClaimOfGame(claim["seat"], rules.team_of(claim["seat"]), claim["total"],
                                                         claim["right"])
        else:
            ended = HandCount(record["how"], tuple(record["trick_points"]), tuple(record["meld"]),
                              tuple(record["meld_counted"]), record["went_set"], record["made"], record["bid"])
        return HandScored(record.get("declarer"), ended, tuple(record["score_delta"]), tuple(record["scores_after"]),
                          record["game_over"], record["winner"], record["target"])
    except KeyError:  # another program's record, without the whole result
        return None


def record_names(record: Seating) -> list[str]:
    """The names a record gives its seats: its players', or "Seat 1", "Seat 2" ... when it names none."""
    players = record.get("players")
    return seat_names(players if isinstance(players, list) else (), record["seats"])


def record_sides(record: HandRecord) -> list[str]:
    """Each side's seats' names in a record, as "South & North"."""
    return side_names(record_names(record), record["teams"])


class ScoreChange(NamedTuple):
    """A hand's change of the scores: each side's seats, and its score change, in the order of ``teams``."""

    teams: list[list[int]]
    delta: list[int]


def record_score_change(record: HandRecord) -> ScoreChange:
    """The sides and score changes of a record, read without the rest of it (the duplicate score's yardstick);
    :class:`RecordError` for a record that does not say them."""
    if "teams" not in record or "score_delta" not in record:
        raise RecordError("the record does not say how the hand scored")
    return ScoreChange([list(t) for t in record["teams"]], [int(d) for d in record["score_delta"]])


class Outcome(NamedTuple):
    """How a hand came out, read without the rest of its record: each side's seats, the contract, trump, and
    how the hand counted (``None``: a seat declared out, or the record does not say)."""

    teams: list[list[int]]
    declarer: int | None
    bid: int | None
    trump: int | None
    counted: HandCount | None


def record_outcome(record: HandRecord) -> Outcome:
    """The outcome of a record (try again's comparison of two lines); :class:`RecordError` for a record that
    does not say its sides."""
    if "teams" not in record:
        raise RecordError("the record does not say its sides")
    trump = record.get("trump")
    try:
        count: HandCount | None = HandCount(
            str(record["how"]), tuple(record["trick_points"]), tuple(record["meld"]), tuple(record["meld_counted"]),
            bool(record["went_set"]), record["made"], record.get("bid"))
    except KeyError:  # declared out, or another program's record without the whole result
        count = None
    return Outcome([list(t) for t in record["teams"]], record.get("declarer"), record.get("bid"),
                   SUIT_LETTERS.index(trump) if isinstance(trump, str) and trump else None, count)


def record_rules(record: HandRecord) -> Rules:
    """The rules of a checked record."""
    return rules_from_dict(record["rules"])


def record_seed(record: HandRecord) -> int:
    """The seed of a checked record's deal (of its game's first deal, the game's seed)."""
    return record["seed"]


def record_variant(record: HandRecord) -> Variant:
    """The preset a checked record's rules are (:func:`engine.rules.preset_name`)."""
    return record["variant"]


def record_hand_number(record: HandRecord) -> int:
    """The number of a checked record's hand in its game (from 1)."""
    return record["hand_number"]


def hand_number_said(record: object) -> int:
    """The hand's number as a record that may not check says it (0 where it does not say)."""
    number = record.get("hand_number") if isinstance(record, dict) else None
    return number if isinstance(number, int) else 0


def record_game_id(record: HandRecord) -> str | None:
    """The game a record's hand belongs to (``None`` where a foreign record does not say)."""
    return record.get("game_id")


#: What tells one hand from another: its game, its number, its deal's seed and its actions.
HandId = tuple[object, ...]


def hand_id(record: HandRecord) -> HandId:
    """The hand of ``record`` (a deal played again is another hand); read leniently, so a record that does not
    check still has one."""
    return record.get("game_id"), record.get("hand_number"), record.get("seed"), str(record.get("actions"))


def record_humans(record: HandRecord) -> tuple[int, ...]:
    """The seats a person played in a checked record (none in records without them)."""
    return tuple(record.get("humans", ()))


def record_reasons(record: HandRecord) -> dict[int, str]:
    """The computers' reasons of a checked record, by action index (none in records without them)."""
    return {int(index): str(text) for index, text in record.get("reasons", [])}


def game_at_deal(record: HandRecord, rules: Rules | None = None) -> Game:
    """A game at the start of the record's hand, its cards dealt (``record`` checked by :func:`check_record`
    without replay; ``rules``: its rules, when read already); :func:`_check_by_replay` and the hand review
    (:mod:`engine.review`) replay from it."""
    if rules is None:
        rules = record_rules(record)
    after, delta = record.get("scores_after") or [], record.get("score_delta") or []
    before = [a - d for a, d in zip(after, delta, strict=True)] if len(after) == len(delta) else []
    if record.get("stacked") is True:
        try:
            deal = deal_from_text(rules, record["dealer"], record["seed"], record["deal"], record.get("widow", ""),
                                  record.get("stock", ""), record.get("turnup"))
        except ValueError as err:
            raise RecordError(f"bad stacked deal: {err}") from None
        game = Game.for_deal(rules, deal, scores=before or None, target=record.get("target"),
                             hand_number=record["hand_number"])
    else:
        game = Game.for_hand(rules, dealer=record["dealer"], deal_number=record["seed"],
                             hand_number=record["hand_number"], scores=before or None, target=record.get("target"))
    game.game_id = record.get("game_id", "")
    game.players = list(record.get("players", game.players))
    if [format_cards(h) for h in game.hand.deal.hands] != record["deal"]:
        raise RecordError("the deal does not come from its deal number (seed)")
    return game


class ClaimedRest:
    """A record's claim of the remaining tricks, checked as the record replays: when it was made the claiming
    seat was on lead in the play, the trick empty, and :func:`engine.claim_tricks.claim_plan` found every
    remaining trick certain; after it come only plays, the claimer's in the plan's order; and every trick
    from then on went to the claimer's side. A forged claim would hide every later decision from the review
    and the analysis, so one that is not all of these is refused."""

    def __init__(self, seat: int, index: int, plan: list[Card], tricks_before: int) -> None:
        self.seat, self.index, self.tricks_before = seat, index, tricks_before
        self.plan = list(plan)

    @classmethod
    def at(cls, game: Game, seat: int, index: int) -> ClaimedRest:
        """The claim by ``seat`` at the record's action ``index``, ``game`` replayed to just before it."""
        where = f"the claim at action {index}"
        if game.phase != Phase.PLAY:
            phase = game.phase.value.replace("_", " ")
            raise RecordError(f"{where} was made in the {phase}, not in the play of the tricks")
        if game.hand.trick:
            raise RecordError(f"{where} was made in the middle of a trick (a claim is made on lead)")
        if game.to_act != seat:
            raise RecordError(f"{where} names seat {seat}, but seat {game.to_act} was on lead")
        plan = claim_plan(game, seat)
        if plan is None:
            raise RecordError(f"{where}: seat {seat} was not certain to take every remaining trick")
        return cls(seat, index, plan, len(game.hand.tricks))

    def follow(self, game: Game, action: Action) -> None:
        """One action after the claim, ``game`` replayed to just before it: a play, and the claimer's the
        next card of its plan."""
        if not isinstance(action, Play):
            raise RecordError(f"the claim at action {self.index} is followed by {action}, not only plays")
        if game.to_act == self.seat:
            if not self.plan or action.card != self.plan[0]:
                raise RecordError(f"the claim at action {self.index}: seat {self.seat} plays {action.card} "
                                  "out of the order its claim leads its cards in")
            self.plan.pop(0)

    def check_tricks(self, tricks: list[TrickRecord], rules: Rules) -> None:
        """Every trick after the claim went to the claimer's side."""
        side = rules.team_of(self.seat)
        lost = [n for n, t in enumerate(tricks[self.tricks_before:], self.tricks_before + 1)
                if rules.team_of(t["winner"]) != side]
        if lost:
            raise RecordError(f"the claim at action {self.index} did not take every remaining trick "
                              f"(trick {lost[0]} went to seat {tricks[lost[0] - 1]['winner']})")


def _check_by_replay(record: HandRecord, rules: Rules) -> None:
    game = game_at_deal(record, rules)
    claim = record.get("claim")
    claimed: ClaimedRest | None = None
    try:
        for index, value in enumerate(record["actions"]):
            if game.hand_records:
                raise RecordError("actions go on after the hand ended")
            if claim is not None and index == claim["action"]:
                claimed = ClaimedRest.at(game, claim["seat"], index)
            action = game.action_from_json(value)
            if claimed is not None:
                claimed.follow(game, action)
            game.apply(action)
    except (IllegalAction, ValueError) as err:
        if isinstance(err, RecordError):
            raise
        raise RecordError(f"the actions do not replay: {err}") from None
    if not game.hand_records:
        raise RecordError("the actions do not finish the hand")
    replayed = game.hand_records[0]
    if claimed is not None:
        claimed.check_tricks(replayed["tricks"], rules)
    differences = sorted(k for k in set(record) | set(replayed)
                         if k not in ANNOTATIONS and record.get(k) != replayed.get(k))
    if differences:
        raise RecordError(f"the record does not match its replay in: {', '.join(differences)}")


# The record's shapes (engine.record_shape) are read from here too, beside the check that vouches for them.
__all__ = [
    "ANNOTATIONS",
    "ActionValue",
    "CARD_FIELDS",
    "CardPass",
    "ClaimNote",
    "DeclaredOut",
    "FORMAT",
    "HandFields",
    "HandId",
    "HandRecord",
    "HandResult",
    "LaidMeldValue",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_LINE",
    "MAX_REASON",
    "MeldEntry",
    "MeldItemValue",
    "REQUIRED",
    "RecordError",
    "SeatBid",
    "SeatCard",
    "TrickRecord",
    "check_record",
    "game_at_deal",
    "hand_id",
    "hand_number_said",
    "read_hand",
    "read_json",
    "read_records",
    "Outcome",
    "ScoreChange",
    "record_game_id",
    "record_hand_number",
    "record_humans",
    "record_outcome",
    "record_score_change",
    "record_names",
    "record_sides",
    "record_variant",
    "record_reasons",
    "record_rules",
    "record_seed",
    "write_records",
]
