"""The screenshots of the coach's screens for docs/screenshots/ (the SDL dummy driver, no window):

    SDL_VIDEODRIVER=dummy python -m tests.make_coach_shots [--out docs/screenshots] [--size 1280x800] [--level hard]

A four-handed hand with the player (random play) in seat 0 and easy computers, analysed to the end: the graph
of the hand (review-graph.png), the summary with its net headline (review-summary-net.png), and "try again
from here" at one of the player's cards, the computers (``--level``) playing the hand on
(review-try-again.png). A size other than 1280x800 adds it to the names (review-graph-720x1200.png).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PINOCHLE_THINK_AT_ONCE"] = "1"  # the analysis on a thread of this process

import pygame  # noqa: E402

from engine.ai.analysis.hand import decisions_in  # noqa: E402
from engine.game import new_game  # noqa: E402
from engine.rules import preset  # noqa: E402
from engine.sim import play_game  # noqa: E402
from pinochle_gui.screens import open_review, try_again  # noqa: E402
from pinochle_gui.screens.__main__ import ShotApp  # noqa: E402
from pinochle_gui.screens.review import ReviewScene  # noqa: E402
from pinochle_gui.screens.try_again import TryAgainScene  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from tests.make_review_shots import save, wait  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--size", default="1280x800", help="WxH")
    parser.add_argument("--level", default="hard", help="the computers that play the hand on")
    args = parser.parse_args(argv)
    w, h = (int(n) for n in args.size.lower().split("x"))
    tail = "" if (w, h) == (1280, 800) else f"-{w}x{h}"
    try_again.LEVEL = args.level
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    game = new_game(preset("partnership_auction"), seed=11)
    game.players, game.humans = ["You", "West", "North", "East"], (0,)
    record = play_game(game, ["random", "easy", "easy", "easy"], 11, 1).hand_records[0]
    with tempfile.TemporaryDirectory() as home:
        storage = Storage.open(home)
        storage.update_settings(first_run_done=True)
        storage.close()
        app = ShotApp(Path(home), (w, h))
        assert open_review(app, [record])
        scene = app.stack.top
        assert isinstance(scene, ReviewScene) and scene.analysis is not None
        analysis = scene.analysis
        wait(app, lambda: analysis.analysed)
        costly = [i for i in scene.marked_steps() if scene.steps[i].kind == "play"] or scene.marked_steps() or [0]
        scene.go(costly[0])
        scene.toggle_graph()
        save(app, args.out / f"review-graph{tail}.png")
        scene.toggle_summary()
        wait(app, lambda: analysis.finished)
        scene.rebuild()
        save(app, args.out / f"review-summary-net{tail}.png")
        scene.toggle_summary()
        index = [i for i, seat in decisions_in(record) if seat == 0][-4]
        scene.go(next(i for i, s in enumerate(scene.steps) if s.action_index == index))
        scene.try_again()
        chooser = app.stack.top
        assert isinstance(chooser, TryAgainScene)
        save(app, args.out / f"review-try-again-choices{tail}.png")
        chooser.choose(next(c for c in chooser.choices if c[1] != record["actions"][index]))
        wait(app, lambda: chooser.line is not None and chooser.control is not None or chooser.failed)
        save(app, args.out / f"review-try-again{tail}.png")
        chooser.leave()
        scene.leave()
        app.storage.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
