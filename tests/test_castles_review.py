"""The core's review of a Castles position: Light's lead in castles, clamped, and the move the
computer would play; the same answer every time (a node budget, no clock)."""
from __future__ import annotations

import pytest

from towers_core.castles import api
from towers_core.castles.ai.review import CEILING, assess
from towers_core.errors import BadLevel, BadPosition


def test_the_start_is_about_even_and_names_a_legal_move():
    start = api.new_position()
    answer = assess(start)
    assert abs(answer["value"]) < 1 and answer["best"] in api.legal_actions(start)
    assert assess(start) == answer


def test_a_finished_game_is_worth_the_ceiling_to_the_winner():
    over = api.apply(api.new_position(), "resign")  # Light resigns: Dark wins
    assert assess(over) == {"value": -CEILING, "best": None}


def test_the_value_is_lights_whoever_is_to_move():
    pos = api.apply(api.new_position(), "c3n")
    assert pos["to_move"] == "N" and -CEILING <= assess(pos)["value"] <= CEILING
    assert assess(pos)["best"] in api.legal_actions(pos)


@pytest.mark.parametrize("bad, error", [({"board": 1}, BadPosition), (None, BadPosition)])
def test_bad_positions_are_refused(bad, error):
    with pytest.raises(error):
        assess(bad)


def test_a_bad_node_count_is_refused_by_name():
    with pytest.raises(BadLevel, match="nodes"):
        assess(api.new_position(), nodes=0)
