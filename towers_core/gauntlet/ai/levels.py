"""Difficulty levels of the Gauntlet AI: planner budgets (not the clock) define them.

The same view, history, level and seed give the same action on any machine; `time_ms` is only a
safety cap on one call (search_thread.clock_left). `iters:N` is a reproducible test level: the
normal planner with a budget of N plays. `mc` / `mc:N` is a yardstick of another family: flat
Monte-Carlo over N sampled whole turns, each scored by playouts of the next turns.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from towers_core.errors import BadLevel, brief

MAX_TEST_NODES = 10_000_000
MAX_MC_SAMPLES = 1024
MC_SAMPLES = 32


@dataclass(frozen=True)
class Level:
    """One level: beam width and actions per turn of the planner, the enemy-reply candidates and
    their greedy actions at most, evaluation noise, the beam's play budget and a clock cap."""
    name: str
    beam: int
    max_steps: int
    reply_width: int
    reply_steps: int
    noise: float      # evaluation units (a Pawn is about 4)
    nodes: int        # plays the beam may make per call, 0 = none
    time_ms: int      # safety cap per call, 0 = none
    samples: int = 0      # flat Monte-Carlo: whole turns sampled instead of the beam (0: beam)
    playouts: int = 1     # playouts scoring each reply candidate (mean), unless `halving` spends them
    horizon: int = 1      # greedy turns per playout (the enemy's, then ours, …)
    eps: float = 0.0      # chance of a random action in every playout but the first
    halving: int = 0      # playouts spent by sequential halving over the candidates (0: `playouts` each)
    wander: float = 0.0   # chance that an action is drawn at random instead of planned (random: 1)


# The levels are budgets of one planner: a wider beam only pays with the enemy-reply model (alone it
# picks the plan the evaluation most overrates), so normal and up have both (docs/gauntlet-ai.md).
# Hard and expert add sampled turns and choose among all candidates by playouts of two turns,
# spent by sequential halving. Easy is the shortest turn with seeded noise. Novice is easy that plays
# one action in two at random, for the run's foes only (the app's list starts at easy): the Pawnlord,
# whom a new player must beat, and the two Queens, whose spells beat the expert player even at
# `greedy` (docs/gauntlet-run.md).
LEVELS: dict[str, Level] = {
    "easy": Level("easy", 1, 6, 0, 0, 12.0, 4_000, 1000),
    "normal": Level("normal", 4, 10, 8, 8, 0.0, 30_000, 1000),
    "hard": Level("hard", 6, 12, 8, 8, 0.0, 60_000, 2500, 16, 1, 2, 0.25, 128),
    "expert": Level("expert", 12, 12, 16, 8, 0.0, 100_000, 5000, 64, 1, 2, 0.25, 768),
    # baselines: the best single action by the evaluation after it (and `end`), and uniform random
    "greedy": Level("greedy", 1, 1, 0, 0, 0.0, 0, 1000),
    "random": Level("random", 0, 0, 0, 0, 0.0, 0, 0, wander=1.0),
}


def mc_level(name: str, samples: int) -> Level:
    """The flat Monte-Carlo yardstick: `samples` turns, each scored by 4 playouts of 2 turns."""
    return Level(name, 0, 10, 0, 8, 0.0, 0, 5000, samples, 4, 2, 0.25)


LEVELS["mc"] = mc_level("mc", MC_SAMPLES)
LEVELS["novice"] = replace(LEVELS["easy"], name="novice", wander=0.5)


def get_level(name: object) -> Level:
    """A named level, the test level 'iters:N' (N plays, 1..1e7) or 'mc:N' (N sampled turns)."""
    if not isinstance(name, str):
        raise BadLevel(f"level must be a string, not {type(name).__name__}")
    if name in LEVELS:
        return LEVELS[name]
    kind, _, value = name.partition(":")
    if kind not in ("iters", "mc") or not (value.isascii() and value.isdigit()) or len(value) > 9:
        raise BadLevel(f"level: unknown level {brief(name)}: use {', '.join(LEVELS)}, 'iters:N' or 'mc:N'")
    n = int(value)
    if kind == "mc":
        if not 1 <= n <= MAX_MC_SAMPLES:
            raise BadLevel(f"level {name!r}: mc samples must be 1..{MAX_MC_SAMPLES}")
        return mc_level(name, n)
    if not 1 <= n <= MAX_TEST_NODES:
        raise BadLevel(f"level {name!r}: iters must be 1..{MAX_TEST_NODES}")
    return Level(name, 6, 10, 6, 6, 0.0, n, 0)
