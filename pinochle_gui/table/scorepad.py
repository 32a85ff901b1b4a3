"""The score pad: the running scores in the corner, and the whole game hand by hand on demand.

The numbers come from the game's hand records (docs/records.md) and the engine's observation as far as
the director has played it, each panel's in one function (:func:`score_box`, :func:`pad_rows`,
:func:`hand_in_progress`), so the pad says what the engine scored.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from engine.cards import SUIT_NAMES
from engine.game import Phase
from engine.history import HandHistory
from engine.observation import Observation, points_in_tricks
from engine.rules import Rules
from engine.scoring import THROWN_IN
from pinochle_gui.fonts import get_font, least_size, scaled
from pinochle_gui.layout import LINE_STEP, ROW_SHARE
from pinochle_gui.table.director import TableNews
from pinochle_gui.table.hud import draw_cached_panel
from pinochle_gui.theme import Theme
from pinochle_gui.widgets import blit_text, text_width, wrap


def side_names(teams: Sequence[Sequence[int]], names: Sequence[str]) -> list[str]:
    """"Us" and "Them" for partnerships seen from seat 0; each player's name when each plays alone."""
    if len(teams) == 2 and all(len(t) == 2 for t in teams):
        return ["Us", "Them"]
    return [names[t[0]] for t in teams]


def game_goal(target: int, hands: int = 0) -> str:
    """What ends the game: "game to 1500", or with no target (a game of a number of hands) "game of 5 hands"."""
    return f"game to {target}" if target or not hands else f"game of {hands} hands"


#: The phases in which no points have been taken in tricks yet, or the hand is over.
NO_TRICKS_YET = (Phase.REDEAL, Phase.BIDDING, Phase.GAME_OVER)


@dataclass(frozen=True)
class ScoreBox:
    """What the small score pad shows: each side's score, its points in tricks so far in the hand on the
    table (``None`` between hands), the hand's number and its deal number as shared."""

    scores: tuple[int, ...]
    tricks: tuple[int, ...] | None
    hand_number: int
    deal_number: int


def in_tricks(seen: Observation, news: TableNews, rules: Rules) -> tuple[int, ...] | None:
    """Each side's points in tricks so far in the hand on the table, as the player knows them (their own bury
    counted), as far as the director has played the tricks; ``None`` before the play and once it is scored."""
    if news.hand_over or seen.phase in NO_TRICKS_YET:
        return None
    return points_in_tricks(seen, rules)


def score_box(seen: Observation, news: TableNews, rules: Rules) -> ScoreBox:
    """The small pad's numbers: the score board the director has got to (the scores change as the hand's
    summary shows) and the points in tricks of the hand it shows."""
    scores, hand_number, deal_number = news.board or (seen.scores, seen.hand_number, seen.deal_number)
    return ScoreBox(tuple(scores), in_tricks(seen, news, rules), hand_number, deal_number)


def draw_pad(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, sides: list[str], scores: Sequence[int],
             target: int, trick_points: Sequence[int] | None = None, hand_number: int = 0,
             deal_number: int | None = None, one_deal: bool = False, hands: int = 0) -> None:
    """The small pad: one line per side with its score (and this hand's trick points during play); a
    ``one_deal`` game (a deal played again, a challenge's deal) is no game to a target and says so; ``hands``
    is the number of hands of a game with no target."""
    draw_cached_panel(surface, rect, theme, "the score box")
    goal = game_goal(target, hands)
    foot = "One deal, scored alone" if one_deal else \
        f"Hand {hand_number} · {goal}" if hand_number else goal[:1].upper() + goal[1:]
    if deal_number is not None:
        foot += f" · deal {deal_number}"
    inner = rect.inflate(-20, -8)
    least = least_size()  # no text under the smallest print at the player's text size
    fsize = max(least, round(rect.h / (len(sides) + 1) * 0.45))
    row_least = math.ceil(least / ROW_SHARE)  # the sides' lines at the smallest print
    # The foot on one line; else the deal on a line of its own, smaller; else at the smallest print: the first
    # that leaves the sides their lines (the layout's box has the room: layout.score_box_height).
    for size, split in ((fsize, False), (max(least, fsize * 4 // 5), True), (least, True)):
        lines = wrap(foot.replace(" · deal", "\ndeal") if split else foot, size, inner.w)
        if (split or len(lines) == 1) and inner.h - scaled(size * LINE_STEP) * len(lines) >= row_least * len(sides):
            break
    fsize = size
    line_h = scaled(fsize * LINE_STEP)
    font_h = get_font(fsize).get_height()  # the last line's letters whole inside the box
    foot_top = inner.bottom - line_h * (len(lines) - 1) - font_h
    row_h = (foot_top - inner.y) / len(sides)  # the sides share what the foot leaves
    size = max(least, round(min(row_h * ROW_SHARE, rect.h / (len(sides) + 1) * 0.62)))
    x = inner.x
    for i, (name, score) in enumerate(zip(sides, scores, strict=False)):
        y = round(inner.y + row_h * i + row_h / 2)
        color = theme.text if i == 0 else theme.text_dim
        face = "bold" if i == 0 else "regular"
        right = inner.right
        if trick_points is not None and i < len(trick_points) and trick_points[i]:
            extra = blit_text(surface, f"+{trick_points[i]}", max(least, size * 3 // 4), theme.good, (right, y),
                              "regular", "midright")
            right = extra.x - 8
        value = blit_text(surface, str(score), size, color, (right, y), "bold", "midright")
        blit_text(surface, name, size, color, (x, y), face, "midleft", value.x - 8 - x)  # in the room left of it
    for n, line in enumerate(lines):
        blit_text(surface, line, fsize, theme.text_dim, (x, round(foot_top + font_h / 2 + n * line_h)), "regular",
                  "midleft", inner.w)


def pad_rows(hands: Sequence[HandHistory], names: Sequence[str]) -> list[list[str]]:
    """One row per finished hand: number, declarer and bid, then each side's change and total."""
    rows = []
    for hand in hands:
        declarer, bid, count, claim = hand.declarer, hand.bid, hand.count, hand.declared_out
        who = f"{names[declarer]} {bid}" if declarer is not None and bid else "-"
        if count is not None and count.went_set:
            who += " set"
        elif count is not None and count.how == THROWN_IN:
            who += " thrown in"
        if claim is not None:
            who = f"{names[claim.seat]} out ({'right' if claim.right else 'wrong'})"
        row = [str(hand.hand_number), who]
        deltas = hand.scored.score_delta if hand.scored is not None else ()
        totals = hand.scored.scores_after if hand.scored is not None else ()
        for i, total in enumerate(totals):
            delta = deltas[i] if i < len(deltas) else 0
            row.append(f"{delta:+d} = {total}" if deltas else str(total))
        rows.append(row)
    return rows


def hand_in_progress(obs: Observation, news: TableNews, rules: Rules, names: Sequence[str], sides: Sequence[str],
                     hands: Sequence[HandHistory]) -> str:
    """The hand on the table, not yet scored, in words: its bid and declarer, trump, each side's meld and
    its points in tricks so far (:func:`in_tricks`; "" when there is none: between hands, at the game's end)."""
    if obs.phase == Phase.GAME_OVER or news.hand_over or any(h.hand_number == obs.hand_number for h in hands):
        return ""
    teams = rules.teams
    parts = [f"Hand {obs.hand_number} now:"]
    if obs.declarer is None:
        parts.append("the bidding is under way" if obs.phase == Phase.BIDDING else "no bid yet")
    else:
        trump = f", {SUIT_NAMES[obs.trump]} are trump" if obs.trump is not None else ""
        parts.append(f"{names[obs.declarer]} bid {obs.bid:,}{trump}")
    melds = [sum(m.points for m in obs.melds if m.seat in team) for team in teams]
    if obs.melds:
        parts.append("· meld " + ", ".join(f"{side} {points}" for side, points in zip(sides, melds, strict=True)))
    tricks = in_tricks(obs, news, rules)
    if tricks is not None and (obs.tricks or obs.trick or any(tricks)):
        parts.append("· in tricks so far " + ", ".join(f"{side} {points}" for side, points
                                                        in zip(sides, tricks, strict=False)))
    return " ".join(parts)


def draw_full_pad(surface: pygame.Surface, area: pygame.Rect, theme: Theme, sides: list[str],
                  played: Sequence[HandHistory], names: Sequence[str], scores: Sequence[int], target: int,
                  now: str = "", hands: int = 0) -> None:
    """The whole game's pad in a panel over ``area``: the last hands that fit, newest last, and under the
    totals ``now``: the hand in progress (:func:`hand_in_progress`)."""
    box = area.inflate(-area.w // 8, -area.h // 10)
    draw_cached_panel(surface, box, theme, "the score pad", "cover")  # over the table on purpose
    size = max(12, min(24, box.h // 18))
    row_h = scaled(size * 1.5)  # the rows' step at the player's text size: no line through a row
    gap = scaled(10)  # between the columns
    cols = ["Hand", "Bid"] + sides
    x0 = box.x + 16
    inner_w = box.w - 32
    first = min(0.3, max(0.12, (text_width(cols[0], size, "bold") + gap) / inner_w))  # "Hand" whole in large print
    widths = [first, 0.46 - first] + [0.54 / len(sides)] * len(sides)
    title = blit_text(surface, f"Score pad · {game_goal(target, hands)}", size + 4, theme.accent, (x0, box.y + 10),
                      "bold", "topleft", inner_w)
    y = box.y + 16 + title.h

    def row(values: list[str], color: tuple[int, int, int], face: str) -> None:
        x = x0
        for value, frac in zip(values, widths, strict=False):
            blit_text(surface, value, size, color, (x, y), face, "topleft", round(inner_w * frac) - gap)
            x += round(inner_w * frac)

    row(cols, theme.accent, "bold")
    y += row_h
    rows = pad_rows(played, names)
    now_lines = wrap(now, size, inner_w) if now else []
    room = max(1, (box.bottom - y - row_h * (2 + len(now_lines))) // row_h)
    for values in rows[-room:]:
        row(values, theme.text, "regular")
        y += row_h
    pygame.draw.line(surface, theme.panel_border, (x0, y + 2), (x0 + inner_w, y + 2))
    y += 8
    row(["", "Total"] + [str(s) for s in scores], theme.text, "bold")
    y += row_h + 4
    for line in now_lines:
        blit_text(surface, line, size, theme.text_dim, (x0, y), "regular", "topleft", inner_w)
        y += scaled(size * 1.3)


__all__ = ["ScoreBox", "draw_full_pad", "draw_pad", "game_goal", "hand_in_progress", "in_tricks", "pad_rows",
           "score_box", "side_names"]
