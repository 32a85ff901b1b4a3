"""The computer players: the levels and every decision they make, from what a seat can see.

Here: the levels as data (:mod:`~engine.ai.players.levels`), the computer seat (:mod:`~engine.ai.players.computer`:
``ComputerPlayer``, ``make_player``), its card play (:mod:`~engine.ai.players.cardplay`) and every other decision
(:mod:`~engine.ai.players.decisions`, with the hand's worth before the play, :mod:`~engine.ai.players.bidding`,
and the two-handed playouts, :mod:`~engine.ai.players.playouts`), the odds in words of their reasons
(:mod:`~engine.ai.players.odds_words`), and the learning of what bids mean (``python -m
engine.ai.players.learn_auction``).

A new way for a computer to decide, or a new level, goes here. It imports the search
(``engine.ai.search``), never the analysis or the benchmarks.
"""
