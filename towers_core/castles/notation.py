"""Square names and action strings (docs/rules/castles.md §7) <-> the engine's integers.

A square is rank * 7 + file (a1 = 0, g7 = 48); an action is square * 5 + kind, kind 0 = build
(`c2+`), 1-4 = push n, e, s, w (`c2n` ...). `resign` has no integer: the API handles it.
"""

from __future__ import annotations

from towers_core.board import PLAYERS, SQUARE_INDEX, SQUARES  # noqa: F401  (PLAYERS: the castles API's)
from towers_core.errors import IllegalAction

__all__ = ["CASTLES", "DIRECTIONS", "KINDS", "PLAYERS", "SQUARES", "SQUARE_INDEX", "format_action",
           "parse_action"]
CASTLES = ("a4", "d1", "d4", "d7", "g4")
KINDS = "+nesw"
DIRECTIONS = "nesw"
RESIGN = "resign"  # the one action that is no move: a player gives up


def format_action(mv: int) -> str:
    """The action string of an engine move."""
    return SQUARES[mv // 5] + KINDS[mv % 5]


def parse_action(action: object) -> int:
    """The engine move of an action string (not `resign`); IllegalAction when malformed."""
    if not isinstance(action, str):
        raise IllegalAction(f"action must be a string, not {type(action).__name__}")
    if len(action) != 3 or action[:2] not in SQUARE_INDEX or action[2] not in KINDS:
        raise IllegalAction(f"action {action[:40]!r} is not a build 'c2+' or a push 'c2n' (n, e, s, w)")
    return SQUARE_INDEX[action[:2]] * 5 + KINDS.index(action[2])

