"""docs/rules/castles.md §4: Build."""
import pytest
from castles_helpers import make_pos

from towers_core.castles import api
from towers_core.errors import IllegalAction


@pytest.mark.parametrize("height", [1, 2, 3, 4])
def test_build_puts_one_own_piece_on_a_controlled_tower(height):
    pos = make_pos({"c2": "N" * (height - 1) + "S"})
    after = api.apply(pos, "c2+")
    assert after["board"]["c2"] == pos["board"]["c2"] + "S"


def test_build_on_a_captured_tower_adds_the_movers_piece():
    pos = make_pos({"e5": "NNS"})
    assert api.apply(pos, "e5+")["board"]["e5"] == "NNSS"


@pytest.mark.parametrize("board,action", [
    ({"c2": "SSSSS"}, "c2+"),   # full
    ({"d4": "XS"}, "d4+"),      # castle
    ({}, "c2+"),                # empty square
    ({"c2": "SN"}, "c2+"),      # the opponent's tower
])
def test_build_refused(board, action):
    pos = make_pos(board)
    assert action not in api.legal_actions(pos)
    with pytest.raises(IllegalAction):
        api.apply(pos, action)


def test_build_resets_quiet_and_changes_only_that_square():
    pos = make_pos({"c2": "S", "e5": "NN"}, quiet=17)
    after = api.apply(pos, "c2+")
    assert after["quiet"] == 0
    assert {k: v for k, v in after["board"].items() if k != "c2"} == {
        k: v for k, v in pos["board"].items() if k != "c2"}
