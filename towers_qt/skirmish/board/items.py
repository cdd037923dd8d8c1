"""Scene items: a board square (terrain) and a card (animatable QGraphicsObject)."""
from __future__ import annotations

from PySide6.QtCore import Property, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from towers_qt.skirmish.board import palette
from towers_qt.skirmish.board.art import svg
from towers_qt.skirmish.board.card_face import (
    CARD_H,
    CARD_W,
    CardFace,
    font_px,
    paint_card,
)
from towers_qt.skirmish.board.geometry import CELL


class SquareItem(QGraphicsItem):
    """One square: terrain art. Its highlight and last-move flag are painted above the cards by
    marks.MarkLayer."""

    def __init__(self, square: str, terrain: str, dark: bool) -> None:
        super().__init__()
        self.square = square
        self.terrain = terrain  # "plain" | "high" | "mountain"
        self.dark = dark
        self.highlight: str | None = None
        self.last = False
        self.setZValue(0)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, CELL, CELL)

    def set_highlight(self, kind: str | None) -> None:
        if kind != self.highlight:
            self.highlight = kind
            self.update()

    def set_last(self, last: bool) -> None:
        if last != self.last:
            self.last = last
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        rect = self.boundingRect()
        painter.setRenderHint(QPainter.Antialiasing)
        painter.fillRect(rect, palette.SQUARE_DARK if self.dark else palette.SQUARE_LIGHT)
        if self.terrain != "plain":
            self._paint_terrain(painter, rect)
        painter.setPen(QPen(QColor(60, 45, 25, 90), 1))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect)

    def _paint_terrain(self, painter: QPainter, rect: QRectF) -> None:
        renderer = svg(f"terrain/{self.terrain}.svg")
        if renderer is not None:
            renderer.render(painter, rect)
            if self.terrain == "high":
                self._paint_high_rim(painter, rect)
            return
        if self.terrain == "high":
            grad = QRadialGradient(rect.center(), CELL * 0.6)
            grad.setColorAt(0, palette.HIGH.lighter(125))
            grad.setColorAt(1, palette.HIGH.darker(115))
            painter.fillRect(rect, grad)
            painter.setPen(QPen(QColor(60, 70, 30, 120), 2))
            for inset in (12, 24, 36):
                painter.drawEllipse(rect.adjusted(inset, inset, -inset, -inset))
        else:
            painter.fillRect(rect, palette.MOUNTAIN)
            painter.setPen(QPen(QColor(40, 36, 32), 2))
            painter.setBrush(QColor(150, 144, 135))
            painter.drawPolygon(QPolygonF([QPointF(10, 85), QPointF(42, 22), QPointF(74, 85)]))
            painter.drawPolygon(QPolygonF([QPointF(46, 85), QPointF(68, 42), QPointF(92, 85)]))

    @staticmethod
    def _paint_high_rim(painter: QPainter, rect: QRectF) -> None:
        """A green rim that stays visible around a card standing on the high ground."""
        painter.setPen(QPen(palette.HIGH.darker(135), 5))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect.adjusted(3.5, 3.5, -3.5, -3.5))


class CardItem(QGraphicsObject):
    """A card on the board. `turn` (0..90) lays it sideways; `flip` (−1..1) scales it for a reveal."""

    def __init__(self, face: CardFace) -> None:
        super().__init__()
        self.face = face
        self._turn = 90.0 if face.defensive else 0.0  # a spent King keeps its text upright
        self._flip = 1.0
        self.setZValue(10)
        self._apply_transform()

    def boundingRect(self) -> QRectF:
        return QRectF(-CARD_W / 2 - 2, -CARD_H / 2 - 2, CARD_W + 8, CARD_H + 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        paint_card(painter, QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H), self.face)

    def set_face(self, face: CardFace) -> None:
        self.face = face
        self.update()

    def _apply_transform(self) -> None:
        self.setRotation(self._turn)
        self.setTransform(self.transform().fromScale(max(0.02, abs(self._flip)), 1.0))

    def _get_turn(self) -> float:
        return self._turn

    def _set_turn(self, value: float) -> None:
        self._turn = value
        self._apply_transform()

    def _get_flip(self) -> float:
        return self._flip

    def _set_flip(self, value: float) -> None:
        self._flip = value
        self._apply_transform()

    turn = Property(float, _get_turn, _set_turn)
    flip = Property(float, _get_flip, _set_flip)


class Banner(QGraphicsObject):
    """A floating caption over the board (fight result, turn change); faded by animations."""

    def __init__(self, text: str, colour: QColor, width: float = 300, height: float = 56) -> None:
        super().__init__()
        self.text = text
        self.colour = colour
        self.size = (width, height)
        self.setZValue(50)

    def boundingRect(self) -> QRectF:
        w, h = self.size
        return QRectF(-w / 2, -h / 2, w, h)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        rect = self.boundingRect()
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setPen(QPen(palette.GOLD, 2))
        painter.setBrush(QColor(25, 19, 14, 225))
        painter.drawRoundedRect(rect, 12, 12)
        painter.setPen(self.colour)
        painter.setFont(font_px(rect.height() * 0.36, True))
        painter.drawText(rect, Qt.AlignCenter, self.text)
