"""Issue 12, twelfth session: where the yardstick's face-down King stands that the belief does not expect.
Every face-down card of expert's opponent, at each of expert's moves, by feature: how many, the belief's
summed odds of the King (expert's deal, DEALS deals a position) and the Kings that stood there.

    PYTHONPATH=. python docs/ladder/trials12/king_where.py LEVEL RECORD.jsonl ...
"""
from __future__ import annotations

import random
import re
import sys
from collections import Counter

from towers_core.board import DIRECTIONS, step
from towers_core.skirmish import belief, position
from towers_core.skirmish.ai.diagnose import load_records, plies_of
from towers_core.skirmish.ai.levels import get_level

DEALS = 60


def features(pos: dict, k: belief.Knowledge, sq: str, action: str) -> dict[str, object]:
    """The square's features as the viewer sees them."""
    me = pos["to_move"]
    near = [pos["board"].get(step(sq, d) or "") for d in DIRECTIONS]
    mine = [c for c in near if c and c["owner"] == me]
    target = re.search(r"x([a-g][1-7])", action)
    return {"contact": sq in k.contact, "touching": min(len(mine), 3),
            "touching revealed": min(sum(c["up"] for c in mine), 2),
            "zone": k.cells[sq][0], "rank": k.cells[sq][1], "ply": min(pos["actions"] // 20, 4) * 20,
            "in contact (count)": min(len(k.contact), 4), "struck now": bool(target and target.group(1) == sq),
            "face-down on board": min(len(k.tokens), 8)}


def main(level: str, paths: list[str]) -> None:
    lv = get_level(level)
    n: Counter = Counter()
    odds: Counter = Counter()
    kings: Counter = Counter()
    for row in load_records(paths):
        for ply, pos, history, action in plies_of(row, "expert"):
            me = pos["to_move"]
            k = belief.knowledge(position.view(pos, me), me, history)
            if not k.tokens:
                continue
            rng = random.Random(ply)
            deals = [belief.sample_hidden(k, rng, factors=lv.deal_factors)[0] for _ in range(DEALS)]
            for sq in k.tokens:
                p = sum(d[sq] == "K" for d in deals) / DEALS
                king = pos["board"][sq]["card"] == "K"
                for name, value in features(pos, k, sq, action).items():
                    n[name, value] += 1
                    odds[name, value] += p
                    kings[name, value] += king
                    if sq in k.contact:
                        n["contact: " + name, value] += 1
                        odds["contact: " + name, value] += p
                        kings["contact: " + name, value] += king
    print(f"{'feature':28} {'value':>6} {'squares':>8} {'odds':>8} {'Kings':>6}  ratio")
    for key in sorted(n, key=lambda x: (x[0], str(x[1]))):
        print(f"{key[0]:28} {str(key[1]):>6} {n[key]:8d} {odds[key]:8.1f} {kings[key]:6d}  "
              f"{kings[key] / odds[key] if odds[key] else float('nan'):.2f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
