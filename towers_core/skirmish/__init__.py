"""Skirmish: the Towers v1.3 card game (RULES.md). Engine, views, belief model and AI."""
