"""How evenly expert's root worlds share its search: the speed-up two threads could get from a fixed split.

    PYTHONPATH=. python docs/ladder/trials25/world_split.py RECORD.jsonl GAMES LEVEL [FROM TO STEP]

For expert's recorded positions (plies FROM to TO every STEP, default 8 48 8), the level's search as the
match ran it, and the nodes it spent at the root in each world (Search's `world_nodes`). A second thread
taking every other world (odd ones) would finish the move when the busier half does: the speed-up is
the total over the busier half's nodes, at best 2 (the two halves' own tables, killers and history
would change the counts a little; this is the work as one thread shares it out).
"""

from __future__ import annotations

import statistics
import sys

from towers_core.skirmish import position
from towers_core.skirmish.ai import diagnose
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher, _legal


def speedup(nodes: list[int]) -> float:
    """Total over the busier half, worlds dealt out alternately (0, 2, 4... and 1, 3, 5...)."""
    busier = max(sum(nodes[0::2]), sum(nodes[1::2]))
    return sum(nodes) / busier if busier else 1.0


def main() -> None:
    rows = diagnose.load_records([sys.argv[1]])[: int(sys.argv[2])]
    lv = get_level(sys.argv[3])
    lo, hi, step = (int(x) for x in sys.argv[4:7]) if len(sys.argv) > 6 else (8, 48, 8)
    print(f"# {sys.argv[3]}: game ply | nodes | root share of each world (%) | speed-up of the odd/even split")
    ups = []
    for g, row in enumerate(rows):
        for ply, pos, history, _ in [p for p in diagnose.plies_of(row, "expert") if lo <= p[0] <= hi][::step]:
            view = position.view(pos, pos["to_move"])
            info = Searcher._prepare(view, history, _legal(view, history), lv, row["seed"] * 1000 + ply, 120_000).run()
            nodes = info["world_nodes"]
            ups.append(speedup(nodes))
            shares = " ".join(f"{100 * n / max(1, sum(nodes)):4.1f}" for n in nodes)
            print(f"{g:3d} {ply:3d} | {info['nodes']:9d} | {shares} | {ups[-1]:.2f}", flush=True)
    print(f"# {len(ups)} positions: speed-up mean {statistics.mean(ups):.2f}, least {min(ups):.2f}")


if __name__ == "__main__":
    main()
