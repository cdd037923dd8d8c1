"""Online play in the app, on 127.0.0.1 only: two lobbies in one process host and join by typed
address, draft by clicks (Gold's scout crosses the link and its report comes back) and play by
clicks, each window fed only by its own link. Every wait is bounded."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from tests.gauntlet_qt_helpers import UNITS5, click, place_by_clicks
from towers_qt.gauntlet.online.lobby import OnlineLobby
from towers_qt.shell.settings import AnimationSpeed

WAIT = 30_000   # ms any one step may take on a loaded machine


def lobby(qtbot, settings) -> OnlineLobby:
    d = OnlineLobby(None, settings, lan=False, bind="127.0.0.1", port=0)
    qtbot.addWidget(d)
    d.show()
    return d


def host(qtbot, settings) -> OnlineLobby:
    h = lobby(qtbot, settings)
    click(h.host_button)
    qtbot.waitUntil(lambda: h.link.port is not None and ":" in h.address_label.text(), timeout=WAIT)
    return h


def join(qtbot, settings, code: str, port: int) -> OnlineLobby:
    j = lobby(qtbot, settings)
    j.tabs.setCurrentIndex(1)
    j.code_edit.setText(code)
    j.address_edit.setText(f"127.0.0.1:{port}")
    click(j.join_button)
    return j


def linked(qtbot, settings):
    """A hosted and a joined lobby, both turned into online windows: (gold window, crimson window)."""
    h = host(qtbot, settings)
    j = join(qtbot, settings, h.code_label.text(), h.link.port)
    qtbot.waitUntil(lambda: h.window is not None and j.window is not None, timeout=WAIT)
    for w in (h.window, j.window):
        w.setAttribute(Qt.WA_DeleteOnClose, False)   # qtbot closes what is left of it after the test
        qtbot.addWidget(w)
    return h.window, j.window


def draft(qtbot, win, scout: str | None = None) -> str:
    """This side's Draft by clicks; Gold scouts first and waits for the report from Crimson's machine,
    which it returns."""
    qtbot.waitUntil(lambda: win.draft_dialog is not None and win.draft_dialog.isVisible(), timeout=WAIT)
    d = win.draft_dialog
    if scout:
        d.scout_choice.setCurrentIndex(d.scout_choice.findData(scout))
        click(d.scout_button)
        qtbot.waitUntil(lambda: d.scouted == scout, timeout=WAIT)
    for code in UNITS5:
        click(d.rows[code][0])
    report = d.report.text() if scout else ""
    click(d.seal_button)
    assert d.result() == QDialog.Accepted
    return report


def stop(qtbot, *wins) -> None:
    """End the links without resigning (the test is done), then close the windows unasked."""
    for w in wins:
        w.link.stop()
    for w in wins:
        assert w.link.wait(10)
        qtbot.waitUntil(lambda w=w: w.snap["outcome"] is not None, timeout=WAIT)
        w.close()
        assert not w.isVisible()


def test_two_windows_host_and_join_by_address_draft_and_play(qtbot, settings):
    gold, crimson = linked(qtbot, settings)
    assert (gold.link.side, crimson.link.side) == ("G", "C")
    assert "via" in gold.link_label.text() and "via" in crimson.link_label.text()
    draft(qtbot, crimson)
    assert draft(qtbot, gold, scout="Kn") == "Crimson drafted the Knight: no Research; no Armory upgrade."
    qtbot.waitUntil(lambda: bool(crimson.picker.legal) and bool(gold.session.positions), timeout=WAIT)
    assert gold.picker.legal == []                 # Crimson moves first; Gold waits
    place_by_clicks(crimson)
    qtbot.waitUntil(lambda: len(gold.session.actions) == 1 and len(crimson.session.actions) == 1, timeout=WAIT)
    assert gold.session.actions == crimson.session.actions
    click(crimson.hud.end_button)
    qtbot.waitUntil(lambda: bool(gold.picker.legal), timeout=WAIT)
    place_by_clicks(gold)
    qtbot.waitUntil(lambda: len(crimson.session.actions) == 3, timeout=WAIT)
    assert gold.session.actions == crimson.session.actions
    assert gold.link.game.pos["result"] is None
    stop(qtbot, gold, crimson)


def test_the_peers_acts_are_animated_from_this_sides_log_one_after_another(qtbot, settings):
    settings.set_animation_speed(AnimationSpeed.SLOW)
    gold, crimson = linked(qtbot, settings)
    animated, played = [], []
    real = gold.board.animate
    gold.board.animate = lambda view, a, events, *rest: animated.append((a, events)) or real(view, a, events, *rest)
    gold.session.actionPlayed.connect(lambda a, before: played.append((a, gold.animating)))
    draft(qtbot, crimson)
    draft(qtbot, gold, scout="Kn")
    chosen = []
    for mover, kind in ((crimson, "Ki@"), (gold, "Ki@"), (crimson, "-")):
        qtbot.waitUntil(lambda m=mover: bool(m.picker.legal) and not gold.animating, timeout=WAIT)
        a = next(a for a in mover.picker.legal if a.startswith(kind) or (kind == "-" and a[2:3] == "-"
                                                                          and a[3:].isalnum()))
        for act in (a, "end"):          # straight to the link: the end follows the action at once
            n = mover.link.game.n
            mover.link.give_action(act)
            qtbot.waitUntil(lambda m=mover, n=n: m.link.game.n == n + 1, timeout=WAIT)
        chosen.extend([a, "end"])
        qtbot.waitUntil(lambda: len(played) == len(chosen) and not gold.animating, timeout=WAIT)
    assert [a for a, _ in played] == chosen
    move = chosen[4]
    assert animated == [(move, [["move", move[:2], move[3:]]])]    # the events of Gold's own Log entry
    assert gold.session.logs[4]["G"][0]["ev"] == [["move", move[:2], move[3:]]]
    assert played[-1] == ("end", False)   # held back until the move's animation ended
    stop(qtbot, gold, crimson)
