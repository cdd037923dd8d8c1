"""Castles: the stacking game of CASTLES-RULES.md (engine, notation, positions, API, AI)."""
