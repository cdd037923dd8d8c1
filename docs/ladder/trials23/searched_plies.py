"""The loop depth_by_budget.py and qs_cost.py share: expert's recorded positions, each searched by several levels.

A module of the trial scripts beside it, not a script.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from towers_core.skirmish import position
from towers_core.skirmish.ai import diagnose
from towers_core.skirmish.ai.levels import Level
from towers_core.skirmish.ai.player import Searcher, _legal

TIME_MS = 120_000   # no time cap that matters: the node budget alone stops each search


def table(argv: Sequence[str], levels: Sequence[Level], cell: Callable[[Level, dict, float], str],
          in_turn: bool = False) -> None:
    """For the first GAMES games of RECORD (argv[0], argv[1]), expert's plies FROM to TO every STEP (argv[2:5],
    default 8 48 8): one line a position, `cell(level, search info, seconds)` for each level, searched at the seed the
    match gave it (a two-thread level `in_turn`, on one core: the same move, value and span)."""
    rows = diagnose.load_records([argv[0]])[: int(argv[1])]
    lo, hi, step = (int(x) for x in argv[2:5]) if len(argv) > 4 else (8, 48, 8)
    for g, row in enumerate(rows):
        for ply, pos, history, _ in [p for p in diagnose.plies_of(row, "expert") if lo <= p[0] <= hi][::step]:
            view = position.view(pos, pos["to_move"])
            legal = _legal(view, history)
            cells = []
            for lv in levels:
                t0 = time.time()
                info = Searcher._prepare(view, history, legal, lv, row["seed"] * 1000 + ply, TIME_MS).run(in_turn=in_turn)
                cells.append(cell(lv, info, time.time() - t0))
            print(f"{g:3d} {ply:3d} {len(legal):4d} | " + " | ".join(cells), flush=True)
