"""The executable's entry point: the same ``main`` as the ``pinochle`` console script."""

import multiprocessing

from pinochle_gui.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the computer players think in spawned processes, also when frozen
    raise SystemExit(main())
