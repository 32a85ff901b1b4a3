"""The hand analysis (:mod:`engine.ai.analysis.hand`) as JSON, its file format: the shape, field by field as the
dataclasses have them, and the one writer and reader of it (:func:`analysis_to_json`, :func:`analysis_from_json`;
a single decision's review, as a drill keeps it: :func:`review_to_json`, :func:`review_from_json`). The analysis is
stored with the hands and sent between processes; an analysis saved by an older version still reads (the fields
it did not have yet are optional).

>>> from engine.ai.analysis.hand import Alternative, DecisionReview, HandAnalysis
>>> from engine.game import Phase
>>> review = DecisionReview(3, 1, Phase.BIDDING, "Your bid", None, Alternative("Bid 250", 4.0, None), (), 0.0, None,
...                         False, "")
>>> review_to_json(review)["kind"]
'bid'
>>> analysis_from_json(analysis_to_json(HandAnalysis(1, (review,)))) == HandAnalysis(1, (review,))
True
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from engine.ai.analysis.hand import (
    DECISION_PHASES,
    Alternative,
    ChoiceValue,
    DecisionReview,
    Grade,
    HandAnalysis,
    decision_name,
)
from engine.game import Phase
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


def analysis_to_json(analysis: HandAnalysis) -> HandAnalysisJson:
    """``analysis`` as JSON (read back by :func:`analysis_from_json`)."""
    return {"seat": analysis.seat, "decisions": [review_to_json(d) for d in analysis.decisions]}


def analysis_from_json(data: HandAnalysisJson) -> HandAnalysis:
    """An analysis as :func:`analysis_to_json` wrote it (``ValueError``, ``KeyError``, ``TypeError``: not one)."""
    return HandAnalysis(int(data["seat"]), tuple(review_from_json(d) for d in data["decisions"]))


def review_to_json(review: DecisionReview) -> DecisionReviewJson:
    """One decision's review as JSON (read back by :func:`review_from_json`)."""
    return {"action_index": review.action_index, "seat": review.seat, "kind": decision_name(review.kind),
            "title": review.title,
            "trick": review.trick, "chosen": _alternative_to_json(review.chosen),
            "best": [_alternative_to_json(b) for b in review.best],
            "cost": review.cost, "seen_cost": review.seen_cost, "costly": review.costly, "reason": review.reason,
            "grade": str(review.grade), "error": review.error, "luck": review.luck, "advised": review.advised,
            "choices": [_choice_to_json(c) for c in review.choices]}


def review_from_json(data: DecisionReviewJson) -> DecisionReview:
    """A review as :func:`review_to_json` wrote it, or an older version did (without a grade, the choices ...)."""
    trick, seen, costly = data.get("trick"), data.get("seen_cost"), bool(data["costly"])
    return DecisionReview(int(data["action_index"]), int(data["seat"]), _kind(data["kind"]), str(data["title"]),
                          None if trick is None else int(trick), _alternative_from_json(data["chosen"]),
                          tuple(_alternative_from_json(b) for b in data["best"]), float(data["cost"]),
                          None if seen is None else float(seen), costly, str(data["reason"]),
                          _grade(data.get("grade"), costly), float(data.get("error") or 0.0),
                          str(data.get("luck") or ""), str(data.get("advised") or ""),
                          tuple(_choice_from_json(c) for c in data.get("choices") or ()))


def _alternative_to_json(alternative: Alternative) -> AlternativeJson:
    return {"action": alternative.action, "value": alternative.value, "seen_value": alternative.seen_value}


def _alternative_from_json(data: AlternativeJson) -> Alternative:
    seen = data.get("seen_value")
    return Alternative(str(data["action"]), float(data["value"]), None if seen is None else float(seen))


def _choice_to_json(choice: ChoiceValue) -> ChoiceValueJson:
    return {"action": choice.action, "words": choice.words, "value": choice.value, "cost": choice.cost,
            "error": choice.error}


def _choice_from_json(data: ChoiceValueJson) -> ChoiceValue:
    action = data["action"]
    if not isinstance(action, str | dict):
        raise ValueError(f"not a choice: {action!r}")
    return ChoiceValue(action, str(data["words"]), float(data["value"]), float(data["cost"]), float(data["error"]))


def _kind(value: str) -> Phase:
    """A saved decision's kind (its :func:`~engine.ai.analysis.hand.decision_name`), refused (``ValueError``) when
    it is none this version knows."""
    for kind in DECISION_PHASES:
        if value == decision_name(kind):
            return kind
    raise ValueError(f"no decision of the kind {value!r}")


def _grade(value: str | None, costly: bool) -> Grade:
    """A saved grade; an analysis saved before grades (or with one this version does not know) by its mark."""
    try:
        return Grade(value or "")
    except ValueError:
        return Grade.MISTAKE if costly else Grade.GOOD


__all__ = ["AlternativeJson", "ChoiceValueJson", "DecisionReviewJson", "HandAnalysisJson", "analysis_from_json",
           "analysis_to_json", "review_from_json", "review_to_json"]
