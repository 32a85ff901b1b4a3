"""The record of one finished hand (docs/records.md): the deal, every bid, exchange, meld and trick,
the score, and the hand's actions, so that it can be replayed.

A game builds one when a hand ends (:attr:`engine.game.Game.hand_records`) from the hand's typed history
(:class:`engine.history.HandHistory`, :func:`finished_hand`): this module is where the history is written in
the record's shapes (:mod:`engine.record_shape`), :mod:`engine.record` where it is read back from them
(:func:`engine.record.read_hand`) and where records are written as JSON Lines and read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import action_to_json
from engine.cards import SUIT_LETTERS, Card, format_cards
from engine.events import DeclaredOut, HandScored
from engine.history import Call, HandHistory, MeldShown, PassedCards, TrickPlayed
from engine.phases.state import GameState
from engine.rules import preset_name
from engine.scoring import THROWN_IN

if TYPE_CHECKING:
    from engine.record_shape import CardPass, HandFields, HandRecord, HandResult, MeldEntry, SeatBid, TrickRecord

FORMAT = 1


def finished_hand(game: GameState, scored: HandScored) -> HandHistory:
    """The history of the hand just finished in ``game`` (``scored``: how it counted)."""
    h = game.hand
    start = game.hand_start
    actions = game.log[start:]
    return HandHistory(
        rules=game.rules, game_id=game.game_id, hand_number=game.hand_number, deal=h.deal, stacked=game.hand_stacked,
        players=tuple(game.players), calls=tuple(h.bids), declarer=h.declarer,
        bid=h.bid if h.declarer is not None else None, trump=h.trump, dix_exchanges=tuple(h.dix_exchanges),
        passes=tuple(h.passes), buried=h.buried, melds=tuple(h.melds), tricks=tuple(h.tricks), scored=scored,
        actions=tuple(action_to_json(a) for a in actions),
        reasons={i - start: game.reasons[i] for i in range(start, start + len(actions)) if i in game.reasons},
        humans=tuple(game.humans), claim=h.claim)


def record_of(hand: HandHistory) -> HandRecord:
    """The hand record of ``hand`` (docs/records.md), its fields in the order they are written."""
    r = hand.rules
    deal = hand.deal
    # The fields each variant has or not, in the order they are written.
    fields: HandFields = {}
    if deal.widow:
        fields["widow"] = format_cards(deal.widow)
    if deal.stock:
        fields["stock"] = format_cards(deal.stock)
    if deal.turnup is not None:
        fields["turnup"] = str(deal.turnup)
    if hand.stacked:
        fields["stacked"] = True  # dealt card by card: the deal replays from the record, not from the seed
    if r.auction:
        fields["bids"] = [call_value(c) for c in hand.calls]
        fields["declarer"] = hand.declarer
        fields["bid"] = hand.bid
    fields["trump"] = SUIT_LETTERS[hand.trump] if hand.trump is not None else None
    if hand.dix_exchanges:
        fields["dix_exchanges"] = [[seat, str(dix), str(taken)] for seat, dix, taken in hand.dix_exchanges]
    if hand.passes:
        fields["passes"] = [pass_value(p) for p in hand.passes]
    if r.widow_size:
        fields["buried"] = format_cards(hand.buried)
    result: HandResult = result_fields(hand.scored) if hand.scored is not None else {}
    record: HandRecord = {
        "format": FORMAT,
        "variant": preset_name(r),
        "rules": r.to_dict(),
        "game_id": hand.game_id,
        "hand_number": hand.hand_number,
        "seed": deal.deal_number,
        "seats": r.players,
        "teams": [list(t) for t in r.teams],
        "dealer": deal.dealer,
        "players": list(hand.players),
        "deal": [format_cards(cards) for cards in deal.hands],
        **fields,
        "melds": [meld_value(m) for m in hand.melds],
        "tricks": [trick_value(t) for t in hand.tricks],
        **result,  # a result's declarer and bid (in fields already, in an auction) keep their place
        "actions": list(hand.actions),
    }
    reasons: list[list[int | str]] = [[index, text] for index, text in sorted(hand.reasons.items())]
    if reasons:
        record["reasons"] = reasons  # per action index, the computer's reason for that decision
    if hand.humans:
        record["humans"] = list(hand.humans)  # the seats a person played
    if hand.claim is not None:
        record["claim"] = {"seat": hand.claim.seat, "action": hand.claim.action}
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


# -- the hand's history (engine.history) as the record writes it ---------------------------------------------


def call_value(call: Call) -> SeatBid:
    """``[seat, bid]``: the points, or the pass's words."""
    return [call.seat, call.bid if isinstance(call.bid, int) else call.bid.value]


def pass_value(passed: PassedCards) -> CardPass:
    return {"from": passed.giver, "to": passed.receiver, "cards": format_cards(passed.cards)}


def meld_value(shown: MeldShown) -> MeldEntry:
    """``{"seat", "points", "items": [[name, points, cards], ...]}``, and ``"trick"`` for a meld laid in play."""
    entry: MeldEntry = {"seat": shown.seat, "points": shown.points,
                        "items": [[m.name, m.points, format_cards(m.cards)] for m in shown.melds]}
    if shown.trick is not None:
        entry["trick"] = shown.trick
    return entry


def trick_value(trick: TrickPlayed) -> TrickRecord:
    """``{"leader", "plays": [[seat, card], ...], "winner"}``, and ``"draws"`` where the stock was drawn from."""
    value: TrickRecord = {"leader": trick.leader, "plays": [[s, str(c)] for s, c in trick.plays],
                          "winner": trick.winner}
    if trick.draws:
        value["draws"] = [[s, _drawn(c)] for s, c in trick.draws]
    return value


def _drawn(card: Card | None) -> str:
    assert card is not None, "the game knows every card drawn"
    return str(card)
