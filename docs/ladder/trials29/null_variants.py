#!/usr/bin/env python3
"""The null move's variants on the four real bench positions (expert's 8 worlds, seed 1): the nodes each
needs to finish a fixed depth, and the depth, value and move each reaches on a fixed node budget.

    PYTHONPATH=. python docs/ladder/trials29/null_variants.py "null=2" "null=2,null_deep=6" "null=2,null_store=1"
    PYTHONPATH=. python docs/ladder/trials29/null_variants.py --nodes 3000000 "null=0" "null=2"

A variant is configure()'s null knobs as key=value pairs. null_deep and null_store were knobs of commit 95b714f
(measured here, then removed: they saved nothing); at later commits only `null` is one.
"""
from __future__ import annotations

import sys
import time

sys.path.insert(0, "benchmarks")
from search_cpu import bench_worlds  # noqa: E402

from towers_core.skirmish.ai.search import Search  # noqa: E402

DEPTHS = {"opening-1": 5, "middle-1": 4, "opening-2": 6, "middle-2": 7}   # what 6M nodes finish without the null move


def knobs(text: str) -> dict:
    """'null=2,null_store=1' -> {'null': 2, 'null_store': True}."""
    out = {}
    for pair in text.split(","):
        key, value = pair.split("=")
        out[key] = bool(int(value)) if key == "null_store" else int(value)
    return out


def main() -> None:
    args = sys.argv[1:]
    nodes = 0
    if args[:1] == ["--nodes"]:
        nodes, args = int(args[1]), args[2:]
    for label, worlds in bench_worlds():
        depth = DEPTHS.get(label.split(" ")[0])
        if depth is None:
            continue
        row = []
        for variant in args:
            search = Search(20)
            search.set_worlds(worlds)
            if nodes:
                search.configure(max_depth=40, node_limit=nodes, **knobs(variant))
            else:
                search.configure(max_depth=depth, node_limit=60_000_000, **knobs(variant))
            start = time.process_time()
            info = search.run()
            row.append(f"{variant}: d{info['depth']} {info['nodes'] / 1e6:.2f}M {info['value']:+.2f} "
                       f"m{info['move']} {time.process_time() - start:.1f}s")
        print(label[:11].ljust(11), " | ".join(row), flush=True)


if __name__ == "__main__":
    main()
