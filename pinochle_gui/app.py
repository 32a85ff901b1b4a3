"""The app loop: a window, a 60 fps clock, the engine's game and the seats that play it.

This first table draws with plain text: the variant, each seat's hand, the last things that
happened, and for the player the actions the engine allows (pick one with the arrow keys and
Enter, a number key, or a click). The table scene will replace :class:`TextTable`; the loop, the
seats and the command-line behaviour stay:

- ``--demo``: every seat is a computer; ``--hands N`` plays N whole hands, then exits 0;
- ``--records FILE`` appends each finished hand's record as it is scored (JSON Lines);
- ``--screenshot FILE`` saves the last frame drawn when the app exits;
- ``--first-frame-exit`` prints the seconds from start to the first frame shown, then exits.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402 - the prompt variable must be set first

import engine  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.cards import SUIT_NAMES, format_cards, sort_hand  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.players import Player, make_player  # noqa: E402
from engine.rules import Rules  # noqa: E402
from pinochle_gui import APP_TITLE, __version__, asset  # noqa: E402
from pinochle_gui.cli import STARTED, Options  # noqa: E402

FPS = 60
HUMAN_SEAT = 0
# Seconds between two computer decisions: watchable by default, quick with --fast.
COMPUTER_PACE = 0.6
FAST_PACE = 0.0
FAST_BUDGET = 0.008  # with --fast, computers decide for at most this long per frame
LOG_LINES = 9

FELT = (21, 96, 55)
FELT_EDGE = (14, 70, 40)
INK = (240, 236, 220)
DIM = (170, 200, 180)
GOLD = (245, 205, 90)
HIGHLIGHT = (35, 125, 75)

SEAT_NAMES = {  # when you play
    2: ("You", "Opponent"),
    3: ("You", "West", "East"),
    4: ("You", "West", "Partner", "East"),
}
DEMO_SEAT_NAMES = {  # when the computers play
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
}


def variant_title(name: str) -> str:
    """``"partnership_auction_div10"`` -> ``"Partnership auction div10"``."""
    return name.replace("_", " ").capitalize()


def describe(event: Any, names: tuple[str, ...]) -> str:
    """One line of plain text for an engine event (``names[seat]``; "You" takes the verb without -s)."""
    info: dict[str, Any] = dict(event.info)

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    who = name(event.seat)

    def does(verb: str, rest: str = "", seat: Any = event.seat) -> str:
        subject = name(seat)
        if subject != "You":
            verb = verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
        return f"{subject} {verb} {rest}".rstrip()

    def suit(value: Any) -> str:
        return SUIT_NAMES[value] if isinstance(value, int) else str(value)

    try:
        match event.kind:
            case "deal":
                return does("deal", f"hand {info.get('hand_number', '')}".rstrip(), seat=info["dealer"])
            case "redeal":
                return f"new deal ({info.get('reason', '')})" if info.get("reason") else "new deal"
            case "bid":
                return does("bid", str(info["amount"]))
            case "pass":
                return does("pass", "with help" if info.get("help") else "")
            case "auction_won":
                return does("win", f"the auction at {info['bid']}")
            case "widow":
                return does("take", "the widow" + (f": {format_cards(info['cards'])}" if "cards" in info else ""))
            case "trump":
                return f"trump: {suit(info['suit'])} (named by {who})"
            case "no_marriage":
                return f"{who}: no marriage, the hand is lost"
            case "dix_exchange":
                return does("exchange", f"the dix for {info['card']}" if "card" in info else "the dix")
            case "pass_cards":
                cards = f"{format_cards(info['cards'])} " if "cards" in info else f"{info.get('count', '')} cards "
                return does("pass", f"{cards}to {name(info['to'])}")
            case "bury":
                buried = format_cards(info["cards"]) if "cards" in info else f"{info.get('count', '')} cards"
                return does("bury", buried)
            case "meld" | "lay_meld":
                return does("meld", str(info.get("points", 0)))
            case "not_on_board":
                return f"{who}: not on the board, set"
            case "throw_in":
                return does("throw", "in the hand")
            case "play_on":
                return does("play", "on")
            case "play":
                return does("play", str(info["card"]))
            case "trick":
                return does("take", f"the trick ({info.get('points', 0)})", seat=info["winner"])
            case "draw":
                return does("draw", str(info["card"]) if "card" in info else "a card")
            case "declare_out":
                right = "right" if info.get("right") else "wrong"
                return does("declare", f"out ({right})")
            case "hand_scored":
                return f"hand scored: {' / '.join(str(d) for d in info.get('score_delta', []))}"
            case "game_over":
                return "game over"
            case _:
                return f"{who} {event.kind.replace('_', ' ')}".strip()
    except (KeyError, IndexError, TypeError):
        return f"{who} {event.kind.replace('_', ' ')}".strip()


@dataclass
class Table:
    """The game being played and what the window shows of it."""

    options: Options
    seed: int
    rules: Rules = field(init=False)
    game: Game = field(init=False)
    names: tuple[str, ...] = field(init=False)
    players: dict[int, Player] = field(init=False)  # the computer seats' players
    thinker: ThreadPoolExecutor | None = None  # where the computers think, off the event loop
    thinking: Future[Action] | None = None  # the decision being thought about
    log: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    hands_done: int = 0
    games_started: int = 0
    records_written: int = 0
    choice: int = 0  # the highlighted action of the player's list
    wait: float = 0.0  # seconds until the next computer decision
    finished: bool = False

    def __post_init__(self) -> None:
        self.rules = engine.preset(self.options.variant)
        names = DEMO_SEAT_NAMES if self.options.demo else SEAT_NAMES
        self.names = names.get(self.rules.players, tuple(f"Seat {s}" for s in range(self.rules.players)))
        self.players = {
            seat: make_player(self.options.level, seed=self.seed * 10 + seat)
            for seat in range(self.rules.players)
            if self.is_computer(seat)
        }
        self.start_game()

    # -- the game ------------------------------------------------------------------------------
    def start_game(self) -> None:
        self.game = engine.new_game(self.rules, seed=self.seed + self.games_started)
        self.games_started += 1
        self.records_written = 0
        self.choice = 0
        self.show(self.game.opening_events())

    def is_computer(self, seat: int) -> bool:
        return self.options.demo or seat != HUMAN_SEAT

    def legal_actions(self) -> list[Any]:
        return list(self.game.legal_actions()) if self.game.to_act is not None else []

    def apply(self, action: Any) -> None:
        self.show(self.game.apply(action))
        self.choice = 0
        if len(self.game.hand_records) > self.records_written:  # a hand ended (scored, or a declare-out)
            self.hands_finished()
        if self.game.to_act is None and not self.finished:
            self.log.append(self.game_over_text())
            if self.options.demo:  # computers play on; the player starts the next game with Enter
                self.start_game()

    def status_lines(self) -> list[str]:
        """Trump, contract, scores and the trick on the table, as plain text."""
        hand, lines = self.game.hand, []
        if hand.trump is not None:
            lines.append(f"trump: {SUIT_NAMES[hand.trump]}")
        if hand.declarer is not None and hand.bid:
            lines.append(f"{self.names[hand.declarer]}: contract {hand.bid}")
        sides = [" & ".join(self.names[seat] for seat in team) for team in self.rules.teams]
        lines.append("   ".join(f"{side} {score}" for side, score in zip(sides, self.game.scores, strict=True)))
        if hand.trick:
            lines.append("on the table: " + "  ".join(f"{self.names[seat]} {card}" for seat, card in hand.trick))
        return lines

    def game_over_text(self) -> str:
        winner = getattr(self.game, "winner", None)
        if winner is None:
            return "game over"
        seats = self.rules.teams[winner]
        verb = "win" if len(seats) > 1 else "wins"
        return f"game over: {' and '.join(self.names[seat] for seat in seats)} {verb}"

    def show(self, events: list[Any]) -> None:
        """Log what the player may see of ``events``."""
        for event in events:
            if self.options.demo or event.private_to is None or HUMAN_SEAT in event.private_to:
                self.log.append(describe(event, self.names))

    def hands_finished(self) -> None:
        """Count the hands just finished and append their records (as they finish: none is lost on a crash)."""
        new = list(self.game.hand_records[self.records_written:])
        if self.options.hands is not None:
            new = new[: self.options.hands - self.hands_done]
        if self.options.records is not None and new:
            engine.write_records(self.options.records, new, append=True)
        self.records_written = len(self.game.hand_records)
        self.hands_done += len(new)
        if self.options.hands is not None and self.hands_done >= self.options.hands:
            self.finished = True

    def update(self, dt: float) -> None:
        """Let the computer seats decide, at the pace the options ask for.

        The random player answers at once; the others think in a worker thread while frames go on,
        and their decision is applied on a later frame. With --fast, decisions follow each other
        within a small time budget per frame; otherwise one comes every COMPUTER_PACE seconds.
        """
        self.wait -= dt
        deadline = time.perf_counter() + FAST_BUDGET
        while not self.finished and (self.options.fast or self.wait <= 0):
            if self.thinking is not None:
                if not self.thinking.done():
                    return
                action, self.thinking = self.thinking.result(), None
            elif (seat := self.game.to_act) is not None and self.is_computer(seat):
                player = self.players[seat]
                if player.name != "random":  # a real search: keep the window alive meanwhile
                    self.thinker = self.thinker or ThreadPoolExecutor(1, thread_name_prefix="computer")
                    self.thinking = self.thinker.submit(player.choose, self.game, seat)
                    continue
                action = player.choose(self.game, seat)
            else:
                return
            self.apply(action)
            self.wait = FAST_PACE if self.options.fast else COMPUTER_PACE
            if time.perf_counter() > deadline:
                return

    def close(self) -> None:
        """Stop thinking (a decision under way finishes in the background and is dropped)."""
        if self.thinker is not None:
            self.thinker.shutdown(wait=False, cancel_futures=True)

    def computer_turn(self) -> bool:
        seat = self.game.to_act
        return seat is not None and self.is_computer(seat)

    # -- the player's input ------------------------------------------------------------------------
    def on_key(self, key: int) -> None:
        if self.game.to_act is None and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.start_game()  # after a game over: the next game
            return
        actions = self.legal_actions() if not self.computer_turn() else []
        if not actions:
            return
        if key in (pygame.K_UP, pygame.K_LEFT):
            self.choice = (self.choice - 1) % len(actions)
        elif key in (pygame.K_DOWN, pygame.K_RIGHT):
            self.choice = (self.choice + 1) % len(actions)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play(actions[min(self.choice, len(actions) - 1)])
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(actions):
            self.play(actions[key - pygame.K_1])

    def play(self, action: Any) -> None:
        """The player's decision; the computers answer after a short pause (none with --fast)."""
        self.apply(action)
        self.wait = FAST_PACE if self.options.fast else COMPUTER_PACE


class TextTable:
    """Draws a :class:`Table` with plain text on green felt; sizes follow the window's height."""

    def __init__(self) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self.action_rows: list[pygame.Rect] = []  # where each of the player's actions is drawn

    def font(self, size: int) -> pygame.font.Font:
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(None, size)
        return self._fonts[size]

    def text(self, surface: pygame.Surface, text: str, size: int, color: tuple[int, int, int],
             **where: Any) -> pygame.Rect:
        image = self.font(size).render(text, True, color)
        rect = image.get_rect(**where)
        surface.blit(image, rect)
        return rect

    def draw(self, surface: pygame.Surface, table: Table) -> None:
        w, h = surface.get_size()
        unit = max(14, h // 32)
        surface.fill(FELT_EDGE)
        pygame.draw.rect(surface, FELT, surface.get_rect().inflate(-unit, -unit), border_radius=unit * 2)
        rules, game = table.rules, table.game
        title = f"{APP_TITLE} - {variant_title(table.options.variant)}"
        self.text(surface, title, unit * 2, GOLD, midtop=(w // 2, unit))
        detail = f"hand {game.hand_number}   seed {table.seed}   computers: {table.options.level}   v{__version__}"
        self.text(surface, detail, unit, DIM, midtop=(w // 2, unit * 3))

        hands = game.hand.hands
        players = rules.players
        spots = _seat_spots(players, w, h, unit)
        for seat, (x, y) in enumerate(spots):
            marker = "> " if game.to_act == seat else ""
            thinking = " (thinking)" if marker and table.thinking is not None else ""
            color = GOLD if marker else INK
            self.text(surface, marker + table.names[seat] + thinking, int(unit * 1.3), color, midbottom=(x, y))
            if seat < len(hands):
                shown = table.options.demo or seat == HUMAN_SEAT
                cards = format_cards(sort_hand(hands[seat], trump=game.trump)) if shown else f"{len(hands[seat])} cards"
                for row, line in enumerate(_wrap(cards, 12 if rules.hand_size <= 15 else 10)):
                    self.text(surface, line, unit, INK, midtop=(x, y + 4 + row * unit))

        for row, line in enumerate(table.status_lines()):
            self.text(surface, line, unit, INK, midtop=(w // 2, h // 2 - unit * 3 + row * unit))
        for row, line in enumerate(table.log):
            self.text(surface, line, unit, DIM, topleft=(unit * 2, h // 2 - unit * 3 + row * unit))

        self.action_rows = []
        if not table.finished and game.to_act is not None and not table.computer_turn():
            actions = table.legal_actions()
            top = h // 2 - unit * 3
            self.text(surface, "Your turn:", unit, GOLD, topright=(w - unit * 2, top))
            for i, action in enumerate(actions[:12]):
                label = f"{i + 1}. {action}" if i < 9 else str(action)
                color = GOLD if i == table.choice else INK
                rect = self.text(surface, label, unit, color, topright=(w - unit * 2, top + (i + 1) * unit))
                if i == table.choice:
                    pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(8, 2), width=1)
                self.action_rows.append(rect)
        if game.to_act is None and not table.finished:
            self.text(surface, table.game_over_text() + " - Enter for a new game", int(unit * 1.5), GOLD,
                      center=(w // 2, h // 2))
        if table.finished:
            played = f"{table.hands_done} hand{'s' if table.hands_done != 1 else ''} played"
            self.text(surface, played, int(unit * 1.5), GOLD, center=(w // 2, h // 2))


def _seat_spots(players: int, w: int, h: int, unit: int) -> list[tuple[int, int]]:
    """Where each seat's name goes: the player at the bottom, the others clockwise."""
    bottom, left, top, right = (w // 2, h - unit * 5), (w // 5, h // 5 + unit * 2), (w // 2, unit * 6), (
        w * 4 // 5, h // 5 + unit * 2)
    return {2: [bottom, top], 3: [bottom, left, right]}.get(players, [bottom, left, top, right])


def _wrap(cards: str, per_line: int) -> list[str]:
    words = cards.split()
    return [" ".join(words[i:i + per_line]) for i in range(0, len(words), per_line)] or [""]


def run(options: Options) -> int:
    """Open the window and play until it is closed or ``--hands`` hands are done; returns the exit status."""
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(2**31)
    if options.records is not None:  # a file that cannot be written is refused now, not after a hand
        try:
            options.records.parent.mkdir(parents=True, exist_ok=True)
            options.records.open("a", encoding="utf-8").close()
        except OSError as error:
            raise OSError(f"cannot write hand records to {options.records}: {error.strerror or error}") from error
    pygame.display.init()
    pygame.font.init()
    closing: list[Any] = []
    try:
        pygame.display.set_caption(APP_TITLE)
        try:
            pygame.display.set_icon(pygame.image.load(asset("icon.png")))
        except (FileNotFoundError, pygame.error):
            pass  # the icon is decoration: a missing one never stops the game
        screen = pygame.display.set_mode(options.size, pygame.RESIZABLE)
        clock = pygame.time.Clock()
        table = Table(options, seed)
        closing.append(table.close)
        view = TextTable()
        first_frame = True
        running = True
        while running:
            dt = clock.tick(FPS) / 1000.0
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    running = False
                elif event.type == pygame.KEYDOWN:
                    if event.key == pygame.K_ESCAPE:
                        running = False
                    else:
                        table.on_key(event.key)
                elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    for i, rect in enumerate(view.action_rows):
                        if rect.collidepoint(event.pos):
                            table.choice = i
                            table.on_key(pygame.K_RETURN)
                            break
            table.update(dt)
            screen = pygame.display.get_surface() or screen
            view.draw(screen, table)
            pygame.display.flip()
            if first_frame:
                first_frame = False
                if options.first_frame_exit:
                    print(f"first frame after {time.perf_counter() - STARTED:.3f} s", flush=True)
                    running = False
            if table.finished:
                running = False
        if options.screenshot is not None:
            options.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(screen, str(options.screenshot))
    finally:
        for close in closing:
            close()
        pygame.quit()
    sys.stdout.flush()
    return 0
