"""The end of a game, the same shape in every game: a headline (Victory!, Defeat, a draw, or who
won), the reason in words, the game's own score table, and New game / Review game / Close."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from towers_qt.shell.look import EDGE, GOLD, INK, MUTED, PANEL, heading, primary, secondary
from towers_qt.shell.palette import SIDE_COLOR, SIDE_TEXT


def headline(winner: str | None, viewer: str | None, names: dict[str, str]) -> str:
    """"Victory!"/"Defeat" for the one human of a solo game, else who won; "A draw"."""
    if winner is None:
        return "A draw"
    if viewer is not None:
        return "Victory!" if winner == viewer else "Defeat"
    return f"{names[winner]} wins"


class GameOverDialog(QDialog):
    """Who won and why, a score table (`table`, the game's), an optional note, and the buttons;
    `wants_new_game` tells the window what to do once it closes."""

    new_game_requested = Signal()
    review_requested = Signal()

    def __init__(self, title: str, winner: str | None, viewer: str | None, names: dict[str, str],
                 reason: str, table: QWidget | None, note: str | None = None,
                 parent: QWidget | None = None, review_tip: str = "Step through the whole game") -> None:
        super().__init__(parent)
        self.wants_new_game = False
        self.setObjectName("gameOverDialog")
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(30, 24, 30, 18)
        layout.setSpacing(12)
        self.title = heading(headline(winner, viewer, names), size=22, color=SIDE_TEXT.get(winner or "", GOLD))
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.title)
        self.reason = QLabel(reason)
        self.reason.setObjectName("gameOverReason")
        self.reason.setWordWrap(True)
        self.reason.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason.setStyleSheet(f"color: {INK}; font-size: 11pt;")
        layout.addWidget(self.reason)
        if table is not None:
            layout.addWidget(table)
        if note:
            label = QLabel(note)
            label.setStyleSheet(f"color: {MUTED};")
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            layout.addWidget(label)
        layout.addWidget(self._buttons(review_tip))
        self.setMinimumWidth(480)

    def _buttons(self, review_tip: str) -> QDialogButtonBox:
        box = QDialogButtonBox()
        self.new_game_button = primary(box.addButton("New game", QDialogButtonBox.ButtonRole.AcceptRole))
        self.review_button = secondary(box.addButton("Review game", QDialogButtonBox.ButtonRole.ActionRole))
        self.review_button.setToolTip(review_tip)
        self.review_button.clicked.connect(self._review)
        self.close_button = secondary(box.addButton(QDialogButtonBox.StandardButton.Close))
        box.accepted.connect(self._new_game)
        box.rejected.connect(self.reject)
        box.setCenterButtons(True)
        return box

    def _review(self) -> None:
        self.review_requested.emit()
        self.reject()

    def _new_game(self) -> None:
        self.wants_new_game = True
        self.new_game_requested.emit()
        self.accept()


class ScoreTable(QFrame):
    """The two sides side by side, one row per figure (`rows`: (label, {side: value})); the leader
    of each row in gold, the winner crowned."""

    def __init__(self, rows: list[tuple[str, dict]], names: dict[str, str], winner: str | None) -> None:
        super().__init__()
        self.setObjectName("scoreTable")
        self.setStyleSheet(f"#scoreTable {{ background: {PANEL}; border: 1px solid {EDGE};"
                           f" border-radius: 6px; }} #scoreTable QLabel {{ background: transparent; }}")
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(18, 12, 18, 14)
        self.grid.setHorizontalSpacing(24)
        self.grid.setVerticalSpacing(8)
        for col, side in enumerate(("S", "N"), start=1):
            crown = " ♛" if side == winner else ""
            head = QLabel(f"{names[side]}{crown}")
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            head.setStyleSheet(f"color: {SIDE_TEXT[side]}; font-weight: bold; font-size: 12pt;"
                               f" border-bottom: 2px solid {SIDE_COLOR[side]}; padding-bottom: 4px;")
            self.grid.addWidget(head, 0, col)
        self.cells: dict[tuple[str, str], QLabel] = {}
        for row, (text, values) in enumerate(rows, start=1):
            self._row(row, text, values)
        self.grid.setColumnStretch(1, 1)
        self.grid.setColumnStretch(2, 1)

    def _row(self, row: int, text: str, values: dict) -> None:
        name = QLabel(text)
        name.setStyleSheet(f"color: {MUTED};")
        self.grid.addWidget(name, row, 0)
        best = max((v for v in values.values() if isinstance(v, int)), default=None)
        for col, side in enumerate(("S", "N"), start=1):
            value = values.get(side)
            cell = QLabel("—" if value is None else str(value))
            cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
            others = [v for s, v in values.items() if s != side]
            lead = value is not None and value == best and value not in others
            cell.setStyleSheet(f"color: {GOLD if lead else INK}; font-size: 13pt;"
                               f" font-weight: {'bold' if lead else 'normal'};")
            self.cells[(text, side)] = cell
            self.grid.addWidget(cell, row, col)
