"""A clean-room reference of the Castles rules, written from docs/rules/castles.md alone (and the Castles
section of docs/rules-decisions.md), for comparison with the engine in tests/test_castles_spec_ref.py.

It works on API position dicts (§8) and the action strings of §7; it does not validate input
(the engine's validation is tested elsewhere) and knows nothing of the engine's internals.
"""

from __future__ import annotations

FILES = "abcdefg"
CASTLES = ("a4", "d1", "d4", "d7", "g4")
PLAYERS = ("S", "N")
STEPS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
QUIET_LIMIT = 60
PLY_LIMIT = 400
COUNTER_MAX = 10 ** 12  # rules-decisions Castles 4: a counter at its bound stays there


def other(p: str) -> str:
    return "N" if p == "S" else "S"


def step(sq: str, d: str) -> str | None:
    """The square one step from `sq` in direction `d`, or None off the board (§1)."""
    df, dr = STEPS[d]
    f = FILES.index(sq[0]) + df
    r = int(sq[1]) + dr
    if 0 <= f < 7 and 1 <= r <= 7:
        return FILES[f] + str(r)
    return None


def controller(tower: str) -> str | None:
    """§1: the owner of the top piece; nobody for an empty square or an `X` top."""
    return tower[-1] if tower and tower[-1] in PLAYERS else None


def crowned(board: dict, sq: str) -> str | None:
    """§6: a full castle with a player's piece on top is crowned for that player."""
    t = board.get(sq, "")
    return controller(t) if sq in CASTLES and len(t) == 5 else None


def push_reach(board: dict, sq: str, d: str) -> list[str]:
    """§5.1: the squares N1..Nk a push of the tower on `sq` towards `d` crosses ([] when k = 0)."""
    h = len(board.get(sq, ""))
    out: list[str] = []
    cur = sq
    while len(out) < h - 1:
        cur = step(cur, d)
        if cur is None or len(board.get(cur, "")) >= h:
            break
        out.append(cur)
    return out


def moves_of(board: dict, player: str) -> list[str]:
    """The legal moves `player` would have on `board` if it were their turn (§4, §5), sorted (§7)."""
    out = []
    for sq, t in board.items():
        if controller(t) != player:
            continue
        if sq not in CASTLES and len(t) <= 4:
            out.append(sq + "+")
        if len(t) >= 2 and not crowned(board, sq):
            for d in "nesw":
                if push_reach(board, sq, d):
                    out.append(sq + d)
    return sorted(set(out))


def legal_actions(pos: dict) -> list[str]:
    if pos["result"] is not None:
        return []
    return moves_of(pos["board"], pos["to_move"])


def mobility(pos: dict) -> dict:
    """§6 ⇆ count, fine points 9 and 14: from the board, for each player, whatever the result."""
    return {p: len(moves_of(pos["board"], p)) for p in PLAYERS}


def play_board(board: dict, player: str, action: str) -> dict:
    """The board after a legal Build or Push (§4, §5)."""
    b = dict(board)
    sq, kind = action[:2], action[2]
    if kind == "+":
        b[sq] = b[sq] + player
        return b
    reach = push_reach(b, sq, kind)
    k = len(reach)
    t = b[sq]
    stay, travel = t[: len(t) - k], t[len(t) - k:]
    for piece, target in zip(travel, reach):
        b[target] = b.get(target, "") + piece
    if stay:
        b[sq] = stay
    else:  # cannot happen (k <= h - 1), kept for safety
        del b[sq]
    return b


def castles_held(board: dict, p: str) -> int:
    return sum(1 for c in CASTLES if controller(board.get(c, "")) == p)


def crowns_held(board: dict, p: str) -> int:
    return sum(1 for c in CASTLES if crowned(board, c) == p)


def apply(pos: dict, action: str) -> dict:
    """The position after `action` (assumed legal, or `resign`); `pos` is not changed."""
    mover = pos["to_move"]
    if action == "resign":  # fine point 11
        out = dict(pos)
        out["board"] = dict(pos["board"])
        out["result"] = {"winner": other(mover), "reason": "resign"}
        return out
    board = play_board(pos["board"], mover, action)
    ply = min(pos["ply"] + 1, COUNTER_MAX)
    quiet = 0 if action[2] == "+" else min(pos["quiet"] + 1, COUNTER_MAX)  # fine points 8, 10
    nxt = other(mover)
    result = None
    # §6 end checks, in order; the mover first.
    for p in (mover, nxt):
        if castles_held(board, p) >= 4:
            result = {"winner": p, "reason": "castles"}
            break
    if result is None:
        for p in (mover, nxt):
            if crowns_held(board, p) >= 3:
                result = {"winner": p, "reason": "crowns"}
                break
    if result is None and not moves_of(board, nxt):
        result = {"winner": mover, "reason": "no-moves"}
    if result is None and (quiet >= QUIET_LIMIT or ply >= PLY_LIMIT):
        reason = "quiet" if quiet >= QUIET_LIMIT else "limit"  # fine point 10: a tie says quiet
        cs, cn = castles_held(board, "S"), castles_held(board, "N")
        if cs == cn:
            cs, cn = crowns_held(board, "S"), crowns_held(board, "N")
        winner = "S" if cs > cn else "N" if cn > cs else None
        result = {"winner": winner, "reason": reason}
    return {"game": "castles", "board": board, "to_move": nxt, "ply": ply, "quiet": quiet,
            "result": result}
