"""The search the computers and the analysis stand on: perfect-information card play and the hidden deals.

Here: positions, legal cards on bit masks and fast playouts (:mod:`~engine.ai.search.trickplay`), the exact
and anytime search of the play when every card is known (:mod:`~engine.ai.search.solver`), and the deals of
the cards a seat cannot see, weighed by what the other seats did (:mod:`~engine.ai.search.worlds`, with the
learned meaning of bids and passes, :mod:`~engine.ai.search.auction_model` and its ``auction_model.json``).

A new way to search, play out or sample hidden cards goes here. Nothing here knows the levels or the players:
this package imports only the engine's core (never ``engine.ai.players``, ``analysis`` or ``bench``).
"""
