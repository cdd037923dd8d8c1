"""An independent, slow, plain-Python reading of docs/rules/castles.md for the Castles tests.

Written from the spec text, not from the engine: positions are the §8 dicts; it lists legal
actions (§4, §5, §7), applies them and runs the end checks of §6. Tests compare the engine with it.
"""
from __future__ import annotations

FILES = "abcdefg"
CASTLES = ("a4", "d1", "d4", "d7", "g4")
DELTA = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
OTHER = {"S": "N", "N": "S"}
COUNTER_MAX = 10**12  # docs/rules-decisions.md, Castles 4: a counter at its bound stays there


def neighbour(sq: str, d: str) -> str | None:
    f, r = FILES.index(sq[0]) + DELTA[d][0], int(sq[1]) + DELTA[d][1]
    return f"{FILES[f]}{r}" if 0 <= f < 7 and 1 <= r <= 7 else None


def crossed(board: dict, sq: str, d: str) -> list[str]:
    """N1..Nk of §5.1."""
    h = len(board[sq])
    out, cur = [], sq
    while len(out) < h - 1:
        cur = neighbour(cur, d)
        if cur is None or len(board.get(cur, "")) >= h:
            break
        out.append(cur)
    return out


def moves(board: dict, player: str) -> list[str]:
    out = []
    for sq, tower in board.items():
        if tower[-1] != player:
            continue
        if sq not in CASTLES and len(tower) <= 4:
            out.append(sq + "+")
        crowned = sq in CASTLES and len(tower) == 5
        if len(tower) >= 2 and not crowned:
            out += [sq + d for d in "nesw" if crossed(board, sq, d)]
    return sorted(out)


def castle_tally(board: dict) -> tuple[dict, dict]:
    held, crowns = {"S": 0, "N": 0}, {"S": 0, "N": 0}
    for c in CASTLES:
        top = board[c][-1]
        if top in held:
            held[top] += 1
            crowns[top] += len(board[c]) == 5
    return held, crowns


def apply(pos: dict, action: str) -> dict:
    """The position after a legal action (no checking of legality here)."""
    new = {k: v for k, v in pos.items()}
    if action == "resign":
        new["result"] = {"winner": OTHER[pos["to_move"]], "reason": "resign"}
        return new
    board = dict(pos["board"])
    sq, kind = action[:2], action[2]
    mover = pos["to_move"]
    if kind == "+":
        board[sq] += mover
        new["quiet"] = 0
    else:
        path = crossed(board, sq, kind)
        tower = board[sq]
        k = len(path)
        travel, stay = tower[len(tower) - k:], tower[:len(tower) - k]
        for target, piece in zip(path, travel):
            board[target] = board.get(target, "") + piece
        if stay:
            board[sq] = stay
        else:
            del board[sq]
        new["quiet"] = min(pos["quiet"] + 1, COUNTER_MAX)
    new["board"] = board
    new["ply"] = min(pos["ply"] + 1, COUNTER_MAX)
    nxt = OTHER[mover]
    new["to_move"] = nxt
    new["result"] = end_check(board, mover, nxt, new["ply"], new["quiet"])
    return new


def end_check(board: dict, mover: str, nxt: str, ply: int, quiet: int) -> dict | None:
    held, crowns = castle_tally(board)
    for p in (mover, nxt):
        if held[p] >= 4:
            return {"winner": p, "reason": "castles"}
    for p in (mover, nxt):
        if crowns[p] >= 3:
            return {"winner": p, "reason": "crowns"}
    if not moves(board, nxt):
        return {"winner": mover, "reason": "no-moves"}
    if quiet >= 60 or ply >= 400:
        reason = "quiet" if quiet >= 60 else "limit"
        if held["S"] != held["N"]:
            return {"winner": "S" if held["S"] > held["N"] else "N", "reason": reason}
        if crowns["S"] != crowns["N"]:
            return {"winner": "S" if crowns["S"] > crowns["N"] else "N", "reason": reason}
        return {"winner": None, "reason": reason}
    return None
