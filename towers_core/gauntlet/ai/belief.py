"""Where the AI believes the enemy's hidden units are: their last seen tile (§9 determinization).

The side's own log names every enemy deploy and placement in full and every move, shove, death,
hide and reveal it was allowed to see; a hidden unit's later moves are dropped from it, so replaying
the log leaves each hidden enemy unit on the tile where it was last seen. The planner then plays on
the view with those units put back, hidden: it avoids the actions they would block (a refusal costs
nothing but the turn's plan) and counts the threats they pose. Only a belief: a position it cannot
make valid (the tile taken since, a cap broken) falls back to the plain view.
"""

from __future__ import annotations

import copy

from towers_core.errors import TowersError
from towers_core.gauntlet.position import validate
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.units import PERK_HP, UNITS


def last_seen(history: list, side: str) -> dict[str, dict]:
    """tile -> {"code", "royal", "hidden"} of the enemy units as `side`'s log last showed them."""
    enemy = "G" if side == "C" else "C"
    board: dict[str, dict] = {}
    for e in history:
        a = e["a"]
        if e["side"] == enemy and "ev" in e and "@" in a and not a.startswith(("?", "tool")):
            code, rest = a.split("@", 1)
            if code in UNITS:
                board[rest.split("+")[0]] = {"code": code, "royal": "+" in rest, "hidden": False}
        for ev in e.get("ev", []):
            follow(board, ev)
    return board


def follow(board: dict[str, dict], ev: list) -> None:
    """One log event's effect on the believed enemy units."""
    kind = ev[0]
    if kind in ("move", "shove") and len(ev) == 3 and ev[1] in board:
        board[ev[2]] = board.pop(ev[1])
    elif kind in ("die", "build") and len(ev) >= 2:
        board.pop(ev[1], None)
    elif kind == "hide" and len(ev) == 2 and ev[1] in board:
        board[ev[1]]["hidden"] = True
    elif kind == "reveal" and len(ev) == 3:
        was = next((t for t, u in board.items() if u["hidden"] and u["code"] == ev[2]), None)
        if was is not None:
            board[ev[1]] = dict(board.pop(was), hidden=False)


def unit_piece(view: dict, enemy: str, code: str, royal: bool) -> dict:
    """A fresh hidden enemy unit of `code` as the view's army tables make it (full HP)."""
    entry = view["armies"][enemy][code]
    perk = PERK_HP.get(code, 0) if isinstance(entry, dict) and entry["p"] else 0
    foe = view["royals"][enemy]["id"]
    hp = (FOES[foe].hp if royal and foe in FOES else UNITS[code].hp) + perk
    return {"side": enemy, "type": code, "royal": royal, "hp": hp, "max": hp, "done": False,
            "hidden": True, "sieged": False, "aff": {"burn": [], "poison": [], "shock": 0, "freeze": 0},
            "fx": []}


def determinize(view: dict, history: list, side: str) -> dict:
    """The view with each hidden enemy unit put back on its last seen tile (when that tile is
    empty in the view); the view itself when none is, or the result would not be valid."""
    enemy = "G" if side == "C" else "C"
    guesses = {t: u for t, u in last_seen(history, side).items()
               if u["hidden"] and t not in view["pieces"] and u["code"] in ("Ro", "Qu")}
    if not guesses:
        return view
    has_royal = any(q["side"] == enemy and q.get("royal") for q in view["pieces"].values())
    pos = copy.deepcopy(view)
    for tile, u in sorted(guesses.items()):
        royal = u["royal"] and not has_royal
        pos["pieces"][tile] = unit_piece(view, enemy, u["code"], royal)
        has_royal = has_royal or royal
    try:
        validate(pos)
    except TowersError:
        return view
    return pos
