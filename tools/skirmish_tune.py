"""SPSA tuning of the evaluation's named weights by self-play.

Each step draws a random ±1 direction δ, plays one colour-swapped pair between the level with
θ + c·δ and with θ − c·δ (same seed, so terrain and pulls are shared), and moves θ along δ by how
much the + side won: θ_i += lr · c_i · (score₊ − 1) · δ_i, where score₊ ∈ [0, 2] is the + side's
points over the pair. Steps run in batches of `concurrency` pairs on one θ. A cheap budget makes
thousands of games affordable, but whether the weights carry over to expert is for a match to say:
weights tuned at `nodes:100000,worlds:4` did not.

    PYTHONPATH=. python tools/skirmish_tune.py --base nodes:100000,worlds:4 --pairs 800 --log tune.jsonl
    PYTHONPATH=. python tools/skirmish_tune.py ... --pairs 1600 --log tune.jsonl --resume tune.jsonl   # go on
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from collections.abc import Callable, Iterator

from towers_core.checks import check_seed, output_file, real_number, whole_number
from towers_core.cli import MAX_CONCURRENCY
from towers_core.errors import BadLevel, brief
from towers_core.matches import Game, game_seed
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.match import play_game
from towers_core.skirmish.ai.search import MAX_WEIGHT, default_weight_values

# the perturbation of each weight: a fifth of its default, or this much when the default is 0
ZERO_DEFAULT_STEP = {"reach": 0.3, "hg_tempo": 0.5, "race": 10.0}
MAX_PAIRS = 10**6   # a million pairs is years of games: more is a typo
MAX_LR = 10.0       # past this one pair's result throws a weight to its bound


def steps(theta: dict[str, float]) -> dict[str, float]:
    """c_i, the size of each weight's perturbation."""
    return {k: ZERO_DEFAULT_STEP.get(k, 0.1) if theta[k] == 0 else abs(theta[k]) / 5 for k in theta}


def level_name(base: str, theta: dict[str, float]) -> str:
    """The level string playing `base` with these weights (checked by levels.get_level)."""
    return base + "".join(f",{k}:{v:.4f}" for k, v in theta.items())


def clip(v: float) -> float:
    """The weight clamped to 0..MAX_WEIGHT, the range θ is kept in (and `resume_from` accepts)."""
    return min(max(v, 0.0), MAX_WEIGHT)


def pair_result(job: tuple[str, str, int]) -> float:
    """The + side's points over one colour-swapped pair (0 to 2)."""
    plus, minus, seed = job
    return sum(play_game(Game(0, plus, minus, side, seed))["score"] for side in ("S", "N"))


def tune(base: str, pairs: int, seed: int, lr: float, batch: int = 1, mapper: Callable = map,
         theta: dict[str, float] | None = None, done: int = 0) -> Iterator[dict]:
    """SPSA steps up to `pairs` pairs in all, `batch` at a time through `mapper` (map, or a pool's
    ordered map), from θ after `done` pairs (a resumed run draws the seeds it had not played);
    yields the state after each batch (θ, pairs played, the + sides' mean score)."""
    theta = dict(theta or default_weight_values())
    c = steps(default_weight_values())
    rng = random.Random(f"{seed}:{done}")
    first, points = done, 0.0
    while done < pairs:
        deltas = [{k: rng.choice((-1, 1)) for k in theta} for _ in range(min(batch, pairs - done))]
        jobs = [(level_name(base, {k: clip(theta[k] + c[k] * d[k]) for k in theta}),
                 level_name(base, {k: clip(theta[k] - c[k] * d[k]) for k in theta}),
                 game_seed(seed, done + i)) for i, d in enumerate(deltas)]
        get_level(jobs[0][0])
        results = list(mapper(pair_result, jobs))
        for d, r in zip(deltas, results):
            points += r
            for k in theta:
                theta[k] = clip(theta[k] + lr * c[k] * (r - 1.0) * d[k])
        done += len(jobs)
        yield {"pairs": done, "theta": {k: round(v, 4) for k, v in theta.items()},
               "plus_score": points / (2 * (done - first))}


def resume_from(path: str) -> tuple[dict[str, float], int]:
    """θ and the pairs played from the last line of a tuning log; BadLevel naming what is wrong."""
    try:
        with open(path, encoding="utf-8") as f:
            last = json.loads(f.read().splitlines()[-1])
        theta, done = last["theta"], last["pairs"]
    except (OSError, ValueError, IndexError, KeyError, TypeError) as exc:
        raise BadLevel(f"resume: {brief(path)} is not a tuning log ({type(exc).__name__})") from None
    if (not isinstance(theta, dict) or set(theta) != set(default_weight_values()) or isinstance(done, bool)
            or not isinstance(done, int) or done < 0
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= MAX_WEIGHT
                       for v in theta.values())):
        raise BadLevel(f"resume: the last line of {brief(path)} has no valid theta and pairs")
    return {k: float(v) for k, v in theta.items()}, done


def checked_args(args: argparse.Namespace) -> tuple[dict[str, float], int]:
    """The starting weights and pairs already played, once every option is checked (BadLevel naming
    it), so a bad one stops the tuner before any game rather than in a worker."""
    whole_number(args.pairs, "--pairs", 1, MAX_PAIRS, BadLevel)
    whole_number(args.concurrency, "--concurrency", 1, MAX_CONCURRENCY, BadLevel)
    check_seed(args.seed, "--seed", BadLevel)
    if real_number(args.lr, "--lr", 0.0, MAX_LR) == 0.0:
        raise BadLevel("--lr must be more than 0")
    if args.log:
        output_file(args.log, "--log")
    theta, done = resume_from(args.resume) if args.resume else (default_weight_values(), 0)
    get_level(level_name(args.base, theta))
    return theta, done


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", default="nodes:100000,worlds:4", help="the level played, e.g. expert")
    ap.add_argument("--pairs", type=int, default=400)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--log", default=None, help="append each state as a JSON line")
    ap.add_argument("--resume", default=None, help="start from the last line of this log")
    args = ap.parse_args()
    try:
        theta, done = checked_args(args)
    except BadLevel as exc:
        ap.exit(2, f"tune: {exc}\n")
    with multiprocessing.get_context("fork").Pool(args.concurrency) as pool:
        for state in tune(args.base, args.pairs, args.seed, args.lr, args.concurrency, pool.map, theta, done):
            line = json.dumps(state)
            print(line, flush=True)
            if args.log:
                with open(args.log, "a", encoding="utf-8") as f:
                    f.write(line + "\n")


if __name__ == "__main__":
    main()
