"""A game-independent wrapper that runs one AI search on a background thread.

A game's search object offers run() -> info dict (releasing the GIL), cancel() and progress();
the game's Searcher subclass says how to turn an info dict into a move string and a progress dict.
"""

from __future__ import annotations

import threading
import time
from typing import Any

STOP_MARGIN_MS = 50
"""Of a move's clock cap, what is kept back for the search to notice its deadline, join its helper thread and
return: a cap that covered only the search let expert's capped moves overrun 5 s by 10-30 ms, the time
spent dealing the worlds."""


def clock_left(time_ms: int | None, level_ms: int, started: float) -> int | None:
    """The search's clock cap (ms) for a move that began at `started` (time.monotonic()). The move's cap is the
    caller's `time_ms`, else the level's `level_ms` (0: none), and it is for the whole move, dealing worlds and
    stopping included: the search gets what the preparation left of it, less STOP_MARGIN_MS, and at least 1 ms
    (it then still returns a legal move). None: no cap."""
    cap_ms = time_ms if time_ms is not None else (level_ms or None)
    if cap_ms is None:
        return None
    spent_ms = (time.monotonic() - started) * 1000.0
    return max(1, int(cap_ms - spent_ms - STOP_MARGIN_MS))


class BackgroundSearch:
    """One move's search: startable in the background, cancellable, observable."""

    def __init__(self) -> None:
        self._search = None
        self._thread: threading.Thread | None = None
        self._move: str | None = None
        self._cancelled = False
        self._lock = threading.Lock()

    # -- for subclasses
    def finish(self, move: str) -> None:
        """The move is known without searching (one legal move, a random baseline)."""
        self._move = move

    def launch(self, search: Any, background: bool) -> None:
        """Run `search` now or on a daemon thread; a cancel() that came first still applies."""
        with self._lock:
            self._search = search
            if self._cancelled:
                search.cancel()
        if background:
            self._thread = threading.Thread(target=self._run, name="towers-ai-search", daemon=True)
            self._thread.start()
        else:
            self._run()

    def describe(self, info: dict) -> dict:
        """The game's progress dict from the search's raw progress info."""
        return dict(info)

    def idle(self) -> dict:
        """The progress dict before any search ran (no search needed, or not started yet)."""
        return {"depth": 0, "nodes": 0, "value": 0, "best": self._move}

    def move_of(self, info: dict) -> str:
        """The move string of the search's final info."""
        raise NotImplementedError

    # -- for callers
    def _run(self) -> None:
        self._move = self.move_of(self._search.run())

    def cancel(self) -> None:
        """Stop as soon as possible; `result()` then gives the best move found so far."""
        with self._lock:
            self._cancelled = True
            if self._search is not None:
                self._search.cancel()

    def done(self) -> bool:
        """Whether the move is known (result() will not wait)."""
        return self._move is not None

    def result(self, timeout: float | None = None) -> str:
        """The chosen action (waits for the search to finish, up to `timeout` seconds)."""
        if self._thread is not None:
            self._thread.join(timeout)
        if self._move is None:
            raise TimeoutError("the search is still running")
        return self._move

    def progress(self) -> dict:
        """The deepest finished iteration so far (depth, nodes, value, best) and whether it is done."""
        out = self.idle() if self._search is None else self.describe(self._search.progress())
        out["done"] = self.done()
        return out
