"""Random legal armies and random battles: the bench and the property tests share them."""

from __future__ import annotations

import random

from towers_core.gauntlet.foes import FOES, foe_army
from towers_core.gauntlet.units import DRAFT_UNITS, PERKS, RESEARCH, SLOTS, STRUCTURES


def random_army(rng: random.Random) -> dict:
    """A random legal Draft army (§11): 5 types, random Research and perks within budget."""
    units = set(rng.sample(DRAFT_UNITS, 5))
    army = {s: {"in": s in units or s == "Ki" or s in STRUCTURES, "r": None, "p": False} for s in SLOTS}
    tomes, gold = 8, 100
    researched = 0
    for s in rng.sample(SLOTS, len(SLOTS)):
        e = army[s]
        if not e["in"]:
            continue
        cost = 2 if s in STRUCTURES else 1
        if rng.random() < 0.6 and cost <= tomes and (s not in STRUCTURES or researched < 2):
            e["r"] = rng.choice(RESEARCH[s])
            tomes -= cost
            researched += s in STRUCTURES
        if rng.random() < 0.4 and PERKS[s][1] <= gold:
            e["p"] = True
            gold -= PERKS[s][1]
    return army


def random_banner(rng: random.Random) -> dict:
    """A random Gauntlet banner: King, Pawns, Depots, Posts and some more."""
    army = {s: {"in": s in ("Ki", "Pa", "De", "Cp") or rng.random() < 0.5, "r": None, "p": False}
            for s in SLOTS}
    researched = 0
    for s, e in army.items():
        if e["in"] and rng.random() < 0.5 and (s not in STRUCTURES or researched < 2):
            e["r"] = rng.choice(RESEARCH[s])
            researched += s in STRUCTURES
        if e["in"] and rng.random() < 0.3:
            e["p"] = True
    return army


def random_start(rng: random.Random) -> dict:
    """A new Battle: a Draft between random armies, or a Gauntlet Battle against a random foe."""
    from towers_core.gauntlet.position import new_position
    from towers_core.gauntlet.rng import label_seed

    if rng.random() < 0.5:
        return new_position(rng.getrandbits(64), {"C": random_army(rng), "G": random_army(rng)},
                            scout=rng.choice(SLOTS[:8] + (None,)))
    run = rng.getrandbits(64)
    foe = rng.choice(list(FOES))
    echo = rng.choice((0, 0, 0, 1, 2))
    label = foe if echo == 0 else f"echo-{echo}"
    return new_position(label_seed("field|" + label, run),
                        {"C": foe_army(run, foe, echo), "G": random_banner(rng)},
                        mode="gauntlet", foe={"id": foe, "echo": echo})


def pick(rng: random.Random, actions: list[str]) -> str:
    """A random action, `end` less often so battles move."""
    if len(actions) > 1 and rng.random() < 0.85:
        actions = [a for a in actions if a != "end"] or actions
    return rng.choice(actions)
