#!/usr/bin/env python3
"""Depth for the nodes, over real positions: expert's own moves in the fresh 200's games (trials27), every
EVERY-th ply of the first GAMES games. For each position the plain search (null=0) sets the depth D it
finishes within BUDGET nodes; each variant then searches to D exactly, and its nodes, and whether its move is
that of the plain search one ply deeper (D + 1, the reference), are printed, with the geometric mean of each
variant's nodes over the plain search's and the share of reference moves each finds.

    PYTHONPATH=. python docs/ladder/trials29/depth_per_node.py "null=2" "null=2,null_store=1" ...

A variant is configure()'s null knobs as key=value pairs. null_deep and null_store were knobs of commit 95b714f
(measured here, then removed: they saved nothing); at later commits only `null` is one.
"""
from __future__ import annotations

import glob
import math
import sys

from towers_core.skirmish import position
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.diagnose import load_records, plies_of
from towers_core.skirmish.ai.search import Search

sys.path.insert(0, "docs/ladder/trials29")
from null_variants import knobs  # noqa: E402

GAMES, EVERY, BUDGET, WORLDS = 10, 9, 6_000_000, 8


def search(worlds: list, depth: int, nodes: int, **kw) -> dict:
    s = Search(20)
    s.set_worlds(worlds)
    s.configure(max_depth=depth, node_limit=nodes, **kw)
    return s.run()


def main() -> None:
    variants = ["null=0", *sys.argv[1:]]
    games = load_records(sorted(glob.glob("docs/ladder/trials27/fresh_seed*.jsonl")))[:GAMES]
    ratios = {v: [] for v in variants}
    agree = {v: 0 for v in variants}
    n = 0
    for g, row in enumerate(games):
        for ply, pos, history, _action in plies_of(row, "expert", EVERY):
            if pos["result"] is not None:
                continue
            view = position.view(pos, pos["to_move"])
            worlds = determinize.worlds(view, history, WORLDS, ply + 1)
            depth = search(worlds, 40, BUDGET)["depth"]
            ref = search(worlds, depth + 1, 80_000_000)["move"]
            base = None
            line = []
            for v in variants:
                info = search(worlds, depth, 80_000_000, **knobs(v))
                base = base or info["nodes"]
                ratios[v].append(info["nodes"] / base)
                agree[v] += info["move"] == ref
                line.append(f"{info['nodes'] / 1e6:.2f}M{'' if info['move'] == ref else '*'}")
            n += 1
            print(f"game {g:2d} ply {ply:3d} d{depth}  " + "  ".join(line), flush=True)
    for v in variants:
        gm = math.exp(sum(map(math.log, ratios[v])) / len(ratios[v]))
        print(f"{v:32s} nodes x{gm:.3f} of the plain search's; reference move {agree[v]}/{n}")


if __name__ == "__main__":
    main()
