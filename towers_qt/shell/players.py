"""Who plays a side, in every game: a human or the computer at a level, and their name."""
from __future__ import annotations

from dataclasses import dataclass

from towers_core.board import OTHER


@dataclass
class Player:
    """Who plays a side: a human or the computer at a level, and the name shown."""
    kind: str = "human"  # "human" | "ai"
    name: str = ""
    level: str = "normal"  # one of settings.LEVELS (or a core test level), passed to the game's AI

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"


def other(player: str) -> str:
    """The opponent of `player` ("S" or "N")."""
    return OTHER[player]

