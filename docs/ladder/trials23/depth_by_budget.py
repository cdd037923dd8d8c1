"""The depth expert's search finishes at several node budgets, and the time it takes, at recorded positions.

    PYTHONPATH=. python docs/ladder/trials23/depth_by_budget.py RECORD.jsonl GAMES [FROM TO STEP]
"""

from __future__ import annotations

import dataclasses
import sys

from searched_plies import TIME_MS, table

from towers_core.skirmish import notation
from towers_core.skirmish.ai.levels import get_level

BUDGETS = (3_000_000, 6_000_000, 12_000_000, 24_000_000)


def main() -> None:
    levels = [dataclasses.replace(get_level("expert"), nodes=n, time_ms=TIME_MS) for n in BUDGETS]
    print("# game ply actions | per budget: depth finished, move, seconds")
    table(sys.argv[1:], levels, lambda lv, info, s: f"{lv.nodes // 1_000_000:2d}M d{info['depth']} "
          f"{notation.format_action(info['move']):>10} {s:5.1f}s")


if __name__ == "__main__":
    main()
