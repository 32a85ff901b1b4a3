"""Render every screen to PNG files: ``python -m pinochle_gui.screens [--out DIR] [--size WxH ...]``.

Writes ``screen-<name>-<W>x<H>.png`` for the title, new game, settings, statistics, rules, welcome,
pause menu, hand history, a deal played again beside the first time, a message dialog and the duplicate
challenge's new-challenge, after-a-deal and results screens, headless
(SDL's dummy drivers). The storage is a fresh temporary folder; the statistics and the hand history
come from real games played by the engine's random players, so every number on them is one the engine
produced.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import engine  # noqa: E402
from engine.ai.analysis.advice import APP_SEED, QUICK_VIEW  # noqa: E402
from engine.ai.analysis.drills import drills_in  # noqa: E402
from engine.ai.analysis.hand import DecisionReview, decisions_in, review_decision  # noqa: E402
from engine.challenge import Challenge, ChallengeDeal, challenge_deals, deal_game, duplicate_score  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.players import RandomPlayer  # noqa: E402
from engine.record import HandRecord, game_at_deal  # noqa: E402
from engine.rules import PRESETS, Rules  # noqa: E402
from pinochle_gui.challenge_run import ChallengeRun, new_run  # noqa: E402
from pinochle_gui.fonts import set_text_scale  # noqa: E402
from pinochle_gui.scene import Scene, SceneStack  # noqa: E402
from pinochle_gui.shared_analysis import SharedAnalysis  # noqa: E402
from pinochle_gui.storage import TEXT_SIZES, Settings, Storage, StorageMessage, StoredDrill  # noqa: E402
from pinochle_gui.storage.challenges import FinishedChallenge  # noqa: E402
from pinochle_gui.theme import felt_surface  # noqa: E402

DEFAULT_SIZES = ((1280, 800), (720, 1100))


class _Silent:
    def play(self, name: str) -> bool:
        return False


class ShotApp:
    """Enough of the app to show the screens: a stack, storage, no sound; games are not started."""

    def __init__(self, home: Path, size: tuple[int, int]) -> None:
        self.stack = SceneStack(size, transition_time=0.0)
        self.storage = Storage.open(home)
        self.shared_analysis = SharedAnalysis()
        set_text_scale(self.settings.text_size)
        self.sound = _Silent()
        self.challenge: ChallengeRun | None = None

    @property
    def settings(self) -> Settings:
        return self.storage.settings

    def update_settings(self, **changes: Any) -> list[StorageMessage]:
        messages = self.storage.update_settings(**changes)
        set_text_scale(self.settings.text_size)
        return messages

    def start_game(self, *args: Any, **kwargs: Any) -> None:
        """Nothing to start in a screenshot."""

    def continue_game(self) -> None:
        """Nothing to continue in a screenshot."""

    def leave_game(self) -> None:
        """Nothing to leave in a screenshot."""

    def replay_deal(self, record: HandRecord) -> bool:
        """Nothing to play again in a screenshot."""
        return False

    def review_hand(self, records: Sequence[HandRecord], index: int) -> None:
        """No review opens from a screenshot."""

    def quit(self) -> None:
        self.stack.running = False

    def start_challenge(self, challenge: Challenge, names: Sequence[str]) -> None:
        """Nothing to start in a screenshot."""

    def continue_challenge(self) -> None:
        """Nothing to continue in a screenshot."""

    def play_challenge_deal(self) -> None:
        """No table in a screenshot."""

    def show_challenge_results(self) -> None:
        """No table in a screenshot."""

    def leave_challenge(self) -> None:
        """Nothing to leave in a screenshot."""


def play(variant: str, seed: int, hands: int | None = None) -> Game:
    """A game of ``variant`` played by random players, to its end or for ``hands`` hands."""
    game = engine.new_game(engine.preset(variant), seed=seed)
    game.players = ["You", "West", "North", "East"][: game.rules.players]
    if game.rules.players == 2:
        game.players = ["You", "North"]
    players = [RandomPlayer(seed * 10 + seat) for seat in range(game.rules.players)]
    while not game.is_over and (hands is None or len(game.hand_records) < hands):
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    return game


def play_again(record: HandRecord, seed: int) -> HandRecord:
    """The record of ``record``'s deal played again by random players seeded with ``seed``."""
    game = game_at_deal(record)
    players = [RandomPlayer(seed * 10 + seat) for seat in range(game.rules.players)]
    while not game.hand_records:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    return game.hand_records[0]


def random_hand(rules: Rules, deal: ChallengeDeal, seed: int, names: Sequence[str] = ()) -> HandRecord:
    """One challenge deal played by random players (with these names, when given)."""
    game = deal_game(rules, deal)
    game.players = list(names) or game.players
    players = [RandomPlayer(seed * 10 + seat) for seat in range(rules.players)]
    while not game.hand_records:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    return game.hand_records[0]


@functools.cache
def finished_challenge() -> ChallengeRun:
    """A finished challenge of four four-handed deals: the player's side played by random players, the
    computer's by the hard level in the player's seat (in this process: about four seconds a deal)."""
    challenge = Challenge(482913507, engine.preset("partnership_auction"), 4, (None, "medium", "medium", "medium"))
    run = new_run(challenge, ["You", "West", "North", "East"], [1, 2, 3, 4])
    for place, deal in enumerate(challenge.deal_list()):
        run.deal_played(random_hand(challenge.rules, deal, place, run.names))
    run.start_background(processes=False)
    run.wait()
    return run


def fill_challenges(storage: Storage, challenges: int = 9) -> None:
    """Finished challenges of four deals, both sides played by random players."""
    rules = engine.preset("two_hand")
    for number in range(1, challenges + 1):
        deals = challenge_deals(number, rules, 4)
        mine = sum(duplicate_score(random_hand(rules, deal, number)) for deal in deals)
        theirs = sum(duplicate_score(random_hand(rules, deal, -number)) for deal in deals)
        storage.challenge_results.record(FinishedChallenge(number, "two_hand", 4, mine, theirs, float(number)))


def fill_statistics(storage: Storage, games: int = 14) -> None:
    fill_challenges(storage)
    for seed in range(games):
        game = play("two_hand", seed)
        levels = [None, "hard"]
        for message in storage.record_game(game.hand_records, 0, levels, game_id=f"shot-{seed}"):
            print(f"statistics: {message.text}")


@functools.cache
def costly_decisions(record_text: str) -> tuple[DecisionReview, ...]:
    """The player's (seat 0) costly decisions of a hand (its record as JSON text), from its last until one is
    found, valued with the medium search (quick; the app values with hard): a drill to show."""
    record = json.loads(record_text)
    for index, seat in reversed(decisions_in(record)):
        if seat == 0:
            review = review_decision(record, index, APP_SEED, QUICK_VIEW, every_card=False, viewer=0)
            if review.costly:
                return (review,)
    return ()


def drills(app: ShotApp, game: Game) -> Scene:
    """The drills: a costly decision of the player's in each of the game's hands, to be chosen again."""
    from pinochle_gui.screens.drills import DrillScene

    found = [StoredDrill(None, d, hand.variant, (None,) + ("medium",) * (hand.seats - 1))
             for record, hand in zip(game.hand_records, game.hands_played, strict=True)
             for d in drills_in(record, costly_decisions(json.dumps(record)), 0)]
    return DrillScene(app, found)


class _Felt(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_surface("green", *surface.get_size()), (0, 0))


def shots() -> dict[str, Callable[[ShotApp, Game], Scene]]:
    from pinochle_gui.screens import (
        challenge_deal_scene,
        challenge_results_scene,
        history_scene,
        new_game_scene,
        pause_scene,
        replay_result_scene,
        rules_scene,
        settings_scene,
        statistics_scene,
        title_scene,
        welcome_scene,
    )
    from pinochle_gui.screens.dialogs import ConfirmDialog

    def confirm(app: ShotApp, game: Game) -> Scene:
        app.stack.push(statistics_scene(app))
        return ConfirmDialog(
            app,
            "Reset statistics?",
            "Every game, hand, challenge and your rating will be forgotten. This cannot be undone.",
            lambda: None,
            "Reset",
            "Keep them",
        )

    def pause(app: ShotApp, game: Game) -> Scene:
        app.stack.push(_Felt())
        return pause_scene(app, game)

    def replay(app: ShotApp, game: Game) -> Scene:
        app.stack.push(_Felt())
        first = game.hand_records[0]
        return replay_result_scene(app, first, play_again(first, 5))

    def challenge_setup(app: ShotApp, game: Game) -> Scene:
        from pinochle_gui.screens.challenge_setup import ChallengeSetupScene

        return ChallengeSetupScene(app)

    def challenge_deal(app: ShotApp, game: Game) -> Scene:
        app.stack.push(_Felt())
        run = finished_challenge()
        app.challenge = replace(run, played=run.played[:3])  # just after the third deal
        return challenge_deal_scene(app)

    def challenge_results(app: ShotApp, game: Game) -> Scene:
        app.challenge = finished_challenge()
        return challenge_results_scene(app)

    return {
        "title": lambda app, game: title_scene(app),
        "new-game": lambda app, game: new_game_scene(app),
        "settings": lambda app, game: settings_scene(app),
        "statistics": lambda app, game: statistics_scene(app),
        "rules": lambda app, game: rules_scene(app, game.rules),
        "welcome": lambda app, game: welcome_scene(app),
        "pause": pause,
        "history": lambda app, game: history_scene(app, game),
        "replay": replay,
        "confirm": confirm,
        "challenge-setup": challenge_setup,
        "challenge-deal": challenge_deal,
        "challenge-results": challenge_results,
        "drills": drills,
    }


def render_all(out: Path, sizes: Sequence[tuple[int, int]], text_size: int = 100) -> list[Path]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    written: list[Path] = []
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        storage = Storage.open(home)
        storage.update_settings(toured=tuple(PRESETS), text_size=text_size)
        fill_statistics(storage)
        storage.close()
        game = play("partnership_auction", 7, hands=3)
        for size in sizes:
            for name, make in shots().items():
                app = ShotApp(Path(home), size)
                scene = make(app, game)
                app.stack.push(scene)
                surface = pygame.Surface(size)
                app.stack.update(0.0)
                app.stack.draw(surface)
                path = out / f"screen-{name}-{size[0]}x{size[1]}.png"
                pygame.image.save(surface, str(path))
                written.append(path)
                app.storage.close()
    return written


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pinochle_gui.screens", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--size", type=_size, action="append", help="WxH (repeatable); default 1280x800 and 720x1100")
    parser.add_argument("--text-size", type=int, choices=TEXT_SIZES, default=100, help="percent of the usual text")
    args = parser.parse_args(argv)
    for path in render_all(args.out, args.size or DEFAULT_SIZES, args.text_size):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
