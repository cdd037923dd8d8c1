"""Driving the Gauntlet window in tests: real clicks on tiles, buttons and dialogs, and a record of
everything the window shows (for the who-sees-what tests)."""
from __future__ import annotations

import importlib.util

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QComboBox, QLabel, QListWidget, QWidget


HAS_AI = importlib.util.find_spec("towers_core.gauntlet.ai") is not None
UNITS5 = ("Pa", "Kn", "Ro", "Bi", "Ma")


def click(widget: QWidget) -> None:
    """A click where a button reacts: a check box's indicator, any other button's centre."""
    at = QPoint(8, widget.height() // 2) if isinstance(widget, QCheckBox) else widget.rect().center()
    QTest.mouseClick(widget, Qt.LeftButton, Qt.NoModifier, at)


def click_tile(win, tile: str) -> None:
    board = win.board
    QTest.mouseClick(board.viewport(), Qt.LeftButton, Qt.NoModifier, board.mapFromScene(board.rect_of(tile).center()))


def draft_by_clicks(dialog, units=UNITS5, scout: str | None = "Kn") -> None:
    """Scout (Gold), tick five unit types, take a Research and a perk, seal: all by clicks."""
    if dialog.crimson is not None:
        dialog.scout_choice.setCurrentIndex(dialog.scout_choice.findData(scout))
        click(dialog.scout_button)
    for code in units:
        click(dialog.rows[code][0])
    dialog.rows["Kn"][1].setCurrentIndex(1)
    click(dialog.rows["Pa"][2])
    click(dialog.seal_button)


def place_by_clicks(win) -> None:
    """The first legal placement, by three tile clicks (the Royal, then the two Depots)."""
    action = next(a for a in win.picker.legal if "+" in a and "@" in a)
    royal, rest = action.split("@")[1].split("+", 1)
    for t in (royal, *rest.split("+")):
        click_tile(win, t)


def screen_record(win) -> list:
    """Every text, tooltip and drawn item of the window (what any eye on the screen can get)."""
    out = [win.windowTitle(), win.statusBar().currentMessage()]
    for w in win.findChildren(QWidget):
        if not w.isVisibleTo(win):
            continue
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append((type(w).__name__, w.text(), w.toolTip()))
        elif isinstance(w, QComboBox):
            out.append(("combo", [w.itemText(i) for i in range(w.count())]))
        elif isinstance(w, QListWidget):
            out.append(("list", [w.item(i).text() for i in range(w.count())]))
    out.append(("board", win.board.items_record()))
    return out
