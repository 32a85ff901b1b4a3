"""The words of try again's verdict: how the new line did against the choice made (net, the one yardstick of
:mod:`pinochle_gui.net_result`) and, read from the two hands' records, what differed between them: the
contract, trump, whether the bid was made, each side's meld and tricks.

>>> first = {"players": ["You", "West", "North", "East"], "humans": [0], "seats": 4, "teams": [[0, 2], [1, 3]],
...          "declarer": 0, "bid": 250, "trump": "H", "how": "played", "went_set": False, "made": True,
...          "meld": [180, 40], "meld_counted": [True, True], "trick_points": [210, 40], "score_delta": [390, 80]}
>>> then = {**first, "trick_points": [170, 80], "score_delta": [350, 120]}
>>> verdict(first, then, 0, "as played")
"Your side's net: +230 on the new line, 80 less than as played"
>>> verdict(first, first, 0, "as played"), verdict(first, first, 0, "the choice made")[-27:]
("Your side's net: +310 on the new line, the same as played", 'the same as the choice made')
>>> what_differed(first, then, 0)
"your side's tricks 210, then 170; the opponents' tricks 40, then 80"
>>> what_differed(first, {**then, "declarer": 1, "bid": 300, "went_set": True, "trump": "S"}, 0)
"the bid: 250 by you, then 300 by West; trump: hearts, then spades; the bid made, then set; your side's \
tricks 210, then 170; the opponents' tricks 40, then 80"
"""

from __future__ import annotations

from engine.cards import SUIT_NAMES
from engine.record import HandRecord, Outcome, record_outcome
from pinochle_gui.net_result import difference_words, net
from pinochle_gui.seat_words import capital, who, whose

#: A contract's end in words, by the record's ``how`` (a hand played: "made" or "set").
ENDS = {"thrown_in": "thrown in", "not_on_board": "set without play", "no_marriage": "lost without a marriage"}


def owner(record: HandRecord, seat: int) -> str:
    """Whose the results are, as a sentence's start says it: "Your side's" (partners), "Your", "West's"."""
    partners = len(next(team for team in record_outcome(record).teams if seat in team)) > 1
    return capital(whose(record, seat)) + (" side's" if partners else "")


def verdict(first: HandRecord, then: HandRecord, seat: int, against: str) -> str:
    """"Your side's net: +10 on the new line, 40 less than as played" (``against``: what ``first`` is called)."""
    was, now = net(first, seat), net(then, seat)
    differs = difference_words(was, now)
    same = f"the same {against}" if against.startswith("as ") else f"the same as {against}"
    return f"{owner(first, seat)} net: {now:+d} on the new line, " + \
        (f"{differs} than {against}" if was != now else same)


def _side_words(record: HandRecord, teams: list[list[int]], side: int, seat: int) -> str:
    """Whose a side's things are, in the middle of a sentence: "your side's", "the opponents'", "West's"."""
    team = teams[side]
    if seat in team:
        return owner(record, seat).lower() if len(team) > 1 else whose(record, seat)
    if len(teams) == 2 and len(team) > 1:
        return "the opponents'"
    return whose(record, team[0])


def _end(outcome: Outcome) -> str:
    count = outcome.counted
    how = count.how if count is not None and count.how else "played"
    return ENDS.get(how, "set" if count is not None and count.went_set else "made")


def _trump(outcome: Outcome) -> str:
    return SUIT_NAMES[outcome.trump] if outcome.trump is not None else "none"


def _side_value(outcome: Outcome, what: str, side: int) -> str:
    """A side's meld ("180", "60 (lost)") or trick points in a scored hand's record."""
    count = outcome.counted
    if count is None:
        return "0"
    found = count.meld if what == "meld" else count.trick_points
    value = f"{found[side]}" if side < len(found) else "0"
    counted = count.meld_counted
    lost = what == "meld" and side < len(counted) and not counted[side]
    return value + (" (lost)" if lost else "")


def what_differed(first: HandRecord, then: HandRecord, seat: int) -> str:
    """What came out otherwise in ``then`` than in ``first`` (two hands of the same deal), ``first``'s first,
    told for ``seat``: the contract, trump, the bid's end, each side's meld and tricks; "" when none did."""
    parts: list[str] = []
    was, now = record_outcome(first), record_outcome(then)
    declarers = was.declarer, now.declarer
    bids = was.bid, now.bid
    if declarers != (None, None) and (declarers[0] != declarers[1] or bids[0] != bids[1]):
        said = [f"{bid} by {who(first, d)}" if isinstance(d, int) else "no contract"
                for d, bid in zip(declarers, bids, strict=True)]
        parts.append(f"the bid: {said[0]}, then {said[1]}")
    if _trump(was) != _trump(now):
        parts.append(f"trump: {_trump(was)}, then {_trump(now)}")
    if None not in declarers and _end(was) != _end(now):
        parts.append(f"the bid {_end(was)}, then {_end(now)}")
    for what in ("meld", "tricks"):
        for side in range(len(was.teams)):
            values = [_side_value(outcome, what, side) for outcome in (was, now)]
            if values[0] != values[1]:
                parts.append(f"{_side_words(first, was.teams, side, seat)} {what} {values[0]}, then {values[1]}")
    return "; ".join(parts)


__all__ = ["ENDS", "owner", "verdict", "what_differed"]
