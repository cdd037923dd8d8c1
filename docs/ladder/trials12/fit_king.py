"""Issue 12, twelfth session: fit the King's deal factor per square tag (belief.SQUARE_TAGS), so the King's
dealt share on the squares of each tag matches the truth, on every face-down card of the opponent.

    PYTHONPATH=. python docs/ladder/trials12/fit_king.py ROUNDS RECORD.jsonl ...

At every second ply of expert's, ROUNDS rounds of DEALS deals a position, each
round multiplying every tag's King factor by (true Kings / dealt Kings) ** STEP on the squares with that
tag (starting from FACTORS, a level string, default expert). Prints each round's shares, the held-out
measure (the King's log-loss a face-down card, in nats, against the troops-only deal's) and the level string.
ROUNDS 0 only measures the FACTORS given.
"""
from __future__ import annotations

import math
import os
import random
import sys
from collections import Counter

from towers_core.skirmish import belief
from towers_core.skirmish.ai.levels import get_level

from king_squares import knowledge_at  # beside this script

DEALS = 30
STEP = 0.7
BOUNDS = (0.1, 100.0)


def positions(paths: list[str]) -> list[tuple[belief.Knowledge, dict[str, bool]]]:
    """(expert's knowledge, whether each face-down square of the opponent holds the King), every second ply."""
    return [(k, {sq: pos["board"][sq]["card"] == "K" for sq in k.tokens}) for pos, _, _, k in knowledge_at(paths, 2)]


def measure(data: list, factors: belief.DealFactors) -> tuple[Counter, Counter, Counter, float]:
    """Per tag: squares, dealt Kings (per deal), true Kings; and the King's log-loss a square."""
    squares: Counter = Counter()
    dealt: Counter = Counter()
    truth: Counter = Counter()
    loss = 0.0
    for j, (k, kings) in enumerate(data):
        rng = random.Random(j)
        deals = [belief.sample_hidden(k, rng, factors=factors)[0] for _ in range(DEALS)]
        for sq, king in kings.items():
            share = sum(d[sq] == "K" for d in deals) / DEALS
            p = (share * DEALS + 0.5) / (DEALS + 1)   # smoothed for the log-loss only
            loss -= math.log(p if king else 1 - p)
            for t in k.tags[sq] | {"all"}:
                squares[t] += 1
                dealt[t] += share
                truth[t] += king
    return squares, dealt, truth, loss / sum(len(x) for _, x in data)


def main(rounds: int, paths: list[str]) -> None:
    data = positions(paths)
    factors = get_level(os.environ.get("FACTORS", "expert")).deal_factors
    print(f"{len(data)} positions; troops only: King log-loss {measure(data, {})[3]:.4f} nats a square", flush=True)
    for r in range(rounds + 1):
        squares, dealt, truth, loss = measure(data, factors)
        print(f"round {r}: log-loss {loss:.4f}; tag squares dealt/true Kings: " + "  ".join(
            f"{t} {squares[t]} {dealt[t]:.1f}/{truth[t]}" for t in sorted(squares)), flush=True)
        print("  factors " + " ".join(f"{t} {factors.get(('K', t), 1.0):.2f}" for t in belief.SQUARE_TAGS),
              flush=True)
        if r == rounds:
            break
        for t in belief.SQUARE_TAGS:
            f = factors.get(("K", t), 1.0) * (max(truth[t], 0.5) / max(dealt[t], 0.5)) ** STEP
            factors[("K", t)] = min(max(f, BOUNDS[0]), BOUNDS[1])
    print("level: expert," + ",".join(f"{t}.K:{factors.get(('K', t), 1.0):.3g}" for t in belief.SQUARE_TAGS))


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2:])
