"""The AI that plays one side of an online Battle headless: the Gauntlet AI of
`towers_core.gauntlet.api` (`choose_army`, `choose_scout`, `choose_action`) at a level of its own
(`random` and `greedy` included)."""

from __future__ import annotations

from towers_core.errors import BadLevel, TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet.ai.levels import get_level


class Player:
    """One side's AI at `level`."""

    def __init__(self, level: str) -> None:
        try:
            get_level(level)
        except TowersError as e:
            raise BadLevel(f"--ai: {e}") from None
        self.level = level

    def army(self, side: str, seed: int, scout_report: dict | None) -> dict:
        return api.choose_army(self.level, seed, side, scout_report)

    def scout(self, seed: int, crimson_slots: dict) -> str:
        return api.choose_scout(self.level, seed, crimson_slots)

    def action(self, own_view: dict, history: list, seed: int) -> str:
        return api.choose_action(own_view, history, self.level, seed)
