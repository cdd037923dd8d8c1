"""A clean-room reference of the Castles rules (docs/rules/castles.md), written from the spec and
docs/rules-decisions.md (Castles section) only, without reading the engine.

It works on the API's position dict (§8) and action strings (§7): `legal_actions`, `apply`,
`mobility`. It does not validate positions (§8 bad input) or cover the AI; it assumes a valid dict.
"""

from __future__ import annotations

FILES = "abcdefg"
SQUARES = tuple(f + str(r) for r in range(1, 8) for f in FILES)
CASTLES = ("a4", "d1", "d4", "d7", "g4")
PLAYERS = ("S", "N")
OTHER = {"S": "N", "N": "S"}
STEPS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
QUIET_LIMIT = 60  # §6.4
PLY_LIMIT = 400  # §6.4
COUNTER_CAP = 10**12  # decisions 4: a counter already at its bound stays there

START = {"a4": "X", "d1": "X", "d4": "X", "d7": "X", "g4": "X",
         "b2": "SS", "c2": "SS", "b3": "SS", "c3": "SS",
         "e5": "NN", "f5": "NN", "e6": "NN", "f6": "NN"}


class Refused(ValueError):
    """The reference refuses an action (illegal, or the game is over)."""


def new_position() -> dict:
    """§2: the start, S to move, nothing played; `quiet` 0 (§8: the start counts as a Build)."""
    return {"game": "castles", "board": dict(START), "to_move": "S", "ply": 0, "quiet": 0, "result": None}


def _step(sq: str, d: str) -> str | None:
    f, r = FILES.index(sq[0]) + STEPS[d][0], int(sq[1:]) + STEPS[d][1]
    if 0 <= f < 7 and 1 <= r <= 7:
        return FILES[f] + str(r)
    return None


def _ray(sq: str, d: str) -> tuple[str, ...]:
    """N1, N2, ... : the squares beyond `sq` towards `d`, up to the edge."""
    out = []
    nxt = _step(sq, d)
    while nxt is not None:
        out.append(nxt)
        nxt = _step(nxt, d)
    return tuple(out)


RAYS = {(sq, d): _ray(sq, d) for sq in SQUARES for d in STEPS}


def _controller(tower: str) -> str | None:
    """§1: the owner of the top piece; nobody for an empty square or an X on top."""
    return tower[-1] if tower and tower[-1] in PLAYERS else None


def _crowned(sq: str, tower: str) -> bool:
    """§6: a full castle with a player's piece on top (fine point 4: only on a castle)."""
    return sq in CASTLES and len(tower) == 5 and _controller(tower) is not None


def push_reach(board: dict, sq: str, d: str) -> int:
    """§5.1: k, the number of squares the push of the tower on `sq` towards `d` crosses."""
    h = len(board.get(sq, ""))
    k = 0
    for nxt in RAYS[sq, d][:max(h - 1, 0)]:  # the edge stops it too
        if len(board.get(nxt, "")) >= h:  # fine point 1: compare with h, the height before
            break
        k += 1
    return k


def _tower_moves(board: dict, player: str, sq: str):
    """The legal moves of `player` from the tower on `sq` (§4, §5), unsorted."""
    tower = board.get(sq, "")
    if _controller(tower) != player:
        return
    h = len(tower)
    if sq not in CASTLES and h <= 4:  # §4: own tower, not a castle, not full
        yield sq + "+"
    if h >= 2 and not _crowned(sq, tower):  # §5: h >= 2, not a crowned castle
        for d in "nesw":
            if push_reach(board, sq, d) >= 1:
                yield sq + d


def moves_for(board: dict, player: str) -> list[str]:
    """Every legal move of `player` on `board` as if it were their turn (§4, §5), sorted (§7)."""
    return sorted({mv for sq in board for mv in _tower_moves(board, player, sq)})


def has_move(board: dict, player: str) -> bool:
    return any(next(_tower_moves(board, player, sq), None) is not None for sq in board)


def is_legal(pos: dict, action: object) -> bool:
    """Whether `action` is one of the legal moves of the player to move."""
    if pos["result"] is not None or not isinstance(action, str) or len(action) != 3:
        return False
    return action[:2] in pos["board"] and action in _tower_moves(pos["board"], pos["to_move"], action[:2])


def legal_actions(pos: dict) -> list[str]:
    """The player to move's legal moves ([] once the game is over, fine point 14); no `resign`."""
    if pos["result"] is not None:
        return []
    return moves_for(pos["board"], pos["to_move"])


def mobility(pos: dict) -> dict:
    """§6 ⇆: each player's legal moves on this board as if it were their turn (fine points 9, 14)."""
    return {p: len(moves_for(pos["board"], p)) for p in PLAYERS}


def play_board(board: dict, player: str, action: str) -> dict:
    """The board after `player` plays the legal move `action` (§4, §5.2-3)."""
    b = dict(board)
    sq, kind = action[:2], action[2]
    if kind == "+":
        b[sq] = b[sq] + player
        return b
    tower = b[sq]
    h = len(tower)
    k = push_reach(b, sq, kind)
    stay, travel = tower[:h - k], tower[h - k:]
    if stay:
        b[sq] = stay
    else:  # cannot happen (k <= h - 1), kept for safety
        del b[sq]
    for piece, nxt in zip(travel, RAYS[sq, kind]):  # the lowest travelling piece on N1, the top on Nk
        b[nxt] = b.get(nxt, "") + piece
    return b


def castles_held(board: dict, player: str) -> int:
    return sum(1 for c in CASTLES if _controller(board.get(c, "")) == player)


def crowns_held(board: dict, player: str) -> int:
    return sum(1 for c in CASTLES if _crowned(c, board.get(c, "")) and _controller(board[c]) == player)


def end_of(board: dict, mover: str, ply: int, quiet: int) -> dict | None:
    """§6: the result after `mover`'s move left `board` and the counters, or None."""
    other = OTHER[mover]
    order = (mover, other)  # the mover is checked first
    for p in order:  # 1
        if castles_held(board, p) >= 4:
            return {"winner": p, "reason": "castles"}
    for p in order:  # 2
        if crowns_held(board, p) >= 3:
            return {"winner": p, "reason": "crowns"}
    if not has_move(board, other):  # 3
        return {"winner": mover, "reason": "no-moves"}
    reason = None
    if quiet >= QUIET_LIMIT:  # 4, and fine point 10: on a tie, `quiet`
        reason = "quiet"
    elif ply >= PLY_LIMIT:
        reason = "limit"
    if reason is None:
        return None
    cs, cn = castles_held(board, "S"), castles_held(board, "N")
    if cs == cn:
        cs, cn = crowns_held(board, "S"), crowns_held(board, "N")
    winner = None if cs == cn else ("S" if cs > cn else "N")
    return {"winner": winner, "reason": reason}


def apply(pos: dict, action: str) -> dict:
    """The position after `action` (a legal move or `resign`); `pos` is not mutated."""
    if pos["result"] is not None:
        raise Refused("the game is over")
    mover = pos["to_move"]
    if isinstance(action, str) and action == "resign":  # fine point 11: only `result` changes
        out = dict(pos, board=dict(pos["board"]))
        out["result"] = {"winner": OTHER[mover], "reason": "resign"}
        return out
    if not is_legal(pos, action):
        raise Refused(f"{action!r} is not legal")
    board = play_board(pos["board"], mover, action)
    ply = min(pos["ply"] + 1, COUNTER_CAP) if pos["ply"] < COUNTER_CAP else pos["ply"]
    if action.endswith("+"):  # fine point 8 / decision 1: reset before the checks
        quiet = 0
    else:
        quiet = min(pos["quiet"] + 1, COUNTER_CAP) if pos["quiet"] < COUNTER_CAP else pos["quiet"]
    return {"game": "castles", "board": board, "to_move": OTHER[mover], "ply": ply, "quiet": quiet,
            "result": end_of(board, mover, ply, quiet)}


KEYS = ("game", "board", "to_move", "ply", "quiet", "result")
REASONS = ("castles", "crowns", "no-moves", "quiet", "limit", "resign")


def problem(pos: object) -> str | None:
    """§8 and decisions 3-6: the field a bad position gets wrong (its name), or None if valid."""
    if not isinstance(pos, dict):
        return "position"
    for key in pos:
        if key not in KEYS:
            return str(key)
    for key in KEYS:
        if key not in pos:
            return key
    if pos["game"] != "castles":
        return "game"
    board = pos["board"]
    if not isinstance(board, dict):
        return "board"
    for sq, tower in board.items():
        if sq not in SQUARES:
            return "board"
        if not isinstance(tower, str) or not 1 <= len(tower) <= 5 or set(tower) - {"S", "N", "X"}:
            return sq
        if "X" in tower[1:] or (tower[0] == "X") != (sq in CASTLES):
            return sq
    for c in CASTLES:
        if c not in board:
            return c
    if not isinstance(pos["to_move"], str) or pos["to_move"] not in PLAYERS:
        return "to_move"
    for key in ("ply", "quiet"):
        v = pos[key]
        if type(v) is not int or not 0 <= v <= COUNTER_CAP:
            return key
    res = pos["result"]
    if res is not None:
        if not isinstance(res, dict) or set(res) != {"winner", "reason"}:
            return "result"
        if res["winner"] not in (*PLAYERS, None) or res["reason"] not in REASONS:
            return "result"
        if res["winner"] is None and res["reason"] not in ("quiet", "limit"):
            return "result"
    return None
