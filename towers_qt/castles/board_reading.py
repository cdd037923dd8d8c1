"""Reading a position for display: who holds each castle and which are crowned (CASTLES-RULES.md §6).

Only the tops of the five castle towers are read; no move is generated or judged here.
"""
from __future__ import annotations

from towers_core.castles.notation import CASTLES


def crowned(square: str, tower: str) -> bool:
    """Whether a square's tower is a crowned castle: full, a player's piece on top."""
    return square in CASTLES and len(tower) == 5 and tower[-1] in "SN"


def castle_owner(pos: dict, castle: str) -> str | None:
    """The side whose piece tops `castle` (None while its neutral base is on top)."""
    top = pos["board"].get(castle, "X")[-1]
    return top if top in "SN" else None


def castle_counts(pos: dict) -> dict[str, dict[str, int]]:
    """For each side: castles controlled (crowned included) and castles crowned."""
    out = {s: {"castles": 0, "crowns": 0} for s in ("S", "N")}
    for c in CASTLES:
        owner = castle_owner(pos, c)
        if owner:
            out[owner]["castles"] += 1
            if crowned(c, pos["board"][c]):
                out[owner]["crowns"] += 1
    return out
