"""Issue 12, twelfth session: where the yardstick's face-down King stands that the belief does not expect.
Every face-down card of expert's opponent, at each of expert's moves, by feature: how many, the belief's
summed odds of the King (expert's deal, DEALS deals a position) and the Kings that stood there.

    PYTHONPATH=. python docs/ladder/trials12/king_where.py LEVEL RECORD.jsonl ...
"""
from __future__ import annotations

import re
import sys

from towers_core.board import DIRECTIONS, step
from towers_core.skirmish import belief

from king_squares import Tally, king_odds  # beside this script

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
    tally = Tally()
    for pos, _, action, k, odds in king_odds(level, paths, 1, DEALS):
        for sq, p in odds.items():
            king = pos["board"][sq]["card"] == "K"
            for name, value in features(pos, k, sq, action).items():
                tally.add((name, value), p, king)
                if sq in k.contact:
                    tally.add(("contact: " + name, value), p, king)
    print(f"{'feature':>28} {'value':>6} {'squares':>8} {'odds':>8} {'Kings':>6}  ratio")
    for line in tally.rows():
        print(line)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
