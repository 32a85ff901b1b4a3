"""The record of one finished hand (docs/records.md): the deal, every bid, exchange, meld and trick,
the score, and the hand's actions, so that it can be replayed.

A game builds one when a hand ends (:attr:`engine.game.Game.hand_records`); :mod:`engine.record`
writes them as JSON Lines and reads them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import action_to_json
from engine.cards import SUIT_LETTERS, format_cards
from engine.events import DeclaredOut, HandScored
from engine.phases.state import GameState
from engine.rules import preset_name
from engine.scoring import THROWN_IN

if TYPE_CHECKING:
    from engine.record_shape import HandFields, HandRecord, HandResult

FORMAT = 1


def hand_record(game: GameState, scored: HandScored) -> HandRecord:
    """The record of the hand just finished in ``game`` (``scored``: how it counted)."""
    h = game.hand
    r = game.rules
    deal = h.deal
    actions = game.log[game.hand_start:]
    # The fields each variant has or not, in the order they are written.
    fields: HandFields = {}
    if deal.widow:
        fields["widow"] = format_cards(deal.widow)
    if deal.stock:
        fields["stock"] = format_cards(deal.stock)
    if deal.turnup is not None:
        fields["turnup"] = str(deal.turnup)
    if game.hand_stacked:
        fields["stacked"] = True  # dealt card by card: the deal replays from the record, not from the seed
    if r.auction:
        fields["bids"] = [[seat, bid] for seat, bid in h.bids]
        fields["declarer"] = h.declarer
        fields["bid"] = h.bid if h.declarer is not None else None
    fields["trump"] = SUIT_LETTERS[h.trump] if h.trump is not None else None
    if h.dix_exchanges:
        fields["dix_exchanges"] = [[seat, str(dix), str(card)] for seat, dix, card in h.dix_exchanges]
    if h.passes:
        fields["passes"] = [{"from": a, "to": b, "cards": format_cards(cards)} for a, b, cards in h.passes]
    if r.widow_size:
        fields["buried"] = format_cards(h.buried)
    record: HandRecord = {
        "format": FORMAT,
        "variant": preset_name(r),
        "rules": r.to_dict(),
        "game_id": game.game_id,
        "hand_number": game.hand_number,
        "seed": deal.deal_number,
        "seats": r.players,
        "teams": [list(t) for t in r.teams],
        "dealer": deal.dealer,
        "players": list(game.players),
        "deal": [format_cards(hand) for hand in deal.hands],
        **fields,
        "melds": list(h.meld_entries),
        "tricks": list(h.tricks),
        **result_fields(scored),  # a result's declarer and bid (in fields already, in an auction) keep their place
        "actions": [action_to_json(a) for a in actions],
    }
    start = game.hand_start
    reasons: list[list[int | str]] = [[i - start, game.reasons[i]] for i in range(start, start + len(actions))
                                      if i in game.reasons]
    if reasons:
        record["reasons"] = reasons  # per action index, the computer's reason for that decision
    if game.humans:
        record["humans"] = list(game.humans)  # the seats a person played
    if h.claim is not None:
        record["claim"] = {"seat": h.claim[0], "action": h.claim[1]}
    return record


def result_fields(scored: HandScored) -> HandResult:
    """The record's fields of how the hand counted, as the hand scored says it."""
    ended = scored.ended
    if isinstance(ended, DeclaredOut):
        return {"declared_out": {"seat": ended.seat, "total": ended.total, "right": ended.right},
                "game_over": scored.game_over, "winner": scored.winner, "score_delta": list(scored.score_delta),
                "scores_after": list(scored.scores_after), "target": scored.target}
    return {
        "trick_points": list(ended.trick_points), "meld": list(ended.meld), "meld_counted": list(ended.meld_counted),
        "score_delta": list(scored.score_delta), "scores_after": list(scored.scores_after),
        "went_set": ended.went_set, "made": ended.made, "thrown_in": ended.how == THROWN_IN, "how": ended.how,
        "declarer": scored.seat, "bid": ended.bid, "game_over": scored.game_over, "winner": scored.winner,
        "target": scored.target,
    }
