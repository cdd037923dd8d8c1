#!/usr/bin/env python3
"""A digest of the Skirmish legal-action lists along random games, to compare two builds of the move generator.

    PYTHONPATH=. python benchmarks/legal_digest.py

Why: a change meant only to speed move generation up must list the same actions in the same order (the
searches' move ordering and the yardstick's tree depend on the order). From the twelve bench positions of
seeds 1 and 2, four sampled worlds each, random games are played with about a third of the cards turned
defensive or back at every ply (to exercise every posture run); every legal list is hashed. Prints the
number of actions listed and the digest; run it on both builds and compare.
"""
from __future__ import annotations

import hashlib
import random

from towers_core.skirmish.ai import determinize
from towers_core.skirmish.cli import bench_positions


C_KING = 0          # the King's card code (state.pxd): never set defensive
GAME_PLIES = 200    # random plies from each world, at most


def digest() -> tuple[int, str]:
    """(actions listed, a hash of every list in order)."""
    h, total, rnd = hashlib.sha256(), 0, random.Random(5)
    for _label, view, history in bench_positions(1) + bench_positions(2):
        for engine in determinize.worlds(view, history, 4, 3):
            for _ply in range(GAME_PLIES):
                for sq in range(49):
                    card, owner, flags = engine.get_square(sq)
                    if card > C_KING and rnd.random() < 0.3:
                        engine.set_square(sq, card, owner, flags ^ 2)   # F_DEF
                actions = engine.legal()
                total += len(actions)
                h.update(repr(actions).encode())
                if not actions or engine.get_meta()["reason"]:
                    break
                engine.apply(rnd.choice(actions))
    return total, h.hexdigest()[:16]


if __name__ == "__main__":
    listed, hashed = digest()
    print(f"actions listed {listed:,}   digest {hashed}")
