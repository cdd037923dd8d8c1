"""The hot-seat curtain: an opaque overlay that hides the board between two players' turns.

It covers its parent completely (following every resize), takes the keyboard focus and, through
an application event filter, swallows every mouse, keyboard and shortcut event aimed at anything
beneath it, so nothing under it can be seen or touched until someone presses Continue.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QHideEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QRadialGradient,
    QShortcut,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from towers_core.board import SIDE_NAMES
from towers_qt.shell.elided import ElidedLabel
from towers_qt.shell.look import (
    EDGE,
    GOLD,
    INK,
    MUTED,
    SERIF,
    icon_pixmap,
    primary,
)
from towers_qt.shell.palette import SIDE_COLOR, SIDE_TEXT

BLOCKED = frozenset({
    QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick,
    QEvent.Type.MouseMove, QEvent.Type.Wheel, QEvent.Type.KeyPress, QEvent.Type.KeyRelease,
    QEvent.Type.ShortcutOverride, QEvent.Type.Shortcut, QEvent.Type.ContextMenu,
    QEvent.Type.TabletPress, QEvent.Type.TouchBegin, QEvent.Type.ToolTip,
})


class Curtain(QWidget):
    """Full-parent overlay for hot-seat; emits `continued` when the next player is ready."""

    continued = Signal()
    take_back = Signal()  # the player who just moved takes their move back before handing over

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("curtain")
        self.setAttribute(Qt.WidgetAttribute.WA_NoMousePropagation)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.side = "N"
        self.holding = False
        self._build()
        parent.installEventFilter(self)
        self.hide()

    # -- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setSpacing(14)
        layout.addStretch(3)
        icon = QLabel(self)
        icon.setPixmap(icon_pixmap(72, self.devicePixelRatioF()))
        icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        icon.setStyleSheet("background: transparent;")
        layout.addWidget(icon)
        layout.addSpacing(6)
        self.turn_label = self._label("", f"color: {MUTED}; font-size: 10pt; letter-spacing: 2px;")
        self.pass_label = self._label("Pass the device to", f"color: {INK}; font-size: 16pt;")
        self.who_label = ElidedLabel("", self, min_width=200, max_hint=900)   # a long name ends in "…"
        self.who_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.who_label.setObjectName("curtainWho")
        self.last_label = self._label("", f"color: {MUTED}; font-size: 11pt;")
        self.last_label.setWordWrap(True)
        self.last_label.setFixedWidth(600)  # a set width, so wrapped lines get their full height
        for label in (self.turn_label, self.pass_label, self.who_label):
            layout.addWidget(label)
        layout.addSpacing(10)
        layout.addWidget(self.last_label, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addSpacing(22)
        self.button = primary(QPushButton("Continue"))
        self.button.setObjectName("curtainContinue")
        self.button.setMinimumSize(240, 56)
        self.button.setStyleSheet("font-size: 15pt; padding: 10px 34px;")
        self.button.clicked.connect(self.proceed)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.undo_button = QPushButton("Take back the last move")
        self.undo_button.setObjectName("curtainUndo")
        self.undo_button.setStyleSheet(  # a quiet second choice on the dark curtain, under Continue
            f"QPushButton {{ background: transparent; color: {INK}; border: 1px solid {EDGE};"
            f" border-radius: 6px; padding: 6px 18px; font-size: 11pt; }}"
            f" QPushButton:hover, QPushButton:focus {{ border-color: {GOLD}; color: {GOLD}; }}")
        self.undo_button.clicked.connect(self.take_back)
        self.undo_button.hide()
        layout.addWidget(self.undo_button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.hint = self._label("Only the next player should look at the screen.",
                                f"color: {MUTED}; font-size: 9.5pt; font-style: italic;")
        layout.addWidget(self.hint)
        layout.addStretch(4)

    def _label(self, text: str, style: str) -> QLabel:
        label = QLabel(text, self)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setStyleSheet(f"background: transparent; {style}")
        return label

    # -- public ---------------------------------------------------------------------------
    def present(self, side: str, name: str | None = None, turn: int | None = None,
                last_action: str | None = None, note: str | None = None) -> None:
        """Cover the parent and ask to pass the device to the player `name` of `side` ("S"/"N"), in
        the side's colour, the side named in the small line above; `note` replaces the last-move line
        (e.g. before a secret muster)."""
        self.side = side
        side_name = SIDE_NAMES.get(side, side)
        who = name or side_name
        self.who_label.set_full_text(who)
        self.who_label.setStyleSheet(
            f"background: transparent; color: {SIDE_TEXT.get(side, GOLD)};"
            f" font-family: '{SERIF}'; font-size: 34pt; font-weight: bold;")
        when = f"TURN {turn}" if turn is not None else "HOT-SEAT"
        self.turn_label.setText(when if who == side_name else f"{when} · {side_name.upper()}")
        line = note or (f"Last move: {last_action}" if last_action else "")
        self.last_label.setText(line)
        self.last_label.setVisible(bool(line))
        # Wrapped text: reserve the height its lines need at the label's set width.
        self.last_label.setMinimumHeight(self.last_label.heightForWidth(self.last_label.width()))
        self.setAccessibleName(f"Pass the device to {who}")
        self.offer_undo(None)
        self._set_holding(False)
        self._raise()
        self.button.setFocus(Qt.FocusReason.OtherFocusReason)

    def offer_undo(self, mover: str | None) -> None:
        """Offer `mover` (the player who just moved, still holding the device) to take the move
        back; None hides the offer."""
        self.undo_button.setVisible(mover is not None)
        if mover is not None:
            self.undo_button.setToolTip(f"For {mover} only, before handing over the device")

    def hold(self, text: str) -> None:
        """Stay over the board without a Continue button (e.g. while a secret muster dialog is
        open on top): only `present` or `release` end it."""
        self.pass_label.setText(text)
        self.who_label.set_full_text("")
        self.last_label.setVisible(False)
        self.setAccessibleName(text)
        self._set_holding(True)
        self._raise()

    def release(self) -> None:
        """Take the curtain away without telling anyone the next player is ready."""
        self._set_holding(False)
        self.hide()

    def _set_holding(self, holding: bool) -> None:
        self.holding = holding
        self.button.setVisible(not holding)
        self.hint.setVisible(not holding)
        if holding:
            self.undo_button.hide()
        if not holding:
            self.pass_label.setText("Pass the device to")

    def _raise(self) -> None:
        self.cover()
        self.show()
        self.raise_()
        QApplication.instance().installEventFilter(self)

    def text(self) -> str:
        """The request as one line, e.g. "Pass the device to Bea"."""
        return f"{self.pass_label.text()} {self.who_label.full_text}"

    def proceed(self) -> None:
        """Lift the curtain and tell the app the next player is ready."""
        if not self.isVisible() or self.holding:
            return
        QApplication.instance().removeEventFilter(self)
        self.hide()
        self.continued.emit()

    def cover(self) -> None:
        """Match the parent's whole area (called on every parent resize)."""
        self.setGeometry(self.parentWidget().rect())

    # -- events ---------------------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.parentWidget():
            self._parent_event(event)
            return False
        if self.isVisible() and event.type() in BLOCKED and self._beneath(obj):
            return True  # swallowed: it was aimed at something the curtain hides
        return False

    def _parent_event(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.Resize:
            self.cover()
        elif event.type() == QEvent.Type.ChildAdded and self.isVisible():
            QTimer.singleShot(0, self.raise_)  # widgets added later must stay underneath

    def _beneath(self, obj: QObject) -> bool:
        """True for widgets, shortcuts and actions under the curtain; never for other windows."""
        if isinstance(obj, QShortcut):
            obj = obj.parent()
        elif isinstance(obj, QAction):
            return QApplication.activeWindow() is self.window()
        if not isinstance(obj, QWidget):
            return False  # e.g. the QWindow that first receives input: let it route events
        widget = obj
        while widget is not None:
            if widget is self:
                return False
            if widget is self.parentWidget():
                return True
            if widget.isWindow() and not isinstance(widget, QDockWidget):
                return False  # a dialog or another window: not ours to block
            widget = widget.parentWidget()
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.proceed()
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        event.accept()

    def wheelEvent(self, event: QWheelEvent) -> None:
        event.accept()

    def focusNextPrevChild(self, next: bool) -> bool:
        self.button.setFocus(Qt.FocusReason.TabFocusReason)
        return True  # Tab never leaves the curtain

    def hideEvent(self, event: QHideEvent) -> None:
        QApplication.instance().removeEventFilter(self)
        super().hideEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.rect()
        glow = QRadialGradient(QPointF(rect.center()), max(rect.width(), rect.height()) * 0.7)
        glow.setColorAt(0.0, QColor("#3a3027"))
        glow.setColorAt(1.0, QColor("#17130f"))
        painter.fillRect(rect, glow)
        band = QColor(SIDE_COLOR.get(self.side, GOLD))
        painter.fillRect(0, 0, rect.width(), 6, band)
        painter.fillRect(0, rect.height() - 6, rect.width(), 6, band)
        painter.setPen(QPen(QColor(EDGE), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(18, 24, -18, -24), 10, 10)
