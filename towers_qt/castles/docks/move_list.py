"""MoveList: the game's moves in docs/rules/castles.md §7 notation, two per numbered row; clicking one asks
the shell to show the board as it was after it."""
from __future__ import annotations

from towers_core.board import SIDE_NAMES
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from towers_qt.shell.elided import fit_name

from towers_qt.castles.board.style import SIDE_LIGHT

HEADER_PADDING = 12  # the header's own margins around its text


class MoveList(QWidget):
    """Numbered moves (S's then N's in each row); `move_clicked(index)` gives the ply index."""

    move_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.actions: list[str] = []
        self.offset = 0  # 1 when North moved first: ply i sits in slot i + 1
        self.names: dict = {}
        self.table = QTableWidget(0, 2, self)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectItems)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        self.table.horizontalHeader().setTextElideMode(Qt.ElideNone)  # fit_name wraps and elides the names
        self._refit = QTimer(self, singleShot=True, interval=0)  # once the header has finished resizing
        self._refit.timeout.connect(self._fit_headers)
        self.table.horizontalHeader().sectionResized.connect(lambda *_: self._refit.start())
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.cellClicked.connect(self._clicked)
        self.table.setAccessibleName("Moves of the game")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        self.setMinimumWidth(self._readable_width())

    def _readable_width(self) -> int:
        """Room for the row numbers and two columns headed "Computer" / "· normal": without it the
        dock could be squeezed to a sliver in a narrow window and saved that way for good."""
        metrics = self.table.horizontalHeader().fontMetrics()
        column = metrics.horizontalAdvance("Computer") + 24
        numbers = self.table.verticalHeader().fontMetrics().horizontalAdvance("000.") + 12
        return numbers + 2 * column + self.table.verticalScrollBar().sizeHint().width() + 8

    def set_moves(self, actions: list[str], names: dict, first: str = "S", current: int | None = None) -> None:
        """Show `actions` (ply order, `first` to move at the start); the headers name the two sides;
        the current cell is ply `current` (the one the board shows), else the latest. Only the cells
        past the moves already shown are written (the window calls this at every refresh)."""
        offset = 0 if first == "S" else 1  # North first: the first row opens with "…" in South's column
        old, self.actions = self.actions, list(actions)
        if offset != self.offset:
            old, self.offset = [], offset
            self.table.setRowCount(0)
        self._set_headers(names)
        keep = next((i for i, (a, b) in enumerate(zip(old, actions)) if a != b), min(len(old), len(actions)))
        slots = len(actions) + offset
        rows = (slots + 1) // 2
        if rows != self.table.rowCount():
            self.table.setRowCount(rows)
            self.table.setVerticalHeaderLabels([f"{i + 1}." for i in range(rows)])
        if offset and rows:
            self.table.setItem(0, 0, _blank("…"))
        for i in range(keep, len(actions)):
            self.table.setItem(*divmod(i + offset, 2), self._cell(i, actions[i]))
        if slots % 2:  # the last row's empty half (also where a taken-back move was)
            self.table.setItem(rows - 1, 1, _blank(""))
        if actions:  # the move the board shows is the current cell, in view
            ply = current if current is not None and 0 <= current < len(actions) else len(actions) - 1
            item = self.table.item(*divmod(ply + offset, 2))
            self.table.setCurrentItem(item)
            self.table.scrollToItem(item)

    def _set_headers(self, names: dict) -> None:
        """The two columns' headers name the sides (the full names in their tooltips)."""
        if names != self.names:
            self.names = dict(names)
            for column, side in enumerate(SIDE_NAMES):
                if self.table.horizontalHeaderItem(column) is None:
                    self.table.setHorizontalHeaderItem(column, QTableWidgetItem())
                self.table.horizontalHeaderItem(column).setToolTip(names.get(side, SIDE_NAMES[side]))
        self._fit_headers()

    def _fit_headers(self) -> None:
        """Each name fitted to its column (fit_name); set again only when a text changes."""
        header = self.table.horizontalHeader()
        for column, (side, default) in enumerate(SIDE_NAMES.items()):
            item = self.table.horizontalHeaderItem(column)
            if item is None:
                continue
            width = header.sectionSize(column) - HEADER_PADDING
            text = fit_name(self.names.get(side, default), width, header.fontMetrics())
            if item.text() != text:
                item.setText(text)

    def _cell(self, i: int, action: str) -> QTableWidgetItem:
        """Ply `i`'s cell: the move in its side's colour, its ply index kept for a click."""
        item = QTableWidgetItem("resigns" if action == "resign" else action)
        item.setTextAlignment(Qt.AlignCenter)
        item.setForeground(self._ply_colour(i))
        item.setToolTip(f"Show the board after move {(i + self.offset) // 2 + 1} ({action})")
        item.setData(Qt.UserRole, i)
        return item

    def recolour(self) -> None:
        """The moves in their side's colour again (a cell keeps the colour it was given)."""
        for i in range(len(self.actions)):
            self.table.item(*divmod(i + self.offset, 2)).setForeground(self._ply_colour(i))

    def _ply_colour(self, i: int) -> QColor:
        """The colour of ply `i`'s side (South's plies are the even slots)."""
        return SIDE_LIGHT["S" if (i + self.offset) % 2 == 0 else "N"]

    def row_text(self, row: int) -> str:
        """One numbered row as text, e.g. `1. c2+ e5s` (for tests and screen readers)."""
        cells = [self.table.item(row, c) for c in range(2)]
        return f"{row + 1}. " + " ".join(c.text() for c in cells if c is not None and c.text())

    def _clicked(self, row: int, column: int) -> None:
        index = row * 2 + column - self.offset
        if 0 <= index < len(self.actions):
            self.move_clicked.emit(index)


def _blank(text: str) -> QTableWidgetItem:
    """A cell that holds no move: not selectable, not clickable."""
    item = QTableWidgetItem(text)
    item.setTextAlignment(Qt.AlignCenter)
    item.setFlags(Qt.NoItemFlags)
    return item
