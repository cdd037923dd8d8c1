"""Castles matches between levels: colour-swapped game pairs from a shared random opening, in
parallel processes, scored as W/D/L and an Elo difference with a 95% interval (towers_core.elo).

Castles has no chance and one start, so each pair first plays OPENING_PLIES uniformly random plies
(from the pair's seed, the same in both games of the pair); the levels take over from there.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from towers_core.castles import api
from towers_core.castles.ai.player import choose_action
from towers_core.elo import elo_interval

OTHER = {"S": "N", "N": "S"}
OPENING_PLIES = 4


@dataclass(frozen=True)
class Game:
    pair: int
    a: str
    b: str
    a_side: str
    seed: int


def game_seed(seed: int, pair: int) -> int:
    """The shared seed of one colour-swapped pair (opening and AI seeds)."""
    return (seed * 1_000_003 + pair * 7919) & 0x7FFFFFFF


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
    while pos["result"] is None:
        me = pos["to_move"]
        if not api.legal_actions(pos):  # only a loaded position can strand a player (fine point 13)
            pos = api.apply(pos, "resign")
            break
        t0 = time.perf_counter()
        action = choose_action(pos, players[me], g.seed + pos["ply"])
        dt = time.perf_counter() - t0
        acc = think[me]
        acc[0] += dt
        acc[1] = max(acc[1], dt)
        acc[2] += 1
        pos = api.apply(pos, action)
    winner = pos["result"]["winner"]
    score = 0.5 if winner is None else (1.0 if winner == g.a_side else 0.0)
    return {"game": g, "score": score, "reason": pos["result"]["reason"], "plies": pos["ply"],
            "think_a": think[g.a_side], "think_b": think[OTHER[g.a_side]]}


def think_summary(results: list[dict], key: str) -> tuple[float, float]:
    """Mean and longest time per move of one side over the match."""
    total = sum(r[key][0] for r in results)
    moves = sum(r[key][2] for r in results)
    return total / max(moves, 1), max(r[key][1] for r in results)


def schedule(a: str, b: str, games: int, seed: int) -> list[Game]:
    """Pairs of games from the same opening, A playing South in one and North in the other."""
    return [Game(i // 2, a, b, "S" if i % 2 == 0 else "N", game_seed(seed, i // 2)) for i in range(games)]


def run_games(jobs: list[Game], concurrency: int) -> Iterator[dict]:
    """Results as games finish (one process per concurrent game)."""
    if concurrency <= 1:
        yield from map(play_game, jobs)
        return
    with multiprocessing.get_context("fork").Pool(concurrency) as pool:
        yield from pool.imap_unordered(play_game, jobs)


def match(a: str, b: str, games: int, seed: int, concurrency: int,
          report: Callable[[str], None] = print) -> dict:
    """Play the match, report each game, and return the tallies and Elo figures."""
    results = []
    w = d = l = 0
    for r in run_games(schedule(a, b, games, seed), concurrency):
        results.append(r)
        w += r["score"] == 1.0
        d += r["score"] == 0.5
        l += r["score"] == 0.0
        g = r["game"]
        outcome = {1.0: f"{a} wins", 0.5: "draw", 0.0: f"{b} wins"}[r["score"]]
        report(f"game {len(results):>3}/{games} pair {g.pair:>3} {a}({g.a_side}) vs {b}({OTHER[g.a_side]}): "
               f"{outcome} by {r['reason']} in {r['plies']} plies   [W/D/L {w}/{d}/{l}]")
    diff, lo, hi = elo_interval(results)
    return {"a": a, "b": b, "games": len(results), "wins": w, "draws": d, "losses": l,
            "score": (w + d / 2) / len(results), "elo": diff, "elo_lo": lo, "elo_hi": hi,
            "mean_plies": sum(r["plies"] for r in results) / len(results),
            "reasons": _reasons(results),
            "think_a": think_summary(results, "think_a"), "think_b": think_summary(results, "think_b")}


def _reasons(results: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in results:
        out[r["reason"]] = out.get(r["reason"], 0) + 1
    return out
