"""Pinochle for the desktop: the pygame-ce app around :mod:`engine`.

Start it with ``pinochle`` or ``python -m pinochle_gui`` (see :mod:`pinochle_gui.cli`). This module
stays light (no pygame import): it holds the version and finds the files the app loads at run time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

STARTED = time.perf_counter()  # the first moment of the app's own code: start-up timing counts from here
__version__ = "0.1.0"

APP_NAME = "pinochle"  # the platformdirs name of the settings, saves and statistics folders
APP_TITLE = "Pinochle"


def assets_dir() -> Path:
    """The folder of run-time assets (icon, fonts, sounds), wherever the app runs from.

    In a PyInstaller bundle it is ``assets/`` inside the bundle (``sys._MEIPASS``); from a source
    checkout or an editable install it is the ``assets/`` folder next to the ``pinochle_gui`` package;
    after a regular ``pip install`` it is ``<prefix>/share/pinochle/assets``.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "assets"
    beside = Path(__file__).resolve().parent.parent / "assets"
    if beside.is_dir():
        return beside
    installed = Path(sys.prefix) / "share" / APP_NAME / "assets"
    return installed if installed.is_dir() else beside


def asset(name: str) -> Path:
    """The path of one asset, e.g. ``asset("icon.png")``; raises FileNotFoundError if it is missing."""
    path = assets_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"asset {name!r} not found in {path.parent}")
    return path
