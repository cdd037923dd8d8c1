"""§12 the Gauntlet: foe Royals, their tricks, chests and spoils, echoes."""
import copy

import pytest

from gauntlet_helpers import banner, foe_pos, struct, unit
from towers_core.errors import BadArmy, BadPosition
from towers_core.gauntlet import api
from towers_core.gauntlet.units import SLOTS


def test_new_gauntlet_battle_royal_stats_and_echo_supply():
    pos = api.new_position(5, {"C": api.foe_army(1, "steel-prince", 2), "G": banner()}, mode="gauntlet",
                           foe={"id": "steel-prince", "echo": 2})
    assert pos["royals"]["C"] == {"id": "steel-prince", "used": False, "atk": 2, "arm": 1, "spd": 1, "god": False}
    assert pos["supply"] == {"C": 3, "G": 1} and pos["public"]["C"] == list(SLOTS)
    assert all(a.startswith("Kn@") for a in api.legal_actions(pos))
    new = api.apply(pos, "Kn@d7+c7+e7")
    hp = 24 + 6 + (2 if pos["armies"]["C"]["Kn"]["p"] else 0)
    assert new["pieces"]["d7"]["max"] == hp and new["pieces"]["d7"]["royal"]


def test_bare_foe_id_is_echo_0():
    pos = api.new_position(5, {"C": api.foe_army(1, "pawnlord"), "G": banner()}, mode="gauntlet", foe="pawnlord")
    assert pos["foe"] == {"id": "pawnlord", "echo": 0}


def test_fine_point_39_barding_max_hp():
    a = api.foe_army(7, "steel-prince")
    a["Kn"]["p"] = True
    pos = api.new_position(5, {"C": a, "G": banner()}, mode="gauntlet", foe="steel-prince")
    assert api.apply(pos, "Kn@d7+c7+e7")["pieces"]["d7"]["max"] == 26


def test_pawnlord_cannot_build_and_detonates_for_5_fine_point_30():
    c = api.foe_army(7, "pawnlord")
    pos = foe_pos("pawnlord", {"d4": unit("C", "Pa", royal=True, max=20, hp=5), "d3": unit("G", "Ki", hp=2)})
    acts = [a for a in api.legal_actions(pos) if a.startswith("d4")]
    assert "d4*detonate" in acts and not any("build" in a for a in acts)
    _new, ents = api.play(pos, "d4*detonate")
    assert ents[0]["ev"] == [["hit", "d3", 2, 0], ["die", "d3", "Ki"], ["hit", "d4", 5, 0], ["die", "d4", "Pa"],
                             ["result", "C", "royal"]]
    assert c


def test_shieldwall_gives_neighbours_not_himself_reading_12():
    pos = foe_pos("steel-prince", {"d5": unit("C", "Kn", royal=True, max=24), "d4": unit("C", "Pa", max=3),
                                   "d3": unit("G", "Ki"), "e3": unit("G", "Pa")},
                  turn=4)
    _new, ents = api.play(pos, "d3xd4")
    assert ents[0]["ev"] == [["hit", "d4", 1, 2]]           # 2 − (0 + 1 Shieldwall)


def test_ramparts_rime_and_bombard_are_the_royals_alone_fine_point_36():
    pos = foe_pos("frost-queen", {"d7": unit("C", "Qu", royal=True, max=26), "a7": unit("C", "Qu"),
                                  "d4": unit("G", "Ki"), "a4": unit("G", "Pa")})
    acts = api.legal_actions(pos)
    assert "d7*freeze:d4" in acts and "a7*freeze:a4" not in acts


def test_sanctuary_mends_within_2():
    pos = foe_pos("pale-abbess", {"d7": unit("C", "Bi", royal=True, max=24, hp=20), "d5": unit("C", "Pa", max=3, hp=1),
                                  "d3": unit("C", "Pa", max=3, hp=1), "d1": unit("G", "Ki")}, turn=2)
    ev = api.play(pos, "end")[1][1]["ev"]
    assert ["heal", "d7", 1, 21] in ev and ["heal", "d5", 1, 2] in ev and ["heal", "d3", 1, 2] not in ev


def test_overcharge_zap_hits_for_2():
    pos = foe_pos("storm-magus", {"d7": unit("C", "Ma", royal=True, max=22), "f5": unit("G", "Pa", max=3),
                                  "d1": unit("G", "Ki")})
    assert api.play(pos, "d7*zap:f5")[1][0]["ev"] == [["hit", "f5", 2, 1], ["aff", "f5", "shock"]]


def test_reflection_fine_point_21_and_29():
    pos = foe_pos("mirror-queen", {"d5": unit("C", "Qu", royal=True, max=32, hp=1), "b3": struct("G", "Wt"),
                                   "d1": unit("G", "Ki")}, turn=4)
    ev = api.play(pos, "b3xd5")[1][0]["ev"]
    assert ev == [["hit", "d5", 1, 0], ["die", "d5", "Qu"], ["hit", "b3", 2, 3], ["result", "G", "royal"]]
    pos = foe_pos("mirror-queen", {"d5": unit("C", "Qu", royal=True, max=32), "c3": unit("G", "Kn", hp=2),
                                   "d1": unit("G", "Ki")}, turn=4, garmy=banner(Kn="extra"))
    acts = api.legal_actions(pos)
    assert "c3*charge:d5" in acts and not any(a.startswith("c3xd") and a.count("x") == 2 for a in acts)
    _new, ents = api.play(pos, "c3*charge:d5")
    assert ents[0]["ev"] == [["hit", "d5", 2, 30], ["hit", "c3", 2, 0], ["die", "c3", "Kn"], ["shove", "d5", "e5"]]


def test_second_crown_fine_points_22_28():
    pos = foe_pos("dead-king", {"d5": unit("C", "Ki", royal=True, max=36, hp=1), "c3": unit("G", "Kn"),
                                "d1": unit("G", "Ki")}, turn=4, garmy=banner(Kn="flame"))
    new, ents = api.play(pos, "c3*charge:d5")
    assert ents[0]["ev"][:3] == [["hit", "d5", 1, 0], ["crown", "d5"], ["aff", "d5", "burn"]]
    assert new["pieces"]["e5"]["hp"] == 12 and new["royals"]["C"]["used"]


def test_veil_hides_the_shadow_princess_at_her_start():
    pos = foe_pos("shadow-princess", {"d6": unit("C", "Ro", royal=True, max=22), "d1": unit("G", "Ki")}, turn=2)
    new, ents = api.play(pos, "end")
    assert ["hide", "d6"] in ents[1]["ev"] and new["pieces"]["d6"]["hidden"]
    assert "d6" not in api.view(new, "G")["pieces"]
    api.validate(api.view(new, "G"))


def test_the_deepest_echo_keeps_its_royal_within_a_units_max_hp():
    """Rules decision 19 (Gauntlet): echoes run to MAX_ECHO, where the toughest Royal with its HP perk
    still fits the 999 max HP a position may hold; one more is refused by every entry point."""
    import pytest

    from towers_core.errors import TowersError
    from towers_core.gauntlet.foes import FOES, MAX_ECHO
    from towers_core.gauntlet.units import PERK_HP
    assert max(f.hp for f in FOES.values()) + 3 * MAX_ECHO + max(PERK_HP.values()) <= 999
    for foe_id in FOES:
        army = api.foe_army(1, foe_id, MAX_ECHO)
        pos = api.new_position(5, {"C": army, "G": banner()}, mode="gauntlet", foe={"id": foe_id, "echo": MAX_ECHO})
        placed = api.apply(pos, api.legal_actions(pos)[0])
        api.validate(placed)
        assert max(q["max"] for q in placed["pieces"].values()) >= FOES[foe_id].hp + 3 * MAX_ECHO
    with pytest.raises(TowersError, match="echo"):
        api.foe_army(1, "dead-king", MAX_ECHO + 1)
    with pytest.raises(TowersError, match="foe.echo"):
        api.new_position(5, {"C": army, "G": banner()}, mode="gauntlet", foe={"id": "dead-king", "echo": MAX_ECHO + 1})
    placed["foe"] = dict(placed["foe"], echo=MAX_ECHO + 1)
    with pytest.raises(TowersError, match="foe.echo"):
        api.validate(placed)


@pytest.mark.parametrize("side, slot", [("G", "Ki"), ("G", "Pa"), ("G", "De"), ("G", "Cp"), ("C", "Kn")])
def test_a_loaded_battle_keeps_the_slots_a_new_one_requires_12_1(side, slot):
    """Gold's start (King, Pawns, Depots, Posts) and the foe's signature type are in every Battle of the run:
    `validate` refuses a loaded position without them, as `new_position` refuses such an army."""
    pos = api.new_position(5, {"C": api.foe_army(1, "steel-prince"), "G": banner()}, mode="gauntlet",
                           foe="steel-prince")
    api.validate(pos)
    pos["armies"][side][slot] = {"in": False, "r": None, "p": False}
    before = copy.deepcopy(pos)
    with pytest.raises(BadPosition, match=f"armies.{side}.{slot}: must be in"):
        api.validate(pos)
    assert pos == before
    armies = copy.deepcopy(pos["armies"])
    with pytest.raises(BadArmy, match=f"armies.{side}.{slot}: must be in"):
        api.new_position(5, armies, mode="gauntlet", foe="steel-prince")
