"""Where, in the order one iteration leaves the root actions, the next iteration's best action stands.

For expert's moves at plies 9-29 of recorded games (every 4th), each searched to depths 1-4 with expert's
worlds and no node limit: the rank (0 = first) and the value gap (best minus its bound) at depth d-1 of the
action that is best at depth d. If the best at d is nearly always among the first K at d-1, the root can
be narrowed to K actions from depth 3 on (search.pyx `root_ranking`).

    PYTHONPATH=. python docs/ladder/trials15/root_ranks.py RECORD.jsonl [GAMES]
"""

from __future__ import annotations

import dataclasses
import sys

from towers_core.skirmish import position
from towers_core.skirmish.ai import diagnose
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher, _legal

DEPTHS = (1, 2, 3, 4)


def ranks(view: dict, history: list[dict], seed: int) -> list[tuple[int, float, int, int]]:
    """(depth d, gap, rank at d-1 of the best at d, root actions) for d = 2..4."""
    rankings, bests, out = {}, {}, []
    for d in DEPTHS:
        lv = dataclasses.replace(get_level("expert"), max_depth=d, nodes=0, time_ms=120_000)
        search = Searcher._prepare(view, history, _legal(view, history), lv, seed, 120_000)
        bests[d] = search.run()["move"]
        rankings[d] = search.root_ranking()
    for d in DEPTHS[1:]:
        order = [a for a, _ in rankings[d - 1]]
        r = order.index(bests[d])
        out.append((d, rankings[d - 1][0][1] - rankings[d - 1][r][1], r, len(order)))
    return out


def main() -> None:
    rows = diagnose.load_records([sys.argv[1]])[: int(sys.argv[2]) if len(sys.argv) > 2 else 10]
    print("# game ply actions | depth: rank at d-1 of the best at d (value gap)")
    for g, row in enumerate(rows):
        picked = [p for p in diagnose.plies_of(row, "expert") if 9 <= p[0] <= 29][::4]
        for ply, pos, history, _ in picked:
            res = ranks(position.view(pos, pos["to_move"]), history, row["seed"] * 1000 + ply)
            cells = "  ".join(f"d{d}: {r:3d} ({gap:5.1f})" for d, gap, r, _ in res)
            print(f"{g:3d} {ply:3d} {res[0][3]:4d} | {cells}", flush=True)


if __name__ == "__main__":
    main()
