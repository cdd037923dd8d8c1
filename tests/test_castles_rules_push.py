"""docs/rules/castles.md §5: Push — how far, what travels, captures, height never over 5; the spec's examples."""
import pytest
from castles_helpers import make_pos

from towers_core.castles import api
from towers_core.errors import IllegalAction


def board_after(board: dict, action: str, to_move: str = "S") -> dict:
    return api.apply(make_pos(board, to_move), action)["board"]


def test_example_sss_over_two_empty_squares():
    b = board_after({"c2": "SSS"}, "c2e")
    assert (b["c2"], b["d2"], b["e2"]) == ("S", "S", "S")


def test_example_nns_over_a_lower_tower_and_an_empty_square():
    b = board_after({"c2": "NNS", "d2": "NN"}, "c2e")
    assert (b["c2"], b["d2"], b["e2"]) == ("N", "NNN", "S")


def test_example_ss_onto_the_centre_castle():
    b = board_after({"d3": "SS"}, "d3n")
    assert b["d4"] == "XS" and b["d3"] == "S"


def test_example_full_tower_pushed_onto_a_castle_by_the_edge():
    b = board_after({"d2": "SSSSS"}, "d2s")
    assert b["d1"] == "XS" and b["d2"] == "SSSS"


def test_push_stops_at_h_minus_1_squares():
    b = board_after({"a1": "SSSSS"}, "a1e")
    assert b["a1"] == "S" and (b["b1"], b["c1"], b["e1"]) == ("S", "S", "S")
    assert b["d1"] == "XS" and "f1" not in b


def test_push_stops_before_a_tower_at_least_as_tall():
    b = board_after({"a2": "SSSS", "c2": "NNNN"}, "a2e")
    assert b["a2"] == "SSS" and b["b2"] == "S" and b["c2"] == "NNNN"


def test_push_stops_at_the_edge():
    b = board_after({"f2": "SSSS"}, "f2e")
    assert b["f2"] == "SSS" and b["g2"] == "S"


@pytest.mark.parametrize("board,action", [
    ({"c2": "S"}, "c2e"),                  # height 1 cannot push
    ({"g2": "SSS"}, "g2e"),                # the edge right away
    ({"c2": "SS", "d2": "NN"}, "c2e"),     # next tower as tall
    ({"c2": "SS", "d2": "NNNNN"}, "c2e"),  # a full tower always stops
    ({"d4": "XSNSS"}, "d4n"),              # a crowned castle cannot be pushed
])
def test_illegal_pushes(board, action):
    pos = make_pos(board)
    assert action not in api.legal_actions(pos)
    with pytest.raises(IllegalAction):
        api.apply(pos, action)


def test_lowest_travelling_piece_lands_first_and_order_is_kept():
    b = board_after({"a3": "NNSNS"}, "a3e")  # k = 4: pieces N S N S (indices 1-4) travel
    assert b["a3"] == "N"
    assert (b["b3"], b["c3"], b["d3"], b["e3"]) == ("N", "S", "N", "S")


def test_travelling_opponent_piece_hands_that_square_over():
    b = board_after({"c2": "NNS", "d2": "S"}, "c2e")
    assert b["d2"] == "SN" and b["e2"] == "S"  # d2 is now N's


def test_landing_on_the_opponent_captures():
    b = board_after({"b5": "SSSS", "c5": "NNN"}, "b5e")
    assert b["c5"] == "NNNS"


def test_heights_never_exceed_five():
    b = board_after({"a1": "SSSSS", "b1": "NNNN", "c1": "NNNN"}, "a1e")
    assert b["b1"] == "NNNNS" and b["c1"] == "NNNNS" and b["d1"] == "XS"


def test_x_never_moves_a_castle_keeps_its_x_at_the_bottom():
    b = board_after({"d4": "XSS"}, "d4e")
    assert b["d4"] == "X" and b["e4"] == "S" and b["f4"] == "S"
    b = board_after({"d4": "XSSS"}, "d4e")
    assert b["d4"] == "X" and (b["e4"], b["f4"], b["g4"]) == ("S", "S", "XS")


def test_push_counts_quiet_up():
    pos = make_pos({"c2": "SS"}, quiet=5)
    assert api.apply(pos, "c2e")["quiet"] == 6
