"""Message boxes under the app's style sheet: the icon sits next to its text."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from towers_qt.shell.paths import resource


def _gap(qtbot, sheet: str) -> int:
    app = QApplication.instance()
    old = app.styleSheet()
    app.setStyleSheet(sheet)
    try:
        box = QMessageBox(QMessageBox.Information, "Saved", "The game was saved.", QMessageBox.Ok)
        qtbot.addWidget(box)
        box.show()
        qtbot.waitExposed(box)
        icon = box.findChild(QLabel, "qt_msgboxex_icon_label")
        text = box.findChild(QLabel, "qt_msgbox_label")
        # the pixmap is drawn at the label's left: the label's width is the gap's size
        return text.geometry().left() - icon.geometry().left() - icon.pixmap().width(), text.width()
    finally:
        app.setStyleSheet(old)


def test_the_icon_sits_next_to_the_text_and_the_text_keeps_its_width(qtbot):
    sheet = resource("style.qss").read_text(encoding="utf-8")
    gap, width = _gap(qtbot, sheet)
    assert gap < 60          # was ~250 px when the text's min-width also hit the icon's label
    assert width >= 260      # the text column keeps its minimum
