"""The computer's opinion of each position of a finished game, from South's side.

A short search of the core's own AI (`towers_core.skirmish.ai.search.Search`, read-only use) on the
full position: the game is over, so both sides' cards may be known. Values are in the evaluation's
units (about one per Spearman); a finished game scores ±WIN for the winner."""
from __future__ import annotations

from towers_core.skirmish.ai.search import Search

from towers_core.skirmish import position as core_position

WIN = 60.0  # the graph's ceiling: a won position, and every evaluation is clamped inside it
NODES = 3000  # per position: a few milliseconds, enough to see a capture coming


def evaluate(pos: dict, nodes: int = NODES) -> float:
    """The position's value for South (positive: South ahead)."""
    result = pos.get("result")
    if result is not None:
        winner = result.get("winner")
        return 0.0 if winner is None else (WIN if winner == "S" else -WIN)
    search = Search(14)
    search.set_worlds([core_position.to_engine(pos)])
    search.configure(max_depth=4, node_limit=nodes)
    value = float(search.run()["value"])
    value = value if pos["to_move"] == "S" else -value
    return max(-WIN, min(WIN, value))


def evaluate_game(positions: list[dict], start: dict | None = None) -> list[float]:
    """South's value after each action (and before the first, when `start` is given)."""
    return [evaluate(p) for p in ([start] if start else []) + positions]
