"""The table a casual player trusts (issue 10): undo reaches the player's decisions of a hand that ended
without the player's turn, and the statistics follow an undo; the declare-out question; Enter after a
hint; the score board until the summary; the meld view waits; the question before abandoning a game."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.actions import Action, Bid, Pass, Play  # noqa: E402
from engine.cards import card_label  # noqa: E402
from engine.game import Game, Phase, new_game  # noqa: E402
from engine.rules import preset  # noqa: E402
from pinochle_gui.table.director import VIEW_SEAT  # noqa: E402
from pinochle_gui.table.scene import SeatsConfig, TableScene  # noqa: E402
from pinochle_gui.table.summary import summary_lines  # noqa: E402
from tests.test_table_play import click, do_by_mouse, key, make_table, mouse_choices  # noqa: E402
from tests.test_table_scene import one_card_to_play, run_until  # noqa: E402

pytestmark = pytest.mark.timeout(120)


def players_card(table: TableScene) -> bool:
    """The player is to play a card and the table waits."""
    return table.human_turn and table.director.idle and table.obs.phase == Phase.PLAY


def overbid_hand(seed: int) -> tuple[Game, int]:
    """Partnership auction, seed 0: the player bids 330 on a hand that is not on the board, the others
    pass; the game just before the player's last decision of the hand, and that decision's index."""
    game = new_game(preset("partnership_auction"), seed=seed)
    log = []
    while not game.hand_records:
        acts = game.legal_actions()
        bids = [a for a in acts if isinstance(a, Bid)]
        if bids:
            action = [b for b in bids if b.amount <= 330][-1] if game.to_act == VIEW_SEAT else \
                next(a for a in acts if isinstance(a, Pass))
        else:
            action = acts[0]
        log.append((game.to_act, action))
        game.apply(action)
    assert game.hand_records[-1]["how"] == "not_on_board"
    last = max(i for i, (seat, _a) in enumerate(log) if seat == VIEW_SEAT)
    again = new_game(preset("partnership_auction"), seed=seed)
    for _seat, action in log[:last]:
        again.apply(action)
    return again, last


def test_a_hand_set_without_play_is_final_and_undo_says_so(tmp_path: Path) -> None:
    """The player's last bid sets the hand at once, without play: the hand is scored, and a scored hand is
    final. Undo at its summary (twice, as a player would) changes nothing and says why; the statistics keep
    the hand."""
    app, first, screen = make_table(tmp_path, "partnership_auction")
    game, _last = overbid_hand(0)
    names = ["You", "West", "North", "East"]
    table = TableScene(app, game, SeatsConfig(names, [None, "random", "random", "random"], [1, 2, 3, 4],
                                              False, "overbid", 0.0))
    app.stack.replace(table, "none")
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        decision = table.game.legal_actions()
        table.apply(decision[0])  # the player's last decision: the hand is set at once, without play
        assert table.game.hand_records and table.game.hand_records[0]["how"] == "not_on_board"
        log = len(table.game.log)
        for _ in range(2):
            key(app, pygame.K_u)
            assert len(table.game.log) == log and len(table.game.hand_records) == 1
        assert any("a scored hand is final" in t.text for t in table.hud.toasts)
        assert app.storage.stats.summary().hands == 1
    finally:
        app.close()


def test_the_games_end_is_final_for_undo(tmp_path: Path) -> None:
    """The game is over: Undo takes nothing back, and the statistics count the game as played."""
    app, first, screen = make_table(tmp_path, "two_hand", seed=2)
    game = Game(first.rules, seed=31, scores=[1199, 0])  # the player goes out with a point at the hand's end
    table = TableScene(app, game, SeatsConfig(["You", "North"], [None, "random"], [1, 3], False, "near-end", 0.0))
    app.stack.replace(table, "none")
    try:
        run_until(app, table, screen, lambda: table.game.is_over and table.director.idle and bool(table.end_buttons))
        log = len(table.game.log)
        key(app, pygame.K_u)
        assert table.game.is_over and len(table.game.log) == log
        summary = app.storage.stats.summary()
        assert (summary.games, summary.hands) == (1, len(table.game.hand_records))
    finally:
        app.close()


def near_the_target(tmp_path: Path, scores: list[int]) -> tuple[object, TableScene, pygame.Surface]:
    app, first, screen = make_table(tmp_path, "two_hand", seed=13)
    game = Game(first.rules, seed=13, scores=scores)
    table = TableScene(app, game, SeatsConfig(["You", "North"], [None, "random"], [1, 3], False, "claim", 0.0))
    app.stack.replace(table, "none")
    return app, table, screen


def test_declaring_out_is_not_offered_at_the_start(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "two_hand", seed=13)
    try:
        run_until(app, table, screen, lambda: players_card(table),
                  act=False)
        assert table.panel.claim is not None and table.panel.claim.count == 0  # 0 of 1,200: not plausible
        assert table.panel.declare_out is None
        assert "Declare out" not in [b.text for b in table.panel.buttons]
    finally:
        app.close()


def test_declaring_out_asks_first_and_a_wrong_claim_is_explained(tmp_path: Path) -> None:
    app, table, screen = near_the_target(tmp_path, [1000, 0])
    try:
        run_until(app, table, screen, lambda: players_card(table),
                  act=False)
        assert table.panel.declare_out is not None  # 1,000 + a hand's 250 trick points can reach 1,200
        click(app, table.panel.declare_out.rect.center)
        app.tick(1 / 60)
        assert not table.game.is_over and table.panel.title == "Declare out?"
        assert table.panel.lines[0] == "Your side counts 1,000 of the 1,200 needed."
        assert "200 short" in table.panel.lines[1]
        keep = next(b for b in table.panel.buttons if b.text == "Keep playing")
        click(app, keep.rect.center)
        app.tick(1 / 60)
        assert not table.game.is_over and table.panel.card_mode == "play"
        click(app, table.panel.declare_out.rect.center)
        app.tick(1 / 60)
        confirm = next(b for b in table.panel.buttons if b.text == "Declare out")
        click(app, confirm.rect.center)
        assert table.game.is_over and table.game.winner == 1
        for _ in range(30):
            app.tick(1 / 60)
            if table.director.news.summary is not None:
                break
        head, _rows = summary_lines(table.director.news.summary, table.sides, table.names)
        assert head == "You claimed 1,200 but had 1,000: the claim loses"
        assert table.director.news.ending == head
        app.stack.draw(screen)
    finally:
        app.close()


@pytest.mark.usefixtures("quick_hints")  # the table around the hint: Enter does what it said
def test_enter_after_a_hint_plays_the_hinted_card(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "two_hand", seed=9)
    try:
        for _ in range(3):  # a few of the player's plays: each time Enter does what the hint said
            run_until(app, table, screen, lambda: table.human_turn and table.director.idle
                      and table.obs.phase == Phase.PLAY and bool(table.legal_sprites()), act=False)
            key(app, pygame.K_RIGHT)  # the keyboard's choice elsewhere first
            key(app, pygame.K_h)
            run_until(app, table, screen, lambda: table.hint_action is not None, act=False, frames=200_000)
            advised, log = table.hint_action, len(table.game.log)
            key(app, pygame.K_RETURN)
            assert len(table.game.log) == log + 1 and table.game.log[-1] == advised
    finally:
        app.close()


def test_a_bid_hint_puts_its_bid_on_the_bid_button(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=1)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle
                  and table.obs.phase == Phase.BIDDING, act=False)
        key(app, pygame.K_h)
        run_until(app, table, screen, lambda: table.hint_action is not None, act=False, frames=200_000)
        advised = table.hint_action
        assert isinstance(advised, Bid), advised
        assert table.panel.bids[table.panel.bid_index] == advised.amount
        log = len(table.game.log)
        key(app, pygame.K_RETURN)
        assert table.game.log[log] == advised
    finally:
        app.close()


def test_the_meld_on_the_table_waits_for_the_player(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=3)
    try:
        def meld_shown() -> bool:
            return table.director.hold is not None and bool(table.director.news.melds)

        rng = random.Random(4)
        for _ in range(20_000):
            if meld_shown():
                break
            app.tick(1 / 60)
            if table.human_turn and table.director.idle:
                do_by_mouse(app, table, rng.choice(mouse_choices(table)))
        assert meld_shown()
        hold = table.director.hold
        for _ in range(60 * 20):  # twenty seconds: it is still there
            app.tick(1 / 60)
        assert table.director.hold is hold and not hold.done
        key(app, pygame.K_RETURN)
        app.tick(1 / 60)
        assert hold.done
    finally:
        app.close()


def test_a_new_game_asks_before_abandoning_the_game_in_progress(tmp_path: Path) -> None:
    from pinochle_gui.screens.dialogs import ConfirmDialog
    from pinochle_gui.screens.new_game import NewGameScene

    app, table, screen = make_table(tmp_path, "two_hand", seed=6)
    try:
        run_until(app, table, screen, lambda: len(table.game.hand_records) >= 1 and table.human_turn
                  and table.director.idle)
        app.saver.flush(5.0)
        scores = "-".join(f"{s:,}" for s in table.game.scores)
        app.leave_game()
        screen_ = NewGameScene(app)
        app.stack.push(screen_)
        screen_.start()
        dialog = app.stack.top
        assert isinstance(dialog, ConfirmDialog) and dialog.heading == "Abandon the game in progress?"
        assert f"it is {scores} after {len(table.game.hand_records)} hand" in dialog.text
        dialog.no()
        for _ in range(3):
            app.tick(1 / 60)
        assert app.table is None and app.storage.saves.exists()  # kept
        screen_.start()
        dialog = app.stack.top
        assert isinstance(dialog, ConfirmDialog)
        dialog.yes()
        for _ in range(3):
            app.tick(1 / 60)
        assert app.table is not None and app.table is not table and not app.table.game.hand_records
    finally:
        app.close()


@pytest.mark.parametrize("variant", ["partnership_auction", "double_deck", "three_hand"])
def test_a_bid_hints_figures_are_whole_and_add_up(variant: str) -> None:
    from engine.ai.analysis.hint import hint

    for seed in range(3):
        game = new_game(preset(variant), seed=seed)
        _action, reason = hint(game, game.to_act)
        assert "." not in reason.replace("...", ""), reason  # whole points, also in double deck
        found = re.search(r"meld (\d+) in \w+(?: now, about (\d+) with [\w' ]+)? "
                          r"\+ about (\d+) in tricks = about (\d+)", reason)
        assert found, reason
        now, expected, tricks, total = found.groups()
        assert int(expected or now) + int(tricks) == int(total), reason
        assert " my " not in f" {reason} " and " me " not in f" {reason} ", reason  # spoken to the player


@pytest.mark.slow
def test_card_hints_speak_to_the_player() -> None:
    from engine.ai.analysis.hint import hint

    game = new_game(preset("two_hand"), seed=9)
    reasons = []
    hinted: list[tuple[Action, str]] = []
    while len(reasons) < 12 and not game.is_over:
        action, reason = hint(game, game.to_act)
        reasons.append(reason)
        hinted.append((action, reason))
        game.apply(action)
    assert all(" my " not in f" {r} " and " me " not in f" {r} " and " I " not in f" {r} " for r in reasons), reasons
    # "Play 10♥" names the card: the reason never names it again, in words or by its symbol (it may name the
    # next best card, "K♣, the next best, is worth about 10 less to you").
    assert not [r for r in reasons if NAMES_A_CARD.search(r)], reasons
    assert not [(a, r) for a, r in hinted if isinstance(a, Play) and f"{card_label(a.card)}," in r], hinted
    assert any(re.search(r"the next best, is worth about \d+ less to you", r) for r in reasons), reasons


# A card named in words: hints name cards by rank and suit symbol, and the action's cards only once.
NAMES_A_CARD = re.compile(r"\b(ace|ten|king|queen|jack|nine) of\b", re.IGNORECASE)


@pytest.mark.parametrize("variant", ["partnership_auction", "three_hand", "two_hand"])
def test_a_hint_names_its_cards_once(variant: str) -> None:
    """Pass, return, bury, meld and trump hints: "Pass 9♥ K♥ A♣ - 2 trumps and 1 ace for your partner",
    not the cards again in the reason."""
    from engine.ai.players import decisions
    from engine.ai.players.levels import LEVELS
    from engine.info_state import info_state
    from pinochle_gui.words import action_words

    level = LEVELS["easy"]
    phases: set[str] = set()
    for seed in range(4):
        game = new_game(preset(variant), seed=seed)
        while not game.hand_records:
            seat = game.to_act
            assert seat is not None
            if game.phase == "play":
                game.apply(game.legal_actions()[0])
                continue
            action, reason = decisions.decide(info_state(game, seat), level, random.Random(seed))
            line = f"{action_words(action)} - {reason}"
            assert not NAMES_A_CARD.search(reason), line
            for card in getattr(action, "cards", ()):
                assert line.count(card_label(int(card))) == list(action.cards).count(card), line
            phases.add(game.phase)
            game.apply(action)
    wanted = {"partnership_auction": {"passing", "return", "trump"}, "three_hand": {"bury", "trump"},
              "two_hand": {"meld"}}[variant]
    assert wanted <= phases, phases


def test_the_score_board_changes_when_the_summary_shows(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=6)
    try:
        run_until(app, table, screen, lambda: len(table.game.hand_records) >= 1)  # the engine scored the hand
        table.timing.set_speed("normal")  # the last trick now moves on the table for a while
        before = table.director.news.board
        after = tuple(table.game.hand_records[0]["scores_after"])
        assert before is not None and before[0] == (0, 0) and before[1] == 1
        assert table.obs.scores == after and table.obs.hand_number == 2 and after != (0, 0)
        frames = 0
        while table.director.news.summary is None:
            assert table.director.news.board == before  # the cards still on the table, the old scores
            app.tick(1 / 60)
            app.stack.draw(screen)
            frames += 1
            assert frames < 60 * 30
        assert frames > 1
        board = table.director.news.board
        assert board is not None and board[0] == after and board[1] == 1  # the scores change, the hand is still 1
    finally:
        app.close()


def test_a_forced_card_waits_like_a_computers_and_the_last_trick_stays(tmp_path: Path) -> None:
    from pinochle_gui.table.event_plans import LAST_TRICK_LOOK
    from pinochle_gui.table.seats import MIN_THINK

    app, table, screen = make_table(tmp_path, "partnership_auction", seed=44)
    try:
        run_until(app, table, screen, lambda: one_card_to_play(table))
        table.timing.set_speed("normal")
        log, waited = len(table.game.log), 0.0
        while len(table.game.log) == log:
            app.tick(1 / 60)
            waited += 1 / 60
            assert waited < 5
        assert waited >= MIN_THINK * table.timing.factor - 1e-9  # as long as a computer thinks at least
        assert not table.director.idle  # the forced card moves to the trick like any other
        table.timing.set_speed("instant")
        scored = len(table.game.hand_records)
        run_until(app, table, screen, lambda: len(table.game.hand_records) > scored
                  and table.game.hand_records[-1]["how"] == "played")
        table.timing.set_speed("normal")
        shown = 0.0
        while table.director.news.summary is None:  # the last trick on the table before the summary
            app.tick(1 / 60)
            shown += 1 / 60
            assert shown < 10
        assert shown >= LAST_TRICK_LOOK * table.timing("trick_pause") - 1e-9
    finally:
        app.close()


def test_the_welcome_tour_says_the_stock_rules_of_the_rules_in_force() -> None:
    from engine.rules_help import meld_and_draw_order, rules_help
    from pinochle_gui.screens.welcome import pages_for

    for rules in (preset("two_hand"), preset("two_hand", meld_before_draw=True)):
        text = " ".join(page.text for page in pages_for(rules))
        order = meld_and_draw_order(rules)
        assert order in text and order in rules_help(rules)  # the sentence of the rules in force
    hay = " ".join(page.text for page in pages_for(preset("two_hand")))
    assert "both draw a card from the stock, the winner first; then the winner may lay one meld" in hay
    assert "may lay one meld, then both draw" not in hay  # as John Hay's rules say: draw, then meld


def test_enter_keeps_playing_at_the_declare_out_question_and_undo_closes_it(tmp_path: Path) -> None:
    app, table, screen = near_the_target(tmp_path, [1000, 0])
    try:
        run_until(app, table, screen, lambda: players_card(table),
                  act=False)
        assert table.panel.declare_out is not None
        click(app, table.panel.declare_out.rect.center)
        app.tick(1 / 60)
        assert table.panel.title == "Declare out?"
        focused = table.panel.focus_button()
        assert focused is not None and focused.text == "Keep playing"
        key(app, pygame.K_RETURN)  # the safe choice
        app.tick(1 / 60)
        assert not table.game.is_over and table.panel.card_mode == "play" and not table.panel.asking_out
        run_until(app, table, screen, lambda: players_card(table)
                  and len(table.obs.tricks) >= 1 and table.panel.declare_out is not None)
        click(app, table.panel.declare_out.rect.center)
        app.tick(1 / 60)
        assert table.panel.asking_out
        key(app, pygame.K_u)  # back before the player's last card: the question is not asked there
        app.tick(1 / 60)
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle, act=False)
        app.tick(1 / 60)
        assert not table.panel.asking_out and table.panel.title != "Declare out?"
    finally:
        app.close()


def test_enter_after_a_pass_hint_passes(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=1)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle
                  and table.obs.phase == Phase.BIDDING, act=False)
        table.follow_hint(Pass(), "worth bidding only up to about 170")
        app.tick(1 / 60)
        pass_button = next(b for b in table.panel.buttons if b.text == "Pass")
        assert table.panel.focus_button() is pass_button
        app.stack.draw(screen)
        assert pass_button.selected  # the player sees what Enter does
        log = len(table.game.log)
        key(app, pygame.K_RETURN)
        assert table.game.log[log] == Pass()
    finally:
        app.close()


def test_a_bid_chosen_after_a_pass_hint_is_what_enter_bids(tmp_path: Path) -> None:
    app, table, screen = make_table(tmp_path, "partnership_auction", seed=1)
    try:
        run_until(app, table, screen, lambda: table.human_turn and table.director.idle
                  and table.obs.phase == Phase.BIDDING, act=False)
        table.follow_hint(Pass(), "")
        key(app, pygame.K_UP)  # the player steps the bid: Enter bids it
        amount = table.panel.bids[table.panel.bid_index]
        log = len(table.game.log)
        key(app, pygame.K_RETURN)
        assert table.game.log[log] == Bid(amount)
    finally:
        app.close()


def test_enter_after_a_claim_hint_asks_with_the_claim_chosen(tmp_path: Path) -> None:
    from engine.actions import DeclareOut

    app, table, screen = near_the_target(tmp_path, [1000, 0])
    try:
        run_until(app, table, screen, lambda: players_card(table),
                  act=False)
        assert table.panel.declare_out is not None
        table.follow_hint(DeclareOut(), "")
        key(app, pygame.K_RETURN)  # the hint said declare out: Enter asks first...
        app.tick(1 / 60)
        focused = table.panel.focus_button()
        assert table.panel.title == "Declare out?" and focused is not None and focused.text == "Declare out"
        key(app, pygame.K_RETURN)  # ...and Enter again claims, as the hint said
        assert table.game.is_over
    finally:
        app.close()


def test_the_game_over_line_speaks_to_the_player_in_every_shape() -> None:
    """The player's own side wins as "You win", named or not (two-handed once read "You wins the game!"); another
    seat wins by its name, partners as "They"."""
    from engine.events import GameOver
    from pinochle_gui.table.summary import game_over_lines

    assert game_over_lines(GameOver(0, (1206, 774)), ["You", "North"], 0) == ("You win the game!", True)
    assert game_over_lines(GameOver(1, (774, 1206)), ["You", "North"], 0) == ("North wins the game", False)
    assert game_over_lines(GameOver(0, (1206, 774)), ["Us", "Them"], 0) == ("You win the game!", True)
    assert game_over_lines(GameOver(1, (774, 1206)), ["Us", "Them"], 0) == ("They win the game", False)
