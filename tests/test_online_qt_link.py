"""The online app's link on 127.0.0.1: the host's code, a wrong code refused plainly, a lost link
paused with its countdown (on an injected clock) and resumed, and a dispute explained. Bounded."""
from __future__ import annotations

import asyncio
import contextlib
import re
import threading
import time

from PySide6.QtWidgets import QMessageBox

from online_helpers import legal_act
from tests.gauntlet_qt_helpers import click, place_by_clicks
from tests.test_online_qt_battle import WAIT, draft, host, join, linked, lobby, stop
from towers_core.online.codes import ALPHABET
from towers_qt.gauntlet.online.lobby import OnlineLobby


class Cutter:
    """A TCP pipe on 127.0.0.1 in front of the host, on its own thread: `cut()` drops every link and
    refuses new ones until `mend()`."""

    def __init__(self, target: int) -> None:
        self.target, self.open, self.writers = target, True, []
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.port = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(10)

    async def _start(self) -> int:
        self.server = await asyncio.start_server(self._pipe, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _pipe(self, r1, w1) -> None:
        if not self.open:
            w1.transport.abort()
            return
        r2, w2 = await asyncio.open_connection("127.0.0.1", self.target)
        self.writers += [w1, w2]

        async def copy(r, w) -> None:
            with contextlib.suppress(OSError):
                while data := await r.read(65536):
                    w.write(data)
            w.close()
        await asyncio.gather(copy(r1, w2), copy(r2, w1))

    def _cut(self) -> None:
        self.open = False
        for w in self.writers:
            w.transport.abort()
        self.writers.clear()

    def cut(self) -> None:
        self.loop.call_soon_threadsafe(self._cut)

    def mend(self) -> None:
        self.loop.call_soon_threadsafe(setattr, self, "open", True)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)


def left(win) -> int:
    """The seconds the pause cover says are left."""
    m = re.search(r"(\d+):(\d\d) left", win.cover.text())
    return int(m[1]) * 60 + int(m[2])


def test_the_host_shows_its_code_large_and_the_address_to_type(qtbot, settings):
    h = host(qtbot, settings)
    code = h.code_label.text()
    assert len(code) == 4 and all(c in ALPHABET for c in code) and code == h.link.game.code
    assert "54pt" in h.code_label.styleSheet()
    assert h.address_label.text() == f"Or type: 127.0.0.1:{h.link.port}"
    assert "Waiting for your opponent" in h.host_status.text()
    assert not h.host_relay.isEnabled() and h.host_relay_hint.isVisibleTo(h)   # no relay set: greyed, with a hint
    h.reject()
    assert h.link.wait(10)


def test_a_relay_set_in_the_dialog_enables_the_relay_and_a_bad_one_is_refused_by_name(qtbot, settings):
    d = lobby(qtbot, settings)
    d.relay_edit.setText("relay.example.org:notaport")
    d.save_relay()
    assert "address" in d.relay_problem.text() and settings.relay() == ""
    d.relay_edit.setText("relay.example.org:4001")
    d.save_relay()
    assert settings.relay() == "relay.example.org:4001"
    assert d.host_relay.isEnabled() and d.host_relay.isChecked() and not d.host_relay_hint.isVisibleTo(d)


def test_a_wrong_code_is_refused_plainly_and_the_host_waits_on(qtbot, settings):
    h = host(qtbot, settings)
    wrong = next(c * 4 for c in ALPHABET if c * 4 != h.code_label.text())
    j = join(qtbot, settings, wrong, h.link.port)
    qtbot.waitUntil(lambda: "Wrong code" in j.join_status.text(), timeout=WAIT)
    assert "Check the four letters" in j.join_status.text() and j.join_button.isEnabled() and j.window is None
    qtbot.waitUntil(lambda: "1 tries with a wrong code refused" in h.host_status.text(), timeout=WAIT)
    assert h.window is None and h.link.game.outcome is None
    j.code_edit.setText("AB1")
    click(j.join_button)
    assert j.join_status.text().startswith("The code is 4 letters")
    h.reject()
    assert h.link.wait(10)


def test_a_lost_link_pauses_with_its_countdown_and_resumes(qtbot, settings):
    offset = [0.0]

    def clock() -> float:
        return time.monotonic() + offset[0]

    h = lobby(qtbot, settings)
    h.clock = clock
    click(h.host_button)
    qtbot.waitUntil(lambda: h.link.port is not None and h.code_label.text() != "", timeout=WAIT)
    cutter = Cutter(h.link.port)
    j = lobby(qtbot, settings)
    j.clock = clock
    j.tabs.setCurrentIndex(1)
    j.code_edit.setText(h.code_label.text())
    j.address_edit.setText(f"127.0.0.1:{cutter.port}")
    click(j.join_button)
    qtbot.waitUntil(lambda: h.window is not None and j.window is not None, timeout=WAIT)
    gold, crimson = h.window, j.window
    draft(qtbot, crimson)
    draft(qtbot, gold, scout="Ki")
    qtbot.waitUntil(lambda: bool(crimson.picker.legal), timeout=WAIT)
    cutter.cut()
    for w in (gold, crimson):
        qtbot.waitUntil(lambda w=w: w.cover.isVisible(), timeout=WAIT)
        assert 150 <= left(w) <= 180 and "of 3:00" in w.cover.text()
    offset[0] += 100
    for w in (gold, crimson):
        qtbot.waitUntil(lambda w=w: left(w) <= 80, timeout=WAIT)
        assert left(w) >= 50 and "link lost" in w.link_label.text()
    assert "The link to Gold is lost" in crimson.cover.text() and "keeps trying" in crimson.cover.text()
    assert "The link to Crimson is lost" in gold.cover.text() and "same code" in gold.cover.text()
    assert "Reconnecting" in crimson.cover.text() and "via the typed address" in crimson.cover.text()
    assert "via your address" in gold.cover.text()
    assert crimson.picker.legal == [] and not crimson.end_action.isEnabled()    # nothing can be played meanwhile
    assert not crimson.resign_action.isEnabled() and not crimson.session.human_to_move()
    cutter.mend()
    for w in (gold, crimson):
        qtbot.waitUntil(lambda w=w: not w.cover.isVisible() and "connected via" in w.link_label.text(), timeout=WAIT)
    assert "via the typed address" in crimson.link_label.text()
    assert "via a direct connection (local network or typed address)" in gold.link_label.text()
    qtbot.waitUntil(lambda: bool(crimson.picker.legal), timeout=WAIT)
    place_by_clicks(crimson)                      # the Battle goes on where it stopped
    qtbot.waitUntil(lambda: len(gold.session.actions) == 1, timeout=WAIT)
    assert gold.link.game.outcome is None and gold.link.game.links == 2
    stop(qtbot, gold, crimson)
    cutter.close()


def test_a_dispute_is_explained_on_both_screens(qtbot, settings):
    gold, crimson = linked(qtbot, settings)
    draft(qtbot, crimson)
    draft(qtbot, gold, scout="Pa")
    qtbot.waitUntil(lambda: bool(crimson.picker.legal), timeout=WAIT)

    def cheat() -> None:                          # Crimson's machine sends a placement with a false hash
        act = legal_act(crimson.link.game)
        crimson.link.game.send({**act, "h": "0" * 16})
    crimson.link._loop.call_soon_threadsafe(cheat)
    for w in (gold, crimson):
        qtbot.waitUntil(lambda w=w: isinstance(w.message_box, QMessageBox) and w.message_box.isVisible(),
                        timeout=WAIT)
        assert w.message_box.windowTitle() == "The Battle is disputed"
    assert gold.message_box.text().startswith("Your computer found")
    assert crimson.message_box.text().startswith("Your opponent's computer found")
    assert "act.h" in gold.message_box.text() and "no result" in gold.message_box.text()
    stop(qtbot, gold, crimson)



def test_the_gauntlet_window_offers_play_online_which_opens_the_lobby(qtbot, settings):
    from towers_qt.gauntlet.game import Gauntlet

    win = Gauntlet().window(settings, autosave=False)
    qtbot.addWidget(win)
    game = win.menuBar().actions()[0].menu()
    action = next(a for a in game.actions() if a.text() == "Play &online…")
    action.trigger()
    lobby = next(w for w in win.findChildren(OnlineLobby))
    assert lobby.isVisible() and lobby.tabs.tabText(0) == "Host a Battle"
    lobby.reject()
