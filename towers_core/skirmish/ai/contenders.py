"""Every player a match can field, by name: the levels (player.py) and the IS-MCTS yardstick."""

from __future__ import annotations

from towers_core.skirmish.ai import player, yardstick
from towers_core.skirmish.ai.levels import get_level


def check(name: str) -> None:
    """Raise BadLevel for a name no player answers to (before a long match starts)."""
    if yardstick.parse(name) is None:
        get_level(name)


def choose_action(view: dict, history: list[dict], name: str, seed: int) -> str:
    """The named player's action for the mover's view."""
    spec = yardstick.parse(name)
    if spec is not None:
        return yardstick.choose_action(view, history, spec, seed)
    return player.choose_action(view, history, name, seed)


def choose_muster(name: str, seed: int) -> list[str]:
    """The named player's muster for this seed."""
    if yardstick.parse(name) is not None:
        return yardstick.choose_muster(seed)
    return player.choose_muster(name, seed)
