"""The games of the app: the one registry. The shell names no game; it asks here.

Each key is a package `towers_qt/<key>/` whose `game.py` holds `GAME` (a shell.game.GameKind),
imported on first use: the registry needs no game, so the shell can import it and the games can
import the shell. The order is the chooser's; the first game is the default, and the game of
saves and settings written before the app had a choice of games.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from towers_qt.shell.game import GameKind

KEYS: tuple[str, ...] = ("skirmish", "castles", "gauntlet")
DEFAULT: str = KEYS[0]


def game_kind(key: str) -> GameKind:
    """The game called `key`; KeyError for a game the app does not have."""
    if key not in KEYS:
        raise KeyError(key)
    return import_module(f"towers_qt.{key}.game").GAME


def kinds() -> list[GameKind]:
    """Every game, in the registry's order."""
    return [game_kind(key) for key in KEYS]


def named(keys: tuple[str, ...] = KEYS) -> str:
    """The keys quoted and joined for a message: '"skirmish" or "castles"'."""
    quoted = [f'"{key}"' for key in keys]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else "".join(quoted)
