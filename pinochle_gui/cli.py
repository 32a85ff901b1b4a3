"""The command line: ``pinochle [options]``, parsed into :class:`~pinochle_gui.options.Options` for
:func:`pinochle_gui.shell.run`.

>>> options = parse_args(["--demo", "--variant", "three_hand", "--hands", "2", "--size", "1024x640"])
>>> options.demo, options.variant, options.hands, options.size
(True, 'three_hand', 2, (1024, 640))
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.rules import PRESETS, preset_help
from pinochle_gui import __version__
from pinochle_gui.options import DEFAULT_SIZE, DEFAULT_VARIANT, Options
from pinochle_gui.words import DEFAULT_LEVEL, DEMO_LEVEL, LEVELS

__all__ = ["Options", "build_parser", "main", "parse_args"]
MIN_SIZE = (640, 400)
MAX_SIZE = (7680, 4320)


def _size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}")
    w, h = int(width), int(height)
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"size {w}x{h} is outside {MIN_SIZE[0]}x{MIN_SIZE[1]} .. {MAX_SIZE[0]}x{MAX_SIZE[1]}"
        )
    return w, h


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is 0 or more, not {value}")
    return value


def _variant(text: str) -> str:
    if text not in PRESETS:
        raise argparse.ArgumentTypeError(f"unknown variant {text!r}; choose one of: {', '.join(PRESETS)}")
    return text


def build_parser() -> argparse.ArgumentParser:
    variants = "\n".join(f"  {name:<27} {preset_help(rules)}" for name, rules in PRESETS.items())
    parser = argparse.ArgumentParser(
        prog="pinochle",
        description="Pinochle against computer opponents: every common variant, offline.",
        epilog=f"variants:\n{variants}\n\nThe game's own rules help explains every variant and option.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--variant", type=_variant, metavar="NAME",
                        help=f"start a game of this variant at once (without it: the title screen; a demo "
                        f"plays {DEFAULT_VARIANT}); see the list below")
    parser.add_argument("--demo", action="store_true", help="every seat is a computer: watch them play")
    parser.add_argument("--hands", type=_positive, metavar="N", help="play N hands, then quit")
    parser.add_argument("--fast", action="store_true", help="fast animations")
    parser.add_argument("--seed", type=_seed, metavar="N", help="seed of the deals and of the computers' choices")
    parser.add_argument("--records", type=Path, metavar="FILE",
                        help="append a record of every finished hand to FILE (JSON Lines)")
    parser.add_argument("--screenshot", type=Path, metavar="FILE", help="save the last frame to FILE (PNG) on exit")
    parser.add_argument("--size", type=_size, default=DEFAULT_SIZE, metavar="WxH",
                        help=f"window size in pixels (default: {DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]})")
    parser.add_argument("--level", choices=LEVELS,
                        help=f"strength of the computer players of a game started from the command line "
                        f"(default: {DEFAULT_LEVEL}, as on the New game screen; {DEMO_LEVEL} with --demo)")
    parser.add_argument("--first-frame-exit", action="store_true",
                        help="print the seconds to the first frame drawn and quit (start-up timing); "
                        "the environment variable PINOCHLE_FIRST_FRAME_EXIT=1 does the same")
    return parser


def parse_args(argv: Sequence[str] | None = None) -> Options:
    """Parse the command line (``sys.argv[1:]`` when ``argv`` is None); exits with status 2 on errors."""
    parser = build_parser()
    ns = parser.parse_args(argv)
    if ns.screenshot is not None and ns.screenshot.suffix.lower() != ".png":
        parser.error(f"--screenshot saves a PNG file; give a name ending in .png, not {str(ns.screenshot)!r}")
    for name in ("records", "screenshot"):
        path: Path | None = getattr(ns, name)
        if path is not None and path.is_dir():
            parser.error(f"--{name} {str(path)!r} is a folder; give a file name")
    return Options(
        variant=ns.variant or DEFAULT_VARIANT,
        demo=ns.demo,
        hands=ns.hands,
        fast=ns.fast,
        seed=ns.seed,
        records=ns.records,
        screenshot=ns.screenshot,
        size=ns.size,
        level=ns.level or (DEMO_LEVEL if ns.demo else DEFAULT_LEVEL),
        first_frame_exit=ns.first_frame_exit or os.environ.get("PINOCHLE_FIRST_FRAME_EXIT", "") not in ("", "0"),
        named=ns.variant is not None,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """The ``pinochle`` console script: parse the options, run the app, return the exit status."""
    for name in ("stdout", "stderr"):  # a windowed executable (no console) has none: write nowhere
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the app
    options = parse_args(argv)
    if options.records is not None:  # a file that cannot be written is refused now, not after a hand
        try:
            options.records.parent.mkdir(parents=True, exist_ok=True)
            options.records.open("a", encoding="utf-8").close()
        except OSError as error:
            print(f"pinochle: cannot write hand records to {options.records}: {error.strerror or error}",
                  file=sys.stderr)
            return 1
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from pinochle_gui.shell import run  # imported late: --help and --version never load pygame

    try:
        return run(options)
    except KeyboardInterrupt:
        return 130
    except OSError as error:  # e.g. a records or screenshot file that cannot be written
        print(f"pinochle: {error}", file=sys.stderr)
        return 1
