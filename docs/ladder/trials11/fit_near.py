"""Issue 12, eleventh session: fit a deal factor per card on face-down squares touching the viewer's
cards (belief.DealFactors, (card, "near")), so each identity's dealt share there matches the truth.

    PYTHONPATH=. python docs/ladder/trials11/fit_near.py PLAYER ROUNDS RECORD.jsonl ...

At every third ply of PLAYER's (a name prefix, e.g. expert), ROUNDS rounds of 30 deals per position,
each round multiplying every card's factor by (true share / dealt share) ** 0.8 on the touching squares
(the King starts at belief.KING_CONTACT); the squares apart keep the troops-only deal. The Soulcaster
is not fitted: the recorded players never muster one, which says nothing of players who do. Prints each
round's shares and factors, and the level string of the last. ROUNDS 0 only measures, with the
factors given as a level string in FACTORS (e.g. FACTORS=expert,near.Kn:1.5).
"""
from __future__ import annotations

import os
import random
import sys
from collections import Counter

from towers_core.skirmish import belief, position
from towers_core.skirmish.ai.diagnose import load_records, plies_of
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.cards import CODES

DEALS = 30
STEP = 0.8
FITTED = tuple(c for c in CODES if c != "So")


def positions(prefix: str, paths: list[str]) -> list[tuple[belief.Knowledge, dict[str, str]]]:
    """(the viewer's knowledge, true identity of each face-down square touching the viewer's cards)."""
    out = []
    for row in load_records(paths):
        for i, pos, history, _ in plies_of(row, prefix, every=3):
            me = pos["to_move"]
            k = belief.knowledge(position.view(pos, me), me, history)
            if k.contact:
                out.append((k, {sq: pos["board"][sq]["card"] for sq in k.contact}))
    return out


def shares(data: list, factors: belief.DealFactors) -> tuple[Counter, Counter, int]:
    dealt: Counter = Counter()
    truth: Counter = Counter()
    for j, (k, true) in enumerate(data):
        rng = random.Random(j)
        for _ in range(DEALS):
            board = belief.sample_hidden(k, rng, factors=factors)[0]
            dealt.update(board[sq] for sq in true)
        truth.update(true.values())
    return dealt, truth, sum(len(t) for _, t in data)


def main(prefix: str, rounds: int, paths: list[str]) -> None:
    data = positions(prefix, paths)
    factors: belief.DealFactors = get_level(os.environ.get("FACTORS", "expert")).deal_factors
    for r in range(rounds + 1):
        dealt, truth, n = shares(data, factors)
        print(f"round {r}: {n} touching cards; dealt/true " + " ".join(
            f"{c} {dealt[c] / DEALS / n:.3f}/{truth[c] / n:.3f}" for c in CODES), flush=True)
        print("  factors " + " ".join(f"{c} {factors.get((c, 'near'), 1.0):.2f}" for c in CODES), flush=True)
        if r == rounds:
            break
        for c in FITTED:
            d, t = dealt[c] / DEALS / n, truth[c] / n
            f = factors.get((c, "near"), 1.0) * ((max(t, 0.002) / max(d, 0.002)) ** STEP)
            factors[(c, "near")] = min(max(f, 0.05), 50.0)
    print("level: expert," + ",".join(f"near.{c}:{factors.get((c, 'near'), 1.0):.2f}" for c in FITTED))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
