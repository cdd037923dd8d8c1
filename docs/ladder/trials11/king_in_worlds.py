"""Issue 12, eleventh session: at each of expert's strikes on a face-down King, how many of the worlds
it searched held the King on the struck square, against the belief's odds there (400 deals).

    PYTHONPATH=. python docs/ladder/trials11/king_in_worlds.py LEVEL RECORD.jsonl ...
"""
from __future__ import annotations

import random
import sys
from collections import Counter

from towers_core.board import SQUARE_INDEX
from towers_core.skirmish import belief, position
from towers_core.skirmish.ai import determinize
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.cards import INDEX

from king_strikes import king_strikes  # beside this script


def main(level: str, paths: list[str]) -> None:
    lv = get_level(level)
    held: Counter = Counter()
    odds = []
    for row, pos, history, _, sq in king_strikes(paths):
        me = pos["to_move"]
        view = position.view(pos, me)
        worlds = determinize.worlds(view, history, lv.worlds, row["seed"] + pos["actions"], lv.placement,
                                    lv.deal_factors, lv.stratify)
        held[sum(w.get_square(SQUARE_INDEX[sq])[0] == INDEX["K"] for w in worlds)] += 1
        k = belief.knowledge(view, me, history)
        rng = random.Random(0)
        odds.append(sum(belief.sample_hidden(k, rng, factors=lv.deal_factors)[0][sq] == "K"
                        for _ in range(400)) / 400)
    n = sum(held.values())
    print(f"{n} strikes on a face-down King; worlds (of {lv.worlds}) holding him on the struck square: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(held.items())))
    mean = sum(odds) / n
    print(f"the belief's odds of the King there: mean {mean:.3f}, expected worlds {lv.worlds * mean:.2f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
