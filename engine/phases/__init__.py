"""The phases of a hand, one module each, put together as :class:`engine.game.Game`.

:mod:`~engine.phases.state` holds what every phase reads and changes; the steps of each phase are
in :mod:`~engine.phases.dealing` (the deal and redeals), :mod:`~engine.phases.auction` (bidding),
:mod:`~engine.phases.exchanges` (naming trump, the dix, passing, the bury),
:mod:`~engine.phases.melding` (showing meld, throwing in), :mod:`~engine.phases.tricks` (the play,
two-handed draws and laid meld, declaring out) and :mod:`~engine.phases.hand_end` (counting the
hand, deciding the game). Each phase's module is a class of :class:`~engine.phases.state.GameState`
whose ``_on_<phase>`` method takes that phase's decision; ``Game`` inherits them all.
"""
