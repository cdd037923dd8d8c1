"""The evaluation graph: who was ahead after each action, the costliest actions ringed, the shown
action marked; click or drag to jump to an action."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from towers_qt.shell.palette import ATTACK, SIDE, SIDE_LIGHT
from towers_qt.skirmish.board import palette
from towers_qt.skirmish.review.evaluation import WIN

PAD = 10.0


class EvalGraph(QWidget):
    """`values[i]`: South's value after action i. Emits picked(i)."""

    picked = Signal(int)

    def __init__(self, values: list[float], worst: list[int], names: dict[str, str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values, self.worst, self.names = values, set(worst), names
        self.current = len(values) - 1
        self.setMinimumSize(QSize(260, 150))
        self.setToolTip("Who was ahead after each action, in the computer's eyes. "
                        "Ringed: the actions that lost their player the most. Click to go there.")

    def sizeHint(self) -> QSize:
        return QSize(420, 200)

    def set_current(self, index: int) -> None:
        self.current = index
        self.update()

    def point(self, i: int) -> QPointF:
        """Where action i's value is drawn."""
        plot = self._plot()
        x = plot.left() + plot.width() * (i / max(1, len(self.values) - 1))
        y = plot.center().y() - plot.height() / 2 * (self.values[i] / WIN)
        return QPointF(x, y)

    def index_at(self, x: float) -> int:
        plot = self._plot()
        share = (x - plot.left()) / max(1.0, plot.width())
        return max(0, min(len(self.values) - 1, round(share * (len(self.values) - 1))))

    def _plot(self) -> QRectF:
        return QRectF(PAD, PAD + 14, self.width() - 2 * PAD, self.height() - 2 * PAD - 28)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        plot = self._plot()
        painter.fillRect(self.rect(), QColor("#241d17"))
        mid = plot.center().y()
        painter.setPen(QPen(QColor(201, 162, 74, 90), 1, Qt.DashLine))
        painter.drawLine(QPointF(plot.left(), mid), QPointF(plot.right(), mid))
        painter.setPen(SIDE_LIGHT["S"])
        painter.drawText(QRectF(PAD, 2, plot.width(), 16), Qt.AlignLeft, f"▲ {self.names.get('S', 'South')} ahead")
        painter.setPen(SIDE_LIGHT["N"])
        painter.drawText(QRectF(PAD, self.height() - 18, plot.width(), 16), Qt.AlignLeft,
                         f"▼ {self.names.get('N', 'North')} ahead")
        if not self.values:
            return
        self._paint_areas(painter, plot, mid)
        painter.setPen(QPen(palette.GOLD_LIGHT, 2))
        painter.setBrush(Qt.NoBrush)
        line = QPainterPath(self.point(0))
        for i in range(1, len(self.values)):
            line.lineTo(self.point(i))
        painter.drawPath(line)
        for i in sorted(self.worst):
            painter.setPen(QPen(ATTACK, 2.5))
            painter.drawEllipse(self.point(i), 6, 6)
        x = self.point(self.current).x()
        painter.setPen(QPen(palette.CURSOR, 1.5))
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        painter.setBrush(palette.GOLD)
        painter.drawEllipse(self.point(self.current), 4, 4)

    def _paint_areas(self, painter: QPainter, plot: QRectF, mid: float) -> None:
        """South's lead filled in South's colour above the line, North's below."""
        for side, clip in (("S", QRectF(plot.left(), plot.top(), plot.width(), mid - plot.top())),
                           ("N", QRectF(plot.left(), mid, plot.width(), plot.bottom() - mid))):
            area = QPainterPath(QPointF(plot.left(), mid))
            for i in range(len(self.values)):
                area.lineTo(self.point(i))
            area.lineTo(QPointF(self.point(len(self.values) - 1).x(), mid))
            colour = QColor(SIDE[side])
            colour.setAlpha(110)
            painter.save()
            painter.setClipRect(clip)
            painter.fillPath(area, colour)
            painter.restore()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.picked.emit(self.index_at(event.position().x()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.LeftButton:
            self.picked.emit(self.index_at(event.position().x()))
