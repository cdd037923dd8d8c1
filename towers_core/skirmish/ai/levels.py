"""Difficulty levels: how many worlds, how deep, how many nodes, how much deliberate noise.

Levels are defined by node budgets, not clock time, so the same inputs and seed give the same move
on any machine that finishes the budget inside `time_ms`, the level's cap (or, when a caller passes
it, the budget itself). Expert is the exception in practice: its 40M nodes on two threads take about 4 s a
move on a two-core machine, and the cap cuts its heavier moves short (at least one in every game of its 200
against the yardstick). The cap is for the whole move, dealing worlds included (search_thread.clock_left).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from towers_core.errors import BadLevel, brief
from towers_core.skirmish.belief import EXPERT_DEAL, KING_ODDS, SQUARE_TAGS, DealFactors
from towers_core.skirmish.cards import CODES
from towers_core.skirmish.ai.muster import STYLES
from towers_core.skirmish.ai.search import MAX_WEIGHT, WEIGHT_NAMES


@dataclass(frozen=True)
class Level:
    """One Skirmish AI level: its worlds, depth, node and clock budgets, noise, musters and the
    search options a variant may change (get_level)."""
    name: str
    worlds: int          # determinizations of the opponent's hidden cards searched together
    max_depth: int       # plies (decision nodes); chance nodes are free
    nodes: int           # node budget per move, 0 = none
    time_ms: int         # safety cap on the clock
    noise: float         # leaf-noise amplitude, in Spearman units (0 = none)
    styles: tuple[str, ...]  # muster styles the level picks from (muster.py)
    weights: tuple[tuple[str, float], ...] = ()  # evaluation weights other than the defaults (search.pyx)
    base: str = ""       # the named level a variant was made from ('expert' for 'expert,race:40')
    placement: bool = False  # worlds dealt with belief.PLACEMENT (where players keep which cards), else by troops only
    deal: tuple[tuple[tuple[str, str], float], ...] = ()  # deal factors of the worlds (belief.DealFactors)
    stratify: bool = False  # worlds stratified on where the King is (determinize.king_strata)
    strike: int = 0      # strikes on face-down cards at the King's odds (strikes.py): 1 KING_ODDS, 2 `deal`
    lmr: int = 0         # late-move reductions after this many moves at a node (search.pyx), 0 = off
    risk: float = 0.0    # root actions valued by their mean over the worlds blended with the worst (> 0) or best world
    reveal: int = 0      # own strikes on face-down cards at the belief's odds: 1 below the root, 2 at it too
    blind: int = 0       # the opponent's strikes on own face-down cards chosen at its odds, to this ply (0 = off)
    qs: int = 0          # quiescence: plies of board attacks searched past the horizon (search.pyx quiesce; 0 = off)
    threads: int = 1     # 2: the root's odd worlds searched on a second thread (search.pyx search_worlds)
    null: int = 0        # the null move: a pass searched this much shallower that fails high cuts (search.pyx pass_cut)

    @property
    def family(self) -> str:
        """The name musters are drawn under: a variant fields its base level's musters."""
        return self.base or self.name

    @property
    def deal_factors(self) -> DealFactors:
        """The deal factors as belief takes them: (card, square tag) -> factor."""
        return dict(self.deal)

    @property
    def strike_odds(self) -> DealFactors:
        """The deal factors that give the King's odds on a struck square (strike 1: belief.KING_ODDS)."""
        return dict(KING_ODDS) if self.strike == 1 else self.deal_factors


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 2, 1, 0, 500, 4.0, ("loose", "swarm")),
    "normal": Level("normal", 4, 3, 50_000, 1000, 1.0, ("balanced", "swarm", "knights")),
    "hard": Level("hard", 6, 6, 300_000, 2500, 0.3, ("balanced", "knights")),
    # expert searches on both cores with the null move (issue 12: 40M nodes on two threads, null 2, the player
    # measured against the yardstick); on this machine its 5 s cap cuts its heavier moves, which depend on the clock
    "expert": Level("expert", 8, 10, 40_000_000, 5000, 0.0, ("knights",), deal=tuple(sorted(EXPERT_DEAL.items())),
                    threads=2, null=2),
    # baselines for matches: one ply, one world, no noise; and uniform random (player.py)
    "greedy": Level("greedy", 1, 1, 0, 1000, 0.0, ("balanced",)),
    "random": Level("random", 1, 0, 0, 0, 0.0, ("random",)),
}


# bounds of the test modes; the clock cap keeps even depth:40 from running away
MAX_DEPTH = 40
MAX_NODES = 50_000_000
MAX_WORLDS = 32       # the search's MAXW
MAX_NOISE = 100.0
MAX_BLIND = 9         # the deepest ply at which `blind` models the opponent's strikes
MAX_QS = 8            # plies of board attacks past the horizon, at most
MAX_LMR = 64          # moves searched in full before late-move reductions begin, at most
TEST_TIME_MS = 30_000
MAX_NULL = 4         # plies a pass search may be reduced by (search.pyx MAX_NULL_R)
MAX_THREADS = 2      # the search's contexts: the calling thread's and one helper (search.pyx)
MAX_TIME_MS = 60_000  # the longest clock cap a variant may set ('time:N'), to measure a search past its level's cap
DEAL_KEYS = {f"{tag}.{card}": (card, tag) for card in CODES for tag in SQUARE_TAGS}
_TEST_KEYS = {"depth", "nodes", "worlds", "noise", "muster", "placement", "stratify", "strike", "lmr", "risk", "reveal",
              "blind", "qs", "time", "threads", "null", *DEAL_KEYS, *WEIGHT_NAMES}
DEAL_FACTOR_RANGE = (0.01, 1000.0)
MAX_MUSTER_STYLES = 8
# what a test mode ('depth:N', 'nodes:N') starts from before its keys change it
_TEST_BASE = Level("test", 2, MAX_DEPTH, 0, TEST_TIME_MS, 0.0, ("balanced",))


def get_level(name: Any) -> Level:
    """A named level, or a reproducible test mode: 'depth:N' (fixed depth) or 'nodes:N'.

    Test modes take an optional world count after a comma, e.g. 'depth:2,worlds:3', and evaluation
    weights by name, e.g. 'nodes:9000,race:40'; a named level can be varied the same way for
    matches, e.g. 'expert,worlds:4,reach:0', or given other muster styles, e.g.
    'expert,muster:knights+command' (muster.py), or dealt worlds with or without belief.PLACEMENT,
    e.g. 'expert,placement:1', or with a card's deal factor set on face-down squares with a tag
    (belief.SQUARE_TAGS), e.g. 'expert,near.K:1' (troops only; expert's own is belief.EXPERT_DEAL),
    'expert,far.Kn:2' or 'expert,deep.K:3' (belief.DealFactors), or its worlds stratified on where the
    King is, 'expert,stratify:1' (determinize.worlds), or its strikes on face-down cards priced at the
    King's odds there, 'expert,strike:1' (belief.KING_ODDS) or 'expert,strike:2' (the level's own deal
    factors; strikes.py), or with late-move reductions after the first N moves at a node, 'expert,lmr:4'
    (search.pyx), or its root actions valued by their mean over the worlds blended with their worst
    world, 'expert,risk:0.25', or their best, 'expert,risk:-0.25' (search.pyx), or its own strikes on
    face-down cards valued at the belief's odds of what they are, the same in every world, below the root,
    'expert,reveal:1', or at it too, 'expert,reveal:2', or the opponent's strikes on its face-down cards
    chosen at the opponent's odds of what they are on its replies up to ply N, 'expert,blind:1'
    (search.pyx), or with up to N plies of board attacks searched past the horizon before a position is
    evaluated, 'expert,qs:2' (quiescence, search.pyx), or with another clock cap in ms,
    'expert,nodes:24000000,time:12000' (what a search bigger than the level's cap allows would be worth), or
    searched on two threads, 'expert,nodes:24000000,threads:2' (the root's worlds split between them), or
    with the null move, a pass searched N plies shallower that fails high cutting the node, 'expert,null:2'.
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
                 base.weights + weights, base.name if base is not _TEST_BASE else "",
                 bool(_count(parts, "placement", int(base.placement), 0, 1)),
                 _deal(parts, base.deal), bool(_count(parts, "stratify", int(base.stratify), 0, 1)),
                 _count(parts, "strike", base.strike, 0, 2), _count(parts, "lmr", base.lmr, 0, MAX_LMR),
                 _number(parts, "risk", -1.0, 1.0, base.risk), _count(parts, "reveal", base.reveal, 0, 2),
                 _count(parts, "blind", base.blind, 0, MAX_BLIND), _count(parts, "qs", base.qs, 0, MAX_QS),
                 _count(parts, "threads", base.threads, 1, MAX_THREADS), _count(parts, "null", base.null, 0, MAX_NULL))


def _deal(parts: dict, default: tuple) -> tuple[tuple[tuple[str, str], float], ...]:
    """The base level's deal factors with the level string's `TAG.X` ones set, e.g. `near.K` (1 drops one)."""
    factors = dict(default)
    for key, card_tag in DEAL_KEYS.items():
        if key in parts:
            factors[card_tag] = _number(parts, key, *DEAL_FACTOR_RANGE)
    return tuple(sorted((k, v) for k, v in factors.items() if v != 1.0))


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


