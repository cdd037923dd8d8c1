"""The strip under the board: what to do next, buttons for the selected card's whole-turn actions
(posture, retreat, stand up), "No follow-up", and Hint / Undo / Pass / Resign."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
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
        self.row.addSpacing(12)
        self.fixed = QWidget()  # Hint/Undo/Pass/Resign; folded into one menu button when narrow
        fixed_row = QHBoxLayout(self.fixed)
        fixed_row.setContentsMargins(0, 0, 0, 0)
        self.row.addWidget(self.fixed)
        self.hint_button = self._button("Hint", self.hint, "Ask the computer for a suggestion", fixed_row)
        self.undo_button = self._button("Undo", self.undo, "Take back your move and the reply", fixed_row)
        self.pass_button = self._button("Pass", self.passed, "Do nothing this turn", fixed_row)
        self.resign_button = self._button("Resign", self.resign, "Give up the skirmish", fixed_row)
        self.more = QToolButton()
        self.more.setText("Game ▾")
        self.more.setToolTip("Hint, Undo, Pass, Resign")
        self.more.setPopupMode(QToolButton.InstantPopup)
        self.more.setMenu(QMenu(self.more))
        self.more.menu().aboutToShow.connect(self._fill_more)
        self.more.hide()
        self.row.addWidget(self.more)
        self.game_buttons = True
        self._fix_prompt_height()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.FontChange, QEvent.StyleChange):
            self._fix_prompt_height()

    def _fix_prompt_height(self) -> None:
        """Two lines are always reserved, so a longer prompt never pushes the board around."""
        self.prompt.setFixedHeight(2 * self.prompt.fontMetrics().lineSpacing() + 4)
        self.more.setFixedHeight(self.pass_button.sizeHint().height())  # folding keeps the row's height

    def _button(self, text: str, signal, tip: str, row: QHBoxLayout | None = None) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(signal)
        (row or self.row).addWidget(button)
        return button

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fold()

    def fold(self, dynamic_width: int | None = None) -> None:
        """Fold the fixed buttons into "Game ▾" when the row could not hold them: decided before
        new buttons reach the layout (and counting Cancel and No follow-up as shown), so selecting a
        card never widens the window or squeezes the board."""
        if dynamic_width is None:
            dynamic_width = self.slot.sizeHint().width()
        extra = sum(w.sizeHint().width() + 6 for w in (self.no_follow, self.cancel_button))
        need = dynamic_width + extra + self.fixed.sizeHint().width() + 40
        compact = need > self.width()
        self.fixed.setVisible(self.game_buttons and not compact)
        self.more.setVisible(self.game_buttons and compact)

    def show_game_buttons(self, shown: bool) -> None:
        """Hint/Undo/Pass/Resign (or "Game ▾") off while the board shows the past, back after."""
        self.game_buttons = shown
        self.fold()

    def _fill_more(self) -> None:
        menu = self.more.menu()
        menu.clear()
        for button in (self.hint_button, self.undo_button, self.pass_button, self.resign_button):
            if button.isVisibleTo(self.fixed):
                action = menu.addAction(button.text(), button.click)
                action.setEnabled(button.isEnabled())

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
        self.fold(sum(b.sizeHint().width() + 6 for b in self.dynamic))
        for button in self.dynamic:
            self.slot.addWidget(button)
            button.show()

    def button_for(self, action: str) -> QPushButton | None:
        return next((b for b in self.dynamic if b.objectName() == f"act_{action}"), None)
