"""Playing the Gauntlet in the app beyond clicks: the board seen from the side at the device, the
keyboard (arrows, Enter, 1–9, E), the colour-blind sides, the first Battle's welcome, the
illustrated rules, and the hint (when the Gauntlet AI is present)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from tests.gauntlet_qt_helpers import HAS_AI
from tests.test_gauntlet_qt_battle import lift, start_hotseat
from towers_qt.gauntlet.board.style import SIDE
from towers_qt.gauntlet.board.view import tile_at, tile_rect
from towers_qt.gauntlet.game import midbattle
from towers_qt.shell.palette import apply_scheme


def test_flipping_turns_the_board_half_round_and_back():
    for t in ("a1", "g7", "c5"):
        r = tile_rect(t, True)
        assert tile_at(r.center().x(), r.center().y(), True) == t
    assert tile_rect("a1", True) == tile_rect("g7") and tile_rect("c2", True) == tile_rect("e6")


def test_in_hotseat_each_player_sees_their_own_home_row_at_the_bottom(gwin, qtbot):
    start_hotseat(gwin, qtbot)
    lift(gwin)
    assert gwin.at_device == "C" and gwin.board.flipped
    bottom = gwin.board.rect_of("a7").bottom()
    assert bottom == max(gwin.board.rect_of(f"{f}{r}").bottom() for f in "abcdefg" for r in "1234567")


def test_the_keyboard_places_the_king_and_his_depots_and_ends_the_turn(gwin, qtbot):
    start_hotseat(gwin, qtbot)
    gwin.welcome_box.close()
    lift(gwin)
    gwin.activateWindow()
    action = next(a for a in gwin.picker.legal if "@" in a and "+" in a)
    tiles = action.split("@")[1].split("+")
    board = gwin.board
    board.setFocus()
    QTest.keyClick(board, Qt.Key_Up)  # the cursor appears at d4
    for t in tiles:
        while board.cursor != t:
            now = board.rect_of(board.cursor).center()
            aim = board.rect_of(t).center()
            key = Qt.Key_Right if aim.x() > now.x() else Qt.Key_Left if aim.x() < now.x() else \
                Qt.Key_Down if aim.y() > now.y() else Qt.Key_Up
            QTest.keyClick(board, key)
        QTest.keyClick(board, Qt.Key_Return)
    s = gwin.session
    assert s.actions and "@" in s.actions[0] and gwin.picker.legal
    deployable = [b for b in gwin.roster.shown() if b.isEnabled()]
    if deployable:
        number = gwin.roster.shown().index(deployable[0]) + 1
        QTest.keyClick(gwin, str(number))
        assert gwin.picker.deploying == deployable[0].objectName()[6:]
    QTest.keyClick(gwin, Qt.Key_Escape)
    assert gwin.picker.deploying is None
    QTest.keyClick(gwin, Qt.Key_E)
    assert s.actions[-1] == "end" and gwin.curtain_up()


def test_the_colour_blind_scheme_recolours_the_gauntlet_sides_and_back(gwin):
    crimson = QColor(SIDE["C"])
    gwin.set_palette("colour-blind")
    try:
        assert SIDE["C"] != crimson and SIDE["C"].lightness() < SIDE["G"].lightness() - 30
    finally:
        gwin.set_palette("classic")
        apply_scheme("classic")
    assert SIDE["C"] == crimson


def test_the_first_battle_welcomes_once(gwin, qtbot):
    start_hotseat(gwin, qtbot)
    box = gwin.welcome_box
    assert box.isVisible() and "Control Post" in box.text()
    box.close()
    gwin.welcome_box = None
    gwin._welcome()
    assert gwin.welcome_box is None


def test_the_rules_show_every_token_drawn_and_the_units_table(gwin):
    gwin.show_rules()
    browser = gwin.rules_window.browser
    text = browser.toPlainText()
    assert "The units" in text and "Watchtower" in text and "🔥" not in browser.toHtml()
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument

    assert not browser.document().resource(QTextDocument.ImageResource, QUrl("gauntlet-art:Wt")).isNull()
    gwin.rules_window.close()


@pytest.mark.skipif(not HAS_AI, reason="the Gauntlet AI (towers_core.gauntlet.ai) is not merged yet")
def test_hint_previews_a_legal_action_for_the_human(gwin, qtbot):
    gwin.session.restore(midbattle(4, 14))
    gwin._show_new_game()
    gwin.hint_action.trigger()
    qtbot.waitUntil(lambda: gwin.statusBar().currentMessage().startswith("Hint:"), timeout=30000)


def test_game_over_comes_through_the_shared_dialog_with_who_and_why_and_new_game(gwin, qtbot, monkeypatch):
    start_hotseat(gwin, qtbot)
    gwin.welcome_box.close()
    lift(gwin)
    asked = []
    monkeypatch.setattr(gwin, "new_game_dialog", lambda: asked.append(1))
    gwin.play("resign")
    box = gwin.over_box
    assert box is not None and box.isVisible()
    assert box.title.text() == "Bea wins" and box.reason.text() == "Ann resigned."
    assert not box.review_button.isVisible()
    box.new_game_button.click()
    qtbot.waitUntil(lambda: asked == [1], timeout=5000)
