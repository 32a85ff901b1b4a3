"""The hand analysis (:mod:`engine.ai.analysis.hand`) as JSON: the shape :meth:`HandAnalysis.to_json` writes and
``from_json`` reads back, field by field as the dataclasses have them."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from engine.record_shape import ActionValue


class AlternativeJson(TypedDict):
    action: str
    value: float
    seen_value: float | None


class ChoiceValueJson(TypedDict):
    action: ActionValue
    words: str
    value: float
    cost: float
    error: float


class DecisionReviewJson(TypedDict):
    action_index: int
    seat: int
    kind: str
    title: str
    trick: int | None
    chosen: AlternativeJson
    best: list[AlternativeJson]
    cost: float
    seen_cost: float | None
    costly: bool
    reason: str
    grade: NotRequired[str]   # analyses saved before grades have none
    error: NotRequired[float]
    luck: NotRequired[str]
    advised: NotRequired[str]  # nor what the hint advised, before the hint and the review were one
    choices: NotRequired[list[ChoiceValueJson]]  # nor every choice valued, before drills


class HandAnalysisJson(TypedDict):
    seat: int
    decisions: list[DecisionReviewJson]
