"""Compile the computers' search with mypyc, for the executable (``build/build.py``) and benchmarks.

    python build/compile_search.py DEST             # DEST/engine: engine/ with the search compiled
    PYTHONPATH=DEST python -P -m engine.bench_play  # the benchmarks on it (-P: not the source's engine)

The engine is pure Python and runs as it is from source. The modules the computers spend their
thinking in (the search, the playouts, the sampling of hidden hands, the card-play decision) are
plain typed Python that mypyc compiles into C extension modules from the same source: the same
cards, two to three times sooner (docs/measurements/search-speed.md, "Compiled for the executable"). Only a copy is
compiled, never the working tree, so no compiled module can stand in for an edited source.

It needs mypyc and setuptools (the project's ``build`` extra), a C compiler and Python's headers;
without them, or when mypyc fails, it says why and exits with an error, and so does the executable's
build (``build/build.py``), unless that is asked for the interpreted search (``--interpreted``).

Two things compiled modules do differently, both kept out of the game's way: their globals cannot
be patched from outside (the few tests that do are marked ``interpreted``), and their frozen
dataclasses (``SearchResult``, ...) cannot be unpickled, so they must never cross to a worker
process; what crosses (engine/ai/analysis/worker.py) is JSON and the analysis' own classes, which stay
interpreted (tests/test_analysis.py runs the analysis in worker processes on the compiled copy too).
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The modules compiled: where the computers' thinking time goes (python -m engine.bench_play). The
# rules themselves (engine/play.py, engine/meld.py, ...) stay interpreted: they check what players
# and files send them, and compiled code answers a value of the wrong type with its own TypeError.
COMPILED = (
    "engine/ai/search/trickplay.py",
    "engine/ai/search/solver.py",
    "engine/ai/search/worlds.py",
    "engine/ai/players/cardplay.py",
)
EXTENSIONS = (".so", ".pyd")  # what compiled modules' file names end in


def cannot_compile() -> str | None:
    """Why this machine cannot compile the search (no mypyc or setuptools, no C compiler or Python headers), or None."""
    for module in ("mypyc", "setuptools"):  # mypyc builds its extension modules through setuptools
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[build]')"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "Python's C headers are missing (on Debian and Ubuntu: apt install python3-dev)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if sys.platform != "win32" and shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) on the PATH"
    return None


def compiled_modules(dest: Path) -> list[Path]:
    """The compiled modules found under ``dest/engine`` (extension modules)."""
    return sorted(p for p in (dest / "engine").rglob("*") if p.suffix in EXTENSIONS)


def compile_search(dest: Path, quiet: bool = True) -> str | None:
    """Copy engine/ to ``dest/engine`` and compile :data:`COMPILED` there; returns why not, or None.

    Whatever happens, ``dest`` then holds a complete engine: compiled where it could be, else the
    source as it is.
    """
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copytree(ROOT / "engine", dest / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    reason = cannot_compile()
    if reason is None:
        result = subprocess.run([sys.executable, "-m", "mypyc", *COMPILED], cwd=dest, capture_output=True, text=True)
        if result.returncode != 0 or len(compiled_modules(dest)) != len(COMPILED):
            lines = (result.stdout + result.stderr).strip().splitlines()
            reason = "mypyc failed: " + " / ".join(lines[-3:])
        elif not quiet:
            print(f"compiled the search: {', '.join(Path(m).stem for m in COMPILED)}")
    for work in (dest / "build", dest / ".mypy_cache"):  # mypyc's C sources and objects
        shutil.rmtree(work, ignore_errors=True)
    if reason is not None:  # whatever mypyc left: the compiled modules and its runtime beside them
        for module in dest.rglob("*"):
            if module.suffix in EXTENSIONS:
                module.unlink()
    return reason


def runtime_modules(dest: Path) -> list[str]:
    """The names of mypyc's shared runtime modules beside ``dest/engine`` (the compiled modules import
    them from C, where PyInstaller cannot see the import)."""
    return sorted(p.name.split(".")[0] for p in dest.glob("*__mypyc*") if p.suffix in EXTENSIONS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compile the computers' search with mypyc into a copy of engine/.")
    parser.add_argument("dest", type=Path, help="the folder to hold the copy (emptied first)")
    args = parser.parse_args(argv)
    reason = compile_search(args.dest.resolve(), quiet=False)
    if reason is not None:
        print(f"the search was not compiled: {reason}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
