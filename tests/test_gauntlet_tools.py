"""§14 testing tools: Gauntlet only, Gold's King only, never listed."""
import pytest

from gauntlet_helpers import make, unit
from gauntlet_helpers import foe_pos
from towers_core.errors import IllegalAction
from towers_core.gauntlet import api


def gpos(extra=None, **kw):
    p = {"a7": unit("C", "Pa", royal=True, max=20), "d1": unit("G", "Ki", hp=10, burn=[2])}
    p.update(extra or {})
    return foe_pos("pawnlord", p, turn=4, **kw)


def test_tools_are_not_listed_and_work():
    pos = gpos()
    assert not any(a.startswith("tool:") for a in api.legal_actions(pos))
    new, ents = api.play(pos, "tool:heal")
    assert ents[0]["ev"] == [["heal", "d1", 10, 20], ["cure", "d1"]] and new["pieces"]["d1"]["aff"]["burn"] == []
    new = api.apply(pos, "tool:hp=50")
    assert new["pieces"]["d1"]["hp"] == 50 and new["pieces"]["d1"]["max"] == 50
    assert api.apply(pos, "tool:god")["royals"]["G"]["god"] is True
    assert api.apply(pos, "tool:atk=9")["royals"]["G"]["atk"] == 9
    assert api.apply(pos, "tool:ap=0")["ap"] == 0
    assert api.apply(pos, "tool:research=both")["armies"]["G"]["Ki"]["r"] == "both"
    new = api.apply(pos, "tool:tp=e4")
    assert "e4" in new["pieces"] and "d1" not in new["pieces"]


def test_god_king_takes_no_damage_reading_18():
    pos = gpos({"d2": unit("C", "Pa")})
    pos = api.apply(pos, "tool:god")
    pos = api.apply(pos, "end")
    _new, ents = api.play(pos, "d2xd1")
    assert ents[0]["ev"] == [["hit", "d1", 0, 10]]


def test_tools_refused_outside_their_scope_reading_28():
    with pytest.raises(IllegalAction):
        api.apply(make({"d7": unit("C", "Ki"), "d1": unit("G", "Ki")}, turn=4), "tool:heal")
    with pytest.raises(IllegalAction):
        api.apply(gpos(), "tool:hp=0")
    with pytest.raises(IllegalAction):
        api.apply(gpos(), "tool:hp=05")
    with pytest.raises(IllegalAction):
        api.apply(gpos(), "tool:tp=a7")
    pos = gpos({"e4": unit("C", "Pa")})
    pos["armies"]["C"]["Ro"] = {"in": True, "r": None, "p": False}
    pos["pieces"]["e4"] = unit("C", "Ro", hidden=True)
    new, ents = api.play(pos, "tool:tp=e4")
    assert new == pos and ents[0]["refused"] == "unseen"
