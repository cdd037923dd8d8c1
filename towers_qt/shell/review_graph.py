"""The review's evaluation graph, for every game: who was ahead after each action (the first side
above the line, the second below), a value axis in the game's unit, the actions numbered along the
bottom, the costliest actions ringed and the shown action marked; click or drag to jump to one."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from towers_core.board import PLAYERS
from towers_qt.shell.look import GOLD, GOLD_HI, MUTED
from towers_qt.shell.palette import ATTACK, SIDE, SIDE_LIGHT

PAD = 10.0
AXIS = 34.0  # room left of the plot for the value labels
LEGEND = 16.0  # a line of legend above and below the plot
NUMBERS = 14.0  # room under the plot for the action numbers


def action_ticks(count: int, room: float, spacing: float = 42.0) -> list[int]:
    """Action numbers (1-based) to write along an axis `room` pixels wide: 1, then round steps."""
    if count <= 0:
        return []
    step = next((s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if room * s / max(count, 1) >= spacing), 1000)
    return [1] + [n for n in range(step, count + 1, step) if n > 1]


class EvalGraph(QWidget):
    """`values[i]`: the first side's value after action i, in `unit`, within ±`ceiling`. Emits picked(i)."""

    picked = Signal(int)

    def __init__(self, values: list[float], worst: list[int], names: dict[str, str], ceiling: float,
                 unit: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values, self.worst, self.names = values, set(worst), names
        self.ceiling, self.unit = ceiling, unit
        self.current = len(values) - 1
        self.setMinimumSize(QSize(260, 170))
        self.setToolTip(f"Who was ahead after each action, in the computer's eyes ({unit}). "
                        "Ringed: the actions that lost their player the most. Click to go there.")

    def sizeHint(self) -> QSize:
        return QSize(440, 220)

    def set_current(self, index: int) -> None:
        self.current = index
        self.update()

    def point(self, i: int) -> QPointF:
        """Where action i's value is drawn."""
        plot = self._plot()
        x = plot.left() + plot.width() * (i / max(1, len(self.values) - 1))
        y = plot.center().y() - plot.height() / 2 * (self.values[i] / self.ceiling)
        return QPointF(x, y)

    def index_at(self, x: float) -> int:
        plot = self._plot()
        share = (x - plot.left()) / max(1.0, plot.width())
        return max(0, min(len(self.values) - 1, round(share * (len(self.values) - 1))))

    def _plot(self) -> QRectF:
        return QRectF(PAD + AXIS, PAD + LEGEND, self.width() - 2 * PAD - AXIS,
                      self.height() - 2 * PAD - 2 * LEGEND - NUMBERS)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        plot = self._plot()
        painter.fillRect(self.rect(), QColor("#241d17"))
        self._paint_axes(painter, plot)
        first, second = PLAYERS
        painter.setPen(SIDE_LIGHT[first])
        painter.drawText(QRectF(plot.left(), 2, plot.width(), LEGEND), Qt.AlignLeft,
                         f"▲ {self.names.get(first, first)} ahead")
        painter.setPen(SIDE_LIGHT[second])
        painter.drawText(QRectF(plot.left(), self.height() - LEGEND - 2, plot.width(), LEGEND), Qt.AlignLeft,
                         f"▼ {self.names.get(second, second)} ahead")
        if not self.values:
            return
        self._paint_areas(painter, plot, plot.center().y(), first, second)
        painter.setPen(QPen(QColor(GOLD_HI), 2))
        painter.setBrush(Qt.NoBrush)
        line = QPainterPath(self.point(0))
        for i in range(1, len(self.values)):
            line.lineTo(self.point(i))
        painter.drawPath(line)
        for i in sorted(self.worst):
            painter.setPen(QPen(ATTACK, 2.5))
            painter.drawEllipse(self.point(i), 6, 6)
        x = self.point(self.current).x()
        painter.setPen(QPen(QColor("#ffffff"), 1.5))
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        painter.setBrush(QColor(GOLD))
        painter.drawEllipse(self.point(self.current), 4, 4)

    def _paint_axes(self, painter: QPainter, plot: QRectF) -> None:
        """Value lines at 0 and ±half the ceiling, labelled in the unit; action numbers below."""
        muted = QColor(MUTED)
        for share in (1.0, 0.5, 0.0, -0.5, -1.0):
            y = plot.center().y() - plot.height() / 2 * share
            painter.setPen(QPen(QColor(201, 162, 74, 90 if share == 0 else 40), 1, Qt.DashLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(muted)
            value = share * self.ceiling
            text = "0" if share == 0 else f"{value:+g}".replace("-", "−")
            painter.drawText(QRectF(PAD, y - 8, AXIS - 4, 16), Qt.AlignRight | Qt.AlignVCenter, text)
        for n in action_ticks(len(self.values), plot.width()):
            x = plot.left() + plot.width() * ((n - 1) / max(1, len(self.values) - 1))
            painter.drawText(QRectF(x - 20, plot.bottom() + 1, 40, NUMBERS), Qt.AlignCenter, str(n))

    def _paint_areas(self, painter: QPainter, plot: QRectF, mid: float, first: str, second: str) -> None:
        """The first side's lead filled in its colour above the line, the second's below."""
        for side, clip in ((first, QRectF(plot.left(), plot.top(), plot.width(), mid - plot.top())),
                           (second, QRectF(plot.left(), mid, plot.width(), plot.bottom() - mid))):
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
