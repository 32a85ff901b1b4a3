"""The declarer's throw-in box counts what is banked (meld and buried cards) and speaks to the side
that plays: "you" alone, "your side" with a partner. Its words are the engine's."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from conftest import act, stacked_game  # noqa: E402

from engine.actions import Action, PlayOn, ThrowIn  # noqa: E402
from engine.contract import Contract, contract_of  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.play import count_points  # noqa: E402
from engine.rules import preset  # noqa: E402
from pinochle_gui.layout import table_layout  # noqa: E402
from pinochle_gui.table.panels import DecisionPanel  # noqa: E402
from pinochle_gui.theme import THEMES  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.display.set_mode((1280, 800))


def throw_in_panel(game: Game) -> DecisionPanel:
    """The panel of the declarer (seat 0) deciding to throw in or play on."""
    assert game.phase == "throw_in" and game.to_act == 0
    obs = observe(game, 0)
    chosen: list[Action] = []
    names = ["You", "West", "North", "East"][: game.rules.players]
    panel = DecisionPanel(next(iter(THEMES.values())), game.rules, names, chosen.append)
    lay = table_layout(1280, 800, game.rules.players, game.rules.hand_size, buttons=3)
    panel.build(obs, lay)
    assert panel.choices == [PlayOn(), ThrowIn()]
    return panel


def test_three_handed_buried_points_are_banked_and_the_declarer_is_you() -> None:
    rules = preset("three_hand")
    # A run in hearts and more; the widow's aces and a ten go into the bury (3 counters of the streamlined count).
    game = stacked_game(rules, ["AH TH KH QH JH 9S 9C 9D JS JC QC KD TD JD TS", "", ""], widow="AS AC TC")
    act(game, "bid 250", "pass", "pass", "trump H", "bury AS AC TC")
    panel = throw_in_panel(game)
    obs = observe(game, 0)
    meld = next(m.points for m in obs.melds if m.seat == 0)
    buried = count_points(obs.buried, rules)
    assert buried == 30 and 150 <= meld < 220
    assert panel.lines[0] == f"You meld {meld} and buried 30; you need {250 - meld - 30} of the 220 left in tricks."
    assert "your side" not in " ".join(panel.lines).lower()
    assert panel.lines == contract_of(obs, rules).explain()  # type: ignore[union-attr]


def test_a_partnership_counts_the_partners_meld_and_no_bury() -> None:
    rules = preset("partnership_auction", pass_cards=0)
    game = stacked_game(rules, ["AH TH KH QH JH", "", "AS AC AD AH", ""])
    act(game, "bid 250", "pass", "pass", "pass", "trump H")
    obs = observe(game, 0)
    side = sum(m.points for m in obs.melds if m.seat in (0, 2))
    assert side >= 150 + 100
    panel = throw_in_panel(game)
    contract = contract_of(obs, rules)
    assert contract is not None and contract.buried == 0 and contract.meld == side
    needed = max(0, 250 - side)
    first = panel.lines[0]
    assert first.startswith(f"Your side melds {side}")
    assert (f"you need {needed} of the 250 in tricks" in first) if needed else "reaches the bid" in first
    assert panel.lines[-1] == "Throwing in loses 250; the opponents score their meld."


def test_what_throwing_in_costs_is_what_the_engine_scores() -> None:
    rules = preset("three_hand")
    game = stacked_game(rules, ["AH TH KH QH JH 9S 9C 9D JS JC QC KD TD JD TS", "", ""], widow="AS AC TC")
    act(game, "bid 250", "pass", "pass", "trump H", "bury AS AC TC")
    contract = contract_of(observe(game, 0), rules)
    assert contract is not None
    before = list(game.scores)
    act(game, "throw in")
    assert tuple(after - was for after, was in zip(game.scores, before, strict=True)) == contract.throw_in_delta


@pytest.mark.parametrize("variant", ["two_hand", "three_hand", "partnership_turnup", "partnership_auction",
                                     "double_deck"])
def test_the_rules_name_partners_and_the_bury(variant: str) -> None:
    rules = preset(variant)
    for seat in range(rules.players):
        partner = rules.partner_of(seat)
        if rules.partnerships:
            assert partner is not None and partner != seat and rules.team_of(partner) == rules.team_of(seat)
            assert rules.partner_of(partner) == seat
        else:
            assert partner is None
    assert rules.bury_count == (3 if variant == "three_hand" else 0)
    assert rules.cards_received == {"three_hand": 3, "partnership_auction": 4}.get(variant, 0)


def test_a_bid_reached_by_meld_and_bury_still_needs_what_the_meld_needs() -> None:
    three = Contract(preset("three_hand"), bid=250, buried=20, declaring_side=1, meld_points=(30, 240, 0))
    assert three.needed == 0
    assert three.explain()[0] == "You meld 240 and buried 20: that reaches the bid if you take a trick."
    partners = Contract(preset("partnership_auction"), bid=250, buried=0, declaring_side=0, meld_points=(260, 80))
    assert partners.explain() == ["Your side melds 260: that reaches the bid.",
                                  "Throwing in loses 250; the opponents score their meld."]
