"""View ▸ Keyboard controls: every key of the game in front of you, in one table. The menu and window
shortcuts are read from the window's own QAction and QShortcut objects, so the list cannot drift from
what the keys do; the board's keys (handled by the board itself) come from the game."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from towers_qt.shell.fit import fit_to_screen


def key_text(sequence: QKeySequence) -> str:
    """A key as the player reads it on this system ("Ctrl+Z")."""
    return sequence.toString(QKeySequence.SequenceFormat.NativeText)


def shortcut_rows(window: QWidget) -> list[tuple[str, str]]:
    """(keys, what they do) for every shortcut registered on `window`: its actions' (menus and
    window-wide keys) and its QShortcut objects'."""
    rows = []
    for action in window.findChildren(QAction):
        keys = [key_text(k) for k in action.shortcuts() if not k.isEmpty()]
        if keys:
            rows.append((", ".join(keys), _words(action.toolTip() if not action.text() else action.text())))
    for shortcut in window.findChildren(QShortcut):
        if not shortcut.key().isEmpty():
            rows.append((key_text(shortcut.key()), shortcut.whatsThis() or "Shortcut"))
    return sorted(set(rows), key=lambda row: row[1].lower())


def _words(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").removesuffix("…")


class KeysDialog(QDialog):
    """The keys of `window`'s game: its board's (`board_keys`) first, then its shortcuts."""

    def __init__(self, window: QWidget, board_keys: tuple[tuple[str, str], ...]) -> None:
        super().__init__(window)
        self.setObjectName("keysDialog")
        self.setWindowTitle("Keyboard controls")
        self.rows = [*board_keys, *shortcut_rows(window)]
        self.table = QTableWidget(len(self.rows), 2)
        self.table.setHorizontalHeaderLabels(["Key", "What it does"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        for row, (keys, what) in enumerate(self.rows):
            key_item = QTableWidgetItem(keys)
            key_item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, 0, key_item)
            self.table.setItem(row, 1, QTableWidgetItem(what))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.resizeRowsToContents()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, 560)
        fit_to_screen(self)

    def keys(self) -> list[str]:
        return [keys for keys, _ in self.rows]
