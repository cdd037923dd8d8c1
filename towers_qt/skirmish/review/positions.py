"""The whole game's positions, rebuilt from the two players' recorded views.

Each player's history holds their own view after every action (`histories[p][i]["view"]`): their own
cards in full, the enemy's as far as they could see. Joined, the two views are the full position, so
a review needs nothing the save does not already hold (and works on saved games)."""
from __future__ import annotations

from towers_core.board import PLAYERS


def joined(view_s: dict, view_n: dict) -> dict:
    """The full position from South's and North's views of the same moment."""
    views = {"S": view_s, "N": view_n}
    full = dict(view_s)
    full["board"] = {sq: dict(views[cell["owner"]]["board"][sq]) for sq, cell in view_s["board"].items()}
    for field in ("barrack", "resting"):
        full[field] = {p: list(views[p][field][p]) for p in PLAYERS}
    return full


def game_positions(histories: dict[str, list[dict]]) -> list[dict]:
    """The full position after each action of the game."""
    count = min(len(histories["S"]), len(histories["N"]))
    return [joined(histories["S"][i]["view"], histories["N"][i]["view"]) for i in range(count)]
