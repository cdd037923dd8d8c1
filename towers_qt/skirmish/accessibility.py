"""Keyboard play and the colour-blind-safe palette, installed on the main window."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from towers_qt.skirmish.board.keyboard import HELP, BoardKeys
from towers_qt.skirmish.colours import apply_scheme

if TYPE_CHECKING:
    from towers_qt.skirmish.window import MainWindow


def install(window: MainWindow) -> None:
    """Keys on the board (with a visible cursor) and View ▸ Colour-blind-safe colours."""
    window.keys = BoardKeys(window.view, window.controller, window.barrack, lambda: window.decide(["pass"]))
    apply_scheme(window.settings.palette())
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "View")
    view_menu.addSeparator()
    action = QAction("Colour-blind-safe colours", window)
    action.setCheckable(True)
    action.setChecked(window.settings.palette() == "colour-blind")
    action.setToolTip("Amber and navy sides that differ in lightness as well as hue")
    action.toggled.connect(lambda on: set_palette(window, "colour-blind" if on else "classic"))
    view_menu.addAction(action)
    window.palette_action = action
    keys = QAction("Keyboard controls", window)
    keys.triggered.connect(lambda: window.statusBar().showMessage(HELP, 12000))
    view_menu.addAction(keys)


def set_palette(window: MainWindow, name: str) -> None:
    """Switch the scheme, remember it, and repaint the board and docks."""
    window.settings.set_palette(name)
    apply_scheme(name)
    window.scene.update()
    window.log.reset()  # entries are coloured by side when added
    window.refresh()
    window.barrack.rebuild()
