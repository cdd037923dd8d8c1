"""Towers desktop app (PySide6): each game renders what its core api says; the app holds no rule logic."""
