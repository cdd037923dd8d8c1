"""Select your Gauntlet: RePawn or Hardcore as two cards in the seed's words, the run seed (shown,
and enterable to replay a run), and, with a run under way, the warning that beginning erases it."""
from __future__ import annotations

import secrets

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QButtonGroup, QFrame, QHBoxLayout, QLabel, QLineEdit, QPushButton, QRadioButton,
                               QVBoxLayout, QWidget)

from towers_core.errors import BadRun
from towers_qt.gauntlet.run.words import CAMPAIGN, ENDLESS_TEXT, MODE_TEXT, ONE_RUN, parse_seed

CARD_STYLE = ("QFrame#modeCard { border: 1px solid #4a4438; border-radius: 8px; background: #221f1b; } "
              "QFrame#modeCard[checked=\"true\"] { border: 2px solid #e0bf6c; background: #2e2921; } "
              "QFrame#modeCard QRadioButton { font-size: 15pt; font-weight: 600; background: transparent; }")
SEED_HINT = "Enter the seed of an earlier run to face the same foes on the same fields."
WARNING_STYLE = "color: #f08a80; font-weight: 600;"
SEED_TIP = ("16 hexadecimal digits, sealed when the run begins: the same seed replays the same foes' "
            "armies and fields")


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


def erase_words(run: dict) -> str:
    """The warning shown while a run is under way: which run beginning anew would erase."""
    return (f"Beginning erases your current run: {MODE_TEXT[run['mode']][0]}, Battle {run['battle']}, "
            f"Pawnborn {run['pawnborn']}, seed {run['run_seed']}. The Board remembers only one.")


class ModeCard(QFrame):
    """One way to run the Gauntlet: its name as a radio button over the seed's words; a click
    anywhere on the card chooses it."""

    def __init__(self, key: str, name: str, words: str) -> None:
        super().__init__()
        self.setObjectName("modeCard")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setCursor(Qt.PointingHandCursor)
        box = QVBoxLayout(self)
        box.setContentsMargins(18, 14, 18, 16)
        self.radio = QRadioButton(name)
        self.radio.setObjectName(f"mode_{key}")
        self.radio.mode = key
        self.radio.toggled.connect(self._mark)
        box.addWidget(self.radio)
        note = text_label(words)
        note.setContentsMargins(26, 0, 0, 0)
        box.addWidget(note)
        box.addStretch(1)

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self.radio.setChecked(True)
        super().mousePressEvent(event)

    def _mark(self, checked: bool) -> None:
        self.setProperty("checked", checked)
        self.style().unpolish(self)
        self.style().polish(self)


class SelectScreen(QWidget):
    """The first screen of a run; `chosen(mode, seed)` when the player begins, `back()` to return
    to the run under way."""

    chosen = Signal(str, object)   # the mode and the 64-bit seed (an int Signal is 32-bit)
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(CARD_STYLE)
        outer = QHBoxLayout(self)
        column = QWidget()
        column.setMaximumWidth(860)   # a readable measure on wide screens
        outer.addWidget(column)
        box = QVBoxLayout(column)
        box.setContentsMargins(40, 24, 40, 24)
        box.setSpacing(10)
        box.addWidget(title_label("Select your Gauntlet"))
        one = text_label(ONE_RUN)
        one.setAlignment(Qt.AlignCenter)
        one.setProperty("role", "muted")
        box.addWidget(one)
        box.addSpacing(6)
        box.addWidget(text_label(CAMPAIGN + " " + ENDLESS_TEXT))
        box.addSpacing(6)
        self.modes = QButtonGroup(self)
        self.cards: dict[str, ModeCard] = {}
        row = QHBoxLayout()
        row.setSpacing(16)
        for key, (name, words) in MODE_TEXT.items():
            card = ModeCard(key, name, words)
            self.modes.addButton(card.radio)
            self.cards[key] = card
            row.addWidget(card, 1)
        box.addLayout(row)
        self.modes.buttons()[0].setChecked(True)
        box.addSpacing(8)
        box.addLayout(self._seed_row())
        hint = text_label(SEED_HINT)
        hint.setProperty("role", "muted")
        box.addWidget(hint)
        self.problem = QLabel("")
        self.problem.setStyleSheet(WARNING_STYLE)
        box.addWidget(self.problem)
        box.addStretch(1)
        self.warning = text_label("")
        self.warning.setAlignment(Qt.AlignCenter)
        self.warning.setStyleSheet(WARNING_STYLE)
        box.addWidget(self.warning)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.back_button = QPushButton("Back to the current run")
        self.back_button.setMinimumHeight(40)
        self.back_button.clicked.connect(self.back)
        buttons.addWidget(self.back_button)
        self.begin_button = QPushButton("Begin the Gauntlet")
        self.begin_button.setProperty("role", "primary")
        self.begin_button.setDefault(True)
        self.begin_button.setMinimumSize(220, 40)
        self.begin_button.clicked.connect(self.begin)
        buttons.addWidget(self.begin_button)
        buttons.addStretch(1)
        box.addLayout(buttons)
        self.show_current(None)
        self.roll()

    def _seed_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        label = QLabel("Run seed")
        label.setProperty("role", "title")
        row.addWidget(label)
        self.seed_edit = QLineEdit()
        self.seed_edit.setToolTip(SEED_TIP)
        self.seed_edit.setMaxLength(18)
        row.addWidget(self.seed_edit, 1)
        self.new_seed = QPushButton("New seed")
        self.new_seed.clicked.connect(self.roll)
        row.addWidget(self.new_seed)
        return row

    def show_current(self, run: dict | None) -> None:
        """The run under way (None: none): warned of, and one click away."""
        self.warning.setText(erase_words(run) if run else "")
        self.warning.setVisible(run is not None)
        self.back_button.setVisible(run is not None)
        self.begin_button.setText("Erase it and begin" if run else "Begin the Gauntlet")

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
