"""Where the cards are: every card on the table is a :class:`TableCard` sprite in one zone.

The zones are a seat's hand, the trick, the widow (or the buried cards), the stock and its turned-up
card, and a seat's laid meld (two-handed). :meth:`TableZones.targets` says where each zone puts its
sprites (position, size, face, angle, layer) and :meth:`TableZones.settle` tweens every sprite that is
not there. :meth:`TableZones.resync` makes the zones hold what an observation says. The zones also
draw the cards and find the card under the pointer.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from enum import IntEnum

import pygame

from engine.cards import Card
from engine.game import Phase
from engine.observation import Observation
from engine.rules import Rules, TrumpBy
from pinochle_gui.anim import Animation, Animator, CardSprite, Parallel, Tween
from pinochle_gui.art import CardArt
from pinochle_gui.fonts import text_scale
from pinochle_gui.layout import TableLayout, cards_in, place_hand, table_layout
from pinochle_gui.widgets.card_picker import hand_order
from pinochle_gui.widgets.text import saw_box

VIEW_SEAT = 0  # the seat the table is seen from: the human player


class Z(IntEnum):
    """The drawing layers, each zone's base z, lowest drawn first: the cards in motion over every zone, the
    player's hand over the trick, the trick over the other hands."""

    TABLE = 100
    TURNUP = 190
    STOCK = 200
    WIDOW = 300
    HAND = 400
    TRICK = 600
    ME = 800
    MOVING = 2000


BURIED_ANGLE = 8.0  # degrees: the buried cards lie askew beside the declarer


def buried_spot(lay: TableLayout, seat: int, count: int, step: int) -> tuple[int, int]:
    """Where the first of ``count`` buried cards lies (each next one ``step`` right and half as far down): at the
    declarer's bubble, moved away from the seat until the pile covers neither its name plate nor its avatar."""
    area = lay.seats[seat]
    x, y = area.bubble.center
    turn = math.radians(BURIED_ANGLE)
    w = lay.small_w * math.cos(turn) + lay.small_h * math.sin(turn)  # a card askew, as drawn
    h = lay.small_w * math.sin(turn) + lay.small_h * math.cos(turn)
    pile = pygame.Rect(round(x - w / 2), round(y - h / 2), round(w) + (count - 1) * step,
                       round(h) + (count - 1) * step // 2).inflate(4, 4)
    away = {"bottom": (0, -1), "top": (0, 1), "left": (1, 0), "right": (-1, 0)}[area.side]
    for seat_part in (area.plate, area.avatar):
        if pile.colliderect(seat_part):
            clip = pile.clip(seat_part)
            pile.move_ip(away[0] * clip.w, away[1] * clip.h)
    return pile.x + 2 + round(w / 2), pile.y + 2 + round(h / 2)


class TableCard(CardSprite):
    """A card sprite with the width its pictures are drawn at (``scale`` tweens between widths)."""

    __slots__ = ("width", "marked", "target_flip")

    def __init__(self, c: int | None, x: float, y: float, width: int, face_up: bool = False) -> None:
        super().__init__(c, x, y, face_up=face_up)
        self.width = width
        self.marked = False  # received in a pass, or taken from the widow: drawn with a mark
        self.target_flip = 1.0 if face_up else 0.0

    def rect(self) -> pygame.Rect:
        """Where the card lies now, raised cards where they stand."""
        rect = pygame.Rect(0, 0, round(self.width), round(self.width * 1.4))
        rect.center = (round(self.x), round(self.y - self.lift))
        return rect


@dataclass(frozen=True, slots=True)
class SettleEnds:
    """What :meth:`TableZones.settle` changes of a sprite to put it where its zone says: each attribute
    that is not there yet, None for those that are."""

    x: float | None = None
    y: float | None = None
    scale: float | None = None
    flip: float | None = None
    angle: float | None = None

    @classmethod
    def of(cls, sprite: CardSprite, x: float, y: float, flip: float, angle: float) -> SettleEnds:
        """The ends taking ``sprite`` to (``x``, ``y``), its full size, ``flip`` and ``angle``."""
        moves = abs(sprite.x - x) > 0.5 or abs(sprite.y - y) > 0.5
        return cls(x=x if moves else None, y=y if moves else None,
                   scale=1.0 if abs(sprite.scale - 1.0) > 1e-3 else None,
                   flip=flip if abs(sprite.flip - flip) > 1e-3 else None,
                   angle=angle if abs(sprite.angle - angle) > 0.05 else None)

    def changes(self) -> dict[str, float]:
        """The attributes that change and their ends, as :class:`Tween` takes them."""
        return {name: end for name, end in asdict(self).items() if end is not None}


class TableZones:
    """The card sprites of one table in their zones, at one window size."""

    def __init__(self, rules: Rules, art: CardArt, animator: Animator, size: tuple[int, int],
                 sort_order: str = "trump_first") -> None:
        self.rules = rules
        self.art = art
        self.animator = animator
        self.sort_order = sort_order
        self.players = rules.players
        self.hands: list[list[TableCard]] = [[] for _ in range(self.players)]
        self.trick: list[tuple[int, TableCard]] = []
        self.widow: list[TableCard] = []
        self.stock: list[TableCard] = []
        self.turnup: list[TableCard] = []
        self.tables: list[list[TableCard]] = [[] for _ in range(self.players)]
        self.leaving: list[TableCard] = []
        self.trump: int | None = None
        self.dealer = 0
        self.large_cards = False  # the player's setting: the hand takes more of the table
        self.lay: TableLayout = self._layout(size)
        self.widow_face_up = False
        self.buried_by: int | None = None  # the declarer whose buried cards the widow zone holds
        self.shown_hand: int | None = None  # a computer seat whose hand lies face up: it claimed the rest
        # The sprites the player chose for the action being played (the card clicked, the cards passed): they
        # leave the hand, not their equal twins, so a received card's mark stays on the card received.
        self.picked: list[TableCard] = []

    # -- layout ------------------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> TableLayout:
        r = self.rules
        return table_layout(size[0], size[1], self.players, r.hand_size, received=r.cards_received, widow=r.widow_size,
                            buttons=3, text=text_scale(), large_cards=self.large_cards,
                            score_lines=len(r.teams))

    def resize(self, size: tuple[int, int]) -> None:
        self.lay = self._layout(size)
        self.art.resize(self.lay.card_widths)
        self.settle(snap=True)

    # -- zones -----------------------------------------------------------------------------------------
    def spawn(self, c: int | None) -> TableCard:
        """A new sprite of card ``c`` (``None``: a back), small in the middle of the table."""
        x, y = self.lay.trick_area.center
        sprite = TableCard(c, x, y, self.lay.small_w)
        sprite.scale = 0.5
        return sprite

    def take(self, zone: list[TableCard], c: int | None, any_card: bool = False) -> TableCard | None:
        """Take the sprite of card ``c`` out of ``zone`` (one the player picked first, else the first of its
        twins); else (``any_card``) an unknown one, else the last. A card the player raised leaves the hand
        flat: its lift becomes height where it is, so it flies from there and lands level in its new place
        (not raised over the top bar in North's hand)."""
        sprite = next((s for s in self.picked if s.card == c and s in zone), None) if c is not None else None
        if sprite is not None:
            self.picked.remove(sprite)
            zone.remove(sprite)
        else:
            sprite = TableZones._pick(zone, c, any_card)
        if sprite is not None:
            sprite.y -= sprite.lift
            sprite.lift = 0.0
        return sprite

    @staticmethod
    def _pick(zone: list[TableCard], c: int | None, any_card: bool) -> TableCard | None:
        if c is not None:  # the first of equal twins: taken in order, they keep their order
            for i, sprite in enumerate(zone):
                if sprite.card == c:
                    return zone.pop(i)
        if not any_card or not zone:
            return None
        for i in range(len(zone) - 1, -1, -1):
            if zone[i].card is None:
                return zone.pop(i)
        return zone.pop()

    def sorted_cards(self, cards: Iterable[int]) -> list[Card]:
        """``cards`` in the player's sort order."""
        return hand_order(cards, self.trump, self.sort_order)

    def resort(self) -> None:
        """Put the player's hand in the sort order (the unknown cards last)."""
        mine = self.hands[VIEW_SEAT]
        known = [s for s in mine if s.card is not None]
        unknown = [s for s in mine if s.card is None]
        order = self.sorted_cards([s.card for s in known if s.card is not None])
        pool = list(known)
        result: list[TableCard] = []
        for c in order:
            for s in pool:
                if s.card == c:
                    pool.remove(s)
                    result.append(s)
                    break
        self.hands[VIEW_SEAT] = result + unknown

    def set_sort_order(self, order: str) -> None:
        self.sort_order = order
        self.resort()
        animation = self.settle("sort")
        if animation is not None:
            self.animator.run(animation)

    def turnup_to_dealer(self) -> None:
        """The turned-up card (turn-up variants) goes into the dealer's hand."""
        if self.rules.trump_by == TrumpBy.TURNUP and self.turnup:
            sprite = self.turnup.pop()
            if self.dealer != VIEW_SEAT:
                sprite.card = None
            self.hands[self.dealer].append(sprite)
            self.resort()

    def resync(self, obs: Observation, snap: bool = False) -> Animation | None:
        """Make the zones hold what ``obs`` says (new sprites appear, extra ones go), then settle."""
        r = self.rules
        self.trump = obs.trump
        turnup = obs.turnup
        if r.trump_by == TrumpBy.TURNUP:
            if turnup is None:
                self.turnup_to_dealer()
            elif not self.turnup:
                self.turnup = [self.spawn(turnup)]
        # hands
        for seat in range(self.players):
            zone = self.hands[seat]
            hold_back = 1 if (r.trump_by == TrumpBy.TURNUP and turnup is not None and seat == obs.dealer) else 0
            if seat == VIEW_SEAT:
                want = list(obs.hand)
                if hold_back and turnup in want:
                    want.remove(turnup)
                keep: list[TableCard] = []
                for c in want:
                    sprite = self.take(zone, c)
                    keep.append(sprite if sprite is not None else self.spawn(c))
                self.hands[seat] = keep
            else:
                want_n = obs.hand_sizes[seat] - hold_back
                while len(zone) > want_n:
                    self.take(zone, None, any_card=True)
                while len(zone) < want_n:
                    zone.append(self.spawn(None))
        self.resort()
        # the trick
        if [(s, sp.card) for s, sp in self.trick] != list(obs.trick):
            rebuilt = []
            pool = [sp for _s, sp in self.trick]
            for seat, c in obs.trick:
                sprite = next((sp for sp in pool if sp.card == c), None)
                if sprite is not None:
                    pool.remove(sprite)
                else:
                    sprite = self.spawn(c)
                rebuilt.append((seat, sprite))
            self.trick = rebuilt
        # laid melds (two-handed)
        if r.trump_by == TrumpBy.STOCK:
            for seat in range(self.players):
                want_t = list(obs.tables[seat]) if seat < len(obs.tables) else []
                zone = self.tables[seat]
                keep = []
                for c in want_t:
                    sprite = self.take(zone, c)
                    keep.append(sprite if sprite is not None else self.spawn(c))
                self.tables[seat] = keep
            want_stock = max(0, obs.stock_size - (1 if turnup is not None else 0))
            while len(self.stock) > want_stock:
                self.stock.pop()
            while len(self.stock) < want_stock:
                self.stock.append(self.spawn(None))
            if turnup is None:
                self.turnup = []
            elif not self.turnup or self.turnup[-1].card != turnup:
                self.turnup = [self.turnup[-1] if self.turnup else self.spawn(turnup)]
                self.turnup[-1].card = turnup
        # the widow, or the buried cards
        if r.widow_size:
            if obs.phase == Phase.GAME_OVER:
                want_w = len(self.widow)
            elif obs.declarer is None:
                want_w = r.widow_size
            elif obs.phase in (Phase.TRUMP, Phase.BURY):
                want_w = 0  # the widow is in the declarer's hand
            else:
                want_w = r.widow_size  # the buried cards
            buried = list(obs.buried)
            while len(self.widow) > want_w:
                self.widow.pop()
            while len(self.widow) < want_w:
                self.widow.append(self.spawn(None))
            if obs.declarer is not None:
                for sprite, c in zip(self.widow, buried, strict=False):
                    sprite.card = c
            self.buried_by = obs.declarer if want_w and obs.declarer is not None else None
        animation = self.settle("sort", snap=snap)
        return animation

    # -- where everything goes ----------------------------------------------------------------------------
    def targets(self) -> list[tuple[TableCard, float, float, int, float, float, int]]:
        """Every sprite with where it belongs: centre x, y, width, flip, angle, z."""
        lay = self.lay
        out: list[tuple[TableCard, float, float, int, float, float, int]] = []
        mine = self.hands[VIEW_SEAT]
        for i, (sprite, rect) in enumerate(zip(mine, self.hand_slots(len(mine)), strict=False)):
            out.append((sprite, rect.centerx, rect.centery, lay.card_w, 1.0 if sprite.card is not None else 0.0,
                        0.0, Z.ME + i))
        for seat in range(1, self.players):
            area = lay.seats[seat]
            zone = self.hands[seat]
            face_up = seat == self.shown_hand
            rects = cards_in(area.meld, len(zone), lay.small_w, lay.small_h) if face_up else \
                area.backs(len(zone), lay.small_w, lay.small_h)
            for i, (sprite, rect) in enumerate(zip(zone, rects, strict=False)):
                out.append((sprite, rect.centerx, rect.centery, lay.small_w, 1.0 if face_up else 0.0, 0.0,
                            Z.HAND + i))
        for i, (seat, sprite) in enumerate(self.trick):
            rect = lay.seats[seat].trick
            out.append((sprite, rect.centerx, rect.centery, lay.trick_w, 1.0, 0.0, Z.TRICK + i))
        if self.widow and self.buried_by is not None:
            # The buried cards: a small pile beside the declarer, counted with the declarer's tricks.
            step = max(2, lay.small_w // 8)
            x, y = buried_spot(lay, self.buried_by, len(self.widow), step)
            for i, sprite in enumerate(self.widow):
                out.append((sprite, x + i * step, y + i * step // 2, lay.small_w, 0.0, BURIED_ANGLE, Z.WIDOW + i))
        elif self.widow:
            rects = list(lay.widow) or [lay.stock]
            if len(rects) < len(self.widow):
                rects = [pygame.Rect(rects[0]) for _ in self.widow]
            for i, sprite in enumerate(self.widow):
                rect = rects[i]
                flip = 1.0 if sprite.card is not None and self.widow_face_up else 0.0
                out.append((sprite, rect.centerx, rect.centery, lay.small_w, flip, 0.0, Z.WIDOW + i))
        if self.rules.trump_by == TrumpBy.STOCK:
            stock = lay.stock
            base_x = stock.x + lay.small_w // 2
            for i, sprite in enumerate(self.turnup):
                out.append((sprite, base_x + lay.small_w * 0.35, stock.centery, lay.small_w, 1.0, 90.0,
                            Z.TURNUP + i))
            for i, sprite in enumerate(self.stock):
                off = min(i, 12) * max(1, lay.small_w // 60)
                out.append((sprite, base_x - off * 0.5, stock.centery - off, lay.small_w, 0.0, 0.0, Z.STOCK + i))
            for seat in range(self.players):
                zone = self.tables[seat]
                meld_area = lay.laid_cards_area(seat)  # clear of the lines naming the meld
                for i, (sprite, rect) in enumerate(zip(zone, cards_in(meld_area, len(zone), lay.small_w, lay.small_h),
                                                       strict=False)):
                    out.append((sprite, rect.centerx, rect.centery, lay.small_w, 1.0, 0.0, Z.TABLE + i))
        else:
            for i, sprite in enumerate(self.turnup):
                rect = lay.stock
                out.append((sprite, rect.centerx, rect.centery, lay.small_w, 1.0, 0.0, Z.TURNUP + i))
        return out

    def hand_slots(self, count: int) -> list[pygame.Rect]:
        """Where the player's ``count`` cards go: the layout's rows, shared out evenly (9 cards in two
        rows of 8 make rows of 5 and 4, not 8 and a lone card)."""
        lay = self.lay
        rows = max(1, math.ceil(count / max(1, lay.hand_per_row)))
        per_row = math.ceil(count / rows) if count else lay.hand_per_row
        return place_hand(lay.hand_band, count, per_row, lay.card_w, lay.card_h)

    def settle(self, kind: str = "play", order: list[TableCard] | None = None, gap: float = 0.0,
               snap: bool = False) -> Animation | None:
        """Tween every sprite to where its zone puts it (``order``: these first, ``gap`` seconds apart)."""
        duration = self.animator.timing(kind)
        instant = snap or duration <= 0
        tweens: list[Tween] = []
        rank = {id(s): i for i, s in enumerate(order or [])}
        moving: list[tuple[TableCard, int]] = []
        for sprite, x, y, w, flip, angle, z in self.targets():
            if w != sprite.width:
                sprite.scale = sprite.scale * sprite.width / max(1, w)
                sprite.width = w
            if sprite.card is None:
                flip = 0.0
            sprite.target_flip = flip
            ends = SettleEnds.of(sprite, x, y, flip, angle).changes()
            if instant or not ends:
                sprite.x, sprite.y, sprite.scale, sprite.flip, sprite.angle = x, y, 1.0, flip, angle
                sprite.z = z
                continue
            delay = rank.get(id(sprite), 0) * gap if order else 0.0
            sprite.z = Z.MOVING + rank.get(id(sprite), 0) + (z - Z.HAND if z >= Z.HAND else 0)
            moving.append((sprite, z))
            tweens.append(Tween(sprite, duration, "out_cubic", delay, **ends))
        if not tweens:
            return None

        def land() -> None:
            for sprite, z in moving:
                sprite.z = z
        return Parallel(tweens).on_done(land)

    def all_sprites(self) -> list[TableCard]:
        sprites: list[TableCard] = []
        for hand in self.hands:
            sprites.extend(hand)
        sprites.extend(sp for _s, sp in self.trick)
        sprites += self.widow + self.stock + self.turnup + self.leaving
        for table in self.tables:
            sprites.extend(table)
        return sprites

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, states: dict[int, str] | None = None) -> None:
        """Draw every card, lowest z first; ``states``: a picture state by sprite id (dimmed, selected...)."""
        states = states or {}
        art = self.art
        for sprite in sorted(self.all_sprites(), key=lambda s: s.z):
            if not sprite.visible:
                continue
            state = states.get(id(sprite), "marked" if sprite.marked else "normal")
            back = art.back(sprite.width)
            face = art.face(sprite.card, sprite.width, state) if sprite.card is not None else back
            if sprite.z >= Z.ME or sprite.z >= Z.TRICK:
                shadow = art.shadow(sprite.width)
                if abs(sprite.angle) < 0.05 and sprite.scale > 0.9 and sprite.flip > 0.9:
                    rect = shadow.get_rect(center=(round(sprite.x) + 2, round(sprite.y - sprite.lift) + 4))
                    surface.blit(shadow, rect)
            saw_box(sprite.draw(surface, face, back), "a card")

    def sprite_at(self, pos: tuple[int, int], zone: list[TableCard]) -> TableCard | None:
        """The topmost sprite of ``zone`` under ``pos``."""
        for sprite in sorted(zone, key=lambda s: -s.z):
            w = sprite.width
            h = round(w * 1.4)
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(sprite.x), round(sprite.y - sprite.lift))
            if rect.collidepoint(pos):
                return sprite
        return None


__all__ = ["BURIED_ANGLE", "TableCard", "TableZones", "VIEW_SEAT", "Z", "buried_spot"]
