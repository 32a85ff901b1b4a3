"""Shared helpers for the engine's scenario tests: games with a stacked deal, actions by text, snapshots.

``stacked_game(rules, ["AH TH ...", ...])`` deals exactly the given cards (each hand filled up from
the rest of the deck, in the deck's fixed order, when fewer are given), so a test can build any
position; ``assert_record_replays`` replays the first hand's record from the same deal and checks
that it comes out identical, as :func:`engine.record.check_record` does for seeded deals.
"""

from __future__ import annotations

import functools
import os
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest

from engine.actions import Action, Bid, DeclareOut, Pass, action_from_text
from engine.cards import Card, format_cards, new_deck, parse_card, parse_cards
from engine.claim_tricks import claim_plan, claim_the_rest
from engine.deal import Deal
from engine.events import Event, EventKind, HandScored
from engine.game import Game, IllegalAction, Phase, new_game
from engine.hand_record import result_fields
from engine.record import HandRecord, check_record
from engine.rules import Rules, preset, with_options
from engine.save import game_to_dict
from engine.sim import play_game

# The app's computers (and hints) decide at once when asked, on the event loop's thread: no test's verdict
# may depend on how fast the machine answers (see pinochle_gui.table.seats.thinking_at_once).
os.environ["PINOCHLE_THINK_AT_ONCE"] = "1"


Test = TypeVar("Test", bound=Callable[..., object])

# How long a test waits for work in the background (an analysis, a worker process) before it fails: so
# generous that it only ever catches work that never ends. The longest wait, the hard computer's analysis
# of a two-handed hand, took 253 s on a busy machine; the modules that wait for it time out at 600 s.
WAIT_SECONDS = 480.0


def wait_until(done: Callable[[], object], what: str, step: Callable[[], object] | None = None,
               seconds: float = WAIT_SECONDS) -> None:
    """Run ``step`` (what the app's loop would do meanwhile: a poll, a frame) until ``done()`` is true,
    pausing a moment between rounds; fail saying that ``what`` did not happen if ``seconds`` pass first."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not happen within {seconds:.0f} s", pytrace=False)
        if step is not None:
            step()
        time.sleep(0.01)


@pytest.fixture(autouse=True)
def cost_job_where_tested(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The statistics' cost job (:class:`pinochle_gui.table.cost_job.HandCoster`) reviews every decision of
    every hand the player finishes with the hard search, in the tests on a thread of the tests' own process: a
    test of the table that is not about it would spend half its time there. It works in the tests marked
    ``cost_job`` (the cost job's own, the drills', the quick soak's: a player's own settings); elsewhere a
    finished hand is not handed to it."""
    if request.node.get_closest_marker("cost_job") is None:
        monkeypatch.setattr("pinochle_gui.table.cost_job.HandCoster.add", _no_cost_job)


def _no_cost_job(*_args: object, **_kwargs: object) -> None:
    return None


@pytest.fixture
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint the player asks for is the advice valued with medium's smaller search (the same code on a fifth of
    the deals), for tests of the table around the hint rather than of the advice (tests/test_one_verdict.py tests
    that)."""
    from engine.ai.analysis import worker
    from engine.ai.analysis.advice import ANALYSIS_LEVELS
    from engine.ai.analysis.hint import hint

    monkeypatch.setattr(worker, "hint", functools.partial(hint, level=ANALYSIS_LEVELS["medium"]))


def slow_where(values: Sequence[Any], slow: Sequence[Any]) -> list[Any]:
    """A test's parameters, those in ``slow`` marked slow (``make test-fast`` leaves them out)."""
    return [pytest.param(value, marks=pytest.mark.slow) if value in slow else value for value in values]


def fast_where(values: Sequence[Any], fast: Sequence[Any]) -> list[Any]:
    """A test's parameters, all but those in ``fast`` marked slow: ``make test-fast`` tries the behaviour on a
    sample (the default preset, say) and ``make test`` on every value."""
    return slow_where(values, [value for value in values if value not in fast])


def param_id(value: object) -> str:
    """A test parameter's name in the test's id: a window's size as 1280x720, anything else as itself."""
    if isinstance(value, tuple) and len(value) == 2:
        return f"{value[0]}x{value[1]}"
    return str(value)


def each_once_fast(rows: Sequence[Any], columns: Sequence[Any]) -> list[Any]:
    """Every pair of a row and a column as a test's two parameters. ``make test-fast`` keeps one column for each
    row, taking the columns in turn, so every row and every column is still tried there; ``make test`` tries
    every pair."""
    return [pytest.param(row, column, marks=() if j == i % len(columns) else pytest.mark.slow)
            for i, row in enumerate(rows) for j, column in enumerate(columns)]


def two_handed_analysis(test: Test) -> Test:
    """Slow, and run on one worker with the other tests that need the hard computer's analysis of the same
    two-handed hand (``record_of("two_hand", 7)``, seat 0): it takes minutes on a busy machine, and once
    finished the app keeps it for the next test in that process (``review_analysis.FINISHED``)."""
    return pytest.mark.slow(pytest.mark.xdist_group("two-handed analysis")(test))


def easy_analysis(test: Test) -> Test:
    """Slow, and run on one worker with the other tests that analyse the same hands of :func:`players_hand`
    with the easy search (the coach's words for every seat, the review stepped through in every variant):
    the app keeps the last twelve finished analyses (``review_analysis.FINISHED``), so a test of the group
    finds the analysis of a hand that an earlier one made in that process."""
    return pytest.mark.slow(pytest.mark.xdist_group("easy analysis")(test))


def players_hand(variant: str, seed: int, name: str = "Ada") -> HandRecord:
    """A hand the player (seat 0, named ``name``) played, the computers at easy."""
    game = new_game(preset(variant), seed=seed)
    game.humans = (0,)
    game.players = [name, "West", "North", "East"][: game.rules.players]
    return play_game(game, ["easy"] * game.rules.players, seed, 1).hand_records[0]


def make_deal(rules: Rules, hands: Sequence[str], dealer: int | None = None, widow: str = "", stock: str = "",
              turnup: str | None = None) -> Deal:
    """A :class:`Deal` holding the given cards; what is not given is filled from the rest of the deck.

    Four-handed turn-up: ``turnup`` (default: the dealer's last given card) ends the dealer's hand.
    Two-handed: ``stock`` are the first cards drawn, in order; ``turnup`` is the trump card under it.
    """
    if len(hands) != rules.players:
        raise ValueError(f"{rules.variant} deals {rules.players} hands")
    dealer = rules.players - 1 if dealer is None else dealer
    given = [parse_cards(h) for h in hands]
    widow_cards = parse_cards(widow)
    stock_cards = parse_cards(stock)
    turn = parse_card(turnup) if turnup else None
    if rules.trump_by == "turnup":
        turn = turn if turn is not None or not given[dealer] else given[dealer][-1]
        if turn is not None and turn not in given[dealer]:
            given[dealer].append(turn)
    pool = Counter(new_deck(rules.double_deck))
    extra = [turn] if rules.trump_by == "stock" and turn is not None else []
    for c in [c for h in given for c in h] + widow_cards + stock_cards + extra:
        if pool[c] == 0:
            raise ValueError(f"{c} is dealt more often than the deck holds it")
        pool[c] -= 1
    rest: list[Card] = []
    for c in new_deck(rules.double_deck):
        if pool[c]:
            pool[c] -= 1
            rest.append(c)
    filled: list[list[Card]] = []
    for h in given:
        if len(h) > rules.hand_size:
            raise ValueError(f"a hand of {len(h)} cards; {rules.variant} deals {rules.hand_size}")
        need = rules.hand_size - len(h)
        hand = list(h) + rest[:need]
        del rest[:need]
        if rules.trump_by == "turnup" and h is given[dealer] and turn is not None:
            hand.remove(turn)
            hand.append(turn)
        filled.append(hand)
    need = max(0, rules.widow_size - len(widow_cards))
    widow_cards += rest[:need]
    del rest[:need]
    deal = Deal(dealer, 424242, filled, widow_cards)
    if rules.trump_by == "stock":
        if turn is None:
            turn = rest.pop()
        deal.stock = stock_cards + rest + [turn]
        deal.turnup = turn
    elif rules.trump_by == "turnup":
        deal.turnup = filled[dealer][-1]
    _check_full_deck(rules, deal)
    return deal


def _check_full_deck(rules: Rules, deal: Deal) -> None:
    cards = [c for h in deal.hands for c in h] + deal.widow + deal.stock
    assert Counter(cards) == Counter(new_deck(rules.double_deck)), "a stacked deal must use the whole deck once"
    assert all(len(h) == rules.hand_size for h in deal.hands)
    assert len(deal.widow) == rules.widow_size


def stacked_game(rules: Rules, hands: Sequence[str], dealer: int | None = None, widow: str = "", stock: str = "",
                 turnup: str | None = None, scores: list[int] | None = None, target: int | None = None,
                 seed: int = 1) -> Game:
    """A game whose first hand is dealt exactly as given (see :func:`make_deal`)."""
    deal = make_deal(rules, hands, dealer, widow, stock, turnup)
    return Game.for_deal(rules, deal, seed=seed, scores=scores, target=target)


def act(game: Game, *texts: str | Action) -> list[Event]:
    """Apply actions written as text (``"bid 250"``, ``"play AH"``) or given as actions; all their events."""
    out: list[Event] = []
    for t in texts:
        out += game.apply(action_from_text(t) if isinstance(t, str) else t)
    return out


def first_legal(game: Game) -> Action:
    return game.legal_actions()[0]


def play_out(game: Game, choose: Callable[[Game], Action] = first_legal, hands: int = 1) -> list[Event]:
    """Let ``choose`` act until ``hands`` more hands are recorded (or the game ends)."""
    goal = len(game.hand_records) + hands
    out: list[Event] = []
    while not game.is_over and len(game.hand_records) < goal:
        out += game.apply(choose(game))
    return out


def short_game(rules: Rules, hands: int) -> Rules:
    """``rules`` with a game of ``hands`` hands (then the highest score wins), so that whole games play quickly."""
    return with_options(rules, game_target=0, game_hands=hands)


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action: never declaring out; in the auction a pass, the next bid or a jump, passing more
    often than not (random bids climb past every contract, and such hands end without a trick played)."""
    actions = [a for a in game.legal_actions() if not isinstance(a, DeclareOut)]
    bids = sorted((a for a in actions if isinstance(a, Bid)), key=lambda a: a.amount)
    passes = [a for a in actions if isinstance(a, Pass)]
    if bids and passes and rng.random() < 0.6:
        return passes[0]
    return rng.choice([a for a in actions if not isinstance(a, Bid)] + bids[:2])


def play_hands(game: Game, rng: random.Random, hands: int | None = None, claims: bool = False,
               before: Callable[[Game], object] | None = None) -> list[Event]:
    """Play ``game`` by :func:`random_action` to its end, or until ``hands`` more hands are scored; the events.

    ``before(game)`` is called before every action. With ``claims`` the seat to act claims the remaining tricks
    whenever :func:`~engine.claim_tricks.claim_plan` offers it, as the table does (the claim noted, its plays
    applied one by one), and each claim must play its hand out."""
    goal = None if hands is None else len(game.hand_records) + hands
    events: list[Event] = []
    for _ in range(100_000):
        if game.is_over or goal is not None and len(game.hand_records) >= goal:
            return events
        if before is not None:
            before(game)
        seat = game.to_act
        assert seat is not None, f"nobody to act in phase {game.phase}"
        if claims and claim_plan(game, seat) is not None:
            hand, scored = game.hand_number, len(game.hand_records)
            _claim, plays = claim_the_rest(game, seat)
            for action in plays:
                events += game.apply(action)
            assert len(game.hand_records) == scored + 1, f"the claim in hand {hand} did not play the hand out"
            continue
        events += game.apply(random_action(game, rng))
    raise AssertionError("the game did not end in 100,000 actions")


def play_tricks(game: Game) -> list[Event]:
    """Play the current hand out, each seat playing its first legal card (no declaring out)."""
    out: list[Event] = []
    goal = len(game.hand_records) + 1
    while not game.is_over and len(game.hand_records) < goal:
        actions = [a for a in game.legal_actions() if str(a) != "declare out"]
        out += game.apply(actions[0])
    return out


def snapshot(game: Game) -> Any:
    """Everything an illegal action must leave untouched."""
    h = game.hand
    return (len(game.log), game.phase, game.to_act, [format_cards(x) for x in h.hands], list(game.scores),
            list(h.bids), list(h.trick), format_cards(h.stock), list(h.meld_points), list(h.trick_points),
            [format_cards(t.cards()) for t in h.tables], h.trump, h.declarer, h.bid, list(h.passes), h.buried,
            game.winner, game.target, len(game.hand_records))


def assert_refused(game: Game, action: Action | str) -> None:
    """``action`` raises IllegalAction and changes nothing."""
    if isinstance(action, str):
        action = action_from_text(action)
    before = snapshot(game)
    assert not game.is_legal(action)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert snapshot(game) == before


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def event(events: Sequence[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind} event, got {kinds(events)}"
    return found[0]


def hand_result(events: Sequence[Event]) -> dict[str, Any]:
    """How the hand counted, from its one ``hand_scored`` event, in the fields its record keeps."""
    scored = event(events, EventKind.HAND_SCORED)
    assert isinstance(scored, HandScored)
    return result_fields(scored)


def assert_record_replays(game: Game, index: int = 0) -> dict[str, Any]:
    """Check the record of hand ``index`` with :func:`engine.record.check_record` (a stacked deal replays
    from the record's own cards) and replay it here too, from the game's stacked deal when it has one."""
    record = game.hand_records[index]
    check_record(record)
    deal = game.stacked_deal if record.get("stacked") else None
    if deal is not None:
        before = [a - d for a, d in zip(record["scores_after"], record["score_delta"], strict=True)]
        again = Game.for_deal(game.rules, deal, seed=game.seed, scores=before, target=record.get("target"),
                              hand_number=record["hand_number"])
        again.game_id = game.game_id
        for value in record["actions"]:
            again.apply(again.action_from_json(value))
        assert again.hand_records and again.hand_records[0] == record
        assert [format_cards(h) for h in deal.hands] == record["deal"]
    return record


def bid_limit(reason: str) -> int:
    """The value a computer's bid reason names ("... worth bidding up to about 412")."""
    found = re.search(r"up to about (\d+)", reason)
    assert found, reason
    return int(found.group(1))


def save_cut_by_a_trick() -> tuple[dict[str, Any], dict[str, Any]]:
    """A three-handed game's save just after a trick its leader won, and the same save with that trick's
    three plays cut off and its recorded state kept: the shorter game has the same seat to act in the
    same phase, with the same scores, so only the counts of actions and tricks tell the two apart."""
    game = new_game(preset("three_hand"), seed=2)
    rng = random.Random(2)
    while not game.hand_records:
        game.apply(rng.choice([a for a in game.legal_actions() if str(a) != "declare out"]))
        h = game.hand
        if game.phase == Phase.PLAY and not h.trick and h.tricks and h.tricks[-1].leader == h.tricks[-1].winner:
            data = game_to_dict(game)
            return data, {**data, "actions": data["actions"][:-3]}
    raise AssertionError("no trick of the first hand was won by its leader")
