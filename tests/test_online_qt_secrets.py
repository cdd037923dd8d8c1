"""Who sees what online: the online window is fed only through its link (snapshots and applied
actions), and everything it shows (every text, tooltip and drawn item) stays the same when the
peer's hidden unit stands elsewhere, moves elsewhere, or an unopened peer slot holds another entry."""
from __future__ import annotations

import pytest

from tests.gauntlet_helpers import army, make, unit
from tests.gauntlet_qt_helpers import screen_record
from towers_core.gauntlet import api
from towers_core.online.transport import Channels
from towers_qt.gauntlet.online.link import OnlineLink
from towers_qt.gauntlet.online.window import OnlineWindow


def battle(rogue_at: str, research: str | None) -> dict:
    """Crimson to move; its Rogue stands hidden on `rogue_at`, its Mage slot (unopened) has
    `research`; Gold's own hidden Queen stands on c3."""
    crimson = army(("Pa", "Kn", "Ro", "Bi", "Ma"), r={"Ma": research} if research else {})
    gold = army(("Pa", "Kn", "Ro", "Bi", "Qu"))
    public = {"C": ["Ki", "Pa", "Kn", "Ro", "De"], "G": ["Ki", "Pa", "Kn", "Qu", "De"]}
    pieces = {"d1": unit("G", "Ki"), "d7": unit("C", "Ki"), "c3": unit("G", "Qu", hidden=True),
              "b2": unit("G", "Kn"), "f6": unit("C", "Kn"), rogue_at: unit("C", "Ro", hidden=True)}
    return make(pieces, turn=3, armies={"C": crimson, "G": gold}, public=public)


def shown(qtbot, settings, rogue_at: str, research: str | None) -> list:
    """Gold's online window after its link reports Crimson's hidden Rogue stepping forward."""
    link = OnlineLink("host", Channels(lan=False), "ABCD")
    win = OnlineWindow(link, settings)
    qtbot.addWidget(win)
    win.show()
    before = battle(rogue_at, research)
    step = f"{rogue_at}-{rogue_at[0]}{int(rogue_at[1]) - 1}"
    link.game.pos = before
    win.take(link.snapshot())
    link._observe("applied", (before, step, api.apply(before, step)))
    link.game.pos = api.apply(before, step)
    qtbot.waitUntil(lambda: len(win.session.actions) == 1, timeout=5000)
    win.take(link.snapshot())
    win.click_tile("b2")
    win._hover_tile("b3")
    record = screen_record(win)
    win.leaving = 0.0        # the test is done: close unasked, so the session's worker thread ends
    win.close()
    assert not win.isVisible()
    return record


def test_the_peers_hidden_units_and_unopened_slots_never_reach_the_online_window(qtbot, settings):
    base = shown(qtbot, settings, "e5", None)
    board = str(base[-1][1])
    assert "Queen on c3" in board and "Rogue" not in board
    for rogue_at, research in (("a5", None), ("e5", "hex"), ("g5", "empower")):
        assert shown(qtbot, settings, rogue_at, research) == base, (rogue_at, research)


@pytest.mark.parametrize("side", ["host", "join"])
def test_a_snapshot_holds_only_this_sides_view(side):
    link = OnlineLink(side, Channels(lan=False), "ABCD")
    pos = battle("e5", "hex")
    link.game.pos = pos
    assert link.snapshot()["view"] == api.view(pos, link.side)
