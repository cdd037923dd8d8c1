"""Castles matches between levels (the machinery is towers_core.matches).

Castles has no chance and one start, so each colour-swapped pair first plays OPENING_PLIES
uniformly random plies from the pair's seed (the same in both games); the levels take over there.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from towers_core import matches
from towers_core.castles import api
from towers_core.castles.ai.player import choose_action
from towers_core.board import OTHER
from towers_core.matches import Game

OPENING_PLIES = 4


def opening(seed: int) -> dict:
    """The pair's start: OPENING_PLIES random plies from the start position."""
    rng = random.Random(seed)
    pos = api.new_position()
    for _ in range(OPENING_PLIES):
        pos = api.apply(pos, rng.choice(api.legal_actions(pos)))
    return pos


def play_game(g: Game) -> dict:
    """Play one game to its end; the score is from A's side (1 win, 0.5 draw, 0 loss)."""
    players = {g.a_side: g.a, OTHER[g.a_side]: g.b}
    pos = opening(g.seed)
    think = {"S": [0.0, 0.0, 0], "N": [0.0, 0.0, 0]}  # total, longest, moves
    moves = []  # after the random opening, which the seed replays
    while pos["result"] is None:
        me = pos["to_move"]
        t0 = time.perf_counter()
        action = choose_action(pos, players[me], g.seed + pos["ply"])  # 'resign' only when stranded
        matches.note_time(think[me], time.perf_counter() - t0)
        pos = api.apply(pos, action)
        moves.append(action)
    winner = pos["result"]["winner"]
    score = 0.5 if winner is None else (1.0 if winner == g.a_side else 0.0)
    return {"game": g, "score": score, "reason": pos["result"]["reason"], "plies": pos["ply"],
            "think_a": think[g.a_side], "think_b": think[OTHER[g.a_side]], "moves": moves}


def match(a: str, b: str, games: int, seed: int, concurrency: int,
          report: Callable[[str], None] = print, record: str | None = None, skip: int = 0) -> dict:
    """Play the match (without the schedule's first `skip` games), report each game (and append it
    to `record`), return tallies and Elo figures."""
    return matches.match(play_game, a, b, games, seed, concurrency, report, record, skip)
