"""The Gauntlet in the app: hot-seat Drafts and turns by clicks behind both curtains, the hover
preview equal to what the action does, save/open/resume all-or-nothing, and a Player vs AI Battle
by clicks (when the Gauntlet AI is present)."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.gauntlet_helpers import make, unit
from tests.gauntlet_qt_helpers import HAS_AI, click, click_tile, draft_by_clicks, place_by_clicks
from towers_core.gauntlet import api
from towers_qt.gauntlet.curtain import LOOK_AWAY
from towers_qt.gauntlet.window import GOLD_NEXT, UNSEEN, GauntletWindow
from towers_qt.shell.new_game import GameSetup
from towers_qt.shell.players import Player


def hotseat(seed: int = 5) -> GameSetup:
    return GameSetup("hotseat", "easy", None, "S", seed, {"S": "Ann", "N": "Bea"})


def lift(win) -> None:
    assert win.curtain_up()
    click(win.curtain.button)


def start_hotseat(win, qtbot) -> None:
    win.start_options(hotseat())
    assert win.curtain_up() and win.curtain.last_label.text() == LOOK_AWAY
    assert win.board.items_record() == [] and win.log_view.texts() == []
    lift(win)
    draft_by_clicks(win.draft_dialog)
    assert win.curtain_up() and win.curtain.last_label.text() == GOLD_NEXT and "Bea" in win.curtain.text()
    lift(win)
    draft_by_clicks(win.draft_dialog, scout="Qu")
    assert win.session.scout == "Qu" and win.session.position["public"]["C"] == ["Qu"]


def test_hotseat_drafts_and_turns_by_clicks_behind_both_curtains(gwin, qtbot):
    start_hotseat(gwin, qtbot)
    s = gwin.session
    for turn in range(1, 7):
        side = "C" if turn % 2 else "G"
        assert gwin.curtain_up() and gwin.board.items_record() == [] and gwin.log_view.texts() == []
        lift(gwin)
        assert gwin.at_device == side and s.to_move == side
        if turn <= 2:
            place_by_clicks(gwin)
            assert any(q["royal"] for q in s.position["pieces"].values() if q["side"] == side)
        else:
            click(gwin.roster.buttons["Pa"])
            deploy = next(a for a in gwin.picker.current())
            click_tile(gwin, deploy.split("@")[1])
            assert s.actions[-1] == deploy
        assert not gwin.curtain_up()
        click(gwin.hud.end_button)
    assert s.position["turn"] == 7 and len([a for a in s.actions if a == "end"]) == 6


def test_the_hover_preview_shows_what_the_action_then_does(gwin, qtbot):
    pos = make({"d1": unit("G", "Ki"), "d7": unit("C", "Ki"), "d2": unit("G", "Kn"), "e4": unit("C", "Pa")}, turn=4)
    restore(gwin, pos)
    click_tile(gwin, "d2")
    assert "e4" in gwin.picker.targets()
    button = next(b for b in gwin.bar.action_buttons() if b.property("action") == "d2*charge:e4")
    QApplication.sendEvent(button, QEvent(QEvent.Enter))
    shown = api.preview(api.view(pos, "G"), "d2*charge:e4")["events"]
    assert "e4 takes 2 (0 HP left)" in gwin.bar.news.text()
    assert any(r[0] == "preview falls e4" for r in gwin.board.items_record())
    click(button)
    assert gwin.session.logs[-1]["G"][0]["ev"] == shown


def test_a_refusal_by_an_unseen_unit_is_said_plainly(gwin, qtbot):
    pos = make({"d1": unit("G", "Ki"), "d7": unit("C", "Ki"), "d3": unit("G", "Kn"),
                "d4": unit("C", "Ro", hidden=True)}, turn=4)
    restore(gwin, pos)
    click_tile(gwin, "d3")
    click_tile(gwin, "d4")   # the move tile: now the bar offers the move alone
    click_tile(gwin, "d4")
    assert gwin.session.actions == ["d3-d4"] and gwin.session.position["ap"] == 3
    assert gwin.bar.news.text() == UNSEEN


def restore(win, pos: dict, players=None) -> None:
    """Show `pos` (Gold to move) in the window as a solo Battle against the computer."""
    players = players or {"C": Player("ai", "Computer", "easy"), "G": Player("human", "You")}
    win.session.restore({"players": players, "seed": 1, "armies": pos["armies"], "scout": None,
                         "positions": [pos], "actions": [], "logs": []})
    win._show_new_game()


def test_save_open_and_a_damaged_file_changes_nothing(gwin, open_window, settings, qtbot, tmp_path):
    start_hotseat(gwin, qtbot)
    lift(gwin)
    place_by_clicks(gwin)
    click(gwin.hud.end_button)
    path = tmp_path / "battle.towers.json"
    assert gwin.save_to(path)
    other = open_window(GauntletWindow(settings, autosave=False))
    assert other.open_path(path)
    assert other.session.actions == gwin.session.actions and other.session.position == gwin.session.position
    assert other.curtain_up()  # hot-seat: nobody's view until the player to move holds the device
    data = json.loads(path.read_text())
    data["actions"][0] = "Ki@d6+c6+e6"
    path.write_text(json.dumps(data))
    before = list(other.session.actions)
    assert not other.open_path(path)
    box = other.message_box
    assert other.session.actions == before and "actions[0]" in box.text() + box.informativeText()


def test_resume_takes_the_autosave_whole(gwin, open_window, settings, qtbot):
    start_hotseat(gwin, qtbot)
    lift(gwin)
    place_by_clicks(gwin)
    gwin.autosave = True
    gwin._autosave()
    again = open_window(GauntletWindow(settings, autosave=False))
    assert again.resume_autosave()
    assert again.current().session.actions == gwin.session.actions


@pytest.mark.skipif(not HAS_AI, reason="the Gauntlet AI (towers_core.gauntlet.ai) is not merged yet")
def test_player_vs_ai_battle_by_clicks(gwin, qtbot):
    gwin.start_options(GameSetup("computer", "easy", "N", "S", 9, {"N": "You", "S": "Computer"}))
    draft_by_clicks(gwin.draft_dialog)
    s = gwin.session
    assert s.players["G"].kind == "human" and s.players["C"].is_ai
    for _ in range(3):
        qtbot.waitUntil(lambda: s.human_to_move() or s.result is not None, timeout=60000)
        if s.result is not None:
            break
        if any("+" in a and "@" in a for a in gwin.picker.legal):
            place_by_clicks(gwin)
        click(gwin.hud.end_button)
    qtbot.waitUntil(lambda: s.human_to_move() or s.result is not None, timeout=60000)
    if s.result is None:
        gwin.confirm_resign()
        gwin.message_box.done(QMessageBox.Yes)
    qtbot.waitUntil(lambda: s.result is not None and gwin.over_box is not None, timeout=10000)
    assert gwin.over_box.isVisible()
