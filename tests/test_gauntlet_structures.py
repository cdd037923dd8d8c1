"""§7 structures and §2.3/§2.4: shots, strikes, auras, Magnetic Field, Research and perks."""
from gauntlet_helpers import army, banner, events, kings, make, struct, unit
from towers_core.gauntlet import api


def G(extra, r=None, p=(), turn=4, **kw):
    return make(kings(extra, c="a7", g="g1"), turn=turn,
                armies={"C": army(), "G": army(r=r or {}, p=p)}, **kw)


def test_watchtower_shot_no_line_and_lens_and_bolts():
    pos = G({"d2": struct("G", "Wt"), "d3": unit("G", "Pa"), "d4": unit("C", "Kn")})
    assert "d2xd4" in api.legal_actions(pos)
    assert events(pos, "d2xd4") == [["hit", "d4", 1, 3]]
    pos = G({"d1": struct("G", "Wt"), "d4": unit("C", "Bi")}, p=("Wt",), r={"Wt": "bolts"})
    assert events(pos, "d1xd4") == [["hit", "d4", 1, 2], ["aff", "d4", "burn"]]
    pos = G({"d1": struct("G", "Wt", done=True), "d3": unit("C", "Bi")})
    assert "d1xd3" not in api.legal_actions(pos)


def test_bunker_strike_aura_and_two_bunkers_fine_point_10():
    pos = G({"c3": struct("G", "Bk"), "e3": struct("G", "Bk"), "d3": unit("G", "Pa"), "d4": unit("C", "Kn")})
    pos = api.apply(api.apply(pos, "end"), "d4xd3")
    assert pos["pieces"]["d3"]["hp"] == 1            # 2 − 1 armor (two Bunkers give +1)
    pos = G({"c3": struct("G", "Bk"), "c4": unit("C", "Pa")})
    assert events(pos, "c3xc4") == [["hit", "c4", 1, 1]]


def test_garrison_adds_attack():
    pos = G({"c3": struct("G", "Bk"), "d3": unit("G", "Pa"), "d4": unit("C", "Kn", max=5)}, p=("Bk",))
    assert events(pos, "d3xd4") == [["hit", "d4", 1, 4]]     # 1 + 1 − 1


def test_magnetic_field_blocks_direct_not_charge():
    armies = {"C": army(r={"Bk": "magnetic"}), "G": army()}
    pos = make(kings({"c5": struct("C", "Bk"), "d5": unit("C", "Pa", max=3), "d4": unit("G", "Pa"),
                      "c3": unit("G", "Kn")}, c="a7", g="g1"), turn=4, armies=armies)
    acts = api.legal_actions(pos)
    assert "d4xd5" not in acts and "d4xc5" in acts and "c3*charge:d5" in acts


def test_site_does_nothing_and_completes_fine_point_31():
    armies = {"C": army(r={"Cp": "medical"}), "G": army()}
    p = kings({"e4": struct("C", "Cp", site=True, hp=2), "d4": unit("C", "Pa", max=3, hp=1)}, c="a7", g="g1")
    pos = make(p, turn=2, armies=armies)
    _new, ents = api.play(pos, "end")
    assert ents[1]["ev"] == [["complete", "e4"], ["heal", "d4", 1, 2], ["income", 0, 4]]


def test_enchanted_stone_and_quick_deploy_fine_point_16():
    armies = {"C": army(), "G": army(p=("Cp",), r={"De": "quick"})}
    p = kings({"c4": struct("G", "De"), "a1": struct("G", "De"), "e4": struct("G", "Cp", hp=5)}, c="a7", g="g2")
    pos = make(p, turn=3, armies=armies)
    new, ents = api.play(pos, "end")
    assert ["heal", "e4", 1, 6] in ents[1]["ev"]
    acts = api.legal_actions(new)
    assert "Pa@c3" in acts and "Pa@a1" not in acts


def test_structure_limits_and_legal_tiles():
    p = kings({"b2": struct("G", "Wt"), "c2": struct("G", "Wt"), "d3": unit("G", "Pa")}, c="a7", g="g1")
    acts = api.legal_actions(make(p, turn=4))
    assert "d3*build:Bk" in acts and "d3*build:Wt" not in acts
    p = kings({"d7": unit("G", "Pa"), "e6": unit("C", "Pa")}, c="a6", g="g1")
    acts = [a for a in api.legal_actions(make(p, turn=4)) if a.startswith("d7*build")]
    assert acts == ["d7*build:Cp"]


def test_scrap_reduces_afield_fine_point_15():
    pos = G({"c1": struct("G", "De", done=True)}, p=("De",))
    new = api.apply(pos, "c1#")
    assert new["supply"]["G"] == 13


def test_pawn_builds_on_the_chest_its_move_just_claimed():
    """Rules decision 17 (Gauntlet): the part-2 move claims the chest (§12.4), so the tile no longer holds an
    unclaimed one (§2.3) and part 4 may Build there; the reference and the C engine agree."""
    pieces = {"d7": unit("C", "Pa", royal=True, max=20), "d1": unit("G", "Ki"), "f5": unit("G", "Pa")}
    pos = make(pieces, turn=4, mode="gauntlet", foe="pawnlord",
               armies={"C": api.foe_army(7, "pawnlord"), "G": banner()}, chests={"f6": "gold", "a6": "tome"})
    legal = api.legal_actions(pos)
    assert {"f5-f6*build:De", "f5-f6*build:Wt", "f5-f6*build:Bk"} <= set(legal)
    ref, _ = api.play(pos, "f5-f6*build:De")
    c = api.apply(pos, "f5-f6*build:De")
    assert ref == c
    assert c["chests"] == {"a6": "tome"} and c["spoils"]["gold"] == 10
    assert c["pieces"]["f6"]["type"] == "De" and c["pieces"]["f6"]["side"] == "G"
    assert api.legal_actions(pos) == legal          # generation put the chest back
