"""Gauntlet of Crowns (GAUNTLET-RULES.md): a pure-Python reference engine on position dicts."""
