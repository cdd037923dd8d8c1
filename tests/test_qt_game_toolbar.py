"""Undo, Hint and Resign sit in the same place in every game: the shared game toolbar under the menus."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QToolBar

from towers_qt.castles.window import CastlesWindow


@pytest.fixture
def castles(open_window, settings):
    return open_window(CastlesWindow(settings, autosave=False))


def toolbar_texts(win) -> list[str]:
    bar = win.findChild(QToolBar, "GameToolBar")
    assert win.toolBarArea(bar) == Qt.TopToolBarArea and bar.isVisible()
    return [win.game_button(a).text() for a in bar.actions()]


def test_both_games_show_undo_hint_and_resign_in_the_top_toolbar(window, castles):
    skirmish, castle = toolbar_texts(window), toolbar_texts(castles)
    assert skirmish == ["Undo move", "Hint", "Pass", "Resign"]
    assert castle == ["Undo move", "Hint", "Resign"]
    below_the_board = {b.text() for b in window.bar.findChildren(QPushButton)}
    assert below_the_board.isdisjoint({"Undo", "Hint", "Pass", "Resign"}) and "Cancel" in below_the_board


def test_view_menu_hides_the_toolbar_in_either_game(window, castles):
    for win in (window, castles):
        bar = win.findChild(QToolBar, "GameToolBar")
        toggle = bar.toggleViewAction()
        assert toggle.text().startswith("Undo, Hint") and toggle.text().endswith("buttons")
        toggle.trigger()
        assert not bar.isVisible()
