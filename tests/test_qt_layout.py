"""The board first: the battlefield keeps a readable size on a small window and uses a
large one, the barrack never outsizes the board's cards, nothing jumps when a card is selected, and
every dialog fits a 1280×720 screen."""
from __future__ import annotations

import copy

import pytest
from PySide6.QtWidgets import QApplication
from test_qt_board import BASE
from test_qt_dialogs import PREVIEW

from towers_qt.shell.fit import SMALL_SCREEN
from towers_qt.skirmish.board.card_face import CARD_W
from towers_qt.skirmish.session import Player


def settle(qtbot) -> None:
    for _ in range(4):
        QApplication.processEvents()
    qtbot.wait(5)


def board_px(window) -> int:
    return min(window.view.width(), window.view.height())


@pytest.fixture
def game(window):
    window.session.new_game({"S": Player("human", "You"), "N": Player("ai", "Computer", "easy")}, 1,
                            position=copy.deepcopy(BASE))
    window.after_turn()
    return window


def test_small_window_keeps_a_readable_board(game, qtbot):
    assert game.minimumSizeHint().width() <= 1024
    game.resize(1024, 700)
    settle(qtbot)
    assert game.width() == 1024
    assert board_px(game) >= 480  # it was 426 with fixed-width docks; the game toolbar takes a row above
    card_on_board = CARD_W * game.view.transform().m11()
    assert all(tile.width() - 8 <= max(48, card_on_board) + 1 for tile in game.barrack.tiles)


def test_large_window_gives_the_board_the_height(game, qtbot):
    game.resize(1920, 1080)
    settle(qtbot)
    assert board_px(game) >= 850
    assert game.view.width() - game.view.height() < 120  # spare width went to the docks
    assert not any(label.text().endswith("…") for label in game.dominance.heads.values())


def test_selecting_a_card_moves_nothing(game, clicks, qtbot):
    game.resize(1024, 700)
    settle(qtbot)
    before = (game.view.geometry(), game.bar.prompt.height())
    for square in ("c3", "b3", "d3"):
        clicks.square(square)
        settle(qtbot)
        assert (game.view.geometry(), game.bar.prompt.height()) == before, square
        prompt = game.bar.prompt
        assert prompt.heightForWidth(prompt.width()) <= prompt.height(), prompt.text()
    game.controller.cancel()  # back to the turn's first prompt
    settle(qtbot)
    prompt = game.bar.prompt
    assert game.view.geometry() == before[0] and prompt.heightForWidth(prompt.width()) <= prompt.height()


def test_every_dialog_fits_a_1280_by_720_screen(qtbot, settings):
    from towers_qt.castles.game import castles_sides
    from towers_qt.castles.dialogs.learn import LearnDialog
    from towers_qt.castles.rules_text import rules_html
    from towers_qt.shell.about import AboutDialog
    from towers_qt.shell.chooser import GameChooser
    from towers_qt.shell.fit import fit_to_screen
    from towers_qt.shell.new_game import NewGameDialog
    from towers_qt.shell.rules_window import RulesWindow
    from towers_qt.skirmish.dialogs.attack_preview import AttackPreviewDialog
    from towers_qt.skirmish.dialogs.game_over import GameOverDialog
    from towers_qt.skirmish.dialogs.learn import LearnSkirmish
    from towers_qt.skirmish.dialogs.muster import MusterDialog

    summary = {"high": {"S": 1, "N": 2}, "captured": {"S": ["Kn"], "N": []}, "value": {"S": 2, "N": 0}}
    dialogs = [MusterDialog(None, "S", "Ann", None, settings), NewGameDialog(None, settings),
               AttackPreviewDialog(PREVIEW, "Knight c3", "Spearman c4", a_side="S"),
               GameOverDialog({"winner": "S", "reason": "king"}, summary), AboutDialog(None), RulesWindow(None),
               GameChooser(None), NewGameDialog(None, settings, sides=castles_sides()),
               RulesWindow(None, rules_html()), LearnSkirmish(None), LearnDialog(None, settings.store)]
    for learn in dialogs[-2:]:
        fit_to_screen(learn)  # as each window's show_learn opens it
    room_h = SMALL_SCREEN.height() - 80  # title bar and taskbar
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        need = dialog.minimumSizeHint().expandedTo(dialog.minimumSize())
        assert need.width() <= SMALL_SCREEN.width() and need.height() <= room_h, type(dialog).__name__
        screen = dialog.screen().availableGeometry()
        assert dialog.height() <= screen.height() and dialog.width() <= screen.width()  # opens on screen


def test_a_first_start_opens_each_game_window_within_its_screen(qtbot, settings):
    """No saved geometry: a game's window opens at its first size, or smaller on a screen with less room
    (it was 1280×860 whatever the screen, taller than a 1280×720 one)."""
    from towers_qt.castles.window import CastlesWindow
    from towers_qt.shell.frame import FIRST_SIZE
    from towers_qt.skirmish.window import MainWindow

    for kind in (MainWindow, CastlesWindow):
        win = kind(settings, autosave=False)
        qtbot.addWidget(win)
        room = win.screen().availableGeometry()
        assert room.height() < FIRST_SIZE.height()  # the test screen is small: the bound is what is tested
        assert win.height() <= room.height() and win.width() <= room.width(), kind.__name__
        win.session.shutdown()
