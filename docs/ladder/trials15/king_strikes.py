"""Issue 12, fifteenth session: every strike expert made on the yardstick's face-down King in the 200
shipped games, and what followed: the attacker, the King's odds there in expert's belief, revealed
Knight-or-better cards of expert's touching him after the strike (2 pin him), the yardstick's reply, the
high ground and marker (expert's side positive) then and 6 plies later, and expert's points in the game.

    PYTHONPATH=. python docs/ladder/trials15/king_strikes.py RECORD.jsonl ...
"""
from __future__ import annotations

import re
import sys
from collections import Counter

from towers_core.board import DIRECTIONS, step
from towers_core.matches import OTHER
from towers_core.skirmish import position
from towers_core.skirmish.cards import BY_CODE
from towers_core.skirmish.belief import hidden_distribution
from towers_core.skirmish.ai.diagnose import family_side, high_held, load_records, replay



def pinners(board: dict, square: str, side: str) -> int:
    """Revealed cards of `side`, Knight or better, touching `square`."""
    cells = (board.get(step(square, d) or "") for d in DIRECTIONS)
    return sum(1 for c in cells if c and c["owner"] == side and c["up"] and BY_CODE[c["card"]].knight_or_better)


def main(paths: list[str]) -> None:
    tally: Counter = Counter()
    for row in load_records(paths):
        ex, score = family_side(row, "expert")
        plays = list(replay(row))
        sign = 1 if ex == "S" else -1
        for i, (pos, history, action) in enumerate(plays):
            target = re.search(r"x([a-g][1-7])", action)
            cell = pos["board"].get(target.group(1)) if target else None
            if pos["to_move"] != ex or not cell or cell["card"] != "K" or cell["up"]:
                continue
            sq = target.group(1)
            attacker = pos["board"].get(action[:2], {}).get("card") if "@" not in action else action.split("@")[0]
            odds = hidden_distribution(position.view(pos, ex), ex, sq, history).get("K", 0.0)
            after = plays[i + 1][0] if i + 1 < len(plays) else None
            reply = plays[i + 1][2] if i + 1 < len(plays) else "(end)"
            pinned = pinners(after["board"], sq, ex) if after else 0
            later = plays[min(i + 6, len(plays) - 1)][0]
            hg = f"{high_held(pos, ex)}-{high_held(pos, OTHER[ex])}"
            hg6 = f"{high_held(later, ex)}-{high_held(later, OTHER[ex])}"
            print(f"{row['seed']} ply {i:3d} {action:14s} by {attacker:2s} odds {odds:.2f} "
                  f"pinners {pinned} reply {reply:12s} high {hg}->{hg6} marker {sign * pos['marker']:+d}->"
                  f"{sign * later['marker']:+d} end ply {len(plays)} scored {score}", flush=True)
            tally["strikes"] += 1
            tally["scored"] += score
            tally["pinned (2+)"] += pinned >= 2
            tally["reply captured the attacker"] += bool(re.search(rf"{sq}x", reply))
    print(dict(tally))


if __name__ == "__main__":
    main(sys.argv[1:])
