"""The screenshots of the review's analysis for docs/screenshots/ (the SDL dummy driver, no window):

    SDL_VIDEODRIVER=dummy python -m tests.make_review_shots [--out docs/screenshots]

A four-handed hand with the player (random play) in seat 0 and easy computers, analysed to the end: the
auction with the computers' reasons and the analysis of a bid, a trick whose card was costly, a trick won,
the hand's summary; a three-handed widow and two-handed meld on the table, the analysis under way; and the
statistics' chart of the cost per hand over some games of two-handed play.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PINOCHLE_THINK_AT_ONCE"] = "1"  # the analysis on a thread of this process

import pygame  # noqa: E402

from engine.game import new_game  # noqa: E402
from engine.rules import PRESETS, preset  # noqa: E402
from engine.sim import play_game  # noqa: E402
from pinochle_gui.screens import open_review, statistics_scene  # noqa: E402
from pinochle_gui.screens.__main__ import ShotApp, fill_statistics  # noqa: E402
from pinochle_gui.screens.review import ReviewScene  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.storage.hand_costs import HandCost  # noqa: E402

SIZE = (1280, 800)


def save(app: ShotApp, path: Path) -> None:
    """The screen on top of ``app``'s stack, drawn at its size, as a PNG at ``path``."""
    surface = pygame.Surface(app.stack.size)
    app.stack.update(0.1)
    app.stack.draw(surface)
    pygame.image.save(surface, str(path))
    print(path)


def wait(app: ShotApp, done: object) -> None:
    while not done():  # type: ignore[operator]
        app.stack.update(0.1)
        time.sleep(0.05)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--size", default="1280x800", help="WxH")
    args = parser.parse_args(argv)
    global SIZE
    SIZE = tuple(int(n) for n in args.size.lower().split("x"))  # type: ignore[assignment]
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    game = new_game(preset("partnership_auction"), seed=11)
    game.players, game.humans = ["You", "West", "North", "East"], (0,)
    record = play_game(game, ["random", "easy", "easy", "easy"], 11, 1).hand_records[0]
    with tempfile.TemporaryDirectory() as home:
        storage = Storage.open(home)
        storage.update_settings(toured=tuple(PRESETS))
        fill_statistics(storage, games=8)
        for n, cost in enumerate((64.0, 58.5, 61.0, 40.0, 44.5, 31.0, 35.0, 22.5)):  # a player improving
            for hand in (1, 2, 3):
                spent = cost + 6 * (hand - 2)
                storage.stats.record_hand_cost(HandCost(f"shot-{n}", hand, "two_hand", "hard", spent, 22,
                                                        sound=22 - round(spent / 6)))  # fewer marks, less lost
        storage.close()
        app = ShotApp(Path(home), SIZE)
        assert open_review(app, [record])
        scene = app.stack.top
        assert isinstance(scene, ReviewScene) and scene.analysis is not None
        analysis = scene.analysis
        wait(app, lambda: analysis.analysed)
        bid = max(i for i, s in enumerate(scene.steps) if s.kind in ("bid", "pass") and s.reason)
        scene.go(bid)
        save(app, args.out / "review-analysis.png")
        costly = [i for i in scene.marked_steps() if scene.steps[i].kind == "play"] or scene.marked_steps()
        scene.go(costly[0])
        save(app, args.out / "review-costly-trick.png")
        scene.go(next(i for i, s in enumerate(scene.steps) if s.kind == "trick"))
        save(app, args.out / "review-trick.png")
        scene.go(next(i for i, s in enumerate(scene.steps) if s.kind == "auction_won"))
        save(app, args.out / "review-auction.png")
        scene.toggle_summary()
        wait(app, lambda: analysis.finished)
        save(app, args.out / "review-summary.png")
        scene.leave()
        app.storage.close()
        for variant, kind, name in (("three_hand", "widow", "review-three-handed-widow.png"),
                                    ("two_hand", "lay_meld", "review-two-handed.png")):
            game = new_game(preset(variant), seed=5)
            game.players, game.humans = (["You", "West", "East"] if variant == "three_hand" else ["You", "North"]), (0,)
            other = play_game(game, ["random"] + ["easy"] * (game.rules.players - 1), 5, 1).hand_records[0]
            app = ShotApp(Path(home), SIZE)
            assert open_review(app, [other])
            scene = app.stack.top
            assert isinstance(scene, ReviewScene)
            for _ in range(30):  # the analysis under way
                app.stack.update(0.1)
                time.sleep(0.1)
            scene.go(next(i for i, s in enumerate(scene.steps) if s.kind == kind))
            save(app, args.out / name)
            scene.leave()
            app.storage.close()
        app = ShotApp(Path(home), SIZE)
        stats = statistics_scene(app)
        app.stack.push(stats)
        stats._set_chart("cost")  # type: ignore[attr-defined]
        stats.rebuild()
        save(app, args.out / "statistics-cost-chart.png")
        app.storage.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
