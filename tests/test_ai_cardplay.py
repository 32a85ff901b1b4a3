"""Card play of the computer levels: positions with one right card, the score it aims at, reasons."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest

from engine.actions import Play
from engine.ai.players.cardplay import Contract, choose_play, hand_utility
from engine.ai.players.levels import LEVELS, Level
from engine.cards import DIAMONDS, new_deck, parse_card, parse_cards
from engine.deal import Deal
from engine.game import Game, Phase, new_game
from engine.history import PassedCards, TrickPlayed
from engine.info_state import InfoState, info_state
from engine.play import count_points
from engine.players import RandomPlayer
from engine.rules import Rules, preset

SEARCHING = ("medium", "hard", "perfect")

def _view(game: Game, seat: int | None, level: Level) -> InfoState:
    """The seat's information state, with the whole game for a level that sees every card."""
    assert seat is not None
    return info_state(game, seat, every_card=game if level.sees_all else None)



def staged(rules: Rules, hands: Sequence[str], trump: int, trick: Sequence[tuple[int, str]] = (), leader: int = 0,
           declarer: int = 0, bid: int = 250) -> Game:
    """A game in its play phase with the given hands and trick; every other card was played before,
    in tricks where each seat followed suit with a higher card than the one before (so the play
    tells nothing about the hands left). Each suit's cards outside ``hands`` and ``trick`` must fill
    whole tricks."""
    cards = [parse_cards(h) for h in hands]
    current = [(s, parse_card(c)) for s, c in trick]
    n = rules.players
    left = Counter(new_deck(rules.double_deck))
    left.subtract(c for h in cards for c in h)
    left.subtract(c for _, c in current)
    assert all(v >= 0 for v in left.values())
    tricks = []
    for suit in range(4):
        suit_cards = sorted((c for c in left.elements() if c.suit == suit), key=lambda c: c.rank)
        assert len(suit_cards) % n == 0, f"suit {suit}: {len(suit_cards)} cards left over"
        count = len(suit_cards) // n
        for i in range(count):  # round robin: identical cards land in different tricks
            group = suit_cards[i::count]
            tricks.append(TrickPlayed(0, tuple(enumerate(group)), n - 1, count_points(group, rules)))
    game = new_game(rules, seed=1)
    h = game.hand
    h.hands = cards
    h.phase = Phase.PLAY
    h.trump = trump
    h.declarer, h.bid = declarer, bid
    h.high_bid, h.high_bidder = bid, declarer
    h.meld_shown = True
    h.tricks = tricks
    h.trick = current
    h.leader = current[0][0] if current else leader
    h.to_act = (h.leader + len(current)) % n
    return game


def played(game: Game, kind: str, seed: int = 3) -> str:
    level = LEVELS[kind]
    action, reason = choose_play(_view(game, game.hand.to_act, level), level, random.Random(seed))
    assert isinstance(action, Play) and game.is_legal(action)
    assert reason
    return str(action.card)


@pytest.mark.parametrize("kind", SEARCHING)
def test_cash_a_sure_winner_before_the_last_trick(kind: str) -> None:
    # Two tricks left, we lead: the ace of hearts wins now (the other ace would fall under it);
    # lead the nine and whoever holds the other ace takes it, and our ace after it.
    game = staged(preset("partnership_auction"), ["AH 9H", "KH AH", "TS JS", "QS JS"], DIAMONDS)
    assert played(game, kind) == "AH"


@pytest.mark.parametrize("kind", SEARCHING)
@pytest.mark.parametrize("rule", ["post_1945", "must_beat"])
def test_feed_points_to_partners_winning_trick(kind: str, rule: str) -> None:
    # Partner's ace of clubs holds the trick and we play last: the ten goes on it, not the queen.
    game = staged(preset("partnership_auction", play_rule=rule), ["TC QC", "KC", "KC", "AC"], DIAMONDS,
                  trick=[(1, "9C"), (2, "AC"), (3, "JC")])
    assert played(game, kind) == "TC"


@pytest.mark.parametrize("kind", SEARCHING)
def test_do_not_overtake_partners_winning_card_when_not_forced(kind: str) -> None:
    # Post-1945, a heart need not beat partner's ten. Overtaking with the ace wins this trick but
    # leaves us on lead with losers; under the ten, partner leads the ace of spades we passed and
    # our ace falls on partner's winning trick.
    game = staged(preset("partnership_auction", play_rule="post_1945"), ["AH JH QS", "KH 9H", "AS 9S", "QH JS"],
                  DIAMONDS, trick=[(1, "9H"), (2, "TH"), (3, "JH")], leader=1)
    game.hand.passes = [PassedCards(0, 2, (parse_card("AS"),))]
    assert "AS" in map(str, info_state(game, 0).knowledge().pinned[2])
    assert played(game, kind) == "JH"


def two_hand_after_lead(mine: str, theirs: str, lead: str, trump: str = "9S") -> Game:
    """Two-handed, early in the hand: the opponent (seat 0) has led ``lead``; we (seat 1) answer."""
    rules = preset("two_hand")
    hands = [parse_cards(theirs), parse_cards(mine)]
    left = Counter(new_deck())
    left.subtract(c for h in hands for c in h)
    turnup = parse_card(trump)
    left[turnup] -= 1
    stock = sorted(left.elements()) + [turnup]
    game = Game.for_deal(rules, Deal(1, 0, hands, [], stock, turnup))
    game.apply(Play(parse_card(lead)))
    return game


@pytest.mark.parametrize("kind", ["easy", "medium", "hard", "perfect"])
def test_trump_a_void_when_the_trick_carries_counters(kind: str) -> None:
    game = two_hand_after_lead("JH QC 9C KD 9D JD TC AC KC 9C QD JC", "AS TS KS QS JS 9S AD TD 9H QH KH AH", "AS",
                               trump="KH")
    assert game.trump == 1  # hearts
    assert played(game, kind) == "JH"


@pytest.mark.parametrize("kind", ["easy", "medium", "hard", "perfect"])
def test_keep_trumps_when_the_trick_is_worthless(kind: str) -> None:
    game = two_hand_after_lead("JH QC 9C KD 9D JD TC AC KC 9C QD JC", "9S TS KS QS JS 9S AD TD 9H QH KH AH", "9S",
                               trump="KH")
    assert played(game, kind) != "JH"


def test_the_score_aimed_at_is_the_hands_score() -> None:
    # Bid 300 on 200 meld: the declaring side needs 100 in tricks.
    contract = Contract(declaring=0, bid=300, meld=(200, 60), meld_needs="points", set_gives_bid=False, buried=0)
    made = hand_utility(contract, 0, 100, 250)
    short = hand_utility(contract, 0, 90, 250)
    assert made == (200 + 100) - (150 + 60)
    assert short == -300 - (160 + 60)
    assert hand_utility(contract, 1, 160, 250) == -short  # the defenders see the same hand from the other side
    # defenders who take nothing lose their meld
    assert hand_utility(contract, 1, 0, 250) == -((200 + 250) - 0)
    # no auction: points only
    free = Contract(declaring=None, bid=0, meld=(0, 0), meld_needs="trick", set_gives_bid=False, buried=0)
    assert hand_utility(free, 0, 150, 250) == 50


def test_declarers_play_aims_at_making_the_bid() -> None:
    # Two tricks left; we (declarer's side) need 20 more. The only line that surely makes it.
    game = staged(preset("partnership_auction"), ["AH 9H", "KH AH", "TS JS", "QS JS"], DIAMONDS)
    h = game.hand
    h.bid, h.meld_points = 250, [100, 0, 100, 0]
    h.trick_points = [30, 0]
    action, reason = choose_play(info_state(game, 0), LEVELS["hard"], random.Random(1))
    assert str(action) == "play AH"
    assert "you make the bid almost always" in reason


def test_a_slip_is_never_far_from_the_best() -> None:
    sloppy = Level("sloppy", memory=1.0, slip=1.0)
    game = staged(preset("partnership_auction"), ["AH 9H", "KH AH", "TS JS", "QS JS"], DIAMONDS)
    # 9H is 30 points worse than AH here: far beyond a slip's margin, so even a sure slip keeps AH.
    assert played_level(game, sloppy) == "AH"


def played_level(game: Game, level: Level) -> str:
    action, _ = choose_play(_view(game, game.hand.to_act, level), level, random.Random(0))
    return str(action)[5:]


def test_reasons_speak_of_the_trick() -> None:
    game = staged(preset("partnership_auction"), ["TC QC", "KC", "KC", "AC"], DIAMONDS,
                  trick=[(1, "9C"), (2, "AC"), (3, "JC")])
    action, reason = choose_play(info_state(game, 0), LEVELS["medium"], random.Random(0))
    assert action == Play(parse_card("TC")) and reason.startswith("20 points onto partner's trick")


def test_the_only_legal_card_is_played_at_once() -> None:
    game = staged(preset("partnership_auction"), ["TC", "", "", ""], DIAMONDS, trick=[(1, "9C"), (2, "AC"), (3, "JC")])
    only = (Play(parse_card("TC")), "the only card you may play")
    assert choose_play(info_state(game, 0), LEVELS["hard"], random.Random(0)) == only


def test_every_level_plays_a_legal_card_the_same_under_a_seed() -> None:
    """Over 500 random play positions and levels (every variant, every point of the hand, a trick in progress or
    not), each level at a small budget in nodes (no clock): the card is legal, and the same seed
    gives the same card."""
    levels = [replace(level, worlds=min(level.worlds, 6), search_nodes=min(level.search_nodes, 4000), think_seconds=0.0)
              for level in (LEVELS["easy"], LEVELS["medium"], LEVELS["hard"], LEVELS["perfect"])]
    rng = random.Random(20261124)
    checked = 0
    for n in range(280):
        variant = ("partnership_auction", "three_hand", "two_hand", "double_deck")[n % 4]
        game = new_game(preset(variant), seed=rng.randrange(10**6))
        walker = RandomPlayer(n)
        stop = rng.randrange(1, 12)
        while not game.is_over and not (game.phase == Phase.PLAY and len(game.hand.tricks) >= stop):
            seat = game.to_act
            assert seat is not None
            game.apply(walker.choose(game, seat))
            if game.hand_records:
                break
        if game.phase != Phase.PLAY or game.hand_records:
            continue
        seat = game.hand.to_act
        for level in levels:
            action, _ = choose_play(_view(game, seat, level), level, random.Random(n))
            assert isinstance(action, Play) and game.is_legal(action), (variant, level.name, action)
            assert choose_play(_view(game, seat, level), level, random.Random(n))[0] == action
            checked += 1
    assert checked >= 500
