"""Issue 12, fourteenth session: expert's lost games, with the marker (expert's side positive) and the
high ground held (expert's squares, then the yardstick's) every second ply to ply 40.

    PYTHONPATH=. python docs/ladder/trials14/losses_races.py RECORD.jsonl ...
"""
from __future__ import annotations

import sys

from towers_core.matches import OTHER
from towers_core.skirmish.ai.diagnose import family_side, high_held, load_records, replay


def main(paths: list[str]) -> None:
    for row in load_records(paths):
        ex, points = family_side(row, "expert")
        if points == 1:
            continue
        plays = list(replay(row))
        sign = 1 if ex == "S" else -1
        marker, high = [], []
        for i, (pos, _history, _action) in enumerate(plays[:41]):
            if i % 2 == 0:
                marker.append(f"{sign * pos['marker']:+d}")
                high.append(f"{high_held(pos, ex)}{high_held(pos, OTHER[ex])}")
        first = "1st" if plays[0][0]["to_move"] == ex else "2nd"
        style = "balanced" if "Cl" in row["musters"][OTHER[ex]] else "knights"
        print(row["seed"], row["pair"], ex, first, row["reason"], row["plies"], "yardstick:" + style)
        print("   marker", " ".join(marker))
        print("   high  ", " ".join(high))


if __name__ == "__main__":
    main(sys.argv[1:])
