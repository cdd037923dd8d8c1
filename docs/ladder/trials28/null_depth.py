#!/usr/bin/env python3
"""Nodes each search needs to finish a fixed depth, with the null move at each R given (0 = off), over the
four real bench positions (expert's 8 worlds, seed 1): how much depth the null move buys for the same nodes.

    PYTHONPATH=. python docs/ladder/trials28/null_depth.py 0,2,3
"""
from __future__ import annotations

import sys
import time

sys.path.insert(0, "benchmarks")
from search_cpu import bench_worlds  # noqa: E402

from towers_core.skirmish.ai.search import Search  # noqa: E402

DEPTHS = {"opening-1": 5, "middle-1": 4, "opening-2": 6, "middle-2": 7}   # what 6M nodes finish without it


def main() -> None:
    reductions = [int(r) for r in (sys.argv[1] if len(sys.argv) > 1 else "0,2").split(",")]
    for label, worlds in bench_worlds():
        depth = DEPTHS.get(label.split(" ")[0])
        if depth is None:
            continue
        row = []
        for r in reductions:
            search = Search(20)
            search.set_worlds(worlds)
            search.configure(max_depth=depth, node_limit=60_000_000, null=r)
            start = time.process_time()
            info = search.run()
            row.append(f"R{r}: depth {info['depth']} {info['nodes'] / 1e6:.2f}M value {info['value']:+.2f} "
                       f"move {info['move']} {time.process_time() - start:.1f}s")
        print(label[:20].ljust(20), " | ".join(row), flush=True)


if __name__ == "__main__":
    main()
