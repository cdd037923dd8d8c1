"""Skirmish: the Towers v1.3 card game (docs/rules/skirmish.md). Engine, views, belief model and AI."""
