"""CastlesHud: the score strip — castles held (of 5), crowns (of 3) and ⇆ legal moves now for each side,
whose turn it is, and the computer thinking in plain words."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from towers_core.castles import api
from towers_qt.shell.names import turn_text

from towers_qt.castles.rules_text import game_over_text
from towers_qt.castles.board.style import CASTLE, GOLD, SIDE, SIDE_LIGHT

SHEET = """
QFrame#SidePanel { background: #332b25; border: 1px solid #51463b; border-radius: 8px; }
QFrame#SidePanel[turn="true"] { border: 2px solid #e0bf6c; background: #3d342c; }
QLabel#Name { font-weight: bold; font-size: 11.5pt; }
QLabel#Status { color: #e0bf6c; font-size: 11pt; }
QLabel#Count { color: #efe6d8; font-size: 10pt; }
"""


class Pips(QWidget):
    """`total` small marks, `filled` of them in a colour: castles (squares) or crowns (rings)."""

    def __init__(self, total: int, crown: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.total, self.crown, self.filled, self.colour = total, crown, 0, QColor(CASTLE)
        self.setFixedSize(total * 19 + 2, 20)

    def set_value(self, filled: int, colour: QColor) -> None:
        self.filled, self.colour = filled, QColor(colour)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        for i in range(self.total):
            r = QRectF(2 + i * 19, 3, 15, 15)
            on = i < self.filled
            if self.crown:
                p.setPen(QPen(GOLD if on else QColor("#6b5a43"), 3.2 if on else 1.6))
                p.setBrush(Qt.NoBrush)
                p.drawEllipse(r.adjusted(1.5, 3, -1.5, -3))
            else:
                p.setPen(QPen(QColor("#1c1713"), 1))
                p.setBrush(self.colour if on else QColor("#4a3f35"))
                p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 3, 3)
                p.setPen(QPen(CASTLE if on else QColor("#5a4d40"), 2))
                p.setBrush(Qt.NoBrush)
                p.drawRoundedRect(r.adjusted(0, 0, 0, 0), 3, 3)


class SidePanel(QFrame):
    """One side's name and counts; outlined in gold while it is that side's turn."""

    def __init__(self, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.setObjectName("SidePanel")
        self.name = QLabel(objectName="Name")
        self.castles = Pips(5, False)
        self.crowns = Pips(3, True)
        self.castles_text = QLabel(objectName="Count")
        self.crowns_text = QLabel(objectName="Count")
        self.moves_text = QLabel(objectName="Count")
        col = QVBoxLayout(self)
        col.setContentsMargins(10, 6, 10, 6)
        col.setSpacing(3)
        col.addWidget(self.name)
        for pips, text in ((self.castles, self.castles_text), (self.crowns, self.crowns_text)):
            row = QHBoxLayout()
            row.addWidget(pips)
            row.addWidget(text)
            row.addStretch(1)
            col.addLayout(row)
        col.addWidget(self.moves_text)
        self.moves_text.setToolTip("How many moves this side could make now; with none left, it loses.")
        self.setProperty("turn", False)
        self.show_counts(side, 0, 0, 0, False)  # filled from the start: the first real counts keep the layout

    def show_counts(self, name: str, castles: int, crowns: int, moves: int, turn: bool) -> None:
        """Show one side's figures; the style is re-polished only when the turn changes (it is slow)."""
        colour = SIDE[self.side]
        if self.name.property("colour") != SIDE_LIGHT[self.side].name():  # a new scheme, or the first call
            self.name.setProperty("colour", SIDE_LIGHT[self.side].name())
            self.name.setStyleSheet(f"color: {SIDE_LIGHT[self.side].name()};")
        self.name.setText(f"<span style='color:{colour.name()}'>●</span> {name}")
        self.castles.set_value(castles, colour)
        self.crowns.set_value(crowns, colour)
        self.castles_text.setText(f"{castles} of 5 castles")
        self.crowns_text.setText(f"{crowns} of 3 crowns")
        self.moves_text.setText(f"⇆ {moves} legal move{'s' * (moves != 1)}")
        self.moves_text.setToolTip("The moves this side could play now; at 0 on its turn it loses")
        if self.property("turn") == turn:
            return
        self.setProperty("turn", turn)
        self.style().unpolish(self)
        self.style().polish(self)


class CastlesHud(QWidget):
    """Both sides' panels and a status line between them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(SHEET)
        self.panels = {s: SidePanel(s) for s in ("S", "N")}
        self.status = QLabel(objectName="Status")
        self.status.setAlignment(Qt.AlignCenter)
        self.status.setWordWrap(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        row.addWidget(self.panels["S"])
        row.addWidget(self.status, 1)
        row.addWidget(self.panels["N"])
        self._dots = 0
        self._thinking_name = ""
        self.timer = QTimer(self)
        self.timer.setInterval(450)
        self.timer.timeout.connect(self._tick)

    def update_from(self, pos: dict, names: dict[str, str], thinking: bool, your_turn: bool = False,
                    past: str | None = None) -> None:
        """Show `pos`'s counts; `thinking` = the computer is choosing the move of the side to move;
        `your_turn` = the one human at this device is to move (worded as in every game); `past`:
        the board is a look-back, and this line says so instead of whose turn it is."""
        counts = api.readings(pos)
        moves = api.mobility(pos)
        running = pos.get("result") is None
        for side, panel in self.panels.items():
            panel.show_counts(names.get(side, side), counts["castles"][side], counts["crowns"][side],
                              moves[side], running and pos["to_move"] == side)
        mover = names.get(pos["to_move"], pos["to_move"])
        if past is not None:
            self.timer.stop()
            self.status.setText(past)
        elif not running:
            self.timer.stop()
            self.status.setText(game_over_text(pos, names))
        elif thinking:
            self._thinking_name = mover
            self._tick()
            self.timer.start()
        else:
            self.timer.stop()
            self.status.setText(turn_text(mover, your_turn))

    def _tick(self) -> None:
        self._dots = (self._dots % 3) + 1
        self.status.setText(f"{self._thinking_name} is thinking{'.' * self._dots}")
