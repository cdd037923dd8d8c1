"""The review of a finished game, for every game: the board after any action (the game's own
widget), the evaluation graph, the caption, the costliest actions ringed and listed with what the
computer would have played instead, and ←/→ (Home/End) to step through the game.

A game subclasses `ReviewDialog` with `show_board(index)`, `describe(index)` (the caption's line)
and `would_play(index)` (the computer's choice before that action, from the core); the values come
from the game's core, never from the app.
"""
from __future__ import annotations

from dataclasses import dataclass

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

from towers_qt.shell.fit import fit_to_screen
from towers_qt.shell.names import in_sentence, verb
from towers_qt.shell.review_graph import EvalGraph


@dataclass(frozen=True)
class Swing:
    """An action and how much it cost its player (in the review's unit, from their side)."""

    index: int
    player: str
    loss: float


def worst_actions(values: list[float], players: list[str | None], count: int = 3,
                  floor: float = 1.0) -> list[Swing]:
    """The actions that lost their player the most (at least `floor`): `values[i]` is South's value
    after action i, `players[i]` who played it (None: leave it out); the first action is measured
    from an even start."""
    swings = []
    for i, player in enumerate(players):
        if player is None:
            continue
        before = values[i - 1] if i else 0.0
        change = values[i] - before
        loss = -change if player == "S" else change
        if loss >= floor:
            swings.append(Swing(i, player, loss))
    return sorted(swings, key=lambda s: -s.loss)[:count]


def amount(value: float, unit: str) -> str:
    """A value with its unit: "4.3 points", "1.0 castle"."""
    return f"{value:.1f} {unit if round(value, 1) != 1 else unit.removesuffix('s')}"


class ReviewDialog(QDialog):
    """Steps through a finished game of `actions` (their notation), `values[i]` South's lead after
    action i in `unit` (within ±`ceiling`), `players[i]` who played it (None: not worth ringing)."""

    def __init__(self, board: QWidget, actions: list[str], values: list[float], players: list[str | None],
                 names: dict[str, str], ceiling: float, unit: str, floor: float,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewDialog")
        self.setWindowTitle("Review game")
        self.board, self.actions, self.values = board, actions, values
        self.names, self.unit = names, unit
        self.worst = worst_actions(values, players, floor=floor)
        self.index = 0
        self.graph = EvalGraph(values, [s.index for s in self.worst], names, ceiling, unit)
        self.graph.picked.connect(self.show_action)
        self._build()

    def start(self) -> None:
        """Fill the costliest list and show the last action (after the subclass is built)."""
        for swing in self.worst:
            item = QListWidgetItem(self.loss_text(swing))
            item.setData(Qt.UserRole, swing.index)
            self.losses.addItem(item)
        self.losses.setVisible(bool(self.worst))
        self.show_action(len(self.values) - 1)
        self.resize(1120, 700)
        fit_to_screen(self)

    def loss_text(self, swing: Swing) -> str:
        """"Action 12: c3xc4 — you lost 4.3 points; the computer would have played c2-c3"."""
        who = in_sentence(self.names.get(swing.player, swing.player), False)
        text = f"Action {swing.index + 1}: {self.actions[swing.index]} — {who} lost {amount(swing.loss, self.unit)}"
        better = self.would_play(swing.index)
        if not better or better == self.actions[swing.index]:
            return text
        return f"{text}; the computer would have played {better}"

    def _build(self) -> None:
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setObjectName("reviewCaption")
        self.losses = QListWidget()
        self.losses.setObjectName("reviewLosses")
        self.losses.setWordWrap(True)
        self.losses.itemClicked.connect(lambda item: self.show_action(item.data(Qt.UserRole)))
        self.losses.setMaximumHeight(110)
        nav = QHBoxLayout()
        self.first_button, self.prev_button = QPushButton("First"), QPushButton("◀ Previous")
        self.next_button, self.last_button = QPushButton("Next ▶"), QPushButton("Last")
        for button, target in ((self.first_button, lambda: 0), (self.prev_button, lambda: self.index - 1),
                               (self.next_button, lambda: self.index + 1),
                               (self.last_button, lambda: len(self.values) - 1)):
            button.setAutoDefault(False)
            button.clicked.connect(lambda _=False, t=target: self.show_action(t()))
            nav.addWidget(button)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        nav.addStretch(1)
        nav.addWidget(close)
        side = QVBoxLayout()
        side.addWidget(QLabel(f"<b>Who was ahead</b> (the computer's evaluation after each action, in {self.unit})"))
        side.addWidget(self.graph, 1)
        side.addWidget(self.caption)
        side.addWidget(QLabel("<b>The actions that lost the most</b> (ringed)" if self.worst else
                              "No action lost much: a close game."))
        side.addWidget(self.losses)
        side.addLayout(nav)
        row = QHBoxLayout(self)
        row.addWidget(self.board, 3)
        row.addLayout(side, 2)

    def show_action(self, index: int) -> None:
        """The board after action `index`, the action marked, its caption and who was ahead."""
        if not self.values:
            return
        self.index = max(0, min(len(self.values) - 1, index))
        self.show_board(self.index)
        self.graph.set_current(self.index)
        value = self.values[self.index]
        lead = "even" if abs(value) < 0.05 else \
            f"{verb(self.names.get('S' if value > 0 else 'N', ''), 'is')} ahead by {amount(abs(value), self.unit)}"
        self.caption.setText(f"<b>Action {self.index + 1} of {len(self.values)}.</b> {self.actions[self.index]}"
                             f" — {self.describe(self.index)}<br><i>{lead}</i>")
        self.prev_button.setEnabled(self.index > 0)
        self.next_button.setEnabled(self.index < len(self.values) - 1)

    # -- the game's part ---------------------------------------------------------------------
    def show_board(self, index: int) -> None:
        raise NotImplementedError

    def describe(self, index: int) -> str:
        raise NotImplementedError

    def would_play(self, index: int) -> str | None:
        """The computer's choice in the position before action `index` (None: not known)."""
        return None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {Qt.Key_Left: -1, Qt.Key_Right: 1}
        if event.key() in steps:
            self.show_action(self.index + steps[event.key()])
        elif event.key() == Qt.Key_Home:
            self.show_action(0)
        elif event.key() == Qt.Key_End:
            self.show_action(len(self.values) - 1)
        else:
            super().keyPressEvent(event)
