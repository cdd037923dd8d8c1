"""What the two-thread search (search.pyx `search_worlds`) gains, in nodes: the run's span against one thread.

    PYTHONPATH=. python docs/ladder/trials25/thread_span.py RECORD.jsonl GAMES NODES [FROM TO STEP]

For expert's recorded positions (as world_split.py, whose estimate this measures), expert at NODES searched
on one thread and on two (`threads:2`, run in turn on one core: the same move and span as on two). A run's
span is its length in nodes, each job's worlds dealt to two contexts in turn as each comes free (search.pyx
job_span): on two idle cores the two-thread run takes about span / (one thread's nodes) of one thread's time.
Also whether the two choose the same move (they need not: with two threads each world has its own slice of
the table and its own killers and history, and the budget is kept by job).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from towers_core.skirmish.ai.levels import get_level

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "trials23"))
import searched_plies  # noqa: E402  (trials23's script, found through the path above)


def main() -> None:
    nodes = int(sys.argv[3])
    one, two = get_level(f"expert,nodes:{nodes}"), get_level(f"expert,nodes:{nodes},threads:2")
    ratios, same = [], []
    found = {}

    def cell(lv, info: dict, _seconds: float) -> str:
        found[lv.threads] = info
        if lv.threads == 1:
            return f"{info['nodes']:9d} d{info['depth']}"
        ratios.append(info["span"] / found[1]["nodes"])
        same.append(info["move"] == found[1]["move"])
        return (f"{info['nodes']:9d} span {info['span']:9d} d{info['depth']} | {ratios[-1]:.2f} of one thread"
                f"{'' if same[-1] else ' (another move)'}")

    print(f"# {nodes:,} nodes: game ply actions | one thread: nodes depth | two: nodes, span, depth | span / one's nodes")
    searched_plies.table(sys.argv[1:3] + sys.argv[4:], [one, two], cell, in_turn=True)
    print(f"# {len(ratios)} positions: two threads take {statistics.mean(ratios):.2f} of one thread's nodes on average"
          f" (speed-up {1 / statistics.mean(ratios):.2f}), {max(ratios):.2f} at most; same move in {sum(same)}")


if __name__ == "__main__":
    main()
