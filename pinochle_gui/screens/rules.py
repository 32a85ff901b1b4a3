"""The rules in force, as the engine writes them (``engine.rules_help``), scrollable; and the welcome again.

The engine gives the help as typed blocks (:func:`engine.rules_help.help_blocks`), laid out here as
they are: the title and section headings large, tables in aligned columns, paragraphs wrapped to
the window. Scroll with the wheel, Up/Down, Page Up/Down, Home and End; wide windows list the
sections at the left (click one, or N and P for the next and previous).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine.rules import Rules
from engine.rules_help import Heading, Paragraph, Table, Title, help_blocks
from pinochle_gui.fonts import get_font, scaled
from pinochle_gui.screens.screen import Screen
from pinochle_gui.screens.welcome import WelcomeScene
from pinochle_gui.widgets import blit_text, wrap

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App


@dataclass(frozen=True, slots=True)
class TextSizes:
    """The type sizes of the rules' lines, in pixels, one for each kind of line of ``RulesScene.laid``."""

    title: int
    head: int
    text: int
    table: int
    gap: int

    def of(self, kind: str) -> int:
        """The size of a line of ``kind``: "title", "head", "table", "gap", else "text"."""
        match kind:
            case "title":
                return self.title
            case "head":
                return self.head
            case "table":
                return self.table
            case "gap":
                return self.gap
            case _:
                return self.text


class RulesScene(Screen):
    heading = "Rules"

    def content_state(self) -> object:
        return (self.offset, self.current_section())

    def __init__(self, app: App, rules: Rules) -> None:
        super().__init__(app)
        self.rules = rules
        self.blocks = help_blocks(rules)
        self.offset = 0
        # (kind, text, height) after wrapping; kind is "title", "head", "text", "table" or "gap"
        self.laid: list[tuple[str, str, int]] = []
        self.columns: dict[int, list[tuple[int, str, str]]] = {}  # a table row of self.laid: x, anchor, cell

    @property
    def with_index(self) -> bool:
        """Wide windows show the list of sections beside the text."""
        return self.size[0] >= self.px(1180) and self.size[0] >= self.size[1]

    def index_rect(self) -> pygame.Rect:
        top = self.px(96)
        return pygame.Rect(self.px(24), top, self.px_text(230), self.size[1] - top - self.px(94))

    def text_rect(self) -> pygame.Rect:
        w, h = self.size
        top = self.px(96)
        if self.with_index:
            left = self.index_rect().right + self.px(36)
            width = min(w - left - self.px(36), self.px(980))
            return pygame.Rect(left, top, width, h - top - self.px(94))
        width = min(w - self.px(48), self.px(980))
        return pygame.Rect((w - width) // 2, top, width, h - top - self.px(94))

    def sections(self) -> list[tuple[str, int]]:
        """Each heading and where it starts in the text (pixels from the top)."""
        found: list[tuple[str, int]] = []
        y = 0
        for kind, text, height in self.laid:
            if kind == "head" and (not found or found[-1][0] != text):
                found.append((text, y))
            y += height
        return found

    def section_rects(self) -> list[pygame.Rect]:
        area = self.index_rect()
        step = min(self.px_text(34), area.h // max(1, len(self.sections())))
        return [pygame.Rect(area.x, area.y + i * step, area.w, step - 2) for i in range(len(self.sections()))]

    def current_section(self) -> int:
        current = 0
        for i, (_, y) in enumerate(self.sections()):
            if y <= self.offset + self.px(4):
                current = i
        return current

    def jump(self, index: int) -> None:
        sections = self.sections()
        if sections:
            index = max(0, min(len(sections) - 1, index))
            self.offset = 0
            self.scroll(sections[index][1])

    def sizes(self) -> TextSizes:
        return TextSizes(title=self.px(28), head=self.px(22), text=self.px(17), table=self.px(16), gap=self.px(9))

    def build(self) -> None:
        w, h = self.size
        bw, bh, m = self.px(190), self.px(50), self.px(24)
        y = h - bh - self.px(22)
        back = self.button(pygame.Rect(m, y, bw, bh), "Back", self.back)
        self.button(pygame.Rect(w - m - bw, y, bw, bh), "Welcome tour", self.tour, tooltip="The first-run pages")
        self.set_focus(back)
        area = self.text_rect()
        sizes = self.sizes()
        room = area.w - self.px(16)
        self.laid = []
        self.columns = {}
        for block in self.blocks:
            match block:
                case Title(text):
                    self._lay_text("title", text, sizes.title, room)
                case Heading(text):
                    self.laid += [("gap", "", sizes.gap)] * 2  # a section starts further down than a paragraph
                    self._lay_text("head", text, sizes.head, room)
                case Paragraph(text):
                    self._lay_text("text", text, sizes.text, room)
                case Table():
                    self._lay_table(block, sizes.table, room)
        self.laid.append(("gap", "", sizes.gap))  # room below the last line
        self.scroll(0)

    def _lay_text(self, kind: str, text: str, size: int, room: int) -> None:
        face = "bold" if kind in ("title", "head") else "regular"
        for line in wrap(text, size, room, face):
            self.laid.append((kind, line, scaled(size * 1.45)))

    def _lay_table(self, table: Table, size: int, room: int) -> None:
        """One table: its rows of two cells or more in columns (the first at the left, the others ending
        at their column's right) when they fit ``room``; else, and its notes, wrapped as text."""
        font = get_font(size)
        gap = self.px(28)
        widths: list[int] = []
        for cells in table.rows:
            if len(cells) > 1:
                widths += [0] * (len(cells) - len(widths))
                for i, cell in enumerate(cells):
                    widths[i] = max(widths[i], font.size(cell)[0])
        ends = [sum(widths[: i + 1]) + gap * i for i in range(len(widths))]
        fits = bool(ends) and ends[-1] <= room
        for cells in table.rows:
            if len(cells) > 1 and fits:
                self.columns[len(self.laid)] = [(0, "topleft", cells[0])] + [
                    (ends[i], "topright", cells[i]) for i in range(1, len(cells))]
                self.laid.append(("table", "   ".join(cells), scaled(size * 1.45)))
            else:
                for part in wrap("   ".join(cells), size, room):
                    self.laid.append(("table", part, scaled(size * 1.45)))
        for note in table.notes:
            for part in wrap(note, size, room):
                self.laid.append(("table", part, scaled(size * 1.45)))

    @property
    def content_height(self) -> int:
        return sum(height for _, _, height in self.laid)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.text_rect().h)

    def scroll(self, pixels: int) -> None:
        self.offset = min(self.max_offset, max(0, self.offset + pixels))

    def tour(self) -> None:
        self.app.stack.push(WelcomeScene(self.app, self.rules), "fade")

    def process_event(self, event: pygame.event.Event) -> bool:
        if self.with_index and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.section_rects()):
                if rect.collidepoint(event.pos):
                    self.jump(i)
                    return True
        return super().process_event(event)

    def wheel(self, steps: int) -> bool:
        self.scroll(-steps * self.px(48))
        return True

    def key(self, event: pygame.event.Event) -> bool:
        page = self.text_rect().h - self.px(40)
        moves = {
            pygame.K_DOWN: self.px(40),
            pygame.K_UP: -self.px(40),
            pygame.K_PAGEDOWN: page,
            pygame.K_PAGEUP: -page,
            pygame.K_SPACE: page,
            pygame.K_HOME: -self.content_height,
            pygame.K_END: self.content_height,
        }
        if event.key in moves:
            self.scroll(moves[event.key])
            return True
        if event.key == pygame.K_w:
            self.tour()
            return True
        if event.key in (pygame.K_n, pygame.K_p):
            self.jump(self.current_section() + (1 if event.key == pygame.K_n else -1))
            return True
        return False

    def draw_index(self, surface: pygame.Surface) -> None:
        t = self.theme
        current = self.current_section()
        for i, ((text, _), rect) in enumerate(zip(self.sections(), self.section_rects(), strict=True)):
            if i == current:
                pygame.draw.rect(surface, t.panel[:3], rect, border_radius=self.px(6))
                pygame.draw.rect(surface, t.accent, (rect.x, rect.y + 4, self.px(4), rect.h - 8))
            color = t.accent if i == current else t.text
            blit_text(
                surface,
                text,
                self.px(16),
                color,
                (rect.x + self.px(14), rect.centery),
                "bold" if i == current else "regular",
                "midleft",
                rect.w - self.px(18),
            )

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.with_index:
            self.draw_index(surface)
        t = self.theme
        area = self.text_rect()
        back = area.inflate(self.px(24), self.px(16))
        panel = pygame.Surface(back.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, t.panel, panel.get_rect(), border_radius=self.px(12))
        pygame.draw.rect(panel, (*t.panel_border, 160), panel.get_rect(), width=1, border_radius=self.px(12))
        surface.blit(panel, back)
        sizes = self.sizes()
        old_clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y - self.offset
        colors = {"title": t.accent, "head": t.accent, "text": t.text, "table": t.text}
        for index, (kind, text, height) in enumerate(self.laid):
            if y + height >= area.y and y <= area.bottom and kind != "gap":
                size = sizes.of(kind)
                columns = self.columns.get(index)
                if columns is not None:
                    x = area.x + self.px(16)
                    for i, (at, anchor, cell) in enumerate(columns):
                        blit_text(surface, cell, size, t.text_dim if i else t.text, (x + at, y), "regular", anchor)
                elif kind == "table":
                    blit_text(surface, text, size, t.text, (area.x + self.px(16), y), "regular")
                else:
                    face = "bold" if kind in ("title", "head") else "regular"
                    blit_text(surface, text, size, colors[kind], (area.x + self.px(8), y), face)
            y += height
        surface.set_clip(old_clip)
        if self.max_offset:
            track = pygame.Rect(back.right - self.px(8), area.y, self.px(4), area.h)
            pygame.draw.rect(surface, t.disabled, track, border_radius=2)
            thumb_h = max(self.px(24), round(track.h * area.h / (area.h + self.max_offset)))
            ty = track.y + round((track.h - thumb_h) * self.offset / self.max_offset)
            pygame.draw.rect(surface, t.accent, (track.x, ty, track.w, thumb_h), border_radius=2)
