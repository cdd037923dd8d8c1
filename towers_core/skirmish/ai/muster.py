"""The AI's own muster (RULES §3): a style chosen by level and seed, never a random pile.

Each style is a full 100-troop (or deliberately thinner, for 'loose') plan: heavy hitters for the
high ground, Squires and Archers to lift them, Spearmen to hold, a Scout to unmask threats.
"""

from __future__ import annotations

import random

from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.position import random_muster, validate_muster

STYLES: dict[str, tuple[str, ...]] = {
    # 24+16+20+8+10+18+4 = 100
    "balanced": ("Sh", "Cl", "Kn", "Kn", "Sq", "Sq", "Ar", "Ar", "Sp", "Sp", "Sp", "Sc"),
    # 24+30+12+8+12+10+4 = 100
    "knights": ("Sh", "Kn", "Kn", "Kn", "La", "Sq", "Sq", "Sp", "Sp", "Ar", "Ar", "Sc"),
    # 16+20+24+15+8+8 = 91: many bodies for the high ground
    "swarm": ("Cl", "Kn", "Kn", "Sp", "Sp", "Sp", "Sp", "Ar", "Ar", "Ar", "Sq", "Sq", "Sc", "Sc"),
    # the gentle level's plan: no Shardbearer, no Captainlord, budget left unspent (74)
    "loose": ("Kn", "Kn", "La", "Sp", "Sp", "Ar", "Ar", "Sc", "Sq", "So"),
}


def choose_muster(level: str, seed: int) -> list[str]:
    """The muster (King included, sorted) the level fields with this seed. A level varied for a match
    ('expert,approach:1') draws the same styles as its base level, so the two play the same musters."""
    styles = get_level(level).styles
    rng = random.Random(f"muster:{level.split(',')[0]}:{seed}")
    style = rng.choice(styles)
    if style == "random":
        return random_muster(rng)
    return validate_muster(list(STYLES[style]))
