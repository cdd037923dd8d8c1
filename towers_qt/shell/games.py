"""The games of the app, in the chooser's order; each is towers_qt/<key>/game.py's `GAME`."""
from __future__ import annotations

from importlib import import_module

from towers_qt.shell.game import GameKind

KEYS: tuple[str, ...] = ("skirmish", "castles")


def game_kind(key: str) -> GameKind:
    """The game called `key`; KeyError for a game the app does not have."""
    if key not in KEYS:
        raise KeyError(key)
    return import_module(f"towers_qt.{key}.game").GAME
