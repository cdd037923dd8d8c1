"""§5 and §6: moves, attacks, hits, effective values and every unit's abilities."""
from gauntlet_helpers import army, events, kings, make, struct, unit
from towers_core.gauntlet import api


def G(pieces, r=None, p=(), units=("Pa", "Kn", "Ro", "Bi", "Ma"), turn=4, **kw):
    return make(kings(pieces, c="a7", g="g1"), turn=turn,
                armies={"C": army(), "G": army(units=units, r=r or {}, p=p)}, **kw)


def acts(pos, origin):
    return [a for a in api.legal_actions(pos) if a.startswith(origin)]


def test_fine_point_1_ranges_of_bishop_mage_rook_queen():
    units = ("Bi", "Rk", "Qu", "Pa", "Kn")
    pos = G({"d4": unit("G", "Bi"), "d5": unit("C", "Pa"), "e5": unit("C", "Pa")}, units=units)
    assert "d4xe5" in acts(pos, "d4") and "d4xd5" not in acts(pos, "d4")
    pos = G({"d4": unit("G", "Rk"), "d5": unit("C", "Pa"), "e5": unit("C", "Pa")}, units=units)
    assert "d4xd5" in acts(pos, "d4") and "d4xe5" not in acts(pos, "d4")
    pos = G({"d4": unit("G", "Qu"), "d5": unit("C", "Pa"), "e5": unit("C", "Pa")}, units=units)
    assert {"d4xd5", "d4xe5"} <= set(acts(pos, "d4"))


def test_fine_point_2_and_24_pawn_stride():
    pos = G({"c1": unit("G", "Pa")})
    assert "c1-c3" in acts(pos, "c1") and "c1-c4" not in acts(pos, "c1")
    pos = G({"c1": unit("G", "Pa"), "c2": unit("G", "Pa", done=True)})
    assert "c1-c3" not in acts(pos, "c1")
    pos = G({"c1": unit("G", "Pa", hp=2, fx=[{"k": "inspire", "v": None, "until": 4}])}, r={"Pa": "fury"})
    a = acts(pos, "c1")
    assert "c1-c4" in a and "c1!fury-c5" in a and "c1!fury-c6" not in a and "c1-c1" not in a


def test_hit_formula_minimum_1_and_hex_fine_point_9():
    pos = G({"d4": unit("G", "Pa", fx=[{"k": "hex", "v": "dmg", "until": 5}]), "d5": unit("C", "Kn")})
    assert events(pos, "d4xd5") == [["hit", "d5", 1, 3]]


def test_fortify_inspire_effective_values():
    pos = G({"f2": unit("G", "Pa")})
    new, ents = api.play(pos, "g1*inspire:f2")
    assert ents[0]["ev"] == [["cure", "f2"], ["fx", "f2", "inspire"]]
    assert new["pieces"]["f2"]["fx"] == [{"k": "inspire", "v": None, "until": 4}]
    new = api.apply(pos, "g1*fortify")
    assert new["pieces"]["g1"]["fx"] == [{"k": "fortify", "v": None, "until": 5}]


def test_banner_of_war_and_king_touch():
    pos = G({"f2": unit("G", "Pa"), "f3": unit("C", "Kn")}, r={"Ki": "banner"})
    assert events(pos, "f2xf3") == [["hit", "f3", 1, 3]]            # 1 + 1 banner − 1 armor


def test_summons_keeps_done_fine_point_3():
    pos = G({"a1": unit("G", "Kn", done=True)}, r={"Ki": "summons"})
    new = api.apply(pos, "g1*summons:a1>f2")
    assert new["pieces"]["f2"]["done"] is True and "a1" not in new["pieces"]


def test_build_and_repair_and_limits():
    pos = G({"c2": unit("G", "Pa"), "d2": struct("G", "Wt", hp=2)})
    a = acts(pos, "c2")
    assert "c2*build:De" in a and "c2*build:Cp" not in a and "c2*repair:d2" in a
    new, ents = api.play(pos, "c2*build:Bk")
    assert ents[0]["ev"] == [["build", "c2", "Bk"]] and new["pieces"]["c2"]["done"] is True
    new, ents = api.play(pos, "c2*repair:d2")
    assert ents[0]["ev"] == [["heal", "d2", 2, 4]]
    pos = G({"c3": unit("G", "Pa")})
    new = api.apply(pos, "c3*build:Cp")
    assert new["pieces"]["c3"]["site"] and new["pieces"]["c3"]["hp"] == 2


def test_detonate_area_ignores_armor_reading_15():
    pos = G({"d4": unit("G", "Pa"), "d5": unit("C", "Kn"), "c3": unit("G", "Kn"), "e4": struct("C", "De")},
            r={"Pa": "detonate"})
    assert events(pos, "d4*detonate") == [["hit", "c3", 2, 2], ["hit", "d5", 2, 2], ["die", "d4", "Pa"]]


def test_battle_fury_pays_and_boosts():
    pos = G({"d4": unit("G", "Pa"), "d5": unit("C", "Pa")}, r={"Pa": "fury"})
    _new, ents = api.play(pos, "d4!furyxd5")
    assert ents[0]["ev"] == [["pay", "d4", 1, 1], ["fx", "d4", "fury"], ["hit", "d5", 2, 0], ["die", "d5", "Pa"]]
    pos = G({"d4": unit("G", "Pa", hp=1), "d5": unit("C", "Pa")}, r={"Pa": "fury"})
    assert not any("!fury" in a for a in acts(pos, "d4"))


def test_charge_example_of_6():
    pos = G({"c1": unit("G", "Kn"), "d3": unit("C", "Pa", max=3)})
    new, ents = api.play(pos, "c1*charge:d3")
    assert ents[0]["ev"] == [["hit", "d3", 2, 1], ["shove", "d3", "e3"], ["move", "c1", "d3"]]
    pos = G({"c1": unit("G", "Kn"), "d3": unit("C", "Pa", max=3), "e3": struct("C", "De")})
    new = api.apply(pos, "c1*charge:d3")
    assert new["pieces"]["d4"]["type"] == "Pa" and new["pieces"]["d3"]["type"] == "Kn"


def test_charge_routes_fine_points_5_6_7():
    pos = G({"c1": unit("G", "Kn"), "c2": unit("G", "Pa"), "d2": unit("G", "Pa")})
    assert "c1*charge:d3" not in acts(pos, "c1")
    pos = G({"c1": unit("G", "Kn"), "d3": struct("C", "De"), "d4": unit("C", "Pa")})
    new = api.apply(pos, "c1*charge:d3")
    assert "c1" in new["pieces"] and new["pieces"]["d3"]["hp"] == 3
    pos = G({"c1": unit("G", "Kn"), "d3": unit("G", "Pa", max=3)})
    new = api.apply(pos, "c1*charge:d3")
    assert new["pieces"]["e3"]["side"] == "G" and new["pieces"]["d3"]["type"] == "Kn"
    pos = G({"c1": unit("G", "Kn"), "d3": unit("C", "Pa")})
    new = api.apply(pos, "c1*charge:d3")                 # the strike kills: the Knight lands
    assert new["pieces"]["d3"]["type"] == "Kn"


def test_extra_attack_and_flame_blade_fine_point_8():
    pos = G({"d4": unit("G", "Kn"), "d5": unit("C", "Bi", max=6)}, r={"Kn": "extra"})
    a = acts(pos, "d4")
    assert {"d4xd5", "d4xd5xd5"} <= set(a)
    pos = G({"d4": unit("G", "Kn"), "d5": unit("C", "Pa"), "e5": unit("C", "Pa")}, r={"Kn": "extra"})
    a = acts(pos, "d4")
    assert "d4xd5xe5" in a and "d4xd5xd5" not in a
    pos = G({"d4": unit("G", "Kn"), "d5": unit("C", "Bi", max=9)}, r={"Kn": "flame"})
    assert api.apply(pos, "d4xd5")["pieces"]["d5"]["aff"]["burn"] == [2, 2]


def test_rogue_poison_hide_step():
    pos = G({"d4": unit("G", "Ro"), "d5": unit("C", "Kn")}, r={"Ro": "step"})
    a = acts(pos, "d4")
    assert "d4*poison:d5" in a and "d4*hide" not in a and "d4*step:e6,d5" in a
    _new, ents = api.play(pos, "d4*step:e6,d5")
    assert ents[0]["ev"] == [["move", "d4", "e6"], ["hit", "d5", 1, 3]]
    assert api.apply(pos, "d4*poison:d5")["pieces"]["d5"]["aff"]["poison"] == [1, 2, 3]


def test_rogue_lanes_only_with_bonus():
    pos = G({"d2": unit("G", "Ro"), "d4": unit("C", "Pa")})
    assert "d2xd4" not in acts(pos, "d2")
    pos = G({"d2": unit("G", "Ro"), "e1": struct("G", "Wt"), "d4": unit("C", "Pa")})
    assert "d2xd4" in acts(pos, "d2")


def test_bishop_heal_cure_reach_panacea():
    pos = G({"d4": unit("G", "Bi"), "c3": unit("G", "Pa", max=3, hp=1, burn=[2]),
             "e3": unit("G", "Pa"), "f6": unit("G", "Kn", hp=1)},
            r={"Bi": "reach"})
    a = acts(pos, "d4")
    assert "d4*heal:f6" in a and "d4*cure:c3" in a and "d4*cure:c3,e3" not in a
    new, ents = api.play(pos, "d4*heal:c3")
    assert ents[0]["ev"] == [["heal", "c3", 2, 3]]
    new, ents = api.play(pos, "d4*cure:c3")
    assert ents[0]["ev"] == [["cure", "c3"]] and new["pieces"]["c3"]["aff"]["burn"] == []
    pos = G({"d4": unit("G", "Bi"), "c3": unit("G", "Pa"), "e3": unit("G", "Pa")}, r={"Bi": "panacea"})
    assert "d4*cure:c3,e3" in acts(pos, "d4")


def test_mage_zap_empower_hex():
    pos = G({"d4": unit("G", "Ma"), "f6": unit("C", "Kn"), "c3": unit("G", "Pa")}, r={"Ma": "empower"})
    a = acts(pos, "d4")
    assert "d4*zap:f6" in a and "d4*empower:c3,rng" in a
    assert api.apply(pos, "d4*zap:f6")["pieces"]["f6"]["aff"]["shock"] == 1
    new = api.apply(pos, "d4*empower:c3,dmg")
    assert new["pieces"]["c3"]["fx"] == [{"k": "empower", "v": "dmg", "until": 6}]


def test_rook_siege_shell_and_unsiege():
    units = ("Pa", "Rk", "Qu", "Bi", "Kn")
    pos = G({"d2": unit("G", "Rk")}, units=units)
    assert "d2*siege" in acts(pos, "d2") and "d2-d4*siege" in acts(pos, "d2")
    pos = G({"d2": unit("G", "Rk", sieged=True), "d5": unit("C", "Kn"), "d6": unit("G", "Pa"), "c5": struct("C", "De")},
            units=units)
    a = acts(pos, "d2")
    assert "d2*unsiege" in a and "d2xd4" in a and "d2xd7" in a and "d2xd3" not in a and not any("-" in x for x in a)
    _new, ents = api.play(pos, "d2xd5")
    assert ents[0]["ev"] == [["hit", "c5", 2, 3], ["hit", "d5", 3, 1], ["hit", "d6", 2, 0], ["die", "d6", "Pa"]]


def test_gears_toggles_fine_point_26():
    units = ("Pa", "Rk", "Qu", "Bi", "Kn")
    pos = G({"c3": unit("G", "Rk")}, units=units, r={"Rk": "gears"})
    a = acts(pos, "c3")
    assert "c3!siege" in a and "c3*siege" not in a and "c3-c4!siegexc7" in a


def test_queen_freeze_invis_chain_fireball():
    units = ("Pa", "Rk", "Qu", "Bi", "Kn")
    pos = G({"d4": unit("G", "Qu"), "d5": unit("C", "Kn"), "f6": unit("C", "Pa")}, units=units, r={"Qu": "fireball"})
    a = acts(pos, "d4")
    assert "d4*freeze:d5" in a and "d4*invis" in a and "d4*fireball:e5" not in a
    assert "d4*fireball:f6" in a and "d4*fireball:d6" not in a
    _, ents = api.play(pos, "d4*freeze:d5")
    assert ents[0]["ev"] == [["hit", "d5", 2, 2], ["aff", "d5", "freeze"]]
    pos = G({"d4": unit("G", "Qu"), "d5": unit("C", "Kn"), "d7": unit("G", "Pa")}, units=units, r={"Qu": "chain"})
    _new, ents = api.play(pos, "d4*chain:n")
    assert ents[0]["ev"] == [["hit", "d5", 2, 2], ["hit", "d7", 3, 0], ["die", "d7", "Pa"], ["aff", "d5", "shock"]]
