"""Issue 12, idea (b): do card-by-square features predict results beyond the shipped evaluation?

    PYTHONPATH=. python docs/ladder/trials24/pst_features.py OUT.tsv [EVERY]

Every recorded Skirmish game in docs/ladder between two searching players (no random or greedy side),
replayed; at every EVERY-th ply a row from the side to move: game number, result (1 / 0.5 / 0), mover's
and opponent's family, the shipped evaluation, then for each card kind the mover's count minus the
opponent's on high ground, touching high ground, on its own half, past the middle, and in the barrack.
The fit (numpy, outside the project's venv) is pst_fit.py.
"""
from __future__ import annotations

import glob
import sys

from towers_core.board import DIRECTIONS, step
from towers_core.errors import TowersError
from towers_core.skirmish import position
from towers_core.skirmish.ai.diagnose import load_records, player_on, replay
from towers_core.skirmish.ai.search import evaluate_engine
from towers_core.skirmish.cards import CODES
from towers_core.matches import OTHER

ZONES = ("high", "by_high", "own_half", "far_half", "barrack")
SKIP = ("random", "greedy")


def family(row: dict, side: str) -> str:
    """The family of the player on `side` ('expert' for 'expert,nodes:5000000', 'ismcts' for 'ismcts:iters=70000')."""
    return str(player_on(row, side)).split(",")[0].split(":")[0]


def features(pos: dict) -> list[float]:
    """Mover's minus opponent's count of each card kind in each zone."""
    me = pos["to_move"]
    high = set(pos["terrain"]["high"])
    by_high = {step(h, d) for h in high for d in DIRECTIONS} - high - {None}
    counts = {(side, card, zone): 0 for side in "SN" for card in CODES for zone in ZONES}
    for sq, c in pos["board"].items():
        rank = int(sq[1])
        forward = rank if c["owner"] == "S" else 8 - rank
        zone = "high" if sq in high else "by_high" if sq in by_high else "own_half" if forward <= 3 else "far_half"
        counts[(c["owner"], c["card"], zone)] += 1
    for side in "SN":
        for card in pos["barrack"][side]:
            counts[(side, card, "barrack")] += 1
    return [counts[(me, card, z)] - counts[(OTHER[me], card, z)] for card in CODES for z in ZONES]


def main() -> None:
    out, every = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2
    paths = [p for p in sorted(glob.glob("docs/ladder/**/*.jsonl", recursive=True)) if "castles" not in p
             and "gauntlet" not in p]
    games = []
    for p in paths:
        try:
            games += load_records([p])
        except TowersError:   # a log of matches without recorded moves
            continue
    games = [g for g in games if not any(family(g, s) in SKIP for s in "SN")]
    seen = set()
    with open(out, "w") as f:
        f.write("game\tresult\tmover\topponent\tply\tshipped\t"
                + "\t".join(f"{c}.{z}" for c in CODES for z in ZONES) + "\n")
        for g, row in enumerate(games):
            key = (row["seed"], tuple(row["moves"]))
            if key in seen:
                continue
            seen.add(key)
            south = row["score"] if row["a_side"] == "S" else 1.0 - row["score"]
            for ply, (pos, _, _) in enumerate(replay(row)):
                if ply % every:
                    continue
                me = pos["to_move"]
                e = position.to_engine(pos, allow_hidden=True)
                vals = [g, south if me == "S" else 1 - south, family(row, me), family(row, OTHER[me]), ply,
                        round(evaluate_engine(e), 3), *features(pos)]
                f.write("\t".join(map(str, vals)) + "\n")
            if g % 200 == 0:
                print(g, len(games), flush=True)


if __name__ == "__main__":
    main()
