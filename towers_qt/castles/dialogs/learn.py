"""Learn Castles: the sample game on a CastlesBoard, each push animated, with a sentence per move on
the idea behind it (the window is the shell's LearnDialog)."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QWidget

from towers_qt.castles.board.hud import CastlesHud
from towers_qt.castles.board.widget import CastlesBoard
from towers_qt.castles.dialogs import sample_game
from towers_qt.shell.learn import LearnDialog as SharedLearnDialog


class LearnDialog(SharedLearnDialog):
    """The Castles sample game on its own board, whose view settings are kept apart from the game's."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        self.positions = sample_game.positions()
        self.names = {"S": sample_game.words("{S}"), "N": sample_game.words("{N}")}
        hud = CastlesHud()
        board = CastlesBoard(settings, None, key_prefix="castles/learn/")
        board.setFocusPolicy(Qt.NoFocus)
        super().__init__(parent, "Learn Castles — a sample game", hud, board, len(sample_game.MOVES))
        self.hud, self.board = hud, board
        self.start()

    def show_step(self, step: int, animate: bool) -> str:
        pos = self.positions[step]
        action = sample_game.MOVES[step - 1][0] if step else None
        before = self.positions[step - 1] if step else None
        if animate and action is not None:
            self.board.animate(before, action, pos)
        else:
            self.board.show_position(pos, action, [], False, before)
        self.hud.update_from(pos, self.names, False)
        if step == 0:
            return sample_game.words(sample_game.INTRO)
        mover = "{S}" if step % 2 else "{N}"
        text = sample_game.words(f"<b>{step}. {mover} {action}</b> — " + sample_game.MOVES[step - 1][1])
        if step == self.last_step():
            text += "<br><br><b>" + sample_game.words(sample_game.LESSON) + "</b>"
        return text
