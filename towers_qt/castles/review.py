"""Castles' review window (shell/review.py's shape): the board after any move, read-only, Light's
lead in castles after each move and, for each costly move, the move the computer would have played;
every figure from the core's review search (towers_core.castles.ai.review)."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

from towers_core.castles.ai.review import CEILING, assess
from towers_qt.castles.board.widget import CastlesBoard
from towers_qt.castles.board.describe import action_words
from towers_qt.shell.names import in_sentence
from towers_qt.shell.review import ReviewDialog

UNIT = "castles"
FLOOR = 0.3  # a move that lost less than a third of a castle is not worth ringing


class CastlesReview(ReviewDialog):
    """Steps through `positions` (the start, then after each of `actions`)."""

    def __init__(self, positions: list[dict], actions: list[str], names: dict[str, str],
                 settings: QSettings, parent: QWidget | None = None) -> None:
        self.positions, self.moves = positions, actions
        self.assessed = [assess(p) for p in positions]
        self.board_widget = CastlesBoard(settings, key_prefix="castles/review/")
        self.board_widget.set_animation_speed(0)
        self.board_widget.setMinimumSize(360, 320)
        players = [None if a == "resign" else p["to_move"] for a, p in zip(actions, positions)]
        values = [a["value"] for a in self.assessed[1:]]
        super().__init__(self.board_widget, actions, values, players, names, CEILING, UNIT, FLOOR, parent)
        self.start()

    def show_board(self, index: int) -> None:
        self.board_widget.show_position(self.positions[index + 1], self.moves[index], [], False,
                                        self.positions[index])

    def describe(self, index: int) -> str:
        mover = self.positions[index]["to_move"]
        return f"{in_sentence(self.names.get(mover, mover))}: {action_words(self.moves[index])}."

    def would_play(self, index: int) -> str | None:
        return self.assessed[index]["best"]
