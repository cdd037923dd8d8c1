"""Building Gauntlet of Crowns positions for tests: compact pieces, sensible defaults."""
from __future__ import annotations

import copy
import random
from collections.abc import Iterator

from towers_core.gauntlet import api
from towers_core.gauntlet.position import royal_stats
from towers_core.gauntlet.randomplay import pick, random_start
from towers_core.gauntlet.units import SLOTS, STRUCTURES, UNITS

FULL_MAX = {"De": 5, "Cp": 8, "Wt": 5, "Bk": 8}


def army(units=("Pa", "Kn", "Ro", "Bi", "Ma"), r: dict | None = None, p=(), extra_in=()) -> dict:
    """A 12-slot army; Ki and structures always in (Draft)."""
    r = r or {}
    a = {}
    for s in SLOTS:
        inn = s in units or s == "Ki" or s in STRUCTURES or s in extra_in
        a[s] = {"in": inn, "r": r.get(s) if inn else None, "p": s in p and inn}
    return a


def unit(side: str, typ: str, royal: bool | None = None, **kw) -> dict:
    royal = (typ == "Ki") if royal is None else royal
    hp = kw.pop("max", None) or (20 if typ == "Ki" else UNITS[typ].hp)
    u = {"side": side, "type": typ, "royal": royal, "hp": hp, "max": hp, "done": False,
         "hidden": False, "sieged": False,
         "aff": {"burn": [], "poison": [], "shock": 0, "freeze": 0}, "fx": []}
    for k, v in kw.items():
        if k in ("burn", "poison", "shock", "freeze"):
            u["aff"][k] = v
        else:
            u[k] = v
    return u


def struct(side: str, typ: str, **kw) -> dict:
    s = {"side": side, "type": typ, "hp": FULL_MAX[typ], "max": FULL_MAX[typ], "done": False, "site": False}
    s.update(kw)
    return s


def make(pieces: dict, turn: int = 3, ap: int = 3, armies: dict | None = None, mode: str = "draft",
         foe: str | None = None, supply=None, chests=None, control=("c3", "e4", "c5"),
         token: bool = True, public=None, **royal_kw) -> dict:
    """A valid position with the given pieces; Draft armies default to all-in visible slots."""
    armies = armies or {"C": army(), "G": army()}
    g = mode == "gauntlet"
    pos = {
        "game": "gauntlet", "mode": mode, "seed": "0000000000000001",
        "foe": {"id": foe, "echo": 0} if g else None,
        "control_tiles": list(control), "chests": dict(chests or {}),
        "spoils": {"gold": 0, "tomes": 0}, "turn": turn, "to_move": "C" if turn % 2 else "G",
        "ap": ap, "supply": supply or {"C": 10, "G": 10}, "token": token,
        "royals": {"C": royal_stats(foe if g else "king"), "G": royal_stats("king")},
        "armies": copy.deepcopy(armies),
        "public": public or {"C": list(SLOTS), "G": list(SLOTS)},
        "pieces": copy.deepcopy(pieces), "result": None,
    }
    for k, v in royal_kw.items():
        side, key = k.split("_")
        pos["royals"][side][key] = v
    api.validate(pos)
    return pos


def kings(extra: dict | None = None, c: str = "d7", g: str = "d1") -> dict:
    p = {c: unit("C", "Ki"), g: unit("G", "Ki")}
    p.update(extra or {})
    return p


def events(pos: dict, action: str) -> list:
    _, entries = api.play(pos, action)
    return entries[0]["ev"]


def banner(**r):
    """Gold's army in the Gauntlet: the banner's slots in, Research `r` per slot, no perks."""
    a = {s: {"in": s in ("Ki", "Pa", "Kn", "Ro", "Bi", "Ma", "Rk", "Qu", "De", "Cp", "Wt", "Bk"),
             "r": r.get(s), "p": False} for s in SLOTS}
    return a


def foe_pos(foe, pieces, turn=3, carmy=None, garmy=None, **kw):
    """A Gauntlet battle against `foe` (its run-seed-7 army, perks off) with the given pieces."""
    carmy = carmy or api.foe_army(7, foe)
    for e in carmy.values():
        e["p"] = False
    return make(pieces, turn=turn, armies={"C": carmy, "G": garmy or banner()}, mode="gauntlet",
                foe=foe, **kw)


def random_views(seed: int, count: int) -> Iterator[dict]:
    """`count` views of the side to move, each after 0-59 random actions of a random Battle that is
    still going on (the AI tests' positions)."""
    rng = random.Random(seed)
    given = 0
    while given < count:
        pos = random_start(rng)
        for _ in range(rng.randrange(0, 60)):
            if pos["result"] is not None:
                break
            pos = api.apply(pos, pick(rng, api.legal_actions(pos)))
        if pos["result"] is None:
            yield api.view(pos, pos["to_move"])
            given += 1
