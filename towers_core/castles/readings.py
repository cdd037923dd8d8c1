"""What a position says about the castles (docs/rules/castles.md §6): who holds each, which are crowned,
and the counts per side that the end checks and the app's HUD read.

The engine decides the same facts in C while it plays; this is their one Python reading, so the app
never looks at the tops of towers itself.
"""
from __future__ import annotations

from towers_core.castles.notation import CASTLES, PLAYERS

FULL = 5  # §1: a tower holds at most five pieces


def holder(tower: str) -> str | None:
    """§6: the side whose piece tops the tower (None for an empty square or a castle's bare X)."""
    return tower[-1] if tower and tower[-1] in PLAYERS else None


def is_crowned(square: str, tower: str) -> bool:
    """§6 and fine point 4: a castle, full, with a player's piece on top (a full tower elsewhere is not)."""
    return square in CASTLES and len(tower) == FULL and holder(tower) is not None


def board_readings(board: dict[str, str]) -> dict:
    """The readings of a checked §8 board (see `api.readings`)."""
    holders = {c: holder(board.get(c, "")) for c in CASTLES}
    crowned = [c for c in CASTLES if is_crowned(c, board.get(c, ""))]
    return {
        "holders": holders,
        "crowned": crowned,
        "castles": {p: sum(1 for c in CASTLES if holders[c] == p) for p in PLAYERS},
        "crowns": {p: sum(1 for c in crowned if holders[c] == p) for p in PLAYERS},
    }
