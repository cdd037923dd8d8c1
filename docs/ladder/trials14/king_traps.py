"""Issue 12, fourteenth session: face-down Kings standing in contact at the start of the other side's turn,
how often they were struck from there, and the points in those games, per player family.

    PYTHONPATH=. python docs/ladder/trials14/king_traps.py RECORD.jsonl ...

A strike by a card deployed next to the King in the same turn is not counted (he was not in contact when
the turn began). "points" are the family's own points.
"""
from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict

from towers_core.board import DIRECTIONS, step
from towers_core.matches import OTHER
from towers_core.skirmish.ai.diagnose import load_records, player_on, replay


def family(row: dict, side: str) -> str:
    return str(player_on(row, side)).split(",")[0].split(":")[0]


def king_turns(row: dict) -> dict[str, Counter]:
    """Per King owner: turns of the other side begun with him face-down in contact, and strikes on him then."""
    seen: dict[str, Counter] = defaultdict(Counter)
    for pos, _history, action in replay(row):
        mover = pos["to_move"]
        owner = OTHER[mover]
        board = pos["board"]
        kings = [sq for sq, c in board.items() if c["owner"] == owner and c["card"] == "K" and not c["up"]]
        if not kings:
            continue
        seen[owner]["face-down turns"] += 1
        touching = (board.get(step(kings[0], d) or "") for d in DIRECTIONS)
        if any(c and c["owner"] == mover for c in touching):
            seen[owner]["exposed turns"] += 1
            target = re.search(r"x([a-g][1-7])", action)
            seen[owner]["struck"] += bool(target and target.group(1) == kings[0])
    return seen


def main(paths: list[str]) -> None:
    stats: dict[str, Counter] = defaultdict(Counter)
    for row in load_records(paths):
        seen = king_turns(row)
        for side in "SN":
            c, who = seen[side], stats[family(row, side)]
            points = row["score"] if row["a_side"] == side else 1 - row["score"]
            who.update(c)
            who.update({"games": 1, "points": points, "games exposed": c["exposed turns"] > 0,
                        "games struck": c["struck"] > 0})
            kind = "struck" if c["struck"] else ("exposed not struck" if c["exposed turns"] else "never exposed")
            who["points " + kind] += points
    for who, c in sorted(stats.items()):
        print(who, dict(sorted(c.items())))


if __name__ == "__main__":
    main(sys.argv[1:])
