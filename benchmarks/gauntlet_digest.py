#!/usr/bin/env python3
"""A digest of the Gauntlet reference engine along random battles, to compare two builds of it.

    PYTHONPATH=. python benchmarks/gauntlet_digest.py [BATTLES]

Why: a change meant only to reshape the Python reference (gen.py, engine.py: the engine the C one is
tested against) must list the same actions in the same order and play each one to the same position
and the same log, as each side sees it. Random battles from seeded random armies (randomplay.py) are
played through the reference, now and then with the +AP token or a resignation; every legal list, every
resulting position and every entry as Gold and as Crimson see it is hashed, and so is the refusal of an
action that is not legal. Prints the counts and the digest; run it on both builds and compare.
"""
from __future__ import annotations

import argparse
import hashlib
import random

from towers_core.checks import whole_number
from towers_core.errors import BadLevel, IllegalAction
from towers_core.gauntlet import gen
from towers_core.gauntlet.engine import play_full
from towers_core.gauntlet.position import canonical_json, clone, raw_view
from towers_core.gauntlet.randomplay import pick, random_start

BATTLE_ACTIONS = 300   # actions of each battle, at most
MAX_BATTLES = 10_000


def digest(battles: int) -> tuple[int, int, str]:
    """(positions, actions listed, a hash of every list, position and entry in order)."""
    h, positions, listed, rng = hashlib.sha256(), 0, 0, random.Random(7)
    for _ in range(battles):
        pos = random_start(rng)
        for _ply in range(BATTLE_ACTIONS):
            if pos["result"] is not None:
                break
            actions = gen.all_actions(raw_view(pos, pos["to_move"]))
            positions, listed = positions + 1, listed + len(actions)
            h.update(repr(actions).encode())
            roll = rng.random()
            action = "+ap" if roll < 0.03 else "resign" if roll < 0.035 else pick(rng, actions)
            try:
                pos, entries = play_full(clone(pos), action)
            except IllegalAction as err:
                h.update(str(err).encode())
                continue
            h.update(canonical_json(pos).encode())
            for e in entries:
                h.update(repr((e.full(), e.seen_by("G"), e.seen_by("C"))).encode())
    return positions, listed, h.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("battles", type=int, nargs="?", default=60, help="random battles played")
    args = parser.parse_args()
    try:
        whole_number(args.battles, "battles", 1, MAX_BATTLES, BadLevel)
    except BadLevel as err:
        parser.error(str(err))
    n, listed, hashed = digest(args.battles)
    print(f"{args.battles} battles, {n:,} positions, {listed:,} actions listed   digest {hashed}")


if __name__ == "__main__":
    main()
