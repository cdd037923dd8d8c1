"""The AI that plays one side of an online Battle headless. It calls the Gauntlet AI of
`towers_core.gauntlet.api` (`choose_army`, `choose_scout`, `choose_action`) where the API has it,
else a uniform random policy of the same call shapes, so the real one swaps in unchanged."""

from __future__ import annotations

import random

from towers_core.errors import BadLevel, brief
from towers_core.gauntlet import api
from towers_core.gauntlet.randomplay import random_army
from towers_core.gauntlet.units import DRAFT_UNITS

FALLBACK_LEVELS = ("random", "greedy", "easy", "normal", "hard", "expert")


def random_choose_army(level: str, seed: int, side: str, scout_report: dict | None = None) -> dict:
    """A random legal Draft army (§11)."""
    return random_army(random.Random(f"{seed}|{side}"))


def random_choose_scout(level: str, seed: int, crimson_view: dict) -> str:
    """Any Crimson slot Gold may scout."""
    return random.Random(seed).choice(("Ki",) + DRAFT_UNITS)


def random_choose_action(own_view: dict, history: list, level: str, seed: int, time_ms: int | None = None) -> str:
    """A random listed action, never one refused earlier this turn (§9), `end` less often."""
    refused = {e["a"] for e in history if e.get("refused") and e["turn"] == own_view["turn"]}
    actions = [a for a in api.legal_actions(own_view) if a not in refused] or ["end"]
    rng = random.Random(f"{seed}|{len(history)}")
    if len(actions) > 1 and rng.random() < 0.85:
        actions = [a for a in actions if a != "end"] or actions
    return rng.choice(actions)


class Player:
    """One side's AI at `level`; `real` tells whether the Gauntlet AI (not the fallback) plays."""

    def __init__(self, level: str) -> None:
        self.real = hasattr(api, "choose_action") and level != "random"
        if self.real:
            from towers_core.gauntlet.ai.levels import get_level
            get_level(level)
        elif not isinstance(level, str) or level not in FALLBACK_LEVELS:
            raise BadLevel(f"--ai: {brief(level)} is not one of {', '.join(FALLBACK_LEVELS)}")
        self.level = level
        self._army = getattr(api, "choose_army", random_choose_army) if self.real else random_choose_army
        self._scout = getattr(api, "choose_scout", random_choose_scout) if self.real else random_choose_scout
        self._action = api.choose_action if self.real else random_choose_action  # type: ignore[attr-defined]

    def army(self, side: str, seed: int, scout_report: dict | None) -> dict:
        return self._army(self.level, seed, side, scout_report)

    def scout(self, seed: int, crimson_slots: dict) -> str:
        return self._scout(self.level, seed, crimson_slots)

    def action(self, own_view: dict, history: list, seed: int) -> str:
        return self._action(own_view, history, self.level, seed)
