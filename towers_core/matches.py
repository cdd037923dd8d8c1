"""Game-independent match machinery: colour-swapped pairs on shared seeds, run in parallel
processes, tallied as W/D/L with the Elo figures of towers_core.elo.

A game supplies `play_game(Game) -> dict` (a module-level function, so it pickles) returning at
least `game`, `score` (A's: 1 / 0.5 / 0), `reason`, `plies`, `think_a` and `think_b`
([total seconds, longest, moves]); `referee` plays a game to its end through the game's `api`
module and returns exactly that.
"""

from __future__ import annotations

import json
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType

from towers_core.board import OTHER
from towers_core.elo import elo_interval

Chooser = Callable[[dict, list, str, int], str]
"""(the referee's position, the mover's history, level, seed) -> action; a fair player reads only
the mover's `api.view` of the position."""


@dataclass(frozen=True)
class Game:
    """One scheduled game of a match: its pair, the two players, the side A plays and its seed."""
    pair: int
    a: str
    b: str
    a_side: str
    seed: int


def game_seed(seed: int, pair: int) -> int:
    """The shared seed of one colour-swapped pair."""
    return (seed * 1_000_003 + pair * 7919) & 0x7FFFFFFF


def schedule(a: str, b: str, games: int, seed: int) -> list[Game]:
    """Pairs of games on the same seed, A playing South in one and North in the other."""
    return [Game(i // 2, a, b, "S" if i % 2 == 0 else "N", game_seed(seed, i // 2)) for i in range(games)]


def run_games(play_game: Callable[[Game], dict], jobs: list[Game], concurrency: int) -> Iterator[dict]:
    """Results as games finish (one process per concurrent game)."""
    if concurrency <= 1:
        yield from map(play_game, jobs)
        return
    with multiprocessing.get_context("fork").Pool(concurrency) as pool:
        yield from pool.imap_unordered(play_game, jobs)


def note_time(acc: list, dt: float) -> None:
    """Add one move's thinking time to [total, longest, moves]."""
    acc[0] += dt
    acc[1] = max(acc[1], dt)
    acc[2] += 1


def referee(g: Game, api: ModuleType, pos: dict, choose: Chooser, ply: Callable[[dict], int],
            play: Callable[[dict, str], tuple[dict, list[dict]]] | None = None) -> dict:
    """Play `pos` to its end through the game's common `api` (docs/architecture.md): each move from
    `choose`, seeded by `g.seed + ply(pos)`, with the mover's own history; `play` replaces
    `api.play` where the game seeds its luck. The result as `match` reads it."""
    players = {g.a_side: g.a, _other(api, g.a_side): g.b}
    history: dict[str, list] = {side: [] for side in api.SIDES}
    think = {side: [0.0, 0.0, 0] for side in api.SIDES}  # total, longest, moves
    moves = []
    while (me := api.to_move(pos)) is not None:
        t0 = time.perf_counter()
        action = choose(pos, history[me], players[me], g.seed + ply(pos))
        note_time(think[me], time.perf_counter() - t0)
        after, entries = (play or api.play)(pos, action)
        moves.append(action)
        for side in api.SIDES:
            history[side] += api.history_items(pos, action, after, entries, side)
        pos = after
    result = api.result(pos)
    score = 0.5 if result["winner"] is None else (1.0 if result["winner"] == g.a_side else 0.0)
    return {"game": g, "score": score, "reason": result["reason"], "plies": ply(pos),
            "think_a": think[g.a_side], "think_b": think[_other(api, g.a_side)], "moves": moves}


def _other(api: ModuleType, side: str) -> str:
    return next(s for s in api.SIDES if s != side)


def think_summary(results: list[dict], key: str) -> tuple[float, float]:
    """Mean and longest time per move of one side over the match."""
    total = sum(r[key][0] for r in results)
    moves = sum(r[key][2] for r in results)
    return total / max(moves, 1), max(r[key][1] for r in results)


def record_game(path: str, r: dict) -> None:
    """Append one finished game (seed, sides, result, each side's thinking time [total s, longest s, moves],
    moves, and the game's own `setup` such as the musters, so the record replays after the players' rules
    change) as a JSON line."""
    g = r["game"]
    think = {f"think_{x}": [round(r[f"think_{x}"][0], 3), round(r[f"think_{x}"][1], 3), r[f"think_{x}"][2]]
             for x in "ab"}
    row = {"pair": g.pair, "a": g.a, "b": g.b, "a_side": g.a_side, "seed": g.seed, "score": r["score"],
           "reason": r["reason"], "plies": r["plies"], **think, **r.get("setup", {}), "moves": r["moves"]}
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")


def match(play_game: Callable[[Game], dict], a: str, b: str, games: int, seed: int, concurrency: int,
          report: Callable[[str], None] = print, record: str | None = None, skip: int = 0) -> dict:
    """Play the match, report each game (and append it to `record`), and return the tallies, end
    reasons and Elo figures. `skip`: leave out the schedule's first games, so a stopped match resumes
    on the same games it would have played (the tallies are of the games played)."""
    results = []
    w = d = losses = 0
    reasons: dict[str, int] = {}
    for r in run_games(play_game, schedule(a, b, games, seed)[skip:], concurrency):
        results.append(r)
        if record:
            record_game(record, r)
        w += r["score"] == 1.0
        d += r["score"] == 0.5
        losses += r["score"] == 0.0
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
        g = r["game"]
        outcome = {1.0: f"{a} wins", 0.5: "draw", 0.0: f"{b} wins"}[r["score"]]
        report(f"game {skip + len(results):>3}/{games} pair {g.pair:>3} {a}({g.a_side}) vs {b}({OTHER[g.a_side]}): "
               f"{outcome} by {r['reason']} in {r['plies']} plies   [W/D/L {w}/{d}/{losses}]")
    diff, lo, hi = elo_interval(results)
    return {"a": a, "b": b, "games": len(results), "wins": w, "draws": d, "losses": losses,
            "score": (w + d / 2) / len(results), "elo": diff, "elo_lo": lo, "elo_hi": hi,
            "mean_plies": sum(r["plies"] for r in results) / len(results), "reasons": reasons,
            "think_a": think_summary(results, "think_a"), "think_b": think_summary(results, "think_b")}
