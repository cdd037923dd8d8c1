"""Issue 12, twelfth session: does how a face-down card came to its square tell the King? Every face-down
card of expert's opponent at every second of expert's moves, by its maneuvers since it was deployed and
by its age (the opponent's turns since), against the belief's summed odds of the King at LEVEL.

    PYTHONPATH=. python docs/ladder/trials12/king_moves.py LEVEL RECORD.jsonl ...
"""
from __future__ import annotations

import random
import sys
from collections import Counter

from towers_core.skirmish import belief, position
from towers_core.skirmish.ai.diagnose import load_records, plies_of
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.position import HIDDEN

DEALS = 40


def careers(history: list[dict], opponent: str) -> dict[str, tuple[int, int]]:
    """Face-down square -> (maneuvers since its deploy, the opponent's turns since), from the opponent's
    actions in the viewer's history (a card the history does not follow is absent)."""
    out: dict[str, tuple[int, int]] = {}
    for entry in history:
        action = str(entry.get("action", ""))
        if entry["view"]["to_move"] == opponent:
            continue
        out = {sq: (m, age + 1) for sq, (m, age) in out.items()}
        if action.startswith("?@"):
            out[action[2:4]] = (0, 0)
        elif len(action) >= 5 and action[2] == "-" and action[0:2] in out:
            m, age = out.pop(action[0:2])
            out[action[3:5]] = (m + 1, age)
        board = entry["view"]["board"]
        out = {sq: v for sq, v in out.items()
               if board.get(sq, {}).get("card") == HIDDEN and board[sq]["owner"] == opponent}
    return out


def main(level: str, paths: list[str]) -> None:
    lv = get_level(level)
    n: Counter = Counter()
    odds: Counter = Counter()
    kings: Counter = Counter()
    for row in load_records(paths):
        for ply, pos, history, _ in plies_of(row, "expert", every=2):
            me = pos["to_move"]
            k = belief.knowledge(position.view(pos, me), me, history)
            if not k.tokens:
                continue
            life = careers(history, k.opponent)
            rng = random.Random(ply)
            deals = [belief.sample_hidden(k, rng, factors=lv.deal_factors)[0] for _ in range(DEALS)]
            for sq in k.tokens:
                p = sum(d[sq] == "K" for d in deals) / DEALS
                moves, age = life.get(sq, (-1, -1))
                for where in ("all", "near" if sq in k.contact else "far"):
                    for key in (("moves", min(moves, 3)), ("age", min(age, 12) // 3 * 3 if age >= 0 else -1)):
                        n[where, *key] += 1
                        odds[where, *key] += p
                        kings[where, *key] += pos["board"][sq]["card"] == "K"
    print(f"{'where':5} {'feature':6} {'value':>5} {'squares':>8} {'odds':>7} {'Kings':>6}  ratio")
    for key in sorted(n):
        print(f"{key[0]:5} {key[1]:6} {key[2]:5d} {n[key]:8d} {odds[key]:7.1f} {kings[key]:6d}  "
              f"{kings[key] / odds[key] if odds[key] else float('nan'):.2f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
