"""What every decision of a computer player returns: the action and a short reason in plain words.

>>> from engine.actions import Pass
>>> action, reason = (Pass(), "not enough meld to bid")
"""

from __future__ import annotations

from engine.actions import Action

Choice = tuple[Action, str]
"""An action and a short human reason ("meld 180 + about 120 in tricks", "trump the ace: 30 points")."""

__all__ = ["Choice"]
