"""Who sees what in the Gauntlet window: everything it shows (every text, tooltip and drawn item)
comes from the viewer's own view and log, so moving a hidden enemy unit or changing an unopened
enemy Draft slot leaves the screen exactly as it was, in solo and in hot-seat."""
from __future__ import annotations

import copy

import pytest

from tests.gauntlet_helpers import army, make, unit
from tests.gauntlet_qt_helpers import click, screen_record
from towers_core.gauntlet import api
from towers_qt.shell.players import Player

SOLO = {"C": Player("ai", "Computer", "easy"), "G": Player("human", "You")}
HOTSEAT = {"C": Player("human", "Ann"), "G": Player("human", "Bea")}


def battle(rogue_at: str, crimson_research: str | None) -> dict:
    """Gold to move; Crimson has a hidden Rogue on `rogue_at` and an unopened Mage slot whose
    Research is `crimson_research`; Gold's own hidden Queen stands on c3."""
    crimson = army(("Pa", "Kn", "Ro", "Bi", "Ma"), r={"Ma": crimson_research} if crimson_research else {})
    gold = army(("Pa", "Kn", "Ro", "Bi", "Qu"))
    public = {"C": ["Ki", "Pa", "Kn", "Ro", "De"], "G": ["Ki", "Pa", "Kn", "Qu", "De"]}
    pieces = {"d1": unit("G", "Ki"), "d7": unit("C", "Ki"), "c3": unit("G", "Qu", hidden=True),
              "b2": unit("G", "Kn"), "f6": unit("C", "Kn"), rogue_at: unit("C", "Ro", hidden=True)}
    return make(pieces, turn=4, armies={"C": crimson, "G": gold}, public=public)


def shown(win, pos: dict, players: dict, viewer: str | None) -> list:
    win.session.restore({"players": players, "seed": 3, "armies": pos["armies"], "scout": None,
                         "positions": [pos], "actions": [], "logs": []})
    win._show_new_game()
    if viewer is not None:  # hot-seat: the player to move takes the device
        click(win.curtain.button)
    win.click_tile("b2")
    win._hover_tile("b3")
    return screen_record(win)


@pytest.mark.parametrize("players,viewer", [(SOLO, None), (HOTSEAT, "G")], ids=["solo", "hotseat"])
def test_hidden_units_and_unopened_slots_never_reach_the_screen(gwin, players, viewer):
    base = shown(gwin, battle("e5", None), players, viewer)
    assert any("Queen on c3" in str(item) and "hidden (only you see it)" in str(item) for item in base[-1][1])
    assert not any("Rogue" in str(item) for item in base[-1][1])
    for rogue_at, research in (("a5", None), ("e5", "hex"), ("g4", "empower")):
        assert shown(gwin, battle(rogue_at, research), players, viewer) == base, (rogue_at, research)


def test_the_log_keeps_a_hidden_units_moves_from_the_other_side(gwin):
    pos = battle("e5", None)
    pos["turn"], pos["to_move"] = 3, "C"
    ai = {"C": Player("human", "Ann"), "G": Player("ai", "Computer", "easy")}
    gwin.session.restore({"players": ai, "seed": 3, "armies": pos["armies"], "scout": None,
                          "positions": [pos], "actions": [], "logs": []})
    gwin._show_new_game()
    gwin.session.play("e5-e4")
    crimson_lines = list(gwin.log_view.texts())
    assert any("e5" in line for line in crimson_lines)
    gold_entries = api.log_view(pos, "e5-e4", "G")
    assert gold_entries[0]["a"] == "?" and gold_entries[0]["ev"] == []
    pos_g = copy.deepcopy(gwin.session.position)
    assert "e4" not in api.view(pos_g, "G")["pieces"]
