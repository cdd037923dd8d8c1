"""§8 afflictions and timed effects."""
from gauntlet_helpers import army, kings, make, unit
from towers_core.gauntlet import api


def test_burn_and_poison_stack_on_first_tick():
    armies = {"C": army(), "G": army(r={"Kn": "flame"})}
    p = kings({"d4": unit("G", "Kn"), "d5": unit("C", "Bi", max=9, burn=[2], poison=[1, 2, 3])}, c="a7", g="g1")
    new = api.apply(make(p, turn=4, armies=armies), "d4xd5")
    assert new["pieces"]["d5"]["aff"]["burn"] == [4]


def test_shock_blocks_move_and_attack_not_abilities_fine_point_4():
    p = kings({"d4": unit("G", "Ro", shock=2), "d5": unit("C", "Pa")}, c="a7", g="g1")
    armies = {"C": army(), "G": army(r={"Ro": "hide"})}
    acts = [a for a in api.legal_actions(make(p, turn=4, armies=armies)) if a.startswith("d4")]
    assert acts == ["d4*hide", "d4*poison:d5"]


def test_frozen_cannot_activate():
    p = kings({"d4": unit("G", "Pa", freeze=2)}, c="a7", g="g1")
    assert not any(a.startswith("d4") for a in api.legal_actions(make(p, turn=4)))


def test_burn_tick_kill_ends_ticks_fine_point_35():
    p = kings({"d5": unit("C", "Pa", burn=[2], poison=[1])}, c="a7", g="g1")
    _new, ents = api.play(make(p, turn=2), "end")
    assert ents[1]["ev"][:2] == [["tick", "d5", "burn", 2, 0], ["die", "d5", "Pa"]]
    assert not any(e[0] == "tick" and e[2] == "poison" for e in ents[1]["ev"])


def test_timed_effect_replaced_and_kind_order():
    armies = {"C": army(), "G": army(r={"Ma": "hex"})}
    p = kings({"d4": unit("G", "Ma"), "f6": unit("C", "Pa", fx=[{"k": "fortify", "v": None, "until": 5},
                                                               {"k": "hex", "v": "arm", "until": 5}])},
              c="a7", g="g1")
    new = api.apply(make(p, turn=4, armies=armies), "d4*hex:f6,rng")
    assert new["pieces"]["f6"]["fx"] == [{"k": "fortify", "v": None, "until": 5},
                                         {"k": "hex", "v": "rng", "until": 6}]


def test_inspire_and_cure_clear_all_four():
    p = kings({"f2": unit("G", "Pa", burn=[2], poison=[3], shock=1, freeze=1)}, c="a7", g="g1")
    new = api.apply(make(p, turn=4), "g1*inspire:f2")
    assert new["pieces"]["f2"]["aff"] == {"burn": [], "poison": [], "shock": 0, "freeze": 0}
