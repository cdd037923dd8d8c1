"""§19 fine points not pinned elsewhere (each test names its number)."""
from gauntlet_helpers import army, events, kings, make, struct, unit
from gauntlet_helpers import banner, foe_pos
from towers_core.gauntlet import api

ALL = ("Pa", "Kn", "Ro", "Bi", "Ma", "Rk", "Qu")


def G(extra, r=None, p=(), units=("Pa", "Kn", "Ro", "Bi", "Ma"), turn=4, c="a7", g="g1", **kw):
    return make(kings(extra, c=c, g=g), turn=turn, armies={"C": army(), "G": army(units=units, r=r or {}, p=p)}, **kw)


def test_5_charge_through_hidden_enemy_is_refused():
    pos = G({"c1": unit("G", "Kn"), "c2": unit("G", "Pa"), "d2": unit("C", "Ro", hidden=True)})
    assert "c1*charge:d3" in api.legal_actions(pos)
    new, ents = api.play(pos, "c1*charge:d3")
    assert new == pos and ents[0]["refused"] == "unseen"


def test_8_steel_prince_two_flame_blows_burn_4_2():
    pos = foe_pos("steel-prince", {"d5": unit("C", "Kn", royal=True, max=24), "d4": unit("G", "Bi", max=9),
                                   "d1": unit("G", "Ki")})
    new = api.apply(pos, "d5xd4xd4")
    assert new["pieces"]["d4"]["aff"]["burn"] == [4, 2]


def test_10_range_auras_stack_by_source():
    units = ("Pa", "Kn", "Ro", "Bi", "Qu")
    pos = G({"a1": struct("G", "Wt"), "c1": struct("G", "Wt"), "b2": unit("G", "Bi"), "g7": unit("C", "Pa")},
            units=units, c="a6")
    assert "b2xg7" in api.legal_actions(pos)            # 3 + 2 = 5 reaches; g7 is 5 away
    pos = G({"a1": struct("G", "Wt"), "b2": unit("G", "Ma", fx=[{"k": "empower", "v": "rng", "until": 5}]),
             "g7": unit("C", "Pa")}, c="a6")
    assert "b2xg7" in api.legal_actions(pos)
    pos = G({"b2": unit("G", "Ma"), "g7": unit("C", "Pa")}, c="a6")
    assert "b2xg7" not in api.legal_actions(pos)


def test_12_fireball_centre_may_hold_piece_line_clear():
    units = ("Pa", "Kn", "Ro", "Bi", "Qu")
    pos = G({"d2": unit("G", "Qu"), "d3": unit("G", "Pa"), "f4": unit("C", "Pa")}, units=units, r={"Qu": "fireball"})
    acts = api.legal_actions(pos)
    assert "d2*fireball:f4" in acts and "d2*fireball:d4" not in acts and "d2*fireball:e3" not in acts


def test_22_second_crown_fires_once():
    pos = foe_pos("dead-king", {"d5": unit("C", "Ki", royal=True, max=36, hp=1), "d4": unit("G", "Kn"),
                              "d1": unit("G", "Ki")}, turn=4)
    pos["royals"]["C"]["used"] = True
    new = api.apply(pos, "d4xd5")
    assert new["result"] == {"winner": "G", "reason": "royal"}


def test_25_placement_depots_avoid_chests():
    pos = api.new_position(1, {"C": api.foe_army(1, "pawnlord"), "G": banner()}, mode="gauntlet", foe="pawnlord")
    pos["chests"] = {"a6": "gold", "b6": "tome"}
    assert not any(a.startswith("Pa@a7") for a in api.legal_actions(pos))
    assert "Pa@b7+a7+c7" in api.legal_actions(pos)


def test_26_royal_rook_crawls_sieged():
    pos = foe_pos("iron-castellan", {"c3": unit("C", "Rk", royal=True, max=26, sieged=True), "d1": unit("G", "Ki"),
                                     "c7": unit("G", "Pa")})
    acts = [a for a in api.legal_actions(pos) if a.startswith("c3")]
    assert "c3-c4xc7" in acts and "c3!unsiege-c5xc7" in acts and "c3*siege" not in acts
    assert not any(a.startswith("c3-c4!unsiege") for a in acts)


def test_27_fireball_reads_armor_before_blast():
    units = ("Pa", "Kn", "Ro", "Bi", "Qu")
    pos = G({"d2": unit("G", "Qu"), "d4": struct("C", "Bk", hp=1), "e4": unit("C", "Kn")}, units=units,
            r={"Qu": "fireball"})
    ev = events(pos, "d2*fireball:d4")
    assert ev[:3] == [["hit", "d4", 3, 0], ["die", "d4", "Bk"], ["hit", "e4", 1, 3]]


def test_32_heal_at_full_hp_legal_and_no_event():
    pos = G({"d4": unit("G", "Bi"), "c3": unit("G", "Pa")})
    new, ents = api.play(pos, "d4*heal:c3")
    assert ents[0]["ev"] == [] and new["ap"] == 2


def test_34_summons_onto_chest_claims():
    a = banner(Ki="summons")
    pos = foe_pos("pawnlord", {"a7": unit("C", "Pa", royal=True, max=20), "e5": unit("G", "Ki"),
                               "a1": unit("G", "Pa")}, turn=4, garmy=a, chests={"e6": "tome", "g6": "gold"})
    new, ents = api.play(pos, "e5*summons:a1>e6")
    assert ents[0]["ev"] == [["move", "a1", "e6"], ["claim", "e6", "tome"]]
    assert new["spoils"]["tomes"] == 1


def test_37_chain_from_rank_7():
    units = ("Pa", "Kn", "Ro", "Bi", "Qu")
    pos = G({"d7": unit("G", "Qu")}, units=units, r={"Qu": "chain"})
    acts = [a for a in api.legal_actions(pos) if a.startswith("d7*chain")]
    assert acts == ["d7*chain:e", "d7*chain:s", "d7*chain:se", "d7*chain:sw", "d7*chain:w"]


def test_38_hide_within_gaze_is_revealed_at_once():
    armies = {"C": army(r={"Ro": "hide"}), "G": army()}
    pos = make(kings({"d4": unit("C", "Ro"), "d2": struct("G", "Wt")}, c="a7", g="g1"), armies=armies)
    new, ents = api.play(pos, "d4*hide")
    assert ents[0]["ev"] == [["hide", "d4"], ["reveal", "d4", "Ro"]] and new["ap"] == 2
    assert not new["pieces"]["d4"]["hidden"]


def test_3_deployed_unit_may_be_inspired_and_summoned():
    pos = G({"f1": unit("G", "Pa", done=True)}, r={"Ki": "summons"})
    acts = api.legal_actions(pos)
    assert "g1*inspire:f1" in acts and "g1*summons:f1>f2" in acts


def test_11_shell_on_empty_tile_hits_own_pieces():
    units = ("Pa", "Kn", "Rk", "Bi", "Qu")
    pos = G({"d2": unit("G", "Rk", sieged=True), "c5": unit("G", "Pa"), "e5": struct("G", "De")}, units=units)
    acts = api.legal_actions(pos)
    assert "d2xd5" in acts and "d2xd7" in acts
    ev = api.play(pos, "d2xd5")[1][0]["ev"]
    assert ev == [["hit", "c5", 2, 0], ["die", "c5", "Pa"], ["hit", "e5", 2, 3]]


def test_14_site_destroyed_vanishes_and_structures_never_tick():
    pos = G({"c4": unit("G", "Pa"), "c5": struct("C", "Cp", site=True, hp=1)})
    new, ents = api.play(pos, "c4xc5")
    assert ents[0]["ev"] == [["hit", "c5", 1, 0], ["die", "c5", "Cp"]] and "c5" not in new["pieces"]


def test_20_foe_unit_on_chest_blocks_and_never_claims():
    pos = foe_pos("pawnlord", {"a7": unit("C", "Pa", royal=True, max=20), "c5": unit("C", "Pa"),
                               "d1": unit("G", "Ki")}, chests={"c6": "gold", "f6": "tome"})
    new = api.apply(pos, "c5-c6")
    assert new["chests"] == {"c6": "gold", "f6": "tome"} and new["spoils"]["gold"] == 0
