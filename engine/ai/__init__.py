"""The computer players and the search they stand on (pure Python, no display)."""
