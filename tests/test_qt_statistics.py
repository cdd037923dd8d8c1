"""Game ▸ Statistics: each game counted once when a move played here ends it, by level against the
computer and as hot-seat games, kept with the settings, and forgotten only after Reset's Yes."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from towers_core.castles.notation import RESIGN
from towers_qt.castles.window import CastlesWindow
from towers_qt.shell.new_game import GameSetup
from towers_qt.shell.settings import Key
from towers_qt.shell.statistics import StatisticsDialog


@pytest.fixture
def castles(open_window, settings):
    return open_window(CastlesWindow(settings, autosave=False))


def start(win, mode: str, level: str = "easy") -> None:
    names = {"S": "You", "N": "Computer"} if mode == "computer" else {"S": "Ann", "N": "Bob"}
    win.start_options(GameSetup(mode, level, "S" if mode == "computer" else None, "S", 5, names))


def test_settings_keep_each_level_and_the_hot_seat_count(settings):
    assert settings.record("castles")["hard"] == [0, 0, 0] and settings.hotseat_games("castles") == 0
    for outcome in ("win", "win", "loss", "draw"):
        settings.add_result("castles", "hard", outcome)
    settings.add_result("castles", None)
    settings.add_result("castles", "no-such-level", "win")  # not kept, not an error
    assert settings.record("castles")["hard"] == [2, 1, 1] and settings.record("skirmish")["hard"] == [0, 0, 0]
    assert settings.hotseat_games("castles") == 1
    settings.store.setValue(f"{Key.STATS}/castles/easy", "a,b")  # a damaged value reads as none played
    assert settings.record("castles")["easy"] == [0, 0, 0]
    settings.reset_statistics()
    assert settings.record("castles")["hard"] == [0, 0, 0] and settings.hotseat_games("castles") == 0


def test_a_resigned_solo_game_counts_one_loss_once(castles, settings):
    start(castles, "computer", "easy")
    castles.play(RESIGN)
    assert castles.session.result is not None
    assert settings.record("castles")["easy"] == [0, 0, 1]
    state = castles.session.state()
    castles.take_over(state, "finished.json")  # the finished game shown again: its end screen too
    castles.review_game()
    assert settings.record("castles")["easy"] == [0, 0, 1]


def test_a_hot_seat_game_is_counted_as_played(castles, settings):
    start(castles, "hotseat")
    castles.play(castles.session.legal_actions()[0])
    castles.play(RESIGN)
    assert settings.hotseat_games("castles") == 1 and settings.record("castles")["easy"] == [0, 0, 0]


def test_the_dialog_shows_the_record_and_resets_after_yes(qtbot, settings):
    settings.add_result("skirmish", "normal", "win")
    settings.add_result("castles", None)
    dialog = StatisticsDialog(None, settings)
    qtbot.addWidget(dialog)
    dialog.show()
    texts = [label.text() for label in dialog.tables.findChildren(QLabel)]
    assert "<b>Skirmish</b>" in texts and "<b>Castles</b>" in texts and "Hot-seat games" in texts
    assert dialog.totals("skirmish") == 1 and dialog.totals("castles") == 1
    qtbot.mouseClick(dialog.reset_button, Qt.LeftButton)
    dialog.confirm.button(QMessageBox.No).click()
    assert dialog.totals("skirmish") == 1
    qtbot.mouseClick(dialog.reset_button, Qt.LeftButton)
    assert dialog.confirm.defaultButton() is dialog.confirm.button(QMessageBox.No)
    dialog.confirm.button(QMessageBox.Yes).click()
    assert dialog.totals("skirmish") == 0 and dialog.totals("castles") == 0 and not dialog.reset_button.isEnabled()


def test_both_games_offer_statistics_in_the_game_menu(window, castles):
    for win in (window, castles):
        game = win.menuBar().actions()[0].menu()
        assert any(a.text() == "S&tatistics…" for a in game.actions())


def test_skirmish_counts_a_resigned_game_at_its_level(window, settings):
    window.start_game(GameSetup("computer", "hard", "S", "S", 4, {"S": "You", "N": "Computer"}))
    window.play("resign")
    assert settings.record("skirmish")["hard"] == [0, 0, 1] and settings.record("castles")["hard"] == [0, 0, 0]
