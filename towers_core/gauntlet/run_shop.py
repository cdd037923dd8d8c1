"""§12.1 the shop before a Battle: Armory perks for Gold, Research for Tomes.

Purchases are permanent: each perk once, only for a slot in your banner; Research one path
forever, 1 Tome a unit type, 2 Tomes a structure, at most 2 structures ever. Functions take the
banner and the purse and return new ones; nothing is mutated."""

from __future__ import annotations

import copy

from towers_core.errors import BadRun, brief
from towers_core.gauntlet.units import PERKS, RESEARCH, SLOTS, STRUCTURES

MAX_STRUCTURE_RESEARCH = 2


def research_price(slot: str) -> int:
    """Tomes for a slot's Research: 2 for a structure, 1 for a unit type."""
    return 2 if slot in STRUCTURES else 1


def structures_researched(banner: dict) -> int:
    """How many structure types of the banner hold their Research."""
    return sum(1 for s in STRUCTURES if banner[s]["r"] is not None)


def perk_offers(banner: dict, gold: int) -> list[dict]:
    """Every perk still for sale on a banner slot, slot order: slot, perk, price, affordable."""
    return [{"slot": s, "perk": PERKS[s][0], "price": PERKS[s][1], "affordable": PERKS[s][1] <= gold}
            for s in SLOTS if banner[s]["in"] and not banner[s]["p"]]


def research_offers(banner: dict, tomes: int) -> list[dict]:
    """Every Research still open on a banner slot, slot order: slot, paths, price, affordable
    (a structure only while fewer than 2 are researched)."""
    room = structures_researched(banner) < MAX_STRUCTURE_RESEARCH
    return [{"slot": s, "paths": list(RESEARCH[s]), "price": research_price(s),
             "affordable": research_price(s) <= tomes}
            for s in SLOTS if banner[s]["in"] and banner[s]["r"] is None and (room or s not in STRUCTURES)]


def _slot(banner: dict, slot: object) -> str:
    if not isinstance(slot, str) or slot not in SLOTS:
        raise BadRun(f"slot: {brief(slot)} is not one of {' '.join(SLOTS)}")
    if not banner[slot]["in"]:
        raise BadRun(f"slot: {slot} is not in your banner")
    return slot


def buy_perk(banner: dict, gold: int, slot: object) -> tuple[dict, int]:
    """The banner with the slot's perk and the Gold left; BadRun naming the field if it cannot be bought."""
    s = _slot(banner, slot)
    name, price = PERKS[s]
    if banner[s]["p"]:
        raise BadRun(f"slot: {s} already has its perk {name}")
    if price > gold:
        raise BadRun(f"gold: {name} costs {price} Gold, you hold {gold}")
    new = copy.deepcopy(banner)
    new[s]["p"] = True
    return new, gold - price


def buy_research(banner: dict, tomes: int, slot: object, path: object) -> tuple[dict, int]:
    """The banner with the slot's Research and the Tomes left; BadRun naming the field if refused."""
    s = _slot(banner, slot)
    if banner[s]["r"] is not None:
        raise BadRun(f"slot: {s} already follows {banner[s]['r']}, one path forever")
    if path not in RESEARCH[s]:
        raise BadRun(f"path: {brief(path)} is not a Research of {s} ({', '.join(RESEARCH[s])})")
    if s in STRUCTURES and structures_researched(banner) >= MAX_STRUCTURE_RESEARCH:
        raise BadRun(f"slot: at most {MAX_STRUCTURE_RESEARCH} structures may ever be researched")
    price = research_price(s)
    if price > tomes:
        raise BadRun(f"tomes: {s} Research costs {price} Tomes, you hold {tomes}")
    new = copy.deepcopy(banner)
    new[s]["r"] = path
    return new, tomes - price
