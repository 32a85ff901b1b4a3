"""Perfect-information play: positions, playouts and the search (engine/ai/search/: trickplay.py, solver.py)."""

from __future__ import annotations

import random
import time

import pytest

from engine.ai.search.solver import solve
from engine.ai.search.trickplay import (
    Position,
    greedy_choice,
    greedy_playout,
    holdings,
    legal_cards,
    mask_cards,
    random_playout,
)
from engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, new_deck, parse_cards
from engine.play import FREE, legal_codes, play_mode, trick_winner
from engine.rules import Rules, preset

MUST = preset("partnership_auction")
POST = preset("partnership_auction", play_rule="post_1945")
TWO = preset("two_hand")


def deal(rules: Rules, seed: int, tricks: int, trick_cards: int = 0) -> Position:
    """``tricks`` cards to each seat from a shuffled deck, ``trick_cards`` of the first trick played."""
    rng = random.Random(seed)
    deck: list[int] = list(new_deck(rules.double_deck))
    rng.shuffle(deck)
    seats = rules.players
    hands = [deck[i * tricks:(i + 1) * tricks] for i in range(seats)]
    leader = rng.randrange(seats)
    position = Position.start(hands, rng.randrange(4), rules, leader, points=[rng.randrange(30)] * (max(
        rules.team_of(s) for s in range(seats)) + 1))
    for _ in range(trick_cards):
        position.play(rng.choice(position.legal()))
    return position


def brute_force(position: Position, root_side: int) -> int:
    """Minimax over every legal card, no pruning: the root side's final points."""
    if position.over:
        return position.points[root_side]
    maximizing = position.side_of[position.to_move] == root_side
    results = []
    for card in position.legal():
        child = position.copy()
        child.play(card)
        results.append(brute_force(child, root_side))
    return max(results) if maximizing else min(results)


def brute_force_moves(position: Position) -> dict[int, int]:
    side = position.side_of[position.to_move]
    values = {}
    for card in position.legal():
        child = position.copy()
        child.play(card)
        values[card] = brute_force(child, side)
    return values


CASES = [
    (MUST, 3), (POST, 3), (TWO, 5), (preset("two_hand", phase2_must_win="trump_led"), 5),
    (preset("three_hand"), 3), (preset("double_deck"), 3), (preset("partnership_auction", count="old_timers"), 3),
    (preset("partnership_auction_div10"), 3),
]


@pytest.mark.parametrize(("rules", "tricks"), CASES)
@pytest.mark.parametrize("seed", range(6))
def test_search_agrees_with_brute_force(rules: Rules, tricks: int, seed: int) -> None:
    position = deal(rules, seed, tricks, trick_cards=seed % rules.players)
    expected = brute_force_moves(position)
    result = solve(position, want_values=True)
    assert result.exact
    assert result.values == expected
    assert result.value == max(expected.values())
    assert expected[result.card] == result.value
    # the pruned search (no values asked) finds the same value
    assert solve(position).value == result.value


def test_equal_card_in_the_trick_keeps_ranks_apart() -> None:
    # post-1945, hearts led with TH: East's TH would tie (and lose, the first played wins) where AH
    # wins; TH and AH count the same but are not equivalent plays
    hands = [parse_cards("JH QH KD"), parse_cards("KH 9D KD"), parse_cards("9S TH AD"), parse_cards("TH AH KC")]
    position = Position.start(hands, SPADES, POST, leader=2, points=[1, 1])
    ten_h, nine_s, ace_d = parse_cards("TH 9S AD")
    assert solve(position, want_values=True).values == {nine_s: 51, ten_h: 61, ace_d: 61}
    position.play(ten_h)
    result = solve(position, want_values=True)
    assert set(result.values) == set(parse_cards("TH AH"))
    assert result.values[parse_cards("AH")[0]] != result.values[ten_h]


def test_solve_leaves_the_position_as_it_was() -> None:
    position = deal(MUST, 3, 4, trick_cards=2)
    before = position.copy()
    solve(position)
    assert position == before


def test_cash_a_sure_winner_rather_than_lose_it_on_the_last_trick() -> None:
    # post-1945, two tricks left: North's AS is sure now, but if the club goes first, East wins it
    # and leads hearts, on which the ace (no hearts, no trumps) can only be thrown away
    hands = [parse_cards("AS 9C"), parse_cards("KC JH"), parse_cards("9H JS"), parse_cards("TC QH")]
    result = solve(Position.start(hands, DIAMONDS, POST, leader=0), want_values=True)
    as_, nine_c = parse_cards("AS 9C")
    assert result.card == as_
    assert result.values == {as_: 10, nine_c: 0}


def test_leading_low_can_beat_cashing_under_must_beat() -> None:
    # two-handed after the stock: the opponent must win the club and lead back into the ace
    hands = [parse_cards("AS 9C"), parse_cards("KS TC")]
    result = solve(Position.start(hands, HEARTS, TWO, leader=0), want_values=True)
    as_, nine_c = parse_cards("AS 9C")
    assert result.card == nine_c
    assert result.values == {as_: 11 + 4, nine_c: 11 + 4 + 10}


def test_trump_a_void_when_the_trick_carries_counters() -> None:
    # two-handed while the stock lasts (the second card free): West is void in spades and may
    # trump the ten or throw a club; trumping takes the counter and the lead
    hands = [parse_cards("TS JC"), parse_cards("9H QC")]
    position = Position.start(hands, HEARTS, TWO, leader=0)
    position.mode = FREE
    position.play(parse_cards("TS")[0])
    result = solve(position, want_values=True)
    nine_h, queen_c = parse_cards("9H QC")
    assert result.card == nine_h
    assert result.values == {nine_h: 10 + 3 + 2 + 10, queen_c: 2 + 10}


def test_do_not_waste_an_ace_on_the_partners_winning_ace() -> None:
    # post-1945, partner (seat 0) led AS and East followed JS: seat 2 cannot overtake (of identical
    # cards the first wins) and need not; the king keeps the ace for the next spade, where it beats
    # East's ten
    hands = [parse_cards("AS 9S"), parse_cards("JS TS"), parse_cards("AS KS"), parse_cards("QC 9C")]
    position = Position.start(hands, DIAMONDS, POST, leader=0)
    position.play(parse_cards("AS")[0])
    position.play(parse_cards("JS")[0])
    result = solve(position, want_values=True)
    ks, as_ = parse_cards("KS AS")
    assert result.card == ks
    assert result.values == {ks: 50, as_: 20}


def test_do_not_overtake_the_partners_winning_ten_under_post_1945() -> None:
    # partner (seat 0) leads TS, East follows QS: post-1945 lets seat 2 play under with JS, keeping
    # the ace for the spade to come, which catches East's king; must-beat would force the ace now
    hands = [parse_cards("TS 9S"), parse_cards("QS KS"), parse_cards("AS JS"), parse_cards("JH KH")]
    ts, qs, as_, js = parse_cards("TS QS AS JS")
    for rules, legal in ((POST, {as_, js}), (MUST, {as_})):
        position = Position.start(hands, DIAMONDS, rules, leader=0)
        position.play(ts)
        position.play(qs)
        assert set(position.legal()) == legal
    result = solve(position_after(hands, POST, ts, qs), want_values=True)
    assert result.card == js
    assert result.values == {js: 50, as_: 20}


def position_after(hands: list[list[Card]], rules: Rules, *plays: int) -> Position:
    position = Position.start(hands, DIAMONDS, rules, leader=0)
    for card in plays:
        position.play(card)
    return position


def test_random_and_greedy_playouts_total_the_trick_points() -> None:
    rng = random.Random(7)
    for rules in (MUST, POST, TWO, preset("three_hand"), preset("double_deck"), preset("partnership_auction_div10")):
        position = deal(rules, 11, len(new_deck(rules.double_deck)) // rules.players)
        already = sum(position.points)
        for _ in range(5):
            assert sum(random_playout(position, rng)) == rules.trick_total + already
        greedy = greedy_playout(position)
        assert sum(greedy) == rules.trick_total + already
        assert greedy_playout(position) == greedy  # deterministic


def test_greedy_play_beats_random_play() -> None:
    """Side 0 plays the rule of thumb, side 1 at random, then the other way round, on the same deals."""
    rng = random.Random(5)
    margin = 0
    for seed in range(30):
        start = deal(MUST, seed, 12)
        start.points = [0, 0]
        for greedy_side in (0, 1):
            position = start.copy()
            while not position.over:
                seat = position.to_move
                if position.side_of[seat] == greedy_side:
                    card = greedy_choice(position.hands[seat], position.trick, seat, position.leader,
                                         position.side_of, position.trump, position.mode, position.values)
                else:
                    card = rng.choice(position.legal())
                position.play(card)
            margin += position.points[greedy_side] - position.points[1 - greedy_side]
    assert margin / 60 > 20  # points a hand, of 250


def test_anytime_search_answers_within_a_node_budget() -> None:
    position = deal(MUST, 2, 12)
    result = solve(position, max_nodes=3000)
    assert not result.exact
    assert result.card in position.legal()
    assert result.nodes <= 3001
    deep = solve(position, max_depth=2)
    assert deep.depth == 2 and not deep.exact and deep.card in position.legal()


def test_the_clock_cuts_a_search_short_and_only_then() -> None:
    position = deal(TWO, 0, 12)
    late = solve(position, max_nodes=400_000, deadline=time.perf_counter() - 1.0)  # the time is already up
    assert not late.exact and late.card in position.legal()
    assert late.nodes <= 2 * 2048  # stopped at the first reading of the clock
    budget = solve(position, max_nodes=20_000)
    timed = solve(position, max_nodes=20_000, deadline=time.perf_counter() + 3600.0)
    assert (timed.card, timed.value, timed.depth) == (budget.card, budget.value, budget.depth)
    assert timed.nodes == budget.nodes


def test_two_handed_twelve_trick_endgame_solves_exactly() -> None:
    position = deal(TWO, 0, 12)
    result = solve(position)
    assert result.exact and result.depth == 12
    assert result.card in position.legal()
    # the answer is the value of the hand under best play: playing it out move by move keeps it
    side = position.side_of[position.to_move]
    line = position.copy()
    while not line.over:
        line.play(solve(line).card)
    assert line.points[side] == result.value


def test_a_shared_table_gives_the_same_answers_faster() -> None:
    table: dict[int, tuple[int, int, int, int]] = {}
    position = deal(TWO, 4, 9)
    first = solve(position, table=table)
    again = solve(position, table=table)
    assert (again.card, again.value) == (first.card, first.value)
    assert again.nodes < first.nodes / 5
    # every later move of the hand, either seat to move, agrees with a fresh search
    line = position.copy()
    while not line.over:
        shared = solve(line, table=table)
        fresh = solve(line)
        assert shared.value == fresh.value
        line.play(shared.card)


def test_three_seats_search_is_the_side_to_move_against_the_others() -> None:
    position = deal(preset("three_hand"), 5, 3)
    mover = position.to_move
    result = solve(position, want_values=True)
    expected = brute_force_moves(position)  # brute_force: the root side against every other seat
    assert result.values == expected
    assert position.side_of == (0, 1, 2) and mover in (0, 1, 2)


def test_position_checks() -> None:
    with pytest.raises(ValueError, match="same number"):
        Position.start([parse_cards("AS"), parse_cards("KS QS")], SPADES, TWO, leader=0)
    position = Position.start([parse_cards("QS KC"), parse_cards("KS 9S")], CLUBS, TWO, leader=0)
    with pytest.raises(ValueError, match="not a legal play"):
        position.play(parse_cards("AH")[0])
    assert position.play(parse_cards("QS")[0]) is None
    assert (position.tricks_left, position.to_move) == (2, 1)
    with pytest.raises(ValueError, match="not a legal play"):
        position.play(parse_cards("9S")[0])
    assert position.play(parse_cards("KS")[0]) == 1
    assert position.points == [0, 3 + 4]
    assert (position.tricks_left, position.to_move, position.over) == (1, 1, False)
    position.play(parse_cards("9S")[0])
    position.play(parse_cards("KC")[0])
    assert position.points == [4 + 10, 7] and position.over and position.remaining_points() == 0


@pytest.mark.parametrize("rules", [MUST, POST, preset("partnership_auction_div10"), preset("double_deck"),
                                   preset("partnership_turnup")], ids=lambda r: f"{r.variant}-{r.play_rule}")
def test_the_play_core_allows_exactly_what_the_game_allows(rules: Rules) -> None:
    from engine.actions import Play
    from engine.game import Phase, new_game
    from engine.players import RandomPlayer

    checked = 0
    for seed in range(8):
        game = new_game(rules, seed=seed)
        player = RandomPlayer(seed)
        while not game.is_over and game.hand_number <= 2:
            h = game.hand
            if game.phase == Phase.PLAY and h.trump is not None:
                position = Position.start(h.hands, h.trump, rules, h.leader, trick=[c for _, c in h.trick])
                assert set(position.legal()) == {int(a.card) for a in game.legal_actions() if isinstance(a, Play)}
                checked += 1
            game.apply(player.choose(game, game.to_act))
    assert checked > 100


# The play core keeps its own, faster form of the rules of play (hands as bit masks); it must
# allow exactly what engine.play.legal_codes allows, in the same order, under every rule of play.
PLAY_RULES = [MUST, POST, preset("partnership_auction", play_rule="always_win"),
              preset("partnership_auction", play_rule="win_if_able"), TWO,
              preset("two_hand", phase2_must_win="trump_led"), preset("three_hand"), preset("double_deck")]


@pytest.mark.parametrize("free", [False, True], ids=["rule of play", "free (two-handed, stock left)"])
def test_legal_cards_by_mask_agree_with_the_rules_of_play(free: bool) -> None:
    rng = random.Random(12)
    narrowed = 0
    for _ in range(4000):
        rules = rng.choice(PLAY_RULES)
        mode = play_mode(rules, free)
        deck: list[int] = list(new_deck(rules.double_deck))
        rng.shuffle(deck)
        hand = sorted(deck[:rng.randrange(1, 13)])
        trick = deck[20:20 + rng.randrange(rules.players)]
        trump = rng.randrange(4)
        (held,), _ = holdings([hand])
        expected = legal_codes(hand, trick, trump, mode)
        if trick:
            got = legal_cards(held, trick[0] // 6, trick[trick_winner(trick, trump)], trump, mode)
        else:
            got = mask_cards(held)
        assert got == expected, (rules.play_rule, mode, hand, trick, trump)
        narrowed += len(expected) < len(set(hand))
    if free:
        assert narrowed == 0
    else:
        assert narrowed > 2000  # most positions with a trick in progress restrict the cards (2256 here)


@pytest.mark.parametrize("rules", PLAY_RULES, ids=lambda r: f"{r.variant}-{r.play_rule}-{r.phase2_must_win}")
@pytest.mark.parametrize("free", [False, True], ids=["rule of play", "free"])
def test_playouts_play_what_the_rules_and_the_rule_of_thumb_choose(rules: Rules, free: bool) -> None:
    """The playouts give what playing the position card by card gives (the game's legal cards)."""
    for seed in range(15):
        position = deal(rules, seed, tricks=1 + seed % 12, trick_cards=seed % rules.players)
        if free:
            position.mode = FREE
        played = position.copy()
        rng = random.Random(seed)
        while not played.over:
            played.play(rng.choice(played.legal()))
        assert random_playout(position, random.Random(seed)) == played.points
        played = position.copy()
        while not played.over:
            seat = played.to_move
            played.play(greedy_choice(played.hands[seat], played.trick, seat, played.leader, played.side_of,
                                      played.trump, played.mode, played.values))
        assert greedy_playout(position) == played.points


# -- many random small endgames: the search, shared tables and the playouts against the references ---

SMALL_RULES = [MUST, POST, TWO, preset("two_hand", phase2_must_win="trump_led"), preset("three_hand"),
               preset("double_deck"), preset("partnership_auction", play_rule="win_if_able"),
               preset("partnership_auction", count="old_timers"), preset("partnership_turnup")]


def test_search_agrees_with_brute_force_on_thousands_of_small_endgames() -> None:
    """1,800 random endgames of one to three tricks (two tricks or fewer with four seats), every rule
    of play and count, a trick in progress or not: the values of every card, the best value of the
    pruned search, and the same searches sharing one table (as a decision's worlds do)."""
    rng = random.Random(20261124)
    tables: dict[int, dict[int, tuple[int, int, int, int]]] = {}
    checked = 0
    for n in range(1800):
        rules = SMALL_RULES[n % len(SMALL_RULES)]
        tricks = rng.randrange(1, 3 if rules.players == 4 else 4)
        position = deal(rules, rng.randrange(10**6), tricks, trick_cards=rng.randrange(rules.players))
        if position.over:
            continue
        expected = brute_force_moves(position)
        result = solve(position, want_values=True)
        assert result.values == expected
        assert result.value == max(expected.values()) == solve(position).value
        # one table per set of rules and trump, shared by every search of that kind
        table = tables.setdefault(SMALL_RULES.index(rules) * 4 + position.trump, {})
        assert solve(position, want_values=True, table=table).values == expected
        checked += 1
    assert checked == 1800


def test_worlds_sharing_a_table_get_the_values_of_fresh_searches() -> None:
    """The hidden cards dealt differently, as a sampling player's worlds are: one table for all."""
    rng = random.Random(5)
    for rules, tricks in ((MUST, 5), (preset("three_hand"), 5), (TWO, 7)):
        base = deal(rules, rng.randrange(1000), tricks, trick_cards=1)
        seat = base.to_move
        table: dict[int, tuple[int, int, int, int]] = {}
        for _ in range(12):
            hidden = [c for s, hand in enumerate(base.hands) if s != seat for c in hand]
            rng.shuffle(hidden)
            hands = []
            for s, hand in enumerate(base.hands):
                if s == seat:
                    hands.append(list(hand))
                else:
                    hands.append(sorted(hidden[:len(hand)]))
                    hidden = hidden[len(hand):]
            world = Position.start(hands, base.trump, rules, base.leader, base.trick, base.points, base.side_of)
            assert solve(world, want_values=True, table=table).values == solve(world, want_values=True).values


def test_greedy_playouts_follow_the_rule_of_thumb_in_thousands_of_positions() -> None:
    """The playout's choices on masks are greedy_choice's, card for card, from 3,000 random positions
    (a trick in progress or not, every rule of play, free play too)."""
    rng = random.Random(11)
    for n in range(3000):
        rules = SMALL_RULES[n % len(SMALL_RULES)]
        position = deal(rules, rng.randrange(10**6), rng.randrange(1, 8), trick_cards=rng.randrange(rules.players))
        if n % 5 == 0:
            position.mode = FREE
        line = position.copy()
        while not line.over:
            seat = line.to_move
            line.play(greedy_choice(line.hands[seat], line.trick, seat, line.leader, line.side_of, line.trump,
                                    line.mode, line.values))
        assert greedy_playout(position) == line.points
