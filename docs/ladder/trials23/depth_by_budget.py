"""The depth expert's search finishes at several node budgets, and the time it takes, at recorded positions.

    PYTHONPATH=. python docs/ladder/trials23/depth_by_budget.py RECORD.jsonl GAMES [FROM TO STEP]
"""

from __future__ import annotations

import dataclasses
import sys
import time

from towers_core.skirmish import notation, position
from towers_core.skirmish.ai import diagnose
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher, _legal

BUDGETS = (3_000_000, 6_000_000, 12_000_000, 24_000_000)


def main() -> None:
    rows = diagnose.load_records([sys.argv[1]])[: int(sys.argv[2])]
    lo, hi, step = (int(x) for x in sys.argv[3:6]) if len(sys.argv) > 5 else (8, 48, 8)
    print("# game ply actions | per budget: depth finished, move, seconds")
    for g, row in enumerate(rows):
        for ply, pos, history, _ in [p for p in diagnose.plies_of(row, "expert") if lo <= p[0] <= hi][::step]:
            view = position.view(pos, pos["to_move"])
            legal = _legal(view, history)
            cells = []
            for n in BUDGETS:
                lv = dataclasses.replace(get_level("expert"), nodes=n, time_ms=120_000)
                t0 = time.time()
                info = Searcher._prepare(view, history, legal, lv, row["seed"] * 1000 + ply, 120_000).run()
                cells.append(f"{n // 1_000_000:2d}M d{info['depth']} {notation.format_action(info['move']):>10} "
                             f"{time.time() - t0:5.1f}s")
            print(f"{g:3d} {ply:3d} {len(legal):4d} | " + " | ".join(cells), flush=True)


if __name__ == "__main__":
    main()
