"""Issue 12, tenth session: the belief against the truth on the opponent's face-down cards, split by
whether they touch one of the viewer's board cards (belief.Knowledge.contact) and by phase.

    PYTHONPATH=. python docs/ladder/trials10/contact.py LEVEL PLAYER RECORD.jsonl ...

At every third ply of PLAYER's (a name prefix, e.g. expert), 100 deals with LEVEL's deal factors
(Level.deal): each identity's dealt share against its true share, touching and apart, and the King's
before and after ply 30. The tenth session's figures: LEVEL `expert,near.K:1` (troops only, then spelled
KING_CONTACT 1) and `expert,near.K:16` (then 16).
"""
from __future__ import annotations

import random
import sys
from collections import Counter, defaultdict

from towers_core.skirmish import belief, position
from towers_core.skirmish.ai.diagnose import load_records, plies_of
from towers_core.skirmish.ai.levels import get_level


def main(level: str, prefix: str, paths: list[str]) -> None:
    factors = get_level(level).deal_factors
    dealt: dict[str, Counter] = defaultdict(Counter)
    truth: dict[str, Counter] = defaultdict(Counter)
    cards: Counter = Counter()
    for row in load_records(paths):
        for i, pos, history, _ in plies_of(row, prefix, every=3):
            me = pos["to_move"]
            k = belief.knowledge(position.view(pos, me), me, history)
            rng = random.Random(i)
            deals = [belief.sample_hidden(k, rng, factors=factors)[0] for _ in range(100)]
            for sq in k.tokens:
                where = "touching" if sq in k.contact else "apart"
                for key in (where, f"{where}, ply {'< 30' if i < 30 else '>= 30'}"):
                    cards[key] += 1
                    truth[key][pos["board"][sq]["card"]] += 1
                    dealt[key].update(d[sq] for d in deals)
    for key in sorted(cards):
        n = cards[key]
        king = f"King dealt {dealt[key]['K'] / 100 / n:.3f}, true {truth[key]['K'] / n:.3f}"
        if "ply" in key:
            print(f"{key}: {n} cards, {king}")
            continue
        shares = " ".join(f"{c} {dealt[key][c] / 100 / n:.3f}/{truth[key][c] / n:.3f}"
                          for c in sorted(set(dealt[key]) | set(truth[key])))
        print(f"{key}: {n} cards, {king}; dealt/true: {shares}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
