"""Why a costly choice was worse, in plain words, from what the deciding seat could see.

:func:`reason_for` gathers facts the seat had in view at the decision (:func:`engine.observation.observe`):
a void shown by a seat that did not follow suit, a higher card of the suit still out, partner
already winning the trick, the trumps still out, what the contract still needed, the meld shown, the
bids and passes made. It never names a card the seat could not see.

>>> from engine.ai.analysis import game_before
>>> from engine.game import new_game
>>> from engine.rules import preset
>>> from engine.sim import play_game
>>> record = play_game(new_game(preset("partnership_auction"), seed=3), ["random"] * 4, 3, 1).hand_records[0]
>>> game, _last_card = game_before(record, len(record["actions"]) - 1)
>>> shown_voids(game, 0)[0]  # West (seat 1) showed no club (suit 3) when trumping trick 7
(1, 3, 7, True)
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.actions import Action, Bid, Bury, LayMeld, NameTrump, Pass, PassCards, Play
from engine.cards import ACE, SUIT_NAMES, card_label, counts, new_deck, parse_card
from engine.game import Game
from engine.meld import meld_by_trump, meld_total
from engine.observation import Observation, observe
from engine.play import beats, card_values, trick_winner
from engine.review import seat_names

MOST_FACTS = 3


def _names(game: Game) -> list[str]:
    return seat_names({"players": game.players, "seats": game.rules.players})


def shown_voids(game: Game, seat: int) -> list[tuple[int, int, int, bool]]:
    """(seat, suit, trick number, trumped) for every void that ``seat`` has seen shown: a seat that did
    not follow the suit led, first time per seat and suit (the trick in play counts as the next one).
    Two-handed tricks played while the stock lasted show nothing: any card could be played."""
    obs = observe(game, seat)
    free = [bool(t.get("draws")) for t in obs.tricks] + [obs.stock_size > 0]
    tricks: list[list[tuple[int, int]]] = [[(s, int(parse_card(c))) for s, c in t["plays"]] for t in obs.tricks]
    tricks.append([(s, int(c)) for s, c in obs.trick])
    tricks = [[] if any_card else plays for plays, any_card in zip(tricks, free, strict=True)]
    found: list[tuple[int, int, int, bool]] = []
    seen: set[tuple[int, int]] = set()
    trump = obs.trump
    for number, plays in enumerate(tricks, 1):
        if not plays:
            continue
        led = plays[0][1] // 6
        for s, c in plays[1:]:
            if c // 6 != led and (s, led) not in seen:
                seen.add((s, led))
                found.append((s, led, number, c // 6 == trump))
    return found


def _still_out(obs: Observation, double_deck: bool) -> list[int]:
    """The cards the seat has not seen played nor holds (as a multiset of codes)."""
    left = counts(new_deck(double_deck))
    for c in obs.hand:
        left[int(c)] -= 1
    for t in obs.tricks:
        for _s, text in t["plays"]:
            left[int(parse_card(text))] -= 1
    for _s, c in obs.trick:
        left[int(c)] -= 1
    for c in obs.buried:
        left[int(c)] -= 1
    return [c for c in range(24) for _ in range(max(0, left[c]))]


def _whose(game: Game, seat: int, viewer: int | None) -> str:
    """How a reason names the deciding seat's things: "your" to the player, else "West's" (no player: by name)."""
    return "your" if seat == viewer else f"{_names(game)[seat]}'s"


def _need(game: Game, seat: int, obs: Observation, whose: str) -> str:
    """What the declaring side still needed to make its bid (empty without a contract)."""
    h = game.hand
    if h.declarer is None or not h.bid:
        return ""
    rules = game.rules
    side = rules.team_of(h.declarer)
    meld = sum(p for s, p in enumerate(h.meld_points) if rules.team_of(s) == side)  # shown to every seat
    need = h.bid - meld - obs.trick_points[side]
    if need <= 0:
        return ""
    if side == rules.team_of(seat):
        return f"{whose} side needed {need} more to make the bid"
    return f"{_names(game)[h.declarer]}'s side needed {need} more to make the bid"


def _card_facts(game: Game, seat: int, chosen: int, best: int, whose: str) -> list[str]:
    obs = observe(game, seat)
    rules = game.rules
    names = _names(game)
    trump = obs.trump
    assert trump is not None
    facts: list[str] = []
    trick = [int(c) for _s, c in obs.trick]
    if trick:
        win = trick_winner(trick, trump)
        winner = obs.trick[win][0]
        if winner != seat and rules.team_of(winner) == rules.team_of(seat):
            facts.append(f"{whose} partner was already winning the trick with the {card_label(trick[win])}")
    suits = {chosen // 6, best // 6} if not trick else {trick[0] // 6}
    for s, suit, number, trumped in shown_voids(game, seat):
        if suit in suits and s != seat:
            how = "trumped" if trumped else "did not follow to"
            facts.append(f"{names[s]} was void in {SUIT_NAMES[suit]} (shown when {names[s]} {how} trick {number})")
    out = _still_out(obs, rules.double_deck)
    suit, rank = divmod(chosen, 6)
    higher = [c for c in out if c // 6 == suit and c % 6 > rank]
    led = trick[0] // 6 if trick else suit
    takes = not trick or beats(chosen, trick[trick_winner(trick, trump)], led, trump)
    if higher and takes and card_values(rules)[chosen]:
        facts.append(f"the {card_label(max(higher))} was still out")
    trumps_out = sum(1 for c in out if c // 6 == trump)
    if suit != trump and best // 6 == trump or not trick and suit != trump and trumps_out:
        facts.append(f"{trumps_out} trumps were still out" if trumps_out != 1 else "1 trump was still out")
    need = _need(game, seat, obs, whose)
    if need:
        facts.append(need)
    return facts


def _auction_facts(game: Game, seat: int, chosen: Action, best: Action, whose: str) -> list[str]:
    obs = observe(game, seat)
    names = _names(game)
    rules = game.rules
    melds = meld_by_trump(obs.hand, rules)
    suit = max(melds, key=lambda s: (melds[s], -s))
    meld = melds[suit]
    helpers = f"{whose} partner's meld and the tricks" if rules.partnerships else "the widow and the tricks"
    if isinstance(chosen, Bid) and isinstance(best, Pass):
        facts = [f"{whose} meld was {meld} at most (in {SUIT_NAMES[suit]}), so a bid of {chosen.amount} needed "
                 f"about {max(0, chosen.amount - meld)} from {helpers}"]
    elif isinstance(chosen, Bid) and isinstance(best, Bid):
        facts = [f"{best.amount} would do as well when it won the auction: a higher bid only adds to what a set costs"]
    else:
        facts = [f"{whose} hand was worth the bid: meld {meld} in {SUIT_NAMES[suit]}"]
    for s, what in obs.bids:
        if s == seat:
            continue
        partner = rules.team_of(s) == rules.team_of(seat)
        who = f"{whose} partner" if partner else names[s]
        if what == "pass":
            facts.append(f"{who} had passed")
        elif what == "pass with help":
            facts.append(f"{who} had passed with help")
        else:
            facts.append(f"{who} had bid {what}")
    return facts[:MOST_FACTS]


def _passing_facts(game: Game, seat: int, chosen: PassCards, best: PassCards, whose: str) -> list[str]:
    """What each pass gives the declarer, or what each return keeps in the declarer's hand."""
    h = game.hand
    trump = h.trump
    if trump is None:  # passed before trump was named
        return []
    moved = [(sum(1 for c in a.cards if c // 6 == trump), sum(1 for c in a.cards if c % 6 == ACE))
             for a in (chosen, best)]
    if seat != h.declarer:
        (t0, a0), (t1, a1) = moved
        return [f"it gives the declarer {t1} trump{'s' if t1 != 1 else ''} and {a1} ace{'s' if a1 != 1 else ''}, "
                f"the pass made {t0} and {a0}"]
    hand = [int(c) for c in h.hands[seat]]

    def kept(a: PassCards) -> int:
        left = list(hand)
        for c in a.cards:
            left.remove(int(c))
        return meld_total(counts(left), trump, game.rules)

    return [f"it keeps meld {kept(best)} in {whose} hand, the return made kept {kept(chosen)}; "
            f"it gives back {moved[1][0]} trumps, the return made {moved[0][0]}"]


def _difference(values: Mapping[Action, float], chosen: Action, best: Action, words: str, whose: str) -> str:
    return f"{words} was worth about {round(values[best] - values[chosen])} more to {whose} side in the simulated deals"


def reason_for(game: Game, seat: int, chosen: Action, best: Action, values: Mapping[Action, float], kind: str,
               best_words: str = "", viewer: int | None = None) -> str:
    """Why ``best`` was the better choice than ``chosen`` for ``seat`` in ``game`` (just before the choice),
    told to the player in ``viewer`` ("your partner", or "West's partner" for another seat)."""
    rules = game.rules
    obs = observe(game, seat)
    words = best_words or str(best)
    whose = _whose(game, seat, viewer)
    facts: list[str] = []
    if isinstance(chosen, Play) and isinstance(best, Play):
        facts = _card_facts(game, seat, int(chosen.card), int(best.card), whose)
    elif isinstance(chosen, Bid | Pass) and kind == "bid":
        facts = _auction_facts(game, seat, chosen, best, whose)
    elif isinstance(chosen, NameTrump) and isinstance(best, NameTrump):
        melds = meld_by_trump(obs.hand, rules)
        length = [sum(1 for c in obs.hand if c // 6 == s) for s in range(4)]
        facts = [f"{SUIT_NAMES[best.suit]} gave meld {melds[best.suit]} with {length[best.suit]} cards of the suit, "
                 f"{SUIT_NAMES[chosen.suit]} meld {melds[chosen.suit]} with {length[chosen.suit]}"]
    elif isinstance(chosen, PassCards) and isinstance(best, PassCards):
        facts = _passing_facts(game, seat, chosen, best, whose)
    elif isinstance(chosen, Bury) and isinstance(best, Bury):
        values_ = card_values(rules)
        banked = [sum(values_[c] for c in a.cards) for a in (chosen, best)]
        facts = [f"it banks {banked[1]} points, the bury made {banked[0]}"]
    elif isinstance(best, LayMeld):
        facts = [f"it scores {best.play.meld.points} now"]
    need = _need(game, seat, obs, whose) if kind == "throw_in" else ""
    if need:
        facts.append(need)
    if not facts or kind in ("trump", "pass", "return", "bury"):  # the simulated deals say the rest
        facts.append(_difference(values, chosen, best, words, whose))
    return "; ".join(facts[:MOST_FACTS])


__all__ = ["reason_for", "shown_voids"]
