"""Select your Gauntlet: RePawn or Hardcore in the seed's words, and the run seed (shown, and
enterable to replay a run)."""
from __future__ import annotations

import secrets

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QButtonGroup, QHBoxLayout, QLabel, QLineEdit, QPushButton, QRadioButton,
                               QVBoxLayout, QWidget)

from towers_core.errors import BadRun
from towers_qt.gauntlet.run.words import CAMPAIGN, ENDLESS_TEXT, MODE_TEXT, ONE_RUN, parse_seed


def title_label(text: str, size: int = 22) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(f"font-size: {size}pt; font-weight: 600;")
    label.setAlignment(Qt.AlignCenter)
    return label


def text_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.PlainText)
    return label


class SelectScreen(QWidget):
    """The first screen of a run; `chosen(mode, seed)` when the player begins."""

    chosen = Signal(str, object)   # the mode and the 64-bit seed (an int Signal is 32-bit)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QHBoxLayout(self)
        column = QWidget()
        column.setMaximumWidth(860)   # a readable measure on wide screens
        outer.addWidget(column)
        box = QVBoxLayout(column)
        box.setContentsMargins(40, 24, 40, 24)
        box.addWidget(title_label("Select your Gauntlet"))
        one = text_label(ONE_RUN)
        one.setAlignment(Qt.AlignCenter)
        box.addWidget(one)
        box.addWidget(text_label(CAMPAIGN + " " + ENDLESS_TEXT))
        self.modes = QButtonGroup(self)
        for key, (name, words) in MODE_TEXT.items():
            button = QRadioButton(name)
            button.setStyleSheet("font-size: 14pt; font-weight: 600;")
            button.setObjectName(f"mode_{key}")
            self.modes.addButton(button)
            button.mode = key
            box.addWidget(button)
            note = text_label(words)
            note.setContentsMargins(28, 0, 0, 8)
            box.addWidget(note)
        self.modes.buttons()[0].setChecked(True)
        row = QHBoxLayout()
        row.addWidget(QLabel("Run seed:"))
        self.seed_edit = QLineEdit()
        self.seed_edit.setToolTip("16 hexadecimal digits, sealed when the run begins: the same seed replays "
                                  "the same foes' armies and fields")
        self.seed_edit.setMaxLength(18)
        row.addWidget(self.seed_edit, 1)
        self.new_seed = QPushButton("New seed")
        self.new_seed.clicked.connect(self.roll)
        row.addWidget(self.new_seed)
        box.addLayout(row)
        self.problem = QLabel("")
        self.problem.setStyleSheet("color: #d05050;")
        box.addWidget(self.problem)
        box.addStretch(1)
        self.begin_button = QPushButton("Begin the Gauntlet")
        self.begin_button.setDefault(True)
        self.begin_button.setMinimumHeight(40)
        self.begin_button.clicked.connect(self.begin)
        box.addWidget(self.begin_button, 0, Qt.AlignHCenter)
        self.roll()

    def roll(self) -> None:
        self.seed_edit.setText(f"{secrets.randbits(64):016x}")
        self.problem.setText("")

    def mode(self) -> str:
        return self.modes.checkedButton().mode

    def begin(self) -> None:
        try:
            seed = parse_seed(self.seed_edit.text())
        except BadRun as exc:
            self.problem.setText(str(exc))
            return
        self.problem.setText("")
        self.chosen.emit(self.mode(), seed)
