"""The app loop: the window, the scene stack, settings, storage, sound, and the game at the table.

:func:`run` is the whole app for a parsed command line (:class:`pinochle_gui.options.Options`):

- it opens the window, the storage (settings, the saved game, statistics) and the sounds;
- without ``--demo`` it shows the title screen (``pinochle_gui.screens``); with ``--demo`` every seat is
  a computer and a table starts at once, as it does when the command line names a variant (with the
  welcome tour over it the first time that game is played);
- ``--hands N`` quits once N hands are scored (after the summary has been drawn), ``--records FILE``
  appends each finished hand's record, ``--screenshot FILE`` saves the last frame, ``--fast`` makes
  every animation instant, ``--first-frame-exit`` prints the time to the first frame and quits.

:class:`App` is what the scenes see of the application (the ``App`` and ``TableApp`` protocols of
:mod:`pinochle_gui.app_protocol`): ``start_game``, ``continue_game``, ``leave_game``, ``quit``,
``update_settings``, ``replay_deal``, and the table's callbacks (save after every action, hands and games
finished). A deal played again (:meth:`App.replay_deal`) is a table pushed over the one below: the callbacks
neither save it nor count it, so the game in progress and the statistics stay as they were. A duplicate
challenge (``start_challenge``, ``continue_challenge``; :mod:`pinochle_gui.challenge_run`) plays its deals
at such one-hand tables while the hard computer's side is played in the background and collected by
:meth:`App.tick`; it is saved after each deal and when the player leaves, and counted once both sides
have played every deal.
"""

from __future__ import annotations

import gc
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402 - the prompt variable must be set first

import engine  # noqa: E402
from engine.challenge import Challenge, ChallengeError  # noqa: E402
from engine.deal import deal_of_shared_number  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.record import HandRecord, check_record, game_at_deal, read_hand  # noqa: E402
from engine.rules import Rules, preset_name  # noqa: E402
from engine.save import game_to_dict  # noqa: E402
from pinochle_gui import APP_TITLE, STARTED, asset  # noqa: E402
from pinochle_gui.app_protocol import AppTable  # noqa: E402
from pinochle_gui.challenge_run import ChallengeRun, new_run, run_from_dict  # noqa: E402
from pinochle_gui.fonts import set_text_scale  # noqa: E402
from pinochle_gui.frames import FPS, FrameClock, prefer_plain_frame_buffer  # noqa: E402
from pinochle_gui.options import Options  # noqa: E402
from pinochle_gui.quit_signals import QuitSignals  # noqa: E402
from pinochle_gui.scene import Scene, SceneStack  # noqa: E402
from pinochle_gui.screens import (  # noqa: E402
    challenge_deal_scene,
    challenge_results_scene,
    open_record_file,
    open_review,
    pause_scene,
    replay_result_scene,
    rules_scene,
    show_messages,
    title_scene,
    welcome_scene,
)
from pinochle_gui.shared_analysis import SharedAnalysis  # noqa: E402
from pinochle_gui.sound import SoundBank  # noqa: E402
from pinochle_gui.storage import ALREADY_OPEN, Settings, Storage, StorageMessage  # noqa: E402
from pinochle_gui.storage.challenges import FinishedChallenge  # noqa: E402
from pinochle_gui.storage.saves import SaveWorker  # noqa: E402
from pinochle_gui.storage.tallies import level_of  # noqa: E402
from pinochle_gui.table.cost_job import EarlierHands, HandCoster  # noqa: E402
from pinochle_gui.table.scene import SeatsConfig, TableScene  # noqa: E402
from pinochle_gui.table.seats import ComputerSeat, thinking_at_once  # noqa: E402

DEMO_PAUSE = 2.5  # seconds a demo game's final score stays before the next game


class App:
    """The running application: one window, one scene stack, the storage and the sounds."""

    def __init__(self, options: Options, screen: pygame.Surface | None = None, storage: Storage | None = None) -> None:
        self.options = options
        self.screen = screen
        self.storage = storage if storage is not None else Storage.open()
        self.size = options.size
        self.stack = SceneStack(self.size, transition_time=0.0 if options.fast else 0.25)
        s = self.storage.settings
        set_text_scale(s.text_size)
        self.sound = SoundBank(enabled=s.sound_on, volume=s.volume, start_mixer=not options.fast)
        self.saver = SaveWorker(self.storage.saves)
        self.seed = options.seed if options.seed is not None else random.SystemRandom().randrange(2**31)
        self.games_started = 0
        self.hands_done = 0
        self.finished = False  # --hands reached and shown: the loop ends
        self._finish_frames = 0
        self._next_demo_game: float | None = None
        self.fullscreen = False
        self.messages: list[StorageMessage] = []
        self.challenge: ChallengeRun | None = None  # the duplicate challenge being played
        self.shared_analysis = SharedAnalysis()  # the seat views the cost job and the reviews share, the accuracies
        self.coster = HandCoster(shared=self.shared_analysis)  # what the player's decisions cost, hand by hand
        self.earlier_hands = EarlierHands()  # kept hands with no cost or no drills yet, for the coster when idle

    # -- what the screens read ------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.storage.settings

    @property
    def animation_speed(self) -> str:
        return "instant" if self.options.fast else self.settings.animation_speed

    @property
    def default_level(self) -> str:
        return self.options.level

    @property
    def table(self) -> TableScene | None:
        for scene in reversed(self.stack.scenes):
            if isinstance(scene, TableScene):
                return scene
        return None

    def play_sound(self, name: str) -> None:
        self.sound.play(name)

    def update_settings(self, **changes: Any) -> list[StorageMessage]:
        """Change some settings, store them and apply them (sound now; the look at the next table)."""
        messages = self.storage.update_settings(**changes)
        s = self.settings
        self.sound.apply_settings(s.sound_on, s.volume)
        set_text_scale(s.text_size)
        table = self.table
        if table is not None and "sort_order" in changes:
            table.set_sort_order(s.sort_order)
        if table is not None and "animation_speed" in changes and not self.options.fast:
            table.timing.set_speed(s.animation_speed)
        return messages

    def toggle_mute(self) -> bool:
        """Sound on or off (stored); returns True when now muted."""
        self.update_settings(sound_on=not self.settings.sound_on)
        return not self.settings.sound_on

    def toggle_fullscreen(self) -> None:
        """Full screen on or off (kept in the settings for the next start)."""
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return
        self.fullscreen = not self.fullscreen
        self.storage.update_settings(fullscreen=self.fullscreen)

    # -- games ------------------------------------------------------------------------------------------
    def start_game(self, rules: Rules, levels: Sequence[str | None], names: Sequence[str], seed: int | None = None,
                   deal_number: int | None = None) -> None:
        """A new game at a new table. ``levels[seat]``: a computer level, ``None`` for the player (seat 0)."""
        self.new_table(rules, levels, names, seed, deal_number)

    def new_table(self, rules: Rules, levels: Sequence[str | None], names: Sequence[str], seed: int | None = None,
                  deal_number: int | None = None) -> TableScene:
        """:meth:`start_game`, returning the table."""
        demo = self.options.demo or all(level is not None for level in levels)
        if seed is None:
            seed = (self.seed + self.games_started) % (2**31) if self.options.seed is not None else \
                random.SystemRandom().randrange(2**31)
        self.games_started += 1
        # The deal number a player types is one shown on a hand: its deal and dealer, so each seat gets its cards.
        first_deal, dealer = (None, None) if deal_number is None else deal_of_shared_number(deal_number, rules.players)
        game = engine.new_game(rules, seed=seed, first_deal=first_deal, dealer=dealer)
        game.game_id = f"{seed}-{int(time.time() * 1000)}"
        config = SeatsConfig(list(names), list(levels), self.avatars(rules.players), demo, game.game_id, time.time())
        table = TableScene(self, game, config)
        self._show_table(table)
        self.after_action(table)
        self.tour_if_new(table)
        return table

    def tour_if_new(self, table: TableScene) -> None:
        """The welcome tour of the table's game over it, the first time the player plays that game."""
        if not table.demo and preset_name(table.rules) not in self.settings.toured:
            self.stack.push(welcome_scene(self, table.rules))

    def avatars(self, players: int) -> list[int]:
        """The settings' avatars of the seats of a ``players``-handed table."""
        return self.settings.seat_avatars(players)

    def replay_deal(self, record: HandRecord) -> bool:
        """Play the hand of ``record`` again, over what is open now: the same cards (the record's deal), seats,
        names, scores before the hand and target, the computers at the same levels and seeded by the deal number
        (so a replay of a replay plays alike). Back from its result, the scene below is as it was."""
        try:
            check_record(record, replay=False)
            game = game_at_deal(record)
        except ValueError as err:
            self._tell([StorageMessage("warning", f"This deal cannot be played again ({err}).")])
            return False
        table = TableScene(self, game, self.seats_for(record, game.rules.players), original=record)
        self.stack.push(table, "fade")
        return True

    def seats_for(self, record: HandRecord, players: int) -> SeatsConfig:
        """Who sits where to play ``record``'s deal again: the seats of its game's table when it is open (the
        player in seat 0 even after a demo), else the record's names with the computers at the default level."""
        hand = read_hand(record)
        for scene in reversed(self.stack.scenes):
            if isinstance(scene, TableScene) and scene.game.game_id == hand.game_id \
                    and scene.rules.players == players:
                seats = scene.config
                return SeatsConfig(list(seats.names), [None, *seats.levels[1:]], list(seats.avatars),
                                   started_at=time.time())
        names = list(hand.players)
        if len(names) != players:
            names = [self.settings.seat_name(seat, players) for seat in range(players)]
        return SeatsConfig(names, [None] + [self.default_level] * (players - 1), self.avatars(players),
                           started_at=time.time())

    def default_game(self) -> TableScene:
        """A game of the command line's variant (or the settings' default) with the default seats."""
        variant = self.options.variant
        s = self.settings
        rules = s.rules_for(variant)
        players = rules.players
        names = [s.seat_name(seat, players) for seat in range(players)]
        level = self.options.level
        levels: list[str | None] = [level if self.options.demo else None] + [level] * (players - 1)
        return self.new_table(rules, levels, names)

    def _show_table(self, table: TableScene) -> None:
        old = self.table
        if old is not None:
            old.close()
        self.stack.clear()
        self.stack.running = True
        self.stack.push(table)

    def continue_game(self) -> None:
        """Restore the saved game at the table, exactly as it was left."""
        saved, messages = self.storage.saves.load(restore=engine.game_from_dict)
        self.messages.extend(messages)
        if saved is None or not isinstance(saved.restored, Game):
            self._tell(messages or [StorageMessage("warning", "There is no saved game to continue.")])
            return
        game = saved.restored
        try:
            config = SeatsConfig.from_dict(saved.table, game.rules.players)
        except (ValueError, TypeError) as exc:
            self._tell([StorageMessage("warning", f"The saved table could not be restored ({exc}).")])
            return
        config.demo = config.demo or saved.demo
        table = TableScene(self, game, config, restored=True)
        self._show_table(table)

    def leave_game(self) -> None:
        """Save the game (it is saved after every action already) and go back to the title screen."""
        table = self.table
        self.save_challenge()
        if table is not None:
            self.after_action(table)
            self.saver.flush(5.0)
            table.close()
        self.stack.clear()
        self.stack.running = True
        self.open_title()

    def open_title(self) -> None:
        self.stack.push(title_scene(self))

    def open_pause(self, table: AppTable) -> None:
        """The pause menu over the table."""
        self.stack.push(pause_scene(self, table.game, table.challenge, table.board))

    def open_rules(self, rules: Rules) -> None:
        """The rules of the variant in force, over the table."""
        self.stack.push(rules_scene(self, rules))

    def new_game_like(self, table: AppTable) -> None:
        self.start_game(table.rules, table.config.levels, table.names)

    def quit(self) -> None:
        table = self.table
        self.save_challenge()
        if table is not None:
            self.after_action(table)
        self.stack.running = False

    def _tell(self, messages: list[StorageMessage]) -> None:
        show_messages(self, messages)

    # -- the table's callbacks ----------------------------------------------------------------------------
    def after_action(self, table: AppTable) -> None:
        """Save the game after every action (off the event loop), so quitting loses nothing; a deal played
        again is not saved (the game in progress stays the one to continue), nor a challenge's deal (kept in
        the challenge, written when the player leaves)."""
        if table.challenge and self.challenge is not None and not table.replay_over:
            self.challenge.current = game_to_dict(table.game)  # written when the player leaves
        if table.game.is_over or table.replaying:
            return
        try:
            self.saver.submit(game_to_dict(table.game), table=table.config.to_dict(), demo=table.demo)
        except RuntimeError:
            pass  # the saver is closed: the app is ending
        self.messages.extend(self.saver.messages())

    def hands_finished(self, table: AppTable, records: list[HandRecord]) -> None:
        """Hands just scored: append their records (--records), add them to the statistics, count them
        (not those of a deal played again)."""
        if table.replaying:
            return
        if self.options.hands is not None:
            records = records[: max(0, self.options.hands - self.hands_done)]
        if self.options.records is not None and records:
            engine.write_records(self.options.records, records, append=True)
        for record in records:
            self.messages.extend(self.storage.record_hand(record, 0, table.config.levels, table.demo,
                                                          table.config.game_key))
            if not table.demo and self.settings.analyse_hands:
                game_id = table.config.game_key or read_hand(record).game_id
                self.coster.add(record, 0, game_id, level_of(table.config.levels))
                self.messages.extend(self.storage.stats.keep_hand_record(game_id, record))  # the cost chart's review
        self.hands_done += len(records)

    def game_finished(self, table: AppTable) -> None:
        """The game is over: into the statistics (not a demo), and no save to continue (a deal played again
        that ends its game changes neither)."""
        if table.replaying:
            return
        self.messages.extend(self.storage.record_game(table.game.hand_records, 0, table.config.levels, table.demo,
                                                      table.config.started_at, table.config.game_key))
        self.messages.extend(self.saver.clear())

    def review_hand(self, records: Sequence[HandRecord], index: int) -> None:
        open_review(self, records, index)

    def replay_finished(self, table: AppTable) -> None:
        """The deal played again is scored: its result beside the first one's, over its table; a challenge's
        deal is scored: into the challenge, and how both sides did on it over its table."""
        if table.challenge and self.challenge is not None and table.game.hand_records:
            self.challenge.deal_played(table.game.hand_records[0])
            self.challenge_progress()
            self.stack.push(challenge_deal_scene(self))
        elif table.original is not None and table.game.hand_records:
            self.stack.push(replay_result_scene(self, table.original, table.game.hand_records[0]))

    def game_over_shown(self, table: AppTable) -> None:
        if table.demo:
            self._next_demo_game = time.perf_counter() + (0.0 if self.options.fast else DEMO_PAUSE)

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: every scene lays itself out again."""
        if size != self.size:
            self.size = size
            self.stack.resize(size)

    # -- every frame -------------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Advance the scenes by ``dt`` seconds; start the next demo game; notice --hands being done; collect
        the challenge computer's deals."""
        self.stack.update(dt)
        if self.challenge is not None and self.challenge.poll():
            self.challenge_progress()
        table = self.table
        if self.coster.busy:  # the next decision only while no computer at the table thinks
            idle = table is None or not any(isinstance(seat, ComputerSeat) and seat.thinking for seat in table.seats)
            for hand in self.coster.poll(idle):
                self.messages.extend(self.storage.stats.record_hand_cost(hand.cost))
                self.messages.extend(self.storage.drills.keep(hand.cost.game_id, hand.record, hand.cost.level,
                                                              hand.seat, hand.reviews))  # its costly decisions
        if self.settings.analyse_hands and not self.options.demo:  # the hands kept without a cost, when it has none
            self.messages.extend(self.earlier_hands.feed(self.coster, self.storage.stats))
        else:
            self.earlier_hands.pause(self.coster)
        if self.messages and (table is None or table.idle):
            # What saving or the statistics had to say during play (a full disk, a damaged file).
            messages, self.messages = self.messages, []
            if self.options.demo:
                for message in messages:
                    print(f"pinochle: {message.text}", file=sys.stderr)
            else:
                self._tell(messages)
        if self._next_demo_game is not None and time.perf_counter() >= self._next_demo_game and table is not None:
            self._next_demo_game = None
            if not self.finished:
                self.new_game_like(table)
        hands = self.options.hands
        if hands is not None and self.hands_done >= hands and table is not None:
            if table.result_shown or table.idle:
                self._finish_frames += 1
                if self._finish_frames >= 3:
                    self.finished = True

    def close(self) -> None:
        """The last save written to its end, then every background worker stopped, its work dropped (the
        tables' computers, the reviews' analyses, the hands' costs, the challenge computer: their worker
        processes terminated, :func:`engine.ai.analysis.worker.stop_pool`), then the storage closed."""
        self.saver.close()
        for scene in self.stack.scenes:
            scene.leave()
        if self.challenge is not None:
            self.challenge.close()
        self.coster.close()
        self.storage.close()

    # -- the duplicate challenge --------------------------------------------------------------------------
    def start_challenge(self, challenge: Challenge, names: Sequence[str]) -> None:
        """A new duplicate challenge (the one in progress, if any, is dropped): the hard computer starts on
        its deals in the background and the player's first deal is dealt."""
        if self.challenge is not None:
            self.challenge.close()
        self.challenge = new_run(challenge, list(names), self.avatars(challenge.rules.players))
        self.challenge.start_background(processes=not thinking_at_once())
        self.save_challenge()
        self.play_challenge_deal()

    def continue_challenge(self) -> None:
        """The challenge left (still open in this run, else read from its save), where it was left: the deal
        under way, or its results when all are played."""
        run = self.challenge
        if run is None:
            saved = self.storage.challenge_save
            data, messages = saved.load()
            try:
                if data is None:
                    raise ChallengeError("")
                run = run_from_dict(data)
            except ChallengeError as err:
                if data is not None:
                    messages += saved.keep_aside(f"cannot be continued ({err})")
                self._tell(messages or [StorageMessage("warning", "There is no challenge to continue.")])
                return
            self.challenge = run
            run.start_background(processes=not thinking_at_once())
        if run.finished:
            self.challenge_progress()
            self.show_challenge_results()
        else:
            self.play_challenge_deal()

    def play_challenge_deal(self) -> None:
        """The challenge's next deal at a table of its own (the deal under way, after Continue)."""
        run = self.challenge
        if run is None or run.finished:
            return
        game = run.game()
        game.game_id = f"challenge {run.challenge.number} deal {run.place + 1}"
        seats = SeatsConfig(list(run.names), list(run.challenge.levels), list(run.avatars), started_at=time.time())
        table = TableScene(self, game, seats, challenge=True)
        self._show_table(table)
        table.hud.toast(f"Challenge {run.challenge.number}: deal {run.place + 1} of {run.challenge.deals}")
        self.tour_if_new(table)

    def show_challenge_results(self) -> None:
        if self.challenge is not None:
            old = self.table
            if old is not None:
                old.close()
            self.stack.clear()
            self.stack.running = True
            self.stack.push(challenge_results_scene(self), "fade")

    def save_challenge(self) -> None:
        """Write the challenge in progress (nothing once it is finished and counted)."""
        run = self.challenge
        if run is not None and not run.complete:
            self.messages.extend(self.storage.challenge_save.save(run.to_dict()))

    def challenge_progress(self) -> None:
        """The computer finished a deal: once every deal is played by both, the challenge goes into the
        statistics and its save is removed."""
        run = self.challenge
        if run is None:
            return
        if run.complete and not run.counted:
            run.counted = True
            mine, computer = run.totals()
            c = run.challenge
            self.messages.extend(self.storage.challenge_results.record(
                FinishedChallenge(c.number, c.rules.variant, c.deals, mine, computer, time.time())))
            self.messages.extend(self.storage.challenge_save.clear())
        else:
            self.save_challenge()
        top = self.stack.top
        if top is not None:
            top.changed()

    def leave_challenge(self) -> None:
        """Back to the title screen: a finished challenge is closed; one the computer has not finished is
        saved (Continue challenge brings it back) and its computer plays on meanwhile, counted when done."""
        run = self.challenge
        self.save_challenge()
        if run is not None and run.counted:
            run.close()
            self.challenge = None
        self.leave_game()


def _open_window(options: Options) -> pygame.Surface:
    prefer_plain_frame_buffer()
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(APP_TITLE)
    try:
        pygame.display.set_icon(pygame.image.load(asset("icon.png")))
    except (FileNotFoundError, pygame.error):
        pass  # the icon is decoration
    return pygame.display.set_mode(options.size, pygame.RESIZABLE)


def first_scene(app: App) -> Scene | None:
    """The title screen; a table at once in a demo, for ``--hands``, or when the command line names a
    variant."""
    if app.options.demo or app.options.hands is not None or app.options.named:
        return app.default_game()
    app.open_title()
    return app.stack.top


def turn(app: App, frames: FrameClock, screen: pygame.Surface) -> pygame.Surface:
    """One turn of the loop: wait for input or the next frame, handle the input, advance the scenes and,
    when the picture may have changed, draw and present it. Returns the window's surface."""
    events, dt = frames.wait()
    if events and not frames.moving:
        app.tick(dt)  # a still picture woken by input: its timers catch up first, then the input
        dt = 0.0  # so that what the input starts begins from its first frame
    for event in events:
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            w, h = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            app.resize((max(320, w), max(320, h)))
            continue
        if event.type == pygame.QUIT:
            app.quit()
            continue
        if event.type == pygame.DROPFILE:  # a hand record file dropped on the window: review it
            open_record_file(app, event.file)
            continue
        app.stack.process_event(event)
    app.tick(dt)
    if frames.due():
        screen = pygame.display.get_surface() or screen
        frames.draw(screen)
    return screen


def run(options: Options) -> int:
    """Open the window and run the app until it is closed (or ``--hands`` hands are done, or SIGTERM comes:
    :mod:`pinochle_gui.quit_signals`); the exit status."""
    signals = QuitSignals()
    signals.install()  # before the window: SDL then leaves SIGTERM to us
    app: App | None = None
    try:
        screen = _open_window(options)
        sys.setswitchinterval(0.002)  # a thread thinking in Python yields the GIL often: smooth frames
        app = App(options, screen)
        if app.storage.read_only:  # said on the title screen too; a demo or --hands run has none
            print(f"pinochle: {ALREADY_OPEN}", file=sys.stderr)
        if app.settings.fullscreen and not options.demo and options.screenshot is None:
            try:
                pygame.display.toggle_fullscreen()
                app.fullscreen = True
            except pygame.error:
                pass
        first_scene(app)
        gc.collect()
        gc.freeze()  # what exists now lives as long as the app: the collector need not walk it every time
        frames = FrameClock(app.stack)
        while app.stack.running and not app.finished:
            screen = turn(app, frames, screen)
            if signals.received is not None:
                app.quit()  # as the window's close button: the game saved, then everything closed
            if options.first_frame_exit and frames.presents:
                print(f"first frame after {time.perf_counter() - STARTED:.3f} s", flush=True)
                break
        if options.screenshot is not None:
            save_screenshot(screen, options.screenshot)
    finally:
        if app is not None:
            app.close()
        pygame.quit()
        signals.restore()
    sys.stdout.flush()
    return 0


def save_screenshot(surface: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


__all__ = ["App", "FPS", "first_scene", "run", "save_screenshot", "turn"]
