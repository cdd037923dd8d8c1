"""Issue 12, eleventh session: play chosen games of match schedules on two processes, the same games
(seeds, pairs, sides) `towers-cli skirmish match` plays, as `--skip` now does for one seed.

    PYTHONPATH=. python docs/ladder/trials11/resume.py OUT A B SEED:FIRST:END ...

Plays games FIRST..END-1 of each seed's schedule of END games, A against B, and appends each game to
OUT_seedSEED.jsonl as the match's --record does; prints each game and A's time a move.
"""
from __future__ import annotations

import multiprocessing
import sys

from towers_core import matches
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.match import play_game


def run(job: tuple[int, matches.Game]) -> tuple[int, dict]:
    seed, game = job
    return seed, play_game(game)


def main(out: str, a: str, b: str, specs: list[str]) -> None:
    jobs = []
    for spec in specs:
        seed, first, end = map(int, spec.split(":"))
        jobs += [(seed, g) for g in matches.schedule(a, b, end, seed)[first:]]
    print("A level", get_level(a), flush=True)
    print(len(jobs), "games", flush=True)
    tally = {1.0: 0, 0.5: 0, 0.0: 0}
    with multiprocessing.get_context("fork").Pool(2) as pool:
        for seed, r in pool.imap_unordered(run, jobs):
            matches.record_game(f"{out}_seed{seed}.jsonl", r)
            tally[r["score"]] += 1
            g, think = r["game"], r["think_a"]
            print(f"seed {seed} pair {g.pair} A={g.a_side} score {r['score']} {r['reason']} {r['plies']} plies "
                  f"A mean {think[0] / max(think[2], 1):.2f}s max {think[1]:.2f}s  "
                  f"[W/D/L {tally[1.0]}/{tally[0.5]}/{tally[0.0]}]", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
