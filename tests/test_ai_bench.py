"""The duplicate-match benchmark: seatings, duplicate deals, figures, resuming, processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.ai.bench import matches as bench_ai
from engine.ai.bench.matches import Settings, deal_difference, play_deal, run, seatings, summarize
from engine.ai.players.levels import LEVELS
from engine.rules import preset


def test_seatings_swap_sides_and_rotate_three_players() -> None:
    assert seatings(preset("partnership_auction")) == [["A", "B", "A", "B"], ["B", "A", "B", "A"]]
    assert seatings(preset("two_hand")) == [["A", "B"], ["B", "A"]]
    assert seatings(preset("three_hand")) == [["A", "B", "B"], ["B", "A", "B"], ["B", "B", "A"]]


def test_the_same_level_on_both_sides_plays_identical_duplicates() -> None:
    """Same level, same seeds per seat: swapping the sides changes nothing, the difference is zero;
    so a match of a level against itself plays each deal once."""
    both = Settings("partnership_auction", ("easy",), ("easy", "easy"))  # named apart: both seatings played
    result = play_deal(both, 3)
    first, second = result.rows
    assert first.hands[0].delta == second.hands[0].delta
    assert deal_difference(preset("partnership_auction"), result) == 0
    once = play_deal(Settings("partnership_auction", ("easy",), ("easy",)), 3)
    assert [row.hands for row in once.rows] == [first.hands]


def test_a_level_beats_random_and_the_figures_add_up() -> None:
    settings = Settings("partnership_auction", ("easy",), ("random",))
    results = run(settings, deals=6)
    summary = summarize(settings, results)
    assert summary.deals == 6
    assert summary.mean > 0 and summary.ci95 > 0
    assert summary.made.a.count == summary.set_as_defenders.b.count  # every contract A played, B defended
    assert summary.bids == summary.made.a.count + summary.made.b.count
    assert set(summary.timing) == {"easy", "random"}
    assert all(t.p50 <= t.p95 <= t.max for t in summary.timing.values())
    text = bench_ai.report(settings, summary, 1.0, 1)
    assert "95% CI" in text and "average winning bid" in text


def test_three_players_rotate_and_count_per_seat() -> None:
    settings = Settings("three_hand", ("easy",), ("random",))
    result = play_deal(settings, 1)
    assert [row.seating.index("A") for row in result.rows] == [0, 1, 2]
    expected = 0.0
    for row in result.rows:
        a = row.seating.index("A")
        delta = row.hands[0].delta
        expected += delta[a] - sum(d for s, d in enumerate(delta) if s != a) / 2
    assert deal_difference(preset("three_hand"), result) == pytest.approx(expected / 3)


def test_cardplay_mode_fixes_the_contract() -> None:
    settings = Settings("partnership_auction", ("easy",), ("random",), mode="cardplay", fixed="easy")
    for deal in range(3):
        rows = play_deal(settings, deal).rows
        contracts = {(row.hands[0].declarer, row.hands[0].bid) for row in rows}
        assert len(contracts) == 1


def test_mixed_side_and_game_unit() -> None:
    settings = Settings("two_hand", ("easy",), ("random",), unit="game")
    results = run(settings, deals=1)
    summary = summarize(settings, results)
    assert summary.game_win_rate is not None
    assert summary.game_win_rate.a + summary.game_win_rate.b <= 1.0
    mixed = Settings("partnership_auction", ("medium", "easy"), ("random",), think=0.1)
    row = play_deal(mixed, 0).rows[0]
    assert row.seating == ["A", "B", "A", "B"]


def test_resume_from_the_results_file(tmp_path: Path) -> None:
    out = tmp_path / "runs.jsonl"
    settings = Settings("two_hand", ("easy",), ("random",))
    first = run(settings, deals=2, out=str(out))
    assert len(out.read_text().splitlines()) == 2
    again = run(settings, deals=3, out=str(out))
    assert len(out.read_text().splitlines()) == 3  # only the missing deal was played
    assert again[:2] == first
    other = Settings("two_hand", ("easy",), ("easy",))
    run(other, deals=1, out=str(out))
    keys = {json.loads(line)["key"] for line in out.read_text().splitlines()}
    assert len(keys) == 2


def test_workers_give_the_same_results() -> None:
    settings = Settings("two_hand", ("easy",), ("random",))
    alone = run(settings, deals=2)
    together = run(settings, deals=2, workers=2)
    assert [(r.deal, r.rows) for r in alone] == [(r.deal, r.rows) for r in together]


def test_think_scales_the_budget() -> None:
    hard = bench_ai.scaled(LEVELS["hard"], 0.25)
    assert hard.worlds < LEVELS["hard"].worlds and hard.think_seconds < LEVELS["hard"].think_seconds
    assert bench_ai.scaled(LEVELS["easy"], 0.25).worlds == 0


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.bench import main

    assert main(["ai", "--variant", "two_hand", "--deals", "1", "--a", "easy", "--b", "random", "--json"]) == 0
    out = capsys.readouterr().out
    assert "A - B per deal" in out
    assert json.loads(out.strip().splitlines()[-1])["deals"] == 1
    with pytest.raises(SystemExit):
        main(["ai", "--a", "grandmaster"])


def test_a_rule_option_changes_the_game_and_the_key(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.bench import main

    settings = Settings("partnership_auction", ("easy",), ("random",), options=(("first_bid_forced", True),))
    assert settings.rules().first_bid_forced and settings.key() != Settings("partnership_auction", ("easy",),
                                                                            ("random",)).key()
    assert main(["ai", "--deals", "1", "--a", "easy", "--b", "random", "--option", "first_bid_forced=true"]) == 0
    assert "first_bid_forced=True" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["ai", "--variant", "two_hand", "--option", "first_bid_forced=true"])
