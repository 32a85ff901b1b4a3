"""The hand summary (meld, tricks, bid made or set, score change) and the game-over panel.

Both read the engine's ``hand_scored`` and ``game_over`` event fields; nothing is recomputed here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from engine.events import ClaimCount, DeclaredOut, GameOver, HandCount, HandScored
from engine.scoring import NO_MARRIAGE, NOT_ON_BOARD, THROWN_IN
from pinochle_gui.fonts import scaled
from pinochle_gui.table.hud import draw_cached_panel
from pinochle_gui.theme import Theme
from pinochle_gui.widgets import blit_text, text_width, wrap
from pinochle_gui.words import count_of


def summary_lines(scored: HandScored | None, sides: Sequence[str], names: Sequence[str],
                  counts: Sequence[ClaimCount] = ()) -> tuple[str, list[list[str]]]:
    """The headline and the table rows (a header row, then one row per side) of a scored hand (``None``: a
    record that does not say how it scored); a hand a seat declared out in shows what each side counted then
    (``counts``, the engine's :class:`ClaimCount`)."""
    if scored is not None and isinstance(scored.ended, DeclaredOut):
        claim = scored.ended
        head = claim_sentence(names[claim.seat], claim.total, scored.target)
        rows = [["", "Score", "Tricks", "Meld", "Count"]]
        for side, count in zip(sides, counts, strict=False):
            rows.append([side, str(count.score), str(count.tricks), str(count.meld), str(count.total)])
        return head, rows
    ended = scored.ended if scored is not None and isinstance(scored.ended, HandCount) else None
    declarer = scored.seat if scored is not None else None
    bid = ended.bid if ended is not None else None
    if declarer is not None and bid and ended is not None:
        who = names[declarer]
        if ended.how == THROWN_IN:
            head = f"{who} threw in the hand at {bid}"
        elif ended.how == NOT_ON_BOARD:
            head = f"{who} could not make {bid}: set without play"
        elif ended.how == NO_MARRIAGE:
            head = f"{who} held no marriage: {bid} lost"
        elif ended.went_set:
            head = f"{who} bid {bid} and went set"
        else:
            head = f"{who} bid {bid} and made it"
    else:
        head = "Hand over"
    rows = [["", "Meld", "Tricks", "Change", "Score"]]
    meld = ended.meld if ended is not None else ()
    counted = ended.meld_counted if ended is not None else ()
    tricks = ended.trick_points if ended is not None else ()
    delta = scored.score_delta if scored is not None else ()
    after = scored.scores_after if scored is not None else ()
    for i, side in enumerate(sides):
        m = meld[i] if i < len(meld) else 0
        kept = counted[i] if i < len(counted) else True
        rows.append([
            side,
            f"{m}" if kept else f"{m} (lost)",
            str(tricks[i]) if i < len(tricks) else "0",
            f"{delta[i]:+d}" if i < len(delta) else "",
            str(after[i]) if i < len(after) else "",
        ])
    return head, rows


def claim_sentence(who: str, total: int, target: int, count: ClaimCount | None = None) -> str:
    """Why a claim won or lost the game: "You claimed 1,200 but had 860: the claim loses". With the claimant's
    ``count``, the total's parts, since the final score stays as scored before the hand: "North declared out
    with 306 (291 scored + 15 in this hand) of the 300 needed: the claim wins"."""
    parts = ""
    if count is not None and count.total == total and count.total != count.score:
        parts = f" ({count.score:,} scored + {count.tricks + count.meld:,} in this hand)"
    if total >= target:
        return f"{who} declared out with {total:,}{parts} of the {target:,} needed: the claim wins"
    return f"{who} claimed {target:,} but had {total:,}{parts}: the claim loses"


def panel_rect(area: pygame.Rect, rows: int) -> pygame.Rect:
    w = min(area.w - 20, max(scaled(420), area.w * 3 // 5))  # wider in large print: room for its columns
    size = max(13, min(26, area.h // 22))
    h = scaled(size * 2 + (rows + 1) * size * 1.6 + size * 4)
    box = pygame.Rect(0, 0, w, min(area.h - 10, h))
    box.center = area.center
    return box


def grid_size(rows: list[list[str]], cell_widths: list[int], size: int, smallest: int = 9) -> int:
    """The largest text size up to ``size`` at which every cell (the header row bold) fits its column:
    one size for the whole grid, so no header is cut or drawn smaller than its neighbours."""
    def fits(at: int) -> bool:
        return all(text_width(value, at, "bold" if r == 0 else "regular") <= width
                   for r, values in enumerate(rows) for value, width in zip(values, cell_widths, strict=False))
    while size > smallest and not fits(size):
        size -= 1
    return size


def draw_table(surface: pygame.Surface, box: pygame.Rect, theme: Theme, head: str, rows: list[list[str]],
               footer: str, good: bool | None) -> int:
    """Draw a titled table of rows in ``box``; returns the y under it."""
    draw_cached_panel(surface, box, theme, "the hand's summary", "cover")  # over the table on purpose
    size = max(13, min(26, box.h // 9))
    color = theme.text if good is None else theme.good if good else theme.bad
    y = box.y + 10
    for line in wrap(head, size + 4, box.w - 24, "bold"):  # a long headline on two lines, whole
        y += blit_text(surface, line, size + 4, color, (box.centerx, y), "bold", "midtop", box.w - 24).h
    y += 8
    cols = len(rows[0]) if rows else 1
    first = 0.3
    widths = [first] + [(1 - first) / max(1, cols - 1)] * (cols - 1)
    inner = box.inflate(-32, 0)
    gap = scaled(12)  # between the columns: no two headers touch
    cell_widths = [round(inner.w * frac) - gap for frac in widths]
    cells = grid_size(rows, cell_widths, size)
    for r, values in enumerate(rows):
        x = inner.x
        face = "bold" if r == 0 else "regular"
        ink = theme.accent if r == 0 else theme.text
        for c, (value, frac) in enumerate(zip(values, widths, strict=False)):
            cell_w = round(inner.w * frac)
            middle = y + scaled(size) // 2 + 2
            if c == 0:
                blit_text(surface, value, cells, ink, (x, middle), face, "midleft", cell_w - gap)
            else:
                blit_text(surface, value, cells, ink, (x + cell_w - gap // 2, middle), face, "midright", cell_w - gap)
            x += cell_w
        y += scaled(size * 1.6)
    fsize = max(11, size - 4)
    for line in wrap(footer, fsize, box.w - 24, "italic") if footer else []:  # wrapped, never cut
        blit_text(surface, line, fsize, theme.text_dim, (box.centerx, y + 4), "italic", "midtop", box.w - 24)
        y += scaled(fsize * 1.3)
    return y + 8 if footer else y


def footer_rows(area: pygame.Rect, rows: int, footer: str) -> int:
    """The rows a panel of ``rows`` needs for ``footer`` wrapped at the size :func:`draw_table` gives it."""
    box = panel_rect(area, rows + 1)
    size = max(13, min(26, box.h // 9))
    return max(1, len(wrap(footer, max(11, size - 4), box.w - 24, "italic"))) if footer else 0


def draw_summary(surface: pygame.Surface, area: pygame.Rect, theme: Theme, summary: HandScored,
                 sides: Sequence[str], names: Sequence[str], footer: str, player_side: int,
                 room_for_buttons: bool = False, *, team_of: Callable[[int], int],
                 counts: Sequence[ClaimCount] = ()) -> pygame.Rect:
    """The hand's result; ``team_of`` gives a seat's side (the rules'), to say whether it went the player's way;
    ``counts``: what each side counted when a seat declared out."""
    head, rows = summary_lines(summary, sides, names, counts)
    lines = len(rows) + room_for_buttons + footer_rows(area, len(rows), footer) - 1
    box = panel_rect(area, lines)
    if text_width(head, max(13, min(26, box.h // 9)) + 4, "bold") > box.w - 24:  # room for a second line
        box = panel_rect(area, lines + 1)
    declarer = summary.seat
    made = summary.ended.made if isinstance(summary.ended, HandCount) else None
    good = None
    if made is not None and declarer is not None:
        ours = rows and player_side >= 0 and team_of(declarer) == player_side
        good = made == bool(ours)
    draw_table(surface, box, theme, head, rows, footer, good)
    return box


def game_over_lines(info: GameOver, sides: Sequence[str], player_side: int) -> tuple[str, bool | None]:
    winner = info.winner
    if winner is None:
        return "Game over: a tie", None
    who = sides[winner]
    if who == "Us" or winner == player_side:  # the player's own side, named or not: never "You wins"
        return "You win the game!", True
    if who == "Them":
        return "They win the game", False
    return f"{who} wins the game", False


def draw_game_over(surface: pygame.Surface, area: pygame.Rect, theme: Theme, info: GameOver,
                   sides: Sequence[str], player_side: int, hands: int, footer: str) -> pygame.Rect:
    head, good = game_over_lines(info, sides, player_side)
    scores = info.scores
    rows = [["", "Final score"]] + [[side, str(scores[i]) if i < len(scores) else ""] for i, side in enumerate(sides)]
    note = f"{count_of(hands, 'hand')} played. {footer}"
    box = panel_rect(area, len(rows) + footer_rows(area, len(rows), note))
    draw_table(surface, box, theme, head, rows, note, good)
    return box


__all__ = ["claim_sentence", "draw_game_over", "draw_summary", "game_over_lines", "grid_size", "summary_lines"]
