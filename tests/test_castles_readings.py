"""api.readings: who holds each castle and which are crowned, clause by clause of docs/rules/castles.md §6
(and §2, fine points 4 and 5); the app's HUD, board rings and hover text read only this."""
import pytest
from castles_helpers import make_pos, random_game

from towers_core.castles import api
from towers_core.castles.notation import CASTLES
from towers_core.errors import BadPosition

NOBODY = dict.fromkeys(CASTLES)


def test_at_the_start_every_castle_is_neutral_section_2():
    r = api.readings(api.new_position())
    assert r == {"holders": NOBODY, "crowned": [], "castles": {"S": 0, "N": 0}, "crowns": {"S": 0, "N": 0}}


def test_a_castle_is_held_by_the_side_on_top_of_its_tower_section_6():
    r = api.readings(make_pos({"d4": "XS", "a4": "XSN", "g4": "XNNS"}))
    assert r["holders"] == {**NOBODY, "d4": "S", "a4": "N", "g4": "S"}
    assert r["castles"] == {"S": 2, "N": 1} and r["crowned"] == []


def test_a_tower_off_the_castles_holds_nothing():
    r = api.readings(make_pos({"d3": "SSS", "c2": "NN"}))
    assert r["holders"] == NOBODY and r["castles"] == {"S": 0, "N": 0}


def test_a_full_castle_with_a_side_on_top_is_crowned_and_still_counts_as_held_section_6():
    r = api.readings(make_pos({"d4": "XSSNS", "d7": "XSNN"}))
    assert r["crowned"] == ["d4"]
    assert r["holders"]["d4"] == "S" and r["holders"]["d7"] == "N"
    assert r["castles"] == {"S": 1, "N": 1} and r["crowns"] == {"S": 1, "N": 0}


def test_a_crown_belongs_to_whoever_is_on_top_even_the_side_that_did_not_move_fine_point_5():
    pos = make_pos({"d5": "NNNNN", "d4": "XSSS"}, to_move="N")
    r = api.readings(api.apply(pos, "d5s"))
    assert r["crowned"] == ["d4"] and r["holders"]["d4"] == "N" and r["crowns"] == {"S": 0, "N": 1}


def test_a_full_tower_off_a_castle_is_not_crowned_fine_point_4():
    r = api.readings(make_pos({"d3": "SSSSS", "c5": "NNNNN"}))
    assert r["crowned"] == [] and r["crowns"] == {"S": 0, "N": 0}


def test_a_castle_short_of_full_is_not_crowned():
    assert api.readings(make_pos({"a4": "XSSS"}))["crowned"] == []


def test_four_castles_held_is_the_win_of_section_6_1():
    after = api.apply(make_pos({"a4": "XS", "d1": "XS", "d4": "XS", "c7": "SS", "f6": "NN"}), "c7e")
    assert after["result"] == {"winner": "S", "reason": "castles"}
    assert api.readings(after)["castles"] == {"S": 4, "N": 0}


@pytest.mark.parametrize("seed", range(6))
def test_over_random_games_a_game_won_by_castles_or_crowns_shows_it_in_the_readings(seed):
    for pos in random_game(seed):
        r = api.readings(pos)
        assert sum(r["castles"].values()) == sum(h is not None for h in r["holders"].values())
        assert all(r["holders"][c] is not None for c in r["crowned"])
        result = pos["result"]
        if result and result["reason"] == "castles":
            assert r["castles"][result["winner"]] >= 4
        if result and result["reason"] == "crowns":
            assert r["crowns"][result["winner"]] >= 3


def test_a_bad_position_is_refused_naming_the_field():
    with pytest.raises(BadPosition, match="board"):
        api.readings(make_pos({"d4": "SX"}))
    with pytest.raises(BadPosition, match="JSON object"):
        api.readings(["board"])
