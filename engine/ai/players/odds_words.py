"""How often something happens, said as a player says it: "about half the time", not "in 56%".

The computers' reasons (a hint's too) weigh a bid or a card by the share of the sampled deals in which
it comes off; :func:`how_often` puts that share into the nearest plain words.

>>> how_often(0.56)
'about half the time'
>>> how_often(0.71)
'about three times in four'
>>> how_often(1.0)
'almost always'
"""

from __future__ import annotations

#: Shares a player can picture, each with its words; a share is said as the nearest of them.
_SAYINGS: tuple[tuple[float, str], ...] = (
    (0.0, "almost never"),
    (0.1, "about one time in ten"),
    (0.2, "about one time in five"),
    (0.25, "about one time in four"),
    (1 / 3, "about one time in three"),
    (0.5, "about half the time"),
    (2 / 3, "about two times in three"),
    (0.75, "about three times in four"),
    (0.8, "about four times in five"),
    (0.9, "about nine times in ten"),
    (1.0, "almost always"),
)


def how_often(share: float) -> str:
    """``share`` (0 to 1) of the time in words: the nearest of the shares a player can picture (the ends,
    "almost never" and "almost always", only within 5% of them)."""
    share = min(1.0, max(0.0, share))
    if 0.05 <= share <= 0.95:
        inner = _SAYINGS[1:-1]
        return min(inner, key=lambda saying: abs(saying[0] - share))[1]
    return _SAYINGS[0][1] if share < 0.05 else _SAYINGS[-1][1]


__all__ = ["how_often"]
