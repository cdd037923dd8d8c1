"""Where the AI believes the enemy's hidden units are (§9 determinization).

The side's own log names every enemy deploy and placement in full and every move, shove, death,
hide and reveal it was allowed to see; a hidden unit's later moves are dropped from it, so replaying
the log leaves each hidden enemy unit on the tile where it was last seen, and the turn it was seen.
It is believed still there unless the side sees that tile taken or watches it (a Watchtower's gaze
or a Mage beside it would have revealed it): then on the nearest tile it could have walked to since
(its Speed on each enemy turn) that is free and unwatched, nearer the side's own Royal on a tie —
the worse case. The planner then plays on the view with those units put back, hidden: it avoids
the actions they would block (a refusal costs nothing but the turn's plan) and counts the threats
they pose. Only a belief: a position it cannot make valid falls back to the plain view.
"""

from __future__ import annotations

import copy

from towers_core.errors import TowersError
from towers_core.gauntlet.board import ORDER, TILES, dist
from towers_core.gauntlet.position import validate
from towers_core.gauntlet.foes import FOES
from towers_core.gauntlet.stats import detected, speed
from towers_core.gauntlet.units import PERK_HP, UNITS


def last_seen(history: list, side: str) -> dict[str, dict]:
    """tile -> {"code", "royal", "hidden", "turn"} of the enemy units as `side`'s log last showed
    them (turn: when they were last seen)."""
    enemy = "G" if side == "C" else "C"
    board: dict[str, dict] = {}
    for e in history:
        a = e["a"]
        if e["side"] == enemy and "ev" in e and "@" in a and not a.startswith(("?", "tool")):
            code, rest = a.split("@", 1)
            if code in UNITS:
                board[rest.split("+")[0]] = {"code": code, "royal": "+" in rest, "hidden": False,
                                             "turn": e["turn"]}
        for ev in e.get("ev", []):
            follow(board, ev, e["turn"])
    return board


def follow(board: dict[str, dict], ev: list, turn: int) -> None:
    """One log event's effect (on `turn`) on the believed enemy units."""
    kind = ev[0]
    if kind in ("move", "shove") and len(ev) == 3 and ev[1] in board:
        board[ev[2]] = dict(board.pop(ev[1]), turn=turn)
    elif kind in ("die", "build") and len(ev) >= 2:
        board.pop(ev[1], None)
    elif kind == "hide" and len(ev) == 2 and ev[1] in board:
        board[ev[1]].update(hidden=True, turn=turn)
    elif kind == "reveal" and len(ev) == 3:
        was = next((t for t, u in board.items() if u["hidden"] and u["code"] == ev[2]), None)
        if was is not None:
            board[ev[1]] = dict(board.pop(was), hidden=False, turn=turn)


def unit_piece(view: dict, enemy: str, code: str, royal: bool) -> dict:
    """A fresh hidden enemy unit of `code` as the view's army tables make it (full HP)."""
    entry = view["armies"][enemy][code]
    perk = PERK_HP.get(code, 0) if isinstance(entry, dict) and entry["p"] else 0
    foe = view["royals"][enemy]["id"]
    hp = (FOES[foe].hp if royal and foe in FOES else UNITS[code].hp) + perk
    return {"side": enemy, "type": code, "royal": royal, "hp": hp, "max": hp, "done": False,
            "hidden": True, "sieged": False, "aff": {"burn": [], "poison": [], "shock": 0, "freeze": 0},
            "fx": []}


def enemy_turns_between(seen: int, now: int, enemy: str) -> int:
    """The enemy's turns after turn `seen` and before `now` (Crimson moves on odd turns)."""
    odd = enemy == "C"
    return sum(1 for t in range(seen + 1, now) if (t % 2 == 1) == odd)


def believed_tile(pos: dict, seen: str, piece: dict, reach: int, mine: str | None) -> str | None:
    """Where the hidden `piece` last seen on `seen` is believed to stand in `pos`: there if free and
    unwatched, else the nearest such tile within `reach`, nearer `mine` (our Royal) on a tie."""
    def free(t: str) -> bool:
        return t not in pos["pieces"] and not detected(pos, t, piece)
    if free(seen):
        return seen
    spots = [t for t in TILES if 0 < dist(t, seen) <= reach and free(t)]
    if not spots:
        return None
    return min(spots, key=lambda t: (dist(t, seen), dist(t, mine) if mine else 0, ORDER[t]))


def determinize(view: dict, history: list, side: str) -> dict:
    """The view with each hidden enemy Rogue, Queen or Royal put back where it is believed to be;
    the view itself when there is none, or the result would not be valid."""
    enemy = "G" if side == "C" else "C"
    seen = {t: u for t, u in last_seen(history, side).items()
            if u["hidden"] and (u["code"] in ("Ro", "Qu") or u["royal"])}
    if not seen:
        return view
    has_royal = any(q["side"] == enemy and q.get("royal") for q in view["pieces"].values())
    mine = next((t for t, q in view["pieces"].items() if q["side"] == side and q.get("royal")), None)
    pos = copy.deepcopy(view)
    for tile, u in sorted(seen.items()):
        royal = u["royal"] and not has_royal
        if u["royal"] and not royal:
            continue
        piece = unit_piece(view, enemy, u["code"], royal)
        reach = speed(pos, piece) * enemy_turns_between(u["turn"], view["turn"], enemy)
        spot = believed_tile(pos, tile, piece, reach, mine)
        if spot is not None:
            pos["pieces"][spot] = piece
            has_royal = has_royal or royal
    if pos["pieces"] == view["pieces"]:
        return view
    try:
        validate(pos)
    except TowersError:
        return view
    return pos
