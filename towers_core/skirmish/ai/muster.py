"""The AI's own muster (RULES §3): a style chosen by level and seed, never a random pile.

Each style is a full 100-troop (or deliberately thinner, for 'loose') plan: heavy hitters for the
high ground, Squires and Archers to lift them, Spearmen to hold, a Scout to unmask threats.
"""

from __future__ import annotations

import random

from towers_core.skirmish.position import random_muster, validate_muster

STYLES: dict[str, tuple[str, ...]] = {
    # 24+16+20+8+10+18+4 = 100
    "balanced": ("Sh", "Cl", "Kn", "Kn", "Sq", "Sq", "Ar", "Ar", "Sp", "Sp", "Sp", "Sc"),
    # 24+30+12+8+12+10+4 = 100
    "knights": ("Sh", "Kn", "Kn", "Kn", "La", "Sq", "Sq", "Sp", "Sp", "Ar", "Ar", "Sc"),
    # 24+16+30+12+8+6+4 = 100: the Captainlord's Command for the Knights instead of an Archer pair
    "command": ("Sh", "Cl", "Kn", "Kn", "Kn", "La", "Sq", "Sq", "Sp", "Sc"),
    # 24+30+24+8+6+4 = 96: both Lancers, fast to the high ground
    "lancers": ("Sh", "Kn", "Kn", "Kn", "La", "La", "Sq", "Sq", "Sp", "Sc"),
    # 24+30+24+8+10+4 = 100: both Lancers, and Archers for the Spearman
    "lancers_archers": ("Sh", "Kn", "Kn", "Kn", "La", "La", "Sq", "Sq", "Ar", "Ar", "Sc"),
    # 16+30+24+8+12+5+4 = 99: no Shardbearer; Command, every Knight and Lancer, more bodies
    "captain": ("Cl", "Kn", "Kn", "Kn", "La", "La", "Sq", "Sq", "Sp", "Sp", "Ar", "Sc"),
    # 16+20+24+15+8+8 = 91: many bodies for the high ground
    "swarm": ("Cl", "Kn", "Kn", "Sp", "Sp", "Sp", "Sp", "Ar", "Ar", "Ar", "Sq", "Sq", "Sc", "Sc"),
    # the gentle level's plan: no Shardbearer, no Captainlord, budget left unspent (74)
    "loose": ("Kn", "Kn", "La", "Sp", "Sp", "Ar", "Ar", "Sc", "Sq", "So"),
}


def draw(styles: tuple[str, ...], family: str, seed: int) -> list[str]:
    """The muster (King included, sorted) of one of `styles`, drawn by seed under the level's family
    name: a level varied for a match ('expert,approach:1') draws like its base level, so an A/B match
    compares the change and not two musters."""
    rng = random.Random(f"muster:{family}:{seed}")
    style = rng.choice(styles)
    if style == "random":
        return random_muster(rng)
    return validate_muster(list(STYLES[style]))
