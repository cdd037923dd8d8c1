"""Issue 12: where each side first deploys its King in the shipped expert's 200 games against the yardstick
(touching an enemy card or apart, or never), and the points each side scored in those games.

    PYTHONPATH=. python docs/ladder/trials20/king_deploys.py
"""

from __future__ import annotations

import glob
from collections import Counter

from towers_core.skirmish.ai import diagnose

RECORDS = "docs/ladder/trials1[01]/*expert_ismcts70k_seed*.jsonl"
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def touches_enemy(pos: dict, square: str, me: str) -> bool:
    """Does `square` touch (orthogonally) a card of the other side's?"""
    f, r = ord(square[0]) - 97, int(square[1])
    cells = (pos["board"].get(f"{chr(97 + f + df)}{r + dr}") for df, dr in STEPS)
    return any(c is not None and c["owner"] != me for c in cells)


def main() -> None:
    rows = diagnose.load_records(sorted(glob.glob(RECORDS)))
    games, points = Counter(), Counter()
    for row in rows:
        first = {}
        for pos, _, action in diagnose.replay(row):
            me = pos["to_move"]
            who = "expert" if str(diagnose.player_on(row, me)).startswith("expert") else "yardstick"
            if action.startswith("K@") and who not in first:
                first[who] = "touching" if touches_enemy(pos, action[2:4], me) else "apart"
        for who in ("expert", "yardstick"):
            score = row["score"] if who == "expert" else 1.0 - row["score"]
            games[who, first.get(who, "never")] += 1
            points[who, first.get(who, "never")] += score
    print(f"# {len(rows)} games: the first deploy of each side's King, and that side's points in those games")
    for key in sorted(games):
        print(f"{key[0]:9} {key[1]:8} {games[key]:4d} games, {points[key]:5.1f} points")


if __name__ == "__main__":
    main()
