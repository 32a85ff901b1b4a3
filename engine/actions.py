"""What a player can do: every decision the state machine offers is one of these actions.

Actions are small immutable values; equal actions compare equal, so a GUI or a test can build one
and hand it to :meth:`engine.game.Game.apply`, and :meth:`~engine.game.Game.legal_actions` lists
exactly the ones allowed now. Each has a short text form used in logs, saves and the command line:

>>> str(Bid(260)), str(Pass(help=True)), str(Play(parse_card("TH")))
('bid 260', 'pass with help', 'play TH')
>>> action_from_text("pass cards AS 9H JD QS")
PassCards(cards=(Card('AS'), Card('9H'), Card('JD'), Card('QS')))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import (
    CARDS,
    SUIT_NAMES,
    Card,
    CardError,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
    shown_value,
)
from engine.table_meld import MeldPlay


@dataclass(frozen=True)
class Bid:
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class Pass:
    """Leave the auction for this hand ("pass with help" tells partner of a good hand)."""

    help: bool = False

    def __str__(self) -> str:
        return "pass with help" if self.help else "pass"


@dataclass(frozen=True)
class CallRedeal:
    """Five or more nines and no aces: ask for a new deal (``call=False`` keeps the hand)."""

    call: bool

    def __str__(self) -> str:
        return "redeal" if self.call else "keep hand"


@dataclass(frozen=True)
class NameTrump:
    suit: int

    def __str__(self) -> str:
        return f"trump {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True)
class ExchangeDix:
    """Four-handed turn-up: swap the nine of trumps for the turned-up card, or decline."""

    take: bool

    def __str__(self) -> str:
        return "exchange dix" if self.take else "keep dix"


@dataclass(frozen=True)
class PassCards:
    """Cards passed to partner (the declarer's partner first, then the declarer back)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"pass cards {format_cards(self.cards)}"


@dataclass(frozen=True)
class Bury:
    """Three-handed: the declarer's cards laid aside after taking the widow."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"bury {format_cards(self.cards)}"


@dataclass(frozen=True)
class ThrowIn:
    """The declarer concedes before play: loses the bid, the opponents score their meld."""

    def __str__(self) -> str:
        return "throw in"


@dataclass(frozen=True)
class PlayOn:
    """The declarer plays the hand out."""

    def __str__(self) -> str:
        return "play on"


@dataclass(frozen=True)
class Play:
    """A card to the trick; ``from_table``: two-handed, a card of one's laid meld."""

    card: Card
    from_table: bool = False

    def __str__(self) -> str:
        return f"play {self.card}{' from table' if self.from_table else ''}"


@dataclass(frozen=True)
class LayMeld:
    """Two-handed: after winning a trick, lay one meld face up and score it at once."""

    play: MeldPlay

    def __str__(self) -> str:
        table = f" + table {' '.join(map(str, self.play.from_table))}" if self.play.from_table else ""
        return f"meld {self.play.meld.name} {format_cards(self.play.from_hand)}{table}"


@dataclass(frozen=True)
class NoMeld:
    def __str__(self) -> str:
        return "no meld"


@dataclass(frozen=True)
class DrawChoice:
    """Two-handed: with one face-down card and the trump card left, the trick winner picks."""

    take_trump: bool

    def __str__(self) -> str:
        return "take trump card" if self.take_trump else "take face-down card"


@dataclass(frozen=True)
class DeclareOut:
    """Claim the game: right wins it, wrong loses it."""

    def __str__(self) -> str:
        return "declare out"


Action = (Bid | Pass | CallRedeal | NameTrump | ExchangeDix | PassCards | Bury | ThrowIn | PlayOn | Play | LayMeld
          | NoMeld | DrawChoice | DeclareOut)

# The actions a playout creates most often, made once.
BIDS: dict[int, Bid] = {}
PLAYS = tuple(Play(c) for c in CARDS)
PLAYS_FROM_TABLE = tuple(Play(c, from_table=True) for c in CARDS)


def bid(amount: int) -> Bid:
    """The (shared) action for a bid of ``amount``."""
    action = BIDS.get(amount)
    if action is None:
        action = BIDS[amount] = Bid(amount)
    return action


def action_from_text(text: str) -> Action:
    """The inverse of ``str(action)`` for every action but :class:`LayMeld` (which needs the table);
    ``ValueError`` for anything else."""
    if not isinstance(text, str):
        raise ValueError(f"not an action: {shown_value(text)} (an action is written as text, e.g. 'play TH')")
    words = text.strip().lower().split()
    try:
        match words:
            case ["bid", amount]:
                return Bid(int(amount))
            case ["pass"]:
                return Pass()
            case ["pass", "with", "help"]:
                return Pass(help=True)
            case ["redeal"]:
                return CallRedeal(True)
            case ["keep", "hand"]:
                return CallRedeal(False)
            case ["trump", suit]:
                return NameTrump(parse_suit(suit))
            case ["exchange", "dix"]:
                return ExchangeDix(True)
            case ["keep", "dix"]:
                return ExchangeDix(False)
            case ["pass", "cards", *cards]:
                return PassCards(tuple(parse_cards(cards)))
            case ["bury", *cards]:
                return Bury(tuple(parse_cards(cards)))
            case ["throw", "in"]:
                return ThrowIn()
            case ["play", "on"]:
                return PlayOn()
            case ["play", card]:
                return PLAYS[parse_card(card)]
            case ["play", card, "from", "table"]:
                return PLAYS_FROM_TABLE[parse_card(card)]
            case ["no", "meld"]:
                return NoMeld()
            case ["take", "trump", "card"]:
                return DrawChoice(True)
            case ["take", "face-down", "card"]:
                return DrawChoice(False)
            case ["declare", "out"]:
                return DeclareOut()
    except (ValueError, CardError) as err:
        raise ValueError(f"not an action: {text!r} ({err})") from None
    raise ValueError(f"not an action: {text!r}")


def action_to_json(action: Action) -> Any:
    """A JSON value for an action: its text, or for a two-handed meld the text and its table slots."""
    if isinstance(action, LayMeld):
        play = action.play
        return {"meld": play.meld.name, "hand": format_cards(play.from_hand), "table": list(play.from_table)}
    return str(action)


__all__ = [
    "Action", "Bid", "Pass", "CallRedeal", "NameTrump", "ExchangeDix", "PassCards", "Bury", "ThrowIn",
    "PlayOn", "Play", "LayMeld", "NoMeld", "DrawChoice", "DeclareOut", "PLAYS", "PLAYS_FROM_TABLE",
    "action_from_text", "action_to_json",
]
