"""What quiescence costs expert's search: depth finished, move and seconds at a node budget, with qs 0, 1 and 2.

    PYTHONPATH=. python docs/ladder/trials23/qs_cost.py RECORD.jsonl GAMES NODES [FROM TO STEP]
"""

from __future__ import annotations

import sys

from searched_plies import table

from towers_core.skirmish import notation
from towers_core.skirmish.ai.levels import get_level


def main() -> None:
    nodes = int(sys.argv[3])
    levels = [get_level(f"expert,nodes:{nodes},qs:{qs}") for qs in (0, 1, 2)]
    print(f"# game ply actions | expert,nodes:{nodes} with qs 0 / 1 / 2: depth finished, move, value, seconds")
    table(sys.argv[1:3] + sys.argv[4:], levels, lambda lv, info, s: f"d{info['depth']} "
          f"{notation.format_action(info['move']):>10} {info['value']:6.1f} {s:4.1f}s")


if __name__ == "__main__":
    main()
