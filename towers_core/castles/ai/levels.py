"""Difficulty levels of the Castles AI: node budgets (not the clock) define them.

The same position, level and seed give the same move on any machine; `time_ms` is only a safety
cap, on the whole move (search_thread.clock_left). Test modes `depth:N` and `nodes:N` are bounded and checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from towers_core.errors import BadLevel

MAX_TEST_DEPTH = 40
MAX_TEST_NODES = 50_000_000


@dataclass(frozen=True)
class Level:
    """One Castles AI level: how deep and how many nodes it searches, its clock cap and noise."""
    name: str
    max_depth: int   # plies of the main search
    nodes: int       # node budget per move, 0 = none
    time_ms: int     # safety cap on the clock, 0 = none
    noise: int       # seeded leaf noise, in evaluation units (100 = a castle)
    quiescence: bool = True  # extend leaves by castle-taking pushes


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 3, 5_000, 1000, 25),
    "normal": Level("normal", 40, 60_000, 1000, 0),
    "hard": Level("hard", 40, 400_000, 2500, 0),
    "expert": Level("expert", 40, 2_000_000, 5000, 0),
    # baselines: one ply (no quiescence) with tie-breaking noise, and uniform random (player.py)
    "greedy": Level("greedy", 1, 0, 1000, 1, False),
    "random": Level("random", 0, 0, 0, 0),
}


def get_level(name: object) -> Level:
    """A named level, or a reproducible test mode 'depth:N' (1..40) or 'nodes:N' (1..5e7)."""
    if not isinstance(name, str):
        raise BadLevel(f"level must be a string, not {type(name).__name__}")
    if name in LEVELS:
        return LEVELS[name]
    kind, _, value = name.partition(":")
    if kind not in ("depth", "nodes") or not (value.isascii() and value.isdigit()) or len(value) > 9:
        raise BadLevel(f"unknown level {name[:40]!r}: use {', '.join(LEVELS)}, 'depth:N' or 'nodes:N'")
    n = int(value)
    if kind == "depth":
        if not 1 <= n <= MAX_TEST_DEPTH:
            raise BadLevel(f"level {name!r}: depth must be 1..{MAX_TEST_DEPTH}")
        return Level(name, n, 0, 0, 0)
    if not 1 <= n <= MAX_TEST_NODES:
        raise BadLevel(f"level {name!r}: nodes must be 1..{MAX_TEST_NODES}")
    return Level(name, MAX_TEST_DEPTH, n, 0, 0)

