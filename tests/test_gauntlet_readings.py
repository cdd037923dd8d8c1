"""§21 readings not pinned elsewhere (each test names its number)."""
import json

from gauntlet_helpers import army, kings, make, struct, unit
from gauntlet_helpers import foe_pos
from towers_core.gauntlet import api


def test_0_api_shape_and_new_position_gifts_are_callers():
    pos = api.new_position(1, {"C": army(), "G": army()})
    assert pos["supply"]["G"] == 1 and pos["royals"]["G"]["arm"] == 1


def test_5_several_sites_complete_then_result():
    p = kings({"a7": struct("G", "Cp", site=True, hp=2), "c3": struct("G", "Cp", site=True, hp=2)}, c="d7", g="d1")
    _new, ents = api.play(make(p, turn=3), "end")
    assert ents[1]["ev"] == [["complete", "c3"], ["complete", "a7"], ["result", "G", "control"]]


def test_6_victory_after_each_units_ticks():
    p = kings({"a6": unit("C", "Pa", burn=[2])}, c="d7", g="d1")
    p["d7"]["hp"] = 1
    p["d7"]["aff"]["poison"] = [1]
    _new, ents = api.play(make(p, turn=2), "end")
    assert ents[1]["ev"] == [["tick", "a6", "burn", 2, 0], ["die", "a6", "Pa"],
                             ["tick", "d7", "poison", 1, 0], ["die", "d7", "Ki"], ["result", "G", "royal"]]


def test_11_no_reflection_from_area():
    units = ("Pa", "Rk", "Qu", "Bi", "Kn")
    g = army(units=units)
    pos = foe_pos("mirror-queen", {"d5": unit("C", "Qu", royal=True, max=32), "d2": unit("G", "Rk", sieged=True),
                                   "a1": unit("G", "Ki")}, turn=4, garmy=None)
    pos["armies"]["G"]["Rk"] = g["Rk"]
    _new, ents = api.play(pos, "d2xd5")
    assert ents[0]["ev"] == [["hit", "d5", 3, 29]]


def test_13_charge_onto_own_hidden_unit_not_legal():
    armies = {"C": army(), "G": army()}
    p = kings({"c1": unit("G", "Kn"), "d3": unit("G", "Ro", hidden=True)}, c="a7", g="g1")
    pos = make(p, turn=4, armies=armies)
    assert "c1*charge:d3" not in api.legal_actions(pos)


def test_14_inspire_emits_cure_even_with_nothing():
    pos = make(kings({"f2": unit("G", "Pa")}, c="a7", g="g1"), turn=4)
    assert api.play(pos, "g1*inspire:f2")[1][0]["ev"][0] == ["cure", "f2"]


def test_17_second_crown_sets_12_clears_sets_used():
    pos = foe_pos("dead-king", {"d5": unit("C", "Ki", royal=True, max=36, hp=1, burn=[2],
                                           fx=[{"k": "fortify", "v": None, "until": 5}]),
                                "d1": unit("G", "Ki")}, turn=4)
    pos["pieces"]["d5"]["fx"] = []
    pos["pieces"]["d4"] = unit("G", "Pa")
    new = api.apply(pos, "d4xd5")
    k = new["pieces"]["d5"]
    assert k["hp"] == 12 and k["aff"]["burn"] == [] and new["royals"]["C"]["used"]


def test_19_bolts_on_structure_no_aff_event():
    armies = {"C": army(), "G": army(r={"Wt": "bolts"})}
    pos = make(kings({"d2": struct("G", "Wt"), "d4": struct("C", "De")}, c="a7", g="g1"), turn=4, armies=armies)
    assert api.play(pos, "d2xd4")[1][0]["ev"] == [["hit", "d4", 1, 4]]


def test_20_deploy_public_in_full():
    pos = make(kings(), turn=4)
    assert api.log_view(pos, "Kn@a1", "C")[0]["a"] == "Kn@a1"


def test_22_placement_pending_read_literally_for_a_view():
    pos = foe_pos("shadow-princess", {"d6": unit("C", "Ro", royal=True, max=22, hidden=True)}, turn=1)
    v = api.view(pos, "G")
    api.validate(v)


def test_32_shared_position_defaults_to_public():
    pos = api.new_position(1, {"C": army(), "G": army()}, scout="Kn")
    sh = api.shared_position(pos)
    assert sh["armies"]["C"]["Kn"] != "?" and sh["armies"]["C"]["Pa"] == "?" and sh["armies"]["G"]["Ki"] == "?"
    text = api.canonical_json(sh)
    assert " " not in text and json.loads(text) == sh and len(api.position_hash(pos)) == 16


def test_decision_1_deploy_beside_hidden_enemy_reveals_it():
    armies = {"C": army(r={"Ro": "hide"}), "G": army()}
    pos = make(kings({"b2": unit("C", "Ro", hidden=True)}, c="a7", g="g1"), turn=4, armies=armies)
    new, ents = api.play(pos, "Ma@b1")
    assert ents[0]["ev"] == [["reveal", "b2", "Ro"]] and not new["pieces"]["b2"]["hidden"]


def test_10_result_keeps_paid_ap_and_done():
    p = kings({"d6": unit("G", "Kn")}, c="d7", g="a1")
    p["d7"]["hp"] = 1
    new = api.apply(make(p, turn=4, ap=3), "d6xd7")
    assert new["ap"] == 2 and new["pieces"]["d6"]["done"] and new["result"]["winner"] == "G"


def test_16_claim_after_shove():
    from gauntlet_helpers import foe_pos
    pos = foe_pos("steel-prince", {"a7": unit("C", "Kn", royal=True, max=24), "g1": unit("G", "Ki"),
                                   "e4": unit("C", "Kn"), "f6": unit("G", "Pa", max=3)},
                  chests={"g6": "gold", "a6": "tome"})
    new, ents = api.play(pos, "e4*charge:f6")
    assert ents[0]["ev"][-3:] == [["shove", "f6", "g6"], ["claim", "g6", "gold"], ["move", "e4", "f6"]]
    assert new["spoils"]["gold"] == 10


def test_24_unpublished_magnetic_field_reads_not_in_on_the_view_31():
    armies = {"C": army(r={"Bk": "magnetic"}), "G": army()}
    pos = make(kings({"c5": struct("C", "Bk"), "d5": unit("C", "Pa"), "d4": unit("G", "Pa")}, c="a7", g="g1"),
               turn=4, armies=armies, public={"C": ["Ki", "Pa", "De"], "G": list(army())})
    assert "d4xd5" in api.legal_actions(pos)


def test_29_enemy_log_drops_hidden_unit_events():
    armies = {"C": army(), "G": army(r={"Ro": "hide"})}
    pos = make(kings({"c3": unit("G", "Ro", hidden=True)}, c="a7", g="g1"), turn=4, armies=armies)
    assert api.log_view(pos, "c3-c4", "C") == [{"turn": 4, "side": "G", "a": "?", "ev": []}]
    assert api.log_view(pos, "c3-c4", "G")[0]["ev"] == [["move", "c3", "c4"]]
