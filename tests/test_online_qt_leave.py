"""Leaving an online Battle in the app resigns it (§13.8): the question defaults to No; on Yes the
resignation crosses the link as an act, both ends confirm the result and the leaving window closes.
Two windows on 127.0.0.1; every wait is bounded."""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from tests.gauntlet_qt_helpers import click, place_by_clicks
from tests.test_online_qt_battle import WAIT, draft, linked, stop


def asked(qtbot, win) -> QMessageBox:
    qtbot.waitUntil(win.battle_on, timeout=WAIT)   # this window's link has reported the Battle begun
    win.close()
    box = win.message_box
    assert isinstance(box, QMessageBox) and box.objectName() == "onlineLeave" and box.isVisible()
    assert box.text() == "Leave the Battle? You resign it." and box.defaultButton() == box.button(QMessageBox.No)
    return box


def test_no_keeps_the_battle_and_yes_on_the_peers_turn_resigns_once_it_is_ours(qtbot, settings):
    gold, crimson = linked(qtbot, settings)
    draft(qtbot, crimson)
    draft(qtbot, gold, scout="Kn")
    qtbot.waitUntil(lambda: bool(crimson.picker.legal), timeout=WAIT)
    asked(qtbot, gold).done(QMessageBox.No)
    assert gold.isVisible() and gold.leaving is None and not gold.cover.isVisible()
    asked(qtbot, gold).done(QMessageBox.Yes)       # Crimson is to move: Gold's resignation waits its turn
    assert gold.isVisible() and gold.cover.isVisible() and "as soon as your opponent's action" in gold.cover.text()
    assert gold.picker.legal == [] and not gold.session.human_to_move()
    place_by_clicks(crimson)
    qtbot.waitUntil(lambda: len(crimson.session.actions) == 1, timeout=WAIT)
    click(crimson.hud.end_button)
    qtbot.waitUntil(lambda: not gold.isVisible(), timeout=WAIT)
    qtbot.waitUntil(lambda: crimson.snap.get("outcome") == "confirmed", timeout=WAIT)
    assert gold.link.wait(10) and gold.link.game.outcome == "confirmed"
    assert crimson.session.result == {"winner": "C", "reason": "resign"} and crimson.session.actions[-1] == "resign"
    assert gold.link.game.result() == crimson.link.game.result() == {
        "outcome": "confirmed", "winner": "C", "reason": "resign", "actions": 3}
    stop(qtbot, crimson)


def test_new_game_on_ones_own_turn_asks_and_resigns_at_once(qtbot, settings):
    gold, crimson = linked(qtbot, settings)
    draft(qtbot, crimson)
    draft(qtbot, gold, scout="Ki")
    qtbot.waitUntil(lambda: bool(crimson.picker.legal) and crimson.battle_on(), timeout=WAIT)
    crimson.new_game_dialog()
    box = crimson.message_box
    assert box.objectName() == "onlineLeave" and box.isVisible()
    box.done(QMessageBox.Yes)
    qtbot.waitUntil(lambda: not crimson.isVisible(), timeout=WAIT)
    qtbot.waitUntil(lambda: gold.snap.get("outcome") == "confirmed", timeout=WAIT)
    assert gold.session.result == {"winner": "G", "reason": "resign"}
    assert "over" in gold.link_label.text()
    stop(qtbot, gold)
