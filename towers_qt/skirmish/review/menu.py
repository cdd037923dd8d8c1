"""Where a review starts: the game just finished, or a saved game from a file."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from towers_qt.shell.frame import GameFrame
from towers_qt.shell.names import display_names
from towers_qt.shell.save_file import FILTER, SaveError
from towers_qt.skirmish.review.dialog import ReviewDialog
from towers_qt.skirmish.save_check import read_save


def install(window: GameFrame) -> None:
    """Game ▸ Review game (once the game is over) and Game ▸ Review a saved game…"""
    game_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Game")
    quit_action = game_menu.actions()[-1]
    window.review_action = game_menu.addAction("Re&view game")
    window.review_action.triggered.connect(lambda: review_session(window))
    game_menu.insertAction(quit_action, window.review_action)
    saved = game_menu.addAction("Review a sa&ved game…")
    saved.triggered.connect(lambda: review_file_dialog(window))
    game_menu.insertAction(quit_action, saved)
    game_menu.insertSeparator(quit_action)
    game_menu.aboutToShow.connect(lambda: window.review_action.setEnabled(window.session.result is not None))


def review_session(window: GameFrame) -> ReviewDialog | None:
    """Review the window's game; only once it is over (a review reveals every card)."""
    s = window.session
    if s.result is None or not s.log:
        return None
    return _open(window, s.log, s.histories, display_names(s.players))


def review_file_dialog(window: GameFrame) -> None:
    """Ask for a saved game and review it (nothing happens if the dialog is cancelled)."""
    path, _ = QFileDialog.getOpenFileName(window, "Review a saved game", str(Path.home()), FILTER)
    if path:
        review_file(window, path)


def review_file(window: GameFrame, path: str | Path) -> ReviewDialog | None:
    """Review a saved game; an unfinished one is refused (its hidden cards are still secret)."""
    try:
        state = read_save(path)
    except SaveError as exc:
        QMessageBox.warning(window, "Could not review the game", str(exc))
        return None
    if state["position"].get("result") is None:
        QMessageBox.information(window, "Review game", "This game is not finished: a review shows every "
                                "hidden card, so only finished games can be reviewed.")
        return None
    return _open(window, state["log"], state["histories"], display_names(state["players"]))


def _open(window: GameFrame, log: list[dict], histories: dict, names: dict[str, str]) -> ReviewDialog:
    dialog = ReviewDialog(log, histories, names, window)
    window.review_dialog = dialog
    dialog.open()
    return dialog
