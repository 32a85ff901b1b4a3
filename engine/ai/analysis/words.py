"""Why a costly choice was worse, in plain words, from what the deciding seat could see.

:func:`reason_for` gathers facts the seat had in view at the decision (:func:`engine.observation.observe`):
a void shown by a seat that did not follow suit, a higher card of the suit still out, partner
already winning the trick, the trumps still out, what the contract still needed, the meld shown, the
bids and passes made. It never names a card the seat could not see.

>>> from engine.ai.analysis.hand import game_before
>>> from engine.game import new_game
>>> from engine.rules import preset
>>> from engine.sim import play_game
>>> record = play_game(new_game(preset("partnership_auction"), seed=3), ["random"] * 4, 3, 1).hand_records[0]
>>> game, _last_card = game_before(record, len(record["actions"]) - 1)
>>> shown_voids(game, 0)[0]  # West (seat 1) showed no club (suit 3) when trumping trick 7
(1, 3, 7, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from engine.actions import (
    Action,
    Bid,
    Bury,
    CallRedeal,
    DrawChoice,
    ExchangeDix,
    LayMeld,
    NameTrump,
    NoMeld,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ThrowIn,
)
from engine.cards import ACE, SUIT_NAMES, Card, card_label, cards_label, counts, new_deck
from engine.game import Game, Phase
from engine.history import PassCall, seat_names
from engine.meld import meld_by_trump, meld_total, score_meld
from engine.observation import Observation, observe
from engine.play import beats, card_values, trick_winner

MOST_FACTS = 3


def _names(game: Game) -> list[str]:
    return seat_names(game.players, game.rules.players)


def shown_voids(game: Game, seat: int) -> list[tuple[int, int, int, bool]]:
    """(seat, suit, trick number, trumped) for every void that ``seat`` has seen shown: a seat that did
    not follow the suit led, first time per seat and suit (the trick in play counts as the next one).
    Two-handed tricks played while the stock lasted show nothing: any card could be played."""
    obs = observe(game, seat)
    free = [bool(t.draws) for t in obs.tricks] + [obs.stock_size > 0]
    tricks: list[list[tuple[int, int]]] = [[(s, int(c)) for s, c in t.plays] for t in obs.tricks]
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
        for _s, c in t.plays:
            left[int(c)] -= 1
    for _s, c in obs.trick:
        left[int(c)] -= 1
    for c in obs.buried:
        left[int(c)] -= 1
    return [c for c in range(24) for _ in range(max(0, left[c]))]


def action_words(action: Action, game: Game) -> str:
    """The choice in words, cards with suit symbols."""
    if isinstance(action, Play):
        return card_label(action.card) + (" from the table" if action.from_table else "")
    if isinstance(action, Bid):
        return f"Bid {action.amount}"
    if isinstance(action, Pass):
        return "Pass with help" if action.help else "Pass"
    if isinstance(action, NameTrump):
        return SUIT_NAMES[action.suit].capitalize()
    if isinstance(action, PassCards):
        verb = "Return" if game.hand.declarer == game.to_act else "Pass"
        return f"{verb} {cards_label(action.cards)}"
    if isinstance(action, Bury):
        return f"Bury {cards_label(action.cards)}"
    if isinstance(action, LayMeld):
        meld = action.play.meld
        return f"Meld {meld.points}: {meld.name} {cards_label(meld.cards)}"
    words: dict[Action, str] = {
        NoMeld(): "No meld", DrawChoice(True): "Take the trump card", DrawChoice(False): "Take the face-down card",
        ThrowIn(): "Throw in", PlayOn(): "Play on", ExchangeDix(True): "Exchange the dix",
        ExchangeDix(False): "Keep the dix", CallRedeal(True): "Ask for a new deal", CallRedeal(False): "Keep the hand"}
    return words.get(action, str(action).capitalize())


#: The name of the seat the hard computer plays in the player's place (a challenge's, the review's summary).
HARD_COMPUTER = "Hard computer"
#: What the app names the player's seat unless the player chose a name.
PLAYER_NAME = "You"


def seat_word(names: Sequence[str], seat: int, viewer: int | None) -> str:
    """How the analysis names ``seat`` to the player in seat ``viewer`` (None: the player is none of the
    seats): "you" for the player, else the seat's name; the hard computer in the player's place (a seat
    named :data:`HARD_COMPUTER`, or "You" when that is not the viewer's) is "the hard computer"."""
    if seat == viewer:
        return "you"
    return "the hard computer" if names[seat] in (PLAYER_NAME, HARD_COMPUTER) else names[seat]


def possessive(word: str) -> str:
    """"you" -> "your", "North" -> "North's"."""
    return "your" if word == "you" else f"{word}'s"


def capital(text: str) -> str:
    """``text`` as a sentence starts it: "your bid" -> "Your bid"."""
    return text[:1].upper() + text[1:]


def _whose(game: Game, seat: int, viewer: int | None) -> str:
    """How a reason names the deciding seat's things: "your" to the player, else "West's"."""
    return possessive(seat_word(_names(game), seat, viewer))


def side_word(game: Game, member: int, seat: int, viewer: int | None) -> str:
    """How a reason about ``seat``'s decision names the side of ``member``, told to the player in ``viewer``:
    a side only where there are partnerships ("your side" in the player's own reason, "you and North" in
    another seat's, "East and West"); else the seat alone ("you", "East"), three-handed and two-handed."""
    return side_of(_names(game), game.rules.teams, member, seat, viewer)


def side_of(names: Sequence[str], teams: Sequence[Sequence[int]], member: int, seat: int, viewer: int | None) -> str:
    """:func:`side_word` from the seats' ``names`` and ``teams`` (a record's): a team of one is its seat."""
    team = next(t for t in teams if member in t)
    if len(team) == 1:
        return seat_word(names, member, viewer)
    if viewer in team and seat == viewer:
        return "your side"
    ordered = sorted(team, key=lambda s: s != viewer)  # the player first
    return " and ".join(seat_word(names, s, viewer) for s in ordered)


def partner_word(game: Game, seat: int, viewer: int | None) -> str:
    """How a reason about ``seat``'s decision names ``seat``'s partner: "your partner" in the player's own
    reason, "you" where the partner is the player, else the partner's name."""
    partner = game.rules.partner_of(seat)
    if seat == viewer:
        return "your partner"
    assert partner is not None, "said only of a seat that plays with a partner"
    return seat_word(_names(game), partner, viewer)


def _be(who: str) -> str:
    """The verb after ``who``: "you were", "North was"."""
    return f"{who} {'were' if who == 'you' else 'was'}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _need(game: Game, seat: int, obs: Observation, viewer: int | None) -> str:
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
    return f"{side_word(game, h.declarer, seat, viewer)} needed {need} more to make the bid"


def _card_facts(game: Game, seat: int, chosen: int, best: int, whose: str, viewer: int | None) -> list[str]:
    """Facts that speak for ``best`` over ``chosen``: partner winning the trick (for the card that gives it
    more counters, or against taking it over), an opponent winning it (against the card that gives them
    more counters and does not beat theirs), a void shown, a higher card out that could take a counter
    or a lead the best card did not risk."""
    obs = observe(game, seat)
    rules = game.rules
    names = _names(game)
    trump = obs.trump
    assert trump is not None
    values = card_values(rules)
    facts: list[str] = []
    trick = [int(c) for _s, c in obs.trick]
    led = trick[0] // 6 if trick else chosen // 6
    if trick:
        win = trick_winner(trick, trump)
        winner = obs.trick[win][0]
        if winner != seat and rules.team_of(winner) == rules.team_of(seat):
            overtakes = beats(chosen, trick[win], led, trump) and not beats(best, trick[win], led, trump)
            if values[best] > values[chosen] or overtakes:
                partner = partner_word(game, seat, viewer)
                facts.append(f"{_be(partner)} already winning the trick with the {card_label(trick[win])}")
        elif winner != seat and beats(best, trick[win], led, trump) and not beats(chosen, trick[win], led, trump):
            facts.append(f"the {card_label(best)} would have beaten the {card_label(trick[win])}, "
                         f"which was winning the trick")
        elif winner != seat and values[chosen] > values[best] and not beats(chosen, trick[win], led, trump):
            who = seat_word(names, winner, viewer)  # an opponent: the counter given went to their side
            facts.append(f"{_be(who)} winning the trick with the {card_label(trick[win])}")
    suits = {chosen // 6, best // 6} if not trick else {trick[0] // 6}
    for s, suit, number, trumped in shown_voids(game, seat):
        if suit in suits and s != seat:
            who = seat_word(names, s, viewer)
            how = "trumped" if trumped else "did not follow to"
            facts.append(f"{_be(who)} void in {SUIT_NAMES[suit]} (shown when {who} {how} trick {number})")
    out = _still_out(obs, rules.double_deck)
    suit, rank = divmod(chosen, 6)
    higher = [c for c in out if c // 6 == suit and c % 6 > rank]
    takes = not trick or beats(chosen, trick[trick_winner(trick, trump)], led, trump)
    top_of_its_suit = not any(c // 6 == best // 6 and c % 6 > best % 6 for c in out)
    if higher and takes and (values[chosen] > values[best] or not trick and top_of_its_suit):
        facts.append(f"the {card_label(max(higher))} was still out")
    trumps_out = sum(1 for c in out if c // 6 == trump)
    if suit != trump and best // 6 == trump or not trick and suit != trump and trumps_out:
        facts.append(f"{trumps_out} trumps were still out" if trumps_out != 1 else "1 trump was still out")
    need = _need(game, seat, obs, viewer)
    if need:
        facts.append(need)
    return facts


def _auction_facts(game: Game, seat: int, chosen: Action, best: Action, whose: str, viewer: int | None) -> list[str]:
    obs = observe(game, seat)
    names = _names(game)
    rules = game.rules
    melds = meld_by_trump(obs.hand, rules)
    suit = max(melds, key=lambda s: (melds[s], -s))
    meld = melds[suit]
    helpers = f"{possessive(partner_word(game, seat, viewer))} meld and the tricks" if rules.partnerships \
        else "the widow and the tricks"
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
        who = partner_word(game, seat, viewer) if partner else seat_word(names, s, viewer)
        if what == PassCall.PASS:
            facts.append(f"{who} had passed")
        elif what == PassCall.WITH_HELP:
            facts.append(f"{who} had passed with help")
        else:
            facts.append(f"{who} had bid {what}")
    return facts[:MOST_FACTS]


def _meld_names(cards: Sequence[int], trump: int, game: Game) -> dict[str, int]:
    """The melds ``cards`` make in ``trump``, by name with their points ("kings around": 80)."""
    return {m.name: m.points for m in score_meld(cards, trump, game.rules).melds}


def _kept(hand: Sequence[int], given: PassCards) -> list[int]:
    left = list(hand)
    for c in given.cards:
        left.remove(int(c))
    return left


def _passing_facts(game: Game, seat: int, chosen: PassCards, best: PassCards, whose: str,
                   viewer: int | None) -> list[str]:
    """What differs between the two passes, told only where it speaks for ``best``: the melds the choice made
    broke or gave away that the better one keeps in the giver's hand (a run, aces around, a pinochle: each by
    name with its points), the trumps and aces each gives the declarer, the trumps each gives back."""
    h = game.hand
    trump = h.trump
    if trump is None:  # passed before trump was named
        return []
    hand = [int(c) for c in h.hands[seat]]
    facts: list[str] = []
    what = "pass" if seat != h.declarer else "return"
    kept = [_meld_names(_kept(hand, a), trump, game) for a in (chosen, best)]
    broken = [(name, points) for name, points in kept[1].items() if kept[0].get(name, 0) < points]
    totals = [meld_total(counts(_kept(hand, a)), trump, game.rules) for a in (chosen, best)]
    if totals[1] > totals[0]:
        named = " and ".join(f"{name} {points}" for name, points in broken)
        facts.append(f"the {what} made broke {whose} {named or 'meld'}: {whose} meld was {totals[0]} after it, "
                     f"{totals[1]} after this one")
    trumps = [sum(1 for c in a.cards if c // 6 == trump) for a in (chosen, best)]
    aces = [sum(1 for c in a.cards if c % 6 == ACE) for a in (chosen, best)]
    if seat != h.declarer:
        declarer = seat_word(_names(game), h.declarer, viewer) if h.declarer is not None else "the declarer"
        if trumps[1] >= trumps[0] and aces[1] >= aces[0] and (trumps[1], aces[1]) != (trumps[0], aces[0]):
            facts.append(f"it gives {declarer} {_count(trumps[1], 'trump')} and {_count(aces[1], 'ace')}, "
                         f"the pass made {trumps[0]} and {aces[0]}")
    elif trumps[1] < trumps[0]:
        given = [Card(c) for c in chosen.cards if c // 6 == trump]
        facts.append(f"it gives back {_count(trumps[1], 'trump')}, the return made gave back {trumps[0]} "
                     f"({cards_label(given)})")
    return facts


def _difference(values: Mapping[Action, float], chosen: Action, best: Action, words: str, side: str) -> str:
    return f"{words} was worth about {round(values[best] - values[chosen])} more to {side} over the deals played out"


def reason_for(game: Game, seat: int, chosen: Action, best: Action, values: Mapping[Action, float], kind: Phase,
               best_words: str = "", viewer: int | None = None, simulated: bool = True) -> str:
    """Why ``best`` was the better choice than ``chosen`` for ``seat`` in ``game`` (just before the choice),
    told to the player in seat ``viewer`` ("your partner"; "West's partner" for another seat, and for every
    seat when ``viewer`` is None). A fact that :func:`contradictions` finds against ``best`` is left out;
    when none is left, the reason is what the simulated deals say (unless ``values`` come from none:
    not ``simulated``, where the reason may be empty)."""
    rules = game.rules
    obs = observe(game, seat)
    words = best_words or str(best)
    whose = _whose(game, seat, viewer)
    facts: list[str] = []
    if isinstance(chosen, Play) and isinstance(best, Play):
        facts = _card_facts(game, seat, int(chosen.card), int(best.card), whose, viewer)
    elif isinstance(chosen, Bid | Pass) and kind == Phase.BIDDING:
        facts = _auction_facts(game, seat, chosen, best, whose, viewer)
    elif isinstance(chosen, NameTrump) and isinstance(best, NameTrump):
        melds = meld_by_trump(obs.hand, rules)
        length = [sum(1 for c in obs.hand if c // 6 == s) for s in range(4)]
        facts = [f"{SUIT_NAMES[best.suit]} gave meld {melds[best.suit]} with {length[best.suit]} cards of the suit, "
                 f"{SUIT_NAMES[chosen.suit]} meld {melds[chosen.suit]} with {length[chosen.suit]}"]
    elif isinstance(chosen, PassCards) and isinstance(best, PassCards):
        facts = _passing_facts(game, seat, chosen, best, whose, viewer)
    elif isinstance(chosen, Bury) and isinstance(best, Bury):
        values_ = card_values(rules)
        banked = [sum(values_[c] for c in a.cards) for a in (chosen, best)]
        facts = [f"it banks {banked[1]} points, the bury made {banked[0]}"]
    elif isinstance(best, LayMeld):
        facts = [f"it scores {best.play.meld.points} now"]
    need = _need(game, seat, obs, viewer) if kind == Phase.THROW_IN else ""
    if need:
        facts.append(need)
    facts = [f for f in facts if not contradictions(game, seat, chosen, best, f)]
    # the simulated deals say the rest
    if simulated and (not facts or kind in (Phase.TRUMP, Phase.PASSING, Phase.RETURN, Phase.BURY)):
        facts.append(_difference(values, chosen, best, words, side_word(game, seat, seat, viewer)))
    return "; ".join(facts[:MOST_FACTS])


def praise_for(values: Mapping[Action, float], chosen: Action, runner_up: Action, runner_words: str,
               game: Game, seat: int, viewer: int | None, chosen_words: str = "") -> str:
    """Why the choice made was the best, where the others were clearly worse: "Diamonds was the best choice
    here: Hearts, the next best, was worth about 22 less to your side"."""
    side = side_word(game, seat, seat, viewer)
    return f"{chosen_words or chosen} was the best choice here: {runner_words}, the next best, was worth about " \
           f"{round(values[chosen] - values[runner_up])} less to {side}"


def advice_reason(values: Mapping[Action, float], best: Action, runner_up: Action | None, runner_words: str,
                  game: Game, seat: int, viewer: int | None) -> str:
    """Why the advice (the hint) is the best choice, from the values it was chosen by: "K♠, the next best,
    is worth about 12 less to your side"; "as good as K♠, the next best, for your side" when they are level."""
    side = side_word(game, seat, seat, viewer)
    if runner_up is None:
        return f"the only choice weighed; the hand is worth about {round(values[best]):+d} to {side} from here"
    less = round(values[best] - values[runner_up])
    if less <= 0:
        return f"about as good as {runner_words}, the next best, for {side}"
    return f"{runner_words}, the next best, is worth about {less} less to {side}"


# -- the reason check ---------------------------------------------------------------------------------

_GIVES = re.compile(r"gives .+? (\d+) trumps? and (\d+) aces?, the pass made (\d+) and (\d+)")
_KEEPS = re.compile(r"keeps meld (\d+) in \S+ hand, the return made kept (\d+)")
_KEPT = re.compile(r"meld was (\d+) after it, (\d+) after this one")
_GIVES_BACK = re.compile(r"gives back (\d+) trumps?, the return made gave back (\d+)")
_BANKS = re.compile(r"banks (\d+) points, the bury made (\d+)")
_TRUMP = re.compile(r"\w+ gave meld (\d+) with (\d+) cards of the suit, \w+ meld (\d+) with (\d+)")


def contradictions(game: Game, seat: int, chosen: Action, best: Action, reason: str) -> list[str]:
    """The facts of ``reason`` (why ``best`` was better than ``chosen``, ``seat`` to decide in ``game``)
    that speak for the choice made instead, or describe the two alike: each in words; [] when none."""
    found: list[str] = []

    def numbers(pattern: re.Pattern[str]) -> list[int] | None:
        match = pattern.search(reason)
        return [int(x) for x in match.groups()] if match else None

    gives = numbers(_GIVES)  # trumps and aces to the declarer: more is better
    if gives is not None:
        t1, a1, t0, a0 = gives
        if (t1, a1) == (t0, a0):
            found.append("the two passes are described alike")
        elif t1 <= t0 and a1 <= a0:
            found.append("the pass made gave the declarer as many trumps and aces or more")
    for pattern in (_KEEPS, _BANKS):  # meld kept, points banked, the better choice's first: more is better
        pair = numbers(pattern)
        if pair is not None and pair[0] < pair[1]:
            found.append(f"the choice made had more ({pair[1]} against {pair[0]})")
        elif pair is not None and pair[0] == pair[1]:
            found.append(f"the two choices are described alike ({pair[0]})")
    kept = numbers(_KEPT)  # the meld kept after the choice made, then after the better one
    if kept is not None and kept[0] >= kept[1]:
        found.append(f"the choice made kept as much meld or more ({kept[0]} against {kept[1]})")
    back = numbers(_GIVES_BACK)  # trumps given back: fewer is better
    if back is not None and back[0] >= back[1]:
        found.append("the return made gave back as few trumps or fewer")
    trump = numbers(_TRUMP)
    if trump is not None and trump[0] <= trump[2] and trump[1] <= trump[3]:
        found.append("the suit named had as much meld and as many cards or more")
    if "already winning the trick" in reason and isinstance(chosen, Play) and isinstance(best, Play):
        found += _partner_winning(game, seat, int(chosen.card), int(best.card))
    return found


def _partner_winning(game: Game, seat: int, chosen: int, best: int) -> list[str]:
    """Partner winning the trick speaks for giving it counters and against taking it over."""
    trick = [int(c) for _s, c in game.hand.trick]
    trump = game.hand.trump
    if not trick or trump is None:
        return ["no trick was under way"]
    win = trick_winner(trick, trump)
    led = trick[0] // 6
    values = card_values(game.rules)
    overtakes = beats(chosen, trick[win], led, trump) and not beats(best, trick[win], led, trump)
    if values[chosen] >= values[best] and not overtakes:
        return ["with the partner winning, the choice made gave as many counters or more and did not take over"]
    return []


__all__ = ["HARD_COMPUTER", "PLAYER_NAME", "action_words", "advice_reason", "capital", "contradictions", "partner_word",
           "possessive", "praise_for", "reason_for", "seat_word", "shown_voids", "side_of", "side_word"]
