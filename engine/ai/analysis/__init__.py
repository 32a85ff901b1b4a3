"""The coach: what each decision of a hand was worth, the hint, and what the player does with them.

Here: the values of every choice at a decision (:mod:`~engine.ai.analysis.valuation`), the advice that is the
table's hint and the review's yardstick (:mod:`~engine.ai.analysis.advice`, :mod:`~engine.ai.analysis.hint`), the
analysis of a hand (:mod:`~engine.ai.analysis.hand`, its JSON :mod:`~engine.ai.analysis.hand_json`, its reasons in
words :mod:`~engine.ai.analysis.words`), accuracy and key moments, drills, try again, the duplicate challenge's
computer (:mod:`~engine.ai.analysis.duplicate`), and the worker processes that decide, hint and analyse off the
app's thread (:mod:`~engine.ai.analysis.worker`: its ``Thinker`` runs the hint too, hence here).

A new way to judge, explain or practise a decision goes here. It imports the players and the search, never the
benchmarks.
"""
