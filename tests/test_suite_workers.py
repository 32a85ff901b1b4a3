"""The suite's own set-up: ``make test`` spreads the tests over two workers with pytest-xdist's ``loadgroup``,
which keeps the tests of one ``xdist_group`` on one worker (the executable is built once; the two-handed
analysis is made once and kept for the other tests of its group). pytest 9.2 broke that without a word: the
groups were split and the suite ran minutes longer. This test fails when a group would be split."""

from __future__ import annotations

import pytest


@pytest.mark.xdist_group("the suite's set-up")
def test_a_group_of_tests_stays_on_one_worker(request: pytest.FixtureRequest) -> None:
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not run by pytest-xdist with --dist loadgroup")
    assert request.node.nodeid.endswith("@the suite's set-up"), (
        f"pytest {pytest.__version__} with this pytest-xdist would split the tests of a group over the workers: "
        "pin a pytest it works with in pyproject.toml")
