"""The QGraphicsView showing the battlefield: scales with the window, turns clicks into squares."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QToolTip

from towers_qt.skirmish.board.card_face import CARD_W
from towers_qt.skirmish.board.geometry import square_at
from towers_qt.skirmish.board.scene import BoardScene


class BoardView(QGraphicsView):
    """Emits squareClicked(square, shift), squareDragged(from, to), squareMenu(square, global pos)."""

    squareClicked = Signal(str, bool)
    squareDragged = Signal(str, str)
    squareMenu = Signal(str, QPoint)
    scaled = Signal(float)  # the width of a card on screen, after each fit

    def __init__(self, scene: BoardScene, parent=None) -> None:
        super().__init__(scene, parent)
        self.board = scene
        self._pressed: str | None = None
        self.setObjectName("BoardView")
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform | QPainter.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.FullViewportUpdate)
        self.setMinimumSize(320, 320)
        self.setContextMenuPolicy(Qt.PreventContextMenu)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit()

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.KeepAspectRatio)
        self.scaled.emit(CARD_W * self.transform().m11())

    def viewportEvent(self, event: QEvent) -> bool:
        """Hover text is asked for when it is shown, from what the viewer may know (scene.tip)."""
        if event.type() == QEvent.ToolTip:
            square = square_at(self.mapToScene(event.pos()), self.board.flipped)
            text = self.board.tip(square)
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def _square(self, event: QMouseEvent) -> str | None:
        return square_at(self.mapToScene(event.position().toPoint()), self.board.flipped)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        square = self._square(event)
        if event.button() == Qt.RightButton:
            if square:
                self.squareMenu.emit(square, event.globalPosition().toPoint())
            return
        self._pressed = square if event.button() == Qt.LeftButton else None

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        start, self._pressed = self._pressed, None
        if start is None or event.button() != Qt.LeftButton:
            return
        end = self._square(event)
        if end and end != start:
            self.squareDragged.emit(start, end)
        elif end:
            self.squareClicked.emit(end, bool(event.modifiers() & Qt.ShiftModifier))
