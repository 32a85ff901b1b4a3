"""Who a seat of a hand record is, in the words the coach's screens use: "you" for the player only, the
hard computer as such, every other seat by its name.

The player is the seat a person played (the record's ``humans``); a record without one (a demo's) counts
the seat the app names "You" as the player's, unless the hard computer sits in the record. A hand played
with the hard computer in the player's seat names that seat :data:`HARD_COMPUTER` (:func:`with_hard_computer`).

>>> record = {"players": ["You", "West", "North", "East"], "humans": [0], "seats": 4}
>>> whose(record, 0), whose(record, 2), who(record, 0), capital(whose(record, 1))
('your', "North's", 'you', "West's")
>>> hard = with_hard_computer(record, 0)
>>> player_seat(hard), whose(hard, 0), capital(who(hard, 0)), hard["players"][1]
(None, "the hard computer's", 'The hard computer', 'West')
"""

from __future__ import annotations

from engine.ai.analysis.hand import player_seat
from engine.ai.analysis.words import HARD_COMPUTER, PLAYER_NAME, capital, possessive, seat_word
from engine.record import HandRecord
from engine.review import seat_names


def who(record: HandRecord, seat: int) -> str:
    """"you", "the hard computer" or the seat's name."""
    return seat_word(seat_names(record), seat, player_seat(record))


def whose(record: HandRecord, seat: int) -> str:
    """"your", "the hard computer's" or "North's"."""
    return possessive(who(record, seat))


def with_hard_computer(record: HandRecord, seat: int) -> HandRecord:
    """``record`` (a hand the hard computer played in ``seat``) with that seat named as the hard computer
    and no seat counted as a person's."""
    names = list(seat_names(record))
    names[seat] = HARD_COMPUTER
    renamed: HandRecord = {**record, "players": names}
    renamed.pop("humans", None)
    return renamed


__all__ = ["HARD_COMPUTER", "PLAYER_NAME", "capital", "player_seat", "who", "whose", "with_hard_computer"]
