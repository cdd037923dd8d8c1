"""§4.3 start of turn and §4.5 end of turn."""

from __future__ import annotations

from towers_core.gauntlet.board import NEIGHBOURS, TILES, XY, dist, home_rank, other
from towers_core.gauntlet.hits import (
    Ctx,
    crown_or_kill,
    damage,
    detect,
    finish,
    heal,
    victory,
)
from towers_core.gauntlet.stats import (
    detected,
    is_god,
    is_unit,
    perk,
    royal_tile,
    side_research,
    trick,
)
from towers_core.gauntlet.units import capped


def placement_pending(pos: dict) -> bool:
    """§16.1, read literally: turn ≤ 2, no result, the mover has no Royal on the board."""
    if pos["turn"] > 2 or pos["result"] is not None:
        return False
    side = pos["to_move"]
    return not any(q["side"] == side and q.get("royal") for q in pos["pieces"].values())


def _own(pos: dict, side: str) -> list[tuple[str, dict]]:
    return [(t, pos["pieces"][t]) for t in TILES if t in pos["pieces"] and pos["pieces"][t]["side"] == side]


def start_of_turn(pos: dict, side: str) -> list:
    """Run steps 0–8 for `side` on `pos["turn"]`; returns (events, secret flags)."""
    ctx = Ctx(pos, side)
    for _, q in _own(pos, side):                                   # 0. ready
        q["done"] = False
    if _complete(ctx, side) or _ticks(ctx, side) or _hunger(ctx, side):
        return ctx
    _mend(ctx, side)                                               # 4.
    for _, q in _own(pos, side):                                   # 5.
        if is_unit(q):
            for k in ("shock", "freeze"):
                if q["aff"][k] & 1:
                    q["aff"][k] = 2
    rt = royal_tile(pos, side)                                     # 6. Veil
    if rt is not None:
        q = pos["pieces"][rt]
        if trick(pos, q, "shadow-princess") and not q["hidden"] and not detected(pos, rt, q):
            q["hidden"] = True
            ctx.emit(["hide", rt])
    depots = sum(1 for _, q in _own(pos, side) if q["type"] == "De")  # 7. income
    posts = sum(1 for t, q in _own(pos, side)
                if q["type"] == "Cp" and not q["site"] and t in pos["control_tiles"])
    pos["supply"][side] = capped(pos["supply"][side] + depots)
    pos["ap"] = 3 + posts
    ctx.emit(["income", depots, pos["ap"]])
    detect(ctx)                                                    # 8.
    return ctx


def _complete(ctx: Ctx, side: str) -> bool:
    pos = ctx.pos
    win = False
    enemy_row = home_rank(other(side))
    for t, q in _own(pos, side):
        if q.get("site"):
            q["site"] = False
            q["hp"] = q["max"] = 8
            ctx.emit(["complete", t])
            win = win or XY[t][1] == enemy_row
    if win:
        finish(ctx, side, "control")
    return win


def _ticks(ctx: Ctx, side: str) -> bool:
    pos = ctx.pos
    for t, q in _own(pos, side):
        if not is_unit(q):
            continue
        for kind in ("burn", "poison"):
            if pos["pieces"].get(t) is not q or not q["aff"][kind]:
                continue
            d = q["aff"][kind].pop(0)
            dmg = 0 if is_god(pos, q) else d
            q["hp"] = max(0, q["hp"] - dmg)
            ctx.emit(["tick", t, kind, dmg, q["hp"]], q)
            if q["hp"] == 0:
                crown_or_kill(ctx, t)
                break
        if victory(ctx):
            return True
    return False


def _hunger(ctx: Ctx, side: str) -> bool:
    pos = ctx.pos
    rnd = (pos["turn"] + 1) // 2
    if rnd < 41:
        return False
    rt = royal_tile(pos, side)
    if rt is None:
        return False
    damage(ctx, rt, rnd - 40)
    return victory(ctx)


def _mend(ctx: Ctx, side: str) -> None:
    """Medical Center, Enchanted Stone, Sanctuary, in that order, each in tile order."""
    pos = ctx.pos
    own = _own(pos, side)
    posts = [t for t, q in own if q["type"] == "Cp" and not q["site"]]
    if side_research(pos, side, "Cp", "medical") and posts:
        for t, q in own:
            if is_unit(q) and any(n in posts for n in NEIGHBOURS[t]):
                heal(ctx, t, 1)
    if perk(pos, side, "Cp"):
        for t in posts:
            heal(ctx, t, 1)
    rt = royal_tile(pos, side)
    if rt is not None and trick(pos, pos["pieces"][rt], "pale-abbess"):
        for t, q in _own(pos, side):
            if is_unit(q) and dist(t, rt) <= 2:
                heal(ctx, t, 1)


def end_of_turn(pos: dict) -> None:
    """§4.5 steps 1–4 (the next start of turn is the caller's)."""
    side, t = pos["to_move"], pos["turn"]
    for q in pos["pieces"].values():
        if is_unit(q):
            if q["side"] == side:
                q["aff"]["shock"] &= 1
                q["aff"]["freeze"] &= 1
            if any(f["until"] == t for f in q["fx"]):
                q["fx"] = [f for f in q["fx"] if f["until"] != t]
    for s in ("C", "G"):
        if pos["royals"][s]["id"] == "pawnlord":
            pos["royals"][s]["used"] = False
    pos["ap"] = 0
    pos["turn"] = t + 1
    pos["to_move"] = other(side)
