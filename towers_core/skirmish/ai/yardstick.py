"""The IS-MCTS yardstick player (`ismcts`, `ismcts:iters=N`, `ismcts:ms=N,worlds=W`): a family apart
from the expectimax levels, to measure them against. It sees only the mover's view and
history, like every level: worlds come from the same belief model (determinize.py)."""

from __future__ import annotations

from dataclasses import dataclass

from towers_core.errors import BadLevel, brief
from towers_core.skirmish import notation
from towers_core.skirmish.ai import determinize, muster
from towers_core.skirmish.ai.ismcts import Mcts
from towers_core.skirmish.ai.player import _legal

PREFIX = "ismcts"
DEFAULT_MS = 1000
MAX_NODES = 1 << 20   # the search stops early if a clock budget ever fills the tree
MUSTER_STYLES = ("balanced", "knights")
FIELDS = {"iters", "ms", "worlds", "c", "rollout", "scale", "leaf"}


@dataclass(frozen=True)
class Spec:
    """The IS-MCTS yardstick's settings, as its player name spells them (parse)."""
    iters: int = 0        # iteration budget (reproducible); 0 = clock only
    ms: int = 0           # clock budget per move; 0 = iterations only
    worlds: int = 64      # determinizations drawn once per move, one picked per iteration
    c: float = 0.7        # UCB exploration
    rollout: int = 6      # rollout plies
    scale: float = 6.0    # logistic scale of the leaf value
    leaf: str = "own"     # "own" static value, or "expert": the levels' evaluation (a hybrid)


def parse(name: str) -> Spec | None:
    """The spec named by `name`, or None when it is not an IS-MCTS player name (BadLevel when it
    is one, badly written)."""
    head, _, rest = name.partition(":")
    if head != PREFIX:
        return None
    usage = f"bad IS-MCTS player {brief(name)}: use ismcts, ismcts:iters=N or ismcts:ms=N[,worlds=W]"
    parts = rest.split(",") if rest else []
    fields = dict(p.split("=", 1) for p in parts if "=" in p)
    if parts and (len(fields) != len(parts) or not set(fields) <= FIELDS):
        raise BadLevel(usage)
    try:
        ms = DEFAULT_MS if "iters" not in fields and "ms" not in fields else int(fields.get("ms", 0))
        spec = Spec(int(fields.get("iters", 0)), ms, int(fields.get("worlds", 64)),
                    float(fields.get("c", 0.7)), int(fields.get("rollout", 6)),
                    float(fields.get("scale", 6.0)), fields.get("leaf", "own"))
    except ValueError:
        raise BadLevel(usage) from None
    if not (0 <= spec.iters <= 10**8 and 0 <= spec.ms <= 3_600_000 and spec.iters + spec.ms > 0
            and 1 <= spec.worlds <= 256 and 0 <= spec.rollout <= 64 and 0.0 < spec.c < 100.0
            and 0.1 <= spec.scale <= 1000.0 and spec.leaf in ("own", "expert")):
        raise BadLevel(f"bad IS-MCTS player {brief(name)}: a positive budget (at most 1e8 iterations or an "
                       "hour), 1..256 worlds, 0..64 rollout plies, 0 < c < 100, 0.1 <= scale <= 1000 "
                       "and leaf own or expert are needed")
    return spec


def choose_action(view: dict, history: list[dict], spec: Spec, seed: int) -> str:
    """The most visited root action after the budget; refuses anything but the mover's own view."""
    legal = _legal(view, history)
    if len(legal) == 1:
        return notation.format_action(legal[0])
    tree = Mcts(MAX_NODES if spec.ms else min(spec.iters + 2, MAX_NODES))  # one node per iteration at most
    tree.set_worlds(determinize.worlds(view, history or [], spec.worlds, seed))
    tree.configure(iterations=spec.iters, time_ms=spec.ms or None, seed=seed + 7 * view["actions"],
                   c_uct=spec.c, rollout=spec.rollout, scale=spec.scale,
                   expert_leaf=spec.leaf == "expert")
    return notation.format_action(tree.run()["move"])


def choose_muster(seed: int) -> list[str]:
    """A 100-troop muster style, by seed (the same plans the levels field, so play is what differs)."""
    return muster.draw(MUSTER_STYLES, PREFIX, seed)
