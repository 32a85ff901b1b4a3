"""The declarer's contract once the meld is shown: what the declaring side has banked toward the bid,
what it still needs in tricks, and what throwing the hand in would cost.

The meld and the buried cards are banked: buried cards count for the declarer's tricks, and the
points they carry can no longer be won in play.

>>> from engine.rules import preset
>>> rules = preset("three_hand")
>>> contract = Contract(rules, bid=250, buried=30, declaring_side=0, meld_points=(150, 40, 20))
>>> contract.needed, contract.in_play
(70, 220)
>>> contract.throw_in_delta
(-250, 40, 20)
>>> contract.explain()[0]
'You meld 150 and buried 30; you need 70 of the 220 left in tricks.'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.observation import Observation
from engine.play import count_points
from engine.rules import MeldNeeds, Rules
from engine.scoring import THROWN_IN, HandFacts, score_hand


@dataclass(frozen=True)
class Contract:
    """The declaring side's bid against what it holds: its meld shown, and ``buried`` counted in the bury."""

    rules: Rules
    bid: int
    buried: int                   # what the declarer's buried cards count
    declaring_side: int
    meld_points: tuple[int, ...]  # every side's meld, in the order of ``rules.teams``

    @property
    def meld(self) -> int:
        """The declaring side's meld."""
        return self.meld_points[self.declaring_side]

    @property
    def banked(self) -> int:
        """What already counts toward the bid: the meld and the buried cards."""
        return self.meld + self.buried

    @property
    def in_play(self) -> int:
        """The trick points still to be won in play: all there are, less the buried cards."""
        return self.rules.trick_total - self.buried

    @property
    def needed(self) -> int:
        """What the declaring side must still take in tricks to make the bid."""
        return max(0, self.bid - self.banked)

    @property
    def meld_needs(self) -> MeldNeeds:
        """What the declaring side must take in tricks for its meld to count."""
        return self.rules.declarer_meld_needs

    @property
    def throw_in_delta(self) -> tuple[int, ...]:
        """What throwing the hand in now would change in each side's score."""
        sides = len(self.rules.teams)
        facts = HandFacts(THROWN_IN, self.declaring_side, self.bid, list(self.meld_points), [0] * sides,
                          [0] * sides, [0] * sides)
        return tuple(score_hand(self.rules, facts).score_delta)

    def explain(self) -> list[str]:
        """The throw-in decision in words, to the declarer: what is banked, what is needed, what throwing
        in costs."""
        partners = self.rules.partnerships
        banked = f"Your side melds {self.meld}" if partners else f"You meld {self.meld}"
        if self.buried:
            banked += f" and buried {self.buried}"
        left = "left " if self.buried else ""
        if self.needed:
            lines = [f"{banked}; you need {self.needed} of the {self.in_play} {left}in tricks."]
        else:  # the bid is reached unless the meld needs something taken in tricks to count
            taker = "your side takes" if partners else "you take"
            take = {MeldNeeds.TRICK: f" if {taker} a trick",
                    MeldNeeds.POINTS: f" if {taker} trick points"}.get(self.meld_needs, "")
            lines = [f"{banked}: that reaches the bid{take}."]
        delta = self.throw_in_delta
        others = "the opponents" if partners else "the others"
        if delta[self.declaring_side] < 0:
            lines.append(f"Throwing in loses {-delta[self.declaring_side]}; {others} score their meld.")
        else:
            lines.append(f"Throwing in gives {others} the bid of {self.bid} besides their meld.")
        return lines


def contract_of(obs: Observation, rules: Rules) -> Contract | None:
    """The contract as ``obs.seat`` sees it (the buried cards are known to the declarer only);
    ``None`` before there is a declarer."""
    if obs.declarer is None:
        return None
    side = rules.team_of(obs.declarer)
    meld_points = tuple(sum(m.points for m in obs.melds if rules.team_of(m.seat) == team)
                        for team in range(len(rules.teams)))
    return Contract(rules, obs.bid, count_points(obs.buried, rules), side, meld_points)


__all__ = ["Contract", "contract_of"]
