"""The seat benchmark: each kind of player in seat 0 of the same table, on the same deals, paired."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ai.analysis.advice import APP_SEED
from engine.ai.analysis.duplicate import HINT, decide, play_hand
from engine.ai.analysis.hint import hint
from engine.ai.bench.seat import Settings, play_deal, report, run
from engine.challenge import challenge_deals, deal_game, duplicate_score
from engine.rules import preset


def test_the_hint_seat_plays_the_tables_hint() -> None:
    """A hint seat plays what the table's Hint shows, with the app's seed, whatever the seat's own seed."""
    rules = preset("partnership_auction")
    game = deal_game(rules, challenge_deals(31, rules, 1)[0])
    seat = game.to_act
    assert seat is not None
    assert decide(HINT, 1, game, seat) == decide(HINT, 2, game, seat) == hint(game, seat, APP_SEED)[0]


def test_each_kind_plays_the_same_deal_and_the_table_level_once() -> None:
    settings = Settings("three_hand", ("random", "easy"), table="easy", compare="easy")
    result = play_deal(settings, 2)
    rules = preset("three_hand")
    deal = challenge_deals(31, rules, 3)[2]
    for kind in ("random", "easy"):
        record = play_hand(rules, deal, [kind, "easy", "easy"])
        assert result.scores[kind] == duplicate_score(record, 0)
    assert set(result.scores) == {"easy", "random"}   # easy, the table's level and a kind, is played once
    # only the random seat's decisions are compared with easy's, each of them counted once by its phase
    assert set(result.decisions) == {"random"}
    counts = result.decisions["random"]
    assert sum(d for _, d in counts.values()) == len(result.differ["random"]) > 0
    assert all(0 <= d <= n for n, d in counts.values())


def test_the_figures_are_paired_and_a_run_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = Settings("three_hand", ("random",), table="easy", compare="easy")
    out = str(tmp_path / "seat.jsonl")
    results = run(settings, 2, out)
    assert run(settings, 2, out) == results and len(Path(out).read_text().splitlines()) == 2
    text = report(settings, results)
    diffs = [r.scores["random"] - r.scores["easy"] for r in results]
    assert f"random - easy in seat 0: {sum(diffs) / 2:+.1f} +/- " in text
    assert "random's decisions where easy chose otherwise (2 deals):" in text

    from engine.bench import main

    assert main(["seat", "--variant", "three_hand", "--deals", "2", "--seat", "random", "--table", "easy",
                 "--compare", "easy", "--out", out]) == 0
    assert "random - easy in seat 0" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["seat", "--seat", "grandmaster"])
