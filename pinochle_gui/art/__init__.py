"""Card art, backs and avatars drawn by our own code: vector shapes drawn large and smooth-scaled.

Nothing here reads an image file; the only font files are those of :mod:`pinochle_gui.fonts`.
"""

from pinochle_gui.art.avatars import AVATAR_COUNT, render_avatar, render_marker
from pinochle_gui.art.backs import BACKS, render_back
from pinochle_gui.art.cards import CARD_RATIO, DESIGNS, CardArt, DeckDesign, card_height, render_face
from pinochle_gui.art.suits import draw_suit, suit_polygons

__all__ = [
    "AVATAR_COUNT",
    "BACKS",
    "CARD_RATIO",
    "DESIGNS",
    "CardArt",
    "DeckDesign",
    "card_height",
    "draw_suit",
    "render_avatar",
    "render_back",
    "render_face",
    "render_marker",
    "suit_polygons",
]
