#!/usr/bin/env python3
"""Wall-clock time of the Skirmish expert search on one thread and on two (`threads:2`), same node budget.

    PYTHONPATH=. python benchmarks/search_threads.py                    # 3,000,000 nodes, 3 runs
    PYTHONPATH=. python benchmarks/search_threads.py --nodes 24000000 --runs 1

Why: two threads are worth what they save on the clock, and only an idle machine shows it (on a loaded
one the helper waits for a core). Each of the six bench positions is searched by expert's eight worlds
with one thread and with two, at the same budget and no clock cap; the figures are the least wall time
of the runs, their ratio, and the span ratio the search counts for itself (search.pyx job_span: what the
ratio would be if both threads ran at full speed and handing over a job cost nothing). Nothing gates on
the figures.
"""
from __future__ import annotations

import importlib.util
import time
from pathlib import Path


def _search_cpu():
    """benchmarks/search_cpu.py loaded by path: the script's folder is not on sys.path under PYTHONSAFEPATH."""
    spec = importlib.util.spec_from_file_location("search_cpu", Path(__file__).with_name("search_cpu.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_cpu = _search_cpu()
bench_search, bench_worlds, search_options = _cpu.bench_search, _cpu.bench_worlds, _cpu.search_options


def timed(worlds: list, nodes: int, threads: int, runs: int) -> tuple[float, dict]:
    """(least wall seconds over `runs`, the last run's result) of one search."""
    best, info = float("inf"), {}
    for _ in range(runs):
        search = bench_search(worlds, nodes, threads)
        start = time.perf_counter()
        info = search.run()
        best = min(best, time.perf_counter() - start)
    return best, info


def main() -> None:
    args = search_options(__doc__.splitlines()[0], "wall time")
    totals = [0.0, 0.0, 0, 0]
    print(f"{'position':<20} {'one thread s':>12} {'two s':>8} {'ratio':>6} {'span ratio':>10}  same move")
    for label, worlds in bench_worlds():
        one_s, one = timed(worlds, args.nodes, 1, args.runs)
        two_s, two = timed(worlds, args.nodes, 2, args.runs)
        totals = [totals[0] + one_s, totals[1] + two_s, totals[2] + two["span"], totals[3] + two["nodes"]]
        print(f"{label:<20} {one_s:12.2f} {two_s:8.2f} {two_s / one_s:6.2f} {two['span'] / max(1, two['nodes']):10.2f}"
              f"  {'yes' if one['move'] == two['move'] else 'no'}")
    print(f"all six: one thread {totals[0]:.2f} s, two {totals[1]:.2f} s: ratio {totals[1] / totals[0]:.2f}"
          f" (span ratio {totals[2] / max(1, totals[3]):.2f}), {args.nodes:,} nodes each")


if __name__ == "__main__":
    main()
