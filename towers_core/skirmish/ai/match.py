"""Matches between levels: colour-swapped game pairs from shared seeds, in parallel processes,
scored as W/D/L and an Elo difference with a 95% interval (from the pair scores)."""

from __future__ import annotations

import json
import math
import time
import multiprocessing
import statistics
from dataclasses import dataclass
from typing import Callable, Iterator

from towers_core.skirmish import api, position
from towers_core.skirmish.ai.contenders import choose_action, choose_muster

OTHER = {"S": "N", "N": "S"}


@dataclass(frozen=True)
class Game:
    pair: int
    a: str
    b: str
    a_side: str
    seed: int


def game_seed(seed: int, pair: int) -> int:
    """The shared seed of one colour-swapped pair (terrain, first player, pulls, AI seeds)."""
    return (seed * 1_000_003 + pair * 7919) & 0x7FFFFFFF


def play_game(g: Game) -> dict:
    """Play one game to its end; the score is from A's side (1 win, 0.5 draw, 0 loss)."""
    players = {g.a_side: g.a, OTHER[g.a_side]: g.b}
    musters = {side: choose_muster(level, g.seed) for side, level in players.items()}
    pos = api.new_position(g.seed, musters)
    history: dict[str, list[dict]] = {"S": [], "N": []}
    think = {"S": [0.0, 0.0, 0], "N": [0.0, 0.0, 0]}  # total, longest, moves
    moves = []
    while pos["result"] is None:
        me = pos["to_move"]
        t0 = time.perf_counter()
        action = choose_action(position.view(pos, me), history[me], players[me], g.seed + pos["actions"])
        _note_time(think[me], time.perf_counter() - t0)
        pos, entry = api.play(pos, action, rng_seed=g.seed * 1009 + pos["actions"])
        moves.append(action)
        for side in ("S", "N"):
            history[side].append(api.history_entry(entry, pos, side))
    winner = pos["result"]["winner"]
    score = 0.5 if winner is None else (1.0 if winner == g.a_side else 0.0)
    return {"game": g, "score": score, "reason": pos["result"]["reason"], "plies": pos["actions"],
            "think_a": think[g.a_side], "think_b": think[OTHER[g.a_side]], "moves": moves}


def _note_time(acc: list, dt: float) -> None:
    acc[0] += dt
    acc[1] = max(acc[1], dt)
    acc[2] += 1


def think_summary(results: list[dict], key: str) -> tuple[float, float]:
    """Mean and longest time per move of one side over the match."""
    total = sum(r[key][0] for r in results)
    moves = sum(r[key][2] for r in results)
    return total / max(moves, 1), max(r[key][1] for r in results)


def schedule(a: str, b: str, games: int, seed: int) -> list[Game]:
    """Pairs of games on the same seed, A playing South in one and North in the other."""
    out = []
    for i in range(games):
        pair = i // 2
        side = "S" if i % 2 == 0 else "N"
        out.append(Game(pair, a, b, side, game_seed(seed, pair)))
    return out


def run_games(jobs: list[Game], concurrency: int) -> Iterator[dict]:
    """Results as games finish (one process per concurrent game)."""
    if concurrency <= 1:
        yield from map(play_game, jobs)
        return
    with multiprocessing.get_context("fork").Pool(concurrency) as pool:
        yield from pool.imap_unordered(play_game, jobs)


def elo(score: float) -> float:
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_interval(results: list[dict]) -> tuple[float, float, float]:
    """Elo difference and its 95% interval; pairs are the independent samples (shared seeds)."""
    pairs: dict[int, list[float]] = {}
    for r in results:
        pairs.setdefault(r["game"].pair, []).append(r["score"])
    samples = [sum(v) / len(v) for v in pairs.values()]
    n_games = len(results)
    mean = sum(r["score"] for r in results) / n_games
    se = statistics.pstdev(samples) / math.sqrt(len(samples)) if len(samples) >= 2 else 0.0
    if se == 0.0:  # a clean sweep (or one pair): fall back on the binomial spread of a coin at 1/n
        p = min(max(mean, 1.0 / n_games), 1 - 1.0 / n_games)
        se = math.sqrt(p * (1 - p) / n_games)
    lo_clip, hi_clip = 0.5 / n_games, 1 - 0.5 / n_games
    clip = lambda s: min(max(s, lo_clip), hi_clip)  # noqa: E731  (a 100% score has no finite Elo)
    return elo(clip(mean)), elo(clip(mean - 1.96 * se)), elo(clip(mean + 1.96 * se))


def record_game(path: str, r: dict) -> None:
    """Append one finished game (seed, sides, result, moves) as a JSON line, for replaying it."""
    g = r["game"]
    row = {"pair": g.pair, "a": g.a, "b": g.b, "a_side": g.a_side, "seed": g.seed, "score": r["score"],
           "reason": r["reason"], "plies": r["plies"], "moves": r["moves"]}
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")


def match(a: str, b: str, games: int, seed: int, concurrency: int,
          report: Callable[[str], None] = print, record: str | None = None) -> dict:
    """Play the match, report each game (and append it to `record`), return tallies and Elo figures."""
    jobs = schedule(a, b, games, seed)
    results = []
    w = d = l = 0
    for r in run_games(jobs, concurrency):
        results.append(r)
        if record:
            record_game(record, r)
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
            "think_a": think_summary(results, "think_a"), "think_b": think_summary(results, "think_b")}
