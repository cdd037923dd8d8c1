"""Resolving an action already checked legal on the whole position (§4–§7, §14)."""

from __future__ import annotations

from towers_core.gauntlet.board import DIRS, NEIGHBOURS, add
from towers_core.gauntlet.gen import charge_routes, royal_code
from towers_core.gauntlet.hits import (
    Ctx,
    afflict,
    area,
    clear_afflictions,
    damage,
    direct_hit,
    heal,
    move_piece,
    reflect,
    reveal,
    set_fx,
    victory,
)
from towers_core.gauntlet.stats import (
    armor,
    attack,
    dmg_mod,
    has_research,
    is_unit,
    perk,
    slot,
    trick,
)
from towers_core.gauntlet.stats import king_tile as stats_king_tile
from towers_core.gauntlet.units import SITE_HP, SLOTS, STRUCTURES, UNITS, capped


def publish(pos: dict, side: str, code: str) -> None:
    """§11: a slot becomes public on first use; kept in slot order."""
    pub = pos["public"][side]
    if code not in pub:
        pub.append(code)
        pub.sort(key=SLOTS.index)


def new_unit(code: str, side: str, hp: int, royal: bool = False, done: bool = False) -> dict:
    """A fresh unit at `hp` of `hp` max: visible, not sieged, no afflictions, no timed effects."""
    return {"side": side, "type": code, "royal": royal, "hp": hp, "max": hp, "done": done,
            "hidden": False, "sieged": False,
            "aff": {"burn": [], "poison": [], "shock": 0, "freeze": 0}, "fx": []}


def new_structure(code: str, side: str) -> dict:
    """A new structure at full HP with `done` true (§7); a Control Post starts as a construction site at 2 of
    8 HP."""
    site = code == "Cp"
    return {"side": side, "type": code, "hp": SITE_HP if site else STRUCTURES[code],
            "max": STRUCTURES[code], "done": True, "site": site}


def unit_max(pos: dict, side: str, code: str) -> int:
    """Max HP of a new unit of this type: its §2.1 HP plus the side's HP perk if bought (§2.2)."""
    base = UNITS[code].hp
    from towers_core.gauntlet.units import PERK_HP
    return base + (PERK_HP.get(code, 0) if perk(pos, side, code) else 0)


def royal_max(pos: dict, side: str) -> int:
    """Max HP of the side's Royal: the King's 20 or the foe's table HP + 3 per echo (§12.3, §12.5), plus
    its type's HP perk if bought (the Steel Prince with Barding: 26, §19.39)."""
    from towers_core.gauntlet.foes import FOES
    from towers_core.gauntlet.units import PERK_HP
    rid = pos["royals"][side]["id"]
    code = royal_code(pos, side)
    if rid == "king":
        base = UNITS["Ki"].hp
    else:
        echo = pos["foe"]["echo"] if pos.get("foe") else 0
        base = FOES[rid].hp + 3 * echo
    return base + (PERK_HP.get(code, 0) if perk(pos, side, code) else 0)


def place(ctx: Ctx, a: dict) -> None:
    """Placement (§4.2): the Royal at its max HP and the two Depots; `Ki` and `De` become public (§11). No
    events (§21.4)."""
    pos, side = ctx.pos, ctx.side
    pos["pieces"][a["tile"]] = new_unit(a["code"], side, royal_max(pos, side), royal=True)
    for d in a["depots"]:
        pos["pieces"][d] = new_structure("De", side)
    publish(pos, side, "Ki")
    publish(pos, side, "De")


def deploy(ctx: Ctx, a: dict) -> None:
    """Deploy (§5.1): pay 1 AP (none for the Pawnlord's first Pawn of the turn: Levy) and the type's Supply;
    the unit enters `done` at its max HP and its slot becomes public (§11)."""
    pos, side = ctx.pos, ctx.side
    code = a["code"]
    r = pos["royals"][side]
    if code == "Pa" and r["id"] == "pawnlord" and not r["used"]:
        r["used"] = True
    else:
        pos["ap"] -= 1
    pos["supply"][side] -= UNITS[code].supply
    pos["pieces"][a["tile"]] = new_unit(code, side, unit_max(pos, side, code), done=True)
    publish(pos, side, code)


def scrap(ctx: Ctx, t: str) -> None:
    """Scrap (§4.4): pay 1 AP and remove the structure or site on `t`; a Depot with Emergency Rations also
    gives +3 Supply (§7)."""
    pos, side = ctx.pos, ctx.side
    pos["ap"] -= 1
    q = pos["pieces"].pop(t)
    ctx.emit(["scrap", t])
    if q["type"] == "De" and perk(pos, side, "De"):
        pos["supply"][side] = capped(pos["supply"][side] + 3)
        ctx.emit(["supply", 3, pos["supply"][side]])


def structure_action(ctx: Ctx, t: str, target: str) -> None:
    """A Watchtower shot or Bunker strike: one hit for 1 (Bolts Burn)."""
    pos = ctx.pos
    pos["ap"] -= 1
    q = pos["pieces"][t]
    q["done"] = True
    bolts = q["type"] == "Wt" and slot(pos, q["side"], "Wt")["r"] == "bolts"
    direct_hit(ctx, t, target, 1, ("burn",) if bolts else ())


def activate(ctx: Ctx, a: dict) -> None:
    """§5.2: pay, then part 1 (free step), 2 (move), 3 (Siege toggle), 4 (attack or active)."""
    pos = ctx.pos
    t = a["origin"]
    p = pos["pieces"][t]
    pos["ap"] -= 1
    p["done"] = True
    if a["p1"] == "fury":
        p["hp"] -= 1
        ctx.emit(["pay", t, 1, p["hp"]], p)
        set_fx(ctx, t, p, "fury", None, pos["turn"])
    elif a["p1"] == "unsiege":
        p["sieged"] = False
        ctx.emit(["unsiege", t])
    if a["to"]:
        move_piece(ctx, t, a["to"])
        t = a["to"]
    if a["p3"]:
        p["sieged"] = True
        ctx.emit(["siege", t])
    if a["targets"]:
        if p["hidden"]:
            reveal(ctx, t)
        _attack(ctx, t, p, a["targets"])
    elif a["ability"]:
        if p["hidden"] and a["ability"] not in ("hide", "invis"):
            reveal(ctx, t)
        ABILITY[a["ability"]](ctx, t, p, a["args"])


def _attack(ctx: Ctx, t: str, p: dict, targets: list[str]) -> None:
    pos = ctx.pos
    if p["type"] == "Rk" and p["sieged"]:
        _shell(ctx, t, p, targets[0])
        return
    affs: tuple[str, ...] = ()
    if p["type"] == "Kn" and has_research(pos, p, "flame"):
        affs = ("burn",)
    if trick(pos, p, "nameless-blade"):
        affs = ("poison",)
    for s in targets:
        if direct_hit(ctx, t, s, attack(pos, t, p), affs):
            return


def _shell(ctx: Ctx, t: str, p: dict, centre: str) -> None:
    """The siege blast: centre Attack+1+D, ring Attack+D, ignoring Armor, every piece."""
    pos = ctx.pos
    base = attack(pos, t, p) + dmg_mod(p)
    hits = []
    for s in (centre,) + NEIGHBOURS[centre]:
        if s in pos["pieces"]:
            hits.append((s, max(1, base + (1 if s == centre else 0))))
    area(ctx, hits, "burn" if trick(pos, p, "lord-of-ramparts") else None)


def _fortify(ctx, t, p, args):
    set_fx(ctx, t, p, "fortify", None, ctx.pos["turn"] + 1)


def _inspire(ctx, t, p, args):
    q = ctx.pos["pieces"][args]
    clear_afflictions(q)
    ctx.emit(["cure", args], q)
    set_fx(ctx, args, q, "inspire", None, ctx.pos["turn"])


def _summons(ctx, t, p, args):
    u, e = args.split(">")
    move_piece(ctx, u, e)


def _build(ctx, t, p, code):
    pos = ctx.pos
    pos["pieces"][t] = new_structure(code, p["side"])
    ctx.emit(["build", t, code])
    if code != "De":
        publish(pos, p["side"], code)


def _repair(ctx, t, p, args):
    heal(ctx, args, 2)


def _detonate(ctx, t, p, args):
    pos = ctx.pos
    dmg = max(1, 2 + dmg_mod(p))
    hits = [(n, dmg) for n in NEIGHBOURS[t] if n in pos["pieces"] and is_unit(pos["pieces"][n])]
    from towers_core.gauntlet.board import ORDER
    for s, d in sorted(hits, key=lambda h: ORDER[h[0]]):
        damage(ctx, s, d)
    if p["royal"]:
        damage(ctx, t, 5)
    else:
        ctx.emit(["die", t, p["type"]])
        del pos["pieces"][t]
    victory(ctx)


def _charge(ctx, t, p, L):
    pos = ctx.pos
    pieces = pos["pieces"]
    _, _, short_step, long_step = charge_routes(t, L)
    if L in pieces:
        target = pieces[L]
        a = armor(pos, L, target)
        damage(ctx, L, max(1, attack(pos, t, p) + dmg_mod(p) - a))
        if has_research(pos, p, "flame"):
            afflict(ctx, L, target, "burn")
        reflect(ctx, target, t)
        if victory(ctx):
            return
        if pieces.get(L) is target and is_unit(target):
            for step in (short_step, long_step):
                dst = add(L, step)
                if dst is not None and dst not in pieces:
                    move_piece(ctx, L, dst, "shove")
                    break
    if pieces.get(t) is p and L not in pieces:
        move_piece(ctx, t, L)


def _poison(ctx, t, p, args):
    afflict(ctx, args, ctx.pos["pieces"][args], "poison")


def _hide(ctx, t, p, args):
    p["hidden"] = True
    ctx.emit(["hide", t])


def _step(ctx, t, p, args):
    parts = args.split(",")
    move_piece(ctx, t, parts[0])
    if len(parts) == 2:
        venom = ("poison",) if trick(ctx.pos, p, "nameless-blade") else ()
        direct_hit(ctx, parts[0], parts[1], 2, venom)


def _heal(ctx, t, p, args):
    heal(ctx, args, 3 if perk(ctx.pos, p["side"], "Bi") else 2)


def _cure(ctx, t, p, args):
    for s in args.split(","):
        q = ctx.pos["pieces"][s]
        clear_afflictions(q)
        ctx.emit(["cure", s], q)


def _zap(ctx, t, p, args):
    q = ctx.pos["pieces"][args]
    if trick(ctx.pos, p, "storm-magus"):
        direct_hit(ctx, t, args, 2, ("shock",))
    else:
        afflict(ctx, args, q, "shock")


def _empower(ctx, t, p, args):
    s, v = args.split(",")
    set_fx(ctx, s, ctx.pos["pieces"][s], "empower", v, ctx.pos["turn"] + 2)


def _hex(ctx, t, p, args):
    s, v = args.split(",")
    set_fx(ctx, s, ctx.pos["pieces"][s], "hex", v, ctx.pos["turn"] + 2)


def _siege(ctx, t, p, args):
    p["sieged"] = True
    ctx.emit(["siege", t])


def _unsiege(ctx, t, p, args):
    p["sieged"] = False
    ctx.emit(["unsiege", t])


def _freeze(ctx, t, p, args):
    direct_hit(ctx, t, args, 3, ("freeze",))


def _chain(ctx, t, p, d):
    pos = ctx.pos
    hits = []
    k = 1
    D = dmg_mod(p)
    while (n := add(t, DIRS[d], k)) is not None:
        q = pos["pieces"].get(n)
        if q is not None and is_unit(q):
            hits.append((n, max(1, 3 + D - armor(pos, n, q))))
        k += 1
    area(ctx, hits, "shock")


def _fireball(ctx, t, p, centre):
    pos = ctx.pos
    D = dmg_mod(p)
    hits = [(s, max(1, 3 + D - armor(pos, s, pos["pieces"][s])))
            for s in (centre,) + NEIGHBOURS[centre] if s in pos["pieces"]]
    area(ctx, hits, "burn")


ABILITY = {"fortify": _fortify, "inspire": _inspire, "summons": _summons, "build": _build,
           "repair": _repair, "detonate": _detonate, "charge": _charge, "poison": _poison,
           "hide": _hide, "invis": _hide, "step": _step, "heal": _heal, "cure": _cure, "zap": _zap,
           "empower": _empower, "hex": _hex, "siege": _siege, "unsiege": _unsiege,
           "freeze": _freeze, "chain": _chain, "fireball": _fireball}


def tool(ctx: Ctx, name: str, value: int | str | None) -> None:
    """§14: bend Gold's King only."""
    pos = ctx.pos
    kt = stats_king_tile(pos, "G")
    k = pos["pieces"][kt]
    r = pos["royals"]["G"]
    if name == "heal":
        heal(ctx, kt, k["max"])
        clear_afflictions(k)
        k["fx"] = [f for f in k["fx"] if f["k"] != "hex"]
        ctx.emit(["cure", kt], k)
    elif name == "hp":
        k["hp"] = value
        k["max"] = max(k["max"], value)
    elif name == "god":
        r["god"] = not r["god"]
    elif name in ("atk", "arm", "spd"):
        r[name] = value
    elif name == "ap":
        pos["ap"] = value
    elif name == "ready":
        k["done"] = False
    elif name == "tp":
        move_piece(ctx, kt, value)
    elif name == "research":
        pos["armies"]["G"]["Ki"]["r"] = value
