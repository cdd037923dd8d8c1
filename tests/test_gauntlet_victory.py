"""§10 victory: Royal falls, Control Posts, both Royals, results stop everything."""
from gauntlet_helpers import army, kings, make, struct, unit
from towers_core.gauntlet import api


def test_royal_slain_ends_and_stops():
    pos = make({"d7": unit("C", "Ki"), "d1": unit("G", "Ki"), "d6": unit("G", "Kn"), "e6": unit("C", "Pa")}, turn=4)
    pos["pieces"]["d7"]["hp"] = 1
    new, ents = api.play(pos, "d6xd7")
    assert new["result"] == {"winner": "G", "reason": "royal"} and ents[0]["ev"][-1] == ["result", "G", "royal"]
    assert (new["turn"], new["to_move"], new["ap"]) == (4, "G", 2)
    assert api.legal_actions(new) == []


def test_control_post_on_enemy_home_row_wins_first_fine_point_17():
    p = kings({"a7": struct("G", "Cp", site=True, hp=2, done=True)}, c="d7", g="d1")
    p["d1"]["hp"] = 1
    p["d1"]["aff"]["burn"] = [2]
    pos = make(p, turn=3)
    new, ents = api.play(pos, "end")
    assert new["result"] == {"winner": "G", "reason": "control"}
    assert ents[1]["ev"] == [["complete", "a7"], ["result", "G", "control"]]


def test_own_tick_kills_own_royal_fine_point_18():
    p = kings()
    p["d1"]["hp"] = 2
    p["d1"]["aff"]["poison"] = [3]
    new = api.apply(make(p, turn=3), "end")
    assert new["result"] == {"winner": "C", "reason": "royal"}


def test_both_royals_fall_mover_wins_fine_point_18():
    armies = {"C": army(), "G": army(units=("Pa", "Kn", "Ro", "Bi", "Qu"), r={"Qu": "chain"})}
    p = {"d7": unit("C", "Ki", hp=1), "d1": unit("G", "Ki", hp=1), "d2": unit("G", "Qu")}
    new = api.apply(make(p, turn=4, armies=armies), "d2*chain:n")   # hits d3..d7: C King
    assert new["result"]["winner"] == "G"
    p = {"d7": unit("C", "Ki", hp=1), "d3": unit("G", "Ki", hp=1), "d2": unit("G", "Qu")}
    new = api.apply(make(p, turn=4, armies=armies), "d2*chain:n")
    assert new["result"] == {"winner": "G", "reason": "royal"}
