"""Legal-action generation (§4.4, §5, §6, §7) on a position dict — the mover's view for
`legal_actions`, the whole position for the refusal check (§9). Strings are canonical §15."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations

from towers_core.gauntlet.board import (
    DIAGONALS,
    DIRS,
    KNIGHT,
    LANES,
    LINES,
    NEIGHBOURS,
    RAYS,
    XY,
    add,
    dist,
    forward,
    home_rank,
    tile,
)
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.notation import format_activation
from towers_core.gauntlet.stats import (
    afield,
    has_research,
    is_unit,
    perk,
    protected,
    rng,
    rogue_bonus,
    side_research,
    slot,
    speed,
    structure_tile_ok,
    trick,
    visible,
)
from towers_core.gauntlet.units import (
    COUNT_MAX,
    DRAFT_UNITS,
    LIMITS,
    STRUCTURES,
    SUPPLY_CAP,
    UNITS,
)


def royal_code(pos: dict, side: str) -> str:
    """The unit code of the side's Royal: `Ki` for a King, else the foe's signature type (§12.3)."""
    rid = pos["royals"][side]["id"]
    return "Ki" if rid == "king" else FOES[rid].sig


def placements(pos: dict) -> list[str]:
    """§4.2: the Royal on an empty Home Row tile, two Depots on empty legal tiles beside it. None
    where the slots a placement opens (Ki, De) read `"?"` (another side's view, a shared position)."""
    side = pos["to_move"]
    if "?" in (pos["armies"][side]["Ki"], pos["armies"][side]["De"]):
        return []
    code = royal_code(pos, side)
    pieces = pos["pieces"]
    out = []
    for x in range(7):
        t = tile(x, home_rank(side))
        if t in pieces:
            continue
        ok = sorted(n for n in NEIGHBOURS[t] if n not in pieces and structure_tile_ok(pos, side, n, "De"))
        for a, b in combinations(ok, 2):
            out.append(f"{code}@{t}+{a}+{b}")
    return out


def deploy_tiles(pos: dict, side: str) -> list[str]:
    """Empty tiles the side may deploy on (§5.1): its Home Row, plus with Quick Deploy the tile directly
    below each of its Depots (§7); in no fixed order."""
    pieces = pos["pieces"]
    tiles = {tile(x, home_rank(side)) for x in range(7)}
    if side_research(pos, side, "De", "quick"):
        for t, q in pieces.items():
            if q["side"] == side and q["type"] == "De":
                below = add(t, (0, -forward(side)))
                if below is not None:
                    tiles.add(below)
    return [t for t in tiles if t not in pieces]


def deploys(pos: dict) -> list[str]:
    """The mover's deploys (§5.1): each type in its army it can pay for (1 AP, Levy 0; its Supply) within the
    afield cap (§2.4), on every deploy tile."""
    side = pos["to_move"]
    tiles = deploy_tiles(pos, side)
    room = SUPPLY_CAP - afield(pos, side)
    out = []
    for code in DRAFT_UNITS:
        if not slot(pos, side, code)["in"]:
            continue
        cost = UNITS[code].supply
        levy = code == "Pa" and pos["royals"][side]["id"] == "pawnlord" and not pos["royals"][side]["used"]
        if pos["ap"] < (0 if levy else 1) or pos["supply"][side] < cost or cost > room:
            continue
        out.extend(f"{code}@{t}" for t in tiles)
    return out


def scraps(pos: dict) -> list[str]:
    """A scrap (`<tile>#`) for each of the mover's structures and sites; none without 1 AP (§4.4)."""
    if pos["ap"] < 1:
        return []
    side = pos["to_move"]
    return [t + "#" for t, q in pos["pieces"].items() if q["side"] == side and not is_unit(q)]


def structure_actions(pos: dict, t: str) -> list[str]:
    """Watchtower shot (≤ 2, Lens 3, no line) or Bunker strike (adjacent)."""
    q = pos["pieces"][t]
    if pos["ap"] < 1 or q["done"] or q["type"] not in ("Wt", "Bk") or q["side"] != pos["to_move"]:
        return []
    reach = (3 if perk(pos, q["side"], "Wt") else 2) if q["type"] == "Wt" else 1
    out = []
    for s, p in pos["pieces"].items():
        if dist(s, t) <= reach and s != t and _enemy_target(pos, q["side"], s, p):
            out.append(f"{t}x{s}")
    return out


def _enemy_target(pos: dict, side: str, s: str, p: dict) -> bool:
    """A visible enemy piece not shielded by Magnetic Field (a direct effect's target)."""
    return p["side"] != side and visible(p) and not protected(pos, s, p)


def _enemy_unit(pos: dict, side: str, s: str, p: dict | None) -> bool:
    return p is not None and is_unit(p) and _enemy_target(pos, side, s, p)


def _ally_unit(side: str, p: dict | None) -> bool:
    return p is not None and is_unit(p) and p["side"] == side and visible(p)


def line_hits(pos: dict, t: str, dirs: Iterable[tuple[int, int]], lo: int, hi: int) -> list[str]:
    """The first piece along each direction within 1..hi, if at distance ≥ lo (clear line)."""
    out = []
    pieces = pos["pieces"]
    rays = RAYS[t]
    for d in dirs:
        for k, n in enumerate(rays[d][:hi], 1):
            if n in pieces:
                if k >= lo:
                    out.append(n)
                break
    return out


def attack_targets(pos: dict, t: str, p: dict) -> list[str]:
    """Attack targets (or shell tiles of a sieged Rook); none while Shocked."""
    if p["aff"]["shock"] & 2:
        return []
    typ, side = p["type"], p["side"]
    if typ == "Rk" and p["sieged"]:
        return [n for d in LANES for k in range(2, 8) if (n := add(t, d, k)) is not None]
    cands: list[str] = []
    if typ in ("Ki", "Pa", "Kn", "Ro"):
        cands.extend(NEIGHBOURS[t])
    if typ == "Ro":
        b = rogue_bonus(pos, t, p)
        if b > 0:
            cands.extend(line_hits(pos, t, LANES, 2, 1 + b))
    elif typ in ("Bi", "Ma"):
        cands.extend(line_hits(pos, t, DIAGONALS, 1, rng(pos, t, p)))
    elif typ == "Rk":
        cands.extend(line_hits(pos, t, LANES, 1, rng(pos, t, p)))
    elif typ == "Qu":
        cands.extend(line_hits(pos, t, LINES, 1, rng(pos, t, p)))
    pieces = pos["pieces"]
    return [s for s in dict.fromkeys(cands) if s in pieces and _enemy_target(pos, side, s, pieces[s])]


def move_dests(pos: dict, t: str, p: dict) -> list[str]:
    """§3 moves (and the Pawn's stride); Rolling Bastion: one step while sieged."""
    if p["aff"]["shock"] & 2:
        return []
    pieces = pos["pieces"]
    if p["type"] == "Rk" and p["sieged"]:
        if has_research(pos, p, "bastion"):
            return [n for n in NEIGHBOURS[t] if n not in pieces]
        return []
    s = speed(pos, p)
    seen = {t}
    frontier = [t]
    for _ in range(s):
        nxt = []
        for a in frontier:
            for n in NEIGHBOURS[a]:
                if n not in seen and n not in pieces:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    if p["type"] == "Pa" and XY[t][1] == home_rank(p["side"]):
        for k in range(1, s + 2):
            n = add(t, (0, forward(p["side"])), k)
            if n is None or n in pieces:
                break
            seen.add(n)
    seen.discard(t)
    return list(seen)


def activations(pos: dict, t: str) -> list[str]:
    """Every activation of the mover's unit on `t` (§5.2 parts 1–4, at least one used)."""
    p = pos["pieces"][t]
    if (pos["ap"] < 1 or p["done"] or p["side"] != pos["to_move"] or not is_unit(p)
            or p["aff"]["freeze"] & 2):
        return []
    pieces = pos["pieces"]
    gears = p["type"] == "Rk" and has_research(pos, p, "gears")
    opts1: list[str | None] = [None]
    if p["type"] == "Pa" and has_research(pos, p, "fury") and p["hp"] >= 2:
        opts1.append("fury")
    if gears and p["sieged"]:
        opts1.append("unsiege")
    out: list[str] = []
    for p1 in opts1:
        saved = (p["hp"], p["fx"], p["sieged"])
        if p1 == "fury":
            p["hp"] -= 1
            p["fx"] = [f for f in p["fx"] if f["k"] != "fury"] + [{"k": "fury", "v": None, "until": pos["turn"]}]
        elif p1 == "unsiege":
            p["sieged"] = False
        for to in [None] + move_dests(pos, t, p):
            cur = t
            hidden = p["hidden"]
            chest = None
            if to is not None:
                pieces[to] = pieces.pop(t)
                cur = to
                if p["side"] == "G" and to in pos["chests"]:
                    p["hidden"] = False          # claiming the chest reveals it (§9)
                    chest = pos["chests"].pop(to)  # and frees the tile for a Build (§2.3, decision 17)
            for p3 in (False, True):
                if p3 and not (gears and p1 is None and not p["sieged"]):
                    continue
                if p3:
                    p["sieged"] = True
                for tail in [""] + _part4(pos, cur, p, bool(p1 or to or p3)):
                    if p1 or to or p3 or tail:
                        out.append(format_activation(t, p1, to, p3, tail))
                if p3:
                    p["sieged"] = False
            if to is not None:
                pieces[t] = pieces.pop(to)
            if chest is not None:
                pos["chests"][to] = chest
            p["hidden"] = hidden
        p["hp"], p["fx"], p["sieged"] = saved
    return out


def _part4(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    out = []
    targets = attack_targets(pos, t, p)
    extra = p["type"] == "Kn" and has_research(pos, p, "extra")
    for s in targets:
        out.append("x" + s)
        if extra:
            out.extend(f"x{s}x{s2}" for s2 in _second_blows(pos, t, s))
    out.extend("*" + a for a in abilities(pos, t, p, earlier))
    return out


def _second_blows(pos: dict, t: str, s: str) -> list[str]:
    """Extra Attack: targets after simulating the first blow; none if it ended the Battle or
    Reflection killed the Knight."""
    from towers_core.gauntlet.hits import Ctx, direct_hit
    from towers_core.gauntlet.position import clone
    from towers_core.gauntlet.stats import attack

    sim = clone(pos)
    ctx = Ctx(sim, sim["to_move"])
    knight = sim["pieces"][t]
    affs = ("burn",) if has_research(sim, knight, "flame") else ()
    if direct_hit(ctx, t, s, attack(sim, t, knight), affs) or sim["pieces"].get(t) is not knight:
        return []
    return attack_targets(sim, t, knight)


def _king(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    pieces, side, near = pos["pieces"], p["side"], NEIGHBOURS[t]
    out = ["fortify"]
    out.extend(f"inspire:{n}" for n in near if _ally_unit(side, pieces.get(n)))
    if has_research(pos, p, "summons"):
        spots = [n for n in near if n not in pieces]
        for u, q in pieces.items():
            if u != t and _ally_unit(side, q):
                out.extend(f"summons:{u}>{e}" for e in spots)
    return out


def _pawn(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    pieces, side = pos["pieces"], p["side"]
    out: list[str] = []
    if not p["royal"]:
        for code in STRUCTURES:
            if (slot(pos, side, code)["in"] and structure_tile_ok(pos, side, t, code)
                    and (code not in LIMITS or sum(1 for q in pieces.values()
                         if q["side"] == side and q["type"] == code) < LIMITS[code])):
                out.append("build:" + code)
    out.extend(f"repair:{n}" for n in NEIGHBOURS[t]
               if n in pieces and pieces[n]["side"] == side and not is_unit(pieces[n]))
    if has_research(pos, p, "detonate"):
        out.append("detonate")
    return out


def _knight(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    return ["charge:" + L for L in charge_landings(pos, t)]


def _rogue(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    pieces, side = pos["pieces"], p["side"]
    out = [f"poison:{n}" for n in NEIGHBOURS[t] if _enemy_unit(pos, side, n, pieces.get(n))]
    if has_research(pos, p, "hide") and visible(p):
        out.append("hide")
    if has_research(pos, p, "step"):
        out.extend(_steps(pos, t, p))
    return out


def _bishop(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    pieces, side, near = pos["pieces"], p["side"], NEIGHBOURS[t]
    heal = [n for n in near if _ally_unit(side, pieces.get(n))]
    if has_research(pos, p, "reach"):
        heal += [s for s in line_hits(pos, t, DIAGONALS, 2, 4) if _ally_unit(side, pieces[s])]
    out = [f"heal:{n}" for n in dict.fromkeys(heal)]
    cure = sorted(n for n in near if _ally_unit(side, pieces.get(n)))
    out.extend(f"cure:{n}" for n in cure)
    if has_research(pos, p, "panacea"):
        out.extend(f"cure:{a},{b}" for a, b in combinations(cure, 2))
    return out


def _mage(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    pieces, side = pos["pieces"], p["side"]
    diag = line_hits(pos, t, DIAGONALS, 1, rng(pos, t, p))
    enemies = [s for s in diag if _enemy_unit(pos, side, s, pieces[s])]
    out = [f"zap:{s}" for s in enemies]
    if has_research(pos, p, "empower"):
        allies = dict.fromkeys(s for s in list(NEIGHBOURS[t]) + diag if _ally_unit(side, pieces.get(s)))
        out.extend(f"empower:{s},{v}" for s in allies for v in ("arm", "dmg", "rng"))
    if has_research(pos, p, "hex"):
        out.extend(f"hex:{s},{v}" for s in enemies for v in ("arm", "dmg", "rng"))
    return out


def _rook(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    if has_research(pos, p, "gears"):
        return []
    if not p["sieged"]:
        return ["siege"]
    return [] if earlier else ["unsiege"]


def _queen(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    pieces, side = pos["pieces"], p["side"]
    cands = line_hits(pos, t, LINES, 1, 3) if trick(pos, p, "frost-queen") else list(NEIGHBOURS[t])
    out = [f"freeze:{s}" for s in cands if _enemy_unit(pos, side, s, pieces.get(s))]
    if visible(p):
        out.append("invis")
    if has_research(pos, p, "chain"):
        out.extend(f"chain:{d}" for d, v in DIRS.items() if add(t, v) is not None)
    if has_research(pos, p, "fireball"):
        out.extend(_fireball_targets(pos, t, p))
    return out


def _fireball_targets(pos: dict, t: str, p: dict) -> list[str]:
    """Squares 2..range away along each line, up to and including the first piece."""
    out = []
    for d in LINES:
        for k in range(1, rng(pos, t, p) + 1):
            n = add(t, d, k)
            if n is None:
                break
            if k >= 2:
                out.append("fireball:" + n)
            if n in pos["pieces"]:
                break
    return out


# each unit type's Part-4 actives; a type not listed has none
_ABILITIES: dict[str, Callable[[dict, str, dict, bool], list[str]]] = {
    "Ki": _king, "Pa": _pawn, "Kn": _knight, "Ro": _rogue, "Bi": _bishop, "Ma": _mage, "Rk": _rook,
    "Qu": _queen}


def abilities(pos: dict, t: str, p: dict, earlier: bool) -> list[str]:
    """Part-4 actives of the unit standing on `t` (args included); `earlier`: this activation has
    already stepped, moved or sieged, so Unsiege, which must be the whole activation, is not offered."""
    kind = _ABILITIES.get(p["type"])
    return kind(pos, t, p, earlier) if kind else []


def charge_routes(t: str, L: str) -> tuple[str, str, tuple[int, int], tuple[int, int]]:
    """I1 (orthogonal first), I2 (diagonal first), short-leg step s, long-leg step l."""
    (kx, ky), (lx, ly) = XY[t], XY[L]
    dx, dy = lx - kx, ly - ky
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if abs(dy) == 2:
        long_step, short_step = (0, sy), (sx, 0)
    else:
        long_step, short_step = (sx, 0), (0, sy)
    return add(t, long_step), add(t, (sx, sy)), short_step, long_step


def charge_landings(pos: dict, t: str) -> list[str]:
    """Charge landings of the Knight on `t` (§6): Knight offsets with I1 or I2 empty and L empty or
    holding a visible piece of either side (an own hidden unit is not, §21.13)."""
    pieces = pos["pieces"]
    out = []
    for off in KNIGHT:
        L = add(t, off)
        if L is None:
            continue
        i1, i2, _, _ = charge_routes(t, L)
        if i1 in pieces and i2 in pieces:
            continue
        if L in pieces and not visible(pieces[L]):
            continue
        out.append(L)
    return out


def _steps(pos: dict, t: str, p: dict) -> list[str]:
    pieces = pos["pieces"]
    out = []
    for off in KNIGHT:
        L = add(t, off)
        if L is None or L in pieces:
            continue
        out.append("step:" + L)
        pieces[L] = pieces.pop(t)
        for n in NEIGHBOURS[L]:
            q = pieces.get(n)
            if q is not None and n != L and _enemy_target(pos, p["side"], n, q):
                out.append(f"step:{L},{n}")
        pieces[t] = pieces.pop(L)
    return out


def from_tile(pos: dict, t: str) -> list[str]:
    """Every non-scrap action originating on `t` for the mover."""
    q = pos["pieces"].get(t)
    if q is None or q["side"] != pos["to_move"]:
        return []
    return activations(pos, t) if is_unit(q) else structure_actions(pos, t)


def all_actions(pos: dict) -> list[str]:
    """Everything listed (§4.4) for the mover of this position (or view), sorted."""
    from towers_core.gauntlet.turns import placement_pending

    if pos["result"] is not None:
        return []
    if placement_pending(pos):
        return sorted(placements(pos))
    out = deploys(pos) + scraps(pos) + (["end"] if pos["turn"] < COUNT_MAX else [])   # the last turn
    if pos["to_move"] == "G" and pos["token"]:
        out.append("+ap")
    for t in list(pos["pieces"]):
        out.extend(from_tile(pos, t))
    return sorted(out)
