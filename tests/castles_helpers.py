"""Shared builders for the Castles tests: positions from a few squares, random playable positions."""
from __future__ import annotations

import random

from towers_core.castles import api

CASTLE_X = {"a4": "X", "d1": "X", "d4": "X", "d7": "X", "g4": "X"}


def make_pos(board: dict, to_move: str = "S", ply: int = 10, quiet: int = 1, result=None) -> dict:
    """A position with the given towers; castles not mentioned hold their bare X."""
    full = dict(CASTLE_X)
    full.update(board)
    return {"game": "castles", "board": full, "to_move": to_move, "ply": ply, "quiet": quiet, "result": result}


def random_game(seed: int, max_plies: int = 400) -> list[dict]:
    """The positions of one random game from the start (the last may be finished)."""
    rng = random.Random(seed)
    pos = api.new_position()
    out = [pos]
    while pos["result"] is None and len(out) <= max_plies:
        pos = api.apply(pos, rng.choice(api.legal_actions(pos)))
        out.append(pos)
    return out


def random_board(rng: random.Random, fill: float = 0.6) -> dict:
    """A random legal board: every square maybe a tower of 1-5 S/N pieces, castles with their X."""
    board = {}
    for f in "abcdefg":
        for r in range(1, 8):
            sq = f"{f}{r}"
            if sq in CASTLE_X:
                board[sq] = "X" + "".join(rng.choice("SN") for _ in range(rng.choice([0, 0, 1, 2, 3, 4])))
            elif rng.random() < fill:
                board[sq] = "".join(rng.choice("SN") for _ in range(rng.randint(1, 5)))
    return board
