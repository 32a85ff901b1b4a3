"""The card table: the scene where a game is played, and its parts.

:mod:`.scene` (the table scene: turns, undo, hints), :mod:`.seats` (human and computer seats),
:mod:`.director` (engine events to animations, holds and pacing) with :mod:`.zones` (the card
sprites and where each zone puts them) and :mod:`.event_plans` (each event's animation),
:mod:`.controls` (the player's keys and clicks), :mod:`.painter` (drawing the frame) through
:mod:`.view` (the scene as those two see it), :mod:`.panels` (the player's decisions),
:mod:`.meld_view`, :mod:`.scorepad`, :mod:`.summary` and :mod:`.hud` (what is drawn around the cards).
"""
