"""Runs the AI search on a worker thread so the window stays responsive.

The engine's search releases the GIL, so a plain QThread gives real parallelism. Results carry a
ticket: a result whose ticket is stale (the game moved on, undo, new game) is dropped.
"""
from __future__ import annotations

import random
import time

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from towers_core import api


def choose(view: dict, history: list, level: str, seed: int, time_ms: int | None) -> str:
    """The AI's action for `view`; falls back to a seeded random legal action if the AI is absent."""
    chooser = getattr(api, "choose_action", None)
    if chooser is not None:
        try:
            return chooser(view, history, level, seed, time_ms)
        except ModuleNotFoundError as exc:
            if not (exc.name or "").startswith("towers_core.ai"):
                raise
    # TEMPORARY fallback until the engine's AI (towers_core.ai) lands: a seeded uniform random
    # legal action. Remove once api.choose_action always works.
    return random.Random(seed).choice(api.legal_actions(view))


class _Worker(QObject):
    done = Signal(int, str)
    failed = Signal(int, str)

    @Slot(int, object)
    def think(self, ticket: int, job: dict) -> None:
        try:
            action = choose(job["view"], job["history"], job["level"], job["seed"], job["time_ms"])
        except Exception as exc:  # reported to the window, never swallowed
            self.failed.emit(ticket, f"{type(exc).__name__}: {exc}")
            return
        self.done.emit(ticket, action)


class AiRunner(QObject):
    """Owns the thread. `think(...)` starts a search; `answered(action)` / `failed(msg)` report it."""

    answered = Signal(str)
    failed = Signal(str)
    thinking = Signal(bool)
    progress = Signal(int)  # 0..100, elapsed time against the time budget
    _start = Signal(int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
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
        self._timer = QTimer(self)
        self._timer.setInterval(80)
        self._timer.timeout.connect(self._tick)

    @property
    def busy(self) -> bool:
        return self._busy

    def think(self, view: dict, history: list, level: int, seed: int, time_ms: int | None) -> None:
        self._ticket += 1
        self._busy = True
        self._began = time.monotonic()
        self._budget_ms = max(1, time_ms or 1000)
        self._timer.start()
        self.thinking.emit(True)
        self.progress.emit(0)
        job = {"view": view, "history": list(history), "level": level, "seed": seed, "time_ms": time_ms}
        self._start.emit(self._ticket, job)

    def cancel(self) -> None:
        """Forget the running search (its answer will be ignored)."""
        self._ticket += 1
        self._stop()

    def _stop(self) -> None:
        if self._busy:
            self._busy = False
            self._timer.stop()
            self.thinking.emit(False)

    def _tick(self) -> None:
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
        """Stop the thread (waits for a running search to finish)."""
        self.cancel()
        self._thread.quit()
        self._thread.wait()
