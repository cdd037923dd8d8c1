"""§12.3 the eleven foes (one copy) and §17.3 their sealed loadouts as 12-slot armies."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from towers_core.errors import TowersError, brief
from towers_core.gauntlet.rng import SplitMix64, label_seed
from towers_core.gauntlet.units import PERKS, RESEARCH, SLOTS


class Foe(NamedTuple):
    """One Royal of the campaign (§12.3): its signature unit, HP, gold, Research tier and army."""
    id: str
    sig: str
    hp: int
    gold: int
    tier: int                 # structure Researches drawn: 0 / 1 / 2
    units: tuple[str, ...]
    structures: tuple[str, ...]


_ALL4 = ("De", "Cp", "Wt", "Bk")
FOES: dict[str, Foe] = {f.id: f for f in (
    Foe("pawnlord", "Pa", 20, 10, 0, ("Pa",), ("De", "Cp")),
    Foe("steel-prince", "Kn", 24, 40, 1, ("Pa", "Kn"), ("De", "Cp", "Bk")),
    Foe("shadow-princess", "Ro", 22, 40, 1, ("Pa", "Ro", "Kn"), ("De", "Cp")),
    Foe("pale-abbess", "Bi", 24, 50, 1, ("Pa", "Bi", "Kn"), ("De", "Cp", "Wt")),
    Foe("storm-magus", "Ma", 22, 50, 1, ("Pa", "Ma", "Ro"), ("De", "Cp", "Wt")),
    Foe("iron-castellan", "Rk", 26, 60, 1, ("Pa", "Rk", "Bi"), ("De", "Cp", "Bk")),
    Foe("frost-queen", "Qu", 26, 70, 1, ("Pa", "Qu", "Ma", "Kn"), ("De", "Cp", "Wt")),
    Foe("nameless-blade", "Ro", 28, 100, 2, ("Pa", "Ro", "Kn", "Ma", "Bi"), _ALL4),
    Foe("lord-of-ramparts", "Rk", 30, 130, 2, ("Pa", "Rk", "Kn", "Bi", "Ma"), _ALL4),
    Foe("mirror-queen", "Qu", 32, 160, 2, ("Pa", "Qu", "Ro", "Bi", "Rk"), _ALL4),
    Foe("dead-king", "Ki", 36, 200, 2, ("Pa", "Kn", "Ro", "Bi", "Ma", "Rk", "Qu"), _ALL4),
)}


def slot_sorted(codes: Iterable[str]) -> list[str]:
    """The codes once each, in the order of SLOTS (the order an army is listed in)."""
    return sorted(set(codes), key=SLOTS.index)


def get_foe(foe_id: object) -> Foe:
    """The foe with this id (§12.3); TowersError for an unknown id."""
    if not isinstance(foe_id, str) or foe_id not in FOES:
        raise TowersError(f"foe: unknown foe id {brief(foe_id)}")
    return FOES[foe_id]


MAX_ECHO = 300   # an echo's Royal (+3 HP each) stays within a unit's 999 max HP (rules decision 19)


def check_echo(echo: object, field: str = "echo", error: type[TowersError] = TowersError) -> int:
    """An Endless echo number, 0 (the foe itself) to MAX_ECHO; else `error` naming `field`."""
    if not isinstance(echo, int) or isinstance(echo, bool) or not 0 <= echo <= MAX_ECHO:
        raise error(f"{field}: must be a whole number from 0 to {MAX_ECHO}, not {brief(echo)}")
    return echo


def foe_army(run_seed: int, foe_id: str, echo: int = 0) -> dict:
    """The foe's sealed army (§12.1, §17.3): drawn unit paths, structure Research, bought perks."""
    foe = get_foe(foe_id)
    if not isinstance(run_seed, int) or isinstance(run_seed, bool) or run_seed < 0 or run_seed >> 64:
        raise TowersError(f"run_seed: must be a 64-bit whole number, not {brief(run_seed)}")
    check_echo(echo)
    label = foe_id if echo == 0 else f"echo-{echo}"
    rng = SplitMix64(label_seed("loadout|" + label, run_seed))
    army = {s: {"in": False, "r": None, "p": False} for s in SLOTS}
    for s in slot_sorted((foe.sig,) + foe.units + foe.structures):
        army[s]["in"] = True
    for u in slot_sorted(foe.units):                       # (1) one drawn path per roster type
        army[u]["r"] = RESEARCH[u][rng.draw(2)]
    structs = rng.shuffle(slot_sorted(foe.structures))      # (2) always shuffled
    for s in structs[:foe.tier]:
        army[s]["r"] = RESEARCH[s][0]
    perks = rng.shuffle(slot_sorted((foe.sig,) + foe.units + foe.structures))   # (3)
    gold = foe.gold + 30 * echo
    for s in perks:
        price = PERKS[s][1]
        if price <= gold:
            army[s]["p"] = True
            gold -= price
    return army
