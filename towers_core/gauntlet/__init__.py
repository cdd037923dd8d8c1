"""Gauntlet of Crowns (docs/rules/gauntlet.md): a pure-Python reference engine on position dicts."""
