"""Our own widgets, drawn with the theme: the table's buttons, labels, tooltips and speech bubbles, and the
menus' form rows and scrolling lists.

:mod:`.core` the base classes (:class:`Widget`, :class:`Focusable`); :mod:`.text` fitting, wrapping
and drawing text; :mod:`.labels` :class:`Label`, :class:`Tooltip`, :class:`SpeechBubble`;
:mod:`.buttons` :class:`Button`, :class:`MenuButton`, :class:`NoteButton`; :mod:`.panel` :class:`Panel`;
:mod:`.rows` the form rows; :mod:`.scroll` :class:`ScrollList`. This package re-exports them all.
"""

from __future__ import annotations

from pinochle_gui.widgets.buttons import TOOLTIP_DELAY, Button, MenuButton, NoteButton, note_height, same_text_size
from pinochle_gui.widgets.core import Focusable, Widget, draw_focus_ring
from pinochle_gui.widgets.labels import Label, SpeechBubble, Tooltip
from pinochle_gui.widgets.panel import Panel
from pinochle_gui.widgets.rows import ChoiceRow, NumberRow, Row, SliderRow, StepperRow, TextRow, ToggleRow
from pinochle_gui.widgets.scroll import ScrollList
from pinochle_gui.widgets.text import blit_text, ellipsize, fit_text, render, text_width, wrap

__all__ = [
    "TOOLTIP_DELAY",
    "Button",
    "ChoiceRow",
    "Focusable",
    "Label",
    "MenuButton",
    "NoteButton",
    "same_text_size",
    "NumberRow",
    "Panel",
    "Row",
    "ScrollList",
    "SliderRow",
    "SpeechBubble",
    "StepperRow",
    "TextRow",
    "ToggleRow",
    "Tooltip",
    "Widget",
    "blit_text",
    "draw_focus_ring",
    "note_height",
    "ellipsize",
    "fit_text",
    "render",
    "text_width",
    "wrap",
]
