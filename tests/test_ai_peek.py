"""The AI plays from its own view only (RULES §9): hidden identities never change its move."""
import pytest

from towers_core.skirmish import api
from towers_core.errors import BadPosition

from helpers import make_pos

SOUTH = {"c2": "S:Kn^", "d2": "S:Sp", "b2": "S:Ar"}
S_BARRACK = ["Sq", "Sc"]
# Two truths South cannot tell apart: same face-down squares, same barrack size, both within
# North's budget, and the King never face-down on high ground.
NORTH_A = {"c3": "N:Kn", "e5": "N:Sp", "d6": "N:K", "a4": "N:Cl^"}
NORTH_B = {"c3": "N:Sp", "e5": "N:Kn", "d6": "N:Ar", "a4": "N:Cl^"}


def _pair():
    a = make_pos({**SOUTH, **NORTH_A}, barrack={"S": S_BARRACK, "N": ["Sh", "Ar"]})
    b = make_pos({**SOUTH, **NORTH_B}, barrack={"S": S_BARRACK, "N": ["Sh"]})
    return a, b


def test_the_two_positions_look_the_same_to_south():
    a, b = _pair()
    assert a != b
    assert api.view(a, "S") == api.view(b, "S")


@pytest.mark.parametrize("level", ["depth:2,worlds:4", "nodes:20000,worlds:3", "easy", "normal"])
@pytest.mark.parametrize("seed", [1, 2])
def test_same_view_same_move(level, seed):
    a, b = _pair()
    move_a = api.choose_action(api.view(a, "S"), [], level, seed)
    move_b = api.choose_action(api.view(b, "S"), [], level, seed)
    assert move_a == move_b
    assert move_a in api.legal_actions(a) and move_a in api.legal_actions(b)


def test_a_full_position_with_the_mover_hidden_is_refused():
    a, _ = _pair()
    north_view_as_south = dict(api.view(a, "N"), to_move="S")
    with pytest.raises(BadPosition):
        api.choose_action(north_view_as_south, [], "depth:1", 1)


def test_same_inputs_same_move_every_time():
    a, _ = _pair()
    v = api.view(a, "S")
    assert len({api.choose_action(v, [], "normal", 9) for _ in range(3)}) == 1
