"""Towers desktop app (PySide6). Renders what `towers_core.skirmish.api` says; holds no rule logic."""
