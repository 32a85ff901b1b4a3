"""Declaring out, as a player weighs it: the side's count against the target, and the words of the question.

:func:`claim_of` asks the game what a claim now would count (:meth:`engine.game.Game.declared_total`,
the count declaring out itself uses). The claim is *plausible* when one more hand's trick points and
the side's meld could still reach the target; the table offers it only then, and always asks first.

>>> from engine.game import new_game
>>> from engine.rules import preset
>>> game = new_game(preset("two_hand"), seed=3)
>>> claim_of(game, game.to_act) is None or not claim_of(game, game.to_act).plausible  # 0 of 1,000 at the start
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import DeclareOut
from engine.game import Game


@dataclass(frozen=True)
class Claim:
    """What declaring out now would count: ``count`` of the ``target`` needed."""

    count: int
    target: int
    plausible: bool

    @property
    def right(self) -> bool:
        return self.count >= self.target

    def question(self) -> list[str]:
        """The lines of the question before the claim."""
        lines = [f"Your side counts {self.count:,} of the {self.target:,} needed."]
        if self.right:
            lines.append("The claim is right: play stops and your side wins the game.")
        else:
            lines.append(f"You are {self.target - self.count:,} short: a wrong claim loses the game.")
        return lines


def claim_of(game: Game, seat: int) -> Claim | None:
    """The claim ``seat`` (the seat to act) could make now, or ``None`` when declaring out is not offered."""
    if game.to_act != seat or not any(isinstance(a, DeclareOut) for a in game.legal_actions()):
        return None
    rules = game.rules
    side = rules.team_of(seat)
    count = game.declared_total(side)
    meld = sum(shown.points for shown in game.hand.melds if rules.team_of(shown.seat) == side)
    reach = count + rules.trick_total + meld
    return Claim(count, game.target, reach >= game.target)


__all__ = ["Claim", "claim_of"]
