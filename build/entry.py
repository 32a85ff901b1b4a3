"""The executable's entry point: the same ``main`` as the ``pinochle`` console script."""

from pinochle_gui.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
