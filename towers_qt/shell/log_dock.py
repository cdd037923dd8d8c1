"""The Log dock of every game: one wrapped, coloured line per action, appended as the game goes on.

The game says what each line reads; this widget only lists them, measures their wrapping and keeps
the newest in sight.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

LogLine = tuple[str, QColor, object]  # the text, its colour, data kept on the item (Qt.UserRole)

class _WrappedEntryDelegate(QStyledItemDelegate):
    """Measures each wrapped entry at the width it is painted at: Qt's own estimate can come out a
    line short, and then it elides the fight's last line ("Outcome") into "…"."""

    MARGIN = 12  # the text margins the style leaves on both sides of an item

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        self.initStyleOption(option, index)
        width = max(50, self.parent().viewport().width() - self.MARGIN)
        text = option.fontMetrics.boundingRect(QRect(0, 0, width, 1 << 20), Qt.TextWordWrap,
                                               index.data() or "")
        return QSize(width, text.height() + 8)


class LogWidget(QWidget):
    """The Log: one wrapped, coloured line per entry, appended as the game goes on."""
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LogWidget")
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.ElideNone)
        self.list.setResizeMode(QListWidget.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.list.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOn)  # fixed width: wrapping is measured right
        self.list.setSpacing(1)
        # Item padding from a style sheet is not counted when Qt measures wrapped text: keep it vertical.
        self.list.setStyleSheet("QListWidget::item { padding: 2px 0px; }")
        self.list.setItemDelegate(_WrappedEntryDelegate(self.list))
        self.list.setSelectionMode(QListWidget.SingleSelection)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list)
        self._shown: tuple[object, int] = ("", 0)

    def show_lines(self, count: int, key: object, line: Callable[[int], LogLine]) -> None:
        """Show `count` lines, `line(i)` giving the i-th; while `key` (whose eyes, which names)
        stays the same only the new lines are made and appended."""
        start = self._shown[1] if self._shown[0] == key and self._shown[1] <= count else 0
        if start == 0:
            self.list.clear()
        for i in range(start, count):
            text, colour, data = line(i)
            item = QListWidgetItem(text)
            item.setForeground(QBrush(colour))
            item.setData(Qt.UserRole, data)
            self.list.addItem(item)
        self._shown = (key, count)
        self.list.doItemsLayout()  # measure wrapped items at the width the list has now
        self.list.scrollToBottom()

    def highlight(self, row: int | None) -> None:
        """Highlight line `row` (an action looked back at), or none: the present has no highlight."""
        if row is None:
            self.list.clearSelection()
        self.list.setCurrentRow(-1 if row is None else row)

    def reset(self) -> None:
        self._shown = ("", 0)
        self.list.clear()

    def texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
