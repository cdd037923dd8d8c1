"""Why a level loses to another: replay recorded match games (`skirmish match --record`) and, at
each of the level's moves, set its own search value beside the IS-MCTS yardstick's view of the same
position (issue 12). Run: `python -m towers_core.skirmish.ai.diagnose RECORD [--level expert]`."""

from __future__ import annotations

import argparse
import json
from typing import Iterator

from towers_core.skirmish import api, notation, position
from towers_core.skirmish.ai import determinize, yardstick
from towers_core.skirmish.ai.ismcts import Mcts
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.match import OTHER
from towers_core.skirmish.ai.player import Searcher


def replay(row: dict) -> Iterator[tuple[dict, list[dict], str]]:
    """(position, mover's history, action played) for every ply of a recorded game."""
    from towers_core.skirmish.ai.contenders import choose_muster
    players = {row["a_side"]: row["a"], OTHER[row["a_side"]]: row["b"]}
    seed = row["seed"]
    pos = api.new_position(seed, {side: choose_muster(name, seed) for side, name in players.items()})
    history: dict[str, list[dict]] = {"S": [], "N": []}
    for action in row["moves"]:
        me = pos["to_move"]
        yield pos, list(history[me]), action
        pos, entry = api.play(pos, action, rng_seed=seed * 1009 + pos["actions"])
        for side in ("S", "N"):
            history[side].append(api.history_entry(entry, pos, side))


def level_value(view: dict, history: list[dict], level: str, seed: int) -> tuple[str, float, int]:
    """The level's move, its search value (mover's side, Spearman units) and depth, as in the match."""
    search = Searcher._prepare(view, history, get_level(level), seed, None)
    info = search.run()
    return notation.format_action(info["move"]), info["value"], info["depth"]


def yardstick_view(view: dict, history: list[dict], seed: int, iters: int) -> dict[str, tuple[int, float]]:
    """The yardstick's root statistics: action -> (visits, mean reward in [0, 1])."""
    tree = Mcts()
    tree.set_worlds(determinize.worlds(view, history, 64, seed))
    tree.configure(iterations=iters, seed=seed)
    tree.run()
    return {notation.format_action(a): (n, q) for a, n, q in tree.root_stats()}


def study(row: dict, level: str, iters: int) -> list[dict]:
    """One line per move of `level` in the game: its value, the yardstick's choice and judgement."""
    side = row["a_side"] if row["a"] == level else OTHER[row["a_side"]]
    out = []
    for pos, hist, action in replay(row):
        if pos["to_move"] != side or len(api.legal_actions(pos)) <= 2:
            continue
        view = position.view(pos, side)
        seed = row["seed"] + pos["actions"]
        move, value, depth = level_value(view, hist, level, seed)
        stats = yardstick_view(view, hist, seed, iters)
        best = max(stats, key=lambda a: stats[a][0]) if stats else move
        out.append({"ply": pos["actions"], "played": action, "same": move == action, "value": value,
                    "depth": depth, "marker": pos["marker"] * (1 if side == "S" else -1),
                    "high": (_high(pos, side), _high(pos, OTHER[side])),
                    "ys_best": best, "ys_q_best": stats.get(best, (0, 0.0))[1],
                    "ys_q_played": stats.get(action, (0, 0.0))[1]})
    return out


def _high(pos: dict, side: str) -> int:
    high = set(pos["terrain"]["high"])
    return sum(1 for sq, c in pos["board"].items() if sq in high and c["owner"] == side and c["card"] != "K")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("record")
    ap.add_argument("--level", default="expert")
    ap.add_argument("--iters", type=int, default=60_000, help="yardstick iterations per position")
    ap.add_argument("--lost-only", action="store_true")
    args = ap.parse_args()
    for line in open(args.record, encoding="utf-8"):
        row = json.loads(line)
        if args.level not in (row["a"], row["b"]) or yardstick.parse(args.level) is not None:
            continue
        level_score = row["score"] if row["a"] == args.level else 1 - row["score"]
        if args.lost_only and level_score > 0:
            continue
        print(f"# pair {row['pair']} {row['a']}({row['a_side']}) vs {row['b']}: {args.level} scored "
              f"{level_score} by {row['reason']} in {row['plies']} plies")
        for m in study(row, args.level, args.iters):
            flag = "" if m["ys_best"] == m["played"] else f"  ys prefers {m['ys_best']} ({m['ys_q_best']:.2f})"
            print(f"ply {m['ply']:>3} {m['played']:<14} value {m['value']:+7.2f} d{m['depth']:<2} "
                  f"marker {m['marker']:+3d} high {m['high'][0]}-{m['high'][1]}  "
                  f"ys q {m['ys_q_played']:.2f}{flag}", flush=True)


if __name__ == "__main__":
    main()
