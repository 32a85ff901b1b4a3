"""The soak test: many whole games of every preset, with random rule options, played at the real table as a
player would, hand after hand. The player's seat acts at random by posted keys and clicks: asks for a hint
and follows it with Enter, plays a card or makes a choice by mouse or by keys, claims the remaining tricks
when the table offers it, takes back a move (in play and at a hand's summary), sorts the hand, opens and
closes the pause menu, and leaves the game to continue it (a new table, at times a new app, from the save).

After every frame the table must be live (:meth:`TableScene.why_stalled`); every hand's summary must show
the engine's scores; every save must read back to the game at the table, and Continue must bring back that
very game. The computers (and hints) decide at once (``PINOCHLE_THINK_AT_ONCE``, conftest.py) and every
choice comes from the seed, so a run is the same on any machine: verdicts come from frame budgets, never
from the clock. The quick form plays some hands of every preset; the slow form plays hundreds.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import WAIT_SECONDS

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_table_play import by_keys, click, do_by_mouse, key, mouse_choices  # noqa: E402

from engine.actions import Bid, Pass  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.rules import OPTIONS, PRESET_NAMES, PRESETS, Rules, RulesError, TrumpBy, with_options  # noqa: E402
from engine.save import game_from_dict, game_to_dict  # noqa: E402
from pinochle_gui.cli import parse_args  # noqa: E402
from pinochle_gui.shell import App  # noqa: E402
from pinochle_gui.storage import Storage  # noqa: E402
from pinochle_gui.table.scene import TableScene  # noqa: E402
from pinochle_gui.table.seats import ComputerSeat  # noqa: E402

SIZE = (1280, 720)
COMPUTERS = ("random", "easy")  # the computers' levels, seat by seat at random: quick, and each claims when it can
HANDS_A_GAME = 4  # a game still going after this many hands is left for a new one (a high bid sets every hand)
STILL_FRAMES = 600  # frames in which nothing at all happens before the run is called stuck
FRAMES_A_HAND = 3_000  # the whole run's budget: this many frames for each hand it is to play
# The player's moves besides a card or a choice, by the share of turns below which each is taken (the hint is
# rare: of all the player's moves it is the slowest).
SHARES = (("undo", 0.025), ("sort", 0.05), ("pause", 0.07), ("continue", 0.08), ("hint", 0.086))
QUICK_HANDS = 5  # a run of the quick form; six runs, one a preset
LONG_HANDS = 25  # a run of the long form; twelve runs
class TableStalled(AssertionError):
    """The game cannot go on: the table waits for nothing, or a claim of the remaining tricks played no card."""


@dataclass
class Tally:
    """What a run did: hands scored (each summary checked), games played to their end, and the player's moves."""

    hands: int = 0
    games: int = 0
    hints: int = 0
    hints_followed: int = 0  # by Enter, which did what the hint said (a hint to declare out asks first)
    claims: int = 0  # the player's claims of the remaining tricks
    computer_claims: int = 0
    undos: int = 0
    restores: int = 0
    restarts: int = 0
    pauses: int = 0
    sorts: int = 0
    moves: int = 0
    variants: set[str] = field(default_factory=set)


# The numbers a player might set, the ends of each range among them (a ladder of thousands of bids, every
# one a legal action, would make each hand of the auction slow to play, and tell nothing more).
NUMBERS: dict[str, tuple[int, ...]] = {
    "min_bid": (1, 20, 50, 250, 300, 1000), "bid_step": (1, 5, 10, 25, 100), "bid_step_high": (0, 5, 50),
    "bid_step_high_from": (0, 60, 300, 1000), "max_bid": (300, 500, 1000, 2500), "pass_cards": (0, 1, 2, 3, 4),
    "bid_rounds": (0, 1, 2),
}


def random_rules(variant: str, rng: random.Random) -> Rules:
    """The preset with random options of :data:`engine.rules.OPTIONS`, each kept when it goes with those
    chosen before it, and a short game: a few hands, or a low target."""
    rules = PRESETS[variant]
    for option in OPTIONS.values():
        if rules.variant not in option.variants or option.name in ("game_target", "game_hands") or rng.random() < 0.6:
            continue
        value: Any
        if option.choices is not None:
            value = rng.choice(option.choices)
        elif isinstance(getattr(rules, option.name), bool):
            value = rng.random() < 0.5
        else:
            value = rng.choice(NUMBERS[option.name])
        try:
            rules = with_options(rules, **{option.name: value})
        except RulesError:
            continue  # it does not go with an option chosen before it
    if rng.random() < 0.7:
        return with_options(rules, game_target=0, game_hands=rng.randint(2, 3))
    target = (PRESETS[variant].game_target or 150) // rng.choice((3, 5))
    return with_options(rules, game_hands=0, game_target=target)


class Soak:
    """One run: an app on a home of its own, the player's random but seeded moves, the checks after each frame."""

    def __init__(self, home: Path, variant: str, seed: int) -> None:
        self.home = home
        self.variant = variant
        self.seed = seed
        self.rng = random.Random(f"{variant} {seed}")
        self.tally = Tally()
        self.screen = pygame.display.set_mode(SIZE)
        self.app = self.open_app()
        self.frame = 0
        self.done: set[str] = set()  # what the player has done once in the run (see due)
        self.summary_seen: object = None  # the summary checked last (one check a summary)
        self.still = 0
        self.away = 0  # frames the table has been under another scene (the pause menu)
        self.last_state: tuple[object, ...] = ()

    # -- the app ------------------------------------------------------------------------------------------
    def open_app(self) -> App:
        storage = Storage.open(self.home)
        storage.update_settings(toured=tuple(PRESETS))  # a player who knows the games: no tour over the table
        return App(parse_args(["--fast", "--seed", str(self.seed), "--size", f"{SIZE[0]}x{SIZE[1]}"]), self.screen,
                   storage)

    @property
    def table(self) -> TableScene:
        table = self.app.table
        assert table is not None, "the app shows no table"
        return table

    def new_game(self) -> None:
        """A new game of the run's preset with new random options (what the new-game screen starts)."""
        rules = random_rules(self.variant, self.rng)
        names = [self.app.settings.seat_name(s, rules.players) for s in range(rules.players)]
        levels: list[str | None] = [None] + [self.rng.choice(COMPUTERS) for _ in range(rules.players - 1)]
        self.app.start_game(rules, levels, names)
        self.tally.variants.add(self.variant)

    def where(self) -> str:
        """Where the run is, for a failure's message."""
        table = self.app.table
        if table is None:
            return f"{self.variant} seed {self.seed}, frame {self.frame}: no table"
        game = table.game
        return (f"{self.variant} seed {self.seed}, frame {self.frame}, hand {game.hand_number} of its game "
                f"({self.tally.hands} hands scored in the run), phase {game.phase}, rules {game.rules.changes()}")

    # -- the run ---------------------------------------------------------------------------------------------
    def run(self, hands: int) -> Tally:
        """Play until ``hands`` hands are scored; fail when the table stalls or the frames run out."""
        self.new_game()
        budget = hands * FRAMES_A_HAND
        try:
            while self.tally.hands < hands:
                self.frame += 1
                assert self.frame <= budget, f"{hands} hands not played in {budget} frames: {self.where()}"
                self.step()
        finally:
            self.app.close()
        return self.tally

    def step(self) -> None:
        """One frame: the app's time moves on, the table is checked, and the player does something."""
        app = self.app
        app.tick(1 / 60)
        if self.rng.random() < 0.1:
            app.stack.draw(self.screen)
        top = app.stack.top
        table = self.table
        if top is not table:
            self.away += 1
            assert self.away <= 3, f"Esc does not bring the table back from {type(top).__name__}: {self.where()}"
            key(app, pygame.K_ESCAPE)  # the pause menu, a message: back to the table
            return
        self.away = 0
        reason = table.why_stalled()
        if reason is not None:
            raise TableStalled(f"the table is stalled: {reason}; {self.where()}")
        self.watch_progress(table)
        director = table.director
        if director.news.summary is not None:
            self.at_summary(table)
        elif director.hold is not None:
            self.go_on()
        elif table.game_over_shown:
            self.at_game_over(table)
        elif table.human_turn and director.idle:
            self.players_turn(table)

    def watch_progress(self, table: TableScene) -> None:
        """Something must happen within :data:`STILL_FRAMES` frames: an action, a hold, a game's end."""
        director = table.director
        state = (id(table.game), len(table.game.log), id(director.hold), len(director.steps), table.game_over_shown,
                 table.hint_asked)
        self.still = 0 if state != self.last_state else self.still + 1
        self.last_state = state
        assert self.still < STILL_FRAMES, f"nothing happened in {STILL_FRAMES} frames: {self.where()}"

    def go_on(self) -> None:
        """Past a held display (the meld on the table, a summary): a click or Enter."""
        if self.rng.random() < 0.5:
            click(self.app, (SIZE[0] // 2, SIZE[1] // 2))
        else:
            key(self.app, pygame.K_RETURN)

    # -- what the player sees and does ------------------------------------------------------------------------
    def at_summary(self, table: TableScene) -> None:
        """A hand's summary: checked once against the engine; then the player goes on or, at times, undoes."""
        summary = table.director.news.summary
        if summary is not self.summary_seen:
            self.summary_seen = summary
            self.check_summary(table)
            failed = [seat.name for seat in table.seats if isinstance(seat, ComputerSeat) and seat.failures]
            assert not failed, f"a decision of {', '.join(failed)} failed and was replaced: {self.where()}"
            self.tally.hands += 1
            claim = table.game.hand_records[-1].get("claim")
            if claim is not None and table.game.hand_records[-1]["claim"]["seat"] != 0:
                self.tally.computer_claims += 1
            if self.rng.random() < 0.05:
                self.undo(table)
                return
        self.go_on()

    def check_summary(self, table: TableScene) -> None:
        """The summary shows the last hand's record, whose scores are the engine's."""
        summary = table.director.news.summary
        assert summary is not None
        game = table.game
        record = game.hand_records[-1]
        assert list(summary.score_delta) == record.get("score_delta"), f"the summary's score_delta: {self.where()}"
        assert list(summary.scores_after) == record.get("scores_after"), f"the summary's scores_after: {self.where()}"
        before = game.hand_records[-2]["scores_after"] if len(game.hand_records) > 1 else list(game.first_scores)
        if "score_delta" in record:
            assert [b + d for b, d in zip(before, record["score_delta"], strict=True)] == record["scores_after"]
        laid = [0] * len(game.scores)  # two-handed: meld of the next hand laid already (the turned-up dix)
        if game.rules.trump_by == TrumpBy.STOCK and not game.is_over:
            laid = list(game.hand.meld_points)
        assert [a + m for a, m in zip(record["scores_after"], laid, strict=True)] == game.scores, self.where()

    def at_game_over(self, table: TableScene) -> None:
        """The game's end, shown: at times the player takes the last move back; else a new game."""
        if self.rng.random() < 0.1:
            self.undo(table)
            return
        self.tally.games += 1
        self.new_game()

    def players_turn(self, table: TableScene) -> None:
        """The player's turn: one of the player's moves, at random."""
        if table.hint_asked:
            return  # the hint comes next frame
        if table.hint_action is not None:
            self.follow_hint(table)
            return
        if len(table.game.hand_records) >= HANDS_A_GAME:  # a long game: the player starts another
            self.new_game()
            return
        roll = self.rng.random()
        if table.panel.rest_claimable and roll < 0.6:
            self.claim(table)
            return
        chosen = self.due(table) or next((name for name, below in SHARES if roll < below), "move")
        self.done.add(chosen)
        if chosen == "undo":
            self.undo(table)
        elif chosen == "sort":
            self.tally.sorts += 1
            key(self.app, pygame.K_o)
        elif chosen == "pause":
            self.pause()
        elif chosen == "continue":
            self.save_and_continue(table)
        elif chosen == "hint":
            self.tally.hints += 1
            key(self.app, pygame.K_h)
        else:
            self.move(table)

    def due(self, table: TableScene) -> str | None:
        """What the player does once in every run, whatever its luck: pause and sort at the first turn, ask for a
        hint at the first card (or any turn, from the third hand on), and in a later hand of a game continue from
        the save and take a move back."""
        later = bool(table.game.hand_records)
        playing = table.obs.phase == Phase.PLAY
        hint = playing or self.tally.hands >= 2  # a card's hint if the player has one to play, else any
        wanted = [("pause", True), ("sort", True), ("hint", hint), ("continue", later), ("undo", later)]
        return next((name for name, now in wanted if now and name not in self.done), None)

    def follow_hint(self, table: TableScene) -> None:
        """The hint is shown: Enter does what it says."""
        before = len(table.game.log)
        key(self.app, pygame.K_RETURN)
        self.tally.hints_followed += len(table.game.log) > before

    def move(self, table: TableScene) -> None:
        """A random legal choice, by mouse or by keys; the table must take it."""
        before = len(table.game.log)
        legal = table.obs.legal_actions
        if self.rng.random() < 0.5 or table.panel.card_mode == "select":
            # Cards to pass or bury go by mouse: the keys choose them one by one, whether or not they go together.
            do_by_mouse(self.app, table, self.rng.choice(mouse_choices(table)))
        elif table.obs.phase == Phase.BIDDING and not any(isinstance(a, Pass) for a in legal):
            key(self.app, pygame.K_RETURN)  # the bid the panel shows (no pass: the first bid is forced)
        elif table.obs.phase == Phase.BIDDING and not any(isinstance(a, Bid) for a in legal):
            key(self.app, pygame.K_p)  # the bidding rounds are over: only a pass
        else:
            by_keys(self.app, table, self.rng)
        assert len(self.table.game.log) == before + 1, f"the table did not take the player's choice: {self.where()}"
        self.tally.moves += 1

    def claim(self, table: TableScene) -> None:
        """The player claims the remaining tricks (key C): the hand is played out at once."""
        records = len(table.game.hand_records)
        key(self.app, pygame.K_c)
        self.tally.claims += 1
        if len(table.game.hand_records) == records:
            raise TableStalled(f"the player's claim of the remaining tricks played no card: {self.where()}")

    def undo(self, table: TableScene) -> None:
        self.tally.undos += 1
        key(self.app, pygame.K_u)

    def pause(self) -> None:
        """The pause menu opens over the table (Esc); the next frame closes it (Esc again)."""
        self.tally.pauses += 1
        key(self.app, pygame.K_ESCAPE)
        assert self.app.stack.top is not self.table, f"Esc opened no pause menu: {self.where()}"

    def save_and_continue(self, table: TableScene) -> None:
        """The save of the game at the table reads back as that game; Continue (at times in a new app, as after
        quitting) brings back that very game at a new table."""
        app = self.app
        before = game_to_dict(table.game)
        assert app.saver.flush(WAIT_SECONDS), "the save was not written"
        saved, messages = app.storage.saves.load(restore=game_from_dict)
        assert messages == [] and saved is not None, messages
        assert game_to_dict(saved.restored) == before, f"the save reads back as another game: {self.where()}"
        if self.rng.random() < 0.3:
            app.close()
            self.app = app = self.open_app()
            self.tally.restarts += 1
        app.continue_game()
        again = self.table
        assert again is not table, "Continue made no new table"
        assert (again.game.log, again.game.scores, again.game.hand_number) == \
            (table.game.log, table.game.scores, table.game.hand_number), self.where()
        assert game_to_dict(again.game) == before, f"Continue brought back another game: {self.where()}"
        self.tally.restores += 1


def soak(tmp_path: Path, variant: str, seed: int, hands: int) -> Tally:
    """Play ``hands`` hands of ``variant`` at the table (see :class:`Soak`); what the run did."""
    pygame.display.init()
    pygame.font.init()
    tally = Soak(tmp_path / "home", variant, seed).run(hands)
    print(f"{variant} seed {seed}: {tally}")
    return tally


@pytest.fixture(autouse=True)
def _quick_hints(quick_hints: None) -> None:
    """The soak tests the table around the hint, not the advice (see ``quick_hints``)."""


def check_tally(tally: Tally, hands: int) -> None:
    """The run played what it was to play, and the player did each of the things a player does."""
    assert tally.hands >= hands and tally.moves > hands and tally.variants
    assert min(tally.undos, tally.restores, tally.sorts, tally.pauses, tally.hints_followed) > 0, tally


def runs(seed: int | tuple[int, ...]) -> list[Any]:
    """The runs of every preset with each seed."""
    seeds = seed if isinstance(seed, tuple) else (seed,)
    return [pytest.param(variant, s, id=f"{variant}-{s}") for variant in PRESET_NAMES for s in seeds]


@pytest.mark.timeout(600)
@pytest.mark.cost_job  # a player's own settings: the statistics' cost job works beside the table
@pytest.mark.parametrize(("variant", "seed"), runs(1))
def test_hands_of_every_preset_at_the_table(tmp_path: Path, variant: str, seed: int) -> None:
    """Five hands of each preset, with random options, played at the table by a random player: the table is
    live after every frame, every summary shows the engine's scores, every save and Continue bring the game back."""
    check_tally(soak(tmp_path, variant, seed, QUICK_HANDS), QUICK_HANDS)


@pytest.mark.slow
@pytest.mark.timeout(1200)
@pytest.mark.parametrize(("variant", "seed"), runs((2, 3)))
def test_many_hands_of_every_preset_at_the_table(tmp_path: Path, variant: str, seed: int) -> None:
    """The soak's long form: twenty-five hands a run, two runs a preset (300 hands), checked as the quick form (the
    statistics' cost job, which works beside the quick form's table, is left out: it would double the run's time)."""
    check_tally(soak(tmp_path, variant, seed, LONG_HANDS), LONG_HANDS)
