"""Issue 12: how often expert strikes (attacks or Soulcasts) to ply 40 in the reveal:2 games and in the shipped
expert's games of the same deals, and how many of those strikes hit a face-down card.

    PYTHONPATH=. python docs/ladder/trials20/strike_counts.py
"""

from __future__ import annotations

import glob

from towers_core.skirmish import notation
from towers_core.skirmish.ai import diagnose

CANDIDATE = "docs/ladder/trials20/rv2_*.jsonl"
BASE = "docs/ladder/trials1[01]/*expert_ismcts70k_seed*.jsonl"
PLIES = 40


def strikes(row: dict) -> tuple[int, int, int]:
    """(expert's moves, its strikes, its strikes on a face-down card) to ply PLIES."""
    moves = hits = blind = 0
    for ply, pos, _, action in diagnose.plies_of(row, "expert"):
        if ply >= PLIES:
            break
        d = notation.describe_action(notation.parse(action))
        target = d["target"] if {d["kind"], d["follow"]} & {"attack", "soulcast"} else None
        moves += 1
        if target:
            hits += 1
            cell = pos["board"].get(target)
            blind += bool(cell and not cell["up"])
    return moves, hits, blind


def main() -> None:
    cand = {(r["seed"], r["a_side"]): r for r in diagnose.load_records(sorted(glob.glob(CANDIDATE)))}
    base = {(r["seed"], r["a_side"]): r for r in diagnose.load_records(sorted(glob.glob(BASE)))}
    for name, rows in (("expert,reveal:2", cand), ("shipped expert", {k: base[k] for k in cand if k in base})):
        totals = [sum(x) for x in zip(*(strikes(r) for r in rows.values()))]
        print(f"{name:16} {len(rows)} games: {totals[0]} moves to ply {PLIES}, {totals[1]} strikes "
              f"({totals[1] / totals[0]:.1%}), {totals[2]} on face-down cards ({totals[2] / totals[0]:.1%})")


if __name__ == "__main__":
    main()
