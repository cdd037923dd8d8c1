"""Difficulty levels: how many worlds, how deep, how many nodes, how much deliberate noise.

Levels are defined by node budgets, not clock time, so the same inputs and seed give the same move
on any machine; `time_ms` is only a safety cap (or, when a caller passes it, the budget itself).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Level:
    name: str
    worlds: int          # determinizations of the opponent's hidden cards searched together
    max_depth: int       # plies (decision nodes); chance nodes are free
    nodes: int           # node budget per move, 0 = none
    time_ms: int         # safety cap on the clock
    noise: float         # leaf-noise amplitude, in Spearman units (0 = none)
    styles: tuple[str, ...]  # muster styles the level picks from (muster.py)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 2, 1, 0, 500, 4.0, ("loose", "swarm")),
    "normal": Level("normal", 4, 3, 50_000, 1000, 1.0, ("balanced", "swarm", "knights")),
    "hard": Level("hard", 6, 6, 300_000, 2500, 0.3, ("balanced", "knights")),
    "expert": Level("expert", 8, 10, 1_200_000, 5000, 0.0, ("balanced", "knights")),
    # baselines for matches: one ply, one world, no noise; and uniform random (player.py)
    "greedy": Level("greedy", 1, 1, 0, 1000, 0.0, ("balanced",)),
    "random": Level("random", 1, 0, 0, 0, 0.0, ("random",)),
}


def get_level(name: str) -> Level:
    """A named level, or a reproducible test mode: 'depth:N' (fixed depth) or 'nodes:N'.

    Test modes take an optional world count after a comma, e.g. 'depth:2,worlds:3'.
    """
    if name in LEVELS:
        return LEVELS[name]
    parts = dict(p.split(":", 1) for p in name.split(",") if ":" in p)
    if not parts or not set(parts) <= {"depth", "nodes", "worlds", "noise"}:
        raise ValueError(f"unknown level {name!r}: use {', '.join(LEVELS)}, 'depth:N' or 'nodes:N'")
    base = Level(name, int(parts.get("worlds", 2)), int(parts.get("depth", 64)),
                 int(parts.get("nodes", 0)), 0, float(parts.get("noise", 0.0)), ("balanced",))
    if "depth" not in parts and "nodes" not in parts:
        raise ValueError(f"level {name!r} needs depth:N or nodes:N")
    return replace(base, max_depth=min(base.max_depth, 40))
