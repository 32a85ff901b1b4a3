"""``python -m pinochle_gui``: start the game (see ``--help``)."""

from pinochle_gui.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
