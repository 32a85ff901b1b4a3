"""Build the Pinochle executable with PyInstaller (``make dist`` / ``make dist-onefile``).

    python build/build.py                # one folder: dist/pinochle/pinochle(.exe)
    python build/build.py --onefile      # one file:   dist/onefile/pinochle(.exe)
    python build/build.py --distpath D --workpath W   # elsewhere (the tests build into a temporary folder)

PyInstaller's work files go to build/work (never into build/ itself, which holds this script and the
spec). The computers' search is compiled first (build/compile_search.py): where it cannot be, the
build stops with the reason and a non-zero exit; ``--interpreted`` packs the search as it is instead.
The script prints the build time and the size of what it built.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))  # build/icons.py (not `import build.icons`: PyPA's `build` may shadow it)

from compile_search import compile_search  # noqa: E402
from icons import write_icons  # noqa: E402

from pinochle_gui import APP_NAME, APP_TITLE, __version__  # noqa: E402

SPEC = ROOT / "build" / "pinochle.spec"
ICON = ROOT / "assets" / "icon.png"

VERSION_TEMPLATE = """\
VSVersionInfo(
  ffi=FixedFileInfo(filevers={tup}, prodvers={tup}, mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1,
                    subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      StringStruct('CompanyName', 'The Pinochle developers'),
      StringStruct('FileDescription', '{title}'),
      StringStruct('FileVersion', '{version}'),
      StringStruct('InternalName', '{name}'),
      StringStruct('OriginalFilename', '{name}.exe'),
      StringStruct('ProductName', '{title}'),
      StringStruct('ProductVersion', '{version}')])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


class BuildError(RuntimeError):
    """The executable cannot be built; the message says why."""


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """``"1.2.3"`` -> ``(1, 2, 3, 0)``: the four numbers of a Windows version resource."""
    numbers = [int("".join(ch for ch in part if ch.isdigit()) or 0) for part in version.split(".")[:4]]
    padded = (numbers + [0, 0, 0, 0])[:4]
    return padded[0], padded[1], padded[2], padded[3]


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def executable_path(distpath: Path, onefile: bool) -> Path:
    """Where the build puts the executable."""
    suffix = ".exe" if sys.platform.startswith("win") else ""
    if onefile:
        return distpath / f"{APP_NAME}{suffix}"
    return distpath / APP_NAME / f"{APP_NAME}{suffix}"


def build(onefile: bool = False, distpath: Path | None = None, workpath: Path | None = None,
          clean: bool = False, quiet: bool = False, compiled: bool = True) -> Path:
    """Run PyInstaller on the spec; returns the executable's path. Raises :class:`BuildError` (or
    CalledProcessError from PyInstaller) on failure.

    ``compiled``: the computers' search compiled with mypyc (build/compile_search.py) into
    ``workpath/compiled``, which the spec then takes the engine from; where that cannot be done the
    build stops with the reason, before PyInstaller runs. ``compiled=False`` packs the search as it is.
    """
    distpath = distpath or ROOT / "dist" / ("onefile" if onefile else "")
    workpath = workpath or ROOT / "build" / "work" / ("onefile" if onefile else "onefolder")
    if workpath.resolve() == (ROOT / "build").resolve():
        raise BuildError("the work folder must not be build/ itself (it holds the spec)")
    if not ICON.is_file():
        raise BuildError(f"{ICON} is missing: run `python build/make_icon.py`")
    generated = workpath / "generated"
    write_icons(ICON, generated)
    (generated / "version.txt").write_text(
        VERSION_TEMPLATE.format(tup=version_tuple(__version__), version=__version__, name=APP_NAME, title=APP_TITLE),
        encoding="utf-8",
    )
    env = dict(os.environ, PINOCHLE_ONEFILE="1" if onefile else "0", PINOCHLE_GENERATED=str(generated))
    if compiled:
        reason = compile_search(workpath / "compiled", quiet=quiet)
        if reason is not None:
            raise BuildError(f"the computers' search was not compiled: {reason}\n"
                             "(build/build.py --interpreted packs the search uncompiled, slower)")
        env["PINOCHLE_ENGINE"] = str(workpath / "compiled")
    command = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--distpath", str(distpath),
               "--workpath", str(workpath), "--log-level", "WARN"]
    if clean:
        command.append("--clean")
    started = time.perf_counter()
    subprocess.run(command, check=True, env=env, cwd=ROOT,
                   stdout=subprocess.DEVNULL if quiet else None)
    seconds = time.perf_counter() - started
    exe = executable_path(distpath, onefile)
    if not exe.is_file():
        raise BuildError(f"PyInstaller finished but {exe} is missing")
    built = exe if onefile else exe.parent
    if not quiet:
        print(f"built {built} in {seconds:.1f} s: {folder_size(built) / 1e6:.1f} MB")
    return exe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Pinochle executable with PyInstaller.")
    parser.add_argument("--onefile", action="store_true", help="one file instead of one folder")
    parser.add_argument("--distpath", type=Path, help="where the executable goes (default: dist/)")
    parser.add_argument("--workpath", type=Path, help="PyInstaller's work files (default: build/work/)")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument("--interpreted", action="store_true",
                        help="pack the computers' search uncompiled (slower) instead of compiling it with mypyc")
    args = parser.parse_args(argv)
    try:
        build(args.onefile, args.distpath, args.workpath, args.clean, compiled=not args.interpreted)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
