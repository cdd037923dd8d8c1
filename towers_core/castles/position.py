"""Position files (docs/rules/castles.md §8) <-> the C engine, with validation that names the bad field.

Validation never changes its input; a valid position becomes an `Engine`, and an engine becomes a
fresh position dict.
"""

from __future__ import annotations

from towers_core.board import SQUARE_INDEX, SQUARES
from towers_core.castles.notation import CASTLES, PLAYERS
from towers_core.castles import rules
from towers_core.castles.rules import Engine
from towers_core.errors import BadPosition, brief

KEYS = ("game", "board", "to_move", "ply", "quiet", "result")
REASONS: tuple[str, ...] = rules.REASONS[1:]  # the engine's end reasons (its 0 is "none yet")
DRAW_REASONS = ("quiet", "limit")
COUNTER_MAX = 10**12  # far past every limit; keeps the counters inside the engine's integers

START_BOARD = {
    "a4": "X", "d1": "X", "d4": "X", "d7": "X", "g4": "X",
    "b2": "SS", "c2": "SS", "b3": "SS", "c3": "SS",
    "e5": "NN", "f5": "NN", "e6": "NN", "f6": "NN",
}


def start() -> dict:
    """The start position of §2."""
    return {"game": "castles", "board": dict(START_BOARD), "to_move": "S", "ply": 0, "quiet": 0, "result": None}


def validate(pos: object) -> None:
    """Raise BadPosition naming the field when `pos` is not a position of §8."""
    if not isinstance(pos, dict):
        raise BadPosition(f"position must be a JSON object, not {type(pos).__name__}")
    for key in pos:
        if key not in KEYS:
            raise BadPosition(f"unknown key {brief(key)} in position")
    for key in KEYS:
        if key not in pos:
            raise BadPosition(f"position lacks {key!r}")
    if pos["game"] != "castles":
        raise BadPosition(f"game must be 'castles', not {brief(pos['game'])}")
    _validate_board(pos["board"])
    if not isinstance(pos["to_move"], str) or pos["to_move"] not in PLAYERS:
        raise BadPosition(f"to_move must be 'S' or 'N', not {brief(pos['to_move'])}")
    for key in ("ply", "quiet"):
        v = pos[key]
        if not isinstance(v, int) or isinstance(v, bool):
            raise BadPosition(f"{key} must be an integer, not {type(v).__name__}")
        if v < 0:
            raise BadPosition(f"{key} must not be negative ({brief(v)})")
        if v > COUNTER_MAX:
            raise BadPosition(f"{key} is too large ({brief(v)} > {COUNTER_MAX})")
    _validate_result(pos["result"])


def _validate_board(board: object) -> None:
    if not isinstance(board, dict):
        raise BadPosition(f"board must be an object of square -> tower, not {type(board).__name__}")
    for sq, tower in board.items():
        if not isinstance(sq, str) or sq not in SQUARE_INDEX:
            raise BadPosition(f"board: unknown square {brief(sq)}")
        if not isinstance(tower, str):
            raise BadPosition(f"board[{sq!r}] must be a string over S, N, X, not {type(tower).__name__}")
        if tower == "":
            raise BadPosition(f"board[{sq!r}] is an empty tower: leave empty squares out")
        if len(tower) > 5:
            raise BadPosition(f"board[{sq!r}] is {len(tower)} pieces tall (at most 5)")
        if any(c not in "SNX" for c in tower):
            raise BadPosition(f"board[{sq!r}] = {tower!r} has a piece other than S, N, X")
        if sq in CASTLES:
            if tower[0] != "X" or "X" in tower[1:]:
                raise BadPosition(f"board[{sq!r}]: a castle holds exactly one X, at the bottom ({tower!r})")
        elif "X" in tower:
            raise BadPosition(f"board[{sq!r}]: an X may stand only at the bottom of a castle ({tower!r})")
    for sq in CASTLES:
        if sq not in board:
            raise BadPosition(f"board[{sq!r}]: the castle lacks its X")


def _validate_result(result: object) -> None:
    if result is None:
        return
    if not isinstance(result, dict) or set(result) != {"winner", "reason"}:
        raise BadPosition("result must be null or {'winner': 'S' | 'N' | null, 'reason': ...}")
    winner, reason = result["winner"], result["reason"]
    if winner is not None and (not isinstance(winner, str) or winner not in PLAYERS):
        raise BadPosition(f"result.winner must be 'S', 'N' or null, not {brief(winner)}")
    if not isinstance(reason, str) or reason not in REASONS:
        raise BadPosition(f"result.reason must be one of {', '.join(REASONS)}, not {brief(reason)}")
    if winner is None and reason not in DRAW_REASONS:
        raise BadPosition(f"result.winner null (a draw) is only possible by quiet or limit, not {reason!r}")


def to_engine(pos: object) -> Engine:
    """A validated engine for `pos` (BadPosition otherwise)."""
    validate(pos)
    e = Engine()
    for sq, tower in pos["board"].items():
        e.set_tower(SQUARE_INDEX[sq], tower)
    r = pos["result"]
    result = None if r is None else (None if r["winner"] is None else PLAYERS.index(r["winner"]), r["reason"])
    e.set_meta(PLAYERS.index(pos["to_move"]), pos["ply"], pos["quiet"], result)
    return e


def from_engine(e: Engine) -> dict:
    """A new position dict for the engine's state (its counters kept within COUNTER_MAX, so a move
    from a file already at the bound writes a position that loads again, as Skirmish's do)."""
    meta = e.get_meta()
    board = {}
    for i, sq in enumerate(SQUARES):
        tower = e.get_tower(i)
        if tower:
            board[sq] = tower
    r = meta["result"]
    result = None if r is None else {"winner": None if r["winner"] is None else PLAYERS[r["winner"]],
                                     "reason": r["reason"]}
    return {"game": "castles", "board": board, "to_move": PLAYERS[meta["to_move"]],
            "ply": min(meta["ply"], COUNTER_MAX), "quiet": min(meta["quiet"], COUNTER_MAX), "result": result}
