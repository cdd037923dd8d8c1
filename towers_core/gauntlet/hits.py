"""Resolution primitives (§5.3, §8, §9, §10, §12.4): one hit, afflictions, Reflection, deaths,
Second Crown, reveals, chest claims, detection and the victory check, with the event log."""

from __future__ import annotations

from towers_core.gauntlet.board import ORDER, TILES, other
from towers_core.gauntlet.stats import (
    FX_ORDER,
    armor,
    detected,
    dmg_mod,
    is_god,
    is_unit,
    trick,
)
from towers_core.gauntlet.units import capped

SECRET_KINDS = frozenset(("move", "hit", "tick", "heal", "aff", "fx", "cure", "pay"))


class Ctx:
    """One action's (or turn start's) resolution: the position, its events, who fell."""

    def __init__(self, pos: dict, side: str) -> None:
        self.pos = pos
        self.side = side
        self.ev: list[list] = []
        self.secret: list[str | None] = []   # side whose hidden unit the event concerns
        self.fallen: set[str] = set()
        self.revealed: set[int] = set()       # ids of pieces revealed during this resolution

    def emit(self, ev: list, p: dict | None = None) -> None:
        self.ev.append(ev)
        hidden = p is not None and ev[0] in SECRET_KINDS and p.get("hidden", False)
        self.secret.append(p["side"] if hidden else None)

    @property
    def over(self) -> bool:
        return self.pos["result"] is not None


def reveal(ctx: Ctx, t: str) -> None:
    """Make the unit on `t` visible (§9), recorded as revealed in this resolution; emits `reveal`."""
    p = ctx.pos["pieces"][t]
    p["hidden"] = False
    ctx.revealed.add(id(p))
    ctx.emit(["reveal", t, p["type"]])


def kill(ctx: Ctx, t: str) -> None:
    """Removal at 0 HP: a hidden unit is revealed first; a Royal's side has fallen."""
    p = ctx.pos["pieces"][t]
    if p.get("hidden"):
        reveal(ctx, t)
    ctx.emit(["die", t, p["type"]])
    del ctx.pos["pieces"][t]
    if p.get("royal"):
        ctx.fallen.add(p["side"])


def crown_or_kill(ctx: Ctx, t: str) -> None:
    """At 0 HP: Second Crown (once) sets 12 HP and clears everything, else the piece dies."""
    p = ctx.pos["pieces"][t]
    if trick(ctx.pos, p, "dead-king") and not ctx.pos["royals"][p["side"]]["used"]:
        p["hp"] = min(12, p["max"])
        p["aff"] = {"burn": [], "poison": [], "shock": 0, "freeze": 0}
        p["fx"] = []
        ctx.pos["royals"][p["side"]]["used"] = True
        ctx.emit(["crown", t])
    else:
        kill(ctx, t)


def damage(ctx: Ctx, t: str, dmg: int) -> None:
    """Apply a computed damage (a god King takes 0) and handle 0 HP."""
    p = ctx.pos["pieces"][t]
    if is_god(ctx.pos, p):
        dmg = 0
    p["hp"] = max(0, p["hp"] - dmg)
    ctx.emit(["hit", t, dmg, p["hp"]], p)
    if p["hp"] == 0:
        crown_or_kill(ctx, t)


def afflict(ctx: Ctx, t: str, p: dict, kind: str) -> None:
    """§8.1: lands only on a unit still standing (never a structure, never a god King)."""
    if ctx.pos["pieces"].get(t) is not p or not is_unit(p) or is_god(ctx.pos, p):
        return
    aff = p["aff"]
    if kind in ("burn", "poison"):
        fresh = [2, 2] if kind == "burn" else [1, 2, 3]
        if aff[kind]:
            aff[kind][0] = capped(aff[kind][0] + 2)
        else:
            aff[kind] = fresh
    else:
        aff[kind] |= 1
    ctx.emit(["aff", t, kind], p)


def clear_afflictions(p: dict) -> None:
    """Clear all four afflictions, both bits of Shock and Freeze included (§8.1); emits nothing."""
    p["aff"] = {"burn": [], "poison": [], "shock": 0, "freeze": 0}


def set_fx(ctx: Ctx, t: str, p: dict, kind: str, v: str | None, until: int) -> None:
    """At most one of each kind; a new one replaces the old; kept in kind order (§8.2)."""
    fx = [f for f in p["fx"] if f["k"] != kind]
    fx.append({"k": kind, "v": v, "until": until})
    fx.sort(key=lambda f: FX_ORDER.index(f["k"]))
    p["fx"] = fx
    ctx.emit(["fx", t, kind], p)


def heal(ctx: Ctx, t: str, n: int) -> None:
    """Add up to `n` HP to the piece on `t`, never above its max; `heal` is emitted only when HP rises (§21.14)."""
    p = ctx.pos["pieces"][t]
    gained = min(n, p["max"] - p["hp"])
    if gained > 0:
        p["hp"] += gained
        ctx.emit(["heal", t, gained, p["hp"]], p)


def reflect(ctx: Ctx, target: dict, src: str) -> None:
    """Mirror Queen: an enemy attack or direct ability that damaged her costs its source 2."""
    if not trick(ctx.pos, target, "mirror-queen"):
        return
    q = ctx.pos["pieces"].get(src)
    if q is not None and q["side"] != target["side"]:
        damage(ctx, src, 2)


def victory(ctx: Ctx) -> bool:
    """§10: a fallen Royal loses; both fallen in one step: the side to move wins."""
    if ctx.over:
        return True
    if not ctx.fallen:
        return False
    if len(ctx.fallen) == 2:
        winner = ctx.pos["to_move"]
    else:
        winner = other(next(iter(ctx.fallen)))
    finish(ctx, winner, "royal")
    return True


def finish(ctx: Ctx, winner: str | None, reason: str) -> None:
    """Set the Battle's result and emit the `result` event (§10)."""
    ctx.pos["result"] = {"winner": winner, "reason": reason}
    ctx.emit(["result", winner, reason])


def direct_hit(ctx: Ctx, src: str, t: str, base: int, affs: tuple[str, ...] = (),
               use_armor: bool = True) -> bool:
    """One hit of a direct effect (§5.3 order): damage, 0 HP, afflictions, Reflection, victory.
    Returns True when the Battle ended."""
    pos = ctx.pos
    target = pos["pieces"][t]
    source = pos["pieces"][src]
    a = armor(pos, t, target) if use_armor else 0
    damage(ctx, t, max(1, base + dmg_mod(source) - a))
    for k in affs:
        afflict(ctx, t, target, k)
    reflect(ctx, target, src)
    return victory(ctx)


def area(ctx: Ctx, hits: list[tuple[str, int]], aff: str | None, units_only: bool = False) -> bool:
    """Area effect: damages computed beforehand, resolved in tile order, afflictions after all
    damage, one victory check."""
    pos = ctx.pos
    order = sorted(hits, key=lambda h: ORDER[h[0]])
    struck = [(t, pos["pieces"][t]) for t, _ in order]
    for t, dmg in order:
        damage(ctx, t, dmg)
    if aff:
        for t, p in struck:
            afflict(ctx, t, p, aff)
    return victory(ctx)


def claim(ctx: Ctx, t: str) -> None:
    """§12.4: a Gold unit coming to stand on an unclaimed chest claims it (revealed first)."""
    pos = ctx.pos
    p = pos["pieces"].get(t)
    if p is None or p["side"] != "G" or t not in pos["chests"] or not is_unit(p):
        return
    if p.get("hidden"):
        reveal(ctx, t)
    kind = pos["chests"].pop(t)
    if kind == "gold":
        pos["spoils"]["gold"] = capped(pos["spoils"]["gold"] + 10)
    else:
        pos["spoils"]["tomes"] = capped(pos["spoils"]["tomes"] + 1)
    ctx.emit(["claim", t, kind])


def move_piece(ctx: Ctx, a: str, b: str, event: str = "move") -> None:
    """Move the piece on `a` to `b`, emitting `move` (or `event`, e.g. `shove`), then claim a chest on `b`
    (§12.4)."""
    pieces = ctx.pos["pieces"]
    p = pieces.pop(a)
    pieces[b] = p
    ctx.emit([event, a, b], p)
    claim(ctx, b)


def detect(ctx: Ctx) -> None:
    """Detection check (§9): every hidden unit in gaze or beside an enemy Mage is revealed."""
    pos = ctx.pos
    for t in TILES:
        p = pos["pieces"].get(t)
        if p is not None and p.get("hidden") and detected(pos, t, p):
            reveal(ctx, t)
