"""Playing one action on a whole position: legality on the mover's view, the refusal check on
the whole position (§9), resolution, detection, and the log entries with their secrecy marks."""

from __future__ import annotations

import copy

from towers_core.errors import IllegalAction, brief
from towers_core.gauntlet import act, gen
from towers_core.gauntlet.board import other
from towers_core.gauntlet.hits import Ctx, detect, finish
from towers_core.gauntlet.notation import parse_action, public_form
from towers_core.gauntlet.position import clone, raw_view
from towers_core.gauntlet.stats import king_tile
from towers_core.gauntlet.turns import end_of_turn, placement_pending, start_of_turn
from towers_core.gauntlet.units import AP_MAX, COUNT_MAX, capped


class Entry:
    """A log entry plus, per event, the side whose hidden unit it concerns, and public form."""

    def __init__(self, turn: int, side: str, action: str, ctx: Ctx | None = None,
                 public: str | None = None, refused: bool = False) -> None:
        self.turn, self.side, self.action = turn, side, action
        self.ev = ctx.ev if ctx else []
        self.secret = ctx.secret if ctx else []
        self.public = public if public is not None else action
        self.refused = refused

    def full(self) -> dict:
        if self.refused:
            return {"turn": self.turn, "side": self.side, "a": self.action, "refused": "unseen"}
        return {"turn": self.turn, "side": self.side, "a": self.action, "ev": copy.deepcopy(self.ev)}

    def seen_by(self, viewer: str) -> dict | None:
        if viewer == self.side:
            e = self.full()
            if not self.refused:
                e["ev"] = [copy.deepcopy(v) for v, s in zip(self.ev, self.secret) if s is None or s == viewer]
            return e
        if self.refused:
            return None
        ev = [copy.deepcopy(v) for v, s in zip(self.ev, self.secret) if s is None or s == viewer]
        return {"turn": self.turn, "side": self.side, "a": self.public, "ev": ev}


def _candidates(p: dict, a: dict) -> list[str]:
    """The legal actions of the same origin/kind as `a` (a working copy is mutated, restored)."""
    kind = a["kind"]
    if kind == "place":
        return gen.placements(p)
    if kind == "deploy":
        return gen.deploys(p)
    if kind == "scrap":
        return gen.scraps(p)
    if kind == "act":
        return gen.from_tile(p, a["origin"])
    raise AssertionError(kind)


def play_full(pos: dict, action: object) -> tuple[dict, list[Entry]]:
    """Apply `action` to a (validated, private) whole position; returns it and the entries."""
    a = parse_action(action)
    side, turn = pos["to_move"], pos["turn"]
    if pos["result"] is not None:
        raise IllegalAction(f"{brief(action)}: the Battle is over")
    kind = a["kind"]
    if kind == "resign":
        ctx = Ctx(pos, side)
        finish(ctx, other(side), "resign")
        return pos, [Entry(turn, side, action, ctx)]
    pending = placement_pending(pos)
    if pending != (kind == "place"):
        raise IllegalAction(f"{brief(action)}: placement {'is' if pending else 'is not'} pending for {side}")
    if kind == "tool":
        return _tool(pos, a, action)
    if kind == "+ap":
        return _extra_ap(pos, action)
    if kind == "end":
        return _end_turn(pos, action)
    return _board_action(pos, a, action)


def _extra_ap(pos: dict, action: str) -> tuple[dict, list[Entry]]:
    """Gold's once-a-Battle token: one more action point this turn. An action like any other, so
    a detection check follows it (§21.1 point 7)."""
    if pos["to_move"] != "G" or not pos["token"]:
        raise IllegalAction(f"{brief(action)}: only Gold, once per Battle")
    pos["token"] = False
    pos["ap"] = capped(pos["ap"] + 1, AP_MAX)
    ctx = Ctx(pos, "G")
    detect(ctx)
    return pos, [Entry(pos["turn"], "G", action, ctx)]


def _end_turn(pos: dict, action: str) -> tuple[dict, list[Entry]]:
    """The end of the mover's turn and, unless a placement comes first, the start of the next."""
    if pos["turn"] >= COUNT_MAX:
        raise IllegalAction(f"{brief(action)}: turn {COUNT_MAX} is the last a position holds")
    out = [Entry(pos["turn"], pos["to_move"], action)]
    end_of_turn(pos)
    if not placement_pending(pos):
        out.append(Entry(pos["turn"], pos["to_move"], "start", start_of_turn(pos, pos["to_move"])))
    return pos, out


def _board_action(pos: dict, a: dict, action: str) -> tuple[dict, list[Entry]]:
    """A placement, deploy, scrap, activation or structure action: legal on the mover's view, refused
    (and logged so) if something the mover cannot see blocks it (§9), else resolved and detected."""
    kind, side, turn = a["kind"], pos["to_move"], pos["turn"]
    seen = raw_view(pos, side)
    if action not in _candidates(seen, a):
        raise IllegalAction(f"{brief(action)} is not legal for {side} here")
    same = len(seen["pieces"]) == len(pos["pieces"]) and seen["armies"] == pos["armies"]
    if not same and action not in _candidates(clone(pos), a):   # §9: something unseen blocks
        return pos, [Entry(turn, side, action, refused=True)]
    ctx = Ctx(pos, side)
    if kind == "place":
        act.place(ctx, a)
        return pos, [Entry(turn, side, action), Entry(turn, side, "start", start_of_turn(pos, side))]
    if kind == "deploy":
        act.deploy(ctx, a)
    elif kind == "scrap":
        act.scrap(ctx, a["tile"])
    elif "royal" in pos["pieces"][a["origin"]]:
        return pos, [Entry(turn, side, action, ctx, _activate(ctx, a, action))]
    else:
        act.structure_action(ctx, a["origin"], a["targets"][0])
    if not ctx.over:
        detect(ctx)
    return pos, [Entry(turn, side, action, ctx)]


def _activate(ctx: Ctx, a: dict, action: str) -> str | None:
    """A unit's activation, then detection; the public form of the action when the unit was hidden
    (what the other side may read of it), else None."""
    pos = ctx.pos
    q = pos["pieces"][a["origin"]]
    was_hidden = q["hidden"]
    act.activate(ctx, a)
    if not ctx.over:
        detect(ctx)
    if not was_hidden:
        return None
    stays = any(p is q for p in pos["pieces"].values()) and q["hidden"] and id(q) not in ctx.revealed
    return public_form(action, True, stays)


def _tool(pos: dict, a: dict, action: str) -> tuple[dict, list[Entry]]:
    side, turn = pos["to_move"], pos["turn"]
    if pos["mode"] != "gauntlet" or side != "G":
        raise IllegalAction(f"{brief(action)}: tools are Gold's, in the Gauntlet only")
    kt = king_tile(pos, "G")
    if kt is None:
        raise IllegalAction(f"{brief(action)}: Gold's King is not on the board")
    if a["tool"] == "tp":
        dest = a["value"]
        q = pos["pieces"].get(dest)
        if q is not None and not (q["side"] != side and q.get("hidden")):
            raise IllegalAction(f"{brief(action)}: {dest} is occupied")
        if q is not None:
            return pos, [Entry(turn, side, action, refused=True)]
    ctx = Ctx(pos, side)
    act.tool(ctx, a["tool"], a["value"])
    detect(ctx)
    return pos, [Entry(turn, side, action, ctx)]
