"""The computer players' levels as data: how much each one remembers, samples and searches.

Every decision module reads its knobs from a :class:`Level`; no module tests a level's name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Level:
    name: str
    sees_all: bool = False          # perfect: plays with every card visible (benchmarks and analysis only)
    memory: float = 1.0             # chance of remembering each played card / inference (easy forgets)
    slip: float = 0.0               # chance of taking the second-best choice (easy's human slips)
    worlds: int = 0                 # hidden-hand samples per decision (0: heuristics only)
    weighted: bool = False          # weight worlds by how likely the plays seen are under our policy
    exact_tricks: int = 0           # solve the last N tricks exactly
    search_nodes: int = 0           # work budget of a card-play decision, in search nodes (deterministic)
    think_seconds: float = 0.0      # time budget per decision (anytime: a card stops at twice this on a slow machine)
    # The auction: a player bids up to this quantile of its hand's simulated totals (0.4: a total the
    # side reached in six deals of ten; higher is bolder), in the partnership single-deck game, when
    # each plays alone (three-handed) and with the double deck. Measured in docs/measurements/ai-bidding.md.
    caution: float = 0.35
    caution_alone: float = 0.55
    caution_double_deck: float = 0.2
    simulated_deals: int = 0        # deals played out to value a hand (a half to weigh a throw-in, a quarter
                                    # for passes and buries); 0: rules of thumb
    suits_weighed: int = 2          # trump suits simulated when valuing a hand
    # Reads the auction: the hidden hands of the deals it imagines (to bid, pass and play) are weighed
    # by how likely each seat's bids and passes are with them (engine/ai/search/auction_model.py) and by the
    # meaning of the passes it received; instead of a fixed amount for a partner's bid.
    reads_auction: bool = False
    # Bids for the expected score (partnership games): the highest bid worth more on average than
    # passing (the rival's contract), made in at least a share 1 - caution of the deals.
    bids_for_score: bool = False
    candidates: int = 2             # passes, returns and buries tried in simulated deals
    # Where the rules allow jump bids between partners: jump at once to just under the hand's value
    # (it tells the partner, and makes the opponents pay) instead of climbing one step at a time,
    # which buys the contract as cheaply as the opponents let it (measured in docs/measurements/ai-bidding.md).
    jumps: bool = False
    # Two-handed while the stock lasts (cards, melds laid, the draw, the dix): the choice worth most with the
    # rest of the hand played out in this many sampled deals (engine/ai/players/playouts.py); 0: rules of thumb.
    stock_playouts: int = 0


EASY = Level("easy", memory=0.6, slip=0.15)
MEDIUM = Level("medium", worlds=16, exact_tricks=3, search_nodes=15_000, think_seconds=0.25, simulated_deals=32,
               jumps=True)
HARD = Level("hard", worlds=200, weighted=True, exact_tricks=6, search_nodes=216_000, think_seconds=0.9,
             caution=0.7, caution_alone=0.5, caution_double_deck=0.1, simulated_deals=96, suits_weighed=3,
             candidates=4, reads_auction=True, bids_for_score=True, stock_playouts=16)
# hard's budget and bidding, with every card in view: one world (the real one), nothing to sample or weigh
PERFECT = replace(HARD, name="perfect", sees_all=True, worlds=0, weighted=False, simulated_deals=0)

#: The levels by name (the name a setting, a record or a command line gives).
LEVELS: dict[str, Level] = {level.name: level for level in (EASY, MEDIUM, HARD, PERFECT)}
