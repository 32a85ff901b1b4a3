"""What the table says is true: every number a panel shows is the engine's.

Whole games of every preset (several hands each, with targets changed so that they end) are played
through the director as the table plays them, and after every event the director shows, each panel's
numbers - the score box, the score pad, the hand's summary (a declare-out's too) and the two-handed meld
labels - are compared with what the engine said: its events as they came and the hand records. The
games take in declaring out, throwing in, bids set and claims of the remaining tricks.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from dataclasses import dataclass, field

import pytest
from conftest import fast_where

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.actions import Action, Bid, DeclareOut, ThrowIn  # noqa: E402
from engine.cards import parse_cards  # noqa: E402
from engine.claim_tricks import claim_plan, claim_the_rest  # noqa: E402
from engine.deal import shared_deal_number  # noqa: E402
from engine.declare_out import claim_of  # noqa: E402
from engine.events import Buried, Dealt, Event, HandScored, MeldLaid, TrickTaken  # noqa: E402
from engine.game import Game, Phase, new_game  # noqa: E402
from engine.observation import Observation, observe  # noqa: E402
from engine.play import count_points  # noqa: E402
from engine.record import HandRecord  # noqa: E402
from engine.rules import PRESETS, Rules, TrumpBy, preset, preset_help  # noqa: E402
from engine.rules_help import tour_pages  # noqa: E402
from pinochle_gui.anim import Animation, Animator, ManualClock, Timing  # noqa: E402
from pinochle_gui.art import CardArt  # noqa: E402
from pinochle_gui.table.director import VIEW_SEAT, Director, Plan  # noqa: E402
from pinochle_gui.table.event_plans import plan  # noqa: E402
from pinochle_gui.table.meld_view import laid_labels, meld_name  # noqa: E402
from pinochle_gui.table.scorepad import hand_in_progress, pad_rows, score_box, side_names  # noqa: E402
from pinochle_gui.table.summary import summary_lines  # noqa: E402

pytestmark = pytest.mark.timeout(300)
SIZE = (1280, 720)
MOST_HANDS = 8  # a game the random moves keep from its target ends here
SEEDS = 16  # games of each preset

#: Each preset with a changed target (or number of hands), so that a whole game is a few hands.
GAMES: dict[str, Rules] = {
    "two_hand": preset("two_hand", game_target=600),
    "three_hand": preset("three_hand", game_target=400),
    "partnership_turnup": preset("partnership_turnup", game_target=400),
    "partnership_auction": preset("partnership_auction", game_target=600),
    "partnership_auction_div10": preset("partnership_auction_div10", game_hands=3),
    "double_deck": preset("double_deck", game_target=150),
}


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.display.set_mode(SIZE)


@dataclass
class Truth:
    """What the engine said so far, kept apart from what the table makes of it."""

    game: Game
    names: list[str]
    taken: list[int] = field(default_factory=list)  # this hand's trick points per side, from the tricks taken
    laid: list[list[tuple[str, int]]] = field(default_factory=list)  # two-handed: each seat's melds this hand
    buried: tuple[int, int] | None = None  # the declaring side and what its bury counts, when the player buried
    kinds: Counter[str] = field(default_factory=Counter)  # how the hands ended: played, set, thrown in, out

    def new_hand(self) -> None:
        self.taken = [0] * len(self.game.rules.teams)
        self.laid = [[] for _ in range(self.game.rules.players)]
        self.buried = None

    def record(self, hand_number: int) -> HandRecord:
        return self.game.hand_records[hand_number - 1]


def known_tricks(truth: Truth) -> tuple[int, ...]:
    """The trick points the player knows of: the tricks taken so far and the player's own bury."""
    points = list(truth.taken)
    if truth.buried is not None:
        points[truth.buried[0]] += truth.buried[1]
    return tuple(points)


def check_summary(director: Director, truth: Truth, event: HandScored, obs: Observation) -> None:
    rules = truth.game.rules
    record = truth.record(director.news.board[1] if director.news.board else obs.hand_number)
    box = score_box(director.seen or obs, director.news, rules)
    assert box.scores == tuple(record["scores_after"]) == event.scores_after
    assert box.tricks is None  # the hand's points are in the scores now
    assert box.hand_number == record["hand_number"]
    assert box.deal_number == shared_deal_number(record["seed"], record["dealer"], record["seats"])
    assert director.news.summary_deal == box.deal_number
    sides = side_names(rules.teams, truth.names)
    summary = director.news.summary
    assert summary is not None
    head, rows = summary_lines(summary, sides, truth.names, director.news.claim_counts)
    after, delta = record["scores_after"], record["score_delta"]
    claim = record.get("declared_out")
    if claim is not None:
        truth.kinds["declared out"] += 1
        assert f" {claim['total']:,} " in head and f"{record['target']:,}" in head
        assert rows[0] == ["", "Score", "Tricks", "Meld", "Count"]
        for side, row in enumerate(rows[1:]):
            score, tricks, meld, count = (int(v) for v in row[1:])
            assert score + tricks + meld == count
            assert score == after[side] - delta[side]  # the score before this hand's meld and tricks
            assert tricks == truth.taken[side]
            if rules.trump_by == TrumpBy.STOCK:
                assert meld == delta[side]  # the meld laid this hand, in the score as it was laid
            else:
                won = any(rules.team_of(t["winner"]) == side for t in record["tricks"])
                shown = sum(m["points"] for m in record["melds"] if rules.team_of(m["seat"]) == side)
                assert meld == (shown if won else 0)
        assert int(rows[1 + rules.team_of(claim["seat"])][4]) == claim["total"]
        # The game's end names the total's parts: the final score stays as scored before the hand.
        scored = int(rows[1 + rules.team_of(claim["seat"])][1])
        if scored != claim["total"]:
            assert f"{claim['total']:,} ({scored:,} scored + {claim['total'] - scored:,} in this hand)" in \
                director.news.ending, director.news.ending
        return
    truth.kinds["thrown_in" if record.get("thrown_in") else "set" if record.get("went_set") else record["how"]] += 1
    if record["how"] == "played":
        declarer = record.get("declarer")
        declaring = rules.team_of(declarer) if isinstance(declarer, int) else None
        buried = count_points(parse_cards(record["buried"]), rules) if record.get("buried") else 0
        for side in range(len(rules.teams)):
            assert record["trick_points"][side] == truth.taken[side] + (buried if side == declaring else 0)
        assert truth.buried is None or truth.buried == (declaring, buried)  # the player's bury as the box counted it
    assert rows[0] == ["", "Meld", "Tricks", "Change", "Score"]
    for side, row in enumerate(rows[1:]):
        meld = record["meld"][side]
        assert row == [sides[side], f"{meld}" if record["meld_counted"][side] else f"{meld} (lost)",
                       str(record["trick_points"][side]), f"{delta[side]:+d}", str(after[side])]
    if record.get("bid") and record.get("declarer") is not None:
        assert f"{record['bid']}" in head


def check_labels(director: Director, truth: Truth) -> None:
    """Each two-handed meld label: its total is the seat's meld this hand, and it names every meld counted."""
    for seat, label in laid_labels(director.news.laid, director.tables).items():
        total, _, listed = label.removeprefix("Meld ").partition(": ")
        items: Counter[tuple[str, int]] = Counter()
        for item in listed.split(", "):
            words = re.fullmatch(r"(.+) (\d+)(?: ×(\d+))?", item)
            assert words is not None, label
            items[(words[1], int(words[2]))] += int(words[3] or 1)
        laid = truth.laid[seat]
        assert int(total) == sum(points for _name, points in laid) == sum(p * n for (_m, p), n in items.items())
        assert items == Counter((meld_name(name), points) for name, points in laid), label


def checking_plan(truth: Truth) -> Plan:
    """The table's plan of each event, and after it every panel's numbers checked against the engine."""

    def checked(director: Director, event: Event, obs: Observation) -> Animation | None:
        if isinstance(event, Dealt):
            truth.new_hand()
        elif isinstance(event, TrickTaken):
            truth.taken[truth.game.rules.team_of(event.seat)] += event.points
        elif isinstance(event, MeldLaid):
            truth.laid[event.seat].append((event.name, event.points))
        elif isinstance(event, Buried):  # the player's own bury, seen as it is made
            truth.buried = truth.game.rules.team_of(event.seat), count_points(event.cards, truth.game.rules)
        animation = plan(director, event, obs)
        rules = truth.game.rules
        seen = director.seen or obs
        box = score_box(seen, director.news, rules)
        if isinstance(event, TrickTaken):
            assert box.tricks == known_tricks(truth), (box, truth.taken)
        if isinstance(event, HandScored):
            check_summary(director, truth, event, obs)
        if rules.trump_by == TrumpBy.STOCK:
            check_labels(director, truth)
        return animation

    return checked


def check_caught_up(director: Director, truth: Truth) -> None:
    """The table at rest shows the game as it is: the score box, the pad's rows and the hand in progress."""
    game = truth.game
    rules = game.rules
    obs = observe(game, VIEW_SEAT)
    seen = director.seen or obs
    box = score_box(seen, director.news, rules)
    assert box.scores == tuple(game.scores)
    assert box.hand_number == game.hand_number
    assert box.deal_number == shared_deal_number(game.deal_number, game.hand.deal.dealer, rules.players)
    if not game.is_over and game.phase not in (Phase.BIDDING, Phase.REDEAL):
        assert box.tricks == known_tricks(truth)
        sides = side_names(rules.teams, truth.names)
        now = hand_in_progress(seen, director.news, rules, truth.names, sides, game.hands_played)
        if seen.tricks:
            shown = ", ".join(f"{side} {points}" for side, points in zip(sides, known_tricks(truth), strict=True))
            assert f"in tricks so far {shown}" in now, now
    for record, row in zip(game.hand_records, pad_rows(game.hands_played, truth.names), strict=True):
        assert row[0] == str(record["hand_number"])
        assert row[2:] == [f"{d:+d} = {a}" for d, a in zip(record["score_delta"], record["scores_after"], strict=True)]
    if rules.trump_by == TrumpBy.STOCK:
        check_labels(director, truth)


def choose(game: Game, rng: random.Random) -> Action | list[Action]:
    """A move for the seat to act: now and then a claim of the game or of the remaining tricks, a throw-in,
    a bid high enough to go set; else any legal action."""
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions()
    claim = claim_of(game, seat)
    if claim is not None and claim.right and rng.random() < 0.3:
        return next(a for a in legal if isinstance(a, DeclareOut))
    others = [a for a in legal if not isinstance(a, DeclareOut)]
    if claim_plan(game, seat) is not None:  # in every hand of the game
        return claim_the_rest(game, seat)[1]
    throw = [a for a in others if isinstance(a, ThrowIn)]
    if throw and rng.random() < 0.1:
        return throw[0]
    bids = [a for a in others if isinstance(a, Bid)]
    if bids and rng.random() < 0.5:
        return bids[0] if rng.random() < 0.8 else bids[-1]
    return rng.choice([a for a in others if not isinstance(a, (Bid, ThrowIn))] or others)


def play_game(variant: str, seed: int, truth_kinds: Counter[str]) -> int:
    rules = GAMES[variant]
    game = new_game(rules, seed=seed)
    names = ["You", "West", "North", "East"] if rules.players == 4 else \
        ["You", "West", "East"] if rules.players == 3 else ["You", "North"]
    game.players = names
    truth = Truth(game, names)
    truth.new_hand()
    director = Director(rules, names, CardArt(), Animator(Timing("instant"), ManualClock()), SIZE,
                        checking_plan(truth))
    director.feed(game.opening_events(), observe(game, VIEW_SEAT))
    director.skip()
    rng = random.Random(seed)
    while not game.is_over and len(game.hand_records) < MOST_HANDS:
        chosen = choose(game, rng)
        for action in chosen if isinstance(chosen, list) else [chosen]:
            if isinstance(chosen, list) and action is chosen[0]:
                truth.kinds["claim"] += 1
            director.feed(game.apply(action), observe(game, VIEW_SEAT))
            director.skip()
            check_caught_up(director, truth)
    truth_kinds.update(truth.kinds)
    return len(game.hand_records)


@pytest.mark.parametrize("variant", fast_where(list(GAMES), ["three_hand", "partnership_turnup"]))
def test_every_number_the_table_shows_is_the_engines_over_whole_games(variant: str) -> None:
    kinds: Counter[str] = Counter()
    hands = [play_game(variant, seed, kinds) for seed in range(1, SEEDS + 1)]
    assert max(hands) >= 3 and sum(hands) >= 2 * SEEDS, hands  # whole games of several hands
    expected = {"claim"}
    if GAMES[variant].declare_out:
        expected.add("declared out")
    if GAMES[variant].auction:
        expected.add("set")
    if GAMES[variant].throw_in:
        expected.add("thrown_in")
    assert expected <= set(kinds), kinds


@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_tour_and_the_blurb_name_the_target_in_force(variant: str) -> None:
    for target in (100, 2350):
        rules = preset(variant, game_target=target)
        game_page = tour_pages(rules)[0].text
        blurb = preset_help(rules)
        if rules.game_hands:
            assert f"{rules.game_hands} hands" in game_page and f"{rules.game_hands} hands a game" in blurb
            continue
        assert f"first to {target} points" in game_page and blurb.endswith(f"game {target}.")
        figures = {int(n) for n in re.findall(r"\bgame (\d+)", game_page + " " + blurb)}
        assert figures == {target}, (game_page, blurb)
