"""The hot-seat curtain hides everything beneath it and lets nothing through until Continue."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from towers_qt.shell.curtain import Curtain


def os_click(host: QMainWindow, widget: QWidget) -> None:
    """A click delivered like the windowing system's: Qt finds the widget under the point."""
    point = widget.mapTo(host, widget.rect().center())
    QTest.mouseClick(host.windowHandle(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, point)


@pytest.fixture
def host(qtbot):
    """A main window with a button, a text field and a menu shortcut, like the real app."""
    win = QMainWindow()
    central = QWidget()
    box = QVBoxLayout(central)
    win.button = QPushButton("Attack!")
    win.edit = QLineEdit()
    box.addWidget(win.button)
    box.addWidget(win.edit)
    win.setCentralWidget(central)
    win.clicks = []
    win.button.clicked.connect(lambda: win.clicks.append("button"))
    win.action = QAction("Undo", win)
    win.action.setShortcut(QKeySequence("Ctrl+Z"))
    win.action.triggered.connect(lambda: win.clicks.append("undo"))
    win.menuBar().addMenu("Game").addAction(win.action)
    win.resize(900, 640)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    win.curtain = Curtain(win)
    return win


def test_hidden_until_presented(qtbot, host):
    """The control case: without the curtain the same input does reach the host."""
    assert not host.curtain.isVisible()
    os_click(host, host.button)
    qtbot.mouseClick(host.button, Qt.MouseButton.LeftButton)
    qtbot.keyClick(host.button, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(host.edit, "peek")
    assert host.clicks == ["button", "button", "undo"] and host.edit.text() == "peek"


def test_covers_parent_and_follows_resizes(qtbot, host):
    curtain = host.curtain
    curtain.present("N", "Bea", turn=12, last_action="South deployed a card on c1.")
    assert curtain.isVisible() and curtain.geometry() == host.rect()
    host.resize(1200, 800)
    qtbot.waitUntil(lambda: curtain.geometry() == host.rect())
    centre = host.button.mapTo(host, host.button.rect().center())
    assert host.childAt(centre) is not host.button
    assert curtain.isAncestorOf(host.childAt(centre)) or host.childAt(centre) is curtain
    late = QPushButton("added later", host)
    late.show()
    qtbot.waitUntil(lambda: host.childAt(late.geometry().center()) is not late)


def test_shows_who_turn_and_last_action(host):
    curtain = host.curtain
    curtain.present("N", "Bea", turn=12, last_action="Ann deployed a card on c1.")
    assert curtain.text() == "Pass the device to Bea"  # the player by name, the side in the line above
    assert curtain.turn_label.text() == "TURN 12 · NORTH"
    assert curtain.last_label.text() == "Last move: Ann deployed a card on c1."
    curtain.present("S", "South")
    assert curtain.text() == "Pass the device to South" and curtain.turn_label.text() == "HOT-SEAT"
    assert curtain.last_label.isHidden()


def test_eats_clicks_and_keys_beneath(qtbot, host):
    host.curtain.present("S", "Ana", turn=3)
    os_click(host, host.button)  # lands on the curtain, which is on top
    qtbot.mouseClick(host.button, Qt.MouseButton.LeftButton)  # sent straight to the button
    qtbot.mouseClick(host.button, Qt.MouseButton.LeftButton, pos=QPoint(3, 3))
    qtbot.keyClicks(host.edit, "peek")
    qtbot.keyClick(host.button, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(host.curtain.button, Qt.Key.Key_Tab)
    assert host.clicks == [] and host.edit.text() == ""
    assert host.curtain.button.hasFocus() or not host.isActiveWindow()


def test_continue_button_emits_and_lifts(qtbot, host):
    curtain = host.curtain
    curtain.present("N", "Bea", turn=2)
    with qtbot.waitSignal(curtain.continued, timeout=10000):
        qtbot.mouseClick(curtain.button, Qt.MouseButton.LeftButton)
    assert not curtain.isVisible()
    qtbot.mouseClick(host.button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(host.edit, "ok")
    assert host.clicks == ["button"] and host.edit.text() == "ok"


def test_enter_continues_once(qtbot, host):
    curtain = host.curtain
    seen = []
    curtain.continued.connect(lambda: seen.append(1))
    curtain.present("N")
    qtbot.keyClick(curtain, Qt.Key.Key_Return)
    qtbot.keyClick(curtain, Qt.Key.Key_Return)  # already lifted: nothing more
    curtain.proceed()
    assert seen == [1]


def test_other_windows_stay_usable(qtbot, host):
    """A dialog opened over the curtain (an error, the muster) must still take input."""
    host.curtain.present("N")
    box = QMessageBox(host)
    box.setText("Something to read")
    edit = QLineEdit(box)
    qtbot.addWidget(box)
    box.show()
    qtbot.keyClicks(edit, "typed")
    assert edit.text() == "typed"
    QApplication.processEvents()


def test_long_last_action_wraps_without_clipping(qtbot, host):
    long = "South deployed a card on c1 and attacked c2: the Spearman was captured. " * 2
    host.curtain.present("N", "Bea", turn=9, last_action=long)
    label = host.curtain.last_label
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()))
    assert label.heightForWidth(label.width()) > label.fontMetrics().height() * 1.5
