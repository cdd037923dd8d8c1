"""Game → New game, first step: which game (a picture, its name and one line about it)."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from towers_qt.shell.games import KEYS, game_kind
from towers_qt.shell.look import heading, muted, primary

PICTURE = 72


class GameChooser(QDialog):
    """One large button per game; Next (or a double click) goes on to that game's options."""

    def __init__(self, parent: QWidget | None = None, current: str = "skirmish") -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setObjectName("GameChooser")
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Which game?"))
        layout.addWidget(muted("Both are for two players on a 7×7 board: against the computer "
                               "or hot-seat on this device."))
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QToolButton] = {}
        for key in KEYS:
            layout.addWidget(self._game_button(key, key == current))
        box = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        box.button(QDialogButtonBox.Ok).setText("Next…")
        primary(box.button(QDialogButtonBox.Ok))
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        layout.addWidget(box)

    def _game_button(self, key: str, checked: bool) -> QToolButton:
        kind = game_kind(key)
        button = QToolButton()
        button.setObjectName(f"Choose-{key}")
        button.setCheckable(True)
        button.setChecked(checked)
        button.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        button.setIcon(QIcon(kind.picture(PICTURE)))
        button.setIconSize(QSize(PICTURE, PICTURE))
        button.setText(f"{kind.title}\n{kind.blurb}")
        button.setAccessibleName(kind.title)
        button.setMinimumWidth(520)
        button.setSizePolicy(button.sizePolicy().horizontalPolicy(), button.sizePolicy().verticalPolicy())
        button.setStyleSheet("QToolButton { text-align: left; padding: 8px; font-size: 11pt; }")
        self.group.addButton(button)
        self.buttons[key] = button
        return button

    def choice(self) -> str:
        """The key of the game picked."""
        return next(key for key, button in self.buttons.items() if button.isChecked())

    def choose(self, key: str) -> None:
        """Pick `key` and go on (a double click, a test)."""
        self.buttons[key].setChecked(True)
        self.accept()
