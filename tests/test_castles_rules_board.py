"""docs/rules/castles.md §1: board, castles, towers, pieces, control."""
from castles_helpers import make_pos

from towers_core import board
from towers_core.castles import api, notation


def test_squares_are_a1_to_g7_and_castles_are_the_five_middles():
    assert len(notation.SQUARES) == 49 and notation.SQUARES[0] == "a1" and notation.SQUARES[-1] == "g7"
    assert notation.CASTLES == ("a4", "d1", "d4", "d7", "g4")


def test_directions_n_is_towards_rank_7_and_e_towards_file_g():
    assert board.step("d4", "n") == "d5" and board.step("d4", "e") == "e4"
    assert board.step("d4", "s") == "d3" and board.step("d4", "w") == "c4"
    assert board.step("a1", "s") is None and board.step("g7", "e") is None


def test_control_is_the_top_piece_and_x_controls_nothing():
    pos = make_pos({"c2": "NS", "e5": "SN", "d4": "X"})
    assert "c2+" in api.legal_actions(pos) and "e5+" not in api.legal_actions(pos)
    pos_n = make_pos({"c2": "NS", "e5": "SN"}, to_move="N")
    assert "e5+" in api.legal_actions(pos_n) and "c2+" not in api.legal_actions(pos_n)
    # a bare castle (top X) belongs to nobody: neither player can act from it
    assert not any(a.startswith("d4") for a in api.legal_actions(pos) + api.legal_actions(pos_n))


def test_no_diagonal_moves_exist():
    pos = make_pos({"c3": "SSS"})
    assert api.legal_actions(pos) == ["c3+", "c3e", "c3n", "c3s", "c3w"]


def test_full_tower_is_height_five_and_cannot_grow():
    pos = make_pos({"b2": "SSSSS"})
    assert "b2+" not in api.legal_actions(pos)
