"""Skirmish matches between levels: how one game is played (musters, each side's history, the
seeded pulls); the pairs, processes, tallies and Elo are towers_core.matches."""

from __future__ import annotations

import time
from collections.abc import Callable

from towers_core import matches
from towers_core.board import OTHER
from towers_core.matches import Game
from towers_core.skirmish import api, position
from towers_core.skirmish.ai.contenders import choose_action, choose_muster


Chooser = Callable[[dict, list[dict], str, int], str]


def by_view(pos: dict, history: list[dict], level: str, seed: int) -> str:
    """A player's move: the level sees only the mover's view and history (the referee holds `pos`)."""
    return choose_action(position.view(pos, pos["to_move"]), history, level, seed)


def play_game(g: Game) -> dict:
    """Play one game to its end; the score is from A's side (1 win, 0.5 draw, 0 loss)."""
    return play_with(g, by_view)


def play_with(g: Game, choose: Chooser, musters: dict[str, list[str]] | None = None) -> dict:
    """Play one game, each move from `choose(position, mover's history, level, seed)` (the referee's
    loop; only a diagnostic passes anything but `by_view`)."""
    players = {g.a_side: g.a, OTHER[g.a_side]: g.b}
    musters = musters or {side: choose_muster(level, g.seed) for side, level in players.items()}
    pos = api.new_position(g.seed, musters)
    history: dict[str, list[dict]] = {"S": [], "N": []}
    think = {"S": [0.0, 0.0, 0], "N": [0.0, 0.0, 0]}  # total, longest, moves
    moves = []
    while pos["result"] is None:
        me = pos["to_move"]
        t0 = time.perf_counter()
        action = choose(pos, history[me], players[me], g.seed + pos["actions"])
        matches.note_time(think[me], time.perf_counter() - t0)
        pos, entry = api.play(pos, action, rng_seed=g.seed * 1009 + pos["actions"])
        moves.append(action)
        for side in ("S", "N"):
            history[side].append(api.history_entry(entry, pos, side))
    winner = pos["result"]["winner"]
    score = 0.5 if winner is None else (1.0 if winner == g.a_side else 0.0)
    return {"game": g, "score": score, "reason": pos["result"]["reason"], "plies": pos["actions"],
            "think_a": think[g.a_side], "think_b": think[OTHER[g.a_side]], "moves": moves,
            "setup": {"musters": musters}}


def match(a: str, b: str, games: int, seed: int, concurrency: int,
          report: Callable[[str], None] = print, record: str | None = None, skip: int = 0) -> dict:
    """Play the match (without the schedule's first `skip` games), report each game (and append it
    to `record`), return tallies and Elo figures."""
    return matches.match(play_game, a, b, games, seed, concurrency, report, record, skip)
