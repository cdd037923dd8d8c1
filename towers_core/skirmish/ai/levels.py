"""Difficulty levels: how many worlds, how deep, how many nodes, how much deliberate noise.

Levels are defined by node budgets, not clock time, so the same inputs and seed give the same move
on any machine that finishes the budget inside `time_ms`, the level's cap (or, when a caller passes
it, the budget itself). Expert is the exception in practice: its 40M nodes on two threads take about 4 s a
move on a two-core machine, and the cap cuts its heavier moves short. The cap is for the whole move,
dealing worlds included (search_thread.clock_left).

| level  | worlds | depth | nodes | clock | noise | musters                  | null | threads | for             |
|--------|-------:|------:|------:|------:|------:|--------------------------|-----:|--------:|-----------------|
| easy   | 2      | 1     | -     | 0.5 s | 4.0   | loose, swarm             | -    | 1       | a beginner      |
| normal | 4      | 3     | 50k   | 1 s   | 1.0   | balanced, swarm, knights | -    | 1       | a casual game   |
| hard   | 6      | 6     | 300k  | 2.5 s | 0.3   | balanced, knights        | -    | 1       | a seasoned one  |
| expert | 8      | 10    | 40M   | 5 s   | 0     | knights                  | 2    | 2       | the strongest   |
| greedy | 1      | 1     | -     | 1 s   | 0     | balanced                 | -    | 1       | match baseline  |
| random | -      | -     | -     | -     | -     | random                   | -    | -       | match baseline  |

Expert alone deals its worlds with the King likelier next to the viewer's cards (belief.EXPERT_DEAL).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from towers_core.errors import BadLevel, brief
from towers_core.skirmish.belief import EXPERT_DEAL, DealFactors
from towers_core.skirmish.ai.muster import STYLES
from towers_core.skirmish.ai.search import MAX_WEIGHT, WEIGHT_NAMES


@dataclass(frozen=True)
class Level:
    """One Skirmish AI level: its worlds, depth, node and clock budgets, noise, musters and search options."""
    name: str
    worlds: int          # determinizations of the opponent's hidden cards searched together
    max_depth: int       # plies (decision nodes); chance nodes are free
    nodes: int           # node budget per move, 0 = none
    time_ms: int         # safety cap on the clock
    noise: float         # leaf-noise amplitude, in Spearman units (0 = none)
    styles: tuple[str, ...]  # muster styles the level picks from (muster.py)
    weights: tuple[tuple[str, float], ...] = ()  # evaluation weights other than the defaults (search.pyx)
    base: str = ""       # the named level a variant was made from ('expert' for 'expert,race:40')
    deal: tuple[tuple[tuple[str, str], float], ...] = ()  # deal factors of the worlds (belief.DealFactors)
    threads: int = 1     # 2: the root's worlds shared with a second thread (search.pyx search_worlds)
    null: int = 0        # the null move: a pass searched this much shallower that fails high cuts (search.pyx pass_cut)

    @property
    def family(self) -> str:
        """The name musters are drawn under: a variant fields its base level's musters."""
        return self.base or self.name

    @property
    def deal_factors(self) -> DealFactors:
        """The deal factors as belief takes them: (card, square tag) -> factor."""
        return dict(self.deal)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 2, 1, 0, 500, 4.0, ("loose", "swarm")),
    "normal": Level("normal", 4, 3, 50_000, 1000, 1.0, ("balanced", "swarm", "knights")),
    "hard": Level("hard", 6, 6, 300_000, 2500, 0.3, ("balanced", "knights")),
    "expert": Level("expert", 8, 10, 40_000_000, 5000, 0.0, ("knights",), deal=tuple(sorted(EXPERT_DEAL.items())),
                    threads=2, null=2),
    "greedy": Level("greedy", 1, 1, 0, 1000, 0.0, ("balanced",)),
    "random": Level("random", 1, 0, 0, 0, 0.0, ("random",)),
}


# bounds of the test modes; the clock cap keeps even depth:40 from running away
MAX_DEPTH = 40
MAX_NODES = 50_000_000
MAX_WORLDS = 32       # the search's MAXW
MAX_NOISE = 100.0
TEST_TIME_MS = 30_000
MAX_NULL = 4         # plies a pass search may be reduced by (search.pyx MAX_NULL_R)
MAX_THREADS = 2      # the search's contexts: the calling thread's and one helper (search.pyx)
MAX_TIME_MS = 60_000  # the longest clock cap a variant may set ('time:N'), to measure a search past its level's cap
_TEST_KEYS = {"depth", "nodes", "worlds", "noise", "muster", "time", "threads", "null", *WEIGHT_NAMES}
MAX_MUSTER_STYLES = 8
# what a test mode ('depth:N', 'nodes:N') starts from before its keys change it
_TEST_BASE = Level("test", 2, MAX_DEPTH, 0, TEST_TIME_MS, 0.0, ("balanced",))


def get_level(name: Any) -> Level:
    """A named level, or a reproducible test mode: 'depth:N' (fixed depth) or 'nodes:N'.

    Test modes take an optional world count after a comma, e.g. 'depth:2,worlds:3', and evaluation
    weights by name, e.g. 'nodes:9000,race:40' (what the weight tuner plays); a named level can be varied
    the same way for matches, e.g. 'expert,worlds:4,reach:0', or given other muster styles,
    'expert,muster:knights+command' (muster.py), another clock cap in ms, 'expert,time:12000', another
    thread count, 'expert,threads:1', or another null-move reduction, 'expert,null:0' (search.pyx pass_cut).
    All numbers are bounded and test modes stop after TEST_TIME_MS at the latest, or `time`. Else BadLevel.
    """
    if isinstance(name, str) and name in LEVELS:
        return LEVELS[name]
    if not isinstance(name, str) or len(name) > 200:
        raise BadLevel(f"level must be one of {', '.join(LEVELS)}, 'depth:N' or 'nodes:N', not {brief(name)}"[:300])
    pairs = [p.split(":", 1) for p in name.split(",")]
    base = LEVELS.get(pairs[0][0]) if len(pairs[0]) == 1 and len(pairs) > 1 else None
    if base is not None:
        pairs = pairs[1:]
    parts = {p[0]: p[1] for p in pairs if len(p) == 2}
    if len(parts) != len(pairs) or not parts or not set(parts) <= _TEST_KEYS:
        raise BadLevel(f"unknown level {brief(name)}: use {', '.join(LEVELS)}, 'depth:N', 'nodes:N' or a level "
                       f"with changes such as 'expert,worlds:4,race:40' (keys: {', '.join(sorted(_TEST_KEYS))})")
    if base is None and "depth" not in parts and "nodes" not in parts:
        raise BadLevel(f"level {brief(name)} needs depth:N or nodes:N")
    base = base or _TEST_BASE
    weights = tuple((k, _number(parts, k, -MAX_WEIGHT, MAX_WEIGHT)) for k in WEIGHT_NAMES if k in parts)
    return Level(name, _count(parts, "worlds", base.worlds, 1, MAX_WORLDS),
                 _count(parts, "depth", base.max_depth, 1, MAX_DEPTH),
                 _count(parts, "nodes", base.nodes, 1, MAX_NODES),
                 _count(parts, "time", base.time_ms, 100, MAX_TIME_MS),
                 _number(parts, "noise", 0.0, MAX_NOISE, base.noise), _styles(parts, base.styles),
                 base.weights + weights, base.name if base is not _TEST_BASE else "", base.deal,
                 _count(parts, "threads", base.threads, 1, MAX_THREADS), _count(parts, "null", base.null, 0, MAX_NULL))


def _styles(parts: dict, default: tuple[str, ...]) -> tuple[str, ...]:
    if "muster" not in parts:
        return default
    names = tuple(parts["muster"].split("+"))
    if not 1 <= len(names) <= MAX_MUSTER_STYLES or not set(names) <= set(STYLES):
        raise BadLevel(f"level muster:{parts['muster'][:40]}: muster must be up to {MAX_MUSTER_STYLES} of "
                       f"{', '.join(STYLES)} joined by '+'")
    return names


def _count(parts: dict, key: str, default: int, lo: int, hi: int) -> int:
    if key not in parts:
        return default
    text = parts[key]
    if not (text.isascii() and text.isdigit() and len(text) <= 9 and lo <= int(text) <= hi):
        raise BadLevel(f"level {key}:{text[:20]}: {key} must be a whole number from {lo} to {hi}")
    return int(text)


def _number(parts: dict, key: str, lo: float, hi: float, default: float = 0.0) -> float:
    if key not in parts:
        return default
    text = parts[key]
    try:
        v = float(text) if len(text) <= 30 else math.nan   # a number, whole: never a cut-off prefix
    except ValueError:
        v = math.nan
    if not lo <= v <= hi:
        raise BadLevel(f"level {key}:{text[:20]}: {key} must be a number from {lo:g} to {hi:g}")
    return v


