"""The computer players' levels as data: how much each one remembers, samples and searches.

Every decision module reads its knobs from a :class:`Level`; no module tests a level's name.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str
    sees_all: bool = False          # perfect: plays with every card visible (benchmarks and analysis only)
    memory: float = 1.0             # chance of remembering each played card / inference (easy forgets)
    slip: float = 0.0               # chance of taking the second-best choice (easy's human slips)
    worlds: int = 0                 # hidden-hand samples per decision (0: heuristics only)
    weighted: bool = False          # weight worlds by how likely the bids and plays seen are
    search_nodes: int = 0           # node budget of the trick search per world (0: playouts only)
    exact_tricks: int = 0           # solve the last N tricks exactly
    think_seconds: float = 0.0      # time budget per decision (anytime: stops early when out)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", memory=0.6, slip=0.15),
    "medium": Level("medium", worlds=16, exact_tricks=3, think_seconds=0.25),
    "hard": Level("hard", worlds=48, weighted=True, search_nodes=4000, exact_tricks=5, think_seconds=0.9),
    "perfect": Level("perfect", sees_all=True, search_nodes=20000, exact_tricks=6, think_seconds=0.9),
}
