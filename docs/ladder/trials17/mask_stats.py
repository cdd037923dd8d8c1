"""Issue 12: what the mask weight changes in expert's play, on the deals a trial shares with the shipped expert.

    PYTHONPATH=. python docs/ladder/trials17/mask_stats.py docs/ladder/trials17/mask1_open*.jsonl

At each of expert's turns to ply 30: its own face-down cards touching an enemy card, the enemy's face-down
cards touching one of its cards (what it would fight blind), and its attacks, and how many of them a
face-down card made (a deploy-and-attack counts as face-down). The base is the shipped expert's 200 games.
"""
from __future__ import annotations

import glob
import sys

from towers_core.matches import OTHER
from towers_core.skirmish.ai.diagnose import load_records, replay

BASE = "docs/ladder/trials1[01]/*expert_ismcts70k_seed*.jsonl"
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def contacts(pos: dict, side: str) -> int:
    """`side`'s face-down cards touching an enemy card."""
    def touches_enemy(sq: str) -> bool:
        around = (f"{chr(ord(sq[0]) + dx)}{int(sq[1]) + dy}" for dx, dy in STEPS)
        return any(pos["board"].get(x, {}).get("owner") == OTHER[side] for x in around)
    return sum(1 for sq, c in pos["board"].items() if c["owner"] == side and not c["up"] and touches_enemy(sq))


def game_counts(row: dict) -> list[int]:
    """[turns, own hidden in contact, enemy hidden in contact, attacks by a face-down card, attacks]."""
    me, acc = row["a_side"], [0, 0, 0, 0, 0]
    for pos, _, action in replay(row):
        if pos["actions"] > 30:
            break
        if pos["to_move"] != me:
            continue
        acc[0] += 1
        acc[1] += contacts(pos, me)
        acc[2] += contacts(pos, OTHER[me])
        if "x" in action:
            src = action.split("x")[0].split("-")[0]
            acc[4] += 1
            acc[3] += "@" in src or not pos["board"][src]["up"]
    return acc


def main() -> None:
    trial = {(r["seed"], r["a_side"]): r for r in load_records(sys.argv[1:])}
    base = {(r["seed"], r["a_side"]): r for r in load_records(sorted(glob.glob(BASE)))}
    for name, rows in (("trial", list(trial.values())), ("shipped expert", [base[k] for k in trial])):
        t = [sum(col) for col in zip(*map(game_counts, rows))]
        print(f"{name}: {len(rows)} games, {t[0]} turns to ply 30; per turn, own face-down cards in contact "
              f"{t[1] / t[0]:.2f}, the enemy's {t[2] / t[0]:.2f}; attacks {t[4]}, {t[3]} by a face-down card")


if __name__ == "__main__":
    main()
