"""Game ▸ Statistics: each game's wins, draws and losses against the computer per level, and the
hot-seat games played, as the settings keep them (Settings.record); Reset forgets them after a Yes."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from towers_qt.games import kinds
from towers_qt.shell.look import MUTED, heading, muted, secondary
from towers_qt.shell.settings import LEVELS, Settings

COLUMNS = ("Won", "Drawn", "Lost", "Played")


class StatisticsDialog(QDialog):
    """A table per game; Reset (after a confirmation) clears every game's record."""

    def __init__(self, parent: QWidget | None, settings: Settings) -> None:
        super().__init__(parent)
        self.setObjectName("statisticsDialog")
        self.setWindowTitle("Statistics")
        self.settings = settings
        self.confirm: QMessageBox | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(26, 20, 26, 16)
        layout.setSpacing(10)
        layout.addWidget(heading("Statistics"))
        layout.addWidget(muted("Games played to the end on this computer, against the computer by level."))
        self.tables = QWidget()
        self.grid = QGridLayout(self.tables)
        self.grid.setHorizontalSpacing(22)
        self.grid.setVerticalSpacing(4)
        layout.addWidget(self.tables)
        layout.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.reset_button = secondary(QPushButton("Reset…"))
        buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ResetRole)
        self.reset_button.clicked.connect(self.ask_reset)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.fill()

    def fill(self) -> None:
        """(Re)build the tables from the settings."""
        while self.grid.count():
            self.grid.takeAt(0).widget().deleteLater()
        row = 0
        for kind in kinds():
            row = self._game_rows(kind.key, kind.title, row)
        self.reset_button.setEnabled(any(self.totals(kind.key) for kind in kinds()))

    def totals(self, game: str) -> int:
        """Every finished game of `game` counted: solo at any level, and hot-seat."""
        return sum(map(sum, self.settings.record(game).values())) + self.settings.hotseat_games(game)

    def _game_rows(self, game: str, title: str, row: int) -> int:
        self._cell(f"<b>{title}</b>", row, 0)
        for col, text in enumerate(COLUMNS, 1):
            self._cell(text, row, col, muted_text=True)
        record = self.settings.record(game)
        for level in LEVELS:
            row += 1
            won, drawn, lost = record[level]
            self._cell(f"Computer · {level}", row, 0)
            for col, value in enumerate((won, drawn, lost, won + drawn + lost), 1):
                self._cell(str(value), row, col)
        row += 1
        self._cell("Hot-seat games", row, 0)
        self._cell(str(self.settings.hotseat_games(game)), row, len(COLUMNS))
        row += 1
        self.grid.setRowMinimumHeight(row, 14)  # a gap before the next game
        return row + 1

    def _cell(self, text: str, row: int, col: int, muted_text: bool = False) -> None:
        label = QLabel(text)
        label.setObjectName(f"stat_{row}_{col}")
        if muted_text:
            label.setStyleSheet(f"color: {MUTED}; font-size: 9pt;")
        label.setAlignment((Qt.AlignRight if col else Qt.AlignLeft) | Qt.AlignVCenter)
        self.grid.addWidget(label, row, col)

    def ask_reset(self) -> None:
        """Reset only after Yes; No is the default, so a stray Enter forgets nothing."""
        box = QMessageBox(QMessageBox.Question, "Reset statistics",
                          "Forget the record of every game? This cannot be undone.",
                          QMessageBox.Yes | QMessageBox.No, self)
        box.setDefaultButton(QMessageBox.No)
        box.finished.connect(lambda code: self.reset() if code == QMessageBox.Yes else None)
        self.confirm = box
        box.open()

    def reset(self) -> None:
        self.settings.reset_statistics()
        self.fill()
