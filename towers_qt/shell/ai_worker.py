"""Runs a game's AI search on a worker thread so the window stays responsive (every game's).

The core's search releases the GIL, so a plain QThread gives real parallelism. The GUI thread shows
how much of the thinking time is used and can cancel the search; a cancelled search still answers
with its best move so far. Results carry a ticket: a stale one (undo, new game) is dropped.

Nothing about the search itself (its best move, depth or node count) leaves this module: the best
move names the computer's hidden cards (a face-down deploy "?@f7" is "Sc@f7" to the search).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot


class Searcher(Protocol):
    """What a game's core search offers (towers_core.<game>.ai.player.Searcher)."""

    def start(self, *args, background: bool = True) -> None: ...
    def cancel(self) -> None: ...
    def result(self) -> str: ...


class _Worker(QObject):
    done = Signal(int, str)
    failed = Signal(int, str)

    @Slot(int, object)
    def think(self, ticket: int, job: dict) -> None:
        searcher: Searcher = job["searcher"]
        try:
            searcher.start(*job["args"], background=False)
            action = searcher.result()
        except Exception as exc:  # reported to the window, never swallowed
            self.failed.emit(ticket, f"{type(exc).__name__}: {exc}")
            return
        self.done.emit(ticket, action)


class AiRunner(QObject):
    """Owns the thread. `think(...)` starts a search; `answered(action)` / `failed(msg)` report it.

    `new_searcher` makes one search of the game's core (its Searcher class)."""

    answered = Signal(str)
    failed = Signal(str)
    thinking = Signal(bool)
    progress = Signal(int)  # 0..100: elapsed time against the level's time cap, nothing else
    _start = Signal(int, object)

    def __init__(self, new_searcher: Callable[[], Searcher], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._new_searcher = new_searcher
        self._thread = QThread(self)
        self._thread.setObjectName("towers-ai")
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._start.connect(self._worker.think)
        self._worker.done.connect(self._on_done)
        self._worker.failed.connect(self._on_failed)
        self._thread.start()
        self._ticket = 0
        self._busy = False
        self._began = 0.0
        self._budget_ms = 1000
        self._searcher: Searcher | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(80)
        self._timer.timeout.connect(self._tick)

    @property
    def busy(self) -> bool:
        return self._busy

    def think(self, args: tuple, budget_ms: int) -> None:
        """Start a search with the game's `Searcher.start(*args)`; `budget_ms` (the time cap the
        search will use) only scales the progress bar."""
        self._ticket += 1
        self._busy = True
        self._began = time.monotonic()
        self._budget_ms = max(1, budget_ms or 1000)
        self._searcher = self._new_searcher()
        self._timer.start()
        self.thinking.emit(True)
        self.progress.emit(0)
        job = {"args": args, "searcher": self._searcher}
        self._start.emit(self._ticket, job)

    def cancel(self) -> None:
        """Stop the running search at once and forget its answer."""
        self._ticket += 1
        if self._searcher is not None:
            self._searcher.cancel()
        self._stop()

    def _stop(self) -> None:
        if self._busy:
            self._busy = False
            self._timer.stop()
            self.thinking.emit(False)

    def _tick(self) -> None:
        """Time used so far; the search's own progress (best move) is secret and never read."""
        elapsed = (time.monotonic() - self._began) * 1000
        self.progress.emit(min(99, int(100 * elapsed / self._budget_ms)))

    def _on_done(self, ticket: int, action: str) -> None:
        if ticket == self._ticket:
            self._stop()
            self.progress.emit(100)
            self.answered.emit(action)

    def _on_failed(self, ticket: int, message: str) -> None:
        if ticket == self._ticket:
            self._stop()
            self.failed.emit(message)

    def shutdown(self) -> None:
        """Cancel any search and stop the thread."""
        self.cancel()
        self._thread.quit()
        self._thread.wait()
