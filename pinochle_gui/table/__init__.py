"""The card table: the scene where a game is played, and its parts.

:mod:`.scene` (the table scene), :mod:`.seats` (human and computer seats), :mod:`.director`
(engine events to animations), :mod:`.panels` (the player's decisions), :mod:`.meld_view`,
:mod:`.scorepad`, :mod:`.summary` and :mod:`.hud` (what is drawn around the cards).
"""
