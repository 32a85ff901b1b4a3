"""The shape of the code: imports run one way, round no circle.

The imports are read from the source with :mod:`ast`, every one of them: at module level, inside
functions and under ``if TYPE_CHECKING:`` (a type is a dependency too). Only the implicit import
of a parent package is left out, as every import of a submodule makes it.

The layers, low to high (docs/engine.md and docs/gui.md draw them):

- engine core (``engine/`` outside ``engine/ai``) <- ``engine.ai`` <- the engine's tools
  (``engine.sim`` and the benchmarks) <- the app (``pinochle_gui``);
- inside ``engine.ai`` (docs/ai.md): ``search`` <- ``players`` <- ``analysis`` <- ``bench``;
- the engine never imports ``pinochle_gui`` or pygame.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "pinochle_gui")
ENGINE_TOOLS = {"engine.sim", "engine.bench", "engine.bench_play"}


def _module_files() -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


MODULES = _module_files()


def _imports(name: str, source: str, is_package: bool = False) -> set[str]:
    """The project modules (and outside top-level names) that module ``name`` imports anywhere in
    its ``source``."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # ``from X import Y`` imports the module X.Y when Y is one, else a name of X.
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES and target.split(".")[0] in PACKAGES:
                target = target.rpartition(".")[0]  # ``import engine.ai.players.levels`` names a module
            if target in MODULES:
                found.add(target)
            elif target.split(".")[0] not in PACKAGES:
                found.add(target.split(".")[0])
    found.discard(name)
    return found


GRAPH = {name: _imports(name, path.read_text(encoding="utf-8"), path.name == "__init__.py")
         for name, path in MODULES.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_import_reader_sees_every_kind_of_import() -> None:
    """The reader itself: module-level, late, relative and TYPE_CHECKING imports all count."""
    source = """
from typing import TYPE_CHECKING
import engine.cards
from engine import rules
if TYPE_CHECKING:
    from engine.game import Game
def late():
    from .deal import Deal
    import pygame.freetype
"""
    assert _imports("engine.meld", source) == {
        "typing", "engine.cards", "engine.rules", "engine.game", "engine.deal", "pygame"}
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles() -> None:
    circles = _cycles(GRAPH)
    assert not circles, "modules that import each other, directly or round a circle:\n" + "\n".join(
        "  " + " <-> ".join(group) for group in circles)


def test_the_engine_never_imports_the_app_or_pygame() -> None:
    wrong = {name: sorted(t for t in targets if t.split(".")[0] in ("pinochle_gui", "pygame", "pygame_gui"))
             for name, targets in GRAPH.items() if name.split(".")[0] == "engine"}
    assert not {name: targets for name, targets in wrong.items() if targets}


def test_the_engine_core_never_imports_the_computer_players() -> None:
    core = [name for name in GRAPH
            if name.startswith("engine") and not name.startswith("engine.ai") and name not in ENGINE_TOOLS]
    wrong = {name: sorted(t for t in GRAPH[name] if t.startswith("engine.ai")) for name in core}
    assert not {name: targets for name, targets in wrong.items() if targets}


# The subpackages of engine.ai, low to high; a module of one imports only from its own or lower ones. The
# package itself (engine/ai/__init__.py) names the players' entry points for everyone, and is in no layer.
AI_LAYERS = ("engine.ai.search", "engine.ai.players", "engine.ai.analysis", "engine.ai.bench")


def _ai_layer(name: str) -> int | None:
    return next((i for i, layer in enumerate(AI_LAYERS) if name == layer or name.startswith(layer + ".")), None)


def test_every_ai_module_is_in_a_layer() -> None:
    assert sorted(name for name in MODULES if name.startswith("engine.ai.") and _ai_layer(name) is None) == []


def test_the_ai_layers_import_one_way() -> None:
    """search <- players <- analysis <- bench: a lower layer never imports a higher one, nor the package's
    entry points (engine/ai/__init__.py, which imports the players)."""
    wrong: dict[str, list[str]] = {}
    for name, targets in GRAPH.items():
        layer = _ai_layer(name)
        if layer is None:
            continue
        higher = sorted(t for t in targets if t == "engine.ai" or (_ai_layer(t) or 0) > layer)
        if higher:
            wrong[name] = higher
    assert not wrong, wrong
    assert _ai_layer("engine.ai.search.solver") == 0 and _ai_layer("engine.ai.bench") == 3
    assert _ai_layer("engine.ai.players_extra") is None


def test_only_the_engines_tools_and_the_app_import_the_ai_benchmarks() -> None:
    wrong = sorted(name for name, targets in GRAPH.items()
                   if any(_ai_layer(t) == 3 for t in targets)
                   and _ai_layer(name) != 3 and name not in ENGINE_TOOLS)
    assert wrong == []


# The app's rooms, low to high; a module imports only from its own room or lower ones. Anything not
# named is the ground floor: vocabulary, storage, fonts, theme, art, layout, animation, sound and
# the scene base.
APP_ROOMS = {
    "pinochle_gui.widgets": 1,
    "pinochle_gui.screens": 2,
    "pinochle_gui.table": 2,
    "pinochle_gui.shell": 3,
    "pinochle_gui.cli": 4,
    "pinochle_gui.__main__": 4,
    "pinochle_gui.bench": 5,  # tools that drive the whole app
    "pinochle_gui.screens.__main__": 5,
    "pinochle_gui.art.bench": 5,
    "pinochle_gui.art.sheet": 5,
}


def _room(name: str) -> int:
    best = max((prefix for prefix in APP_ROOMS if name == prefix or name.startswith(prefix + ".")),
               key=len, default=None)
    return APP_ROOMS[best] if best else 0


def test_the_app_imports_run_one_way() -> None:
    wrong = {name: sorted(t for t in targets if t.startswith("pinochle_gui") and _room(t) > _room(name))
             for name, targets in GRAPH.items() if name.startswith("pinochle_gui")}
    assert not {name: targets for name, targets in wrong.items() if targets}
