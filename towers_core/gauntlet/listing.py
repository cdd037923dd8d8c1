"""The mover's listed actions (§9): one function the api and the AI share, so the AI need not
import the api that calls it."""

from __future__ import annotations

from towers_core.gauntlet import gen
from towers_core.gauntlet.cengine import Engine, Unsupported
from towers_core.gauntlet.position import raw_view


def legal_actions(pos: dict) -> list[str]:
    """Every listed action of the mover, on the mover's own view (§9), sorted: the C engine,
    or the Python reference for a position the C tables cannot hold."""
    try:
        return Engine(pos).legal_actions()
    except Unsupported:
        return gen.all_actions(raw_view(pos, pos["to_move"]))
