"""Dominance dock: the track from South's 10 to North's 10, and per side the high ground held,
captures and the fortune deck's remaining +1/0/−1."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPaintEvent, QPen, QPolygonF, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from towers_core.board import SIDE_NAMES
from towers_core.skirmish import api
from towers_qt.shell.elided import ElidedLabel
from towers_qt.shell.names import possessive
from towers_qt.shell.palette import SIDE
from towers_qt.skirmish.board import palette
from towers_qt.skirmish.board.card_face import card_info


class TrackWidget(QWidget):
    """21 pips from North's 10 (left) to South's 10 (right) with the marker."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.marker = 0
        self.setMinimumSize(QSize(150, 56))

    def set_marker(self, marker: int, names: dict[str, str] | None = None) -> None:
        self.marker = marker
        self.setToolTip(marker_text(marker, names))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        w, h = self.width(), self.height()
        left, right, y = 16.0, w - 16.0, h * 0.45
        step = (right - left) / 20
        grad = QLinearGradient(left, 0, right, 0)
        grad.setColorAt(0, SIDE["N"])
        grad.setColorAt(0.5, QColor("#51463b"))
        grad.setColorAt(1, SIDE["S"])
        painter.setPen(Qt.NoPen)
        painter.setBrush(grad)
        painter.drawRoundedRect(QRectF(left - 6, y - 7, right - left + 12, 14), 7, 7)
        font = QFont()
        font.setPixelSize(10)
        painter.setFont(font)
        for i in range(21):
            value = i - 10
            x = left + i * step
            big = value % 5 == 0
            painter.setPen(QPen(palette.GOLD_LIGHT if big else QColor(239, 230, 216, 120), 1.5))
            painter.drawLine(QPointF(x, y + 9), QPointF(x, y + (15 if big else 12)))
            if big:
                painter.drawText(QRectF(x - 12, y + 15, 24, 14), Qt.AlignCenter, str(abs(value)))
        self._paint_marker(painter, left + (self.marker + 10) * step, y)

    def _paint_marker(self, painter: QPainter, x: float, y: float) -> None:
        painter.setPen(QPen(QColor("#2a2420"), 1.5))
        painter.setBrush(palette.GOLD)
        painter.drawEllipse(QPointF(x, y), 9, 9)
        painter.setBrush(palette.GOLD_LIGHT)
        painter.drawPolygon(QPolygonF([QPointF(x - 6, y - 19), QPointF(x + 6, y - 19), QPointF(x, y - 11)]))


def marker_text(marker: int, names: dict[str, str] | None = None) -> str:
    """"Dominance: Ann 3 of 10" (the marker's side named as the players are)."""
    if marker == 0:
        return "Dominance: even (0)"
    side = "S" if marker > 0 else "N"
    return f"Dominance: {(names or SIDE_NAMES).get(side, SIDE_NAMES[side])} {abs(marker)} of 10"


class DominanceWidget(QWidget):
    """The Dominance dock: the marker's track, high ground held, captures and the fortune decks."""
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("DominanceWidget")
        self.track = TrackWidget()
        self.caption = ElidedLabel()
        self.caption.setAlignment(Qt.AlignCenter)
        self.caption.setProperty("role", "title")
        ends = QGridLayout()
        # the players' names, cut with "…" where the dock has no room (whole in the tooltip)
        self.north_end, self.south_end = ElidedLabel("◀ North", min_width=40), ElidedLabel("South ▶", min_width=40)
        self.south_end.setAlignment(Qt.AlignRight)
        self.north_end.setProperty("side", "N")
        self.south_end.setProperty("side", "S")
        ends.addWidget(self.north_end, 0, 0, Qt.AlignLeft)
        ends.addWidget(self.south_end, 0, 1, Qt.AlignRight)
        self.table = QGridLayout()
        self.table.setHorizontalSpacing(12)
        self.cells: dict[tuple[str, str], QLabel] = {}
        self._build_table()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.caption)
        layout.addWidget(self.track)
        layout.addLayout(ends)
        layout.addLayout(self.table)
        layout.addStretch(1)

    def _build_table(self) -> None:
        rows = (("high", "High ground"), ("captured", "Captured"),
                ("deck", "Fortune left<br><small>+1 · 0 · −1</small>"))
        self.heads = {}
        for col, side in enumerate(("S", "N"), start=1):
            head = ElidedLabel(SIDE_NAMES[side], min_width=40, two_lines=True)  # as Castles' move list
            head.setProperty("side", side)
            self.table.addWidget(head, 0, col)
            self.heads[side] = head
        for row, (key, text) in enumerate(rows, start=1):
            label = QLabel(text)
            label.setProperty("role", "muted")
            self.table.addWidget(label, row, 0)
            for col, side in enumerate(("S", "N"), start=1):
                cell = QLabel()
                cell.setObjectName(f"{key}_{side}")
                self.table.addWidget(cell, row, col)
                self.cells[(key, side)] = cell

    def show_view(self, view: dict, names: dict[str, str]) -> None:
        marker = int(view["marker"])
        self.track.set_marker(marker, names)
        self.caption.set_full_text(marker_text(marker, names).replace("Dominance: ", ""))
        self.south_end.set_full_text(f"{names.get('S', 'South')} ▶")
        self.north_end.set_full_text(f"◀ {names.get('N', 'North')}")
        score = api.score(view)
        for side in ("S", "N"):
            self.heads[side].set_full_text(names.get(side, SIDE_NAMES[side]))
            self.cells[("high", side)].setText(f"{score['high'][side]} of {len(view['terrain']['high'])}")
            caps = view["captured"][side]
            self.cells[("captured", side)].setText(f"<b>{len(caps)}</b> · value {score['value'][side]}")
            self.cells[("captured", side)].setToolTip(", ".join(card_info(c)["name"] for c in sorted(caps)))
            deck = view["decks"][side]
            self.cells[("deck", side)].setText(
                f"<span style='color:#e0bf6c'>{deck['+1']}</span> · {deck['0']} · "
                f"<span style='color:#e07a80'>{deck['-1']}</span>")
            self.cells[("deck", side)].setToolTip(
                f"Left in {possessive(names.get(side, SIDE_NAMES[side]), False)} fortune deck: "
                f"{deck['+1']} × +1, {deck['0']} × 0, "
                f"{deck['-1']} × −1")

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Wrapped names take more lines in a narrow dock: ask for the height they need."""
        super().resizeEvent(event)
        need = self.layout().totalHeightForWidth(self.width())
        if need > 0 and need != self.minimumHeight():
            self.setMinimumHeight(need)

    def cell_text(self, key: str, side: str) -> str:
        return self.cells[(key, side)].text()

