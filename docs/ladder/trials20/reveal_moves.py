"""How often `reveal` changes expert's move, and by how much it moves the root value, on recorded positions.

For expert's moves at plies 9-39 of recorded games (every 6th), the shipped expert and the variants search
the same view and history with the same seed; printed: the moves, values, depths and CPU seconds.

    PYTHONPATH=. python docs/ladder/trials20/reveal_moves.py RECORD.jsonl [GAMES] [LEVEL ...]
"""

from __future__ import annotations

import sys
import time

from towers_core.skirmish import notation, position
from towers_core.skirmish.ai import diagnose
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher, _legal


def main() -> None:
    rows = diagnose.load_records([sys.argv[1]])[: int(sys.argv[2]) if len(sys.argv) > 2 else 5]
    levels = sys.argv[3:] or ["expert", "expert,reveal:1", "expert,reveal:2"]
    changed = {lv: 0 for lv in levels[1:]}
    cpu = {lv: 0.0 for lv in levels}
    n = 0
    print("# game ply | " + " | ".join(levels))
    for g, row in enumerate(rows):
        for ply, pos, history, _ in [p for p in diagnose.plies_of(row, "expert") if 9 <= p[0] <= 39][::6]:
            view, cells, moves = position.view(pos, pos["to_move"]), [], []
            for lv in levels:
                seed = row["seed"] * 1000 + ply
                search = Searcher._prepare(view, history, _legal(view, history), get_level(lv), seed, None)
                start = time.process_time()
                info = search.run()
                cpu[lv] += time.process_time() - start
                moves.append(info["move"])
                cells.append(f"{notation.format_action(info['move']):>12} {info['value']:7.2f} d{info['depth']}")
            n += 1
            for lv, m in zip(levels[1:], moves[1:]):
                changed[lv] += m != moves[0]
            print(f"{g:3d} {ply:3d} | " + " | ".join(cells), flush=True)
    print(f"# {n} positions; moves changed: " + ", ".join(f"{lv} {k}" for lv, k in changed.items()))
    print("# CPU s a move: " + ", ".join(f"{lv} {cpu[lv] / max(n, 1):.2f}" for lv in levels))


if __name__ == "__main__":
    main()
