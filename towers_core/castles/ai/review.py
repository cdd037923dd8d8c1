"""The computer's opinion of a Castles position for a game's review: who is ahead, in castles (the
evaluation's unit: 100 to a castle), and the move it would play there.

A short search with a node budget and no clock, so a game always reviews the same way, on any
machine; the app only shows what this returns.
"""
from __future__ import annotations

from towers_core.castles import notation, position
from towers_core.castles.ai.search import Search
from towers_core.checks import whole_number
from towers_core.errors import BadLevel

CASTLE = 100  # evaluation units to a castle (evaluate.pxd's castle weight)
CEILING = 5.0  # a won game; every value is clamped inside ±CEILING castles
NODES = 30_000  # per position: a few milliseconds


def assess(pos: dict, nodes: int = NODES) -> dict:
    """{"value": Light's (S's) lead in castles, within ±CEILING (a finished game: ±CEILING for the
    winner, 0 for a draw), "best": the move the computer would play, None when there is none}.
    Raises BadPosition for a malformed position, BadLevel for a bad node count."""
    nodes = whole_number(nodes, "nodes", 1, 10_000_000, BadLevel)
    e = position.to_engine(pos)
    result = pos["result"]
    if result is not None or not e.legal():
        winner = result["winner"] if result is not None else ("N" if pos["to_move"] == "S" else "S")
        return {"value": 0.0 if winner is None else (CEILING if winner == "S" else -CEILING), "best": None}
    search = Search(16)
    search.set_position(e)
    search.configure(max_depth=6, node_limit=nodes)
    info = search.run()
    value = info["value"] / CASTLE * (1 if pos["to_move"] == "S" else -1)
    return {"value": max(-CEILING, min(CEILING, value)), "best": notation.format_action(info["move"])}
