"""The review window: the board after any action with every card revealed (the game is over), the
evaluation graph, the costliest actions, and ←/→ to step through the game."""
from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from towers_core.skirmish import api
from towers_qt.shell.fit import fit_to_screen
from towers_qt.shell.names import with_names
from towers_qt.skirmish.board.marks import last_action
from towers_qt.skirmish.board.scene import BoardScene
from towers_qt.skirmish.board.view import BoardView
from towers_qt.skirmish.review.evaluation import evaluate_game, worst_actions
from towers_qt.skirmish.review.graph import EvalGraph
from towers_qt.skirmish.review.positions import game_positions


class ReviewDialog(QDialog):
    """Steps through `log` (full entries) with the positions rebuilt from both players' histories."""

    def __init__(self, log: list[dict], histories: dict[str, list[dict]], names: dict[str, str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewDialog")
        self.setWindowTitle("Review game")
        self.log, self.names = log, names
        self.positions = game_positions(histories)[: len(log)]
        self.values = evaluate_game(self.positions)
        # A resignation ends the game by itself: the actions worth studying are the others.
        players = [e["player"] if e["action"] != "resign" else None for e in log[: len(self.positions)]]
        self.worst = worst_actions(self.values, players)
        self.index = 0
        self._build()
        self.show_action(len(self.positions) - 1)
        self.resize(1120, 700)
        fit_to_screen(self)

    def _build(self) -> None:
        self.scene = BoardScene(self)
        self.scene.names = self.names  # hover text names the players as the rest of the window does
        self.view = BoardView(self.scene)
        self.view.setMinimumSize(340, 340)
        self.view.setFocusPolicy(Qt.NoFocus)
        self.graph = EvalGraph(self.values, [s.index for s in self.worst], self.names)
        self.graph.picked.connect(self.show_action)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setObjectName("reviewCaption")
        self.losses = QListWidget()
        self.losses.setObjectName("reviewLosses")
        for swing in self.worst:
            text = f"{swing.index + 1}. {self.log[swing.index]['action']} — {self.names.get(swing.player)} " \
                   f"lost {swing.loss:.1f}"
            item = QListWidgetItem(text)
            item.setData(Qt.UserRole, swing.index)
            self.losses.addItem(item)
        self.losses.itemClicked.connect(lambda item: self.show_action(item.data(Qt.UserRole)))
        self.losses.setMaximumHeight(90)
        nav = QHBoxLayout()
        self.first_button, self.prev_button = QPushButton("First"), QPushButton("◀ Previous")
        self.next_button, self.last_button = QPushButton("Next ▶"), QPushButton("Last")
        for button, target in ((self.first_button, lambda: 0), (self.prev_button, lambda: self.index - 1),
                               (self.next_button, lambda: self.index + 1),
                               (self.last_button, lambda: len(self.positions) - 1)):
            button.setAutoDefault(False)
            button.clicked.connect(lambda _=False, t=target: self.show_action(t()))
            nav.addWidget(button)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        nav.addStretch(1)
        nav.addWidget(close)
        side = QVBoxLayout()
        side.addWidget(QLabel("<b>Who was ahead</b> (the computer's evaluation after each action)"))
        side.addWidget(self.graph, 1)
        side.addWidget(self.caption)
        side.addWidget(QLabel("<b>The actions that lost the most</b>" if self.worst else
                              "No action lost much: a close game."))
        side.addWidget(self.losses)
        side.addLayout(nav)
        row = QHBoxLayout(self)
        row.addWidget(self.view, 3)
        row.addLayout(side, 2)

    def show_action(self, index: int) -> None:
        """The board after action `index`, every card shown, the action marked."""
        if not self.positions:
            return
        self.index = max(0, min(len(self.positions) - 1, index))
        full = self.positions[self.index]
        self.scene.show_view(full, "S", {})
        for sq, item in self.scene.cards.items():
            if not full["board"][sq]["up"]:  # face-down in the game: revealed here, still marked
                item.set_face(replace(item.face, hidden_own=True))
        entry = self.log[self.index]
        self.scene.set_last(last_action(entry))
        self.graph.set_current(self.index)
        value = self.values[self.index]
        lead = "even" if abs(value) < 0.5 else \
            f"{self.names.get('S' if value > 0 else 'N')} ahead by {abs(value):.1f}"
        self.caption.setText(f"<b>{self.index + 1} of {len(self.positions)}.</b> {entry['action']} — "
                             f"{with_names(api.describe(entry), self.names)}<br><i>{lead}</i>")
        self.prev_button.setEnabled(self.index > 0)
        self.next_button.setEnabled(self.index < len(self.positions) - 1)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {Qt.Key_Left: -1, Qt.Key_Right: 1}
        if event.key() in steps:
            self.show_action(self.index + steps[event.key()])
        elif event.key() == Qt.Key_Home:
            self.show_action(0)
        elif event.key() == Qt.Key_End:
            self.show_action(len(self.positions) - 1)
        else:
            super().keyPressEvent(event)
