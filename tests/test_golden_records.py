"""The same seeded games write the same hand records, byte for byte (tests/golden_records.py made them).

The golden files were written by the code before the engine's events, phases and records were typed and
checked against it: a change of the interface must not change a single byte of what the game does.
"""

from __future__ import annotations

import pytest

from engine.rules import PRESETS
from tests.golden_records import FOLDER, text


@pytest.mark.parametrize("variant", list(PRESETS))
def test_seeded_games_write_the_golden_records(variant: str) -> None:
    golden = (FOLDER / f"{variant}.jsonl").read_text(encoding="utf-8")
    assert golden.count("\n") >= 3, "the golden file holds the game's hands"
    assert text(variant) == golden, f"{variant}: the records changed; if on purpose, run tests/golden_records.py"
