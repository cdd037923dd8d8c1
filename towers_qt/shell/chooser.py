"""Game → New game, first step: which game (a picture, its name and one line about it)."""
from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from towers_qt.games import DEFAULT, KEYS, game_kind
from towers_qt.shell.look import heading, muted, primary

PICTURE = 72


class GameChooser(QDialog):
    """One large button per game; Next (or a double click) goes on to that game's options."""

    def __init__(self, parent: QWidget | None = None, current: str = DEFAULT) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setObjectName("GameChooser")
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Which game?"))
        every = "Both are" if len(KEYS) == 2 else "All are"
        intro = muted(f"{every} for two players on a 7×7 board: against the computer or hot-seat "
                      "on this device.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        self.setMinimumWidth(560)
        for key in KEYS:
            layout.addWidget(self._game_button(key, key == current))
        box = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        box.button(QDialogButtonBox.Ok).setText("Next…")
        primary(box.button(QDialogButtonBox.Ok))
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        layout.addWidget(box)

    def _game_button(self, key: str, checked: bool) -> QFrame:
        """A radio button with the game's picture and name, its line of description beneath."""
        kind = game_kind(key)
        button = QRadioButton(kind.title)
        button.setObjectName(f"Choose-{key}")
        button.setChecked(checked)
        button.setIcon(QIcon(kind.picture(PICTURE)))
        button.setIconSize(QSize(PICTURE, PICTURE))
        button.setStyleSheet("QRadioButton { font-size: 13pt; font-weight: bold; }")
        blurb = muted(kind.blurb)
        blurb.setWordWrap(True)
        blurb.setIndent(PICTURE + 28)
        box = QFrame()
        box.setObjectName("GameChoice")
        box.setFrameShape(QFrame.StyledPanel)
        column = QVBoxLayout(box)
        column.addWidget(button)
        column.addWidget(blurb)
        self.group.addButton(button)
        self.buttons[key] = button
        return box

    def choice(self) -> str:
        """The key of the game picked."""
        return next(key for key, button in self.buttons.items() if button.isChecked())

    def choose(self, key: str) -> None:
        """Pick `key` and go on (a double click, a test)."""
        self.buttons[key].setChecked(True)
        self.accept()
