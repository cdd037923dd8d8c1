"""One copy of every §2 table: units, structures, Research paths, Armory perks, slot order."""

from __future__ import annotations

from typing import NamedTuple


class Unit(NamedTuple):
    """A unit type's printed stats (§2.1): HP, Attack, Armor, Speed and Supply cost."""
    hp: int
    atk: int
    arm: int
    spd: int
    supply: int  # 0 for the King (free)


UNITS: dict[str, Unit] = {
    "Ki": Unit(20, 2, 1, 1, 0),
    "Pa": Unit(2, 1, 0, 1, 1),
    "Kn": Unit(4, 2, 1, 1, 2),
    "Ro": Unit(3, 2, 0, 1, 2),
    "Bi": Unit(3, 1, 0, 1, 3),
    "Ma": Unit(3, 3, 0, 1, 3),
    "Rk": Unit(5, 2, 1, 2, 4),
    "Qu": Unit(7, 3, 0, 3, 5),
}
UNIT_CODES = tuple(UNITS)                      # Ki Pa Kn Ro Bi Ma Rk Qu
DRAFT_UNITS = UNIT_CODES[1:]                   # the seven draftable types
STRUCTURES: dict[str, int] = {"De": 5, "Cp": 8, "Wt": 5, "Bk": 8}   # printed HP (= max)
LIMITS: dict[str, int] = {"De": 4, "Wt": 2, "Bk": 2}                 # Cp: no limit
SITE_HP = 2
SLOTS = UNIT_CODES + tuple(STRUCTURES)         # the §11 army slot order

# Research: unit types have two paths (1 Tome), structures one (2 Tomes)
RESEARCH: dict[str, tuple[str, ...]] = {
    "Ki": ("banner", "summons"), "Pa": ("detonate", "fury"), "Kn": ("extra", "flame"),
    "Ro": ("hide", "step"), "Bi": ("reach", "panacea"), "Ma": ("empower", "hex"),
    "Rk": ("bastion", "gears"), "Qu": ("chain", "fireball"),
    "De": ("quick",), "Cp": ("medical",), "Wt": ("bolts",), "Bk": ("magnetic",),
}
# Armory perk per slot: (name, Gold)
PERKS: dict[str, tuple[str, int]] = {
    "Ki": ("guard", 30), "Pa": ("jacks", 10), "Kn": ("barding", 20), "Ro": ("boots", 20),
    "Bi": ("relics", 20), "Ma": ("focus", 20), "Rk": ("hull", 20), "Qu": ("mirror", 30),
    "De": ("rations", 30), "Cp": ("stone", 30), "Wt": ("lens", 30), "Bk": ("garrison", 30),
}
PERK_HP = {"Ki": 4, "Pa": 1, "Kn": 2}          # max HP perks
PERK_ARMOR = {"Rk": 1, "Qu": 1}                # hull, mirror
BASE_RANGE = {"Bi": 3, "Ma": 3, "Rk": 5, "Qu": 6}
RANGED_AURA = ("Ro", "Bi", "Ma", "Rk", "Qu")   # Watchtower +2 Range aura takers

GOLD_BUDGET = 100
TOME_BUDGET = 8
DRAFT_TYPES = 5
SUPPLY_CAP = 20

# Engine bounds (no rule sets them): far past any Battle, within the C engine's ints. Counters an
# action raises (Supply, spoils, a Burn/Poison tick, AP) stop at their cap; `end` is not listed on
# the last turn a position may hold, so every position the engines write loads again.
COUNT_MAX = 10 ** 9    # turn, Supply, spoils, a Burn/Poison tick
AP_MAX = 999


def capped(n: int, cap: int = COUNT_MAX) -> int:
    """A raised counter, stopped at its cap."""
    return n if n < cap else cap
