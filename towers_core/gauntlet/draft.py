"""§11 armies: shape, the Draft budget, the scout report."""

from __future__ import annotations

import copy

from towers_core.errors import BadArmy, brief
from towers_core.gauntlet.plain import check_plain
from towers_core.gauntlet.units import (
    DRAFT_TYPES,
    DRAFT_UNITS,
    GOLD_BUDGET,
    PERKS,
    RESEARCH,
    SLOTS,
    STRUCTURES,
    TOME_BUDGET,
)

ENTRY_KEYS = {"in", "r", "p"}


def check_entry(code: str, e: object, where: str, allow_both: bool = False) -> None:
    """One slot entry: exact keys, a path of this slot, `r`/`p` only where `in`."""
    if not isinstance(e, dict) or set(e) != ENTRY_KEYS:
        raise BadArmy(f"{where}.{code}: must be an object with keys in, r, p")
    if not isinstance(e["in"], bool) or not isinstance(e["p"], bool):
        raise BadArmy(f"{where}.{code}: 'in' and 'p' must be true or false")
    r = e["r"]
    if r is not None and r not in RESEARCH[code] and not (allow_both and code == "Ki" and r == "both"):
        raise BadArmy(f"{where}.{code}.r: {brief(r)} is not a Research path of {code}")
    if not e["in"] and (r is not None or e["p"]):
        raise BadArmy(f"{where}.{code}: Research or perk on a slot that is not in")


def budget(entries: dict[str, dict], where: str, complete: bool) -> None:
    """Draft limits on the known slots: ≤ 5 unit types (exactly 5 when all known), Gold ≤ 100,
    Tomes ≤ 8, ≤ 2 structures researched."""
    units = [c for c in DRAFT_UNITS if c in entries and entries[c]["in"]]
    if len(units) > DRAFT_TYPES or (complete and len(units) != DRAFT_TYPES):
        raise BadArmy(f"{where}: exactly {DRAFT_TYPES} of the 7 unit types must be drafted, not {len(units)}")
    gold = sum(PERKS[c][1] for c, e in entries.items() if e["p"])
    if gold > GOLD_BUDGET:
        raise BadArmy(f"{where}: perks cost {gold} Gold, over the {GOLD_BUDGET} budget")
    researched = [c for c in STRUCTURES if c in entries and entries[c]["r"] is not None]
    tomes = sum(1 for c, e in entries.items() if e["r"] is not None and c not in STRUCTURES) + 2 * len(researched)
    if len(researched) > 2:
        raise BadArmy(f"{where}: at most 2 structures may be researched, not {len(researched)}")
    if tomes > TOME_BUDGET:
        raise BadArmy(f"{where}: Research costs {tomes} Tomes, over the {TOME_BUDGET} budget")


def check_shape(army: object, where: str = "army", allow_both: bool = False,
                allow_unknown: bool = False) -> dict[str, dict]:
    """Exactly the 12 slots; returns the known (non-`"?"`) entries."""
    if not isinstance(army, dict) or set(army) != set(SLOTS):
        raise BadArmy(f"{where}: must have exactly the 12 slots {' '.join(SLOTS)}")
    known = {}
    for code in SLOTS:
        e = army[code]
        if e == "?" and allow_unknown:
            continue
        check_entry(code, e, where, allow_both)
        known[code] = e
    return known


def check_draft_known(known: dict[str, dict], where: str) -> None:
    """Draft checks on the known slots: `Ki` and the four structures always in (§11), then the budget,
    with exactly 5 unit types required only when all 12 slots are known."""
    for code in ("Ki",) + tuple(STRUCTURES):
        if code in known and not known[code]["in"]:
            raise BadArmy(f"{where}.{code}: always in in Draft modes")
    budget(known, where, complete=len(known) == len(SLOTS))


def validate_army(army: object) -> dict:
    """A Draft army (§11): the King plus exactly 5 unit types, 100 Gold, 8 Tomes; plain JSON data."""
    known = check_shape(army)
    check_plain(army, "army", BadArmy, max_depth=2)
    check_draft_known(known, "army")
    return army  # type: ignore[return-value]


GOLD_REQUIRED = ("Ki", "Pa", "De", "Cp")   # §12.1: Gold starts the run with these, and a banner only grows


def gauntlet_required(side: str, sig: str) -> tuple[str, ...]:
    """The slots a Gauntlet army must hold (§12.1): the foe's signature type for Crimson, Gold's start."""
    return (sig,) if side == "C" else GOLD_REQUIRED


def check_gauntlet_army(army: object, where: str, required: tuple[str, ...],
                        allow_both: bool = False) -> dict[str, dict]:
    """A Gauntlet army (§12.1): exactly the 12 slots, each `required` slot in, at most 2 structures
    researched; no Draft budget. Returns the entries."""
    known = check_shape(army, where, allow_both=allow_both)
    for code in required:
        if not known[code]["in"]:
            raise BadArmy(f"{where}.{code}: must be in")
    researched = [c for c in STRUCTURES if known[c]["r"] is not None]
    if len(researched) > 2:
        raise BadArmy(f"{where}: at most 2 structures may be researched, not {len(researched)}")
    return known


def scout(army: object, slot: object) -> dict:
    """The scout report: a copy of that slot's entry (drafted or not, Research, perk)."""
    validate_army(army)
    if not isinstance(slot, str) or slot not in ("Ki",) + DRAFT_UNITS:
        raise BadArmy(f"scout slot: {brief(slot)} is not Ki or one of the 7 unit codes")
    return copy.deepcopy(army[slot])  # type: ignore[index]
