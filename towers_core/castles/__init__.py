"""Castles: the stacking game of docs/rules/castles.md (engine, notation, positions, API, AI)."""
