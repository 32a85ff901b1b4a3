"""Card play for every level: which card to play, and why.

The players see only their own cards, so they play by *sampling*: deal the unseen cards many times
in ways consistent with everything seen (:mod:`engine.ai.search.worlds`), score each legal card in every
such world with a fast playout (:mod:`engine.ai.search.trickplay`) or, near the end of the hand, an exact
search (:mod:`engine.ai.search.solver`), and play the card that does best on average. What a card is worth
is the score the hand would give, not only the trick points: a declaring side gains its meld and
tricks when it makes the bid and loses the bid when it does not, and defenders count the set (see
:func:`hand_utility`). The levels differ only by their knobs (:class:`~engine.ai.players.levels.Level`):

* ``easy``: a few worlds, remembering each card played by others and each inference only with the
  chance ``memory``, and now and then (``slip``) the second-best card when it is nearly as good;
* ``medium``: every card and inference remembered, ``worlds`` worlds, exact search of the last
  ``exact_tricks`` tricks;
* ``hard``: many more worlds, each weighted by how likely the other seats' plays are in it under our
  own policy, and a longer exact endgame, within a larger budget;
* ``perfect``: sees every card (one world, the real one); for benchmarks and analysis only.

The work of a decision is counted in search nodes (the level's ``search_nodes``), so the same seed
gives the same card on any machine; the clock (twice the level's ``think_seconds``) only cuts short
a search that runs far over its time on a slow or loaded machine.

Two-handed play while the stock lasts (any card may be played, winners draw first and meld) is
decided by rules of thumb that weigh the trick's points, the cost of trumps and the meld a card
belongs to. Once the stock is gone every card is known: the levels solve the endgame exactly, all
12 tricks (hard, perfect) or the last 9 (medium, playing out before that); easy plays out, from memory.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import PLAYS, Play
from engine.ai.players.levels import Level
from engine.ai.players.odds_words import how_often
from engine.ai.search.solver import Table, solve
from engine.ai.search.trickplay import Position, greedy_playout
from engine.ai.search.worlds import World, play_likelihood, playing_sides, real_world, world_weigher
from engine.cards import counts
from engine.game import Game
from engine.info_state import InfoState, info_state, sample_world
from engine.meld import meld_cards, meld_total
from engine.play import beats, card_values, trick_winner
from engine.players import Choice
from engine.rules import MeldNeeds, Rules, TrumpBy

EASY_WORLDS = 4          # worlds for a level with ``worlds == 0`` (easy): few, from a forgetful memory
SAMPLE_NODES = 100         # what sampling and weighing one world costs, counted in search nodes
# The exact two-handed endgame may use more: a 12-trick solve takes about 90,000 nodes (0.2 s) and
# rarely 180,000; this cap (about 1.0 s at the 440,000 nodes a second measured, docs/measurements/search-speed.md)
# only turns the rare huge one into the deepest search that fits, and on a busy machine the clock
# stops it at twice the level's time.
ENDGAME_NODES_PER_SECOND = 500_000
SLIP_MARGIN = 0.08       # a slip takes the second-best card only if it is within this share of the trick points
CANDIDATES_PER_WORLD = 2  # weighted levels sample this many worlds per world kept, then weigh them


@dataclass(frozen=True)
class Contract:
    """What the hand's score depends on, seen from the searching side (sides merged as
    :func:`~engine.ai.search.worlds.playing_sides` merges them)."""

    declaring: int | None   # side (0 or 1 in the merged view) of the declarer, None without an auction
    bid: int
    meld: tuple[int, int]   # meld of each merged side
    meld_needs: MeldNeeds
    set_gives_bid: bool
    buried: int             # trick points the declarer buried (counted for the declaring side)


def choose_play(info: InfoState, level: Level, rng: random.Random) -> Choice:
    """The card for the seat of ``info`` to play now (in the play phase, with the seat to act)."""
    assert info.trump is not None
    plays = [a for a in info.legal_actions if isinstance(a, Play)]
    if len(plays) == 1:
        return plays[0], "the only card you may play"
    if info.rules.trump_by == TrumpBy.STOCK and (info.stock_size or info.tables):
        return _two_hand_early(info, plays, level, rng)
    if info.rules.trump_by == TrumpBy.STOCK:
        return _two_hand_endgame(info, plays, level, rng)
    return _sampled(info, plays, level, rng)


# -- sampled play (three and four seats, and every hand of hidden cards) ----------------------------


def _contract(info: InfoState, sides: Sequence[int], world: World | None) -> Contract:
    rules = info.rules
    meld = [0, 0]
    meld_points = info.meld_points
    for s in range(rules.players):
        meld[sides[s]] += meld_points[s]
    declarer = info.declarer
    declaring = sides[declarer] if declarer is not None else None
    values = card_values(rules)
    buried_cards = info.buried if info.seat == declarer else (world.buried if world is not None else [])
    buried = sum(values[c] for c in buried_cards)
    return Contract(declaring, info.bid, (meld[0], meld[1]), rules.meld_needs, rules.set_gives_bid, buried)


def hand_utility(contract: Contract, side: int, points: int, total: int) -> float:
    """What the hand is worth to ``side`` (our score less theirs) when it ends with ``points`` of the
    ``total`` trick points in play (sides merged as :func:`~engine.ai.search.worlds.playing_sides` merges them)."""
    theirs = total - points
    if contract.declaring is None:
        return float(points - theirs)
    decl_points, def_points = (points, theirs) if side == contract.declaring else (theirs, points)
    decl_points += contract.buried
    decl_meld = contract.meld[contract.declaring]
    def_meld = contract.meld[1 - contract.declaring]
    made = decl_points + decl_meld >= contract.bid
    decl_score = decl_meld + decl_points if made else (0 if contract.set_gives_bid else -contract.bid)
    def_score = def_points + (def_meld if def_points > 0 or contract.meld_needs == MeldNeeds.NONE else 0)
    if not made and contract.set_gives_bid:
        def_score += contract.bid
    diff = decl_score - def_score
    return float(diff if side == contract.declaring else -diff)


def _position(info: InfoState, world: World, sides: tuple[int, ...]) -> Position:
    trump = info.trump
    assert trump is not None
    rules = info.rules
    trick = info.trick
    to_act = info.to_act
    assert to_act is not None
    leader = trick[0][0] if trick else to_act
    points = [0, 0] if len(set(sides)) == 2 else [0] * (max(sides) + 1)
    for real_side, taken in enumerate(info.trick_points):
        seat = next(s for s in range(rules.players) if rules.team_of(s) == real_side)
        points[sides[seat]] += taken
    return Position.start(world.hands, trump, rules, leader, [c for _, c in trick], points, sides)


def _world_values(position: Position, moves: Sequence[int], level: Level, exact: bool,
                  table: Table | None = None) -> tuple[dict[int, int], int]:
    """Each move's final points for the side to move in one world, and the work it took (in search
    nodes; a playout counts two nodes a card). ``table``: one transposition table for every world of
    a decision (worlds that differ in a card soon played reach the same positions)."""
    if exact:
        result = solve(position, want_values=True, table=table)
        return dict(result.values), result.nodes
    side = position.side_of[position.to_move]
    values: dict[int, int] = {}
    for card in moves:
        child = position.copy()
        child.play(card)
        values[card] = greedy_playout(child)[side]
    cards = sum(len(h) for h in position.hands)
    return values, 2 * cards * len(moves)


@dataclass(frozen=True)
class CardValues:
    """Every legal card valued over the sampled worlds: weighted sums over the worlds of the hand's
    worth to the seat's side (:func:`hand_utility`), of its trick points, and of whether the bid is
    made (when there is one); divide by ``weight_sum`` for the means (see :meth:`value`)."""

    totals: dict[int, float]
    points: dict[int, float]
    made: dict[int, float]
    weight_sum: float
    worlds: int
    # Each card's worth in each world valued, in the worlds' order, and the worlds' weights: how far
    # the mean may be from the truth (the analysis's standard errors).
    per_world: dict[int, list[float]]
    weights: list[float]

    def value(self, card: int) -> float:
        """The card's mean worth in points of this hand: the side's score less the opponents'."""
        return self.totals[card] / self.weight_sum


def sampled_card_values(info: InfoState, plays: Sequence[Play], level: Level, rng: random.Random) -> CardValues:
    """Each of ``plays`` valued as the level values them: over the worlds it samples from ``info`` (the real one
    for a level that sees all, from ``info.every_card``), each played out or, near the end, solved exactly,
    within its node budget."""
    # The work is budgeted in search nodes, so that a decision does not depend on the machine's
    # speed; the clock only stops a search that runs far over (a loaded machine).
    budget = level.search_nodes or None
    deadline = time.perf_counter() + 2 * level.think_seconds if level.think_seconds > 0 else None
    sides = playing_sides(info.rules, info.declarer)
    side = sides[info.seat]
    moves = [int(p.card) for p in plays]
    if level.sees_all:
        worlds = [real_world(info.whole_game())]
    else:
        know = info.knowledge(level.memory, rng)
        count = level.worlds or EASY_WORLDS
        draw = count * (CANDIDATES_PER_WORLD if level.weighted else 1)
        worlds = []
        weigh = world_weigher(info) if level.reads_auction else None
        for i in range(draw):
            if i >= 2 and (budget is not None and i * SAMPLE_NODES >= budget / 2
                           or deadline is not None and time.perf_counter() > deadline):
                break
            world = sample_world(know, rng)
            if level.weighted:
                world.weight = weigh(world) if weigh is not None else play_likelihood(info, world)
                if world.weight <= 0:
                    continue
            worlds.append(world)
        if level.weighted and len(worlds) > count:
            worlds.sort(key=lambda w: -w.weight)
            worlds = worlds[:count]
        if not worlds:
            worlds = [sample_world(know, rng)]
    totals = dict.fromkeys(moves, 0.0)
    points = dict.fromkeys(moves, 0.0)
    made = dict.fromkeys(moves, 0.0)
    per_world: dict[int, list[float]] = {c: [] for c in moves}
    weights: list[float] = []
    weight_sum = 0.0
    used = spent = 0
    table: Table = {}
    for world in worlds:
        position = _position(info, world, sides)
        tricks_left = position.tricks_left
        exact = tricks_left <= level.exact_tricks
        total = sum(position.points) + position.remaining_points()
        contract = _contract(info, sides, world)
        values, work = _world_values(position, moves, level, exact, table)
        spent += work
        w = world.weight if level.weighted else 1.0
        for card in moves:
            v = values[card]
            utility = hand_utility(contract, side, v, total)
            per_world[card].append(utility)
            totals[card] += w * utility
            points[card] += w * v
            if contract.declaring is not None:
                decl = v if side == contract.declaring else total - v
                made[card] += w * (decl + contract.buried + contract.meld[contract.declaring] >= contract.bid)
        weights.append(w)
        weight_sum += w
        used += 1
        if budget is not None and spent >= budget or deadline is not None and time.perf_counter() > deadline:
            break
    return CardValues(totals, points, made, weight_sum or 1.0, used, per_world, weights)


def _sampled(info: InfoState, plays: list[Play], level: Level, rng: random.Random) -> Choice:
    valued = sampled_card_values(info, plays, level, rng)
    totals, weight_sum = valued.totals, valued.weight_sum
    sides = playing_sides(info.rules, info.declarer)
    side = sides[info.seat]
    moves = [int(p.card) for p in plays]
    trump = info.trump
    ranked = sorted(moves, key=lambda c: (-(totals[c] / weight_sum - 0.001 * _power(c, trump)), c))
    pick = ranked[0]
    slipped = False
    if level.slip and len(ranked) > 1 and rng.random() < level.slip:
        second = ranked[1]
        if (totals[pick] - totals[second]) / weight_sum <= SLIP_MARGIN * info.rules.trick_total:
            pick, slipped = second, True
    reason = _reason(info, pick, valued.points[pick] / weight_sum, valued.made[pick] / weight_sum,
                     _contract(info, sides, None).declaring is not None,
                     side == _decl_side(info, sides))
    if slipped:
        reason += " (a hunch)"
    return PLAYS[pick], reason


def _meld_edge(contract: Contract, side: int) -> float:
    """Without an auction the meld is not in :func:`hand_utility`: our meld less theirs."""
    if contract.declaring is not None or len(contract.meld) != 2:
        return 0.0
    return float(contract.meld[side] - contract.meld[1 - side])


def _as_dealt(game: Game, seat: int) -> tuple[Position, Contract, int, int]:
    """The rest of the hand with the cards as they lie in ``game``: its position, the contract, the
    trick points in play and ``seat``'s side (merged as :func:`~engine.ai.search.worlds.playing_sides`). ``game`` holds
    every card as the caller dealt it: a determinized copy (:meth:`engine.info_state.InfoState.dealt`), or the
    real game for a view that sees every card."""
    info = info_state(game, seat)
    sides = playing_sides(info.rules, info.declarer)
    world = real_world(game)
    position = _position(info, world, sides)
    total = sum(position.points) + position.remaining_points()
    return position, _contract(info, sides, world), total, sides[seat]


def playout_worth(game: Game, seat: int) -> float:
    """What the hand is worth to ``seat``'s side (as :func:`hand_utility`, meld included) when the
    rest of it is played out by the fast greedy policy with the cards as they lie in ``game`` (a game
    whose hidden cards the caller dealt as it saw fit)."""
    position, contract, total, side = _as_dealt(game, seat)
    points = greedy_playout(position)[side]
    return hand_utility(contract, side, points, total) + _meld_edge(contract, side)


def solved_card_worths(game: Game, seat: int, plays: Sequence[Play], max_nodes: int | None = None) -> dict[int, float]:
    """Every card of ``plays`` valued by an exact search of the rest of the hand with the cards as they
    lie (two-handed once the stock is gone, when every card is known): the hand's worth to the seat's
    side as :func:`playout_worth` counts it (within ``max_nodes``, the deepest search that fits)."""
    position, contract, total, side = _as_dealt(game, seat)
    moves = [int(p.card) for p in plays]
    values: dict[int, int] = dict(solve(position, max_nodes=max_nodes, want_values=True).values)
    if any(c not in values for c in moves):  # not even one trick searched within the budget: play out
        values = _world_values(position, moves, Level("playout"), exact=False)[0]
    edge = _meld_edge(contract, side)
    return {c: hand_utility(contract, side, values[c], total) + edge for c in moves}


def _decl_side(info: InfoState, sides: Sequence[int]) -> int | None:
    declarer = info.declarer
    return sides[declarer] if declarer is not None else None


def _power(card: int, trump: int | None) -> int:
    """How strong a card is, to break ties toward the cheaper card (never overtake for nothing)."""
    return card % 6 + (6 if card // 6 == trump else 0)


def _trick_note(info: InfoState, card: int) -> str:
    """What the card does to the trick now, in words (empty when nothing worth saying)."""
    trump = info.trump
    assert trump is not None
    rules = info.rules
    seat = info.seat
    values = card_values(rules)
    plays = info.trick
    trick = [c for _, c in plays]
    if not trick:
        return "your lead"
    counters = sum(values[c] for c in trick) + values[card]
    win_index = trick_winner(trick, trump)
    winner_seat = plays[win_index][0]
    partner_winning = rules.team_of(winner_seat) == rules.team_of(seat) and winner_seat != seat
    takes = beats(card, trick[win_index], trick[0] // 6, trump)
    if partner_winning and not takes:
        if values[card]:
            return f"{counters} points onto partner's trick"
        return "stay under partner"
    if takes:
        verb = "trump it" if card // 6 == trump and trick[0] // 6 != trump else "win it"
        return f"{verb}: {counters} points in the trick"
    return "give up this trick"


def _reason(info: InfoState, card: int, points: float, made: float, contract: bool, declaring: bool) -> str:
    note = _trick_note(info, card)
    total = info.rules.trick_total
    text = f"{note}; about {round(points)} of {total} trick points for your side"
    if contract:
        text += f", you make the bid {how_often(made)}" if declaring else \
            f", the declarer is set {how_often(1 - made)}"
    return text


# -- two-handed --------------------------------------------------------------------------------


def _two_hand_endgame(info: InfoState, plays: list[Play], level: Level, rng: random.Random) -> Choice:
    """Stock gone, melds back in the hands: every card is known. Solve exactly once the hand is
    short enough for the level (:func:`two_hand_exact_tricks`); before that, playouts. A forgetful
    level may misremember the cards played and so the opponent's hand."""
    assert info.trump is not None
    world = real_world(info.whole_game()) if level.sees_all else sample_world(info.knowledge(level.memory, rng), rng)
    position = _position(info, world, playing_sides(info.rules, info.declarer))
    moves = [int(p.card) for p in plays]
    if position.tricks_left <= two_hand_exact_tricks(level):
        cap = deadline = None
        if level.think_seconds > 0:  # as the other games' card play: the clock stops it at twice its time
            cap = int(level.think_seconds * ENDGAME_NODES_PER_SECOND)
            deadline = time.perf_counter() + 2 * level.think_seconds
        result = solve(position, max_nodes=cap, deadline=deadline)
        note = _trick_note(info, result.card)
        how = "worked out exactly" if result.exact else "searched as far as time allows"
        return PLAYS[result.card], f"{note}; {result.value} trick points for your side, {how}"
    values, _ = _world_values(position, moves, level, False)
    pick = max(moves, key=lambda c: (values[c], -_power(c, info.trump)))
    return PLAYS[pick], f"{_trick_note(info, pick)}; about {values[pick]} trick points for your side"


def two_hand_exact_tricks(level: Level) -> int:
    """From how many tricks a level solves the two-handed endgame exactly: all 12 for a level with a
    long exact endgame (about 90,000 nodes, 0.2 s; the node cap and the clock turn a rare huge one
    into the deepest search that fits), 9 for a short one (0.07 s), none for a level that only plays
    out."""
    if level.sees_all or level.exact_tricks >= 5:
        return 12
    return 9 if level.worlds else 0


def _keep_costs(cards: Sequence[tuple[int, bool]], tally: list[int], trump: int, rules: Rules) -> list[float]:
    """What playing each card (code, from the table?) gives up: its part in meld, and a trump's power (the meld
    with all the cards worked out once, without each card once; a card no meld uses gives up none)."""
    melded = meld_cards(trump, rules)
    before = meld_total(tally, trump, rules)
    losses: dict[int, int] = {}
    costs = []
    for c, from_table in cards:
        if c not in losses:
            losses[c] = 0
            if c in melded:
                tally[c] -= 1
                losses[c] = before - meld_total(tally, trump, rules)
                tally[c] += 1
        loss = losses[c] * (0.3 if from_table else 0.6)
        costs.append(loss + (10 + 2 * (c % 6) if c // 6 == trump else 0))
    return costs


def _answer_scores(cards: Sequence[tuple[int, bool]], led: int, tally: list[int], trump: int, rules: Rules,
                   values: Sequence[int], melds: bool) -> list[float]:
    """The second card of a two-handed trick: take the points cheaply, or let a poor trick go."""
    costs = _keep_costs(cards, tally, trump, rules)
    scores = []
    for (c, _), cost in zip(cards, costs, strict=True):
        gain = values[led] + values[c]
        wins = beats(c, led, led // 6, trump)
        scores.append(((gain + (8 if melds else 3)) if wins else -gain) - cost)
    return scores


def _two_hand_early(info: InfoState, plays: list[Play], level: Level, rng: random.Random) -> Choice:
    """While the stock lasts any card may be played: keep meld and trumps, take counters cheaply.

    (Leads chosen by sampling the opponent's answers did worse than this rule in duplicate play:
    they spent aces and trumps winning tricks the opponent would rather let go.)
    """
    trump = info.trump
    assert trump is not None
    rules = info.rules
    values = card_values(rules)
    hand = info.hand
    tables = info.tables
    mine = hand + (tables[info.seat].cards() if tables else [])
    tally = counts(mine)
    hand_meld = meld_total(counts(hand), trump, rules) > 0
    trick = info.trick
    led = int(trick[0][1]) if trick else None
    cards = [(int(p.card), p.from_table) for p in plays]
    if led is not None:
        scores = _answer_scores(cards, led, tally, trump, rules, values, hand_meld)
    else:
        costs = _keep_costs(cards, tally, trump, rules)
        scores = [-values[c] - cost + (4 if c % 6 == 5 and c // 6 != trump else 0)
                  for (c, _), cost in zip(cards, costs, strict=True)]
    ranked = sorted(zip(scores, plays, strict=True), key=lambda x: (-x[0], int(x[1].card), x[1].from_table))
    pick = ranked[0][1]
    if level.slip and len(ranked) > 1 and rng.random() < level.slip and ranked[0][0] - ranked[1][0] < 6:
        pick = ranked[1][1]
    c = int(pick.card)
    if led is None:
        why = "a lead that keeps your meld and trumps"
    elif beats(c, led, led // 6, trump):
        why = f"take the trick: {values[led] + values[c]} points, and the first draw"
    else:
        why = "let it go: not worth a trump or a meld card"
    return pick, why


__all__ = ["CardValues", "Contract", "choose_play", "hand_utility", "playout_worth", "sampled_card_values",
           "solved_card_worths"]
