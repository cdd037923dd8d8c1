"""What every game's session shares: who plays, whose turn it is, and the computer's side: its
moves and the hints it gives run on the shared worker (ai_worker.AiRunner); an answer that comes
after an undo, a load or a new game is dropped; failures are reported, never swallowed."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from towers_core.board import PLAYERS
from towers_qt.shell.ai_worker import AiRunner, Searcher
from towers_qt.shell.save_file import write_atomic


class GameSession(QObject):
    """Base of a game's session: it supplies `players`, `position` (with "to_move" and "result")
    and `play(action)`; `_ask("move" | "hint", searcher args, budget)` starts a search."""

    SIDES: tuple[str, ...] = PLAYERS  # the game's two sides, in the order its players are listed

    aiThinking = Signal(bool)
    aiProgress = Signal(int)  # 0..100 of the thinking time (never the search's best move)
    aiFailed = Signal(str)
    hintReady = Signal(str)

    def __init__(self, new_searcher: Callable[[], Searcher], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._asking: str | None = None
        self.ai = AiRunner(new_searcher, self)
        self.ai.answered.connect(self._on_ai_answer)
        self.ai.failed.connect(self._on_ai_failed)
        self.ai.thinking.connect(self.aiThinking)
        self.ai.progress.connect(self.aiProgress)

    # -- whose turn -----------------------------------------------------------------------------
    @property
    def to_move(self) -> str:
        return self.position.get("to_move", "S")

    @property
    def result(self) -> dict | None:
        return self.position.get("result")

    def humans(self) -> list[str]:
        return [p for p in self.SIDES if not self.players[p].is_ai]

    def mode(self) -> str:
        """"solo" (one human), "hotseat" (two) or "demo" (none)."""
        return {1: "solo", 2: "hotseat", 0: "demo"}[len(self.humans())]

    def human_to_move(self) -> bool:
        return bool(self.position) and self.result is None and not self.players[self.to_move].is_ai

    def ai_to_move(self) -> bool:
        return bool(self.position) and self.result is None and self.players[self.to_move].is_ai

    # -- the computer ---------------------------------------------------------------------------
    @property
    def asking(self) -> str | None:
        """What the running search is for: "move", "hint" or None."""
        return self._asking

    def _ask(self, asking: str, args: tuple, budget_ms: int) -> None:
        self._asking = asking
        self.ai.think(args, budget_ms)

    def _forget_search(self) -> None:
        """Undo, a load, a new game: the running search is cancelled and its answer never played."""
        self.ai.cancel()
        self._asking = None

    def _drop_hint(self) -> None:
        """A move made while a hint is sought: the hint was for a position that is gone, and its search
        would keep the worker from the computer's reply, so it stops and its answer is never shown."""
        if self._asking == "hint":
            self._forget_search()

    def _on_ai_answer(self, action: str) -> None:
        asking, self._asking = self._asking, None
        if asking == "hint":
            self.hintReady.emit(action)
        elif asking == "move" and self.ai_to_move():
            self.play(action)

    def _on_ai_failed(self, message: str) -> None:
        self._asking = None
        self.aiFailed.emit(message)

    def shutdown(self) -> None:
        self.ai.shutdown()

    # -- saving ---------------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Write `to_dict()` atomically: the old file stays whole if anything fails."""
        write_atomic(path, self.to_dict())


class ReplayedSession(GameSession):
    """A game that is its positions and the actions between them (Castles, Gauntlet): the game's
    `play` computes the next position and hands it to `_record`."""

    positionChanged = Signal()
    actionPlayed = Signal(str, dict)  # the action and the position before it (for the animation)

    def __init__(self, new_searcher: Callable[[], Searcher], parent: QObject | None = None) -> None:
        super().__init__(new_searcher, parent)
        self.positions: list[dict] = []  # positions[i] is the position before actions[i]
        self.actions: list[str] = []

    @property
    def position(self) -> dict:
        return self.positions[-1] if self.positions else {}

    @property
    def log(self) -> list[str]:
        """The actions played (the shell's generic name for a game's log)."""
        return self.actions

    def _record(self, action: str, before: dict, after: dict) -> None:
        """Append a played action and its position, then tell the widgets."""
        self._drop_hint()
        self.positions.append(after)
        self.actions.append(action)
        self.actionPlayed.emit(action, before)
        self.positionChanged.emit()
