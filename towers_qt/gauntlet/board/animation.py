"""Playing an action on the battle board, from what the viewer read of it (its `log_view` events,
so a hidden unit's move is never animated for its enemy): pieces slide on moves and are battered
aside on shoves, a shot or a shell flies from the attacker to its target, damage and healing rise
as numbers over the tiles hit, and the fallen fade out. The board is redrawn from the true view
when the animation ends; no rules here."""
from __future__ import annotations

import math

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QVariantAnimation, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsSimpleTextItem

from towers_qt.gauntlet.board.picking import parts
from towers_qt.gauntlet.board.style import BURN, HEAL, TILE

STEP_MS = 260  # one tile of a move, or one beat of hits, at speed factor 1
DAMAGE = QColor("#ff5a4a")
SHELL = QColor("#ffb347")


def beats(events: list[list]) -> list[list[list]]:
    """The events in beats played one after another: each move or shove alone, the hits, ticks,
    heals and afflictions that land together in one beat, the deaths after them in one more."""
    out: list[list[list]] = []
    for ev in events:
        kind = ev[0]
        group = "move" if kind in ("move", "shove") else "die" if kind == "die" else \
            "impact" if kind in ("hit", "tick", "heal", "aff") else None
        if group is None:
            continue
        if group != "move" and out and out[-1][0][0] != "move" and _group(out[-1][0]) == group:
            out[-1].append(ev)
        else:
            out.append([ev])
    return out


def _group(ev: list) -> str:
    return "die" if ev[0] == "die" else "impact"


def shooter(action: str, events: list[list]) -> tuple[str | None, list[str]]:
    """Where the attacker stands when it strikes (after its move) and what it aims at; (None, [])
    when the action is no attack or its origin is hidden from the viewer."""
    if not action or action[0] in "?+" or action in ("end", "resign"):
        return None, []
    try:
        a = parts(action)
    except ValueError:
        return None, []
    if a["kind"] != "act" or not a["targets"]:
        return None, []
    at = a["to"] or a["origin"]
    for ev in events:
        if ev[0] == "move" and ev[1] == a["origin"]:
            at = ev[2]
    return at, list(a["targets"])


class ActionAnimation(QObject):
    """One action's beats on `board` (a GauntletBoard showing the position before it)."""

    finished = Signal()

    def __init__(self, board, action: str, events: list[list], factor: float, sieged: bool = False) -> None:
        super().__init__(board)
        self.board, self.factor = board, factor
        self.steps = beats(events)
        at, targets = shooter(action, events)
        if at is not None and targets and any(_far(at, t) for t in targets):
            first_hit = next((i for i, b in enumerate(self.steps) if b[0][0] in ("hit", "die")), len(self.steps))
            self.steps.insert(first_hit, [["shot", at, t, sieged] for t in targets])
        self.extras: list[QGraphicsItem] = []
        self.running: list[QVariantAnimation] = []
        self.done = False

    def start(self) -> None:
        self._next()

    def stop(self) -> None:
        """End at once (a new position or a closed window): everything drawn for it goes."""
        for anim in self.running:
            anim.stop()
        self._finish()

    # -- the beats ----------------------------------------------------------------------------------
    def _next(self) -> None:
        if self.done:
            return
        if not self.steps:
            self._finish()
            return
        beat = self.steps.pop(0)
        self.running = []
        for ev in beat:
            anim = self._animate(ev)
            if anim is not None:
                self.running.append(anim)
        if not self.running:
            self._next()
            return
        waiting = [len(self.running)]

        def one_done() -> None:
            waiting[0] -= 1
            if waiting[0] == 0:
                self._next()

        for anim in self.running:
            anim.finished.connect(one_done)
            anim.start()

    def _animate(self, ev: list) -> QVariantAnimation | None:
        kind = ev[0]
        if kind in ("move", "shove"):
            return self._slide(ev[1], ev[2], kind == "shove")
        if kind == "shot":
            return self._shot(ev[1], ev[2], ev[3])
        if kind == "die":
            return self._fade(ev[1])
        if kind in ("hit", "tick"):
            dmg = ev[2] if kind == "hit" else ev[3]
            return self._number(ev[1], f"−{dmg}", BURN if kind == "tick" else DAMAGE)
        if kind == "heal":
            return self._number(ev[1], f"+{ev[2]}", HEAL)
        return None

    def _anim(self, ms: float, step, curve=QEasingCurve.InOutQuad) -> QVariantAnimation:
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(max(1, int(ms * self.factor)))
        anim.setEasingCurve(curve)
        anim.valueChanged.connect(step)
        return anim

    def _slide(self, origin: str, to: str, shoved: bool) -> QVariantAnimation | None:
        item = self.board.pieces.pop(origin, None)
        if item is None:
            return None
        self.board.pieces[to] = item
        start, end = item.pos(), item.pos() + (self.board.rect_of(to).center() - self.board.rect_of(origin).center())
        tiles = max(1.0, math.dist((start.x(), start.y()), (end.x(), end.y())) / TILE)
        curve = QEasingCurve.OutBack if shoved else QEasingCurve.InOutQuad
        return self._anim(STEP_MS * (0.8 if shoved else min(tiles, 3)),
                          lambda v: item.setPos(start + (end - start) * v), curve)

    def _shot(self, origin: str, target: str, sieged: bool) -> QVariantAnimation:
        size = 18 if sieged else 10
        dot = QGraphicsEllipseItem(-size / 2, -size / 2, size, size)
        dot.setBrush(QBrush(SHELL if sieged else QColor("#fff2b0")))
        dot.setPen(QPen(QColor("#5a3a12"), 1.5))
        dot.setZValue(8)
        dot.setData(0, f"animation shot {origin} {target}")
        self._add(dot)
        a, b = self.board.rect_of(origin).center(), self.board.rect_of(target).center()
        lift = TILE * (1.2 if sieged else 0.2)  # a shell arcs high; a shot flies nearly flat

        def step(v: float) -> None:
            dot.setPos(a + (b - a) * v - QPointF(0, lift * 4 * v * (1 - v)))
        return self._anim(STEP_MS * 1.2, step, QEasingCurve.Linear)

    def _number(self, tile: str, text: str, colour: QColor) -> QVariantAnimation:
        label = QGraphicsSimpleTextItem(text)
        label.setFont(QFont("DejaVu Sans", 20, QFont.Bold))
        label.setBrush(colour)
        label.setPen(QPen(QColor("#1a1410"), 1.2))
        label.setZValue(9)
        label.setData(0, f"animation number {tile} {text}")
        self._add(label)
        c = self.board.rect_of(tile).center()
        w = label.boundingRect().width()

        def step(v: float) -> None:
            label.setPos(c.x() - w / 2, c.y() - 20 - TILE * 0.45 * v)
            label.setOpacity(1.0 if v < 0.6 else (1 - v) / 0.4)
        return self._anim(STEP_MS * 2.4, step, QEasingCurve.OutCubic)

    def _fade(self, tile: str) -> QVariantAnimation | None:
        item = self.board.pieces.pop(tile, None)
        if item is None:
            return None
        return self._anim(STEP_MS * 1.6, lambda v: item.setOpacity(1 - v))

    def _add(self, item: QGraphicsItem) -> None:
        self.board.scene_.addItem(item)
        self.extras.append(item)

    def _finish(self) -> None:
        if self.done:
            return
        self.done = True
        for item in self.extras:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.extras = []
        self.finished.emit()


def _far(a: str, b: str) -> bool:
    """More than a touch apart: the blow travels."""
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1]) - int(b[1]))) > 1
