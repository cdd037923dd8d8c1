"""Keyboard play, installed on the main window: keys on the board and View ▸ Keyboard controls."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from towers_qt.skirmish.board.keyboard import HELP, BoardKeys

if TYPE_CHECKING:
    from towers_qt.skirmish.window import MainWindow


def install(window: MainWindow) -> None:
    """Keys on the board (with a visible cursor) and View ▸ Keyboard controls."""
    window.keys = BoardKeys(window.view, window.controller, window.barrack, lambda: window.decide(["pass"]))
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "View")
    keys = QAction("Keyboard controls", window)
    keys.triggered.connect(lambda: window.statusBar().showMessage(HELP, 12000))
    view_menu.addAction(keys)

