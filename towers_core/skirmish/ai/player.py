"""The AI player: from a view and history to an action string, at a level, reproducibly.

`choose_action` blocks; `Searcher` runs the same search on a thread (the C search releases the GIL)
so a GUI can poll `progress()` and `cancel()` it, getting the best move found so far.
"""

from __future__ import annotations

import random
import time
from typing import Any

from towers_core.checks import check_seed, check_time_ms
from towers_core.errors import BadLevel, IllegalAction
from towers_core.search_thread import BackgroundSearch, clock_left
from towers_core.skirmish import notation, position, records
from towers_core.skirmish.ai import determinize, muster
from towers_core.skirmish.ai.levels import Level, get_level
from towers_core.skirmish.ai.search import Search

RESIGN = notation.parse("resign")


def choose_action(view: dict, history: list[dict], level: str, seed: int, time_ms: int | None = None) -> str:
    """The action for the player to move in `view` (RULES §10 view), seeing nothing more."""
    s = Searcher()
    s.start(view, history, level, seed, time_ms, background=False)
    return s.result()


def choose_muster(level: str, seed: int) -> list[str]:
    """The level's muster for this seed (King included)."""
    lv = get_level(level)
    return muster.draw(lv.styles, lv.family, _seed(seed))


def _seed(seed: Any) -> int:
    """A checked seed; a bad one is the caller's level-argument error."""
    return check_seed(seed, "seed", BadLevel)


def _legal(view: dict, history: Any) -> list[int]:
    """The mover's actions, once the inputs prove the AI sees only the mover's information:
    the view and every view in the history are exactly the mover's (position.view_engine)."""
    position.to_engine(view, allow_hidden=True)
    e = position.view_engine(view, view["to_move"])
    records.check_history(history, view["to_move"])
    if view["result"] is not None:
        raise IllegalAction("the skirmish is over: no action to choose")
    return [a for a in e.legal() if a != RESIGN]


class Searcher(BackgroundSearch):
    """One move's search for a Skirmish view, startable in the background, cancellable, observable."""

    def start(self, view: dict, history: list[dict], level: str, seed: int, time_ms: int | None = None,
              background: bool = True) -> None:
        """Begin choosing a move for `view` (validated here, in the caller's thread). The clock cap counts
        from here."""
        started = time.monotonic()
        lv = get_level(level)
        seed, time_ms = _seed(seed), check_time_ms(time_ms)
        history = [] if history is None else history
        legal = _legal(view, history)
        if lv.name == "random" or len(legal) == 1:
            pick = random.Random(f"random:{seed}:{view['actions']}").choice(legal)
            self.finish(notation.format_action(pick))
            return
        self.launch(self._prepare(view, history, legal, lv, seed, time_ms, started), background)

    @staticmethod
    def _prepare(view: dict, history: list[dict], legal: list[int], lv: Level, seed: int,
                 time_ms: int | None, started: float | None = None) -> Search:
        """The configured search for `view`; its clock cap counts from `started` (time.monotonic(); None: now)."""
        started = time.monotonic() if started is None else started
        search = Search(18 if lv.nodes and lv.nodes <= 100_000 else 20)
        search.set_worlds(determinize.worlds(view, history, lv.worlds, seed, lv.deal_factors))
        search.configure(max_depth=lv.max_depth, node_limit=lv.nodes, time_ms=clock_left(time_ms, lv.time_ms, started),
                         noise=lv.noise, noise_seed=(seed * 0x9E3779B1 + view["actions"]) & 0xFFFFFFFFFFFFFFFF,
                         weights=dict(lv.weights), threads=lv.threads, null=lv.null)
        return search

    def move_of(self, info: dict) -> str:
        return notation.format_action(info["move"])

    def idle(self) -> dict:
        return {"depth": 0, "nodes": 0, "value": 0.0, "best": self._move, "line": []}

    def describe(self, info: dict) -> dict:
        """{'depth', 'nodes', 'value', 'best', 'line'}: the deepest finished iteration so far."""
        return {"depth": info["depth"], "nodes": info["nodes"], "value": info["value"],
                "best": notation.format_action(info["move"]) if info["nodes"] else None,
                "line": [notation.format_action(m, hide_card=i % 2 == 1) for i, m in enumerate(info["pv"])]}
