"""Playing a move on the board: a push's stack slides and drops one piece per square; a build's
piece falls onto its tower. Which square gains which piece comes from api.preview (no rules here).
"""
from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QEasingCurve, QObject, QVariantAnimation, Signal

from towers_core.board import step
from towers_core.castles import api

from towers_qt.castles.board.items import MovingStack, tower_z

STEP_MS = 230  # one square of a push (or a build's fall) at speed factor 1


def push_path(origin: str, direction: str, gains: dict) -> list[str]:
    """The squares a push reached, in order from the origin (the keys of preview's `gains`)."""
    path, sq = [], step(origin, direction)
    while sq is not None and sq in gains:
        path.append(sq)
        sq = step(sq, direction)
    return path


def reached(before: dict | None, action: str | None) -> list[str]:
    """The squares `action` reached from `before`: a push's whole path; [] for a build, a resignation,
    or when `before` is not known."""
    if before is None or not action or len(action) != 3 or action[2] == "+":
        return []
    info = api.preview(before, action)
    return push_path(info["from"], action[2], info["gains"])


class MoveAnimation(QObject):
    """Drives one move's animation on a board; `set_tower(square, tower)` redraws a square."""

    finished = Signal()

    def __init__(self, board, before: dict, action: str, factor: float,
                 set_tower: Callable[[str, str], None]) -> None:
        super().__init__(board)
        self.board, self.before, self.action = board, before["board"], action
        info = api.preview(before, action)
        self.origin = info["from"]
        self.set_tower = set_tower
        if info["kind"] == "build":
            self.path, self.travel = [self.origin], info["gains"][self.origin]
            self.stays = self.before[self.origin]
        else:
            self.path = push_path(self.origin, action[2], info["gains"])
            self.stays = info["stays"]
            self.travel = self.before[self.origin][len(self.stays):]
        self.build = info["kind"] == "build"
        self.stack = MovingStack(self.travel, board.proj)
        board.scene.addItem(self.stack)
        self.anim = QVariantAnimation(self)
        self.anim.setStartValue(0.0)
        self.anim.setEndValue(float(len(self.path)))
        self.anim.setDuration(max(1, int(STEP_MS * factor * (len(self.path) + (0.6 if self.build else 0.4)))))
        self.anim.setEasingCurve(QEasingCurve.InOutSine if not self.build else QEasingCurve.InQuad)
        self.anim.valueChanged.connect(self._frame)
        self.anim.finished.connect(self._done)
        self.landed = 0
        if not self.build:
            self.set_tower(self.origin, self.stays)

    def start(self) -> None:
        self._frame(0.0)
        self.anim.start()

    def stop(self) -> None:
        self.anim.stop()
        self._remove()

    def _height(self, square: str) -> int:
        return len(self.before.get(square, ""))

    def _frame(self, t: float) -> None:
        proj = self.board.proj
        if self.build:
            h = self._height(self.origin)
            self.stack.set_state(self.travel, proj.centre(self.origin), h + 4 * (1 - t), tower_z(proj, self.origin, 2))
            return
        i = min(int(t), len(self.path) - 1)
        while self.landed < min(int(t + 1e-9), len(self.path)):  # pieces that reached their square
            sq = self.path[self.landed]
            self.set_tower(sq, self.before.get(sq, "") + self.travel[self.landed])
            self.landed += 1
        s = t - i
        start = self.origin if i == 0 else self.path[i - 1]
        end = self.path[i]
        lo = len(self.stays) if i == 0 else self._height(start) + 1
        hi = self._height(end)
        level = lo + (hi - lo) * s + 0.7 * math.sin(math.pi * s)
        z = max(tower_z(proj, start), tower_z(proj, end)) + 2
        self.stack.set_state(self.travel[i:] if t < len(self.path) else "", proj.between(start, end, s), level, z)

    def _done(self) -> None:
        self._remove()
        self.finished.emit()

    def _remove(self) -> None:
        if self.stack.scene() is not None:
            self.stack.scene().removeItem(self.stack)
