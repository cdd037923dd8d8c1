"""What `blind` costs the search and how it moves expert's values, on recorded positions.

For expert's moves at plies 9-39 of recorded games (every 6th), each level searches the same view and
history with the same seed; printed: move, value, depth finished and nodes (millions).

    PYTHONPATH=. python docs/ladder/trials21/blind_cost.py RECORD.jsonl GAMES LEVEL ...
"""

from __future__ import annotations

import sys

from towers_core.skirmish import notation, position
from towers_core.skirmish.ai import diagnose
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher, _legal


def main() -> None:
    rows = diagnose.load_records([sys.argv[1]])[: int(sys.argv[2])]
    levels = sys.argv[3:]
    print("# game ply | " + " | ".join(levels))
    for g, row in enumerate(rows):
        for ply, pos, history, _ in [p for p in diagnose.plies_of(row, "expert") if 9 <= p[0] <= 39][::6]:
            view = position.view(pos, pos["to_move"])
            cells = []
            for lv in levels:
                search = Searcher._prepare(view, history, _legal(view, history), get_level(lv), row["seed"] * 1000 + ply,
                                           None)
                info = search.run()
                cells.append(f"{notation.format_action(info['move']):>10} {info['value']:7.2f} d{info['depth']} "
                             f"{info['nodes'] / 1e6:5.2f}M")
            print(f"{g:3d} {ply:3d} | " + " | ".join(cells), flush=True)


if __name__ == "__main__":
    main()
