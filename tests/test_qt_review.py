"""Review: after the game, every position with both sides' cards revealed, the
evaluation graph, the costliest actions marked, stepping, and review of saved games."""
from __future__ import annotations

from PySide6.QtCore import Qt

from towers_core.skirmish import api
from towers_qt.skirmish.game import midgame
from towers_qt.shell.review import worst_actions
from towers_qt.skirmish.review.evaluation import WIN, evaluate
from towers_qt.skirmish.review.menu import review_file, review_session
from towers_qt.skirmish.review.positions import game_positions
from towers_qt.skirmish.session import Player


def finished_game(window) -> None:
    """A seeded mid-game that South then resigns: a finished game with a history."""
    window.session.restore(midgame(11, plies=20))
    window.session.players["S"] = Player("human", "You")
    window.session.play("resign")


def test_joined_views_are_the_full_positions():
    state = midgame(11, plies=12)
    positions = game_positions(state["histories"])
    assert len(positions) == len(state["log"])
    assert positions[-1] == state["position"]  # both views together hide nothing


def test_evaluation_and_worst_actions():
    state = midgame(11, plies=12)
    final = dict(state["position"], result={"winner": "N", "reason": "king"})
    assert evaluate(final) == -WIN
    assert -WIN < evaluate(state["position"]) < WIN
    swings = worst_actions([0.0, 5.0, -4.0, -3.0], ["S", "N", "S", "N"], count=2)
    assert [(s.index, s.player) for s in swings] == [(2, "S"), (1, "N")]  # S fell 9, N let S gain 5


def test_review_after_the_game_reveals_everything_and_steps(window, qtbot):
    assert review_session(window) is None  # no game over yet: nothing to review
    finished_game(window)
    dialog = review_session(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    s = window.session
    assert len(dialog.graph.values) == len(s.log) and dialog.worst
    assert dialog.index == len(s.log) - 1
    dialog.show_action(5)
    full = game_positions(s.histories)[5]
    hidden = [sq for sq, c in full["board"].items() if not c["up"]]
    assert hidden and all(dialog.scene.cards[sq].face.code == full["board"][sq]["card"] for sq in hidden)
    qtbot.keyClick(dialog, Qt.Key.Key_Right)
    assert dialog.index == 6 and dialog.graph.current == 6 and "7 of" in dialog.caption.text()
    point = dialog.graph.point(2)
    qtbot.mouseClick(dialog.graph, Qt.MouseButton.LeftButton, pos=point.toPoint())
    assert dialog.index == 2
    worst = dialog.losses.item(0)
    dialog.losses.itemClicked.emit(worst)
    assert dialog.index == worst.data(Qt.ItemDataRole.UserRole)


def test_game_over_offers_a_review_and_saved_games_can_be_reviewed(window, qtbot, tmp_path):
    finished_game(window)
    window.after_turn()
    over = window.over_dialog
    assert over is not None and over.review_button.isVisible()
    qtbot.mouseClick(over.review_button, Qt.MouseButton.LeftButton)
    assert window.review_dialog.isVisible()
    window.review_dialog.close()
    path = tmp_path / "done.towers.json"
    window.session.save(path)
    dialog = review_file(window, path)
    qtbot.addWidget(dialog)
    assert len(dialog.positions) == len(window.session.log)


def test_an_unfinished_saved_game_is_not_reviewed(window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr("towers_qt.skirmish.review.menu.QMessageBox.information", lambda *a: shown.append(a[2]))
    window.session.restore(midgame(11, plies=8))
    path = tmp_path / "open.towers.json"
    window.session.save(path)
    assert review_file(window, path) is None and "not finished" in shown[0]
    assert api.view(window.session.position, "S")  # the game itself is untouched
