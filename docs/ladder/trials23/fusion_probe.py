"""How often choosing expert's next move once for the worlds it cannot tell apart changes its move.

For expert's moves in recorded games (plies FROM-TO, every STEP-th), the shipped search runs as in a game;
then each of its first K root actions is valued by fusion.fused_value to the depth the search finished
(the opponent's reply its best per world, expert's next move one for the worlds that look alike). Printed:
the search's move and value, each candidate's bound and fused value, the fused choice, and the nodes.

    PYTHONPATH=. python docs/ladder/trials23/fusion_probe.py RECORD.jsonl GAMES [K] [FROM TO STEP]
"""

from __future__ import annotations

import sys
import time

from towers_core.skirmish import belief, notation, position
from towers_core.skirmish.ai import determinize, diagnose, fusion
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher, _legal


def probe(view: dict, history: list[dict], seed: int, k: int) -> str:
    lv = get_level("expert")
    search = Searcher._prepare(view, history, _legal(view, history), lv, seed, None)
    info = search.run()
    known = belief.knowledge(view, view["to_move"], history)
    worlds = determinize.worlds(view, history, lv.worlds, seed, lv.placement, lv.deal_factors, lv.stratify, known)
    depth = max(3, info["depth"])
    cells, best, spent, t0 = [], None, 0, time.time()
    for act, bound in search.root_ranking()[:k]:
        value, nodes = fusion.fused_value(worlds, act, depth, 0, dict(lv.weights))
        plain, more = fusion.fused_value(worlds, act, depth, 0, dict(lv.weights), fuse=False)
        spent += nodes + more
        cells.append(f"{notation.format_action(act)} {bound:6.1f}/{plain:6.1f}/{value:6.1f}")
        if best is None or value > best[1]:
            best = (act, value)
    changed = "CHANGED" if best[0] != info["move"] else "same"
    return (f"d{depth} main {notation.format_action(info['move'])} {info['value']:6.1f} {info['nodes']:8d} | "
            f"{changed} {notation.format_action(best[0])} | fused nodes {spent:9d} {time.time() - t0:5.1f}s | "
            + "  ".join(cells))


def main() -> None:
    rows = diagnose.load_records([sys.argv[1]])[: int(sys.argv[2])]
    k = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    lo, hi, step = (int(x) for x in sys.argv[4:7]) if len(sys.argv) > 6 else (8, 40, 4)
    for g, row in enumerate(rows):
        picked = [p for p in diagnose.plies_of(row, "expert") if lo <= p[0] <= hi][::step]
        for ply, pos, history, _ in picked:
            line = probe(position.view(pos, pos["to_move"]), history, row["seed"] * 1000 + ply, k)
            print(f"{g:3d} {ply:3d} {line}", flush=True)


if __name__ == "__main__":
    main()
