"""The Learn window every game shares: a sample game stepped through one move at a time (Next/Back
and ← / →), a sentence per move in a box of fixed height, and New game or Close at the end.

A game subclasses `LearnDialog`, gives it the widget above the board (a HUD), its board and the
number of moves, and draws each step in `show_step`, returning the step's text.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

SHEET = """
QDialog { background: #2a2420; }
QScrollArea#ExplainBox { background: #332b25; border: 1px solid #51463b; border-radius: 8px; }
QLabel#Explain { color: #efe6d8; font-size: 12pt; background: #332b25; padding: 10px 14px; }
QLabel#Step { color: #e0bf6c; font-weight: bold; font-size: 11pt; }
QPushButton { background: #3d342c; color: #efe6d8; border: 1px solid #6b5a43; border-radius: 6px;
              padding: 6px 16px; font-size: 11pt; }
QPushButton:hover, QPushButton:focus { border-color: #e0bf6c; }
QPushButton:disabled { color: #6d6254; }
"""
EXPLAIN_LINES = 5  # the text's box keeps this height at every step (a longer text scrolls): the board never shrinks


class LearnDialog(QDialog):
    """The sample game, one move at a time; at the end, New game (`new_game_requested`) or Close."""

    new_game_requested = Signal()

    def __init__(self, parent: QWidget | None, title: str, top: QWidget, board: QWidget, moves: int) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setStyleSheet(SHEET)
        self.step = 0
        self.moves = moves
        self.explain = QLabel(objectName="Explain")
        self.explain.setWordWrap(True)
        self.explain.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        self.counter = QLabel(objectName="Step")
        self.back = QPushButton("← Back")
        self.next = QPushButton("Next →")
        self.new_game = QPushButton("New game…")
        self.close_button = QPushButton("Close")
        self.back.clicked.connect(self.go_back)
        self.next.clicked.connect(self.go_forward)
        self.new_game.clicked.connect(self._new_game)
        self.close_button.clicked.connect(self.reject)
        self.next.setDefault(True)
        row = QHBoxLayout()
        row.addWidget(self.counter)
        row.addStretch(1)
        for button in (self.back, self.next, self.new_game, self.close_button):
            row.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(top)
        layout.addWidget(board, 1)
        self.explain_box = self._explain_box()
        layout.addWidget(self.explain_box)
        layout.addLayout(row)
        for key, slot in ((Qt.Key_Right, self.go_forward), (Qt.Key_Left, self.go_back)):
            QShortcut(QKeySequence(key), self, slot)  # before the buttons' own arrow-key focus moves
        self.resize(980, 860)

    def _explain_box(self) -> QScrollArea:
        """The explanation in a box of fixed height (EXPLAIN_LINES lines), scrolling if longer."""
        box = QScrollArea(objectName="ExplainBox")
        box.setWidget(self.explain)
        box.setWidgetResizable(True)
        box.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        box.setFocusPolicy(Qt.NoFocus)
        self.explain.ensurePolished()
        box.setFixedHeight(EXPLAIN_LINES * self.explain.fontMetrics().lineSpacing() + 26)
        return box

    def start(self) -> None:
        """Show the first step (a subclass calls it once its board is ready)."""
        self._show(animate=False)
        self.next.setFocus()

    def show_step(self, step: int, animate: bool) -> str:
        """Draw `step` (0: the start; `animate`: the move into it) and give its text (rich text)."""
        raise NotImplementedError

    def last_step(self) -> int:
        return self.moves

    def go_forward(self) -> None:
        """The next move, animated."""
        if self.step < self.last_step():
            self.step += 1
            self._show(animate=True)

    def go_back(self) -> None:
        """The previous position, at once."""
        if self.step > 0:
            self.step -= 1
            self._show(animate=False)

    def _new_game(self) -> None:
        self.accept()
        self.new_game_requested.emit()

    def _show(self, animate: bool) -> None:
        self.explain.setText(self.show_step(self.step, animate))
        self.explain_box.verticalScrollBar().setValue(0)
        self.counter.setText(f"Move {self.step} of {self.last_step()}" if self.step else "Start")
        self.back.setEnabled(self.step > 0)
        at_end = self.step == self.last_step()
        self.next.setEnabled(not at_end)
        self.new_game.setVisible(at_end)
        if at_end:  # Next is gone: focus to New game, never to a board's buttons
            self.new_game.setDefault(True)
            self.new_game.setFocus()
        else:
            self.next.setDefault(True)
            if not self.back.hasFocus():
                self.next.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key_Right:
            self.go_forward()
        elif event.key() == Qt.Key_Left:
            self.go_back()
        else:
            super().keyPressEvent(event)
