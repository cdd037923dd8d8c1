"""The strip under the board: what to do next, buttons for the selected card's whole-turn actions
(posture, retreat, stand up), "No follow-up", and Hint / Undo / Pass / Resign."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

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
    """Emits `chosen(action)` for a whole-turn button and the named signals for the fixed ones."""

    chosen = Signal(str)
    noFollow = Signal()
    cancel = Signal()
    hint = Signal()
    undo = Signal()
    passed = Signal()
    resign = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ActionBar")
        self.prompt = QLabel()
        self.prompt.setObjectName("ActionPrompt")
        self.prompt.setWordWrap(True)
        self.prompt.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        self.dynamic: list[QPushButton] = []
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 4, 10, 8)
        outer.setSpacing(4)
        outer.addWidget(self.prompt)
        self.row = QHBoxLayout()
        outer.addLayout(self.row)
        self.slot = QHBoxLayout()
        self.row.addLayout(self.slot)
        self.row.addStretch(1)
        self.no_follow = self._button("No follow-up", self.noFollow, "End the turn without attacking")
        self.cancel_button = self._button("Cancel", self.cancel, "Cancel the selection (Esc)")
        self.row.addSpacing(12)
        self.hint_button = self._button("Hint", self.hint, "Ask the computer for a suggestion")
        self.undo_button = self._button("Undo", self.undo, "Take back your move and the reply")
        self.pass_button = self._button("Pass", self.passed, "Do nothing this turn")
        self.resign_button = self._button("Resign", self.resign, "Give up the skirmish")

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
            self.slot.addWidget(button)
            button.show()
            self.dynamic.append(button)

    def button_for(self, action: str) -> QPushButton | None:
        return next((b for b in self.dynamic if b.objectName() == f"act_{action}"), None)
