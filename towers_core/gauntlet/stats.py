"""Derived values (§5.3): Research, perks, tricks, effective Attack/Armor/Range/Speed, auras,
visibility and Magnetic Field, all read from a position dict."""

from __future__ import annotations

from towers_core.gauntlet.board import NEIGHBOURS, XY, dist, home_rank, other
from towers_core.gauntlet.units import (
    BASE_RANGE,
    PERK_ARMOR,
    RANGED_AURA,
    RESEARCH,
    UNITS,
)

EMPTY_SLOT = {"in": False, "r": None, "p": False}
FX_ORDER = ("fortify", "inspire", "fury", "empower", "hex")


def slot(pos: dict, side: str, code: str) -> dict:
    """An army slot; a `"?"` slot reads as not in, no Research, no perk (§21.24)."""
    e = pos["armies"][side].get(code)
    return e if isinstance(e, dict) else EMPTY_SLOT


def is_unit(p: dict) -> bool:
    """True for a unit (King, Royal or unit type): only units carry `royal`; structures and sites do not."""
    return "royal" in p


def foe_royal(pos: dict, p: dict) -> bool:
    """True for a side's Royal that is a foe's, not a King (§12.3); the Dead King is one."""
    return bool(p.get("royal")) and pos["royals"][p["side"]]["id"] != "king"


def trick(pos: dict, p: dict, foe_id: str) -> bool:
    """The Royal's own trick (§12.3): it belongs to the Royal piece alone."""
    return bool(p.get("royal")) and pos["royals"][p["side"]]["id"] == foe_id


def has_research(pos: dict, p: dict, path: str) -> bool:
    """Unit Research: a foe Royal holds both paths of its type; `Ki.r` may be `both` (tools)."""
    typ = p["type"]
    if path not in RESEARCH[typ]:
        return False
    if foe_royal(pos, p):
        return True
    r = slot(pos, p["side"], typ)["r"]
    return r == path or (typ == "Ki" and r == "both")


def side_research(pos: dict, side: str, code: str, path: str) -> bool:
    """Whether the side's `code` slot has Research `path` (the slot only: no foe-Royal rule, unlike
    `has_research`); used for structure Research."""
    return slot(pos, side, code)["r"] == path


def perk(pos: dict, side: str, code: str) -> bool:
    """Whether the side bought the Armory perk of this slot (§2.2, §2.3); a `"?"` slot has none."""
    return bool(slot(pos, side, code)["p"])


def printed(pos: dict, p: dict) -> tuple[int, int, int]:
    """Printed Attack, Armor, Speed; a Royal's come from `royals` (gifts and tools change them)."""
    if p.get("royal"):
        r = pos["royals"][p["side"]]
        return r["atk"], r["arm"], r["spd"]
    u = UNITS[p["type"]]
    return u.atk, u.arm, u.spd


def fx_value(p: dict, kind: str) -> int | bool | None:
    """The value of the piece's first effect of this kind: True for one without a value, None if none."""
    for f in p["fx"]:
        if f["k"] == kind:
            return f["v"] if f["v"] is not None else True
    return None


def _adjacent_own(pos: dict, t: str, side: str, code: str) -> bool:
    pieces = pos["pieces"]
    for n in NEIGHBOURS[t]:
        q = pieces.get(n)
        if q is not None and q["side"] == side and q["type"] == code and not q.get("site", False):
            return True
    return False


def king_tile(pos: dict, side: str) -> str | None:
    """The tile of the side's King piece (Gold's King, a Draft King, the Dead King), or None."""
    for t, q in pos["pieces"].items():
        if q["side"] == side and q.get("royal") and q["type"] == "Ki":
            return t
    return None


def royal_tile(pos: dict, side: str) -> str | None:
    """The tile of the side's Royal, or None (not yet placed, fallen, or hidden and absent from a view)."""
    for t, q in pos["pieces"].items():
        if q["side"] == side and q.get("royal"):
            return t
    return None


def attack(pos: dict, t: str, p: dict) -> int:
    """Effective Attack (§5.3): printed + Inspire 1 + Battle Fury 1 + Banner of War 1 (the King and units
    beside him) + Garrison 1 (beside an own Bunker); at least 0."""
    a = printed(pos, p)[0]
    if fx_value(p, "inspire"):
        a += 1
    if fx_value(p, "fury"):
        a += 1
    kt = king_tile(pos, p["side"])
    if kt is not None and has_research(pos, pos["pieces"][kt], "banner") and (kt == t or dist(kt, t) == 1):
        a += 1
    if perk(pos, p["side"], "Bk") and _adjacent_own(pos, t, p["side"], "Bk"):
        a += 1
    return max(0, a)


def armor(pos: dict, t: str, p: dict) -> int:
    """Effective Armor; structures 0."""
    if not is_unit(p):
        return 0
    side = p["side"]
    a = printed(pos, p)[1]
    if p["type"] in PERK_ARMOR and perk(pos, side, p["type"]):
        a += PERK_ARMOR[p["type"]]
    if fx_value(p, "fortify"):
        a += 2
    if _adjacent_own(pos, t, side, "Bk"):
        a += 1
    if not trick(pos, p, "steel-prince"):
        for n in NEIGHBOURS[t]:
            q = pos["pieces"].get(n)
            if q is not None and q["side"] == side and trick(pos, q, "steel-prince"):
                a += 1
                break
    if p.get("sieged") and trick(pos, p, "iron-castellan"):
        a += 2
    if fx_value(p, "empower") == "arm":
        a += 2
    if fx_value(p, "hex") == "arm":
        a -= 2
    return max(0, a)


def dmg_mod(p: dict) -> int:
    """D: Empower +2 / Hex −2 Damage (units only)."""
    if not is_unit(p):
        return 0
    return (2 if fx_value(p, "empower") == "dmg" else 0) - (2 if fx_value(p, "hex") == "dmg" else 0)


def _range_bonus(pos: dict, t: str, p: dict) -> int:
    b = 0
    if p["type"] in RANGED_AURA and _adjacent_own(pos, t, p["side"], "Wt"):
        b += 2
    if fx_value(p, "empower") == "rng":
        b += 2
    if fx_value(p, "hex") == "rng":
        b -= 2
    return b


def rng(pos: dict, t: str, p: dict) -> int:
    """Range of line attacks, Zap, Empower, Hex, Fireball (Focus Crystal: Mage base 4)."""
    base = BASE_RANGE.get(p["type"], 1)
    if p["type"] == "Ma" and perk(pos, p["side"], "Ma"):
        base = 4
    return max(1, base + _range_bonus(pos, t, p))


def rogue_bonus(pos: dict, t: str, p: dict) -> int:
    """The Rogue's bonus Range b (§5.3): Watchtower aura + Empower − Hex; lane attacks only when b > 0."""
    return _range_bonus(pos, t, p)


def speed(pos: dict, p: dict) -> int:
    """Effective Speed (§5.3): printed + Soft Boots 1 (Rogues) + Inspire 1 + Battle Fury 1."""
    s = printed(pos, p)[2]
    if p["type"] == "Ro" and perk(pos, p["side"], "Ro"):
        s += 1
    if fx_value(p, "inspire"):
        s += 1
    if fx_value(p, "fury"):
        s += 1
    return s


def protected(pos: dict, t: str, p: dict) -> bool:
    """Magnetic Field: a unit beside its side's Bunker, the side holding `magnetic`."""
    return (is_unit(p) and side_research(pos, p["side"], "Bk", "magnetic")
            and _adjacent_own(pos, t, p["side"], "Bk"))


def visible(p: dict) -> bool:
    """True unless the piece is hidden (§9)."""
    return not p.get("hidden", False)


def detected(pos: dict, t: str, p: dict) -> bool:
    """§9: within an enemy Watchtower's gaze (2; Lens 3) or beside an enemy Mage."""
    enemy = other(p["side"])
    gaze = 3 if perk(pos, enemy, "Wt") else 2
    for s, q in pos["pieces"].items():
        if q["side"] != enemy:
            continue
        if q["type"] == "Wt" and dist(s, t) <= gaze:
            return True
        if q["type"] == "Ma" and dist(s, t) == 1:
            return True
    return False


def is_god(pos: dict, p: dict) -> bool:
    """True for Gold's King while `tool:god` is on (§14): he takes no damage and no afflictions."""
    return (p.get("royal", False) and p["side"] == "G" and p["type"] == "Ki"
            and pos["royals"]["G"]["god"])


def on_home_row(t: str, side: str) -> bool:
    """Whether tile `t` is on the side's Home Row (rank 1 for Gold, rank 7 for Crimson; §1)."""
    return XY[t][1] == home_rank(side)


def structure_tile_ok(pos: dict, side: str, t: str, code: str) -> bool:
    """§2.3/§7: never the enemy Home Row (save a Post), never an unclaimed chest; Posts only
    on a Control Tile or the enemy Home Row."""
    enemy_row = on_home_row(t, other(side))
    if code == "Cp":
        return enemy_row or t in pos["control_tiles"]
    return not enemy_row and t not in pos["chests"]


def afield(pos: dict, side: str) -> int:
    """§2.4: units count their Supply (Royals 0), structures and sites 1."""
    n = 0
    for q in pos["pieces"].values():
        if q["side"] == side:
            n += 0 if q.get("royal") else (UNITS[q["type"]].supply if is_unit(q) else 1)
    return n
