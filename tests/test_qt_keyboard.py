"""Keyboard and accessibility: whole turns played from the keyboard with a visible
cursor, the colour-blind-safe palette, and the first-start welcome."""
from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from test_qt_board import BASE

from towers_qt.games import game_kind
from towers_qt.shell.palette import SIDE
from towers_qt.skirmish.board.keyboard import step
from towers_qt.skirmish.session import Player


@pytest.fixture
def game(window, qtbot):
    window.session.new_game({"S": Player("human", "You"), "N": Player("ai", "Computer", "easy")}, 1,
                            position=copy.deepcopy(BASE))
    window.after_turn()
    window.view.setFocus()
    qtbot.waitUntil(window.view.hasFocus)
    return window


def keys(qtbot, window, *names) -> None:
    for name in names:
        qtbot.keyClick(window.view, getattr(Qt.Key, f"Key_{name}"))


def test_cursor_steps_across_the_board_as_drawn():
    assert step("c3", 1, 0, False) == "d3" and step("c3", 0, 1, False) == "c4"
    assert step("c3", 1, 0, True) == "b3" and step("c3", 0, 1, True) == "c2"  # North's view is turned
    assert step("a1", -1, -1, False) == "a1"  # the edge holds it


def test_a_whole_turn_from_the_keyboard_deploy(game, qtbot):
    s = game.session
    assert game.scene.marks.cursor is not None  # focus shows the cursor
    index = next(i for i, t in enumerate(game.barrack.tiles) if t.face.code == "Kn")
    keys(qtbot, game, str(index + 1))
    assert game.controller.chooser.card == "Kn"
    target = sorted(sq for sq, kind in game.scene.highlights().items() if kind == "deploy")[0]
    game.keys.move_to("a1")
    for _ in range(ord(target[0]) - ord("a")):
        keys(qtbot, game, "Right")
    for _ in range(int(target[1]) - 1):
        keys(qtbot, game, "Up")
    assert game.scene.marks.cursor == target
    keys(qtbot, game, "Return")
    assert s.log and s.log[0]["action"] == f"Kn@{target}"


def test_attack_by_keyboard_goes_through_the_preview(game, qtbot):
    game.keys.move_to("c3")
    keys(qtbot, game, "Return")
    assert game.controller.chooser.selected == "c3"
    keys(qtbot, game, "Up", "Return")  # c4: the enemy card
    dialog = game.preview_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert game.session.log[0]["action"] == "c3xc4"


def test_posture_and_pass_keys(game, qtbot):
    game.keys.move_to("d3")
    keys(qtbot, game, "D")
    assert game.session.log[0]["action"] == "d3d"
    qtbot.waitUntil(lambda: game.controller.active(), timeout=20000)
    keys(qtbot, game, "P")
    assert game.session.log[2]["action"] == "pass"


def test_colour_blind_palette_changes_the_sides(game):
    def luminance(colour: QColor) -> float:
        """WCAG relative luminance."""
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
               for c in (colour.redF(), colour.greenF(), colour.blueF())]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    def contrast(a: QColor, b: QColor) -> float:
        hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    classic = (QColor(SIDE["S"]), QColor(SIDE["N"]))
    try:
        game.palette_action.setChecked(True)
        south, north = SIDE["S"], SIDE["N"]
        assert (south, north) != classic and game.settings.palette() == "colour-blind"
        assert contrast(south, north) > 2.5 > 1.5 > contrast(*classic)  # not only a hue apart
        assert abs(south.hslHue() - north.hslHue()) > 120
    finally:
        game.palette_action.setChecked(False)
    assert QColor(SIDE["S"]) == classic[0]


def test_first_start_welcome_names_your_side(window, settings):
    from towers_qt.app import welcome

    window.session.new_game({"S": Player("ai", "Computer"), "N": Player("human", "You")}, 2)
    welcome(window, settings)
    text = window.welcome_box.text()
    assert "<b>North</b>" in text and "Barrack" in text and settings.welcomed(game_kind("skirmish"))
    window.welcome_box.close()
    window.welcome_box = None
    welcome(window, settings)
    assert window.welcome_box is None  # once only


def test_the_style_sheet_takes_the_scheme_and_comes_back_whole(qtbot):
    """The application's style sheet (resources/style.qss) names the classic side colours; the
    colour-blind scheme swaps every one of them, and switching back restores the sheet exactly."""
    from PySide6.QtWidgets import QApplication

    from towers_qt.shell import palette
    from towers_qt.shell.paths import resource

    app = QApplication.instance()
    before = app.styleSheet()
    sheet = resource("style.qss").read_text(encoding="utf-8")
    classic, blind = palette.SCHEMES["classic"], palette.SCHEMES["colour-blind"]
    used = [c for s in "SN" for c in (classic.side[s], classic.text[s]) if c in sheet]
    assert len(used) == 4  # the sheet does use them: else this test would prove nothing
    try:
        app.setStyleSheet(sheet)
        palette.apply_scheme("colour-blind")
        swapped = app.styleSheet()
        assert not any(c in swapped for c in used)
        assert all(blind.side[s] in swapped and blind.text[s] in swapped for s in "SN")
        palette.apply_scheme("classic")
        assert app.styleSheet() == sheet
    finally:
        palette.apply_scheme("classic")
        app.setStyleSheet(before)
