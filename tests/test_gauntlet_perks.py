"""§2.2 Armory perks and Research numbers (one copy of each table), §2.1 unit table."""
from gauntlet_helpers import army, events, kings, make, struct, unit
from towers_core.gauntlet import api
from towers_core.gauntlet.units import PERKS, RESEARCH, SLOTS, UNITS


def test_tables_match_the_spec():
    assert [(c, u.hp, u.atk, u.arm, u.spd, u.supply) for c, u in UNITS.items()] == [
        ("Ki", 20, 2, 1, 1, 0), ("Pa", 2, 1, 0, 1, 1), ("Kn", 4, 2, 1, 1, 2), ("Ro", 3, 2, 0, 1, 2),
        ("Bi", 3, 1, 0, 1, 3), ("Ma", 3, 3, 0, 1, 3), ("Rk", 5, 2, 1, 2, 4), ("Qu", 7, 3, 0, 3, 5)]
    assert SLOTS == ("Ki", "Pa", "Kn", "Ro", "Bi", "Ma", "Rk", "Qu", "De", "Cp", "Wt", "Bk")
    assert sum(p for _, p in PERKS.values()) == 30 + 10 + 20 * 5 + 30 + 30 * 4
    assert RESEARCH["Rk"] == ("bastion", "gears")


def G(extra, p=(), r=None, units=("Pa", "Kn", "Ro", "Bi", "Ma"), turn=4):
    return make(kings(extra, c="a7", g="g1"), turn=turn, armies={"C": army(), "G": army(units=units, p=p, r=r or {})})


def test_deploy_enters_at_max_hp_with_hp_perks():
    pos = G({}, p=("Pa", "Kn"))
    assert api.apply(pos, "Pa@a1")["pieces"]["a1"]["max"] == 3
    assert api.apply(pos, "Kn@a1")["pieces"]["a1"]["hp"] == 6
    pos = api.new_position(1, {"C": army(), "G": army(p=("Ki",))})
    pos = api.apply(api.apply(pos, "Ki@d7+c7+e7"), "end")
    assert api.apply(pos, "Ki@d1+c1+e1")["pieces"]["d1"]["max"] == 24


def test_hull_and_mirror_add_armor():
    units = ("Pa", "Kn", "Rk", "Bi", "Qu")
    pos = make(kings({"d4": unit("G", "Kn"), "d5": unit("C", "Rk")}, c="a7", g="g1"), turn=4,
               armies={"C": army(units=units, p=("Rk",)), "G": army()})
    assert events(pos, "d4xd5") == [["hit", "d5", 1, 4]]


def test_boots_speed_focus_range_relics_heal():
    pos = G({"d1": unit("G", "Ro")}, p=("Ro",))
    assert "d1-d3" in api.legal_actions(pos)
    pos = G({"a1": unit("G", "Ma"), "e5": unit("C", "Pa")}, p=("Ma",))
    assert "a1xe5" in api.legal_actions(pos)
    pos = G({"a1": unit("G", "Ma"), "e5": unit("C", "Pa")})
    assert "a1xe5" not in api.legal_actions(pos)
    pos = G({"d4": unit("G", "Bi"), "c3": unit("G", "Kn", hp=1)}, p=("Bi",))
    assert events(pos, "d4*heal:c3") == [["heal", "c3", 3, 4]]


def test_farseer_lens_reaches_3():
    pos = G({"d1": struct("G", "Wt"), "d4": unit("C", "Pa")}, p=("Wt",))
    assert "d1xd4" in api.legal_actions(pos)
    pos = G({"d1": struct("G", "Wt"), "d4": unit("C", "Pa")})
    assert "d1xd4" not in api.legal_actions(pos)
