"""What happened: the state machine answers every action with a list of events.

The GUI turns events into animations and text; hand records and statistics are built from the
same facts. An event is public unless ``private_to`` names the seats that may see its details
(a pass, a bury, a two-handed draw); :func:`visible_to` gives the form a seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Event kinds, in the order they happen in a hand.
DEAL = "deal"                  # dealer, hand_number, deal_number; turnup (turn-up variants)
REDEAL = "redeal"              # seat (who called it, or None when all passed), reason
BID = "bid"                    # seat, amount
PASS = "pass"                  # seat, help
AUCTION_WON = "auction_won"    # seat, bid
WIDOW = "widow"                # seat (declarer), cards
TRUMP = "trump"                # seat, suit
NO_MARRIAGE = "no_marriage"    # seat: the declarer holds no marriage in any suit: the hand is lost
DIX_EXCHANGE = "dix_exchange"  # seat, dix, card (the turned-up card taken)
PASS_CARDS = "pass_cards"      # seat, to, cards (private to the pair)
BURY = "bury"                  # seat, cards (private to the declarer)
MELD = "meld"                  # seat, points, melds [(name, points, cards)], cards (shown)
NOT_ON_BOARD = "not_on_board"  # seat (declarer), meld, bid: goes set without play
THROW_IN = "throw_in"          # seat
PLAY_ON = "play_on"            # seat
PLAY = "play"                  # seat, card, from_table
TRICK = "trick"                # winner, cards [(seat, card)], points, last
DRAW = "draw"                  # seat, card (private to the drawer unless it is the turn-up)
LAY_MELD = "lay_meld"          # seat, name, points, cards, from_table
MELDS_RETURN = "melds_return"  # the stock is gone: laid melds go back to the hands
DECLARE_OUT = "declare_out"    # seat, side, claimed, total, right
HAND_SCORED = "hand_scored"    # the hand record's result fields: trick_points, meld_counted, score_delta ...
GAME_OVER = "game_over"        # winner (side), scores


@dataclass(frozen=True)
class Event:
    kind: str
    seat: int | None = None
    info: dict[str, Any] = field(default_factory=dict)
    private_to: tuple[int, ...] | None = None

    def __getitem__(self, key: str) -> Any:
        return self.info[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.info.get(key, default)


HIDDEN_FIELDS = {"cards", "card"}


def visible_to(event: Event, seat: int) -> Event:
    """The event as ``seat`` may see it: private details removed for seats outside ``private_to``."""
    if event.private_to is None or seat in event.private_to:
        return event
    info = {k: v for k, v in event.info.items() if k not in HIDDEN_FIELDS}
    if "cards" in event.info:
        info["count"] = len(event.info["cards"])
    return Event(event.kind, event.seat, info, event.private_to)
