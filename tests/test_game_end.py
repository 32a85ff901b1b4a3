"""The end of a game: target, both sides over (declarer / extend by 250 / highest), hands per game, declaring out."""

from __future__ import annotations

import pytest
from conftest import act, assert_record_replays, event, hand_result, play_out, play_tricks, stacked_game

from engine.actions import DeclareOut, DrawChoice, ExchangeDix
from engine.events import EventKind
from engine.game import Game, Phase, new_game
from engine.rules import preset

SEAT0 = "AH TH KH QH JH QS JD AS AS TS KC QC"
SEAT2 = "KH QH 9H AD AC KS KD KC QD 9S 9S 9C"


def played_hand(scores: list[int], **overrides: object):  # noqa: ANN201 - seat 0 declares hearts at 250 and plays
    rules = preset("partnership_auction", pass_cards=0, **overrides)
    game = stacked_game(rules, [SEAT0, "", SEAT2, ""], scores=scores)
    act(game, "bid 250", "pass", "pass", "pass", "trump hearts", "play on")
    events = play_tricks(game)
    return game, events


def delta() -> list[int]:
    game, events = played_hand([0, 0])
    d = hand_result(events)["score_delta"]
    assert d[0] >= 250 and d[1] > 0, "the fixture hand must give both sides points"
    return list(d)


def test_one_side_over_the_target_wins_even_if_it_did_not_declare() -> None:
    d = delta()
    game, events = played_hand([0, 1500 - d[1]])
    assert game.winner == 1 and game.phase == Phase.GAME_OVER and event(events, EventKind.GAME_OVER).winner == 1
    assert game.hand_records[-1]["game_over"] and game.hand_records[-1]["winner"] == 1


def test_nobody_over_the_target_plays_on() -> None:
    d = delta()
    game, _ = played_hand([1499 - d[0], 1499 - d[1]])
    assert game.winner is None and game.hand_number == 2 and game.scores == [1499, 1499]


def test_both_over_the_declaring_side_wins() -> None:
    d = delta()
    game, _ = played_hand([1500 - d[0], 1600 - d[1]])
    assert game.scores == [1500, 1600] and game.winner == 0


def test_both_over_highest_wins_and_a_tie_plays_on() -> None:
    d = delta()
    game, _ = played_hand([1500 - d[0], 1600 - d[1]], both_over="highest")
    assert game.winner == 1
    game, _ = played_hand([1550 - d[0], 1550 - d[1]], both_over="highest")
    assert game.winner is None and game.hand_number == 2


def played_hand_to(target: int, scores: list[int], **overrides: object):  # noqa: ANN201
    rules = preset("partnership_auction", pass_cards=0, both_over="extend", **overrides)
    game = stacked_game(rules, [SEAT0, "", SEAT2, ""], scores=scores, target=target)
    act(game, "bid 250", "pass", "pass", "pass", "trump hearts", "play on")
    return game, play_tricks(game)


def test_both_over_extend_plays_at_least_one_more_deal_to_250_more() -> None:
    # Bicycle: "If at the end of play in any deal, both sides have reached 1,000 or more, play
    # continues to 1,250. If the same thing happens again, play continues to 1,500, and so on."
    d = delta()
    for end in ([1300, 1100], [1500, 1490]):  # neither ends the game at once, nor jumps two steps
        game, events = played_hand_to(1000, [end[0] - d[0], end[1] - d[1]], game_target=1000)
        assert game.scores == end and game.target == 1250 and game.winner is None and game.hand_number == 2
        assert hand_result(events)["target"] == 1000  # the record keeps the target the hand was played to
    # the next deal is played to 1,250: both over again, on to 1,500; one side over, it wins
    game, _ = played_hand_to(1250, [1300 - d[0], 1260 - d[1]], game_target=1000)
    assert game.target == 1500 and game.winner is None
    game, _ = played_hand_to(1250, [1300 - d[0], 1200 - d[1]], game_target=1000)
    assert game.target == 1250 and game.winner == 0
    game, _ = played_hand_to(1750, [2010 - d[0], 2000 - d[1]])
    assert game.target == 2000 and game.winner is None


def test_turnup_game_both_over_1000_plays_on_to_1250() -> None:
    rules = preset("partnership_turnup")
    game = new_game(rules, seed=4)
    probe = new_game(rules, seed=4)
    play_out(probe, lambda g: next(a for a in g.legal_actions() if str(a) != "declare out"))
    d = probe.hand_records[0]["score_delta"]
    game = new_game(rules, seed=4)
    game.scores = [1000 - d[0] + 1, 1000 - d[1] + 1]
    play_out(game, lambda g: next(a for a in g.legal_actions() if str(a) != "declare out"))
    assert game.target == 1250 and game.winner is None


def test_five_hands_highest_wins() -> None:
    rules = preset("partnership_auction_div10")
    assert rules.game_hands == 5
    for seed in range(1, 6):
        game = new_game(rules, seed=seed)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[0] if len(game.hand_records) % 2 else actions[-1])
        assert len(game.hand_records) >= 5
        after_five = game.hand_records[4]["scores_after"]
        assert after_five[0] != after_five[1], "these seeds end level after five hands (a tie is tested below)"
        assert len(game.hand_records) == 5
        assert game.winner == (0 if after_five[0] > after_five[1] else 1)
        assert game.hand_records[-1]["game_over"] and game.legal_actions() == []


@pytest.mark.parametrize("hands", [1, 3])
def test_game_hands_option_on_another_variant(hands: int) -> None:
    game = new_game(preset("three_hand", game_hands=hands, game_target=0), seed=2)
    play_out(game, lambda g: g.legal_actions()[0], hands=10)
    scores = game.hand_records[hands - 1]["scores_after"]
    assert scores.count(max(scores)) == 1, "the fixture needs a clear leader"
    assert len(game.hand_records) == hands and game.winner == scores.index(max(scores))


TURNUP_SEAT0 = "AS AS KH QH KD QD KC QC KS QS JD 9C"


def turnup_game(scores: list[int]):  # noqa: ANN201
    game = stacked_game(preset("partnership_turnup"), [TURNUP_SEAT0, "", "", ""], dealer=3, turnup="TH",
                        scores=scores)
    act(game, "keep dix")
    return game


def test_turnup_declaring_out_meld_counts_only_after_a_trick() -> None:
    probe = turnup_game([0, 0])
    meld = probe.hand.meld_points[0] + probe.hand.meld_points[2]
    assert meld >= 240
    game = turnup_game([1000 - meld, 0])
    events = act(game, "declare out")
    claim = event(events, "declare_out")
    assert claim.total == 1000 - meld and not claim.right and game.winner == 1
    game = turnup_game([1000 - meld - 32, 0])
    act(game, "play AS", "play 9S", "play AH", "play TH")  # the partner's ace of trumps wins: 11 + 0 + 11 + 10
    assert game.to_act == 2 and game.hand.tricks_won == [1, 0]
    events = act(game, "declare out")
    claim = event(events, "declare_out")
    assert claim.total == 1000 and claim.right and game.winner == 0
    assert game.hand_records[-1]["declared_out"]["right"]


def test_declaring_out_at_the_dix_exchange() -> None:
    # Bicycle: a player may claim the game "at any time": the dix decision is one of the claimant's turns
    rules = preset("partnership_turnup")
    probe = stacked_game(rules, [TURNUP_SEAT0, "", "", ""], dealer=3, turnup="TH")
    assert probe.phase == Phase.DIX
    side = rules.team_of(probe.to_act)
    for scores, right in (([0, 0], False), ([1000, 1000], True)):
        game = stacked_game(rules, [TURNUP_SEAT0, "", "", ""], dealer=3, turnup="TH", scores=scores)
        assert DeclareOut() in game.legal_actions() and ExchangeDix(True) in game.legal_actions()
        claim = event(act(game, "declare out"), "declare_out")
        assert claim.total == scores[side] and claim.right is right
        assert game.winner == (side if right else 1 - side) and game.legal_actions() == []
        assert_record_replays(game)


def test_declaring_out_at_the_two_handed_draw_choice() -> None:
    game = Game(preset("two_hand"), seed=3, scores=[1200, 0])
    while game.phase != Phase.DRAW_CHOICE:
        game.apply(next(a for a in game.legal_actions() if a != DeclareOut()))
    seat = game.to_act
    assert game.legal_actions() == [DrawChoice(False), DrawChoice(True), DeclareOut()]
    claim = event(act(game, "declare out"), "declare_out")
    assert claim.right is (seat == 0) and game.winner == 0


def test_declare_out_only_where_the_option_allows() -> None:
    assert not any(str(a) == "declare out" for a in new_game(preset("partnership_auction"), seed=1).legal_actions())
    with pytest.raises(ValueError):
        preset("partnership_auction", declare_out=True)


def test_five_hands_tie_plays_another_hand() -> None:
    rules = preset("partnership_auction_div10")
    probe = new_game(rules, seed=1)
    play_out(probe, lambda g: g.legal_actions()[-1])  # the first seat bids the maximum and goes set
    d = probe.hand_records[0]["score_delta"]
    game = Game(rules, seed=1, first_deal=1, hand_number=5, scores=[d[1] - d[0], 0])
    play_out(game, lambda g: g.legal_actions()[-1])
    assert game.hand_records[0]["score_delta"] == d
    assert game.scores[0] == game.scores[1] and game.winner is None and game.hand_number == 6


@pytest.mark.parametrize(("name", "seed"), [("partnership_turnup", 5), ("two_hand", 9)])
def test_a_hand_that_raises_the_target_replays_from_its_record(name: str, seed: int) -> None:
    """Both sides over the target: the record keeps the target the hand was played to (Bicycle's
    next one applies from the next deal), so the hand replays to the same result."""
    from engine.players import RandomPlayer
    from engine.record import check_record

    rules = preset(name)
    game = new_game(rules, seed=seed)
    players = [RandomPlayer(seed * 10 + s) for s in range(rules.players)]
    while not game.is_over:
        game.apply(players[game.to_act or 0].choose(game, game.to_act or 0))
    targets = [record["target"] for record in game.hand_records]
    assert targets[0] == rules.game_target and max(targets) > rules.game_target  # the target went up
    raised = [i for i in range(1, len(targets)) if targets[i] > targets[i - 1]]
    for i in raised:  # the hand before played on, to the old target, with both sides over it
        before = game.hand_records[i - 1]
        assert not before["game_over"] and min(before["scores_after"]) >= before["target"]
    for record in game.hand_records:
        check_record(record)
