"""The seeded games whose hand records tests/test_golden_records.py holds the engine to, byte for byte.

    python tests/golden_records.py      # write tests/golden/records/*.jsonl again

Run it only when a change is meant to change how the game plays or what its records say, and say so in
the commit: any other change must leave these files as they are.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.game import new_game  # noqa: E402
from engine.record import HandRecord  # noqa: E402
from engine.rules import PRESETS, preset  # noqa: E402
from engine.sim import play_game  # noqa: E402

FOLDER = Path(__file__).resolve().parent / "golden" / "records"
SEED = 777
HANDS = 3


def players(variant: str) -> list[str]:
    """Computers without a clock (their play depends on the seed alone), two kinds for variety."""
    return ["easy", "random"] * (preset(variant).players // 2) + ["easy"] * (preset(variant).players % 2)


def records(variant: str) -> list[HandRecord]:
    game = play_game(new_game(preset(variant), seed=SEED), players(variant), SEED, HANDS)
    return game.hand_records


def text(variant: str) -> str:
    """The records as the engine writes them (engine.record.write_records), one JSON line each."""
    return "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records(variant))


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for variant in PRESETS:
        (FOLDER / f"{variant}.jsonl").write_text(text(variant), encoding="utf-8")


if __name__ == "__main__":
    main()
