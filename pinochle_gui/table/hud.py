"""What the table shows around the cards: seats (avatar, name plate, markers), the status line,
speech bubbles, the last trick on demand, the hint and short messages ("toasts").

Everything drawn here comes from the engine's observation and the director's news; nothing is
decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from engine.cards import SUIT_NAMES, Card, cards_label
from engine.game import Phase
from engine.observation import Observation
from engine.rules import Rules
from pinochle_gui.art import CardArt, draw_suit, render_avatar, render_marker
from pinochle_gui.fonts import least_size, scaled
from pinochle_gui.layout import TableLayout
from pinochle_gui.scene import soonest
from pinochle_gui.table.director import BUBBLE_FADE, TableNews
from pinochle_gui.theme import PANEL_RADIUS, Theme, draw_panel
from pinochle_gui.widgets import SpeechBubble, blit_text, text_width, wrap
from pinochle_gui.widgets.text import saw_box

SUIT_INK = {0: (30, 30, 36), 1: (200, 30, 40), 2: (200, 30, 40), 3: (30, 30, 36)}
_PANELS: dict[tuple[int, int, str], pygame.Surface] = {}


def draw_cached_panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, what: str = "a panel",
                      kind: str = "box") -> None:
    """:func:`pinochle_gui.theme.draw_panel`, drawn once per size and theme and then only blitted; ``what`` and
    ``kind`` say what it is to a test watching the boxes drawn (:func:`pinochle_gui.widgets.text.saw_box`)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    saw_box(rect, what, kind)
    key = (rect.w, rect.h, theme.name)
    picture = _PANELS.get(key)
    if picture is None:
        if len(_PANELS) > 256:
            _PANELS.clear()
        picture = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_panel(picture, picture.get_rect(), theme)
        if pygame.display.get_surface() is not None:
            picture = picture.convert_alpha()
        _PANELS[key] = picture
    surface.blit(picture, rect.topleft)


DOT_STEP = 300  # milliseconds between two counts of a thinking computer's dots


@dataclass
class Toast:
    text: str
    left: float
    bad: bool = False


class Hud:
    """Draws the seats and the table's texts; keeps avatar pictures per size."""

    def __init__(self, theme: Theme, names: list[str], avatars: list[int]) -> None:
        self.theme = theme
        self.names = names
        self.avatars = avatars
        self._avatar_cache: dict[tuple[int, int], pygame.Surface] = {}
        self._marker_cache: dict[tuple[str, int], pygame.Surface] = {}
        self.toasts: list[Toast] = []
        self.hint: str = ""
        self.show_last_trick = False
        self.hint_box: pygame.Rect | None = None  # where the hint was drawn last (None: not shown)
        self._placed: dict[tuple[object, ...], tuple[pygame.Rect, list[str], int]] = {}  # boxes worked out
        self.toast_box: pygame.Rect | None = None  # where the newest toast was drawn last
        self.note_box: pygame.Rect | None = None  # where the note on the cards received was drawn last

    # -- helpers -------------------------------------------------------------------------------------
    def avatar(self, seat: int, size: int) -> pygame.Surface:
        key = (self.avatars[seat % len(self.avatars)], size)
        if key not in self._avatar_cache:
            if len(self._avatar_cache) > 24:
                self._avatar_cache.clear()
            self._avatar_cache[key] = render_avatar(key[0], size)
        return self._avatar_cache[key]

    def marker(self, kind: str, size: int) -> pygame.Surface:
        key = (kind, size)
        if key not in self._marker_cache:
            self._marker_cache[key] = render_marker(kind, size, self.theme.accent)
        return self._marker_cache[key]

    def toast(self, text: str, seconds: float = 2.6, bad: bool = False) -> None:
        self.toasts.append(Toast(text, seconds, bad))
        del self.toasts[:-3]

    def update(self, dt: float) -> None:
        for toast in self.toasts:
            toast.left -= dt
        self.toasts = [t for t in self.toasts if t.left > 0]

    def wake_in(self, thinking: bool) -> float | None:
        """Seconds until the HUD changes by itself: a toast's end, or the thinking dots counting on."""
        dots = (DOT_STEP - pygame.time.get_ticks() % DOT_STEP) / 1000 if thinking else None
        return soonest([dots, *(toast.left for toast in self.toasts)])

    def text(self, surface: pygame.Surface, text: str, size: int, color: tuple[int, int, int], face: str = "regular",
             max_width: int | None = None, **where: tuple[int, int]) -> pygame.Rect:
        """``text`` with one anchor (``midtop=(x, y)``) at its point, fitted to ``max_width``."""
        (anchor, pos), = where.items()
        return blit_text(surface, text, size, color, pos, face, anchor, max_width)

    # -- the seats --------------------------------------------------------------------------------------
    def draw_seats(self, surface: pygame.Surface, lay: TableLayout, obs: Observation, news: TableNews,
                   teams: tuple[tuple[int, ...], ...], thinking: int | None) -> None:
        theme = self.theme
        for area in lay.seats:
            seat = area.seat
            if seat >= len(self.names):
                continue
            surface.blit(self.avatar(seat, area.avatar.w), area.avatar)
            if obs.to_act == seat and obs.phase != Phase.GAME_OVER:
                ring = self.marker("turn", area.avatar.w + 10)
                surface.blit(ring, ring.get_rect(center=area.avatar.center))
            draw_cached_panel(surface, area.plate, theme, f"the name plate of {self.names[seat]}")
            plate = area.plate.inflate(-8, -4)
            side = next(i for i, team in enumerate(teams) if seat in team)
            extra = ""
            if obs.declarer == seat and obs.bid:
                extra = f"bid {obs.bid}"
            elif obs.phase == Phase.BIDDING:
                said = [b for s, b in obs.bids if s == seat]
                if said:
                    extra = "pass" if isinstance(said[-1], str) else str(said[-1])
            name = self.names[seat]
            sub = extra or (f"tricks {obs.tricks_won[side]}" if obs.phase == Phase.PLAY and len(teams) > 2 else "")
            line = f"{name}  {sub}" if sub else name
            size = round(plate.h * (0.62 if plate.h < 40 else 0.5))
            one_line_fits = text_width(line, round(size * 0.7), "bold") <= plate.w
            if sub and (plate.h >= 40 or not one_line_fits):
                self.text(surface, name, round(plate.h * 0.42), theme.text, "bold", plate.w,
                          midtop=(plate.centerx, plate.y))
                if sub:
                    self.text(surface, sub, round(plate.h * 0.34), theme.text_dim, "regular", plate.w,
                              midbottom=(plate.centerx, plate.bottom))
            else:
                self.text(surface, line, size, theme.text, "bold", plate.w, center=plate.center)
            chip = area.marker.w
            if obs.dealer == seat:
                surface.blit(self.marker("dealer", chip), area.marker)
            if obs.declarer == seat:
                where = area.marker.move(0, chip + 2) if obs.dealer == seat else area.marker
                surface.blit(self.marker("declarer", chip), where)
            if thinking == seat:
                self.draw_thinking(surface, lay, seat)

    def draw_thinking(self, surface: pygame.Surface, lay: TableLayout, seat: int) -> None:
        """Three dots under the avatar of a computer that is thinking, counting up."""
        area = lay.seats[seat]
        dots = "." * (1 + (pygame.time.get_ticks() // DOT_STEP) % 3)
        self.text(surface, dots, round(area.avatar.h * 0.5), self.theme.accent, "bold",
                  midtop=(area.avatar.centerx, area.avatar.bottom - area.avatar.h // 3))

    @staticmethod
    def bubble_boxes(lay: TableLayout, news: TableNews) -> dict[int, pygame.Rect]:
        """Where each seat's bubble is drawn: the layout's place, made wider for words too long for it (at large
        print), away from the seat its tail points at."""
        boxes = {}
        for seat, bubble in news.bubbles.items():
            if seat < len(lay.seats):
                area = lay.seats[seat]
                rect = pygame.Rect(area.bubble)
                rect.w = max(rect.w, SpeechBubble.width_for(bubble.text, rect.h, area.bubble_tail))
                anchor = {"left": "midleft", "right": "midright"}.get(area.bubble_tail, "center")
                setattr(rect, anchor, getattr(area.bubble, anchor))
                boxes[seat] = rect.clamp(pygame.Rect(0, 0, lay.width, lay.height))
        return boxes

    def draw_bubbles(self, surface: pygame.Surface, lay: TableLayout, news: TableNews) -> None:
        """What each seat just said (a bid, a pass, a meld), fading out (:meth:`bubble_boxes`)."""
        theme = self.theme
        for seat, rect in self.bubble_boxes(lay, news).items():
            bubble = news.bubbles[seat]
            widget = SpeechBubble(rect, bubble.text, lay.seats[seat].bubble_tail, theme)
            widget.alpha = 255 * min(1.0, bubble.left / BUBBLE_FADE)
            widget.draw(surface)

    # -- the top bar ------------------------------------------------------------------------------------
    def draw_status(self, surface: pygame.Surface, rect: pygame.Rect, text: str, trump: int | None) -> None:
        draw_cached_panel(surface, rect, self.theme, "the status line")
        inner = rect.inflate(-16, -4)
        if trump is not None:
            size = round(rect.h * 0.55)
            box = pygame.Rect(inner.x, rect.centery - size // 2, size, size)
            pygame.draw.circle(surface, (250, 248, 240), box.center, size // 2 + 3)
            draw_suit(surface, trump, box.inflate(-size // 4, -size // 4), SUIT_INK[trump])
            inner = pygame.Rect(box.right + 10, inner.y, inner.right - box.right - 10, inner.h)
            if text_width(text, round(rect.h * 0.35)) > inner.w:  # even at the smallest size
                text = text.removesuffix(f" · {trump_text(trump)}")  # the suit drawn at the left says it
        lines = [text]
        small = max(least_size(), round(rect.h * 0.34))  # never under the smallest print
        one_size = round(rect.h * 0.5)
        if text_width(text, max(least_size(), round(rect.h * 0.35))) > inner.w:  # too long for one line: two
            lines = wrap(text, small, inner.w)
            lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines  # a third line is cut
            one_size = small  # on one line after all, at the smaller size
        if len(lines) == 1:
            self.text(surface, text, one_size, self.theme.text, "regular", inner.w, midleft=(inner.x, inner.centery))
            return
        for line, y in zip(lines, (inner.y + inner.h // 4, inner.bottom - inner.h // 4), strict=False):
            self.text(surface, line, small, self.theme.text, "regular", inner.w, midleft=(inner.x, y))

    def draw_toasts(self, surface: pygame.Surface, status: pygame.Rect) -> None:
        """The newest toast over the status line (nothing else of the table is covered), for its seconds."""
        self.toast_box = None
        if not self.toasts:
            return
        toast = self.toasts[-1]
        box = status.inflate(-4, -4)
        draw_cached_panel(surface, box, self.theme, "a toast", "cover")  # over the status line on purpose
        color = self.theme.bad if toast.bad else self.theme.text
        blit_text(surface, toast.text, max(12, box.h // 2), color, box.center, "bold", "center", box.w - 24)
        self.toast_box = box

    def draw_hint(self, surface: pygame.Surface, lay: TableLayout, avoid: Sequence[pygame.Rect] = (),
                  cards_rise: bool = True) -> None:
        """The hint in a box above the hand (and the room its cards rise into, when they do: ``cards_rise``),
        wrapped to whole lines and moved up past the panel, the buttons and the cards in ``avoid``; when that
        leaves it over something (large print on a small window), beside the player's name plate or across
        the table if it is clear there."""
        rise = lay.raise_px if cards_rise else 0
        self.hint_box = self._boxed(surface, lay, "Hint: " + self.hint, avoid, True, rise) if self.hint else None

    def draw_note(self, surface: pygame.Surface, lay: TableLayout, text: str,
                  avoid: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
        """The note on the cards that came to a hand (:func:`cards_note`) in a box above the player's hand,
        clear of ``avoid``; the box drawn, as a list (empty without a note)."""
        self.note_box = self._boxed(surface, lay, text, avoid, False) if text else None
        return [self.note_box] if self.note_box is not None else []

    def _boxed(self, surface: pygame.Surface, lay: TableLayout, text: str, avoid: Sequence[pygame.Rect],
               accent: bool, rise: int | None = None) -> pygame.Rect:
        """``text`` wrapped in a box above the hand, moved up past everything in ``avoid``; beside the
        player's name plate instead, or across the whole table or the panel in fewer lines, when only there
        it covers nothing; in a smaller print (never under the smallest) when it covers something at every
        place. Worked out once per text and surroundings, not every frame."""
        key = (text, lay.width, lay.height, tuple(tuple(r) for r in avoid), rise, scaled(100))
        placed = self._placed.get(key)
        if placed is None:
            placed = self._place_box(lay, text, avoid, rise)
            if len(self._placed) > 16:
                self._placed.clear()
            self._placed[key] = placed
        box, lines, size = placed
        line_h = scaled(size * 1.3)
        draw_cached_panel(surface, box, self.theme, "the hint" if accent else "the note on the cards")
        if accent:
            pygame.draw.rect(surface, self.theme.accent, box, width=2, border_radius=PANEL_RADIUS)
        y = box.y + 7
        for line in lines:
            blit_text(surface, line, size, self.theme.text, (box.x + 12, y))
            y += line_h
        return box

    @staticmethod
    def _place_box(lay: TableLayout, text: str, avoid: Sequence[pygame.Rect],
                   rise: int | None) -> tuple[pygame.Rect, list[str], int]:
        """Where :meth:`_boxed` puts ``text``: its box, its lines and their size."""
        usual = max(15, lay.status.h * 2 // 5)
        m = lay.margin
        width = min(lay.width - 4 * m, max(360, lay.width // 2))
        plate = lay.seats[0].plate
        places = [(lay.width // 2, width), ((plate.right + lay.width) // 2, lay.width - plate.right - 3 * m),
                  (lay.width // 2, lay.width - 4 * m), (lay.bid_panel.centerx, lay.bid_panel.w)]
        boxes = []
        for size in (usual, max(least_size(), usual * 4 // 5)):
            line_h = scaled(size * 1.3)
            for centre_x, w in places:
                lines = wrap(text, size, w - 24)
                box = pygame.Rect(0, 0, w, line_h * len(lines) + 14)
                box.midbottom = (centre_x, lay.hand_band.y - (lay.raise_px if rise is None else rise) - m)
                for rect in sorted(avoid, key=lambda r: -r.bottom):
                    if box.colliderect(rect):
                        box.bottom = rect.top - m
                box.top = max(box.top, lay.bar_bottom + m)
                boxes.append((box, lines, size))
        # Clear of everything where it can be; else where it covers least (a name plate, a meld) of the table.
        return min(boxes, key=lambda placed: len(placed[0].collidelistall(list(avoid))))

    def draw_last_trick(self, surface: pygame.Surface, lay: TableLayout, art: CardArt, news: TableNews) -> None:
        """The last trick in a panel over the centre, each card at its seat's place."""
        if not self.show_last_trick:
            return
        box = lay.bid_panel.inflate(lay.margin * 2, lay.trick_h // 2)
        box.h = max(box.h, lay.trick_h + 70)
        box.center = lay.trick_area.center
        draw_cached_panel(surface, box, self.theme, "the last trick", "cover")
        if not news.last_trick:
            self.text(surface, "No trick has been played yet", max(14, box.h // 10), self.theme.text,
                      center=box.center)
            return
        winner = news.last_winner
        title = f"Last trick: {self.names[winner]} took it" if winner is not None else "Last trick"
        top = self.text(surface, title, max(14, box.h // 10), self.theme.accent, "bold", box.w - 20,
                        midtop=(box.centerx, box.y + 8))
        w = lay.trick_w
        h = round(w * 1.4)
        n = len(news.last_trick)
        gap = max(6, w // 6)
        x = box.centerx - (n * w + (n - 1) * gap) // 2
        y = top.bottom + 8
        for seat, c in news.last_trick:
            state = "selected" if seat == winner else "normal"
            surface.blit(art.face(Card(c), w, state), (x, y))
            self.text(surface, self.names[seat], max(12, w // 5), self.theme.text, "regular", w + gap,
                      midtop=(x + w // 2, y + h + 2))
            x += w + gap


def cards_note(obs: Observation, rules: Rules, names: Sequence[str]) -> str:
    """Until the first trick of the hand is taken, what came to a hand besides the deal: the cards the
    player received from partner, or the widow the declarer took ("" when nothing did)."""
    if obs.tricks or obs.phase in ("bidding", "game_over"):
        return ""
    if obs.received:
        team = rules.teams[rules.team_of(obs.seat)]
        partner = next((s for s in team if s != obs.seat), None)
        giver = names[partner] if partner is not None else "Your partner"
        return f"{giver} passed you {cards_label(obs.received)}"
    if obs.widow and obs.declarer is not None:
        who = "You" if obs.declarer == obs.seat else names[obs.declarer]
        return f"{who} took the widow: {cards_label(obs.widow)}"
    return ""


def trump_text(trump: int | None) -> str:
    return f"{SUIT_NAMES[trump]} are trump" if trump is not None else ""


__all__ = ["Hud", "Toast", "cards_note", "trump_text"]
