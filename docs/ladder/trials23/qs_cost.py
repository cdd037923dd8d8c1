"""What quiescence costs expert's search: depth finished, move and seconds at a node budget, with qs 0, 1 and 2.

    PYTHONPATH=. python docs/ladder/trials23/qs_cost.py RECORD.jsonl GAMES NODES [FROM TO STEP]
"""

from __future__ import annotations

import sys
import time

from towers_core.skirmish import notation, position
from towers_core.skirmish.ai import diagnose
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher, _legal


def main() -> None:
    rows = diagnose.load_records([sys.argv[1]])[: int(sys.argv[2])]
    nodes = int(sys.argv[3])
    lo, hi, step = (int(x) for x in sys.argv[4:7]) if len(sys.argv) > 6 else (8, 48, 8)
    print(f"# game ply actions | expert,nodes:{nodes} with qs 0 / 1 / 2: depth finished, move, value, seconds")
    for g, row in enumerate(rows):
        for ply, pos, history, _ in [p for p in diagnose.plies_of(row, "expert") if lo <= p[0] <= hi][::step]:
            view = position.view(pos, pos["to_move"])
            legal = _legal(view, history)
            cells = []
            for qs in (0, 1, 2):
                lv = get_level(f"expert,nodes:{nodes},qs:{qs}")
                t0 = time.time()
                info = Searcher._prepare(view, history, legal, lv, row["seed"] * 1000 + ply, 120_000).run()
                cells.append(f"d{info['depth']} {notation.format_action(info['move']):>10} {info['value']:6.1f} "
                             f"{time.time() - t0:4.1f}s")
            print(f"{g:3d} {ply:3d} {len(legal):4d} | " + " | ".join(cells), flush=True)


if __name__ == "__main__":
    main()
