#!/usr/bin/env python3
"""CPU time of a fixed-node Skirmish expert search, and a digest of what it found.

    PYTHONPATH=. python benchmarks/search_cpu.py                 # 3,000,000 nodes a position, 3 runs
    PYTHONPATH=. python benchmarks/search_cpu.py --nodes 1000000 --runs 5

Why: `towers-cli skirmish bench-ai` reports nodes per second of wall time, which a shared machine
blurs. Here every search stops at the same node count (no clock cap), so two builds of the engine do
the same work and only the process CPU time differs; the digest (move, value, depth and nodes of each
of the six bench positions) must be the same for a change meant to be a pure speed-up, and the CPU
times can then be compared as a ratio. Nothing gates on the figures.
"""
from __future__ import annotations

import argparse
import hashlib
import time

from towers_core.checks import whole_number
from towers_core.errors import BadLevel
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.levels import LEVELS, MAX_NODES
from towers_core.skirmish.ai.search import Search
from towers_core.skirmish.cli import bench_positions

MAX_DEPTH = 40  # high enough that the node budget, not the depth, ends every search
MAX_RUNS = 100


def bench_worlds() -> list[tuple[str, list]]:
    """The six bench positions, each with expert's worlds (seed 1): what the search benchmarks search."""
    expert = LEVELS["expert"]
    return [(label, determinize.worlds(view, history, expert.worlds, 1)) for label, view, history in bench_positions(1)]


def bench_search(worlds: list, nodes: int, threads: int = 1) -> Search:
    """A search of `worlds` to `nodes` nodes, on `threads` threads, no clock cap, ready to run."""
    search = Search(20)
    search.set_worlds(worlds)
    search.configure(max_depth=MAX_DEPTH, node_limit=nodes, threads=threads)
    return search


def search_once(nodes: int) -> tuple[float, list[tuple]]:
    """(CPU seconds over the six positions, each search's move, value, depth and nodes)."""
    total, found = 0.0, []
    for _label, worlds in bench_worlds():
        search = bench_search(worlds, nodes)
        start = time.process_time()
        info = search.run()
        total += time.process_time() - start
        found.append((info["move"], round(info["value"], 9), info["depth"], info["nodes"]))
    return total, found


def search_options(description: str, figure: str) -> argparse.Namespace:
    """--nodes and --runs (the least `figure` of the runs is reported), checked: exit 2 naming a bad one."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--nodes", type=int, default=3_000_000, help="node budget of each search")
    parser.add_argument("--runs", type=int, default=3, help=f"repetitions (the least {figure} is the figure)")
    args = parser.parse_args()
    try:
        whole_number(args.nodes, "--nodes", 1, MAX_NODES, BadLevel)
        whole_number(args.runs, "--runs", 1, MAX_RUNS, BadLevel)
    except BadLevel as err:
        parser.error(str(err))
    return args


def main() -> None:
    args = search_options(__doc__.splitlines()[0], "CPU time")
    times, digest = [], ""
    for _ in range(args.runs):
        cpu, found = search_once(args.nodes)
        times.append(cpu)
        digest = hashlib.sha256(repr(found).encode()).hexdigest()[:16]
    nodes = sum(n for *_, n in found)
    print(f"nodes        {nodes:,} over 6 positions ({args.nodes:,} budget each)")
    print(f"cpu time     least {min(times):.2f} s, most {max(times):.2f} s ({len(times)} runs)")
    print(f"nodes / cpu s {nodes / min(times):,.0f}")
    print(f"digest       {digest}  (move, value, depth, nodes of each position)")


if __name__ == "__main__":
    main()
