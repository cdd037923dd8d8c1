"""The rules, readable beside the board: a non-modal window over resources/rules.html."""
from __future__ import annotations

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from towers_qt.shell.fit import fit_to_screen
from towers_qt.shell.look import MUTED
from towers_qt.shell.paths import resource, resource_dir

MISSING = ("<h1>Towers</h1><p>The rules file (resources/rules.html) is missing from this "
           "installation.</p>")


class RulesWindow(QDialog):
    """Rules text with its emblems and terrain images; stays open while you play."""

    def __init__(self, parent: QWidget | None = None, html: str | None = None,
                 title: str = "Towers — Rules") -> None:
        """The rules of resources/rules.html, or a game's own rules `html`."""
        super().__init__(parent)
        self.html = html
        self.setObjectName("rulesWindow")
        self.setWindowTitle(title)
        self.setModal(False)
        self.resize(780, 800)
        fit_to_screen(self)  # a short screen gets a shorter window; the text scrolls
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 14, 14, 10)
        layout.setSpacing(8)
        self.browser = QTextBrowser()
        self.browser.setObjectName("rulesBrowser")
        self.browser.setOpenExternalLinks(True)
        # Relative <img src="cards/Kn.svg"> resolve against the resources folder.
        self.browser.setSearchPaths([str(resource_dir())])
        layout.addWidget(self.browser, 1)
        layout.addLayout(self._find_bar())
        self.load()

    def _find_bar(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(8)
        self.find_edit = QLineEdit()
        self.find_edit.setPlaceholderText("Find in the rules…")
        self.find_edit.setClearButtonEnabled(True)
        self.find_edit.returnPressed.connect(self.find_next)
        self.find_status = QLabel()
        self.find_status.setStyleSheet(f"color: {MUTED};")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        for button in buttons.buttons():
            button.setAutoDefault(False)
        QShortcut(QKeySequence.StandardKey.Find, self, activated=self.find_edit.setFocus)
        row.addWidget(self.find_edit, 1)
        row.addWidget(self.find_status)
        row.addWidget(buttons)
        return row

    def load(self) -> None:
        """(Re)load the rules, or say plainly that rules.html is missing."""
        path = resource("rules.html")
        if self.html is not None:
            self.browser.setHtml(self.html)
        elif path.is_file():
            self.browser.setSource(QUrl.fromLocalFile(str(path)))
        else:
            self.browser.setHtml(MISSING)

    def find_next(self) -> bool:
        """Select the next match of the find text, wrapping to the top once."""
        text = self.find_edit.text()
        if not text:
            self.find_status.clear()
            return False
        found = self.browser.find(text)
        if not found:
            cursor = self.browser.textCursor()
            cursor.movePosition(cursor.MoveOperation.Start)
            self.browser.setTextCursor(cursor)
            found = self.browser.find(text)
        self.find_status.setText("" if found else "Not found")
        if found:
            self._scroll_to_cursor()
        return found

    def _scroll_to_cursor(self) -> None:
        """Put the match a third of the way down, so the text around it is readable."""
        bar = self.browser.verticalScrollBar()
        top = self.browser.cursorRect().top()
        bar.setValue(bar.value() + top - self.browser.viewport().height() // 3)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Enter in the find box must not close the window (QDialog's default behaviour).
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.find_edit.hasFocus():
            return
        super().keyPressEvent(event)
