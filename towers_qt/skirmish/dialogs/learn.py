"""Learn Skirmish: the sample game (sample_game.py) on a battlefield of its own, from South's side,
with the Dominance marker above and a sentence per action (the window is the shell's LearnDialog)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from towers_core.skirmish import api
from towers_qt.shell.learn import LearnDialog
from towers_qt.shell.names import with_names
from towers_qt.skirmish.board.marks import LastAction, last_action
from towers_qt.skirmish.board.scene import BoardScene
from towers_qt.skirmish.board.view import BoardView
from towers_qt.skirmish.dialogs import sample_game
from towers_qt.skirmish.docks.dominance import TrackWidget, marker_text

NAMES = {"S": "South", "N": "North"}


class LearnSkirmish(LearnDialog):
    """Each step shows South's view after the action and the action as South saw it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.positions = sample_game.positions()
        self.track = TrackWidget()
        self.marker = QLabel(objectName="Step")
        self.marker.setAlignment(Qt.AlignCenter)
        top = QWidget()
        column = QVBoxLayout(top)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.marker)
        column.addWidget(self.track)
        self.scene = BoardScene()
        self.board = BoardView(self.scene)
        super().__init__(parent, "Learn Skirmish — a sample game", top, self.board, len(sample_game.MOVES))
        self.scene.setParent(self)
        self.start()

    def show_step(self, step: int, animate: bool) -> str:
        pos, entry = self.positions[step]
        view = api.view(pos, sample_game.VIEWER)
        self.scene.show_view(view, sample_game.VIEWER, {})
        self.scene.set_last(last_action(api.entry_view(entry, sample_game.VIEWER)) if entry else LastAction())
        self.track.set_marker(int(view["marker"]), NAMES)
        self.marker.setText(marker_text(int(view["marker"]), NAMES))
        if step == 0:
            return sample_game.INTRO
        action, _, idea = sample_game.MOVES[step - 1]
        seen = with_names(api.describe(api.entry_view(entry, sample_game.VIEWER)), NAMES)
        text = f"<b>{step}. {seen}</b><br>{idea}"
        if step == self.last_step():
            text += f"<br><br><b>{sample_game.LESSON}</b>"
        return text
