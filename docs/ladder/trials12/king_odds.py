"""Issue 12, twelfth session: is the belief's King calibrated where expert strikes? For each of expert's
attacks on a face-down card, the belief's odds of the King on the struck square (expert's deal factors,
200 deals) against what stood there, by band of odds.

    PYTHONPATH=. python docs/ladder/trials12/king_odds.py LEVEL RECORD.jsonl ...
"""
from __future__ import annotations

import random
import sys
from collections import Counter

from towers_core.skirmish import belief, position
from towers_core.skirmish.ai.levels import get_level

from strike_again import face_down_strikes  # beside this script

BANDS = (0.0, 0.05, 0.1, 0.2, 0.35, 1.01)
DEALS = 200


def main(level: str, paths: list[str]) -> None:
    lv = get_level(level)
    strikes: Counter = Counter()
    kings: Counter = Counter()
    odds: Counter = Counter()
    points: Counter = Counter()
    tagged: Counter = Counter()
    for row, pos, history, square, card in face_down_strikes(paths, 1):
        me, king = pos["to_move"], card == "K"
        k = belief.knowledge(position.view(pos, me), me, history)
        rng = random.Random(pos["actions"])
        p = sum(belief.sample_hidden(k, rng, factors=lv.deal_factors)[0][square] == "K" for _ in range(DEALS)) / DEALS
        band = next(i for i in range(len(BANDS) - 1) if p < BANDS[i + 1])
        tags = "+".join(sorted(k.tags[square]))
        tagged[tags, "n"] += 1
        tagged[tags, "odds"] += p
        tagged[tags, "K"] += king
        strikes[band] += 1
        kings[band] += king
        odds[band] += p
        points[band, king] += row["score"] if row["a_side"] == me else 1 - row["score"]
    print("odds of the King   strikes  mean odds  Kings  share   points (not King / King)")
    for b in sorted(strikes):
        n, nk = strikes[b], kings[b]
        print(f"{BANDS[b]:.2f}..{min(BANDS[b + 1], 1):.2f}  {n:8d}  {odds[b] / n:9.3f}  {nk:5d}  {nk / n:5.3f}   "
              f"{points[b, False]:g}/{n - nk}  {points[b, True]:g}/{nk}")
    print("by the struck square's tags: strikes, the belief's summed odds of the King, Kings")
    for tags in sorted({t for t, _ in tagged}):
        print(f"  {tags:32} {tagged[tags, 'n']:4d} {tagged[tags, 'odds']:6.1f} {tagged[tags, 'K']:3d}")
    n = sum(strikes.values())
    print(f"all: {n} strikes, mean odds {sum(odds.values()) / n:.3f}, Kings {sum(kings.values())} "
          f"({sum(kings.values()) / n:.3f})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
