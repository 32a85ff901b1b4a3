"""Saving and restoring a whole game as versioned JSON.

A saved game is its rules, its seed and every action taken; restoring replays them, so the
restored game is exactly the saved one (the deals come from the seed). A few facts of the state
are stored beside the actions and checked after the replay, so a save that does not replay to
what it says is refused rather than silently turned into another game.

>>> import random
>>> from engine.rules import preset
>>> from engine.game import new_game
>>> game = new_game(preset("three_hand"), seed=5)
>>> rng = random.Random(2)
>>> for _ in range(30):
...     _ = game.apply(rng.choice(game.legal_actions()))
>>> again = game_from_dict(game_to_dict(game))
>>> game_to_dict(again) == game_to_dict(game)
True
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, TypeGuard

from engine.actions import action_to_json
from engine.cards import format_cards
from engine.deal import Deal, deal_from_text, is_seed
from engine.game import Game, IllegalAction
from engine.record import MAX_REASON, ActionValue
from engine.rules import Rules, RulesDict, RulesError, rules_from_dict

FORMAT = 1
KIND = "pinochle-game"
MAX_ACTIONS = 200_000
MAX_NAME = 1000  # characters of a game's name (its id)


class SaveError(ValueError):
    """A saved game that is not one, is from a newer version, or does not replay to itself."""


class CheckedFacts(TypedDict):
    """Facts of the saved game's state, compared with the replayed game's."""

    hand_number: int
    scores: list[int]
    phase: str
    to_act: int | None
    deal_number: int
    target: int
    winner: int | None
    actions: NotRequired[int]  # how many actions, and tricks of the hand: a save written before they were kept
    tricks: NotRequired[int]   # lacks them, and is checked on the other facts alone


class GameStart(TypedDict):
    """Where a game that began later than its first hand began."""

    hand_number: int
    scores: list[int]
    target: int


class StackedDeal(TypedDict):
    """A first deal given card by card, each seat's hand and the other cards written as text."""

    dealer: int
    deal_number: int
    hands: list[str]
    widow: str
    stock: str
    turnup: str | None


class SavedGameDict(TypedDict):
    """A game as :func:`game_to_dict` writes it."""

    format: int
    kind: str
    rules: RulesDict
    seed: int
    first_deal: int | None
    dealer: int
    game_id: str
    players: list[str]
    actions: list[ActionValue]
    state: CheckedFacts | None  # None: a game cut short by an undo (see game_from_dict)
    start: NotRequired[GameStart]
    reasons: NotRequired[list[list[int | str]]]  # [action index, a computer's reason in words]
    humans: NotRequired[list[int]]  # the seats a person plays
    deal: NotRequired[StackedDeal]


# Facts stored beside the actions that a save written before they were added lacks: such a save is
# checked on the other facts alone. With them, a save whose last actions were cut off is refused even
# when the shorter game has the same seat to act in the same phase (three-handed, a trick won by its leader).
COUNTS = ("actions", "tricks")


def _check_facts(game: Game) -> CheckedFacts:
    return {"hand_number": game.hand_number, "scores": list(game.scores), "phase": game.phase,
            "to_act": game.to_act, "deal_number": game.deal_number, "target": game.target, "winner": game.winner,
            "actions": len(game.log), "tricks": len(game.hand.tricks)}


def game_to_dict(game: Game) -> SavedGameDict:
    data: SavedGameDict = {
        "format": FORMAT, "kind": KIND, "rules": game.rules.to_dict(), "seed": game.seed,
        "first_deal": game.first_deal, "dealer": game.first_dealer, "game_id": game.game_id,
        "players": list(game.players), "actions": [action_to_json(a) for a in game.log],
        "state": _check_facts(game),
    }
    if (game.first_hand, list(game.first_scores), game.first_target) != (1, [0] * game.sides, game.rules.game_target):
        # A game that began later than the first hand (a deal played again from its record, a test)
        data["start"] = {"hand_number": game.first_hand, "scores": list(game.first_scores),
                         "target": game.first_target}
    if game.humans:  # the seats a person plays, named in every hand's record (those replayed after a resume too)
        data["humans"] = list(game.humans)
    if game.reasons:  # the computers' reasons, for the hands' records after a resume
        data["reasons"] = [[i, r] for i, r in sorted(game.reasons.items())]
    stacked = game.stacked_deal
    if stacked is not None:  # a first deal given card by card cannot be dealt again from the seed
        data["deal"] = {"dealer": stacked.dealer, "deal_number": stacked.deal_number,
                        "hands": [format_cards(h) for h in stacked.hands], "widow": format_cards(stacked.widow),
                        "stock": format_cards(stacked.stock),
                        "turnup": None if stacked.turnup is None else str(stacked.turnup)}
    return data


def game_cut_at(game: Game, actions: int) -> Game:
    """``game`` as it was after its first ``actions`` actions (an undo; ``0``: as it began), restored from its save
    with the rest of its actions cut (and their reasons), and replayed."""
    data = game_to_dict(game)
    data["actions"] = data["actions"][:actions]
    data["state"] = None
    return game_from_dict(data)


def _deal_from_dict(data: Any, rules: Rules, dealer: int) -> Deal:
    """A stacked first deal, checked card by card (see :func:`engine.deal.deal_from_text`)."""
    if not isinstance(data, dict):
        raise SaveError("the saved game's deal is damaged: it is not a table of hands")
    missing = [key for key in ("dealer", "deal_number", "hands", "widow", "stock", "turnup") if key not in data]
    if missing:
        raise SaveError(f"the saved game's deal is damaged: it has no {' and no '.join(missing)}")
    try:
        deal = deal_from_text(rules, data["dealer"], data["deal_number"], data["hands"], data["widow"],
                              data["stock"], data["turnup"])
    except ValueError as err:
        raise SaveError(f"the saved game's deal is damaged: {err}") from None
    if deal.dealer != dealer:
        raise SaveError("the saved game's deal is damaged: another dealer")
    return deal


# What every save holds (``deal`` only for a stacked first deal; ``state``: see game_from_dict).
REQUIRED = ("rules", "seed", "first_deal", "dealer", "game_id", "players", "actions")


def game_from_dict(data: object) -> Game:
    """The game saved by :func:`game_to_dict`; raise :class:`SaveError` for anything else.

    The actions are always replayed, each checked as legal when it comes. The facts in ``state``
    are then compared with the replayed game. A save whose ``state`` is missing or ``null`` (the app
    saves a game cut short that way when it undoes a move) is accepted after that legal replay:
    such a save can only be a game that could have been played from its deal.
    """
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise SaveError("not a saved pinochle game")
    version = data.get("format")
    if not _whole(version):
        raise SaveError("the saved game has no format version")
    if version > FORMAT:
        raise SaveError(f"the game was saved by a newer version (format {version}; this version reads {FORMAT})")
    if version < FORMAT:
        raise SaveError(f"format {version} is no longer read")
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise SaveError(f"the saved game is damaged: it has no {' and no '.join(missing)}")
    try:
        rules = rules_from_dict(data["rules"])
    except RulesError as err:
        raise SaveError(f"the saved game is damaged: its rules are wrong ({err})") from None
    seed, first_deal, dealer = data["seed"], data["first_deal"], data["dealer"]
    if not is_seed(seed) or not (first_deal is None or is_seed(first_deal)):
        raise SaveError("the saved game's seed is damaged")
    if not _whole(dealer) or not 0 <= dealer < rules.players:
        raise SaveError("the saved game's dealer is damaged")
    game_id, players, actions = data["game_id"], data["players"], data["actions"]
    if not isinstance(game_id, str) or len(game_id) > MAX_NAME:
        raise SaveError("the saved game's name is damaged")
    if not isinstance(players, list) or len(players) != rules.players or not all(isinstance(p, str) for p in players):
        raise SaveError(f"the saved game's players are damaged (not {rules.players} names)")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError("the saved game's actions are damaged")
    deal = None if data.get("deal") is None else _deal_from_dict(data["deal"], rules, dealer)
    start = data.get("start") or {}
    if not isinstance(start, dict) or set(start) - {"hand_number", "scores", "target"}:
        raise SaveError("the saved game's start is damaged")
    try:
        game = Game(rules, seed=seed, first_deal=first_deal, dealer=dealer, deal=deal,
                    hand_number=start.get("hand_number", 1), scores=start.get("scores"), target=start.get("target"))
    except (ValueError, TypeError) as err:
        raise SaveError(f"the saved game's start is damaged: {err}") from None
    game.game_id = game_id
    game.players = [p[:40] for p in players]
    game.reasons = _reasons_from(data.get("reasons", []), len(actions))
    humans = data.get("humans", [])
    if not isinstance(humans, list) or len(set(humans)) != len(humans) or not all(
            _whole(seat) and 0 <= seat < rules.players for seat in humans):
        raise SaveError("the saved game's seats of the players are damaged")
    game.humans = tuple(humans)
    try:
        for value in actions:
            game.apply(game.action_from_json(value))
    except (IllegalAction, ValueError) as err:
        raise SaveError(f"the saved game does not replay: {err}") from None
    state = data.get("state")
    if state is not None:
        facts = _check_facts(game)
        if isinstance(state, dict) and not any(key in state for key in COUNTS):
            del facts["actions"], facts["tricks"]
        if state != facts:
            raise SaveError("the saved game does not replay to the state it records")
    return game


def _reasons_from(value: Any, actions: int) -> dict[int, str]:
    """The saved reasons of the actions kept (an undo cuts the actions and leaves the reasons)."""
    if not isinstance(value, list) or not all(
            isinstance(r, list) and len(r) == 2 and _whole(r[0]) and isinstance(r[1], str) for r in value):
        raise SaveError("the saved game's reasons are damaged")
    return {i: r[:MAX_REASON] for i, r in value if 0 <= i < actions}


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
