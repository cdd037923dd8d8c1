"""Skirmish's review window (shell/review.py's shape): the board after any action with every card
revealed (the game is over), the evaluation in points (about one to a Spearman), and for each
costly action what the computer would have played, from what that player could see then."""
from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from towers_core.skirmish import api
from towers_qt.shell.names import with_names
from towers_qt.shell.review import ReviewDialog as SharedReview
from towers_qt.skirmish.board.marks import last_action
from towers_qt.skirmish.board.scene import BoardScene
from towers_qt.skirmish.board.view import BoardView
from towers_qt.skirmish.review.evaluation import WIN, evaluate_game
from towers_qt.skirmish.review.positions import game_positions

UNIT = "points"
HINT_LEVEL, HINT_MS = "easy", 400  # "would have played": a quick search per ringed action


class ReviewDialog(SharedReview):
    """Steps through `log` (full entries) with the positions rebuilt from both players' histories."""

    def __init__(self, log: list[dict], histories: dict[str, list[dict]], names: dict[str, str],
                 parent: QWidget | None = None) -> None:
        self.log, self.histories = log, histories
        self.positions = game_positions(histories)[: len(log)]
        self.scene = BoardScene()
        self.scene.names = names  # hover text names the players as the rest of the window does
        self.view = BoardView(self.scene)
        self.view.setMinimumSize(340, 340)
        self.view.setFocusPolicy(Qt.NoFocus)
        # A resignation ends the game by itself: the actions worth studying are the others.
        players = [e["player"] if e["action"] != "resign" else None for e in log[: len(self.positions)]]
        super().__init__(self.view, [e["action"] for e in log], evaluate_game(self.positions), players,
                         names, WIN, UNIT, 1.0, parent)
        self.scene.setParent(self)
        self.start()

    def show_board(self, index: int) -> None:
        full = self.positions[index]
        self.scene.show_view(full, "S", {})
        for sq, item in self.scene.cards.items():
            if not full["board"][sq]["up"]:  # face-down in the game: revealed here, still marked
                item.set_face(replace(item.face, hidden_own=True))
        self.scene.set_last(last_action(self.log[index]))

    def describe(self, index: int) -> str:
        return with_names(api.describe(self.log[index]), self.names)

    def would_play(self, index: int) -> str | None:
        """The computer's action for that player from their own view and history then (never the
        hidden cards it could not have seen)."""
        player = self.log[index]["player"]
        if index == 0:
            return None  # the start's views are not in the histories
        try:
            return api.choose_action(self.histories[player][index - 1]["view"], self.histories[player][:index],
                                     HINT_LEVEL, index, HINT_MS)
        except ValueError:
            return None
