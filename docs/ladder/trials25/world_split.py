"""How evenly expert's root worlds share its search: the speed-up two threads could get from a fixed split.

    PYTHONPATH=. python docs/ladder/trials25/world_split.py RECORD.jsonl GAMES LEVEL [FROM TO STEP]

For expert's recorded positions (plies FROM to TO every STEP, default 8 48 8), the level's search as the
match ran it, and the nodes it spent at the root in each world (Search's `world_nodes`). A second thread
taking every other world (odd ones) would finish the move when the busier half does: the speed-up is
the total over the busier half's nodes, at best 2 (the two halves' own tables, killers and history
would change the counts a little; this is the work as one thread shares it out). The positions are
searched by trials23/searched_plies.py's loop.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from towers_core.skirmish.ai.levels import get_level

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "trials23"))
import searched_plies  # noqa: E402  (trials23's script, found through the path above)


def speedup(nodes: list[int]) -> float:
    """Total over the busier half, worlds dealt out alternately (0, 2, 4... and 1, 3, 5...)."""
    busier = max(sum(nodes[0::2]), sum(nodes[1::2]))
    return sum(nodes) / busier if busier else 1.0


def main() -> None:
    ups = []

    def cell(_lv, info: dict, _seconds: float) -> str:
        nodes = info["world_nodes"]
        ups.append(speedup(nodes))
        shares = " ".join(f"{100 * n / max(1, sum(nodes)):4.1f}" for n in nodes)
        return f"{info['nodes']:9d} | {shares} | {ups[-1]:.2f}"

    print(f"# {sys.argv[3]}: game ply actions | nodes | root share of each world (%) | speed-up of the odd/even split")
    searched_plies.table(sys.argv[1:3] + sys.argv[4:], [get_level(sys.argv[3])], cell)
    print(f"# {len(ups)} positions: speed-up mean {statistics.mean(ups):.2f}, least {min(ups):.2f}")


if __name__ == "__main__":
    main()
