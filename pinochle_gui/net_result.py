"""The one yardstick of every comparison the coach's screens show: a hand's *net* result for a seat's side,
its score change less the opponents' (three-handed, less the average of the other two), as the duplicate
challenge scores a deal (:func:`engine.challenge.duplicate_score`) and as the analysis values a choice.

>>> record = {"teams": [[0, 2], [1, 3]], "score_delta": [480, 390], "players": ["You", "W", "N", "E"],
...           "humans": [0], "seats": 4}
>>> net(record, 0), net_words(record, 0), net(record, 1)
(90, '+90 (your side +480, the opponents +390)', -90)
>>> two = {"teams": [[0], [1]], "score_delta": [250, 180], "players": ["You", "East"], "humans": [0], "seats": 2}
>>> net_words(two, 0), net_words(two, 1)
('+70 (you +250, the opponents +180)', '-70 (East +180, the opponents +250)')
>>> difference_words(90, 80), difference_words(90, 90)
('10 less', 'the same')
"""

from __future__ import annotations

from engine.challenge import duplicate_score, side_of
from engine.record import HandRecord, record_score_change
from pinochle_gui.seat_words import who, whose


def net(record: HandRecord, seat: int) -> int:
    """The hand's net result for ``seat``'s side."""
    return duplicate_score(record, seat)


def net_words(record: HandRecord, seat: int) -> str:
    """"+90 (your side +480, the opponents +390)": the net result and the two scores it comes from."""
    teams, deltas = record_score_change(record)
    side = side_of(teams, seat)
    others = [d for i, d in enumerate(deltas) if i != side]
    theirs = f"the opponents {others[0]:+d}" if len(others) == 1 else \
        f"the others {', '.join(f'{d:+d}' for d in others)}, on average {sum(others) / len(others):+.0f}"
    team = teams[side]
    owner = f"{whose(record, seat)} side" if len(team) > 1 else who(record, seat)  # a side only of partners
    return f"{net(record, seat):+d} ({owner} {deltas[side]:+d}, {theirs})"


def difference_words(first: int, then: int) -> str:
    """How ``then`` compares with ``first``: "10 more", "10 less", "the same"."""
    if then == first:
        return "the same"
    return f"{abs(then - first)} {'more' if then > first else 'less'}"


__all__ = ["difference_words", "net", "net_words"]
