"""The Castles AI player: from the mover's view (Castles hides nothing: the position) and the game's
actions so far to an action string, at a level, reproducibly.

`choose_action` blocks; `Searcher` runs the same search on a background thread (the C search
releases the GIL) so the app can poll `progress()` and `cancel()` it, keeping the best move so far.
"""

from __future__ import annotations

import random
import time

from towers_core.castles import notation, position
from towers_core.castles.notation import RESIGN
from towers_core.castles.ai.levels import Level, get_level
from towers_core.castles.ai.search import Search
from towers_core.checks import check_seed, check_time_ms
from towers_core.errors import BadHistory, BadLevel, IllegalAction, TowersError, brief
from towers_core.search_thread import BackgroundSearch, clock_left


def choose_action(view: dict, history: list[str], level: str, seed: int, time_ms: int | None = None) -> str:
    """The action for the player to move in `view` (checked) at `level`."""
    s = Searcher()
    s.start(view, history, level, seed, time_ms, background=False)
    return s.result()


def check_history(history: object) -> None:
    """BadHistory naming the item unless `history` is a list of well-formed action strings (the
    game's actions so far; the search does not read them yet, but takes nothing malformed)."""
    if not isinstance(history, list):
        raise BadHistory(f"history must be a list of action strings, not {brief(history)}")
    for i, action in enumerate(history):
        if isinstance(action, str) and action == RESIGN:
            continue
        try:
            notation.parse_action(action)
        except TowersError as err:
            raise BadHistory(f"history[{i}]: {err}") from None


def prepare(pos: dict, history: list[str], level: str, seed: int,
            time_ms: int | None) -> tuple[Level, int, int | None, list[int], object]:
    """Check every argument; return the level, the seed (as 64 bits), the time cap, the legal
    moves (maybe none) and the engine."""
    lv = get_level(level)
    seed = check_seed(seed, "seed", BadLevel) & 0xFFFFFFFFFFFFFFFF  # a negative seed is its 64-bit pattern
    time_ms = check_time_ms(time_ms)
    e = position.to_engine(pos)
    check_history(history)
    if e.over():
        raise IllegalAction("the game is over: no action to choose")
    return lv, seed, time_ms, e.legal(), e


class Searcher(BackgroundSearch):
    """One move's search for a Castles position, startable in the background, cancellable."""

    def start(self, view: dict, history: list[str], level: str, seed: int, time_ms: int | None = None,
              background: bool = True) -> None:
        """Begin choosing a move for `view` (arguments are checked here, in the caller's thread). The clock cap
        counts from here."""
        started = time.monotonic()
        lv, seed, time_ms, legal, e = prepare(view, history, level, seed, time_ms)
        if not legal:  # a loaded position can strand the player to move (fine point 13)
            self.finish(RESIGN)
            return
        if lv.name == "random" or len(legal) == 1:
            rng = random.Random(f"castles:{seed}:{view['ply']}")
            self.finish(notation.format_action(rng.choice(sorted(legal))))
            return
        search = Search(16 if lv.nodes and lv.nodes <= 100_000 else 20)
        search.set_position(e)
        search.configure(max_depth=lv.max_depth, node_limit=lv.nodes, time_ms=clock_left(time_ms, lv.time_ms, started),
                         noise=lv.noise, quiescence=lv.quiescence,
                         noise_seed=(seed * 0x9E3779B1 + view["ply"]) & 0xFFFFFFFFFFFFFFFF)
        self.launch(search, background)

    def describe(self, info: dict) -> dict:
        return {"depth": info["depth"], "nodes": info["nodes"], "value": info["value"],
                "best": notation.format_action(info["move"]) if info["nodes"] else None}

    def move_of(self, info: dict) -> str:
        return notation.format_action(info["move"])
