"""The strip under the board: what to do next, buttons for the selected card's whole-turn actions
(posture, retreat, stand up) and "No follow-up". Hint, Undo, Pass and Resign are the window's game
toolbar (shell.frame), where every game has them."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

KIND_VERB = {"attack": "Attack", "scout": "Scout", "soulcast": "Soulcast"}


def action_label(parsed: dict) -> str:
    """A short button/menu label for one parsed action."""
    kind = parsed["kind"]
    if kind == "posture":
        word = "Defensive" if parsed["posture"] == "d" else "Ready"
        if parsed["to"] and parsed["to"] != parsed["from"]:
            return f"{word}: run {parsed['from']}–{parsed['to']}"
        return word
    if kind == "retreat":
        return "Retreat to barrack"
    if kind == "standup":
        return "Stand the King up"
    if kind in KIND_VERB:
        return f"{KIND_VERB[kind]} {parsed['target']}"
    if kind in ("maneuver", "deploy"):
        text = f"{'Deploy' if kind == 'deploy' else 'Move'} to {parsed['to']}"
        if parsed["follow"]:
            text += f", then {parsed['follow']} {parsed['target']}"
        return text
    return kind.capitalize()


class ActionBar(QWidget):
    """Emits `chosen(action)` for a whole-turn button, `noFollow` and `cancel` for the other two."""

    chosen = Signal(str)
    noFollow = Signal()
    cancel = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ActionBar")
        self.prompt = QLabel()
        self.prompt.setObjectName("ActionPrompt")
        self.prompt.setWordWrap(True)
        self.prompt.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.prompt.setAlignment(Qt.AlignLeft | Qt.AlignVCenter)
        self.dynamic: list[QPushButton] = []
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 2, 8, 4)
        outer.setSpacing(4)
        outer.addWidget(self.prompt)
        self.row = QHBoxLayout()
        outer.addLayout(self.row)
        self.slot = QHBoxLayout()
        self.row.addLayout(self.slot)
        self.row.addStretch(1)
        self.no_follow = self._button("No follow-up", self.noFollow, "End the turn without attacking")
        self.cancel_button = self._button("Cancel", self.cancel, "Cancel the selection (Esc)")
        self.row_strut = QWidget()
        self.row.addWidget(self.row_strut)
        self._fix_prompt_height()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.FontChange, QEvent.StyleChange):
            self._fix_prompt_height()

    def _fix_prompt_height(self) -> None:
        """Two lines are always reserved, so a longer prompt never pushes the board around."""
        self.prompt.setFixedHeight(2 * self.prompt.fontMetrics().lineSpacing() + 4)
        self.row_strut.setFixedHeight(self.cancel_button.sizeHint().height())  # an empty row keeps its height

    def _button(self, text: str, signal, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(signal)
        self.row.addWidget(button)
        return button

    def set_choices(self, actions: list[tuple[str, str]]) -> None:
        """Buttons for the selected card: [(action, label)]."""
        for button in self.dynamic:
            self.slot.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.dynamic = []
        for action, label in actions:
            button = QPushButton(label)
            button.setProperty("role", "primary")
            button.setObjectName(f"act_{action}")
            button.clicked.connect(lambda _=False, a=action: self.chosen.emit(a))
            self.dynamic.append(button)
        for button in self.dynamic:
            self.slot.addWidget(button)
            button.show()

    def button_for(self, action: str) -> QPushButton | None:
        return next((b for b in self.dynamic if b.objectName() == f"act_{action}"), None)
