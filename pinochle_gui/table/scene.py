"""The table scene: one game of pinochle played through the engine, seen from seat 0.

The scene owns the :class:`~engine.game.Game`, the seats that decide for it, the
:class:`~pinochle_gui.table.director.Director` that animates what happens, the HUD and the
player's decision panel. Each frame: the director advances its animations; when nothing moves,
the seat to act is asked (the human through the panel, the hand and the keys; a computer through
its thinker, off the event loop) and its action goes to :meth:`TableScene.apply`, which hands it to
the engine, queues the events' animations, saves the game and records finished hands.
The player's keys and clicks are read in :mod:`.controls`; the frame is drawn by :mod:`.painter`.

A deal played again (``original``: the record of the hand it was first played in) is a one-hand game:
it stops at its hand's summary and the app shows the two results side by side; it is never saved and
stays out of the statistics (the app's callbacks leave such a table alone). A deal of a duplicate
challenge (``challenge``) is a one-hand game the same way, without hints or undo (the computer it is
compared with has neither); the app keeps it in the challenge.

Keys: arrows and Enter choose cards and bids; H hint, U (or Ctrl+Z) undo, L last trick, S the score
pad, O the sort order, R (or F1) the rules in force, M mute, F11 full screen, Escape the pause menu.
A click while cards move finishes the animation; a click or Enter closes the hand summary, whose buttons
review the hand just played (V) or play its deal again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

import pygame

from engine.actions import Action, Bury, DeclareOut, NoMeld, PassCards, Play
from engine.ai.analysis.advice import APP_SEED
from engine.ai.analysis.duplicate import seat_seed
from engine.ai.analysis.hint import hint_words
from engine.cards import Card, card_label
from engine.claim_tricks import claim_plan, claim_the_rest
from engine.declare_out import Claim, claim_of
from engine.events import GameOver, HandScored
from engine.game import Game, Phase
from engine.observation import Observation, observe
from engine.record import HandRecord
from engine.save import game_cut_at
from pinochle_gui.anim import Animator, Timing
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import sized_by_layout, text_scale
from pinochle_gui.scene import Scene, soonest
from pinochle_gui.table import controls
from pinochle_gui.table.director import VIEW_SEAT, Director, TableCard
from pinochle_gui.table.event_plans import plan
from pinochle_gui.table.hud import Hud
from pinochle_gui.table.painter import TablePainter, status_text
from pinochle_gui.table.panels import CardMode, DecisionPanel
from pinochle_gui.table.scorepad import side_names
from pinochle_gui.table.seats import MIN_THINK, ComputerSeat, HumanSeat, hint_thinker, make_thinker
from pinochle_gui.theme import get_theme
from pinochle_gui.widgets import Button, Tooltip, same_text_size
from pinochle_gui.widgets.core import soonest_wake
from pinochle_gui.words import action_words

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import Board
    from pinochle_gui.app_protocol import TableApp as App

class SeatsDict(TypedDict):
    """The seats as the save keeps them beside the game (:meth:`SeatsConfig.to_dict`)."""

    names: list[str]
    levels: list[str | None]
    avatars: list[int]
    demo: bool
    game_key: str
    started_at: float


@dataclass
class SeatsConfig:
    """Who sits where: every seat's name, its computer level (``None``: the player) and avatar."""

    names: list[str]
    levels: list[str | None]
    avatars: list[int] = field(default_factory=lambda: [1, 2, 3, 4])
    demo: bool = False
    game_key: str = ""  # unique to this game (statistics and saves)
    started_at: float = 0.0

    def to_dict(self) -> SeatsDict:
        return {"names": list(self.names), "levels": list(self.levels), "avatars": list(self.avatars),
                "demo": self.demo, "game_key": self.game_key, "started_at": self.started_at}

    @classmethod
    def from_dict(cls, data: dict[str, Any], players: int) -> SeatsConfig:
        names = [str(n)[:40] for n in data.get("names", [])][:players]
        levels = [lv if isinstance(lv, str) else None for lv in data.get("levels", [])][:players]
        avatars = [int(a) for a in data.get("avatars", []) if isinstance(a, int)]
        if len(names) != players or len(levels) != players:
            raise ValueError("the saved table does not match the game's seats")
        return cls(names, levels, avatars or [1, 2, 3, 4], bool(data.get("demo", False)),
                   str(data.get("game_key", "")), float(data.get("started_at", 0.0)))


class TableScene(Scene):
    """A game at the table. ``app`` gives settings, sound, storage and the way back to the menus."""

    def __init__(self, app: App, game: Game, seats: SeatsConfig, restored: bool = False,
                 original: HandRecord | None = None, challenge: bool = False) -> None:
        super().__init__()
        self.app = app
        self.game = game
        self.config = seats
        self.original = original  # the record of the hand whose deal this table plays again
        self.challenge = challenge  # a deal of the duplicate challenge
        self.replay_shown = False
        self.rules = game.rules
        if len(seats.names) != self.rules.players:  # the game could not be saved, nor a computer decide in it
            raise ValueError(f"{len(seats.names)} names for the {self.rules.players} seats of the game")
        self.demo = seats.demo
        settings = app.settings
        self.theme = get_theme(settings.table_theme)
        self.art = CardArt(settings.deck_design, settings.card_back, self.theme.highlight, self.theme.marked)
        self.timing = Timing(app.animation_speed)
        self.animator = Animator(self.timing)
        self.names = list(seats.names)
        game.players = list(self.names)
        self.size = app.size
        self.director = Director(self.rules, self.names, self.art, self.animator, self.size, plan, settings.sort_order,
                                 app.play_sound, pause_scale=0.7 if self.demo else 1.0)
        self.director.auto_hold = self.demo
        self.director.meld_goes_on = settings.meld_goes_on
        if settings.large_cards or text_scale() != 1.0:
            self.director.large_cards = settings.large_cards
            self.director.resize(self.size)
        self.thinker = make_thinker()
        self.hints = hint_thinker()
        base = game.seed  # the same seed, the same computer play: also after Continue in a new process
        self.seats: list[HumanSeat | ComputerSeat] = []
        for seat in range(self.rules.players):
            level = seats.levels[seat] if seat < len(seats.levels) else "easy"
            if level is None and not self.demo:
                self.seats.append(HumanSeat(self.names[seat]))
            else:
                self.seats.append(ComputerSeat(self.names[seat], level or app.default_level, seat_seed(base, seat),
                                               self.thinker))
        self.hud = Hud(self.theme, self.names, list(seats.avatars) or [1, 2, 3, 4])
        self.panel = DecisionPanel(self.theme, self.rules, self.names, self.submit)
        self.panel.claim_rest = self.claim_rest
        self.sides = side_names(self.rules.teams, self.names)
        game.humans = self.human_seats()
        self.obs: Observation = observe(game, VIEW_SEAT)
        self.records_seen = len(game.hand_records)
        self.hovered: TableCard | None = None
        self.focus = 0  # keyboard focus on the hand
        self.selected: list[int] = []  # ids of the sprites chosen to pass or bury
        self.show_pad = False
        self.hint_asked = False
        self.hint_action: Action | None = None
        self.forced_wait = 0.0
        self._claim_at: tuple[int, Claim | None] = (-1, None)
        self._rest_at: tuple[int, bool] = (-1, False)  # whether the player may claim the remaining tricks
        self.lifting = False  # the player's cards are still easing up or down
        self.game_over_shown = False
        self.closing = False
        self.menu_button: Button | None = None
        self.tools: list[Button] = []
        self.tooltip_box: pygame.Rect | None = None  # where the tooltip of a table button was drawn last
        self.end_buttons: list[Button] = []  # under the hand's summary or the game's end
        self.end_buttons_for: tuple[str, int, int] = ("", 0, 0)
        self.end_focus: int | None = None  # the end button under the keyboard's focus (None: Enter goes on)
        self.painter = TablePainter()
        self.laid_out_for_text = text_scale()  # the text size the table's widgets were built for
        self._warm: Iterator[tuple[int, int, str]] | None = None
        self.art_ready = False  # every card picture of this window size is drawn
        if restored or game.log:
            self.director.reset(self.obs)
            if game.is_over:
                self.director.news.game_over = GameOver(game.winner, tuple(game.scores))
        else:
            self.director.feed(game.opening_events(), self.obs)
        self._build_widgets()

    # -- scene hooks ---------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.laid_out_for_text = text_scale()
        self.painter.felt = None
        self.painter.static = None
        self._warm = None
        self.director.resize(size)
        self._build_widgets()
        self.panel.key = ()

    # -- what the app reads of the table and asks of it (pinochle_gui.app_protocol.AppTable) -----------------
    @property
    def board(self) -> Board | None:
        """The score board as the table shows it now (``None`` before it shows one)."""
        return self.director.news.board

    @property
    def idle(self) -> bool:
        """Nothing moves and nothing waits on the table: the seats may act."""
        return self.director.idle

    @property
    def result_shown(self) -> bool:
        """The hand's summary or the game's end is on the table."""
        news = self.director.news
        return news.summary is not None or news.game_over is not None

    def set_sort_order(self, order: str) -> None:
        """Sort the player's hand in this order from now on (``Settings.sort_order``)."""
        self.director.set_sort_order(order)

    def leave(self) -> None:
        self.close()

    def close(self) -> None:
        """Stop the thinkers (the table is gone)."""
        if self.closing:
            return
        self.closing = True
        for seat in self.seats:
            if isinstance(seat, ComputerSeat):
                seat.cancel()
        self.thinker.close()
        self.hints.close()

    def _build_widgets(self) -> None:
        lay = self.director.lay
        theme = self.theme
        self.menu_button = Button(lay.menu_button, "Menu", self.open_menu, theme, None, "Pause menu (Esc)")
        labels = [("Hint", self.ask_hint, "The best choice the review would find (H)"),
                  ("Undo", self.undo, "Take back your last action (U)"),
                  ("Last", self.toggle_last_trick, "The last trick (L)"),
                  ("Pad", self.toggle_pad, "The score pad of the game (S)")][2 if self.challenge else 0:]
        row = lay.tools
        gap = max(4, lay.margin // 2)
        w = min(110, (row.w - (len(labels) - 1) * gap) // len(labels))
        x = row.right - len(labels) * (w + gap) + gap
        self.tools = []
        for text, action, tip in labels:
            self.tools.append(Button((x, row.y, w, row.h), text, action, theme, None, tip))
            x += w + gap
        self.status_rect = pygame.Rect(lay.status)

    @property
    def buttons(self) -> list[Button]:
        """The table's own buttons (not the panel's): the menu, the tools and the game end's."""
        return ([self.menu_button] if self.menu_button is not None else []) + self.tools + self.end_buttons

    # -- the flow of the game ----------------------------------------------------------------------------
    @property
    def replaying(self) -> bool:
        """A one-hand game, off the books: a deal played again or a challenge's deal."""
        return self.original is not None or self.challenge

    @property
    def replay_over(self) -> bool:
        """The deal played again is scored (the engine has dealt the next hand, which is not played)."""
        return self.replaying and bool(self.game.hand_records)

    @property
    def human_turn(self) -> bool:
        seat = self.game.to_act
        return seat is not None and isinstance(self.seats[seat], HumanSeat) and not self.replay_over

    def submit(self, action: Action) -> None:
        """The player's choice from a panel, a card or a key."""
        if not self.director.idle or not self.human_turn:
            return
        if isinstance(action, (PassCards, Bury)):  # the very cards chosen on the hand go
            self.director.picked = [s for s in self.director.hands[VIEW_SEAT] if id(s) in self.selected]
        self.app.play_sound("click")
        self.apply(action)

    def apply(self, action: Action, reason: str = "") -> None:
        """Apply ``action`` for the seat to act (``reason``: a computer's, for the hand's record); animate,
        save and record what follows."""
        if not self.game.is_legal(action):
            self.hud.toast(f"{action_words(action)} is not allowed now", bad=True)
            return
        self.hud.hint = ""
        self.hint_action = None
        self.hint_asked = False
        if self.hints is not None:
            self.hints.cancel()
        events = self.game.apply(action, reason=reason)
        self.changed()
        self.obs = observe(self.game, VIEW_SEAT)
        self.selected = []
        self.focus = 0
        if self.replay_over:  # the one hand is over: its summary is the last thing shown
            events = events[:next(i for i, e in enumerate(events) if isinstance(e, HandScored)) + 1]
        self.director.feed(events, self.obs, catch_up=not self.replay_over)
        self.app.after_action(self)
        records = self.game.hand_records
        if len(records) > self.records_seen:
            new = list(records[self.records_seen:])
            self.records_seen = len(records)
            self.app.hands_finished(self, new)
        if self.game.is_over:
            self.app.game_finished(self)

    def update(self, dt: float) -> None:
        self.director.update(dt)
        self.hud.update(dt)
        self.panel.update(dt)
        for button in self.buttons:
            button.update(dt)
        self._poll_hint()  # before the lift: a hint moves the focus, and its card rises in this very frame
        self._label_hint_button()
        self.lifting = controls.update_lift(self, dt)
        self._warm_art()
        if self.director.news.summary is None and self.end_buttons_for[0] == "summary":
            self.end_buttons = []
            self.end_buttons_for = ("", 0, 0)
            self.end_focus = None
        if not self.director.idle:
            return
        game = self.game
        if self.replay_over:
            if not self.replay_shown:
                self.replay_shown = True
                self.app.replay_finished(self)
            return
        if game.is_over:
            self._show_game_over()
            return
        seat = game.to_act
        if seat is None:
            return
        controller = self.seats[seat]
        if isinstance(controller, ComputerSeat):
            if not controller.thinking and claim_plan(game, seat) is not None:
                self._finish_claimed(seat)
                return
            if not controller.thinking:
                controller.start(game, seat)
                self.changed()  # the thinking dots
            action = controller.result(game, MIN_THINK * self.timing.factor * (0.6 if self.demo else 1.0))
            if action is not None:
                self.apply(action, controller.last_reason)
            return
        self.panel.claim = self._claim()
        self.panel.rest_claimable = self._rest_claimable()
        self.panel.build(self.obs, self.director.lay)
        self._auto_play(dt)

    def why_stalled(self) -> str | None:
        """Why the game cannot go on from here; ``None`` when the table is live. Asked of the table as a frame
        leaves it (after :meth:`update`), by the tests that play many hands.

        Live: cards move or a step waits in the director's queue; a hold (the meld on the table, the hand's
        summary) waits for the click the controls take; the game (or the deal played again) is over and the
        table shows it; the player is to act and the panel or the hand takes an action; a computer is to act
        and is thinking. Anything else waits for nothing: a computer's claim that played no card, say."""
        director = self.director
        if director.hold is not None and not director.hold.released:
            return None  # the meld or the summary waits for a click
        if not director.idle:
            return None  # cards move
        game = self.game
        if self.replay_over:
            return None if self.replay_shown else "the deal played again is over, but its result is not shown"
        if game.is_over:
            return None if self.game_over_shown else "the game is over, but the table does not say so"
        seat = game.to_act
        if seat is None:
            return f"nobody is to act in phase {game.phase}"
        if (self.obs.phase, self.obs.to_act) != (game.phase, seat):
            return f"the table shows {self.obs.phase} for seat {self.obs.to_act}; the game is at {game.phase}, {seat}"
        controller = self.seats[seat]
        if isinstance(controller, HumanSeat):
            if not self.obs.legal_actions:
                return f"the player is to act in phase {game.phase} with no legal action"
            if self.panel.card_mode is None and not any(b.enabled for b in self.panel.buttons):
                return f"the player is to act in phase {game.phase}, but neither the hand nor the panel takes a choice"
            return None
        if controller.thinking:
            return None
        claiming = claim_plan(game, seat) is not None
        claimed = " (it claims the remaining tricks, and no card is played)" if claiming else ""
        return f"{self.names[seat]} is to act in phase {game.phase} but is not thinking{claimed}"

    def _claim(self) -> Claim | None:
        """Declaring out now (asked of the engine once per position)."""
        if self._claim_at[0] != len(self.game.log):
            self._claim_at = (len(self.game.log), claim_of(self.game, VIEW_SEAT))
        return self._claim_at[1]

    def _rest_claimable(self) -> bool:
        """Whether the player may claim the remaining tricks now (asked of the engine once per position)."""
        if self._rest_at[0] != len(self.game.log):
            self._rest_at = (len(self.game.log), claim_plan(self.game, VIEW_SEAT) is not None)
        return self._rest_at[1]

    def claim_rest(self) -> None:
        """The player claims the remaining tricks (offered only when every one of them is certain)."""
        if self.director.idle and self.human_turn and self.game.to_act is not None \
                and claim_plan(self.game, self.game.to_act) is not None:
            self._finish_claimed(self.game.to_act)

    def _finish_claimed(self, seat: int) -> None:
        """``seat`` takes every remaining trick: its hand is laid face up with the claim's words, then the hand
        is played out at once as the claim says."""
        claim, plays = claim_the_rest(self.game, seat)  # the hand's record notes the claim
        self.director.feed([claim], self.obs, catch_up=False)
        for action in plays:
            self.apply(action)

    def wake_in(self) -> float | None:
        """The table moves while cards move or are lifted, a forced card waits to be played by itself,
        a toast, a speech bubble, a timed hold or a button's tooltip runs out, or a computer's dots count;
        a computer's answer arriving is polled and calls :meth:`changed`."""
        if self.lifting or self.forced_wait > 0:
            return 0.0
        thinking = any(isinstance(s, ComputerSeat) and s.thinking for s in self.seats)
        return soonest((self.director.wake_in(), self.hud.wake_in(thinking),
                        soonest_wake(self.buttons + self.panel.buttons)))

    def _warm_art(self, budget: float = 0.004) -> None:
        """Draw the card pictures of this window size ahead of need, a few each frame, so that no frame
        stalls on a face drawn for the first time (the hand, its dimmed and raised states, the trick, the rest)."""
        if self._warm is None:
            self.art_ready = False
            lay = self.director.lay
            mine = sorted(set(self.obs.hand))  # the cards about to land face up first
            jobs: list[tuple[int, int, str]] = [(c, lay.card_w, "normal") for c in mine]
            jobs += [(c, lay.card_w, state) for state in ("normal", "dimmed", "hover", "selected") for c in range(24)]
            jobs += [(c, w, "normal") for w in (lay.trick_w, lay.small_w) for c in range(24)]
            self._warm = iter(jobs)
        if self.art_ready:
            return
        deadline = time.perf_counter() + budget
        for c, width, state in self._warm:
            self.art.face(c, width, state)
            if time.perf_counter() >= deadline:
                return
        self.art_ready = True

    def _auto_play(self, dt: float) -> None:
        """Take a forced action by itself when the setting asks for it, after as long a look as a computer's
        decision: the one card that may be played (it moves like any other), or "no meld" when the
        two-handed winner has no meld to lay."""
        last_card = self.obs.phase == Phase.PLAY and len(self.obs.hand) == 1 and not self.game.hand.stock
        if not (self.app.settings.auto_play_forced or last_card) or self.obs.phase not in (Phase.PLAY, Phase.MELD):
            self.forced_wait = 0.0
            return
        kind = Play if self.obs.phase == Phase.PLAY else NoMeld
        plays = [a for a in self.obs.legal_actions if isinstance(a, kind)]
        others = [a for a in self.obs.legal_actions if not isinstance(a, (kind, DeclareOut))]
        if len(plays) == 1 and not others:
            self.forced_wait += dt
            if self.forced_wait >= MIN_THINK * max(0.2, self.timing.factor):
                self.forced_wait = 0.0
                forced = plays[0]
                self.apply(forced)
                if isinstance(forced, Play) and not last_card:  # played for the player: say why
                    self.hud.toast(f"{card_label(forced.card)}: your only card")
        else:
            self.forced_wait = 0.0

    def _show_game_over(self) -> None:
        if self.game_over_shown:
            return
        self.game_over_shown = True
        self.changed()
        if self.director.news.game_over is None:
            self.director.news.game_over = GameOver(self.game.winner, tuple(self.game.scores))
        self.app.game_over_shown(self)

    # -- help --------------------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        if self.challenge:
            self.hud.toast("No hints in a challenge: the computer you are compared with has none")
            return
        if not self.human_turn or not self.director.idle:
            self.hud.toast("A hint is for your own turn")
            return
        if self.hint_asked:
            return
        self.hint_asked = True
        self.hud.hint = "thinking..."
        self.hints.start_hint(self.game, VIEW_SEAT, APP_SEED)

    def _poll_hint(self) -> None:
        if not self.hint_asked:
            return
        try:
            found = self.hints.result(self.game)
        except Exception as exc:  # noqa: BLE001 - no hint is better than a stopped game
            self.hint_asked = False
            self.hud.hint = f"no hint now ({exc})"
            self.changed()
            return
        if found is None:
            return
        self.changed()
        self.hint_asked = False
        self.follow_hint(*found)

    def _label_hint_button(self) -> None:
        """The Hint button says so while the hint is being thought out (Enter waits for it meanwhile)."""
        label = "Thinking..." if self.hint_asked else "Hint"
        for button in self.tools:
            if button.on_click == self.ask_hint and button.text != label:
                button.text = label
                self.changed()

    def follow_hint(self, action: Action, reason: str) -> None:
        """Show the hint and make it the keyboard's choice, so that Enter does what it says."""
        self.hint_action = action
        self.hud.hint = hint_words(action, self.game) + (f" - {reason}" if reason else "")
        if isinstance(action, Play):  # the keyboard's choice moves to the advised card: Enter plays it
            playable = list(self.legal_sprites().values())
            if action in playable:
                self.focus = playable.index(action)
        elif not isinstance(action, (PassCards, Bury)):
            self.panel.point_at(action)
        elif self.panel.card_mode == CardMode.SELECT:
            # The advised cards stand chosen on the hand: Enter passes (or buries) them.
            free = list(self.director.hands[VIEW_SEAT])
            chosen: list[TableCard] = []
            for c in action.cards:
                sprite = next((x for x in free if x.card == c), None)
                if sprite is not None:
                    free.remove(sprite)
                    chosen.append(sprite)
            self.selected = [id(x) for x in chosen]
            self.panel.selection = [Card(x.card) for x in chosen if x.card is not None]
            self.panel.update_enabled()

    def undo(self) -> None:
        """Take back the player's last action of this hand (and the computers' actions after it)."""
        if self.demo or not any(isinstance(s, HumanSeat) for s in self.seats):
            self.hud.toast("Nothing to undo in a demo game")
            return
        if self.replay_over:
            self.hud.toast("The deal is played: nothing to undo")
            return
        if self.challenge:
            self.hud.toast("No undo in a challenge: every deal counts as played")
            return
        if not self.director.idle and self.director.hold is None:
            self.director.skip()
        cut = self.last_human_action()
        if cut is None:
            self.hud.toast("Nothing of yours to undo in this hand: a scored hand is final")
            return
        for seat in self.seats:
            if isinstance(seat, ComputerSeat):
                seat.cancel()
        self.game = game_cut_at(self.game, cut)
        self.game.players = list(self.names)
        self.game.humans = self.human_seats()
        self.obs = observe(self.game, VIEW_SEAT)
        self.director.reset(self.obs)
        self.records_seen = len(self.game.hand_records)
        self._claim_at = (-1, None)  # asked again of the position undone to (its log may grow to the same length)
        self._rest_at = (-1, False)
        self.game_over_shown = False
        self.end_buttons = []
        self.panel.key = ()
        self.panel.asking_out = False  # the position is new: no question or hint stays open
        self.panel.advised = None
        self.hud.hint = ""
        self.hint_action = None
        self.hint_asked = False
        self.hints.cancel()
        self.hud.toast("Undone")
        self.app.after_action(self)

    def human_seats(self) -> tuple[int, ...]:
        """The seats the player plays (none in a demo), written into the hands' records."""
        return tuple(seat for seat, s in enumerate(self.seats) if isinstance(s, HumanSeat))

    def last_human_action(self) -> int | None:
        """The index in the log of the player's last real choice in the hand being played (a card or bid
        that was the only one allowed is no choice: undoing it would only play it again); ``None`` when
        there is none. A scored hand is final: undo never goes back into it (nor past the game's end)."""
        if self.game.is_over:
            return None
        replay = game_cut_at(self.game, 0)
        choices: list[int] = []  # the player's choices in the hand being replayed
        for i, action in enumerate(self.game.log):
            if replay.to_act == VIEW_SEAT and replay.has_choice():
                choices.append(i)
            scored = len(replay.hand_records)
            replay.apply(action)
            if len(replay.hand_records) > scored:
                choices = []  # that hand is scored: its choices are final
        return choices[-1] if choices else None

    def toggle_last_trick(self) -> None:
        self.hud.show_last_trick = not self.hud.show_last_trick

    def toggle_pad(self) -> None:
        self.show_pad = not self.show_pad

    def open_menu(self) -> None:
        self.app.open_pause(self)

    def cycle_sort(self) -> None:
        orders = ("trump_first", "by_suit", "low_to_high")
        now = self.director.sort_order
        order = orders[(orders.index(now) + 1) % len(orders)] if now in orders else orders[0]
        self.app.update_settings(sort_order=order)  # the table follows (App.update_settings) and it is kept
        self.director.set_sort_order(order)
        self.hud.toast(f"Sorted {order.replace('_', ' ')}")

    def uncover(self) -> None:
        """Back from the pause menu or the settings: follow what may have changed there."""
        self.apply_settings()

    def apply_settings(self) -> None:
        """Theme, deck design and back, sort order and animation speed from the settings, at once."""
        settings = self.app.settings
        theme = get_theme(settings.table_theme)
        if theme != self.theme:
            self.theme = theme
            self.hud.theme = theme
            self.panel.theme = theme
            self.painter.felt = None
            self.painter.static = None
            self._build_widgets()
            self.panel.key = ()
        if (settings.deck_design, settings.card_back) != (self.art.design, self.art.back_name) or \
                self.art.highlight != theme.highlight:
            self.art = CardArt(settings.deck_design, settings.card_back, theme.highlight, theme.marked)
            self.director.art = self.art
            self._warm = None
        if settings.sort_order != self.director.sort_order:
            self.director.set_sort_order(settings.sort_order)
        if settings.large_cards != self.director.large_cards or text_scale() != self.laid_out_for_text:
            self.director.large_cards = settings.large_cards
            self.resize(self.size)
        self.director.meld_goes_on = settings.meld_goes_on
        speed = self.app.animation_speed
        if speed != self.timing.speed:
            self.timing.set_speed(speed)

    # -- input: pinochle_gui.table.controls ------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        return controls.process_event(self, event)

    def legal_sprites(self) -> dict[int, Action]:
        """The player's cards (and two-handed table cards) that may be played now, by sprite id."""
        return controls.legal_sprites(self)

    def card_states(self) -> dict[int, str]:
        """How the player's cards are drawn now, by sprite id: dimmed, hover or selected."""
        return controls.card_states(self)

    # -- drawing: pinochle_gui.table.painter ------------------------------------------------------------------
    def status_text(self) -> str:
        """What the status line says now (not the next deal's turns once a deal played again is over)."""
        if self.replay_over and self.director.idle:
            return "The deal is played"
        return status_text(self)

    def observation_now(self) -> Observation:
        return self.obs

    def draw(self, surface: pygame.Surface) -> None:
        with sized_by_layout():  # the table's text is sized by its layout, grown with the player's text size
            self.painter.draw(self, surface)

    def draw_tooltips(self, surface: pygame.Surface) -> None:
        """The tooltip of the menu or tool button under the pointer."""
        lay = self.director.lay
        self.tooltip_box = None
        if self.show_pad or self.hud.show_last_trick:
            return  # the open pad or last trick lies over the buttons: no tooltip of theirs over it
        for button in self.buttons:
            if button.show_tooltip:
                tip = Tooltip(button.tooltip, self.theme, max(13, button.rect.h // 3))
                tip.place_by(button.rect, pygame.Rect(0, 0, lay.width, lay.height),
                             [b.rect for b in self.buttons + self.panel.buttons if b is not button],
                             [self.status_rect, lay.score_pad])
                tip.draw(surface)
                self.tooltip_box = tip.rect

    # -- after a hand ------------------------------------------------------------------------------------------
    @property
    def summary_buttons_shown(self) -> bool:
        """The hand's summary offers Review and Play this deal again (not in a demo or a deal played again)."""
        return not self.demo and not self.replaying

    def review_last_hand(self) -> None:
        """The hand just scored, step by step (the summary's Review, key V)."""
        records = self.game.hand_records
        if records:
            self.app.review_hand(records, len(records) - 1)
        else:
            self.hud.toast("No hand is finished yet")

    def replay_last_hand(self) -> None:
        """The deal of the hand just scored, played again at the same seats."""
        if self.game.hand_records:
            self.app.replay_deal(self.game.hand_records[-1])

    def place_end_buttons(self, box: pygame.Rect, kind: str = "game over") -> None:
        """The buttons under the panel in ``box``: Review and Play this deal again under the hand's summary,
        New game and Menu under the game's end (none in a demo)."""
        if self.demo:
            self.end_buttons = []
            return
        if self.end_buttons_for == (kind, box.centerx, box.bottom):
            return
        if self.end_buttons_for[0] != kind:
            self.end_focus = None
        self.end_buttons_for = (kind, box.centerx, box.bottom)
        specs: list[tuple[str, Callable[[], None], int | None, str]]
        if kind == "summary":
            specs = [("Review", self.review_last_hand, pygame.K_v,
                      "This hand again, step by step, every hand face up (V)"),
                     ("Play this deal again", self.replay_last_hand, pygame.K_a,
                      "The same cards at the same seats, the computers at the same levels (A)")]
        else:
            specs = [("New game", lambda: self.app.new_game_like(self), None, ""),
                     ("Menu", self.app.leave_game, None, "")]
        h = max(30, min(52, box.h // 7))
        w = min(240, (box.w - 48) // 2)
        y = box.bottom - h - 12
        self.end_buttons = [Button((box.centerx - w - 8 + i * (w + 16), y, w, h), text, action, self.theme, key, tip)
                            for i, (text, action, key, tip) in enumerate(specs)]
        same_text_size(self.end_buttons)  # "Play this deal again" no smaller than "Review"


__all__ = ["SeatsConfig", "TableScene"]
