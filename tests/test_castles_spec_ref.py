"""The engine against the clean-room reference tests/castles_spec_ref.py (CASTLES-RULES.md):
legal moves, ⇆ counts and the position after every move, over seeded random games."""

from __future__ import annotations

import random

import pytest

import castles_spec_ref as ref
from towers_core.castles import api

SQUARES = [f + str(r) for r in range(1, 8) for f in ref.FILES]


def _compare(pos: dict, where: str) -> list[str]:
    """Legal moves and ⇆ of `pos` agree; returns the legal moves."""
    legal = api.legal_actions(pos)
    assert legal == ref.legal_actions(pos), f"{where}: legal moves differ in {pos}"
    assert api.mobility(pos) == ref.mobility(pos), f"{where}: mobility differs in {pos}"
    return legal


def _step(pos: dict, action: str, where: str) -> dict:
    got = api.apply(pos, action)
    want = ref.apply(pos, action)
    assert got == want, f"{where}: after {action} from {pos}\n engine {got}\n ref    {want}"
    return got


def _score(pos: dict, action: str) -> int:
    """A bias towards the ends: castles taken, castles filled, pushes."""
    b = ref.play_board(pos["board"], pos["to_move"], action)
    me = pos["to_move"]
    return (10 * ref.castles_held(b, me) + 6 * ref.crowns_held(b, me)
            + sum(len(b.get(c, "")) for c in ref.CASTLES) + (2 if action[2] != "+" else 0))


def _play_game(pos: dict, rng: random.Random, bias: float, where: str, resign_p: float = 0.0) -> tuple[int, dict]:
    moves = 0
    while True:
        legal = _compare(pos, where)
        if pos["result"] is not None or not legal:
            break
        if rng.random() < resign_p:
            return moves + 1, _step(pos, "resign", where)
        if rng.random() < bias:
            best = max(_score(pos, a) for a in legal)
            action = rng.choice([a for a in legal if _score(pos, a) == best])
        else:
            action = rng.choice(legal)
        pos = _step(pos, action, where)
        moves += 1
    return moves, pos


def _random_position(rng: random.Random) -> dict:
    """A valid position: X-bottomed castles, random towers (sometimes sparse, one side scarce, to
    reach `no-moves`), counters near or past their limits."""
    board = {}
    density = rng.choice([0.35, 0.15, 0.08])
    mix = rng.choice(["SN", "SN", "SSSSSN", "SNNNNN"])
    for c in ref.CASTLES:
        board[c] = "X" + "".join(rng.choice(mix) for _ in range(rng.choice([0, 0, 1, 2, 3, 4, 4])))
    for sq in SQUARES:
        if sq in ref.CASTLES or rng.random() > density:
            continue
        board[sq] = "".join(rng.choice(mix) for _ in range(rng.choice([1, 1, 2, 2, 3, 4, 5])))
    ply = rng.choice([0, 5, 120, 390, 398, 399, 400, 450, 10 ** 12 - 1, 10 ** 12])
    quiet = rng.choice([0, 3, 50, 58, 59, 60, 75, 10 ** 12])
    return {"game": "castles", "board": board, "to_move": rng.choice("SN"), "ply": ply,
            "quiet": quiet, "result": None}


@pytest.mark.parametrize("bias", [0.0, 0.6, 0.95])
def test_random_games_from_the_start_match_the_reference(bias):
    rng = random.Random(1000 + int(bias * 100))
    ends = {}
    total = 0
    for g in range(40):
        moves, pos = _play_game(api.new_position(), rng, bias, f"game {g} bias {bias}")
        total += moves
        key = pos["result"]["reason"] if pos["result"] else "stranded"
        ends[key] = ends.get(key, 0) + 1
    assert total > 0
    print(f"bias {bias}: {total} moves, ends {ends}")


def test_random_positions_match_the_reference():
    rng = random.Random(7)
    total = 0
    ends = {}
    for g in range(400):
        pos = _random_position(rng)
        moves, pos = _play_game(pos, rng, rng.choice([0.0, 0.8]), f"position {g}", resign_p=0.01)
        total += moves
        key = pos["result"]["reason"] if pos["result"] else "stranded"
        ends[key] = ends.get(key, 0) + 1
    print(f"random positions: {total} moves, ends {ends}")
    assert {"castles", "crowns", "no-moves", "quiet", "limit", "resign", "stranded"} <= set(ends)
