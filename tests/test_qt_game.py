"""Whole games played through the real window by mouse clicks (hot-seat and against the computer)."""
from __future__ import annotations

import random

from towers_core.skirmish import api
from towers_qt.shell.new_game import GameSetup


def _pick(rng: random.Random, actions: list[str]) -> str:
    """A random legal action, fights and moves preferred over passing (the game must go on)."""
    fights = [a for a in actions if "x" in a]
    moves = [a for a in actions if a not in ("pass", "resign")]
    pool = fights if fights and rng.random() < 0.6 else moves or actions
    return rng.choice(pool)


def _screen_matches_view(window) -> None:
    """What is drawn is the viewer's view: own hidden cards known, enemy hidden cards unknown."""
    s = window.session
    view = s.view()
    assert set(window.scene.cards) == set(view["board"])
    for sq, cell in view["board"].items():
        face = window.scene.cards[sq].face
        assert face.owner == cell["owner"]
        if cell["owner"] == s.viewer:
            assert face.code == cell["card"] and face.hidden_own == (not cell["up"])
        elif not cell["up"]:
            assert face.code in ("?", s.seen[s.viewer].get(sq))
    assert sorted(window.barrack.tile_codes()) == sorted(view["barrack"][s.viewer])


def test_hotseat_game_with_curtain_by_clicks(window, clicks):
    s = window.session
    window.start_game(GameSetup(mode="hotseat", human_side=None, seed=5, names={"S": "Ann", "N": "Bea"}))
    rng = random.Random(3)
    first = s.to_move
    assert s.viewer == first
    for ply in range(70):
        assert window.curtain_up(), "the curtain hides the board between hot-seat turns (and before the first)"
        assert ply == 0 or s.viewer != s.to_move
        assert window.names()[s.to_move] in window.curtain.text()
        clicks.button(window.curtain.button)
        assert not window.curtain_up() and s.viewer == s.to_move
        _screen_matches_view(window)
        action = _pick(rng, api.legal_actions(s.view())) if ply < 60 else "pass"
        clicks.perform(action)
        assert s.log[-1]["action"] == action
        if s.result is not None:
            break
        if ply >= 61:
            break
    assert s.result is not None
    assert window.over_dialog is not None and window.over_dialog.isVisible()
    assert "wins" in window.banner.text() or "Drawn" in window.banner.text()


def test_solo_game_against_computer_to_the_end(window, clicks, qtbot):
    s = window.session
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=21,
                                names={"S": "You", "N": "Computer"}))
    rng = random.Random(8)
    moves = 0
    while s.result is None:
        qtbot.waitUntil(lambda: s.result is not None or (window.controller.active() and not window.animating),
                        timeout=20000)
        if s.result is not None:
            break
        assert not window.curtain_up()
        _screen_matches_view(window)
        actions = api.legal_actions(s.view())
        action = "resign" if moves >= 45 else _pick(rng, actions)
        clicks.perform(action)
        moves += 1
    assert s.result is not None
    assert len({e["player"] for e in s.log}) == 2, "the computer moved too"
    qtbot.waitUntil(lambda: window.over_dialog is not None and window.over_dialog.isVisible())
    assert window.log.list.count() == len(s.log)


def test_undo_button_takes_back_move_and_reply(window, clicks, qtbot):
    s = window.session
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=4,
                                names={"S": "You", "N": "Computer"}))
    start = s.position
    action = next(a for a in api.legal_actions(s.view()) if "@" in a and "x" not in a)
    clicks.perform(action)
    qtbot.waitUntil(lambda: len(s.log) == 2 and window.controller.active(), timeout=20000)
    clicks.button(window.game_button(window.undo_action))
    assert s.position == start and not s.log
    assert window.log.list.count() == 0 and set(window.scene.cards) == set(start["board"])


def test_hint_lights_the_suggested_move(window, clicks, qtbot):
    s = window.session
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=4,
                                names={"S": "You", "N": "Computer"}))
    clicks.button(window.game_button(window.hint_action))
    qtbot.waitUntil(lambda: window.hinted is not None, timeout=20000)
    assert window.hinted in api.legal_actions(s.view())
    assert window.scene.highlights() and "Hint:" in window.statusBar().currentMessage()


def test_screenshot_and_smoke_test_command_lines(tmp_path):
    import os
    import subprocess
    import sys

    from PySide6.QtGui import QImage

    import towers_qt

    # the same towers_qt/towers_core this test imported (installed, or a built source tree)
    home = os.path.dirname(os.path.dirname(os.path.abspath(towers_qt.__file__)))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path),
               PYTHONPATH=home)
    shot = tmp_path / "shot.png"
    run = subprocess.run([sys.executable, "-m", "towers_qt.app", "--screenshot", str(shot)], env=env,
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    image = QImage(str(shot))
    assert image.width() >= 1000 and image.height() >= 700
    smoke = subprocess.run([sys.executable, "-m", "towers_qt.app", "--smoke-test", "--turns", "6"], env=env,
                           cwd=tmp_path, capture_output=True, text=True, timeout=180)
    assert smoke.returncode == 0, smoke.stderr
    assert "ok" in smoke.stdout


def test_hotseat_musters_are_each_behind_a_curtain(window, qtbot, monkeypatch):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QDialog

    from towers_qt.shell.curtain import Curtain
    from towers_qt.skirmish.dialogs.muster import MusterDialog

    asked: list[str] = []

    def lift_curtain():
        curtains = [c for c in window.findChildren(Curtain) if c.isVisible()]
        asked.append(f"{curtains[0].turn_label.text()}: {curtains[0].text()}" if curtains else "none")
        for c in curtains:
            c.proceed()

    def fake_exec(dialog):
        # the player said they hold the device; the curtain stays over the board, without a button
        assert window.curtain_up() and window.curtain.holding and not window.curtain.button.isVisible()
        return QDialog.Accepted

    original_present = Curtain.present

    def present_then_lift(self, *args, **kwargs):
        original_present(self, *args, **kwargs)
        QTimer.singleShot(0, lift_curtain)

    monkeypatch.setattr(Curtain, "present", present_then_lift)
    monkeypatch.setattr(MusterDialog, "exec", fake_exec)
    setup = GameSetup(mode="hotseat", human_side=None, seed=5, names={"S": "Ann", "N": "Bea"})
    musters = window._muster_dialogs(setup)
    assert asked == ["HOT-SEAT · SOUTH: Pass the device to Ann", "HOT-SEAT · NORTH: Pass the device to Bea"]
    assert set(musters) == {"S", "N"}
    assert window.curtain_up(), "the board stays covered until the game starts"


def test_a_move_made_while_a_hint_is_sought_drops_the_hint(window, clicks, qtbot):
    """The hint's search stops, the computer replies (the worker was held by the hint), and the hint
    for the position that is gone is never shown."""
    s = window.session
    window.start_game(GameSetup(mode="computer", level="expert", human_side="S", first="S", seed=4,
                                names={"S": "You", "N": "Computer"}))
    s.time_ms = 60000  # the hint could not arrive before the move below
    clicks.button(window.game_button(window.hint_action))
    assert s.ai.busy and s.asking == "hint"
    shown = []
    s.hintReady.connect(shown.append)
    s.time_ms = 200
    clicks.perform(next(a for a in api.legal_actions(s.view()) if "@" in a and "x" not in a))
    qtbot.waitUntil(lambda: len(s.log) == 2 and window.controller.active(), timeout=20000)
    qtbot.wait(300)
    assert shown == [] and window.hinted is None
    assert not window.statusBar().currentMessage().startswith("Hint:")


def test_a_hinted_deploy_lights_its_barrack_card_until_the_next_move(window, clicks, qtbot):
    s = window.session
    window.start_game(GameSetup(mode="computer", level="easy", human_side="S", first="S", seed=4,
                                names={"S": "You", "N": "Computer"}))
    deploy = next(a for a in api.legal_actions(s.view()) if "@" in a and "x" not in a)
    card = api.parse_action(deploy)["card"]
    s.hintReady.emit(deploy)
    lit = [t for t in window.barrack.tiles if t.hinted]
    assert [t.face.code for t in lit] == [card]
    window.refresh()  # a redraw of the barrack keeps the light
    assert [t.face.code for t in window.barrack.tiles if t.hinted] == [card]
    clicks.perform(deploy)
    assert not any(t.hinted for t in window.barrack.tiles)
