"""§1 board and sides, §3 geometry: tiles, Touch = 8 neighbours, lines, Knight offsets, moves."""
from gauntlet_helpers import kings, make, struct, unit
from towers_core.gauntlet import api
from towers_core.gauntlet.board import KNIGHT, NEIGHBOURS, TILES, dist, home_rank


def test_tile_order_and_home_rows():
    assert TILES[:8] == ("a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2") and TILES[-1] == "g7"
    assert home_rank("G") == 0 and home_rank("C") == 6


def test_touch_is_eight_neighbours_and_chebyshev():
    assert len(NEIGHBOURS["d4"]) == 8 and len(NEIGHBOURS["a1"]) == 3
    assert dist("a1", "c2") == 2 and len(KNIGHT) == 8


def test_moves_pass_diagonally_between_occupied_tiles():
    p = kings({"d4": unit("G", "Pa"), "d5": unit("G", "Pa", done=True), "e4": unit("G", "Pa", done=True)},
              c="a7", g="g1")
    assert "d4-e5" in api.legal_actions(make(p, turn=4))


def test_move_speed_counts_steps_around_blockers():
    p = kings({"d2": unit("G", "Rk"), "d3": struct("G", "De")}, c="a7", g="g1")
    from gauntlet_helpers import army
    armies = {"C": army(), "G": army(units=("Pa", "Kn", "Ro", "Bi", "Rk"))}
    acts = api.legal_actions(make(p, turn=4, armies=armies))
    assert "d2-d4" in acts and "d2-d5" not in acts and "d2-d2" not in acts


def test_control_tiles_files_b_to_f_example():
    pos = api.new_position(0, {"C": _army(), "G": _army()})
    x3, y4, x5 = pos["control_tiles"]
    assert x3[0] == x5[0] and x3[1] == "3" and y4[1] == "4" and x5[1] == "5"
    assert all(t[0] in "bcdef" for t in pos["control_tiles"])


def _army():
    from gauntlet_helpers import army
    return army()
