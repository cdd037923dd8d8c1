"""Marks drawn above the cards: the targets of the current selection and the last action played.

Squares paint terrain only; everything the player must see on top of a card (an attack ring on an
enemy card, the last move's arrow, the attacked square) is drawn here, over the card items.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from towers_qt.shell.palette import ATTACK
from towers_qt.skirmish.board import palette
from towers_qt.skirmish.board.geometry import CELL, SCENE_RECT

Z_MARKS = 35  # above cards (10), a moving card (20) and the follow-up ghost (30); below captions (50)
HALO = QColor(20, 14, 8, 200)
HIGHLIGHT = {  # selection mark -> colour (the palette's QColors, so a scheme switch recolours them)
    "source": palette.GOLD_LIGHT, "selected": palette.GOLD, "move": palette.GOLD, "deploy": palette.GOLD,
    "attack": ATTACK, "scout": palette.SCOUT, "soulcast": palette.SOULCAST,
    "run": palette.GOLD_LIGHT,
}


@dataclass(frozen=True)
class LastAction:
    """Where the last action went: `path` squares in order (from, to), the `target` it hit."""

    path: tuple[str, ...] = ()
    target: str | None = None
    kind: str = ""
    player: str = "S"

    @property
    def squares(self) -> set[str]:
        return {sq for sq in (*self.path, self.target) if sq}


def last_action(entry: dict) -> LastAction:
    """The last-move marks of a log entry, full or viewed ("?@c1"): only squares are read."""
    from towers_core.skirmish.notation import describe_action, parse_public

    parsed = describe_action(parse_public(entry["action"]))
    fight = entry.get("fight") or {}
    path = tuple(sq for sq in (parsed["from"], parsed["to"]) if sq)
    if parsed["kind"] in ("attack", "scout", "soulcast"):
        path = (parsed["from"],)
    target = parsed["target"] or fight.get("defender")
    return LastAction(path, target, parsed["kind"], entry.get("player", "S"))


class MarkLayer(QGraphicsItem):
    """One item over the whole board painting highlights and the last action."""

    def __init__(self, center) -> None:
        super().__init__()
        self.center = center  # square -> scene point (follows the board's orientation)
        self.marks: dict[str, str] = {}
        self.last = LastAction()
        self.cursor: str | None = None  # the keyboard cursor's square
        self.setZValue(Z_MARKS)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return SCENE_RECT

    def set_marks(self, marks: dict[str, str]) -> None:
        self.marks = dict(marks)
        self.update()

    def set_last(self, last: LastAction) -> None:
        self.last = last
        self.update()

    def set_cursor(self, square: str | None) -> None:
        self.cursor = square
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        self._paint_last(painter)
        for sq, kind in self.marks.items():
            self._paint_mark(painter, self._rect(sq), kind)
        if self.cursor:
            _halo_rect(painter, self._rect(self.cursor).adjusted(-1, -1, 1, 1), palette.CURSOR, 4, Qt.DotLine)

    def _rect(self, square: str) -> QRectF:
        c = self.center(square)
        return QRectF(c.x() - CELL / 2, c.y() - CELL / 2, CELL, CELL)

    # -- the last action ----------------------------------------------------------------------
    def _paint_last(self, painter: QPainter) -> None:
        last = self.last
        if not last.squares:
            return
        colour = palette.LAST
        for sq in last.path:
            _halo_rect(painter, self._rect(sq).adjusted(3, 3, -3, -3), colour, 3.5, Qt.DashLine)
        if len(last.path) == 2:
            _arrow(painter, self.center(last.path[0]), self.center(last.path[1]), colour)
        if last.target:
            start = self.center(last.path[-1]) if last.path else None
            end = self.center(last.target)
            if start is not None and start != end:
                _arrow(painter, start, end, ATTACK if last.kind != "scout" else palette.SCOUT)
            _target(painter, self._rect(last.target), ATTACK)

    # -- the current selection ----------------------------------------------------------------
    def _paint_mark(self, painter: QPainter, rect: QRectF, kind: str) -> None:
        colour = QColor(HIGHLIGHT.get(kind, palette.GOLD))
        if kind in ("move", "deploy"):
            fill = QColor(colour)
            fill.setAlpha(190)
            painter.setPen(QPen(HALO, 3))
            painter.setBrush(fill)
            painter.drawEllipse(rect.center(), 13, 13)
            return
        width = 3 if kind == "source" else 5
        _halo_rect(painter, rect.adjusted(4, 4, -4, -4), colour, width,
                   Qt.DashLine if kind == "run" else Qt.SolidLine)


def _halo_rect(painter: QPainter, rect: QRectF, colour: QColor, width: float, style=Qt.SolidLine) -> None:
    """A rounded outline with a dark halo, so it reads on light squares and card faces alike."""
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(HALO, width + 3))
    painter.drawRoundedRect(rect, 8, 8)
    pen = QPen(colour, width)
    pen.setStyle(style)
    painter.setPen(pen)
    painter.drawRoundedRect(rect, 8, 8)


def _arrow(painter: QPainter, start: QPointF, end: QPointF, colour: QColor) -> None:
    """From the centre of one square to the edge of the next, with a head."""
    line = QLineF(start, end)
    if line.length() < 1:
        return
    line.setLength(max(1.0, line.length() - CELL * 0.22))
    angle = math.atan2(line.dy(), line.dx())
    tip = line.p2()
    head = QPolygonF([tip, tip - QPointF(math.cos(angle - 0.45), math.sin(angle - 0.45)) * 22,
                      tip - QPointF(math.cos(angle + 0.45), math.sin(angle + 0.45)) * 22])
    for pen_colour, width in ((HALO, 11), (colour, 6)):
        painter.setPen(QPen(pen_colour, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        painter.setBrush(pen_colour)
        painter.drawLine(QLineF(line.p1(), tip - QPointF(math.cos(angle), math.sin(angle)) * 10))
        painter.drawPolygon(head)


def _target(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """The attacked square: a thick ring and corner ticks."""
    _halo_rect(painter, rect.adjusted(2, 2, -2, -2), colour, 5)
    painter.setPen(QPen(colour, 4, Qt.SolidLine, Qt.RoundCap))
    c, r = rect.center(), CELL / 2 - 2
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        corner = c + QPointF(dx * r, dy * r)
        painter.drawLine(corner, corner - QPointF(dx * 14, 0))
        painter.drawLine(corner, corner - QPointF(0, dy * 14))
