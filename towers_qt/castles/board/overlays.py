"""Widgets floating over the board: the compass with its rotate buttons, the ⋮ view menu and the
action bar that slides up with the selected tower's moves."""
from __future__ import annotations

import math

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QPoint,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from towers_qt.castles.board.style import GOLD, GOLD_LIGHT

PANEL_SHEET = """
QFrame#CastlesPanel { background: rgba(34, 28, 24, 225); border: 1px solid #6b5a43; border-radius: 10px; }
QToolButton { background: #3d342c; color: #efe6d8; border: 1px solid #6b5a43; border-radius: 6px;
              font-size: 15pt; font-weight: bold; min-width: 30px; min-height: 30px; }
QToolButton:hover, QToolButton:focus { border-color: #e0bf6c; background: #51463b; }
QToolButton::menu-indicator { image: none; width: 0; }
"""

BAR_SHEET = """
QFrame#CastlesActionBar { background: rgba(34, 28, 24, 238); border: 1px solid #c9a24a;
                          border-radius: 12px; }
QFrame#CastlesActionBar QLabel { color: #efe6d8; font-size: 10.5pt; background: transparent; }
QFrame#CastlesActionBar QLabel#Title { color: #e0bf6c; font-weight: bold; font-size: 11.5pt; }
QFrame#CastlesActionBar QPushButton { background: #3d342c; color: #efe6d8; border: 1px solid #6b5a43;
              border-radius: 8px; padding: 6px 10px; font-size: 11pt; min-width: 0; }
QFrame#CastlesActionBar QPushButton:hover, QFrame#CastlesActionBar QPushButton:focus,
QFrame#CastlesActionBar QPushButton[armed="true"] { border: 2px solid #e0bf6c; background: #51463b; }
"""


class Compass(QWidget):
    """A compass rose whose needle points to the board's north as it is currently turned."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.north = QPointF(0, -1)
        self.setFixedSize(46, 46)
        self.setToolTip("North on the board")

    def set_north(self, vector: QPointF) -> None:
        """Point the needle along a screen vector (y down)."""
        n = math.hypot(vector.x(), vector.y()) or 1.0
        self.north = QPointF(vector.x() / n, vector.y() / n)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        c = QPointF(self.width() / 2, self.height() / 2)
        p.setPen(QPen(GOLD, 1.5))
        p.setBrush(QColor("#2a2420"))
        p.drawEllipse(c, 20, 20)
        n = self.north
        side = QPointF(-n.y(), n.x()) * 5
        p.setPen(Qt.NoPen)
        p.setBrush(GOLD_LIGHT)
        p.drawPolygon(QPolygonF([c + n * 9, c + side, c - side]))
        p.setBrush(QColor("#8c7a5a"))
        p.drawPolygon(QPolygonF([c - n * 9, c + side, c - side]))
        font = QFont()
        font.setPixelSize(10)
        font.setBold(True)
        p.setFont(font)
        p.setPen(GOLD_LIGHT)
        tip = c + n * 15
        p.drawText(QRectF(tip.x() - 6, tip.y() - 6, 12, 12), Qt.AlignCenter, "N")


class RotatePanel(QFrame):
    """⟲ compass ⟳ in the bottom-left corner: turn the board a quarter turn either way."""

    rotate_left = Signal()
    rotate_right = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CastlesPanel")
        self.setStyleSheet(PANEL_SHEET)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        row.setSpacing(6)
        self.left = QToolButton(text="⟲", toolTip="Turn the board a quarter turn left ( [ or Ctrl+← )")
        self.right = QToolButton(text="⟳", toolTip="Turn the board a quarter turn right ( ] or Ctrl+→ )")
        self.compass = Compass()
        for w in (self.left, self.compass, self.right):
            row.addWidget(w)
        self.left.setAccessibleName("Rotate left")
        self.right.setAccessibleName("Rotate right")
        self.left.clicked.connect(self.rotate_left)
        self.right.clicked.connect(self.rotate_right)


class ViewMenuButton(QFrame):
    """⋮ in the bottom-right corner: a menu with 3D / 2D."""

    mode_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CastlesPanel")
        self.setStyleSheet(PANEL_SHEET)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 4, 4, 4)
        self.button = QToolButton(text="⋮", toolTip="View: 3D or flat 2D")
        self.button.setAccessibleName("View menu")
        self.button.setPopupMode(QToolButton.InstantPopup)
        self.menu = QMenu(self.button)
        self.action_3d = self.menu.addAction("3D board")
        self.action_2d = self.menu.addAction("2D board (flat)")
        for act, mode in ((self.action_3d, "3d"), (self.action_2d, "2d")):
            act.setCheckable(True)
            act.triggered.connect(lambda _=False, m=mode: self.mode_chosen.emit(m))
        self.button.setMenu(self.menu)
        row.addWidget(self.button)

    def show_mode(self, mode: str) -> None:
        self.action_3d.setChecked(mode == "3d")
        self.action_2d.setChecked(mode == "2d")


KIND_WORD = {"+": "Build", "n": "Push north", "e": "Push east", "s": "Push south", "w": "Push west"}
KIND_KEY = {"+": "B", "n": "N", "e": "E", "s": "S", "w": "W"}


def option_label(action: str) -> str:
    """The button text for a core action string such as `c2n`: what it does and its notation."""
    kind = action[2]
    return f"{KIND_WORD[kind]}  {action}"


class OptionButton(QPushButton):
    """One move in the action bar: hover (or a first tap) previews it, a click (second tap) commits."""

    hovered = Signal(str)
    unhovered = Signal(str)
    committed = Signal(str)

    def __init__(self, action: str, parent: QWidget | None = None) -> None:
        super().__init__(option_label(action), parent)
        self.action = action
        self.armed = False
        self.setProperty("armed", False)
        self.setAccessibleName(f"{KIND_WORD[action[2]]} from {action[:2]}")
        self.setToolTip(f"{KIND_WORD[action[2]]} ({action}) — key {KIND_KEY[action[2]]}; "
                        "hover to preview, click to play")
        self.clicked.connect(self._click)
        self._touch = False

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Enter:
            self.hovered.emit(self.action)
        elif e.type() == QEvent.Leave and not self.armed:
            self.unhovered.emit(self.action)
        elif e.type() == QEvent.MouseButtonPress:
            self._touch = e.source() != Qt.MouseEventNotSynthesized
        elif e.type() == QEvent.FocusIn:
            self.hovered.emit(self.action)
        return super().event(e)

    def set_armed(self, armed: bool) -> None:
        self.armed = armed
        self.setProperty("armed", armed)
        self.style().unpolish(self)
        self.style().polish(self)

    def _click(self) -> None:
        if self._touch and not self.armed:  # touch: the first tap previews
            self._touch = False
            self.set_armed(True)
            self.hovered.emit(self.action)
            return
        self.committed.emit(self.action)


class ActionBar(QFrame):
    """The selected tower's moves; slides up from the bottom edge of the board."""

    previewed = Signal(object)  # an action string, or None when no option is previewed
    chosen = Signal(str)
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CastlesActionBar")
        self.setStyleSheet(BAR_SHEET)
        self.buttons: dict[str, OptionButton] = {}
        self.square: str | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(14, 8, 14, 10)
        outer.setSpacing(6)
        self.title = QLabel(objectName="Title")
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        outer.addWidget(self.title)
        self.row = QHBoxLayout()
        self.row.setSpacing(8)
        outer.addLayout(self.row)
        outer.addWidget(self.detail)
        self.detail.ensurePolished()  # two lines of the style sheet's font, not of the default one
        self.detail.setMinimumHeight(self.detail.fontMetrics().lineSpacing() * 2 + 4)
        self.cancel = QPushButton("Cancel")
        self.cancel.setToolTip("Close the bar (Esc, or click the board away from it)")
        self.cancel.clicked.connect(self.cancelled)
        self.anim = QPropertyAnimation(self, b"pos", self)
        self.anim.setEasingCurve(QEasingCurve.OutCubic)
        self.anim.setDuration(180)
        self.hide()

    def set_options(self, square: str, tower: str, actions: list[str]) -> None:
        """Fill the bar with the legal actions of the tower on `square`."""
        self.square = square
        for b in self.buttons.values():
            b.setParent(None)
            b.deleteLater()
        self.buttons = {}
        while self.row.count():
            self.row.takeAt(0)
        actions = sorted(actions, key=lambda a: "+nesw".index(a[2]))
        for action in actions:
            b = OptionButton(action, self)
            b.hovered.connect(self._hover)
            b.unhovered.connect(lambda _a: self.previewed.emit(None))
            b.committed.connect(self.chosen)
            self.buttons[action] = b
            self.row.addWidget(b)
        self.row.addStretch(1)
        self.row.addWidget(self.cancel)
        self.title.setText(f"Tower on {square} — {len(tower)} high. Choose a move "
                           f"(keys: {' '.join(KIND_KEY[a[2]] for a in actions)}, again or Enter to play):")
        self.detail.setText("Point at a move to see it on the board; click to play it.")
        self.adjustSize()

    def _hover(self, action: str) -> None:
        for a, b in self.buttons.items():
            if a != action and b.armed:
                b.set_armed(False)
        self.previewed.emit(action)

    def arm(self, action: str) -> None:
        """Keyboard: mark `action` as previewed (a second press or Enter commits it)."""
        for a, b in self.buttons.items():
            b.set_armed(a == action)
        self.previewed.emit(action)

    def armed(self) -> str | None:
        return next((a for a, b in self.buttons.items() if b.armed), None)

    def describe(self, text: str) -> None:
        self.detail.setText(text)

    def slide_in(self, height: int, left: int, right: int, at_top: bool = False) -> None:
        """Show the bar centred between x = left and right, at the bottom of a board `height` tall
        (sliding up) or at its top (sliding down)."""
        self.layout().activate()
        w = min(max(self.sizeHint().width(), 420), right - left)
        h = self.layout().totalHeightForWidth(w) if self.layout().hasHeightForWidth() else self.sizeHint().height()
        self.resize(w, max(h, self.layout().totalMinimumSize().height()))
        x = left + (right - left - w) // 2
        end = QPoint(x, 10 if at_top else height - self.height() - 10)
        self.anim.stop()
        if not self.isVisible():
            self.move(x, -self.height() if at_top else height)
            self.show()
        self.raise_()
        self.anim.setStartValue(self.pos())
        self.anim.setEndValue(end)
        self.anim.start()

    def slide_out(self) -> None:
        self.anim.stop()
        self.hide()
        self.square = None
