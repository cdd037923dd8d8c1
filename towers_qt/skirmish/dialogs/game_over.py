"""End of the skirmish: who won, why, in words, and the final score."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from towers_core.board import SIDE_NAMES
from towers_qt.shell.look import (
    EDGE,
    GOLD,
    INK,
    MUTED,
    PANEL,
    heading,
    primary,
    secondary,
)
from towers_qt.shell.names import inner, possessive
from towers_qt.skirmish.board.emblem import card_pixmap
from towers_qt.shell.palette import SIDE_COLOR, SIDE_TEXT
from towers_qt.shell.players import other


def reason_text(result: dict, names: dict[str, str]) -> str:
    """The result's reason (RULES §10) as a sentence naming the players."""
    winner = result.get("winner")
    loser = other(winner) if winner else None
    win, lose = names.get(winner or "", ""), names.get(loser or "", "")
    reason = result.get("reason")
    if reason == "king":
        return f"{possessive(lose)} King was captured."
    if reason == "empty":
        return f"{lose} ended a turn with no cards on the board."
    if reason == "resign":
        return f"{lose} gave up the skirmish."
    if reason == "dominance":
        return f"{win} pushed the Dominance marker all the way to 10."
    scored = {"passes": "Both players passed in a row",
              "long-game": "The 400-action limit was reached"}.get(reason, "The skirmish ended")
    if winner is None:
        return f"{scored}: high ground and captured value were level."
    return f"{scored}, and {inner(win)} came out ahead on the score."


class GameOverDialog(QDialog):
    """Shows the result; exec() returns Accepted when the player asks for a new game.

    result: RULES §10 result, {"winner": "S"|"N"|None, "reason": ...}.
    summary: {"high": {"S": int, "N": int}, "captured": {"S": [codes] | int, "N": ...},
              "value": {"S": int, "N": int}, optional "names": {"S": str, "N": str},
              optional "actions": int}. Missing numbers show as "—".
    viewer: the side of the human against the computer, to say "You win"; None in hot-seat.
    """

    new_game_requested = Signal()
    review_requested = Signal()

    def __init__(self, result: dict, summary: dict, parent: QWidget | None = None,
                 viewer: str | None = None) -> None:
        super().__init__(parent)
        self.game_result, self.summary, self.viewer = result, summary, viewer
        self.names = {**SIDE_NAMES, **(summary.get("names") or {})}
        self.wants_new_game = False
        self.setObjectName("gameOverDialog")
        self.setWindowTitle("Skirmish over")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(30, 24, 30, 18)
        layout.setSpacing(12)
        winner = result.get("winner")
        self.title = heading(self.headline(), size=22,
                             color=SIDE_TEXT.get(winner or "", GOLD))
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.title)
        self.reason = QLabel(reason_text(result, self.names))
        self.reason.setObjectName("gameOverReason")
        self.reason.setWordWrap(True)
        self.reason.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason.setStyleSheet(f"color: {INK}; font-size: 11pt;")
        layout.addWidget(self.reason)
        layout.addWidget(ScoreTable(summary, self.names, winner))
        if summary.get("actions") is not None:
            note = QLabel(f"{summary['actions']} actions played")
            note.setStyleSheet(f"color: {MUTED};")
            note.setAlignment(Qt.AlignmentFlag.AlignCenter)
            layout.addWidget(note)
        layout.addWidget(self._buttons())
        self.setMinimumWidth(480)

    def headline(self) -> str:
        winner = self.game_result.get("winner")
        if winner is None:
            return "A draw"
        if self.viewer is not None:
            return "Victory!" if winner == self.viewer else "Defeat"
        return f"{self.names[winner]} wins"

    def _buttons(self) -> QDialogButtonBox:
        box = QDialogButtonBox()
        self.new_game_button = primary(box.addButton("New game",
                                                     QDialogButtonBox.ButtonRole.AcceptRole))
        self.review_button = secondary(box.addButton("Review game", QDialogButtonBox.ButtonRole.ActionRole))
        self.review_button.setToolTip("Step through the whole game with every card revealed")
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
    """South and North side by side: high ground held, cards captured, captured value."""

    def __init__(self, summary: dict, names: dict[str, str], winner: str | None) -> None:
        super().__init__()
        self.setObjectName("scoreTable")
        self.setStyleSheet(f"#scoreTable {{ background: {PANEL}; border: 1px solid {EDGE};"
                           f" border-radius: 6px; }} #scoreTable QLabel {{ background: transparent; }}")
        grid = QGridLayout(self)
        grid.setContentsMargins(18, 12, 18, 14)
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(8)
        for col, side in enumerate(("S", "N"), start=1):
            crown = " ♛" if side == winner else ""
            head = QLabel(f"{names[side]}{crown}")
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            head.setStyleSheet(f"color: {SIDE_TEXT[side]}; font-weight: bold; font-size: 12pt;"
                               f" border-bottom: 2px solid {SIDE_COLOR[side]}; padding-bottom: 4px;")
            grid.addWidget(head, 0, col)
        captured = summary.get("captured") or {}
        rows = (("High ground held", summary.get("high") or {}),
                ("Cards captured", {s: _count(captured.get(s)) for s in captured}),
                ("Captured value", summary.get("value") or {}))
        self.cells: dict[tuple[str, str], QLabel] = {}
        for row, (text, values) in enumerate(rows, start=1):
            self._row(grid, row, text, values)
        grid.addWidget(_emblems(captured.get("S")), len(rows) + 1, 1)
        grid.addWidget(_emblems(captured.get("N")), len(rows) + 1, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)

    def _row(self, grid: QGridLayout, row: int, text: str, values: dict) -> None:
        name = QLabel(text)
        name.setStyleSheet(f"color: {MUTED};")
        grid.addWidget(name, row, 0)
        best = max((v for v in values.values() if isinstance(v, int)), default=None)
        for col, side in enumerate(("S", "N"), start=1):
            value = values.get(side)
            cell = QLabel("—" if value is None else str(value))
            cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lead = value is not None and value == best and values.get(other(side)) != value
            cell.setStyleSheet(f"color: {GOLD if lead else INK}; font-size: 13pt;"
                               f" font-weight: {'bold' if lead else 'normal'};")
            self.cells[(text, side)] = cell
            grid.addWidget(cell, row, col)


def _count(value: object) -> int | None:
    if isinstance(value, int):
        return value
    return len(value) if isinstance(value, (list, tuple)) else None


def _emblems(codes: object) -> QWidget:
    """Small emblems of the captured cards (nothing when only a count is known)."""
    box = QWidget()
    box.setStyleSheet("background: transparent;")
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(2)
    row.addStretch(1)
    if isinstance(codes, (list, tuple)):
        for code in codes:
            icon = QLabel()
            icon.setPixmap(card_pixmap(code, 22, box.devicePixelRatioF()))
            icon.setToolTip(code)
            row.addWidget(icon)
    row.addStretch(1)
    return box
