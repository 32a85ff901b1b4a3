"""Small dialogs over any screen: a question to confirm, and messages (storage problems among them).

:func:`show_messages` is how the app tells the player about a bad settings, statistics or save file:
storage returns :class:`~pinochle_gui.storage.StorageMessage` values and one dialog lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from pinochle_gui.fonts import scaled
from pinochle_gui.screens.screen import Overlay
from pinochle_gui.widgets import blit_text, wrap

if TYPE_CHECKING:
    from pinochle_gui.app_protocol import App
    from pinochle_gui.storage import StorageMessage

LEVEL_TITLES = {"error": "Something went wrong", "warning": "Please note", "info": "For your information"}


class ConfirmDialog(Overlay):
    """A question with two answers; the safe answer (``no``) has the focus, Y and N answer at once."""

    panel_size = (560, 300)

    def __init__(
        self,
        app: App,
        title: str,
        text: str,
        on_yes: Callable[[], None],
        yes_text: str = "Yes",
        no_text: str = "Cancel",
        on_no: Callable[[], None] | None = None,
    ) -> None:
        self.heading = title
        self.text = text
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes_text = yes_text
        self.no_text = no_text
        self.answered: bool | None = None
        super().__init__(app)

    def panel_rect(self) -> pygame.Rect:
        w = min(self.size[0] - 20, self.px(560))
        lines = len(wrap(self.text, self.px(19), w - self.px(60)))
        h = min(self.size[1] - 20, self.px(170) + lines * round(self.px(19) * 1.35))
        return pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)

    def build(self) -> None:
        panel = self.panel_rect()
        w, h, gap = self.px(180), self.px(46), self.px(20)
        y = panel.bottom - h - self.px(22)
        yes = self.button(pygame.Rect(panel.centerx - w - gap // 2, y, w, h), self.yes_text, self.yes, pygame.K_y)
        no = self.button(pygame.Rect(panel.centerx + gap // 2, y, w, h), self.no_text, self.no, pygame.K_n)
        self.yes_button, self.no_button = yes, no
        self.set_focus(no)

    def _close(self) -> None:
        if self.stack is not None and self in self.stack.scenes:
            self.stack.pop()

    def yes(self) -> None:
        self.answered = True
        self._close()
        self.on_yes()

    def no(self) -> None:
        self.answered = False
        self._close()
        if self.on_no is not None:
            self.on_no()

    def back(self) -> None:
        self.no()

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.set_focus(self.yes_button if self.focus is self.no_button else self.no_button)
            return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        panel = self.panel_rect()
        size = self.px(19)
        y = panel.y + self.px(72)
        for line in wrap(self.text, size, panel.w - self.px(60)):
            blit_text(surface, line, size, self.theme.text, (panel.centerx, y), "regular", "midtop")
            y += scaled(size * 1.35)


class MessageDialog(Overlay):
    """One or more messages and an OK button (Enter or Escape close it)."""

    def __init__(
        self, app: App, title: str, lines: Sequence[tuple[str, str]], on_close: Callable[[], None] | None = None
    ):
        """``lines``: (level, text) pairs; level ``"error"``, ``"warning"``, ``"info"`` or ``""`` for plain text."""
        self.heading = title
        self.lines = list(lines)
        self.on_close = on_close
        super().__init__(app)

    def _wrapped(self) -> list[tuple[str, str]]:
        panel = self.panel_rect()
        out: list[tuple[str, str]] = []
        for level, text in self.lines:
            for i, line in enumerate(wrap(text, self.px(17), panel.w - self.px(80))):
                out.append((level if i == 0 else "", line))
            out.append(("gap", ""))
        return out[:-1]

    def panel_rect(self) -> pygame.Rect:
        # As tall as the text needs, within the window.
        w = min(self.size[0] - 20, self.px(640))
        count = sum(len(wrap(text, self.px(17), w - self.px(80))) + 1 for _, text in self.lines)
        h = min(self.size[1] - 20, self.px(170) + count * round(self.px(17) * 1.4))
        return pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)

    def build(self) -> None:
        panel = self.panel_rect()
        w, h = self.px(160), self.px(46)
        ok = self.button(pygame.Rect(panel.centerx - w // 2, panel.bottom - h - self.px(20), w, h), "OK", self.close)
        self.set_focus(ok)

    def close(self) -> None:
        if self.stack is not None and self in self.stack.scenes:
            self.stack.pop()
        if self.on_close is not None:
            self.on_close()

    def back(self) -> None:
        self.close()

    def draw_content(self, surface: pygame.Surface) -> None:
        panel = self.panel_rect()
        t = self.theme
        size = self.px(17)
        y = panel.y + self.px(74)
        bottom = panel.bottom - self.px(84)
        colors = {"error": t.bad, "warning": t.accent, "info": t.good}
        for level, line in self._wrapped():
            if y + size > bottom:
                blit_text(surface, "…", size, t.text_dim, (panel.x + self.px(48), y))
                break
            if level in colors:
                pygame.draw.circle(surface, colors[level], (panel.x + self.px(32), y + size // 2 + 2), self.px(6))
            if level != "gap":
                blit_text(surface, line, size, t.text, (panel.x + self.px(48), y))
            y += scaled(size * (0.6 if level == "gap" else 1.4))


def show_messages(app: App, messages: Sequence[StorageMessage], on_close: Callable[[], None] | None = None) -> bool:
    """Push one dialog listing ``messages`` (most serious level in its title); False when there are none."""
    if not messages:
        return False
    worst = min(messages, key=lambda m: ("error", "warning", "info").index(m.level) if m.level in LEVEL_TITLES else 0)
    title = LEVEL_TITLES.get(worst.level, "Please note")
    app.stack.push(MessageDialog(app, title, [(m.level, m.text) for m in messages], on_close))
    return True


def message(app: App, title: str, text: str, on_close: Callable[[], None] | None = None) -> MessageDialog:
    """Push a dialog with one plain message."""
    return app.stack.push(MessageDialog(app, title, [("", text)], on_close))


def confirm(
    app: App,
    title: str,
    text: str,
    on_yes: Callable[[], None],
    yes_text: str = "Yes",
    no_text: str = "Cancel",
    on_no: Callable[[], None] | None = None,
) -> ConfirmDialog:
    """Push a question; ``on_yes`` runs after the dialog closed on Yes."""
    return app.stack.push(ConfirmDialog(app, title, text, on_yes, yes_text, no_text, on_no))
