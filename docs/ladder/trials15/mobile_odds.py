"""Issue 12, fifteenth session: are the yardstick's face-down cards that could grab an empty high-ground
square by a two-square move (within two squares of it) Scouts and Lancers more often than expert's belief
deals them?

At each of expert's turns to ply 24 of the 200 shipped games, every face-down card of the yardstick's: the
truth (Scout or Lancer, or not) beside the belief's odds (SAMPLES deals with the level's deal factors,
expert's by default), split by whether an empty high-ground square lies within Manhattan distance 2.

    PYTHONPATH=. python docs/ladder/trials15/mobile_odds.py [--level=LEVEL] RECORD.jsonl ...
"""
from __future__ import annotations

import random
import sys
from collections import defaultdict

from towers_core.board import manhattan
from towers_core.matches import OTHER
from towers_core.skirmish import belief, position
from towers_core.skirmish.ai.diagnose import load_records, plies_of
from towers_core.skirmish.ai.levels import get_level

SAMPLES = 40
MOBILE = {"Sc", "La"}


def main(paths: list[str], level: str = "expert") -> None:
    factors = get_level(level).deal_factors
    seen: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0, 0.0])   # cards, belief odds, truly
    for row in load_records(paths):
        for ply, pos, history, _ in plies_of(row, "expert"):
            if ply > 24:
                break
            me = pos["to_move"]
            view = position.view(pos, me)
            k = belief.knowledge(view, me, history)
            if not k.tokens:
                continue
            rng = random.Random(f"mobile:{row['seed']}:{ply}")
            deals = [belief.sample_hidden(k, rng, factors=factors)[0] for _ in range(SAMPLES)]
            empty_high = [sq for sq in pos["terrain"]["high"] if sq not in pos["board"]]
            for sq in k.tokens:
                near = any(manhattan(sq, h) <= 2 for h in empty_high)
                key = ("near empty high ground" if near else "not near") + (" ply<=12" if ply <= 12 else " ply>12")
                for cards in (MOBILE, *({c} for c in sorted(MOBILE))):
                    c = seen[(key, "+".join(sorted(cards)))]
                    c[0] += 1
                    c[1] += sum(d[sq] in cards for d in deals) / SAMPLES
                    c[2] += pos["board"][sq]["card"] in cards and pos["board"][sq]["owner"] == OTHER[me]
    print("# face-down cards of the yardstick at expert's turns to ply 24; Scout and/or Lancer: belief vs truth")
    for (key, cards), (n, odds, true) in sorted(seen.items()):
        print(f"{key:30s} {cards:6s} {n:5d} cards  belief {odds / n:.3f}  truth {true / n:.3f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[1:], args[0][len("--level="):]) if args and args[0].startswith("--level=") else main(args)
