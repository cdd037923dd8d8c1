"""The app's lobbies find each other by the code alone through a real transit relay process on
127.0.0.1, and over DNS-SD on loopback (skipped with the reason where multicast DNS is absent),
then draft and play the first actions; each side's status names the channel. Every wait is bounded."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gauntlet_qt_helpers import click, place_by_clicks
from tests.test_online_qt_battle import WAIT, draft, stop
from tests.test_online_sockets import relay  # noqa: F401  (the fixture: a real `twistd transitrelay`)
from towers_qt.gauntlet.online.lobby import OnlineLobby


def by_code(qtbot, settings, lan: bool):
    """A host and a joiner given the code only (no address); their windows, or the joiner's lobby
    if no window came."""
    h = OnlineLobby(None, settings, lan=lan, bind="127.0.0.1", port=0)
    j = OnlineLobby(None, settings, lan=lan, bind="127.0.0.1", port=0)
    for d in (h, j):
        qtbot.addWidget(d)
        d.show()
    click(h.host_button)
    qtbot.waitUntil(lambda: h.code_label.text() != "", timeout=WAIT)
    j.tabs.setCurrentIndex(1)
    j.code_edit.setText(h.code_label.text())
    click(j.join_button)
    qtbot.waitUntil(lambda: (h.window is not None and j.window is not None) or j.link is None, timeout=45_000)
    if j.window is None:
        h.reject()
        return None, j
    for w in (h.window, j.window):
        w.setAttribute(Qt.WA_DeleteOnClose, False)
        qtbot.addWidget(w)
    return h.window, j.window


def first_actions(qtbot, gold, crimson) -> None:
    draft(qtbot, crimson)
    draft(qtbot, gold, scout="Kn")
    qtbot.waitUntil(lambda: bool(crimson.picker.legal), timeout=WAIT)
    place_by_clicks(crimson)
    qtbot.waitUntil(lambda: len(crimson.session.actions) == 1, timeout=WAIT)
    click(crimson.hud.end_button)
    qtbot.waitUntil(lambda: len(gold.session.actions) == 2 and bool(gold.picker.legal), timeout=WAIT)
    assert gold.session.actions == crimson.session.actions
    assert gold.link.game.outcome is None


def test_two_windows_meet_through_a_real_relay_by_the_code_alone(qtbot, settings, relay):  # noqa: F811
    settings.set_relay(f"127.0.0.1:{relay.port}")
    gold, crimson = by_code(qtbot, settings, lan=False)
    assert gold is not None, crimson.join_status.text()
    qtbot.waitUntil(lambda: "via the relay" in gold.link_label.text(), timeout=WAIT)
    assert "via the relay" in crimson.link_label.text()
    assert gold.link.channels.relay == crimson.link.channels.relay == ("127.0.0.1", relay.port)
    first_actions(qtbot, gold, crimson)
    stop(qtbot, gold, crimson)


def test_two_windows_meet_over_dns_sd_on_loopback(qtbot, settings):
    pytest.importorskip("zeroconf")
    gold, crimson = by_code(qtbot, settings, lan=True)
    if gold is None:
        pytest.skip(f"multicast DNS found no host on loopback here: {crimson.join_status.text()}")
    assert "via the local network (found by the code)" in crimson.link_label.text()
    assert "via a direct connection (local network or typed address)" in gold.link_label.text()
    first_actions(qtbot, gold, crimson)
    stop(qtbot, gold, crimson)
