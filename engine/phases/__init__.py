"""The phases of a hand, one module each, put together as :class:`engine.game.Game`.

:mod:`~engine.phases.state` holds what every phase reads and changes; the steps of each phase are
in :mod:`~engine.phases.dealing` (the deal and redeals), :mod:`~engine.phases.auction` (bidding),
:mod:`~engine.phases.exchanges` (naming trump, the dix, passing, the bury),
:mod:`~engine.phases.melding` (showing meld, throwing in), :mod:`~engine.phases.tricks` (the play,
two-handed draws and laid meld, declaring out) and :mod:`~engine.phases.hand_end` (counting the
hand, deciding the game). Each module holds one subclass of :class:`~engine.phases.state.GameState`
whose ``_on_<phase>`` methods take the decisions of its phases; ``Game`` inherits them all, and
:meth:`engine.game.Game.apply` calls the one that :data:`engine.game.PHASE_HANDLERS` names for the
phase in force. The steps by which one phase leads into another are declared once, in the protocol
:class:`~engine.phases.state.PhaseSteps`, and written in the phase they start.
"""
